"""One round of Rami: the deal, the staged turn, the talaj, the opening, the end and its scoring.

``RoundState.apply(action)`` checks an action against the rules and either applies it, returning
the events it caused, or raises :class:`RuleError` with a CONFORMANCE.md code and changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import (
    Action,
    Add,
    Added,
    Discard,
    Discarded,
    Draw,
    Drew,
    Event,
    Laid,
    Lay,
    Redeal,
    Redealt,
    Reshuffled,
    RoundEnded,
    Swap,
    Swapped,
    TakeBack,
    TookBack,
    TurnStarted,
    Undo,
    action_from_dict,
    action_to_dict,
)
from .cards import JOKER, Card, full_deck, parse_cards
from .errors import ErrorCode, RuleError
from .melds import Meld, MeldKind, extend, hand_value, make_meld, swap
from .rules import FirstCard, GoingOutPoints, Penalty, Rules, Starter, TriaSwap

E = ErrorCode
SAVE_VERSION = 1


@dataclass(frozen=True)
class TableMeld:
    """A combination on the table: owner, turn laid, and cards (None once taken back)."""

    owner: int
    turn: int
    meld: Meld | None


@dataclass
class _Turn:
    """What the current turn has done so far (the staging)."""

    drawn: bool = False
    no_draw: bool = False
    pickup: Card | None = None
    pickup_baseline: int = 0
    joker_baseline: int = 0
    snap_hand: list[Card] = field(default_factory=list)
    snap_melds: list[TableMeld] = field(default_factory=list)
    first_new: int = 0
    ops: list[tuple[Any, ...]] = field(default_factory=list)
    created: list[int] = field(default_factory=list)
    snapped: bool = False

    def copy(self) -> _Turn:
        return replace(self, snap_hand=list(self.snap_hand), snap_melds=list(self.snap_melds),
                       ops=list(self.ops), created=list(self.created))


def _take(hand: list[Card], cards: Sequence[Card]) -> bool:
    """Remove cards from a hand (copies counted); return False (hand unchanged) if missing."""
    need = Counter(cards)
    have = Counter(hand)
    if any(have[c] < n for c, n in need.items()):
        return False
    for c in cards:
        hand.remove(c)
    return True


def _has(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    have = Counter(hand)
    return all(have[c] >= n for c, n in Counter(cards).items())


def qualifies_for_redeal(hand: Sequence[Card]) -> bool:
    """Whether a hand may be dealt again (rami-talaj): 3+ jokers, or 2 + two pairs, or 1 + three."""
    counts = Counter(hand)
    jokers = sum(1 for c in hand if c.is_joker)
    pairs = sum(1 for c, n in counts.items() if not c.is_joker and n >= 2)
    return jokers >= 3 or (jokers == 2 and pairs >= 2) or (jokers == 1 and pairs >= 3)


class RoundState:
    """The full (hidden-information) state of one round.

    Players are numbered 0..n-1 in turn order. Bots and the pass-and-play screen must use
    :meth:`observation`, never this object.
    """

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], talaj: Sequence[Card],
                 stock_top_first: Sequence[Card], dealer: int, seed: int = 0,
                 partners: Sequence[int | None] | None = None) -> None:
        self.rules = rules
        self.n = len(hands)
        self.dealer = dealer
        self.seed = seed
        self.partners: tuple[int | None, ...] = tuple(partners) if partners else (None,) * self.n
        self._deal = ([list(h) for h in hands], list(talaj), list(stock_top_first))
        self.log: list[Action] = []
        self.redeals = 0
        self._reset_from_deal()

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, n_players: int, dealer: int, seed: int,
            partners: Sequence[int | None] | None = None) -> RoundState:
        """Deal a round from a seed (the same seed gives the same deal)."""
        hands, talaj, stock = deal(rules, n_players, dealer, random.Random(seed))
        state = cls(rules, hands, talaj, stock, dealer, seed, partners)
        state._auto_redeal()
        return state

    def _reset_from_deal(self) -> None:
        hands, talaj, stock = self._deal
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.talaj: list[Card] = list(talaj)
        self.stock: list[Card] = list(reversed(stock))  # top of the stock is the end of the list
        self.melds: list[TableMeld] = []
        self.down: list[bool] = [False] * self.n
        self.opening_points: list[int | None] = [None] * self.n
        self.bar = self.rules.threshold
        self.turn = 0
        self.current = self._starter()
        self.first_pos: int | None = None
        self.first_owner: int | None = None
        self.first_turn = 0
        self.discards: list[tuple[int, Card]] = []
        self.taken: list[tuple[int, Card]] = []
        self.reshuffles = 0
        self.over = False
        self.winner: int | None = None
        self.penalties: tuple[int, ...] | None = None
        self.end_reason: str | None = None
        self.rami_sec = False
        self.last_discard: Card | None = None
        self.t = _Turn(no_draw=self.rules.starter_has_extra_card)
        if self.t.no_draw:
            self._snap()

    def _starter(self) -> int:
        if self.rules.starter is Starter.NEXT_NO_DRAW:
            return (self.dealer + 1) % self.n
        return self.dealer

    def _auto_redeal(self) -> None:
        """Deal again while a hand holds all four jokers (when the rules allow redeals)."""
        while self.rules.redeal and any(sum(c.is_joker for c in h) >= 4 for h in self.hands):
            self._redeal_cards()

    def _redeal_cards(self) -> None:
        self.redeals += 1
        rng = random.Random(f"{self.seed}/redeal/{self.redeals}")
        self._deal = deal(self.rules, self.n, self.dealer, rng)
        self._reset_from_deal()

    # ---- views ---------------------------------------------------------------------------------

    @property
    def top(self) -> Card | None:
        """The top card of the talaj."""
        return self.talaj[-1] if self.talaj else None

    @property
    def first_card(self) -> Card | None:
        """The round's first discard while it can still be taken, else None."""
        return None if self.first_pos is None else self.talaj[self.first_pos]

    @property
    def has_drawn(self) -> bool:
        """Whether the current player may lay and discard (has drawn, or starts without drawing)."""
        return self.t.drawn or self.t.no_draw

    @property
    def staged(self) -> list[int]:
        """Numbers of the combinations the current player laid this turn (still tentative)."""
        if not self.t.snapped:
            return []
        return [i for i in range(self.t.first_new, len(self.melds)) if self.melds[i].meld]

    @property
    def actions_this_turn(self) -> int:
        """How many layings, additions and swaps the current turn holds."""
        return len(self.t.ops)

    def required_points(self) -> int:
        """Points an opening needs now (the bar), not counting the going-out exception."""
        return self.bar if self.rules.rising_bar else self.rules.threshold

    def going_out_min(self) -> int | None:
        """Points an opening that empties the hand needs, or None if no exception applies."""
        mode = self.rules.going_out_points
        if mode is GoingOutPoints.BASE:
            return self.rules.threshold
        if mode is GoingOutPoints.NONE:
            return 0
        return None

    def partner_down(self, player: int) -> bool:
        """Whether the player's team partner is down."""
        p = self.partners[player]
        return p is not None and self.down[p]

    def table_melds(self) -> list[Meld]:
        """Every non-empty combination on the table."""
        return [m.meld for m in self.melds if m.meld is not None]

    # ---- the API -------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; return its events, or raise RuleError leaving the state unchanged."""
        if isinstance(action, Redeal):
            events = self._redeal(action)
        else:
            self._check_common(action)
            if isinstance(action, Draw):
                events = self._draw(action)
            elif isinstance(action, Discard):
                events = self._discard(action)
            else:
                if not self.has_drawn:
                    raise RuleError(E.DRAW_FIRST)
                events = self._lay_action(action)
        self.log.append(action)
        return events

    def check(self, action: Action) -> ErrorCode | None:
        """Return the code that ``apply`` would raise for this action, or None if it is legal."""
        probe = self.clone()
        try:
            probe.apply(action)
        except RuleError as err:
            return err.code
        return None

    def legal_draws(self) -> list[Draw]:
        """The draws the current player may make now."""
        if self.over:
            return []
        out = []
        for source in ("stock", "first", "top"):
            action = Draw(self.current, source)
            if self._draw_error(action) is None:
                out.append(action)
        return out

    def legal_discards(self) -> list[Card]:
        """The distinct cards the current player may discard now (ending the turn)."""
        if self.over or not self.has_drawn:
            return []
        out = []
        for card in sorted(set(self.hands[self.current])):
            try:
                self._discard_checks(self.current, card)
            except RuleError:
                continue
            out.append(card)
        return out

    def clone(self) -> RoundState:
        """Return an independent copy."""
        other = RoundState.__new__(RoundState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.talaj = list(self.talaj)
        other.stock = list(self.stock)
        other.melds = list(self.melds)
        other.down = list(self.down)
        other.opening_points = list(self.opening_points)
        other.discards = list(self.discards)
        other.taken = list(self.taken)
        other.log = list(self.log)
        other.t = self.t.copy()
        return other

    # ---- checks ----------------------------------------------------------------------------------

    def _check_common(self, action: Action) -> None:
        if self.over:
            raise RuleError(E.ROUND_OVER)
        if action.player != self.current:
            raise RuleError(E.NOT_YOUR_TURN)

    # ---- drawing -------------------------------------------------------------------------------

    def _draw_error(self, action: Draw) -> ErrorCode | None:
        try:
            self._check_common(action)
            self._check_draw(action)
        except RuleError as err:
            return err.code
        return None

    def _check_draw(self, action: Draw) -> None:
        p = action.player
        if self.t.drawn:
            raise RuleError(E.ALREADY_DREW)
        if self.t.no_draw:
            raise RuleError(E.NO_DRAW_NOW)
        if action.source == "stock":
            if not self.stock:
                raise RuleError(E.PICKUP_FORBIDDEN)
            return
        if action.source == "first":
            if self.first_card is None or self.first_owner == p or not self._first_open():
                raise RuleError(E.PICKUP_FORBIDDEN)
            if self.rules.last_card_lock and len(self.hands[p]) <= 1:
                raise RuleError(E.LAST_CARD_LOCK)
            return
        if action.source == "top":
            if not self.talaj or (self.rules.no_pickup_first_round and self.turn < self.n):
                raise RuleError(E.PICKUP_FORBIDDEN)
            if self.rules.last_card_lock and len(self.hands[p]) <= 1:
                raise RuleError(E.LAST_CARD_LOCK)
            if self.rules.top_card_must_lay and not self._pickup_playable(p, self.talaj[-1]):
                raise RuleError(E.UNPLAYABLE_PICKUP)
            return
        raise RuleError(E.PICKUP_FORBIDDEN)

    def _first_open(self) -> bool:
        mode = self.rules.first_card
        if mode is FirstCard.NONE or self.first_pos is None:
            return False
        if mode is FirstCard.NEXT_ONLY:
            return self.turn == self.first_turn + 1
        return self.turn < self.first_turn + self.n

    def _pickup_playable(self, player: int, card: Card) -> bool:
        try:
            from .solver import PickupContext, pickup_playable
        except ImportError:  # the solver is optional only while it is being written
            return True
        ctx = PickupContext(
            hand=tuple(self.hands[player]),
            card=card,
            rules=self.rules,
            down=self.down[player],
            bar=self.required_points(),
            going_out_min=self.going_out_min(),
            table=tuple(self.table_melds()),
            partner_down=self.partner_down(player),
            adds_on_opening_turn=self.rules.add_on_opening_turn,
        )
        return pickup_playable(ctx)

    def _draw(self, action: Draw) -> list[Event]:
        self._check_draw(action)
        p = action.player
        hand = self.hands[p]
        if action.source == "stock":
            card = self.stock.pop()
        elif action.source == "first":
            assert self.first_pos is not None
            card = self.talaj.pop(self.first_pos)
            self.first_pos = None
            self.taken.append((p, card))
        else:
            card = self.talaj.pop()
            if self.first_pos is not None and self.first_pos >= len(self.talaj):
                self.first_pos = None
            self.taken.append((p, card))
            if self.rules.top_card_must_lay:
                self.t.pickup = card
                self.t.pickup_baseline = hand.count(card)
        hand.append(card)
        self.t.drawn = True
        self._snap()
        return [Drew(p, action.source, card)]

    def _snap(self) -> None:
        hand = self.hands[self.current]
        self.t.snap_hand = list(hand)
        self.t.snap_melds = list(self.melds)
        self.t.first_new = len(self.melds)
        self.t.joker_baseline = sum(1 for c in hand if c.is_joker)
        self.t.ops = []
        self.t.snapped = True

    # ---- laying --------------------------------------------------------------------------------

    def _lay_action(self, action: Action) -> list[Event]:
        p = action.player
        if isinstance(action, Lay):
            index = len(self.melds)
            self._do_lay(p, action.cards, index)
            self.t.ops.append(("lay", index, action.cards))
            self.t.created.append(index)
            return [Laid(p, index, action.cards)]
        if isinstance(action, Add):
            self._do_add(p, action.meld, action.cards, action.at, check_down=True)
            self.t.ops.append(("add", action.meld, action.cards, action.at))
            return [Added(p, action.meld, action.cards)]
        if isinstance(action, Swap):
            self._do_swap(p, action.meld, action.card, check_down=True)
            self.t.ops.append(("swap", action.meld, action.card))
            return [Swapped(p, action.meld, action.card)]
        if isinstance(action, TakeBack):
            if action.meld not in self.staged:
                raise RuleError(E.NOT_THIS_TURN)
            return self._rebuild(p, [op for op in self.t.ops if op[1] != action.meld])
        if isinstance(action, Undo):
            if not self.t.ops:
                raise RuleError(E.NOT_THIS_TURN)
            return self._rebuild(p, self.t.ops[:-1])
        raise RuleError(E.INVALID_MELD)

    def _own_staged(self, index: int) -> bool:
        return self.t.snapped and index >= self.t.first_new and 0 <= index < len(self.melds)

    def _do_lay(self, p: int, cards: Sequence[Card], index: int) -> None:
        hand = self.hands[p]
        if not _has(hand, cards):
            raise RuleError(E.CARD_NOT_IN_HAND)
        meld = make_meld(cards, self.rules.jokers_per_meld)
        if meld is None:
            raise RuleError(E.INVALID_MELD)
        if len(hand) - len(cards) < 1:
            raise RuleError(E.LAST_CARD_NOT_DISCARDED)
        _take(hand, cards)
        entry = TableMeld(p, self.turn, meld)
        if index < len(self.melds):
            self.melds[index] = entry
        else:
            while len(self.melds) < index:
                self.melds.append(TableMeld(p, self.turn, None))
            self.melds.append(entry)

    def _may_touch_table(self, p: int) -> bool:
        """Whether the player may add to or swap in others' combinations now."""
        if self.down[p]:
            return True
        if not self.rules.add_on_opening_turn:
            return False
        return self._staged_opening_valid(p)

    def _do_add(self, p: int, index: int, cards: Sequence[Card], at: str | None,
                check_down: bool) -> None:
        hand = self.hands[p]
        if not _has(hand, cards):
            raise RuleError(E.CARD_NOT_IN_HAND)
        target = self.melds[index].meld if 0 <= index < len(self.melds) else None
        if target is None:
            raise RuleError(E.CANNOT_ADD)
        new = extend(target, cards, at, self.rules.jokers_per_meld)
        if new is None:
            raise RuleError(E.CANNOT_ADD)
        if check_down and not self._own_staged(index) and not self._may_touch_table(p):
            raise RuleError(E.NOT_DOWN)
        if len(hand) - len(cards) < 1:
            raise RuleError(E.LAST_CARD_NOT_DISCARDED)
        _take(hand, cards)
        self.melds[index] = replace(self.melds[index], meld=new)

    def _do_swap(self, p: int, index: int, card: Card, check_down: bool) -> None:
        hand = self.hands[p]
        if card not in hand:
            raise RuleError(E.CARD_NOT_IN_HAND)
        target = self.melds[index].meld if 0 <= index < len(self.melds) else None
        if target is None or target.franche:
            raise RuleError(E.BAD_SWAP)
        new = swap(target, card, self.rules.tria_swap is TriaSwap.COMPLETE_FOUR)
        if new is None:
            raise RuleError(E.BAD_SWAP)
        if check_down and not self._own_staged(index) and not self._may_touch_table(p):
            raise RuleError(E.NOT_DOWN)
        hand.remove(card)
        hand.append(JOKER)
        self.melds[index] = replace(self.melds[index], meld=new)

    def _rebuild(self, p: int, ops: list[tuple[Any, ...]]) -> list[Event]:
        """Replay the turn from its snapshot with only ``ops``, dropping what no longer holds.

        If the player was not down and the staged combinations no longer make an opening, every
        card added elsewhere this turn returns to the hand (the cascade of RULES.md §2).
        """
        before = Counter(self.hands[p])
        kept = self._replay(p, ops)
        elsewhere = [op for op in kept if op[0] != "lay" and not self._op_on_own(op)]
        if elsewhere and not self.down[p] and not self._staged_opening_valid(p):
            self._replay(p, [op for op in kept if op[0] == "lay" or self._op_on_own(op)])
        returned = Counter(self.hands[p]) - before
        return [TookBack(p, tuple(returned.elements()))]

    def _op_on_own(self, op: tuple[Any, ...]) -> bool:
        return op[1] >= self.t.first_new

    def _replay(self, p: int, ops: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        self.hands[p] = list(self.t.snap_hand)
        self.melds = list(self.t.snap_melds)
        for index in sorted(self.t.created):
            while len(self.melds) <= index:
                self.melds.append(TableMeld(p, self.turn, None))
        kept: list[tuple[Any, ...]] = []
        for op in ops:
            try:
                if op[0] == "lay":
                    self._do_lay(p, op[2], op[1])
                elif op[0] == "add":
                    self._do_add(p, op[1], op[2], op[3], check_down=False)
                else:
                    self._do_swap(p, op[1], op[2], check_down=False)
            except RuleError:
                continue
            kept.append(op)
        self.t.ops = kept
        return kept

    # ---- the opening -------------------------------------------------------------------------

    def _staged_melds(self, p: int) -> list[Meld]:
        return [m for i in self.staged if (m := self.melds[i].meld) is not None]

    def _opening_points(self, p: int) -> int:
        ace = self.rules.ace_value
        return sum(m.points(ace) for m in self._staged_melds(p) if m.franche)

    def _clean_condition(self, p: int, serie_only: bool = False) -> bool:
        """Whether the staged combinations hold a franche tria and série of own cards."""
        staged = self._staged_melds(p)
        trias = [i for i, m in enumerate(staged) if m.franche and m.kind is MeldKind.TRIA]
        series = [i for i, m in enumerate(staged) if m.franche and m.kind is MeldKind.SERIE]
        pickup = self.t.pickup if self.rules.clean_own_cards else None
        if pickup is not None and pickup.is_joker:
            pickup = None
        # where the taken card may lie: any staged combination holding its code, or elsewhere
        places: set[int | str] = {i for i, m in enumerate(staged) if pickup in m.cards}
        if pickup is not None and self._laid_elsewhere(p, pickup):
            places.add("elsewhere")
        if pickup is not None and not places:
            places.add("hand")  # not laid: pickup_not_laid handles it

        def fine(used: set[int]) -> bool:
            return pickup is None or any(pl not in used for pl in places)

        if serie_only:
            return any(fine({s}) for s in series)
        if not self.rules.need_tria_and_serie:
            return True
        return any(fine({a, s}) for a in trias for s in series)

    def _laid_elsewhere(self, p: int, card: Card) -> bool:
        return any(op[0] in ("add", "swap") and not self._op_on_own(op) and
                   (card in op[2] if op[0] == "add" else card == op[2]) for op in self.t.ops)

    def _staged_opening_valid(self, p: int) -> bool:
        """Whether the staged combinations already make an opening (for adding elsewhere)."""
        if not self.staged:
            return False
        if self.partner_down(p) and self._clean_condition(p, serie_only=True):
            return True
        need = self.required_points()
        out_min = self.going_out_min()
        if out_min is not None:
            need = min(need, out_min)
        return self._opening_points(p) >= need and self._clean_condition(p)

    # ---- discarding --------------------------------------------------------------------------

    def _discard_checks(self, p: int, card: Card) -> int | None:
        """Raise the discard's error; return the opening's points if this discard opens."""
        hand = self.hands[p]
        if not self.has_drawn:
            raise RuleError(E.DRAW_FIRST)
        if card not in hand:
            raise RuleError(E.CARD_NOT_IN_HAND)
        going_out = len(hand) == 1
        laid = bool(self.t.ops)
        if not self.rules.lay_before_out and laid and not going_out:
            raise RuleError(E.WHOLE_HAND_ONLY)
        pk = self.t.pickup
        if pk is not None:
            baseline = self.t.pickup_baseline + (self._swapped_jokers() if pk.is_joker else 0)
            if hand.count(pk) > baseline:
                raise RuleError(E.PICKUP_NOT_LAID)
        if self.rules.swapped_joker_must_be_laid and self._swapped_jokers():
            jokers = sum(1 for c in hand if c.is_joker)
            if jokers > self.t.joker_baseline:
                raise RuleError(E.JOKER_NOT_LAID)
        if self.down[p] or not self.staged:
            return None
        points = self._opening_points(p)
        if self.partner_down(p) and self._clean_condition(p, serie_only=True):
            return points
        need = self.required_points()
        out_min = self.going_out_min()
        if going_out and out_min is not None:
            need = out_min
        if points < need:
            raise RuleError(E.THRESHOLD_NOT_MET)
        if not self._clean_condition(p):
            raise RuleError(E.NEED_CLEAN_TRIA_AND_SERIE)
        return points

    def _swapped_jokers(self) -> int:
        return sum(1 for op in self.t.ops if op[0] == "swap")

    def _discard(self, action: Discard) -> list[Event]:
        p = action.player
        opened = self._discard_checks(p, action.card)
        was_down_anyone = any(self.down[q] for q in range(self.n) if q != p)
        first_turn_down = not self.down[p]
        hand = self.hands[p]
        hand.remove(action.card)
        self.talaj.append(action.card)
        self.discards.append((p, action.card))
        self.last_discard = action.card
        if len(self.discards) == 1 and self.rules.first_card is not FirstCard.NONE:
            self.first_pos = len(self.talaj) - 1
            self.first_owner = p
            self.first_turn = self.turn
        events: list[Event] = []
        if opened is not None:
            self.down[p] = True
            self.opening_points[p] = opened
            if self.rules.rising_bar and hand:
                self.bar = max(self.bar, opened + 1)
        events.append(Discarded(p, action.card, opened))
        if not hand:
            self.rami_sec = first_turn_down and not was_down_anyone and self.rules.rami_sec
            self._end(p, "out")
            assert self.penalties is not None
            events.append(RoundEnded(p, self.penalties, "out"))
            return events
        self._next_turn()
        if not self.stock:
            events.extend(self._reshuffle())
        if not self.over:
            events.append(TurnStarted(self.current))
        return events

    def _next_turn(self) -> None:
        self.turn += 1
        self.current = (self.current + 1) % self.n
        self.t = _Turn()
        if self.first_pos is not None and not self._first_open():
            self.first_pos = None

    def _reshuffle(self) -> list[Event]:
        if len(self.talaj) <= 1:
            self._end(None, "stock_exhausted")
            assert self.penalties is not None
            return [RoundEnded(None, self.penalties, "stock_exhausted")]
        self.reshuffles += 1
        pile = self.talaj[:-1]
        self.talaj = self.talaj[-1:]
        self.first_pos = None
        random.Random(f"{self.seed}/reshuffle/{self.reshuffles}").shuffle(pile)
        self.stock = pile
        return [Reshuffled(len(pile))]

    # ---- the end and scoring -----------------------------------------------------------------

    def _end(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.t = _Turn()
        if winner is None:
            self.penalties = (0,) * self.n
            return
        self.penalties = tuple(self.penalty_of(q) for q in range(self.n))

    def penalty_of(self, q: int) -> int:
        """What player q pays now that the round is won (0 for the winner and its partner)."""
        w = self.winner
        if w is None or q == w or self.partners[w] == q:
            return 0
        r = self.rules
        if self.rami_sec:
            return r.rami_sec_penalty
        hand = self.hands[q]
        if r.penalty is Penalty.HAND_VALUE:
            return sum(hand_value(c, r.ace_value, r.joker_penalty) for c in hand)
        if not self.down[q]:
            return r.never_down_penalty
        jokers = sum(1 for c in hand if c.is_joker)
        total = (len(hand) - jokers) * r.card_penalty + jokers * r.joker_penalty
        if r.joker_out_doubles and self.last_discard is not None and self.last_discard.is_joker:
            total *= 2
        return total

    # ---- redeal ---------------------------------------------------------------------------------

    def _redeal(self, action: Redeal) -> list[Event]:
        if self.over:
            raise RuleError(E.ROUND_OVER)
        p = action.player
        if (not self.rules.redeal or not 0 <= p < self.n or self.log or self.turn
                or self.t.ops or self.t.drawn or not qualifies_for_redeal(self.hands[p])):
            raise RuleError(E.REDEAL_NOT_ALLOWED)
        if getattr(self, "_first_deal", None) is None:  # saves keep the deal before redeals
            self._first_deal = self._deal
            self._first_redeals = self.redeals
        self._redeal_cards()
        self._auto_redeal()
        return [Redealt(p)]

    # ---- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Return the round as JSON-ready data: the deal, the seed and the action log."""
        hands, talaj, stock = self._initial_deal()
        return {
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "seed": self.seed,
            "redeals": getattr(self, "_first_redeals", self.redeals),
            "partners": list(self.partners),
            "hands": [[c.code for c in h] for h in hands],
            "talaj": [c.code for c in talaj],
            "stock": [c.code for c in stock],
            "log": [action_to_dict(a) for a in self.log],
        }

    def _initial_deal(self) -> tuple[list[list[Card]], list[Card], list[Card]]:
        return getattr(self, "_first_deal", None) or self._deal

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundState:
        """Rebuild a round by replaying its log through the rules.

        Raises:
            ValueError: malformed data, or a log the rules refuse (an impossible game).
        """
        if not isinstance(data, dict):
            raise ValueError("round: not an object")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"round: unsupported version {data.get('version')!r}")
        try:
            rules = Rules.from_dict(data["rules"])
            hands = [list(parse_cards(h)) for h in data["hands"]]
            talaj = list(parse_cards(data["talaj"]))
            stock = list(parse_cards(data["stock"]))
            dealer = int(data["dealer"])
            seed = data["seed"]
            partners = data.get("partners")
            redeals = data.get("redeals", 0)
            if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
                raise ValueError("redeals must be a whole number")
            log = [action_from_dict(a) for a in data["log"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"round: {exc}") from exc
        check_deal(rules, hands, talaj, stock, dealer)
        state = cls(rules, hands, talaj, stock, dealer, seed, partners)
        state._first_deal = state._deal  # type: ignore[attr-defined]
        state._first_redeals = state.redeals = redeals  # type: ignore[attr-defined]
        for i, action in enumerate(log):
            try:
                state.apply(action)
            except RuleError as err:
                raise ValueError(f"round: step {i} refused ({err.code.value})") from err
        return state

    def snapshot(self) -> dict[str, Any]:
        """Return everything that makes the state, for comparisons."""
        return {
            "hands": [[c.code for c in h] for h in self.hands],
            "talaj": [c.code for c in self.talaj],
            "stock": [c.code for c in self.stock],
            "melds": [(m.owner, m.turn, m.meld.codes() if m.meld else None) for m in self.melds],
            "down": list(self.down), "bar": self.bar, "turn": self.turn, "current": self.current,
            "first": self.first_pos, "over": self.over, "winner": self.winner,
            "penalties": self.penalties, "ops": len(self.t.ops), "drawn": self.t.drawn,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def all_cards(self) -> list[Card]:
        """Every card of the round wherever it is (for checking that none is lost)."""
        out = [c for h in self.hands for c in h] + self.talaj + self.stock
        for m in self.melds:
            if m.meld is not None:
                out.extend(m.meld.cards)
        return out

    def observation(self, player: int):  # noqa: ANN201 - defined in observation.py
        """Return what ``player`` may see (see :mod:`rami_desktop.engine.observation`)."""
        from .observation import observe

        return observe(self, player)


def deal(rules: Rules, n: int, dealer: int, rng: random.Random
         ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Shuffle and deal: the hands, the talaj (bottom first) and the stock (top first)."""
    deck = full_deck()
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(rules.hand_size):
        for k in range(n):
            hands[(dealer + 1 + k) % n].append(deck.pop())
    if rules.starter is Starter.NEXT_NO_DRAW:
        hands[(dealer + 1) % n].append(deck.pop())
    elif rules.starter is Starter.DEALER_NO_DRAW:
        hands[dealer].append(deck.pop())
    talaj = [deck.pop()] if rules.initial_discard else []
    stock = list(reversed(deck))
    return hands, talaj, stock


def expected_hand_sizes(rules: Rules, n: int, dealer: int) -> list[int]:
    """Return each seat's hand size as dealt."""
    sizes = [rules.hand_size] * n
    if rules.starter is Starter.NEXT_NO_DRAW:
        sizes[(dealer + 1) % n] += 1
    elif rules.starter is Starter.DEALER_NO_DRAW:
        sizes[dealer] += 1
    return sizes


def check_deal(rules: Rules, hands: Sequence[Sequence[Card]], talaj: Sequence[Card],
               stock: Sequence[Card], dealer: int) -> None:
    """Raise ValueError naming the fault if a deal is impossible under the rules."""
    n = len(hands)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{n} players: this preset takes {rules.min_players} to "
                         f"{rules.max_players}")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat")
    sizes = expected_hand_sizes(rules, n, dealer)
    for seat, (hand, size) in enumerate(zip(hands, sizes, strict=True)):
        if len(hand) != size:
            raise ValueError(f"seat {seat} has {len(hand)} cards, expected {size}")
    cards = [c for h in hands for c in h] + list(talaj) + list(stock)
    counts = Counter(cards)
    for card, k in counts.items():
        limit = 4 if card.is_joker else 2
        if k > limit:
            raise ValueError(f"{k} copies of {card.code} (the deck has {limit})")
    if len(cards) > 108:
        raise ValueError("more than 108 cards")


def complete_stock(named: Sequence[Card], used: Sequence[Card], rng: random.Random) -> list[Card]:
    """Return the stock top first: the named cards, then every card not used anywhere, shuffled."""
    remaining = Counter(full_deck()) - Counter(used) - Counter(named)
    rest = list(remaining.elements())
    rng.shuffle(rest)
    return list(named) + rest
