"""What one seat may know at one moment (:class:`~.seat_view.SeatView`), the round's story as one
viewer may be told it, and what a screen shows of it: the only way a game reaches a screen."""
