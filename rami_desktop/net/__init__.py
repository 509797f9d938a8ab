"""Network play: a table hosted on one computer and joined from others (WebSocket on asyncio,
tables found on the local network with zeroconf). It imports the layers below it (the session
layer, the bots, the engine, storage, i18n), never the UI.

Its rooms, lowest first (docs/dev/architecture.md): :mod:`.trust` (TLS: who the host is),
:mod:`.router` (a door in the home router), :mod:`.wire` (the messages and their bytes),
:mod:`.transport` (sockets: the host's listening side, the joiner's link), :mod:`.discovery`
(tables on the local network), :mod:`.join` (a joiner's game), :mod:`.host` (a hosted
table's game), :mod:`.hall` (many tables in one headless host)."""
