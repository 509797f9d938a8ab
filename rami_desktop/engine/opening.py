"""The opening (tahbita): whether the combinations staged this turn make a valid first laying.

RULES.md §2: the franche combinations' points reach the threshold (or the risen bar), with a
franche tria and a franche série of the player's own cards; going out at once needs fewer points
(per preset); in teams, once the partner is down a franche série of own cards suffices; a preset
that lays only to go out (Simple) has no threshold at all. :func:`opening_status` answers all of
it for the current player, and the engine refuses a discard with exactly its ``blocked_by``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import ErrorCode
from .melds import Meld, MeldKind
from .rules import GoingOutPoints, Rules

E = ErrorCode


@dataclass(frozen=True)
class OpeningStatus:
    """Where the current player's opening stands, given the combinations staged this turn.

    Attributes:
        player: whose turn it is.
        down: the player is already down (no opening needed).
        staged: how many combinations the player laid this turn.
        staged_points: the points of the franche combinations staged.
        needed: points the discard needs now: 0 once the partner is down (a série suffices), the
            going-out figure when the hand would go out, else the bar. None when no points
            apply: the player is down, or the preset lays only to go out.
        base: the rules' threshold.
        bar: the points an opening needs now (the threshold, or the risen bar).
        risen: the bar has risen above the threshold this round.
        going_out_needed: points an opening that empties the hand needs (None once down).
        going_out: the hand would be empty after discarding its last card.
        partner_down: the player's team partner is down.
        partner_serie_enough: the partner is down, so a franche série of own cards suffices.
        need_tria_and_serie: a franche tria and a franche série are required.
        clean_tria: the staged combinations hold a franche tria that counts (own cards).
        clean_serie: they hold a franche série that counts (own cards).
        clean_tria_and_serie: they hold both at once (the talaj card can be in only one).
        own_cards_required: the clean tria and série must be of own cards (no talaj top card).
        lay_only_to_go_out: the preset lays only the whole hand at once (Simple).
        valid_to_add: the staged combinations already make an opening, at least if the hand
            then goes out: the player may add to other combinations this turn (if the preset
            allows it on the opening turn).
        opens: discarding now would make the opening valid (the player is not down, has staged
            combinations, and ``blocked_by`` is None).
        blocked_by: the code a discard would be refused with because of the opening, or None.
    """

    player: int
    down: bool
    staged: int
    staged_points: int
    needed: int | None
    base: int
    bar: int
    risen: bool
    going_out_needed: int | None
    going_out: bool
    partner_down: bool
    partner_serie_enough: bool
    need_tria_and_serie: bool
    clean_tria: bool
    clean_serie: bool
    clean_tria_and_serie: bool
    own_cards_required: bool
    lay_only_to_go_out: bool
    valid_to_add: bool
    opens: bool
    blocked_by: ErrorCode | None

    @property
    def short_by(self) -> int:
        """Points still missing towards ``needed`` (0 when none are)."""
        return max(0, (self.needed or 0) - self.staged_points)


def opening_points(staged: Sequence[Meld], ace_value: int) -> int:
    """The points of the franche combinations among ``staged``."""
    return sum(m.points(ace_value) for m in staged if m.franche)


def melds_points(melds: Sequence[Meld], ace_value: int) -> int:
    """The points of some combinations, every one counted (a worked opening's total)."""
    return sum(m.points(ace_value) for m in melds)


def reaches_threshold(rules: Rules, staged: Sequence[Meld]) -> bool:
    """Whether the franche combinations among ``staged`` reach the rules' opening
    threshold."""
    return opening_points(staged, rules.ace_value) >= rules.threshold


def going_out_points(rules: Rules, bar: int) -> int:
    """Points an opening that also empties the hand needs, per preset (§2 rule 4)."""
    mode = rules.going_out_points
    if mode is GoingOutPoints.BASE:
        return rules.threshold
    if mode is GoingOutPoints.NONE:
        return 0
    return bar


#: the taken talaj card went onto a combination not laid this turn
ELSEWHERE = "elsewhere"
#: the taken talaj card is still in the hand
HAND = "hand"


def clean_combinations(staged: Sequence[Meld], pickup: Card | None,
                       where: frozenset[int | str]) -> tuple[bool, bool, bool]:
    """Return (clean tria, clean série, both at once) among the staged combinations.

    ``pickup`` is the talaj card that does not count as the player's own (None: every card
    counts); ``where`` says where it may be: indices of ``staged``, :data:`ELSEWHERE` or
    :data:`HAND`. A copy of the taken card may be the player's own, so a combination holding its
    code is clean as long as the taken card may lie somewhere else (the operations that said
    which copy they moved narrow ``where``).
    """
    trias = [i for i, m in enumerate(staged) if m.franche and m.kind is MeldKind.TRIA]
    series = [i for i, m in enumerate(staged) if m.franche and m.kind is MeldKind.SERIE]
    places: set[int | str] = set()
    if pickup is not None:
        places = set(where) - {HAND} or {HAND}  # not laid: pickup_not_laid handles it

    def fine(used: set[int]) -> bool:
        return pickup is None or any(pl not in used for pl in places)

    tria = any(fine({a}) for a in trias)
    serie = any(fine({s}) for s in series)
    both = any(fine({a, s}) for a in trias for s in series)
    return tria, serie, both


def opening_status(*, rules: Rules, player: int, down: bool, partner_down: bool,
                   staged: Sequence[Meld], pickup: Card | None,
                   pickup_places: frozenset[int | str], bar: int, hand_size: int, laid: bool
                   ) -> OpeningStatus:
    """Work out the opening of the player whose turn it is.

    Args:
        rules: the rules in force.
        player: the current player.
        down: whether the player is already down.
        partner_down: whether the player's partner is down.
        staged: the combinations the player laid this turn.
        pickup: the talaj top card taken this turn, if any.
        pickup_places: where that card may be (see :func:`clean_combinations`).
        bar: the points an opening needs now.
        hand_size: the cards in the hand now (1: the discard goes out).
        laid: whether the turn laid, added or swapped anything.
    """
    own = rules.clean_own_cards
    counted = pickup if own and pickup is not None and not pickup.is_joker else None
    tria, serie, both = clean_combinations(staged, counted, pickup_places)
    points = opening_points(staged, rules.ace_value)
    going_out = hand_size == 1
    only_out = not rules.lay_before_out
    clean = both if rules.need_tria_and_serie else True
    out_points = going_out_points(rules, bar)
    serie_route = partner_down and serie
    valid_to_add = bool(staged) and (serie_route or (points >= min(bar, out_points) and clean))
    blocked: ErrorCode | None = None
    if only_out and laid and not going_out:
        blocked = E.WHOLE_HAND_ONLY
    elif not down and staged and not serie_route:
        need = out_points if going_out else bar
        if points < need:
            blocked = E.THRESHOLD_NOT_MET
        elif not clean:
            blocked = E.NEED_CLEAN_TRIA_AND_SERIE
    if down:
        needed: int | None = None
        out_needed: int | None = None
    else:
        out_needed = 0 if partner_down else out_points
        if only_out:
            needed = None
        elif partner_down:
            needed = 0
        else:
            needed = out_points if going_out else bar
    return OpeningStatus(
        player=player, down=down, staged=len(staged), staged_points=points, needed=needed,
        base=rules.threshold, bar=bar, risen=bar > rules.threshold,
        going_out_needed=out_needed, going_out=going_out, partner_down=partner_down,
        partner_serie_enough=partner_down and not down,
        need_tria_and_serie=rules.need_tria_and_serie and not partner_down,
        clean_tria=tria, clean_serie=serie, clean_tria_and_serie=both,
        own_cards_required=own, lay_only_to_go_out=only_out, valid_to_add=valid_to_add,
        opens=not down and bool(staged) and blocked is None, blocked_by=blocked,
    )
