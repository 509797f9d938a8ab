"""What one player may see of a round: never another player's hand nor the stock.

An :class:`Observation` is built from the state and holds no reference to it, so a bot given an
observation cannot reach hidden cards: it simply does not have them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .cards import Card, full_deck
from .melds import Meld
from .rules import Rules
from .turn import TurnView


@dataclass(frozen=True)
class MeldView:
    """A combination on the table as everyone sees it (``turn``: the turn it was laid)."""

    index: int
    owner: int
    meld: Meld
    staged: bool
    turn: int = 0


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
        held: the cards seen taken from the talaj into a hand and not seen leaving it since,
            with who holds them (they are in that hand).
        partners: each seat's team partner, if any.
        scores: match totals before this round, when known.
        over: whether the round has ended.
        own_turn: on the player's own turn, what it has done so far (else None).
        started: some action was taken this round (no redeal may be asked for any more).
        next_meld: the number the next combination laid will get (taken-back ones keep theirs).
        may_redeal: the player may ask for a new deal now (RoundState.can_redeal).
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
    held: tuple[tuple[int, Card], ...]
    partners: tuple[int | None, ...]
    scores: tuple[int, ...] = ()
    over: bool = False
    own_turn: TurnView | None = None
    started: bool = False
    next_meld: int = 0
    may_redeal: bool = False

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


_DECK: Counter[Card] = Counter(full_deck())
_ORDER: tuple[Card, ...] = tuple(sorted(_DECK))


def unseen_cards(obs: Observation) -> list[Card]:
    """The cards the player cannot see (the other hands and the stock together), in order."""
    seen = Counter(obs.hand)
    seen.update(obs.talaj)
    for view in obs.melds:
        seen.update(view.meld.cards)
    return [c for c in _ORDER for _ in range(_DECK[c] - seen[c])]


def known_cards(obs: Observation, unseen: list[Card] | None = None) -> list[list[Card]]:
    """The cards the observer knows are in each other hand: those seen taken into it and not
    seen leaving it (``obs.held``), as far as unseen copies remain (none for the observer).

    The player to move comes last: a card it laid this turn is on the table until its discard
    takes it off the record, and must not use up a copy another hand holds.
    """
    left = Counter(unseen_cards(obs) if unseen is None else unseen)
    known: list[list[Card]] = [[] for _ in obs.hand_sizes]
    for q, card in sorted(obs.held, key=lambda entry: entry[0] == obs.current):
        if q != obs.player and left[card] > 0 and len(known[q]) < obs.hand_sizes[q]:
            known[q].append(card)
            left[card] -= 1
    return known


def deal_hidden(obs: Observation, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Deal the unseen cards: each hand (own hand as seen) gets the cards known to be in it
    (:func:`known_cards`), the rest at random; then the stock, top last.

    Raises:
        ValueError: the observation's sizes do not add up to the unseen cards.
    """
    unseen = unseen_cards(obs)
    hidden = sum(k for q, k in enumerate(obs.hand_sizes) if q != obs.player) + obs.stock_size
    if hidden != len(unseen):
        raise ValueError(f"observation: {len(unseen)} unseen cards for {hidden} hidden places")
    known = known_cards(obs, unseen)
    for cards in known:
        for c in cards:
            unseen.remove(c)
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for q, k in enumerate(obs.hand_sizes):
        if q == obs.player:
            hands.append(list(obs.hand))
        else:
            take = k - len(known[q])
            hands.append([*known[q], *unseen[:take]])
            del unseen[:take]
    return hands, unseen
