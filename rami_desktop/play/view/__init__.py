"""What one seat may know at one moment (:class:`~.seat_view.SeatView`), the round's story as one
viewer may be told it, what a screen shows of it, and the rules' terms the screens use: the only
way a game reaches a screen."""
