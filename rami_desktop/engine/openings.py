"""Which openings count now, and when a taken card or a joker taken back is settled.

The one place that turns the rules of the opening (RULES.md §2) into solver requests: the bar
(the threshold, or the risen bar), the going-out exemption (fewer points when the opening
empties the hand), the partner's série in teams, the clean tria and série of own cards (the
talaj card does not count as one's own), the talaj card that must be laid, and Simple's "lay
only to go out". The hint (:mod:`.advice`), the pickup check (:mod:`.solver.pickup`), the
rescue (:mod:`.rescue`), the going-out search (:mod:`.going_out`) and the bots all ask it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .cards import Card
from .position import RoundPosition
from .rules import Rules
from .solver.search import OpeningRequest
from .turn import StagedSwap


class Route(str, Enum):
    """A way to make the opening."""

    BAR = "bar"  # franche tria and série (own cards), the bar's points
    GOING_OUT = "going_out"  # the same, emptying the hand: the going-out points (per preset)
    SERIE = "serie"  # teams, partner down: one franche série of own cards, no points


@dataclass(frozen=True)
class OpeningTerms:
    """What an opening of the current player must meet now.

    Attributes:
        rules: the rules in force.
        bar: the points an opening needs now (the threshold, or the risen bar).
        going_out_min: the points an opening that empties the hand needs, when the preset
            makes an exception for it (None: the bar applies).
        partner_down: teams: the partner is down, so a franche série of own cards opens.
        staged_points: points of the franche combinations already staged this turn.
        has_tria: a franche tria that counts is already staged.
        has_serie: a franche série that counts is already staged.
    """

    rules: Rules
    bar: int
    going_out_min: int | None
    partner_down: bool = False
    staged_points: int = 0
    has_tria: bool = False
    has_serie: bool = False

    @property
    def out_points(self) -> int:
        """Points an opening that empties the hand needs (the bar without an exception)."""
        return self.bar if self.going_out_min is None else self.going_out_min

    def routes(self) -> list[Route]:
        """The routes open now, the one that empties the hand first."""
        out = [Route.GOING_OUT]
        if self.rules.lay_before_out:
            out.append(Route.BAR)
            if self.partner_down:
                out.append(Route.SERIE)
        return out

    def request(self, route: Route, *, must_use: Card | None = None,
                clean_exclude: Card | None = None, keep: int = 1) -> OpeningRequest:
        """The solver request of a route, counting what is staged.

        Args:
            route: the way to open.
            must_use: a card the opening must lay (the talaj card taken, or a joker).
            clean_exclude: a card no copy of which counts for the clean tria or série
                (see :func:`clean_card`).
            keep: cards that stay in hand (with ``GOING_OUT``: exactly that many).
        """
        r = self.rules
        if route is Route.SERIE:
            return OpeningRequest(serie_only=True, max_jokers=r.jokers_per_meld, keep=keep,
                                  ace_value=r.ace_value, clean_exclude=clean_exclude,
                                  must_use=must_use, has_serie=self.has_serie)
        points = self.out_points if route is Route.GOING_OUT else self.bar
        return OpeningRequest(
            min_points=max(0, points - self.staged_points),
            need_tria_and_serie=r.need_tria_and_serie, clean_exclude=clean_exclude,
            must_use=must_use, max_jokers=r.jokers_per_meld, keep=keep,
            going_out=route is Route.GOING_OUT, ace_value=r.ace_value,
            has_tria=self.has_tria, has_serie=self.has_serie)

    def requests(self, *, must_use: Card | None = None, clean_exclude: Card | None = None,
                 going_out: bool = True) -> list[tuple[Route, OpeningRequest]]:
        """Every route's request (:meth:`routes`; ``going_out`` False leaves that one out)."""
        return [(route, self.request(route, must_use=must_use, clean_exclude=clean_exclude))
                for route in self.routes() if going_out or route is not Route.GOING_OUT]

    def going_out_request(self, *, must_use: Card | None = None,
                          clean_exclude: Card | None = None) -> OpeningRequest:
        """The request of an opening that empties the hand but one card.

        With the partner down, a franche série of own cards suffices (no points, no tria).
        """
        if self.partner_down and self.rules.lay_before_out:
            return replace(self.request(Route.SERIE, must_use=must_use,
                                        clean_exclude=clean_exclude), going_out=True)
        return self.request(Route.GOING_OUT, must_use=must_use, clean_exclude=clean_exclude)

    def unstaged(self) -> OpeningTerms:
        """The same terms with nothing staged yet."""
        return replace(self, staged_points=0, has_tria=False, has_serie=False)


def laying_request(rules: Rules, *, must_use: Card | None = None,
                   going_out: bool = True) -> OpeningRequest:
    """Once down (no opening to make): any combinations, laying ``must_use`` if given, a card
    kept (``going_out``: every card but that one)."""
    return OpeningRequest(need_tria_and_serie=False, must_use=must_use,
                          max_jokers=rules.jokers_per_meld, keep=1, going_out=going_out,
                          ace_value=rules.ace_value)


def clean_card(rules: Rules, card: Card | None) -> Card | None:
    """The talaj card that does not count as the player's own for the clean tria and série
    (None when every card counts: the rules allow it, no card, or a joker)."""
    if card is None or card.is_joker or not rules.clean_own_cards:
        return None
    return card


def terms_of(rules: Rules, bar: int, going_out_min: int | None,
             partner_down: bool = False) -> OpeningTerms:
    """The terms of an opening with nothing staged."""
    return OpeningTerms(rules, bar, going_out_min, partner_down)


def opening_terms(state: RoundPosition) -> OpeningTerms:
    """The terms of the current player's opening, counting what is staged this turn.

    A staged clean tria and série count only together when the talaj card taken can sit in one
    of them alone (:attr:`~rami_desktop.engine.opening.OpeningStatus.clean_tria_and_serie`).
    """
    status = state.opening_status()
    if status.clean_tria_and_serie:
        has_t, has_s = True, True
    else:
        has_t, has_s = status.clean_tria, status.clean_serie and not status.clean_tria
    return OpeningTerms(state.rules, state.required_points(), state.going_out_min(),
                        state.partner_down(state.current), status.staged_points, has_t, has_s)


def jokers_pending(state: RoundPosition) -> bool:
    """Whether jokers taken back this turn must still be laid."""
    view = state.turn_view()
    if not state.rules.swapped_joker_must_be_laid:
        return False
    if not any(isinstance(op, StagedSwap) for op in view.ops):
        return False
    return sum(1 for c in state.hands[state.current] if c.is_joker) > view.jokers_at_start


def settled(state: RoundPosition) -> bool:
    """Whether the talaj card taken this turn and the jokers taken back are all laid."""
    return state.pickup_to_lay() is None and not jokers_pending(state)


__all__ = [
    "OpeningTerms",
    "Route",
    "clean_card",
    "jokers_pending",
    "laying_request",
    "opening_terms",
    "settled",
    "terms_of",
]
