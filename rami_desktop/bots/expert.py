"""The expert's discard: hard's choice, weighed against what each candidate would give away.

Before each discard the expert deals the cards it cannot see many times over
(:meth:`RoundState.from_observation <rami_desktop.engine.state.RoundState.from_observation>`,
with its own seeded generator: the cards seen taken into a hand are placed there). A player
keeps the cards that fit together and throws the others, so the next player's hand in each
deal is the best of its dealt cards and of as many more as it drew from the stock
(:func:`likely_hand`). The expert counts, for each of its best discards, how often that player
could take it from the talaj and open with it, or go out with it (:func:`feed_risks`). It then
keeps the discard whose cost is least: the outs and keep value it gives up against hard's
choice, plus the weighted chances of feeding (:func:`expert_discard`). The player after the
next never gets the card (the next discard covers it); a partner is never fed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.melds import Meld, card_points
from ..engine.observation import Observation
from ..engine.opening import going_out_points
from ..engine.openings import OpeningTerms, Route, clean_card, laying_request, terms_of
from ..engine.rules import GoingOutPoints
from ..engine.solver import find_opening
from ..engine.solver_table import loose_cards, remove_cards, table_decompositions
from ..engine.state import RoundState
from .plan import forms_meld, near
from .style import Style

#: the next player's last discards that tell what it does not keep
THROWN = 30
#: how much less a card fits for each of those it would have fitted
THROWN_FIT = 3.0
#: how much more a card fits per opening point, where the opening needs points
POINTS_FIT = 1.0


@dataclass(frozen=True)
class Risk:
    """How often, over the determinisations, a card taken from the talaj would make a
    combination with the next player's cards (``fits``), let it open (``opens``) or go out
    (``out``)."""

    fits: float = 0.0
    opens: float = 0.0
    out: float = 0.0
    gain: float = 0.0


def next_terms(obs: Observation, st: RoundState, q: int) -> OpeningTerms:
    """The terms of player ``q``'s opening after this turn (the bar risen by an opening the bot
    makes now)."""
    rules = obs.rules
    bar = st.required_points()
    status = st.opening_status()
    if status.opens and rules.rising_bar and len(st.hands[obs.player]) > 1:
        bar = max(bar, status.staged_points + 1)
    out_min = None if st.going_out_min() is None else going_out_points(rules, bar)
    partner = obs.partners[q]
    return terms_of(rules, bar, out_min, partner is not None and obs.down[partner])


def feed_risks(obs: Observation, st: RoundState, candidates: Sequence[Card],
               rng: random.Random, samples: int, gain: bool = False) -> dict[Card, Risk]:
    """For each candidate discard, the share of ``samples`` deals of the unseen cards in which
    the next player could open or go out with it (see the module's description), and
    (``gain``) in which the bot, still not down, would open next turn with the card that
    player is likely to throw.

    Args:
        obs: the bot's observation (its turn, drawn, nothing laid yet).
        st: the bot's sandbox after the layings it plans this turn.
        candidates: the discards weighed.
        rng: the bot's generator (each deal draws from it).
        samples: deals of the unseen cards.
        gain: also count the bot's own opening with the next player's likely discard.
    """
    p = obs.player
    q = (p + 1) % obs.n
    cards = sorted({c for c in candidates if not c.is_joker})
    none = {c: Risk() for c in candidates}
    if obs.partners[p] == q or not cards:
        return none
    rules = obs.rules
    terms = next_terms(obs, st, q)
    table = st.table_melds()
    touch = _table_touch(table)
    counts = {kind: dict.fromkeys(cards, 0) for kind in ("fit", "open", "out", "gain")}
    mine = _own_targets(obs, st) if gain else None
    for _ in range(samples):
        hand, drawn = likely_hand(obs, q, rng, with_draw=True)
        if mine is not None and drawn is not None:
            thrown = likely_discard([*hand, drawn], obs)
            if thrown is not None:
                for c in _opened_with(st.hands[p], cards, thrown, mine, obs):
                    counts["gain"][c] += 1
        if obs.down[q]:
            for c in cards:
                if rules.lay_before_out and _down_goes_out(hand, c, table, touch, obs):
                    counts["out"][c] += 1
            continue
        for c, kinds in _not_down_feeds(hand, cards, terms, obs).items():
            for kind in kinds:
                counts[kind][c] += 1
    kinds = ("fit", "open", "out", "gain")
    return {c: Risk(*(counts[kind].get(c, 0) / samples for kind in kinds))
            if not c.is_joker else Risk() for c in candidates}


def _own_targets(obs: Observation, st: RoundState) -> OpeningTerms | None:
    """The bot's own opening terms for its next turn, when it stays not down this turn (with
    the talaj where a card taken is laid at once)."""
    rules = obs.rules
    if obs.down[obs.player] or st.opening_status().opens or not (
            rules.top_card_must_lay and rules.lay_before_out):
        return None
    return terms_of(rules, st.required_points(), st.going_out_min(),
                    st.partner_down(obs.player))


def likely_discard(hand: Sequence[Card], obs: Observation) -> Card | None:
    """The card a player holding ``hand`` would throw: the one that fits least (no joker)."""
    rules = obs.rules
    high = POINTS_FIT if rules.threshold and rules.going_out_points is not (
        GoingOutPoints.NONE) else 0.0
    scored = [(fit, i) for i, fit in enumerate(fit_scores(hand, (), high, rules.ace_value))
              if not hand[i].is_joker]
    return hand[min(scored)[1]] if scored else None


def _opened_with(mine: Sequence[Card], cards: Sequence[Card], thrown: Card,
                 terms: OpeningTerms, obs: Observation) -> list[Card]:
    """The candidate discards after which the bot, taking ``thrown`` from the talaj next turn,
    opens with it."""
    rules = obs.rules
    clean = clean_card(rules, thrown)
    out: list[Card] = []
    for c in cards:
        rest = list(mine)
        rest.remove(c)
        if not forms_meld(thrown, rest):
            continue
        with_card = [*rest, thrown]
        if any(find_opening(with_card, terms.request(route, must_use=thrown,
                                                     clean_exclude=clean)) is not None
               for route in terms.routes()):
            out.append(c)
    return out


def likely_hand(obs: Observation, q: int, rng: random.Random, with_draw: bool = False
                ) -> tuple[list[Card], Card | None]:
    """Player ``q``'s hand in one deal of the unseen cards (the round dealt again from what
    ``obs`` shows): the cards known to be in it, then the best-fitting of its dealt cards and
    of one stock card per stock draw it made (:func:`fit_scores`); and (``with_draw``) one more
    stock card of that deal, its next draw."""
    det = RoundState.from_observation(obs, rng)
    hand = det.hands[q]
    size = len(hand)
    draws = sum(1 for who, _ in obs.discards if who == q) - sum(
        1 for who, _ in obs.taken if who == q)
    used = min(max(0, draws), len(det.stock))
    extra = det.stock[len(det.stock) - used:]
    rest = det.stock[:len(det.stock) - used]
    drawn = rest[-1] if with_draw and rest else None
    if not extra:
        return hand, drawn
    known = Counter(c for who, c in obs.held if who == q)
    kept: list[Card] = []
    loose: list[tuple[float, float, Card]] = []
    pool = [*hand, *extra]
    thrown = [c for who, c in obs.discards[-THROWN * obs.n:] if who == q and not c.is_joker]
    rules = obs.rules
    high = POINTS_FIT if rules.threshold and rules.going_out_points is not (
        GoingOutPoints.NONE) else 0.0
    for card, fit in zip(pool, fit_scores(pool, thrown, high, rules.ace_value), strict=True):
        if known[card] > 0:
            known[card] -= 1
            kept.append(card)
        else:
            loose.append((-fit, rng.random(), card))
    loose.sort()
    return kept + [c for _, _, c in loose[:size - len(kept)]], drawn


def fit_scores(cards: Sequence[Card], thrown: Sequence[Card] = (), high: float = 0.0,
               ace_value: int = 10) -> list[float]:
    """How well each card fits with the others: other suits of its rank, neighbours of its
    suit (one place away counts twice as much as two); a joker fits everywhere. A card that
    would have fitted a card the player threw away fits less (it would have kept that one);
    with ``high``, high cards fit more (they make the opening's points)."""
    suits_of: dict[int, set[str]] = {}
    places: dict[str, set[int]] = {}
    for c in cards:
        if not c.is_joker:
            suits_of.setdefault(c.rank, set()).add(c.suit)
            places.setdefault(c.suit, set()).update(_places(c))
    out: list[float] = []
    for c in cards:
        if c.is_joker:
            out.append(100.0)
            continue
        others = len(suits_of[c.rank]) - 1
        fit = 2.0 * others + (1.0 if others >= 2 else 0.0) + high * card_points(c.rank,
                                                                                ace_value)
        have = places[c.suit]
        for x in _places(c):
            fit += 2.0 * ((x - 1 in have) + (x + 1 in have)) + (x - 2 in have) + (x + 2 in have)
        fit -= THROWN_FIT * sum(1 for t in thrown if t != c and (
            t.rank == c.rank or (t.suit == c.suit and near(t, c))))
        out.append(fit)
    return out


def _places(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 1 else (card.rank,)


def _reach(cards: Sequence[Card], ace_value: int,
           placed: tuple[set[int], set[str]] = (set(), set())) -> tuple[int, int]:
    """Quick bounds for a hand: the points of the cards that could sit in a franche
    combination (other suits of their rank, or a run of three in their suit), and how many real
    cards could sit in no combination at all (not even with the hand's jokers), leaving out
    those of the ranks and suits in ``placed`` (they may go elsewhere)."""
    suits_of: dict[int, set[str]] = {}
    places: dict[str, set[int]] = {}
    jokers = 0
    for c in cards:
        if c.is_joker:
            jokers += 1
        else:
            suits_of.setdefault(c.rank, set()).add(c.suit)
            places.setdefault(c.suit, set()).update(_places(c))
    points = 0
    loose = 0
    for c in cards:
        if c.is_joker:
            continue
        others = len(suits_of[c.rank]) - 1
        have = places[c.suit]
        run = any((x - 1 in have and x - 2 in have) or (x - 1 in have and x + 1 in have)
                  or (x + 1 in have and x + 2 in have) for x in _places(c))
        if others >= 2 or run:
            points += card_points(c.rank, ace_value)
        elif c.rank not in placed[0] and c.suit not in placed[1] and not (jokers and (
                others or any(x + d in have for x in _places(c) for d in (-2, -1, 1, 2)))):
            loose += 1
    return points, loose


def _has_shape(hand: Sequence[Card]) -> bool:
    """A quick necessary test that a hand holds a franche tria and a franche série."""
    suits_of: dict[int, set[str]] = {}
    places: dict[str, set[int]] = {}
    for c in hand:
        if not c.is_joker:
            suits_of.setdefault(c.rank, set()).add(c.suit)
            places.setdefault(c.suit, set()).update(_places(c))
    if not any(len(s) >= 3 for s in suits_of.values()):
        return False
    return any(x + 1 in have and x + 2 in have for have in places.values() for x in have)


def _not_down_feeds(hand: list[Card], cards: Sequence[Card], terms: OpeningTerms,
                    obs: Observation) -> dict[Card, tuple[str, ...]]:
    """Which cards, taken by a player not down holding ``hand``, make a combination with its
    cards (``fit``), and let it go out (``out``) or open (``open``, when the hand could not
    open alone) this turn."""
    rules = obs.rules
    must_lay = rules.top_card_must_lay
    near = [c for c in cards if forms_meld(c, hand)]
    out: dict[Card, tuple[str, ...]] = {c: ("fit",) for c in near}
    route = Route.SERIE if terms.partner_down else Route.BAR
    if not near or (must_lay and rules.clean_own_cards and rules.lay_before_out
                    and route is Route.BAR and not _has_shape(hand)):
        return out  # the card taken is no own card: the hand alone holds the tria and série
    serie = route is Route.SERIE
    opens_here = must_lay and rules.lay_before_out
    for c in near:
        with_card = [*hand, c]
        points, loose = _reach(with_card, rules.ace_value)
        may_out = loose <= 1 and (serie or points >= terms.out_points)
        may_open = opens_here and (serie or points >= terms.bar)
        if not (may_out or may_open):
            continue
        clean = clean_card(rules, c) if must_lay else None
        if may_out and find_opening(with_card, terms.going_out_request(must_use=c,
                                                                        clean_exclude=clean)):
            out[c] = ("fit", "out")
        elif may_open and find_opening(
                with_card, terms.request(route, must_use=c, clean_exclude=clean)) and (
                find_opening(hand, terms.request(route)) is None):
            out[c] = ("fit", "open")
    return out


def _table_touch(table: Sequence[Meld]) -> tuple[set[int], set[str]]:
    """The ranks of the trias that take one more card, and the suits of the séries: a card of
    neither can go on no table combination."""
    ranks = {m.rank for m in table if m.is_tria and len(m.cards) < 4}
    suits = {m.suit for m in table if not m.is_tria}
    return ranks, suits


def _down_goes_out(hand: list[Card], card: Card, table: Sequence[Meld],
                   touch: tuple[set[int], set[str]], obs: Observation) -> bool:
    """Whether a player down holding ``hand`` goes out at once with ``card`` taken (new
    combinations and additions to ``table``, every card but one; the card laid if it must)."""
    rules = obs.rules
    cards = [*hand, card]
    _, loose = _reach(cards, rules.ace_value, touch)
    if loose > 1:
        return False  # two cards fit nowhere, neither in the hand nor on the table
    splits = table_decompositions(cards, table, rules.jokers_per_meld)
    if loose_cards(cards, {c for taken, _ in splits for c in taken}, rules) > 1:
        return False
    for taken, _ in [((), []), *splits[:200]]:
        rest = remove_cards(cards, taken)
        if not rest:
            continue
        must = card if rules.top_card_must_lay and card not in taken else None
        if find_opening(rest, laying_request(rules, must_use=must)) is not None:
            return True
    return False


def expert_discard(obs: Observation, st: RoundState, style: Style, rng: random.Random,
                   shortlist: Sequence[Card], values: Mapping[Card, float],
                   outs: Mapping[Card, int], choice: Card) -> Card:
    """The discard of least cost among ``shortlist``: the outs (``outs``) and keep value
    (``values``) given up against hard's ``choice``, plus the weighted chances of feeding the
    next player (:func:`feed_risks`)."""
    risks = feed_risks(obs, st, shortlist, rng, style.feed_samples, style.talaj_gain > 0)

    def cost(c: Card) -> float:
        # never below hard's choice: it has the most outs, and the least keep value among
        # those (a card kept less than it costs nothing more)
        r = risks[c]
        own = style.outs_weight * (outs.get(choice, 0) - outs.get(c, 0)) + max(
            0.0, values.get(c, 0.0) - values.get(choice, 0.0))
        return (own + style.feed_out * r.out + style.feed_open * r.opens
                + style.feed_fit * r.fits - style.talaj_gain * r.gain)

    best = choice
    best_cost = cost(choice)
    for c in shortlist:
        if c.is_joker or c == choice:
            continue
        k = cost(c)
        if k < best_cost:
            best, best_cost = c, k
    return best
