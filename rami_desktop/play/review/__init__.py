"""A round afterwards: what cost the players (the round's and the match's review) and the round
played again (:class:`~.replay.Replay`)."""
