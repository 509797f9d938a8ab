"""The hint in words: the engine's advice (:func:`rami_desktop.play.table.advisor.hint_advice`) for
the player to play, naming the combinations it proposes ("tria 6♠ 6♥ 6♦, série 8-9-10♥: 75"), the
talaj card that opens or goes out before the draw, and the additions and joker swaps once down;
in a guided game, the moves its step names (worked out on the advisor's thread); in the words for
the player it is for, her or him (:mod:`rami_desktop.i18n.gender`).
Nothing here looks for combinations or counts points.

The cards to highlight are the hand's, the talaj card taken this turn where the advice lays
that very copy (its place is the card just drawn, see :mod:`rami_desktop.play.table.taken`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rami_desktop.engine.actions import Action, Add, Lay, Swap
from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, pgettext
from rami_desktop.i18n.card_words import A_MELD, NO_BREAK, card_text, cards_text, meld_text
from rami_desktop.i18n.gender import UNSAID, gendered, ngendered
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.table.advisor import Advice, AdviceKind, Advisor, hint_advice
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.table.taken import taken_position
from rami_desktop.play.view.shown import ShownRound
from rami_desktop.play.view.terms import Meld
from rami_desktop.ui.table.gate import MoveGate
from rami_desktop.ui.table.table_model import TableModel


def compute_hint(order: HandOrder, state: ShownRound, moves: Sequence[Action] | None = None,
                 gender: str = UNSAID) -> tuple[list[int], str]:
    """Hand positions to highlight and the hint's line, for the player to play.

    Args:
        order: the player's hand in screen order.
        state: the round (its current player is the one the hint is for).
        moves: the moves a guide names instead of the engine's advice, if any.
        gender: how that player is spoken to.
    """
    advice = hint_advice(state, moves)
    return advice_positions(order, state, advice), hint_text(advice, state, gender)


def advice_positions(order: HandOrder, state: ShownRound, advice: Advice) -> list[int]:
    """The hand positions of the cards an advice uses: the copy of the talaj card taken this
    turn exactly where its layings put it, the other cards each once."""
    wanted: list[tuple[Card, bool | None]] = []
    for action in advice.steps:
        if isinstance(action, Lay | Add):
            wanted += [(c, action.taken) for c in action.cards]
        elif isinstance(action, Swap):
            wanted.append((action.card, action.taken))
    if not wanted or advice.kind is AdviceKind.DRAW:
        wanted = [(c, None) for c in advice.cards]
    at = taken_position(order, state)
    pickup = state.pickup
    taken: set[int] = set()
    positions: list[int] = []
    for card, flag in sorted(wanted, key=lambda w: w[1] is not True):
        mine = bool(flag) and card == pickup
        spots = sorted((i for i, c in enumerate(order.cards) if c == card and i not in taken),
                       key=lambda i: (i == at) != mine)
        if spots:
            taken.add(spots[0])
            positions.append(spots[0])
    return positions


def _own(cards: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """The cards that are in the hand now (each copy once)."""
    left = Counter(hand)
    out: list[Card] = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def _melds(melds: Sequence[Meld]) -> str:
    """The combinations of a hint, each with its article ("a série 8-9-10♥", French "une
    série") and kept on one line."""
    return pgettext("list separator", ", ").join(meld_text(m, A_MELD).replace(" ", NO_BREAK)
                                                 for m in melds)


def _clauses(parts: Sequence[str]) -> str:
    """Moves of one hint, one after the other (French " ; ", darija «؛»)."""
    # TRANSLATORS: between the moves of one hint ("lay …; 7♠ goes on …"); French "\u00a0; ",
    # darija «؛ »
    return pgettext("clause separator", "; ").join(parts)


def _sentences(first: str, then: str) -> str:
    """Two sentences of one hint."""
    # TRANSLATORS: two sentences of one hint, the second after the first's full stop
    return pgettext("sentence separator", "{first}. {then}").format(first=first, then=then)


def _table_meld(state: ShownRound, index: int) -> str:
    meld = state.melds[index].meld if 0 <= index < len(state.melds) else None
    return meld_text(meld) if meld is not None else str(index + 1)


def _extras(advice: Advice, state: ShownRound) -> list[str]:
    """Additions and joker swaps, one phrase each."""
    out = [_("{cards} goes on {meld}").format(cards=cards_text(a.cards),
                                              meld=_table_meld(state, a.meld))
           for a in advice.additions]
    out += [_("{card} takes the joker's place in {meld}").format(
        card=card_text(s.card), meld=_table_meld(state, s.meld)) for s in advice.swaps]
    return out


def hint_text(advice: Advice, state: ShownRound, gender: str = UNSAID) -> str:
    """The hint's line for an advice of the engine, in the words for ``gender``."""
    kind = advice.kind
    extras = _extras(advice, state)
    if kind is AdviceKind.DRAW:
        if advice.draw is not None and advice.taken is not None:
            return _talaj_draw(advice, gender)
        hand = state.hands[state.current]
        seen = [m for m in advice.melds if len(_own(m.cards, hand)) == len(m.cards)]
        if seen:
            return gendered(gender, "Hint: draw, then lay {melds}.").format(melds=_melds(seen))
        return gendered(gender, "Hint: draw a card first.")
    if kind is AdviceKind.DISCARD and advice.discard is not None:
        return gendered(gender, "Hint: discard the {card}.").format(
            card=card_text(advice.discard))
    if kind is AdviceKind.OPEN:
        text = (gendered(gender, "Hint: with what you laid, open with {melds}: {points}")
                if advice.staged else gendered(gender, "Hint: open with {melds}: {points}"))
        return text.format(melds=_melds(advice.melds), points=advice.points)
    if kind is AdviceKind.OPENED and state.opening_status().lay_only_to_go_out:
        return gendered(gender, "Hint: discard your last card to go out.")
    if kind is AdviceKind.OPENED:
        more = ([gendered(gender, "you may also lay {melds}").format(
            melds=_melds(advice.melds))] if advice.melds else [])
        moves = _clauses([_("Hint: your opening is made ({points})").format(
            points=advice.points), *more, *extras])
        end = (gendered(gender, "Discard your last card to go out.")
               if state.opening_status().going_out
               else gendered(gender, "Then discard to end your turn."))
        return _sentences(moves, end)
    if kind is AdviceKind.GO_OUT:
        # where nothing is laid before going out (Simple) no points are counted: none to say
        go_out = (gendered(gender, "Hint: go out with {melds}: {points}")
                  if state.rules.lay_before_out else gendered(gender, "Hint: go out with {melds}"))
        return _clauses([go_out.format(melds=_melds(advice.melds), points=advice.points),
                         *extras])
    if kind is AdviceKind.LAY:
        return _clauses([gendered(gender, "Hint: lay {melds}").format(
            melds=_melds(advice.melds)), *extras])
    if kind is AdviceKind.ADD:
        return _("Hint: {moves}").format(moves=_clauses(extras))
    if kind is AdviceKind.PICKUP:
        first = [gendered(gender, "take back what you laid")] if advice.take_back else []
        lay = ([gendered(gender, "lay {melds}").format(melds=_melds(advice.melds))]
               if advice.melds else [])
        return gendered(gender, "Hint: lay the talaj card: {moves}").format(
            moves=_clauses([*first, *lay, *extras]))
    return _nothing(advice, state, gender)


def _talaj_draw(advice: Advice, gender: str) -> str:
    """Before the draw: the talaj card to take, and what it opens or goes out with."""
    assert advice.taken is not None
    card = card_text(advice.taken)
    first = advice.draw == "first"
    if advice.goes_out and advice.melds:
        template = (gendered(gender, "Hint: take the first card, the {card}: it goes out with "
                                     "{melds}.") if first else
                    gendered(gender, "Hint: take the {card} from the talaj: it goes out with "
                                     "{melds}."))
        return template.format(card=card, melds=_melds(advice.melds))
    if advice.melds:
        template = (gendered(gender, "Hint: take the first card, the {card}: it opens with "
                                     "{melds}: {points}") if first else
                    gendered(gender, "Hint: take the {card} from the talaj: it opens with "
                                     "{melds}: {points}"))
        return template.format(card=card, melds=_melds(advice.melds), points=advice.points)
    return (gendered(gender, "Hint: take the first card, the {card}.") if first
            else gendered(gender, "Hint: take the {card} from the talaj.")).format(card=card)


def _nothing(advice: Advice, state: ShownRound, gender: str) -> str:
    """Nothing to lay now, said as the engine's status puts it."""
    status = state.opening_status()
    if status.down:
        return ""
    blocked = advice.blocked_by is not None and status.staged > 0
    if status.lay_only_to_go_out:
        if blocked:
            return gendered(gender, "Hint: cards are laid only to go out: take back what you "
                                    "laid to discard.")
        return gendered(gender, "Hint: nothing to lay yet: cards are laid only to go out.")
    if advice.needed is None:
        return ""
    if blocked:
        return ngendered(
            gender,
            "Hint: no opening of {points} point in this hand yet: take back what you laid to "
            "discard.",
            "Hint: no opening of {points} points in this hand yet: take back what you laid to "
            "discard.", advice.needed).format(points=advice.needed)
    return ngendered(gender, "Hint: no opening of {points} point in this hand yet.",
                     "Hint: no opening of {points} points in this hand yet.",
                     advice.needed).format(points=advice.needed)


def current_hint(session: TableGame, model: TableModel, mine: bool, gate: MoveGate | None,
                 advisor: Advisor) -> tuple[list[int], str]:
    """Hand positions to highlight and the hint's line for the face-up hand (nothing when the
    hint is off or it is not its owner's turn; a guide's moves when a guide leads the table,
    nothing when it names none); worked out once per moment of the turn, on the advisor's
    thread (nothing until it has answered)."""
    seat = session.shown.viewer
    if seat is None or not model.hints_on or not mine:
        return [], ""
    r = session.shown.round
    order = session.hand_order(seat)
    moves = gate.hint_moves() if gate is not None else None
    if gate is not None and moves is None:
        return [], ""
    key = (session.shown.match.round_number, r.turn, tuple(order.cards), order.fresh, r.has_drawn,
           r.turn_view().ops, None if moves is None else tuple(moves))
    done, advice = advisor.ask(("hint", key), hint_advice, r.clone(), moves)
    if not done or advice is None:
        return [], ""
    gender = session.gender(seat)
    return model.hint(key, lambda: (advice_positions(order, r, advice),
                                    hint_text(advice, r, gender)))
