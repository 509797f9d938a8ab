"""One round of Rami: the facade over the deal, the staged turn, the opening and the scoring.

``RoundState.apply(action)`` checks an action against the rules and either applies it, returning
the events it caused, or raises :class:`RuleError` with a CONFORMANCE.md code and changes nothing.
The read-only answers (opening status, penalty breakdown, redeal eligibility, the turn's view)
come from :mod:`.position`; the rules themselves live in :mod:`.deal`, :mod:`.draws`,
:mod:`.turn` (the staged layings), :mod:`.opening` and :mod:`.scoring`; saving in :mod:`.save`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
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
    field_error,
    is_whole_number,
)
from .cards import Card
from .deal import deal
from .draws import SOURCES, DrawSituation, draw_error, first_card_open
from .errors import ErrorCode, RuleError
from .observation import Observation, deal_hidden
from .opening import OpeningStatus
from .position import RoundPosition, restore_position
from .rules import FirstCard, Rules
from .save import parse_round, round_data
from .solver.pickup import PickupContext, pickup_playable
from .turn import (
    StagedAdd,
    StagedLay,
    StagedOp,
    StagedSwap,
    TurnRecord,
    apply_op,
    op_cards,
    replay,
)

E = ErrorCode


class RoundState(RoundPosition):
    """The full (hidden-information) state of one round, and the moves that change it.

    Players are numbered 0..n-1 in turn order. Bots and the pass-and-play screen must use
    :meth:`observation`, never this object. The read-only answers (opening status, penalties,
    redeal eligibility, the turn's staging) are inherited from :class:`RoundPosition`.
    """

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, n_players: int, dealer: int, seed: int,
            partners: Sequence[int | None] | None = None) -> RoundState:
        """Deal a round from a seed (the same seed gives the same deal)."""
        hands, talaj, stock = deal(rules, n_players, dealer, random.Random(seed))
        state = cls(rules, hands, talaj, stock, dealer, seed, partners)
        state._auto_redeal()
        return state

    @classmethod
    def from_observation(cls, obs: Observation, rng: random.Random) -> RoundState:
        """Return a determinised copy of the round ``obs`` shows, for its player to try moves on.

        The cards the player cannot see are dealt at random (from ``rng``) into the other hands
        and the stock, every size kept. The player's own actions behave on the copy exactly as in
        the real round, this turn's staging included (draw, talaj pickup, staged combinations).
        """
        hands, stock = deal_hidden(obs, rng)
        state = cls(obs.rules, hands, obs.talaj, list(reversed(stock)), obs.dealer,
                    rng.getrandbits(32), obs.partners)
        restore_position(state, obs)
        return state

    def _auto_redeal(self) -> None:
        """Deal again while a hand holds all four jokers (when the rules allow redeals)."""
        while self.rules.redeal and any(sum(c.is_joker for c in h) >= 4 for h in self.hands):
            self._redeal_cards()

    def _redeal_cards(self) -> None:
        self.redeals += 1
        rng = random.Random(f"{self.seed}/redeal/{self.redeals}")
        self._deal = deal(self.rules, self.n, self.dealer, rng)
        self._reset_from_deal()

    # ---- the API -------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; return its events, or raise RuleError leaving the state unchanged."""
        if isinstance(action, Redeal):
            events = self._redeal(action)
        else:
            self._check_common(action)
            if isinstance(action, Draw):
                events = self._draw(action)
            else:
                if not self.has_drawn:
                    raise RuleError(E.DRAW_FIRST)
                code = field_error(action)  # what a save could not hold is refused here
                if code is not None:
                    raise RuleError(code)
                if isinstance(action, Discard):
                    events = self._discard(action)
                else:
                    events = self._lay_action(action)
        self.log.append(action)
        self.started = True
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
        draws = (Draw(self.current, source) for source in SOURCES)
        return [d for d in draws if self._draw_error(d) is None]

    def legal_discards(self) -> list[Card]:
        """The distinct cards the current player may discard now (ending the turn)."""
        if self.over or not self.has_drawn:
            return []
        status = self.opening_status()
        out = []
        for card in sorted(set(self.hands[self.current])):
            try:
                self._discard_checks(self.current, card, status)
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
        other.held = list(self.held)
        other.log = list(self.log)
        other._staging = self._staging.copy()
        return other

    def _check_common(self, action: Action) -> None:
        if self.over:
            raise RuleError(E.ROUND_OVER)
        if not is_whole_number(action.player) or action.player != self.current:
            raise RuleError(E.NOT_YOUR_TURN)  # (True equals 1, but a save holds no True)

    # ---- drawing -------------------------------------------------------------------------------

    def _draw_error(self, action: Draw) -> ErrorCode | None:
        if self.over:
            return E.ROUND_OVER
        if not is_whole_number(action.player) or action.player != self.current:
            return E.NOT_YOUR_TURN
        p, t = action.player, self._staging
        situation = DrawSituation(
            player=p, drawn=t.drawn, no_draw=t.no_draw, hand_size=len(self.hands[p]),
            stock_size=len(self.stock), first_card=self.first_card, first_owner=self.first_owner,
            first_open=self._first_open(), turn=self.turn, n=self.n, top=self.top)
        return draw_error(self.rules, action.source, situation,
                          lambda card: self._pickup_playable(p, card))

    def _first_open(self) -> bool:
        return first_card_open(self.rules, self.first_pos, self.turn, self.first_turn, self.n)

    def _pickup_playable(self, player: int, card: Card) -> bool:
        return pickup_playable(PickupContext(
            hand=tuple(self.hands[player]), card=card, rules=self.rules, down=self.down[player],
            bar=self.required_points(), going_out_min=self.going_out_min(),
            table=tuple(self.table_melds()), partner_down=self.partner_down(player),
            adds_on_opening_turn=self.rules.add_on_opening_turn))

    def _draw(self, action: Draw) -> list[Event]:
        code = self._draw_error(action)
        if code is not None:
            raise RuleError(code)
        p = action.player
        hand = self.hands[p]
        if action.source == "stock":
            card = self.stock.pop()
        elif action.source == "first":
            assert self.first_pos is not None
            card = self.talaj.pop(self.first_pos)
            self.first_pos = None
            self.taken.append((p, card))
            self.held.append((p, card))
        else:
            card = self.talaj.pop()
            if self.first_pos is not None and self.first_pos >= len(self.talaj):
                self.first_pos = None
            self.taken.append((p, card))
            self.held.append((p, card))
            if self.rules.top_card_must_lay:
                self._staging.pickup = card
                self._staging.pickup_baseline = hand.count(card)
        hand.append(card)
        self._staging.drawn = True
        self._snap()
        return [Drew(p, action.source, card)]

    # ---- laying (the staging is in turn.py) ----------------------------------------------------

    def _lay_action(self, action: Action) -> list[Event]:
        p = action.player
        if isinstance(action, Lay):
            index = len(self.melds)
            self._stage(p, StagedLay(index, action.cards, action.taken))
            self._staging.created.append(index)
            return [Laid(p, index, action.cards)]
        if isinstance(action, Add):
            self._stage(p, StagedAdd(action.meld, action.cards, action.at, action.taken))
            return [Added(p, action.meld, action.cards)]
        if isinstance(action, Swap):
            self._stage(p, StagedSwap(action.meld, action.card, action.taken))
            return [Swapped(p, action.meld, action.card)]
        if isinstance(action, TakeBack):
            if action.meld not in self.staged:
                raise RuleError(E.NOT_THIS_TURN)
            return self._rebuild(p, [op for op in self._staging.ops if op.meld != action.meld])
        if isinstance(action, Undo):
            if not self._staging.ops:
                raise RuleError(E.NOT_THIS_TURN)
            return self._rebuild(p, self._staging.ops[:-1])
        raise RuleError(E.INVALID_MELD)

    def _stage(self, p: int, op: StagedOp) -> None:
        if op.taken is not None and not self._copy_fits(op):
            raise RuleError(E.CARD_NOT_IN_HAND)
        apply_op(self.hands[p], self.melds, op, p, self.turn, self.rules, self._may_touch)
        self._staging.ops.append(op)

    def _copy_fits(self, op: StagedOp) -> bool:
        """Whether the copy of the talaj card an operation says it moves is in the hand: the
        card taken this turn (``taken`` True) or an own copy (False)."""
        t = self._staging
        pk = t.pickup
        if pk is None or pk not in op_cards(op):
            return op.taken is not True
        return bool(t.pickup_places([*t.ops, op]))

    def _may_touch(self, index: int) -> bool:
        """Whether the current player may add to or swap in combination ``index`` now."""
        t = self._staging
        if t.snapped and t.first_new <= index < len(self.melds):
            return True  # laid this turn
        if self.down[self.current]:
            return True
        return self.rules.add_on_opening_turn and self.opening_status().valid_to_add

    def _rebuild(self, p: int, ops: list[StagedOp]) -> list[Event]:
        """Replay the turn from its snapshot with only ``ops``, dropping what no longer holds.

        If the player was not down and the staged combinations no longer make an opening, every
        card added elsewhere this turn returns to the hand (the cascade of RULES.md §2).
        """
        before = Counter(self.hands[p])
        kept = self._replay(p, ops)
        mine = [op for op in kept if isinstance(op, StagedLay) or self._staging.on_own(op)]
        if len(mine) < len(kept) and not self.down[p] and not self.opening_status().valid_to_add:
            self._replay(p, mine)
        returned = Counter(self.hands[p]) - before
        return [TookBack(p, tuple(returned.elements()))]

    def _replay(self, p: int, ops: list[StagedOp]) -> list[StagedOp]:
        t = self._staging
        hand = list(self.hands[p])
        t.ops = replay(t, ops, hand, self.melds, p, self.turn, self.rules)
        self.hands[p] = hand
        return t.ops

    # ---- discarding --------------------------------------------------------------------------

    def _discard_checks(self, p: int, card: Card, status: OpeningStatus | None = None
                        ) -> int | None:
        """Raise the discard's error; return the opening's points if this discard opens."""
        hand = self.hands[p]
        if not self.has_drawn:
            raise RuleError(E.DRAW_FIRST)
        if card not in hand:
            raise RuleError(E.CARD_NOT_IN_HAND)
        status = status or self.opening_status()
        if status.blocked_by is E.WHOLE_HAND_ONLY:
            raise RuleError(E.WHOLE_HAND_ONLY)
        swapped = self._staging.swapped_jokers()
        if self._staging.pickup_in_hand(hand):
            raise RuleError(E.PICKUP_NOT_LAID)
        if self.rules.swapped_joker_must_be_laid and swapped:
            jokers = sum(1 for c in hand if c.is_joker)
            if jokers > self._staging.joker_baseline:
                raise RuleError(E.JOKER_NOT_LAID)
        if status.blocked_by is not None:
            raise RuleError(status.blocked_by)
        return status.staged_points if status.opens else None

    def _discard(self, action: Discard) -> list[Event]:
        p = action.player
        opened = self._discard_checks(p, action.card)
        was_down_anyone = any(self.down[q] for q in range(self.n) if q != p)
        first_turn_down = not self.down[p]
        hand = self.hands[p]
        self._release_held(p, action.card)
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

    def _release_held(self, p: int, discarded: Card) -> None:
        """At the turn's end: the cards ``p`` laid, added, swapped in or discarded are seen
        leaving the hand (one taken copy each, if any was taken)."""
        gone: list[Card] = [discarded]
        for op in self._staging.ops:
            if isinstance(op, (StagedLay, StagedAdd)):
                gone.extend(op.cards)
            else:
                gone.append(op.card)
        for card in gone:
            if (p, card) in self.held:
                self.held.remove((p, card))

    def _next_turn(self) -> None:
        self.turn += 1
        self.current = (self.current + 1) % self.n
        self._staging = TurnRecord()
        if self.first_pos is not None and not self._first_open():
            self.first_pos = None

    def _reshuffle(self) -> list[Event]:
        if len(self.talaj) <= 1 or (self.rules.reshuffle_once and self.reshuffles):
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

    # ---- the end, redeal ----------------------------------------------------------------------

    def _end(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self._staging = TurnRecord()
        if winner is None:
            self.penalties = (0,) * self.n
            return
        self.penalties = tuple(self.penalty_of(q) for q in range(self.n))

    def _redeal(self, action: Redeal) -> list[Event]:
        if self.over:
            raise RuleError(E.ROUND_OVER)
        if not is_whole_number(action.player) or not self.can_redeal(action.player):
            raise RuleError(E.REDEAL_NOT_ALLOWED)
        if self._first_deal is None:  # saves keep the deal before redeals
            self._first_deal = self._deal
            self._first_redeals = self.redeals
        self._redeal_cards()
        self._auto_redeal()
        return [Redealt(action.player)]

    # ---- saving and comparing ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Return the round as JSON-ready data: the deal, the seed and the action log."""
        first = self._first_deal is not None
        return round_data(self.rules, self._first_deal or self._deal, self.dealer, self.seed,
                          self._first_redeals if first else self.redeals, self.partners,
                          self.log)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundState:
        """Rebuild a round by replaying its log through the rules.

        Raises:
            ValueError: malformed data, or a log the rules refuse (an impossible game).
        """
        saved = parse_round(data)
        state = cls(saved.rules, saved.hands, saved.talaj, saved.stock, saved.dealer,
                    saved.seed, saved.partners)
        state._first_deal = state._deal  # redeals in the log replay from this deal
        state._first_redeals = state.redeals = saved.redeals
        for i, action in enumerate(saved.log):
            try:
                state.apply(action)
            except RuleError as err:
                raise ValueError(f"round: step {i} refused ({err.code.value})") from err
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RoundState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]
