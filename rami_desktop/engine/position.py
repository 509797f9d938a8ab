"""Where a round stands: the cards, the table, whose turn it is, the staged turn.

:class:`RoundPosition` holds the data of a round and answers every question read from it (the
opening status, the penalties, redeal eligibility, the turn's staging); the moves that change it
are :class:`~rami_desktop.engine.state.RoundState`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .actions import Action
from .cards import Card
from .deal import Deal, qualifies_for_redeal
from .melds import Meld
from .observation import MeldView, Observation
from .opening import ELSEWHERE, OpeningStatus, going_out_points, opening_status
from .rules import GoingOutPoints, Rules, Starter
from .scoring import PenaltyBreakdown, penalty_breakdown
from .turn import StagedLay, StagedOp, TableMeld, TurnRecord, TurnView


class RoundPosition:
    """The data of one round and the answers read from it (no move changes it here).

    Attributes:
        rules: the rules in force.
        n: number of players.
        dealer: the dealer's seat.
        seed: the seed the deal, redeals and reshuffles come from.
        partners: each seat's team partner, if any.
        log: every action applied, in order.
        hands: each player's cards.
        talaj: the discard pile, bottom first.
        stock: the stock, top card last.
        melds: the combinations on the table (empty places keep their numbers).
        down: whether each player is down.
        bar: the risen bar (see :meth:`required_points`).
        turn: turns played in the round; current: whose turn it is.
        discards, taken: the round's discards, and the cards taken from the talaj, with who.
        held: the cards seen taken from the talaj into a hand and not seen leaving it since
            (laid, added, put in a joker's place or discarded by the taker), with who holds
            them: everyone knows these are in that hand.
        over, winner, penalties: the round's end.
    """

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], talaj: Sequence[Card],
                 stock_top_first: Sequence[Card], dealer: int, seed: int = 0,
                 partners: Sequence[int | None] | None = None) -> None:
        self.rules = rules
        self.n = len(hands)
        self.dealer = dealer
        self.seed = seed
        self.partners: tuple[int | None, ...] = tuple(partners) if partners else (None,) * self.n
        self._deal: Deal = ([list(h) for h in hands], list(talaj), list(stock_top_first))
        self._first_deal: Deal | None = None  # the deal before any redeal (what saves keep)
        self._first_redeals = 0
        self.log: list[Action] = []
        self.redeals = 0
        self._reset_from_deal()

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
        self.held: list[tuple[int, Card]] = []
        self.reshuffles = 0
        self.over = False
        self.winner: int | None = None
        self.penalties: tuple[int, ...] | None = None
        self.end_reason: str | None = None
        self.rami_sec = False
        self.last_discard: Card | None = None
        self.started = False  # an action was applied this round (no redeal any more)
        # the engine's record of the current turn: others read turn_view()
        self._staging = TurnRecord(no_draw=self.rules.starter_has_extra_card)
        if self._staging.no_draw:
            self._snap()

    def _starter(self) -> int:
        if self.rules.starter is Starter.NEXT_NO_DRAW:
            return (self.dealer + 1) % self.n
        return self.dealer

    def _snap(self) -> None:
        hand = self.hands[self.current]
        self._staging.snap_hand = list(hand)
        self._staging.snap_melds = list(self.melds)
        self._staging.first_new = len(self.melds)
        self._staging.joker_baseline = sum(1 for c in hand if c.is_joker)
        self._staging.ops = []
        self._staging.snapped = True

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
        return self._staging.drawn or self._staging.no_draw

    @property
    def pickup(self) -> Card | None:
        """The talaj top card taken this turn that must be laid, else None."""
        return self._staging.pickup

    @property
    def staged(self) -> list[int]:
        """Numbers of the combinations the current player laid this turn (still tentative)."""
        if not self._staging.snapped:
            return []
        return sorted(op.meld for op in self._staging.ops if isinstance(op, StagedLay))

    def pickup_to_lay(self) -> Card | None:
        """The talaj top card taken this turn while it is surely still in the hand, else None."""
        t = self._staging
        return t.pickup if t.pickup_in_hand(self.hands[self.current]) else None

    @property
    def own_turn(self) -> int:
        """The current player's own turn number, from 1 (each player plays once a lap, in
        turn order: "your 10th turn")."""
        return self.turn // self.n + 1

    @property
    def actions_this_turn(self) -> int:
        """How many layings, additions and swaps the current turn holds."""
        return len(self._staging.ops)

    def turn_view(self) -> TurnView:
        """What the current turn has done so far (its draw, pickup and staged operations)."""
        t = self._staging
        return TurnView(player=self.current, drawn=t.drawn, no_draw=t.no_draw, pickup=t.pickup,
                        jokers_at_start=t.joker_baseline, ops=tuple(t.ops),
                        staged=tuple(self.staged), created=tuple(t.created),
                        start_hand=tuple(t.snap_hand),
                        start_table=tuple(m.meld for m in t.snap_melds))

    def required_points(self) -> int:
        """Points an opening needs now (the bar), not counting the going-out exception."""
        return self.bar if self.rules.rising_bar else self.rules.threshold

    def going_out_min(self) -> int | None:
        """Points an opening that empties the hand needs, or None if no exception applies."""
        if self.rules.going_out_points is GoingOutPoints.BAR:
            return None
        return going_out_points(self.rules, self.bar)

    def partner_down(self, player: int) -> bool:
        """Whether the player's team partner is down."""
        p = self.partners[player]
        return p is not None and self.down[p]

    def table_melds(self) -> list[Meld]:
        """Every non-empty combination on the table."""
        return [m.meld for m in self.melds if m.meld is not None]

    def opening_status(self) -> OpeningStatus:
        """Where the current player's opening stands with the combinations staged this turn."""
        p = self.current
        numbers = [i for i in self.staged if self.melds[i].meld is not None]
        staged = [m for i in numbers if (m := self.melds[i].meld) is not None]
        pickup = self._staging.pickup
        return opening_status(
            rules=self.rules, player=p, down=self.down[p], partner_down=self.partner_down(p),
            staged=staged, pickup=pickup,
            pickup_places=staged_places(self._staging.pickup_places(), numbers),
            bar=self.required_points(), hand_size=len(self.hands[p]), laid=bool(self._staging.ops))

    def penalty_breakdown(self, player: int) -> PenaltyBreakdown:
        """What ``player`` pays for the round as it stands, card by card and why."""
        w = self.winner
        return penalty_breakdown(self.rules, player, self.hands[player], self.down[player], w,
                                 None if w is None else self.partners[w], self.rami_sec,
                                 self.last_discard)

    def penalty_of(self, q: int) -> int:
        """What player q pays now that the round is won (0 for the winner and its partner)."""
        return self.penalty_breakdown(q).total

    def can_redeal(self, player: int) -> bool:
        """Whether ``player`` may ask for a new deal now (rules, start of round, hand)."""
        return (self.rules.redeal and not self.over and 0 <= player < self.n and not self.started
                and not self.turn and not self._staging.ops and not self._staging.drawn
                and qualifies_for_redeal(self.hands[player]))

    def redeal_candidates(self) -> tuple[int, ...]:
        """The players who may ask for a new deal now."""
        return tuple(p for p in range(self.n) if self.can_redeal(p))

    def observation(self, player: int) -> Observation:
        """Return what ``player`` may see (see :mod:`rami_desktop.engine.observation`)."""
        return observe(self, player)

    def snapshot(self) -> dict[str, Any]:
        """Return everything that makes the state, for comparisons."""
        return {
            "hands": [[c.code for c in h] for h in self.hands],
            "talaj": [c.code for c in self.talaj],
            "stock": [c.code for c in self.stock],
            "melds": [(m.owner, m.turn, m.meld.codes() if m.meld else None) for m in self.melds],
            "down": list(self.down), "bar": self.bar, "turn": self.turn, "current": self.current,
            "first": self.first_pos, "over": self.over, "winner": self.winner,
            "penalties": self.penalties, "ops": len(self._staging.ops),
            "drawn": self._staging.drawn,
        }

    def all_cards(self) -> list[Card]:
        """Every card of the round wherever it is (for checking that none is lost)."""
        out = [c for h in self.hands for c in h] + self.talaj + self.stock
        for m in self.melds:
            if m.meld is not None:
                out.extend(m.meld.cards)
        return out


