"""Sockets: the host's listening side (a WebSocket server on its own asyncio thread, its limits
and guards, the doorstep where a connection waits for its first word) and the joiner's link to a
host; addresses typed by a person checked before any socket sees them."""
