"""The one game: the match, its seats, seed and bots, how it is kept and resumed, its statistics,
the review of a finished round and its replay (:class:`~.session.Session`)."""
