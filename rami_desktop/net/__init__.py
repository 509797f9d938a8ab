"""Network play: a table hosted on one computer and joined from others (WebSocket on asyncio,
tables found on the local network with zeroconf). It imports the layers below it (the session
layer, the bots, the engine, storage, i18n), never the UI."""
