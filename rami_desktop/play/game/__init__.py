"""What a game is made of: its seats and rules (:class:`~.config.GameConfig`), the people at
them, each seat's hand order, and the match's secret key."""
