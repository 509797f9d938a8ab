"""The one game (:class:`~.session.Session`): the match, its seats and bots, who may see which
hand; the bots' turns (the driver and its worker thread)."""
