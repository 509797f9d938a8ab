"""What a table screen shows: one seat's view, and the round and match a screen reads built from
it alone.

A local :class:`~rami_desktop.play.session.session.Session` and a joiner's remote session both give
their screens a :class:`Shown` made by :func:`shown_of` from a
:class:`~rami_desktop.play.view.seat_view.SeatView`: on a shared screen, the view of the seat whose
owner is at the screen, or nobody's; at a joiner's, its own seat's, as the host sent it. The
round is rebuilt from the view (:func:`~rami_desktop.play.view.mirror.mirror_round`): the hands the
viewer cannot see are filled with cards it does not know, so a screen cannot show a hidden card,
and only the viewer's own hand (:meth:`Shown.hand`) is ever drawn face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami_desktop.engine.cards import Card
from rami_desktop.engine.state import RoundState
from rami_desktop.play.view.mirror import MirrorMatch, mirror_round
from rami_desktop.play.view.seat_view import SeatView

#: the round as a screen holds it (rebuilt from the viewer's view: every other hand unknown)
ShownRound = RoundState


@dataclass(frozen=True)
class Shown:
    """What one screen shows now (see the module's text).

    Attributes:
        view: the viewer's view.
        viewer: the seat whose hand may be face up (None: nobody's).
        round: the round as the viewer holds it (every other hand face down).
        match: the match's public record and that round.
    """

    view: SeatView
    viewer: int | None
    round: RoundState
    match: MirrorMatch

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The viewer's own cards (nobody else's: an empty hand for any other seat), or every
        hand once the round is over (its summary shows them all)."""
        player = self.match.player_of(seat)
        if player is None or (seat != self.viewer and self.view.reveal is None):
            return ()
        return tuple(self.round.hands[player])

    def hand_size(self, seat: int) -> int:
        """How many cards a seat holds (0: out of the match)."""
        player = self.match.player_of(seat)
        return 0 if player is None else self.view.observation.hand_sizes[player]


def shown_of(view: SeatView, viewer: int | None, players: int) -> Shown:
    """What a screen shows of ``view``, the view of seat ``viewer`` (None: nobody's) in a match
    of ``players`` seats."""
    state = mirror_round(view)
    return Shown(view, viewer, state, MirrorMatch(view.observation.rules, players, view.match,
                                                  state))


__all__ = ["Shown", "ShownRound", "shown_of"]