def staged_places(where: frozenset[int | str], numbers: Sequence[int]
                  ) -> frozenset[int | str]:
    """Where the taken talaj card may be, said for the opening: the index among the staged
    combinations (``numbers``), ``elsewhere`` (another combination), or ``hand``."""
    out: set[int | str] = set()
    for place in where:
        if isinstance(place, int):
            out.add(numbers.index(place) if place in numbers else ELSEWHERE)
        else:
            out.add(place)
    return frozenset(out)


def restore_position(state: RoundPosition, obs: Observation) -> None:
    """Set a freshly dealt round to the position ``obs`` shows: table, turn, talaj, staging."""
    view = obs.own_turn
    slots = obs.next_meld
    melds = [TableMeld(obs.current, obs.turn, None)] * slots
    for v in obs.melds:
        melds[v.index] = TableMeld(v.owner, v.turn, v.meld)
    state.melds = melds
    state.down = list(obs.down)
    state.bar = obs.bar
    state.turn = obs.turn
    state.current = obs.current
    state.first_pos = obs.first_card_index if obs.first_card is not None else None
    state.first_owner = obs.discards[0][0] if obs.discards else None
    state.first_turn = 0  # every turn ends with a discard: the first one ends turn 0
    state.discards = list(obs.discards)
    state.taken = list(obs.taken)
    state.held = list(obs.held)
    state.last_discard = obs.discards[-1][1] if obs.discards else None
    state.over = obs.over
    state.started = obs.started
    if view is None:  # another player's turn: only what it staged is known
        laid: list[StagedOp] = [StagedLay(i, m.cards) for i in sorted(obs.staged)
                                if (m := melds[i].meld) is not None]
        state._staging = TurnRecord(
            no_draw=obs.rules.starter_has_extra_card and obs.turn == 0,
            first_new=min(obs.staged, default=slots), ops=laid, created=sorted(obs.staged),
            snapped=bool(obs.staged))
        return
    pickup = view.pickup
    state._staging = TurnRecord(
        drawn=view.drawn, no_draw=view.no_draw, pickup=pickup,
        pickup_baseline=view.start_hand.count(pickup) - 1 if pickup is not None else 0,
        joker_baseline=view.jokers_at_start, snap_hand=list(view.start_hand),
        snap_melds=[replace(melds[i], meld=m) for i, m in enumerate(view.start_table)],
        first_new=len(view.start_table),
        ops=list(view.ops), created=list(view.created), snapped=view.may_lay)


