"""Candidate actions built from a drop or a command: the engine arranges the cards
(:mod:`rami_desktop.engine.arrange`) and judges the action; nothing here decides a rule.

:func:`opening_with` is the opening counter's question: where would the opening stand if the
selected cards were laid too? It is asked of the round as the screen holds it (the viewer's own
copy), so nobody has to lay cards on the table only to see them counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rami_desktop.engine.actions import Action, Add, Lay, Swap
from rami_desktop.engine.arrange import (
    MeldFault,
    addition_fault,
    addition_options,
    addition_order,
    arrange_meld,
    meld_fault,
)
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.lay_all import lay_all
from rami_desktop.engine.melds import Meld
from rami_desktop.engine.opening import OpeningStatus
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import StagedAdd, StagedSwap, TableMeld, TurnView


def lay_action(player: int, cards: Sequence[Card], rules: Rules, taken: bool | None = None
               ) -> Lay:
    """The Lay of some cards, in the order the engine arranges them (as given when they make no
    combination: the engine then refuses it and says why); ``taken`` says which copy of the
    talaj card taken this turn it lays (see :class:`~rami_desktop.engine.actions.Lay`)."""
    meld = arrange_meld(cards, rules)
    return Lay(player, meld.cards if meld is not None else tuple(cards), taken)


def add_actions(player: int, meld_index: int, meld: Meld, cards: Sequence[Card],
                at: str | None, rules: Rules, taken: bool | None = None) -> list[Action]:
    """The Add actions for cards dropped on a combination: the ends the engine says they join,
    the one nearest the drop first (one plain Add when they join none: the engine says why).

    Args:
        player: the round player.
        meld_index: the engine's index of the combination.
        meld: the combination.
        cards: the cards dropped.
        at: ``low`` or ``high``: the end nearest the drop (séries only), or None.
        rules: the rules in force.
        taken: which copy of the talaj card taken this turn is added (see ``lay_action``).
    """
    options = list(addition_options(meld, cards, rules))
    options.sort(key=lambda end: end != at)
    out: list[Action] = []
    for end in options:
        order = addition_order(meld, cards, rules, end)
        if order is not None:
            out.append(Add(player, meld_index, order, end, taken))
    return out or [Add(player, meld_index, tuple(cards), None if meld.is_tria else at, taken)]


def swap_action(player: int, meld_index: int, card: Card, taken: bool | None = None) -> Swap:
    """The Swap of one hand card for the joker of a combination."""
    return Swap(player, meld_index, card, taken)


def opening_with(state: RoundState, cards: Sequence[Card], taken: bool | None = None
                 ) -> tuple[OpeningStatus, bool]:
    """The opening of the player to play as it would stand with ``cards`` laid as one more
    combination, or as the combinations the engine splits them into (on a copy: ``state`` is
    not changed), and whether they were counted; the opening as it stands when no cards are
    given or they make no combination."""
    if not cards:
        return state.opening_status(), False
    probe = state.clone()
    try:
        probe.apply(lay_action(state.current, cards, state.rules, taken))
    except RuleError:
        layings = lay_all(state, cards) if len(cards) >= 6 else None
        if layings is None:
            return state.opening_status(), False
        probe = state.clone()
        try:
            for laying in layings:
                probe.apply(laying)
        except RuleError:
            return state.opening_status(), False
    return probe.opening_status(), True


def added_this_turn(view: TurnView, melds: Sequence[TableMeld]) -> dict[int, set[int]]:
    """The cards put this turn on combinations laid before it (additions, a card in a joker's
    place): by combination number, their places in it. They are tentative until the discard,
    as the combinations laid this turn are."""
    touched = {op.meld for op in view.ops if isinstance(op, StagedAdd | StagedSwap)}
    out: dict[int, set[int]] = {}
    for index in touched:
        before = view.start_table[index] if index < len(view.start_table) else None
        now = melds[index].meld if index < len(melds) else None
        if before is None or now is None:
            continue
        if now.is_tria:  # a tria keeps its cards: the new ones are those it did not hold
            left = Counter(before.cards)
            places = set()
            for k, card in enumerate(now.cards):
                if left[card] > 0 and not (card.is_joker and k >= len(before.cards)):
                    left[card] -= 1
                else:
                    places.add(k)
        else:  # a série grows at its ends; a card in a joker's place keeps the joker's
            shift = before.start - now.start
            places = {k for k in range(len(now.cards))
                      if not shift <= k < shift + len(before.cards)
                      or now.cards[k] != before.cards[k - shift]}
        out[index] = places
    return out


def refusal_fault(action: Action | None, code: str, state: RoundState) -> MeldFault | None:
    """Why the engine refused a laying or an addition with ``code``, in its own account of
    what the cards lack (None: the code says it all)."""
    rules = state.rules
    if code == ErrorCode.INVALID_MELD.value and isinstance(action, Lay):
        return meld_fault(action.cards, rules)
    if code == ErrorCode.CANNOT_ADD.value and isinstance(action, Add) \
            and 0 <= action.meld < len(state.melds):
        meld = state.melds[action.meld].meld
        return addition_fault(meld, action.cards, rules) if meld is not None else None
    return None
