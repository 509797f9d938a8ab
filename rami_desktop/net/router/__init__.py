"""The home router: a door for a table far away (a port mapped by UPnP IGD or NAT-PMP, with a
lease), and what the router's outside address lets the others do. Its face is :mod:`.door`."""
