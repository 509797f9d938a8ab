"""What one player may see of a round: never another player's hand nor the stock.

An :class:`Observation` is built from the state and holds no reference to it, so a bot given an
observation cannot reach hidden cards: it simply does not have them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .melds import Meld
from .rules import Rules


@dataclass(frozen=True)
class MeldView:
    """A combination on the table as everyone sees it."""

    index: int
    owner: int
    meld: Meld
    staged: bool


@dataclass(frozen=True)
class Observation:
    """One player's view of the round.

    Attributes:
        player: whose view this is.
        rules: the rules in force.
        n: number of players.
        dealer: the dealer's seat.
        current: whose turn it is.
        turn: turns played so far in the round.
        hand: the player's own cards.
        hand_sizes: how many cards each player holds.
        down: whether each player is down (has made the opening).
        melds: the non-empty combinations on the table.
        talaj: the discard pile, bottom first (every discard was seen by all).
        first_card: the round's first discard while it can still be taken.
        first_card_index: its position in ``talaj``.
        stock_size: cards left in the stock.
        bar: the points an opening needs now.
        going_out_min: points an opening that empties the hand needs (None: the bar).
        has_drawn: whether the current player may lay and discard.
        pickup: the top card the current player took this turn (to be laid).
        staged: numbers of the combinations laid this turn (still tentative).
        discards: every discard of the round, in order, with who made it.
        taken: every card taken from the talaj this round, with who took it.
        partners: each seat's team partner, if any.
        scores: match totals before this round, when known.
        over: whether the round has ended.
    """

    player: int
    rules: Rules
    n: int
    dealer: int
    current: int
    turn: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    down: tuple[bool, ...]
    melds: tuple[MeldView, ...]
    talaj: tuple[Card, ...]
    first_card: Card | None
    first_card_index: int | None
    stock_size: int
    bar: int
    going_out_min: int | None
    has_drawn: bool
    pickup: Card | None
    staged: tuple[int, ...]
    discards: tuple[tuple[int, Card], ...]
    taken: tuple[tuple[int, Card], ...]
    partners: tuple[int | None, ...]
    scores: tuple[int, ...] = ()
    over: bool = False

    @property
    def my_turn(self) -> bool:
        """Whether it is this player's turn."""
        return self.current == self.player and not self.over

    @property
    def top(self) -> Card | None:
        """The talaj's top card."""
        return self.talaj[-1] if self.talaj else None

    def table(self) -> tuple[Meld, ...]:
        """The combinations on the table."""
        return tuple(v.meld for v in self.melds)


def observe(state, player: int, scores: tuple[int, ...] = ()) -> Observation:  # noqa: ANN001
    """Build a player's observation of a :class:`~rami_desktop.engine.state.RoundState`."""
    current = state.current
    staged = tuple(state.staged) if not state.over else ()
    views = tuple(
        MeldView(i, m.owner, m.meld, i in staged)
        for i, m in enumerate(state.melds)
        if m.meld is not None
    )
    mine = current == player
    return Observation(
        player=player,
        rules=state.rules,
        n=state.n,
        dealer=state.dealer,
        current=current,
        turn=state.turn,
        hand=tuple(state.hands[player]),
        hand_sizes=tuple(len(h) for h in state.hands),
        down=tuple(state.down),
        melds=views,
        talaj=tuple(state.talaj),
        first_card=state.first_card,
        first_card_index=state.first_pos,
        stock_size=len(state.stock),
        bar=state.required_points(),
        going_out_min=state.going_out_min(),
        has_drawn=state.has_drawn if mine else False,
        pickup=state.t.pickup if mine else None,
        staged=staged,
        discards=tuple(state.discards),
        taken=tuple(state.taken),
        partners=state.partners,
        scores=scores,
        over=state.over,
    )
