"""The opening counter's words: the engine's :class:`OpeningStatus` of the player to play, said
as it is (nothing here counts points or decides whether the opening is made)."""

from __future__ import annotations

from dataclasses import dataclass

from rami_desktop.i18n import _, ngettext, pgettext
from rami_desktop.play.view.terms import OpeningStatus


@dataclass(frozen=True)
class CounterView:
    """What the counter above the hand shows.

    Attributes:
        text: the main line ("Opening 75 / 71", or what the preset asks instead).
        note: a smaller clause (what going out needs), or "".
        reached: the engine says discarding now makes the opening (or goes out).
        ticks: (label, done) of each required clean combination, in order.
        selected: the selected cards are counted in (said by :meth:`selection`).
    """

    text: str
    note: str
    reached: bool
    ticks: tuple[tuple[str, bool], ...]
    selected: bool = False

    def selection(self, short: bool = False) -> str:
        """The clause saying the selected cards are counted ("" if they are not); ``short``:
        the mark kept where the whole clause does not fit."""
        if not self.selected:
            return ""
        return pgettext("counter", "+ selected") if short else _("with the selected cards")


def counter_view(status: OpeningStatus, hand_size: int, selection: bool = False
                 ) -> CounterView | None:
    """The counter for an opening being staged; None when there is none to count (the player
    is down or has staged nothing). Where cards are laid only to go out (Simple) it counts the
    cards still to lay (``hand_size`` less the last discard) and ticks the franche tria and
    série going out needs. ``selection``: the selected cards are counted in, as if laid (the
    note says so)."""
    if status.down or not status.staged:
        return None
    view = _counter_view(status, hand_size)
    return CounterView(view.text, view.note, view.reached, view.ticks, selection)


def _counter_view(status: OpeningStatus, hand_size: int) -> CounterView:
    reached = status.opens
    if status.lay_only_to_go_out:
        left = max(0, hand_size - 1)
        text = (ngettext("{count} card left to lay", "{count} cards left to lay", left).format(
            count=left) if left else _("Every card laid: discard the last one"))
        wanted = ((_("tria"), status.clean_tria), (_("série"), status.clean_serie)) \
            if status.need_tria_and_serie else ()
        return CounterView(text, "", reached, wanted)
    if status.partner_serie_enough:
        return CounterView(_("Your partner is down: a franche série is enough"), "", reached,
                           ((_("série"), status.clean_serie),))
    needed = status.needed if status.needed is not None else status.bar
    if status.going_out and needed == 0:
        text = _("Going out: no points needed")
    else:
        text = _("Opening {points} / {bar}").format(points=status.staged_points, bar=needed)
    note = ""
    out = status.going_out_needed
    if not status.going_out and out is not None and out < needed:
        note = _("(going out needs no points)") if out == 0 else \
            _("(going out: {points})").format(points=out)
    ticks: tuple[tuple[str, bool], ...] = ()
    if status.need_tria_and_serie:
        ticks = ((_("tria"), status.clean_tria), (_("série"), status.clean_serie))
    return CounterView(text, note, reached, ticks)
