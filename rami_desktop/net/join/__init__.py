"""A joiner's game: asking a table what it is and taking a seat, the remote session (the table
at the host, shown and played here), a table made on a family server, one profile one seat, and
the network face of a table (:mod:`.net_game`) that the screens show."""