def observe(state: RoundPosition, player: int, scores: tuple[int, ...] = ()) -> Observation:
    """Build a player's observation of a round (a :class:`.state.RoundState`)."""
    return Observation(**shared_of(state, scores), **own_of(state, player))


def shared_of(state: RoundPosition, scores: tuple[int, ...] = ()) -> dict[str, Any]:
    """What every player's observation of a round holds alike (every field but those
    :func:`own_of` gives)."""
    staged = tuple(state.staged) if not state.over else ()
    views = tuple(
        MeldView(i, m.owner, m.meld, i in staged, m.turn)
        for i, m in enumerate(state.melds)
        if m.meld is not None
    )
    return {
        "rules": state.rules,
        "n": state.n,
        "dealer": state.dealer,
        "current": state.current,
        "turn": state.turn,
        "hand_sizes": tuple(len(h) for h in state.hands),
        "down": tuple(state.down),
        "melds": views,
        "talaj": tuple(state.talaj),
        "first_card": state.first_card,
        "first_card_index": state.first_pos,
        "stock_size": len(state.stock),
        "bar": state.required_points(),
        "going_out_min": state.going_out_min(),
        "staged": staged,
        "discards": tuple(state.discards),
        "taken": tuple(state.taken),
        "held": tuple(state.held),
        "partners": state.partners,
        "scores": scores,
        "over": state.over,
        "started": state.started,
        "next_meld": len(state.melds),
    }


def own_of(state: RoundPosition, player: int) -> dict[str, Any]:
    """What a player's observation of a round holds of its own (its hand, and its turn's
    draw, pickup and operations while it plays): every other field of it is the same for
    every player."""
    mine = state.current == player and not state.over
    return {"player": player, "hand": tuple(state.hands[player]),
            "has_drawn": state.has_drawn if mine else False,
            "pickup": state.pickup if mine else None,
            "own_turn": state.turn_view() if mine else None,
            "may_redeal": state.can_redeal(player)}
