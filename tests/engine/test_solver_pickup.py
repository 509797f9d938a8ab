"""The talaj pickup check (RULES.md §4): accepted iff some legal laying this turn uses the card."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from pickup_brute import (
    brute_down,
    brute_not_down,
    near_cards,
    random_table,
    small_opening_hand,
)

from rami_desktop.engine.cards import JOKER, Card, parse_card, parse_cards
from rami_desktop.engine.melds import Meld, make_meld
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.solver.pickup import PickupContext, pickup_playable
from tests.conftest import some_by_default

ALL = sorted(PRESETS)


def H(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def M(text: str) -> Meld:
    meld = make_meld(parse_cards(text.split()))
    assert meld is not None, text
    return meld


def ctx(preset: str | Rules, hand: str, card: str, *, down: bool, table: tuple[str, ...] = (),
        bar: int = 71, going_out_min: int | None = None, partner_down: bool = False,
        adds: bool | None = None, before: bool = False) -> PickupContext:
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    return PickupContext(
        hand=H(hand), card=parse_card(card), rules=rules, down=down, bar=bar,
        going_out_min=going_out_min, table=tuple(M(t) for t in table),
        partner_down=partner_down,
        adds_on_opening_turn=rules.add_on_opening_turn if adds is None else adds,
        judge_opening_before_adds=before)


# --- down -------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ALL)
def test_down_new_combination(preset: str) -> None:
    assert pickup_playable(ctx(preset, "5H 6H 2C", "7H", down=True))
    assert pickup_playable(ctx(preset, "7S 7D 2C", "7H", down=True))
    assert not pickup_playable(ctx(preset, "5H 9H 2C", "7H", down=True))
    assert not pickup_playable(ctx(preset, "7H 7S 2C", "7H", down=True))  # two 7H: no tria


@pytest.mark.parametrize("preset", ALL)
def test_down_last_card(preset: str) -> None:
    """A hand of two: a combination needing both hand cards leaves nothing to discard."""
    assert not pickup_playable(ctx(preset, "5H 6H", "7H", down=True))
    assert not pickup_playable(ctx(preset, "7S 7D", "7H", down=True))
    # but adding the card alone to the table leaves both
    assert pickup_playable(ctx(preset, "5H 6H", "7H", down=True, table=("4H 5H 6H",)))


@pytest.mark.parametrize("preset", ALL)
def test_down_extends_table(preset: str) -> None:
    assert pickup_playable(ctx(preset, "2C 9S", "7H", down=True, table=("4H 5H 6H",)))
    assert pickup_playable(ctx(preset, "2C 9S", "3H", down=True, table=("4H 5H 6H",)))
    assert pickup_playable(ctx(preset, "2C 9S", "7H", down=True, table=("7S 7D 7C",)))
    assert not pickup_playable(ctx(preset, "2C 9S", "7H", down=True,
                                   table=("7S 7D 7C 7H",)))
    assert not pickup_playable(ctx(preset, "2C 9S", "8H", down=True, table=("4H 5H 6H",)))
    # 7 then 8 onto 4-5-6
    assert pickup_playable(ctx(preset, "7H 2C", "8H", down=True, table=("4H 5H 6H",)))
    assert not pickup_playable(ctx(preset, "7H", "8H", down=True, table=("4H 5H 6H",)))
    # a joker bridging
    assert pickup_playable(ctx(preset, "JK 2C", "8H", down=True, table=("4H 5H 6H",)))
    assert not pickup_playable(ctx(preset, "JK 2C", "8H", down=True, table=("4H JK 6H",)))
    # ace high and low, no wrap
    assert pickup_playable(ctx(preset, "2C 9S", "AH", down=True, table=("JH QH KH",)))
    assert pickup_playable(ctx(preset, "2C 9S", "AH", down=True, table=("2H 3H 4H",)))
    assert not pickup_playable(ctx(preset, "2C 9S", "2H", down=True, table=("QH KH AH",)))


def test_down_joker_swap_talaj() -> None:
    table = ("7S 7D 7C JK",)
    assert pickup_playable(ctx("talaj", "2C 9D", "7H", down=True, table=table))
    assert pickup_playable(ctx("talaj", "2C 9D", "5H", down=True, table=("4H JK 6H",)))
    assert not pickup_playable(ctx("talaj", "2C 9D", "9H", down=True, table=("4H JK 6H",)))


def test_down_joker_swap_complete_four() -> None:
    """rami-talaj: 3 real + joker only, and the joker freed must be laid this turn."""
    table = ("7S 7D 7C JK",)
    assert not pickup_playable(ctx("rami-talaj", "2C 9D", "7H", down=True, table=table))
    # the joker can go onto a série on the table
    assert pickup_playable(ctx("rami-talaj", "2C 9D", "7H", down=True,
                               table=(*table, "4S 5S 6S")))
    # or into a new combination with hand cards (9D 10D + joker), one card still kept
    assert pickup_playable(ctx("rami-talaj", "2C 9D 10D", "7H", down=True, table=table))
    assert not pickup_playable(ctx("rami-talaj", "9D 10D", "7H", down=True, table=table))
    # a tria of 2 real + joker gives no joker under COMPLETE_FOUR; the card still extends it
    assert pickup_playable(ctx("rami-talaj", "2C 9D", "7H", down=True, table=("7S 7D JK",)))
    talaj_like = PRESETS["talaj"].with_options(tria_swap="complete_four")
    assert pickup_playable(ctx(talaj_like, "2C 9D", "7H", down=True, table=table))


def test_down_joker_freed_by_a_hand_card() -> None:
    """A hand card takes a table joker's place; that joker then joins the card."""
    # 5D swaps the joker of 4D-JK-6D; JK + 9H + card 10H... 9H JK 10H is no série, but 9H 10H JK is
    assert pickup_playable(ctx("talaj", "5D 9H 2C", "10H", down=True, table=("4D JK 6D",)))
    assert not pickup_playable(ctx("talaj", "5S 9H 2C", "10H", down=True, table=("4D JK 6D",)))


# --- not down ---------------------------------------------------------------------------------

ONLY_TRIA = "7S 7D 8C 9C 10C JC QC KC 2S 4H 6S 9D JH 3S"


@pytest.mark.parametrize("preset,expected", [("talaj", False), ("rami-talaj", False),
                                             ("tallage", True)])
def test_card_only_usable_in_the_clean_tria(preset: str, expected: bool) -> None:
    assert pickup_playable(ctx(preset, ONLY_TRIA, "7H", down=False)) is expected


def test_card_only_usable_in_the_clean_tria_with_an_own_copy() -> None:
    """An own 7♥ makes the clean tria; the 7♥ taken goes into 7-8-9♥."""
    hand = "7H 7S 7D 8H 9H 8C 9C 10C JC QC KC 2S 4D 6S"
    assert pickup_playable(ctx("talaj", hand, "7H", down=False))
    assert not pickup_playable(ctx("talaj", hand.replace("7H", "3D"), "7H", down=False))
    # one 7♥ in hand, the taken one laid in the tria: not own, and the hand's copy stays
    assert not pickup_playable(ctx("talaj", "7H 7S 7D 8C 9C 10C JC QC KC 2S 4D 6S 3H 5H",
                                   "7H", down=False))


@pytest.mark.parametrize("preset", ["talaj", "rami-talaj", "tallage"])
def test_card_in_another_combination(preset: str) -> None:
    hand = "KS KH KD 9C 10C JC QC 5H 6H 2S 4D 8S 3C 2D"
    assert pickup_playable(ctx(preset, hand, "7H", down=False))
    assert not pickup_playable(ctx(preset, hand, "7H", down=False, bar=101))
    assert not pickup_playable(ctx(preset, hand, "9S", down=False))


def test_not_down_extends_own_opening_meld() -> None:
    """K♠K♥K♦K♣ Q♠Q♥Q♦ 4-5-6♥ (85) of own cards, then 7♥ added to the série.

    Judged at the discard (state.py), 4-5-6-7♥ holds the card and is the only série: refused.
    Judged before the additions, the own 4-5-6♥ made the opening: accepted.
    """
    hand = "KS KH KD KC QS QH QD 4H 5H 6H 2C 9D 7S 3C"
    assert not pickup_playable(ctx("talaj", hand, "7H", down=False))
    assert pickup_playable(ctx("talaj", hand, "7H", down=False, before=True))
    assert pickup_playable(ctx("talaj", hand, "3H", down=False, before=True))
    # without adds on the opening turn, never
    assert not pickup_playable(ctx("talaj", hand, "7H", down=False, adds=False, before=True))
    # the own part must reach the bar by itself
    assert not pickup_playable(ctx("talaj", hand, "7H", down=False, bar=86, before=True))
    # tallage counts the card as own
    assert pickup_playable(ctx("tallage", hand, "7H", down=False))
    # a tria of three own cards takes the fourth
    three = "KS KH KD QS QH QD 4H 5H 6H 2C 9D 7S 3C 8D"
    assert pickup_playable(ctx("talaj", three, "KC", down=False, before=True))
    # (judged at the discard too: Q♠Q♥Q♦ is the clean tria, K♠K♥K♦K♣ another combination)
    assert pickup_playable(ctx("talaj", three, "KC", down=False))


def test_joker_added_to_own_opening_meld() -> None:
    """Going out: 2♠2♥2♦ + 6-7-8♦ (27), the 2♣ taken onto the tria, the joker onto the série."""
    hand = "2D 2H 2S 6D 7D 8D JK 6C"
    assert pickup_playable(ctx("talaj", hand, "2C", down=False, bar=30, going_out_min=0,
                               before=True))
    # judged at the discard the série holds a joker: no franche série left
    assert not pickup_playable(ctx("talaj", hand, "2C", down=False, bar=30, going_out_min=0))


def test_clean_tria_split_from_a_long_serie() -> None:
    """The card may sit in a franche série when another own série makes the condition."""
    hand = "KS KH KD 8C 9C 10C JC QC 2S 4H 6S 9D 3D 5D"
    assert pickup_playable(ctx("talaj", hand, "7C", down=False, adds=False))
    assert pickup_playable(ctx("talaj", hand, "KC", down=False, adds=False))


def test_not_down_extends_table_after_opening() -> None:
    hand = "KS KH KD 8C 9C 10C JC QC 2S 4H 6S 9D 3D 5D"
    table = ("4D 5D 6D",)
    assert pickup_playable(ctx("talaj", hand, "7D", down=False, table=table))
    assert not pickup_playable(ctx("tallage", hand, "7D", down=False, table=table))
    assert not pickup_playable(ctx("talaj", hand, "7D", down=False, table=table, bar=78))


def test_not_down_swap_after_opening() -> None:
    hand = "KS KH KD 8C 9C 10C JC QC 2S 4H 6S 9D 3D 5D"
    assert pickup_playable(ctx("talaj", hand, "5H", down=False, table=("4H JK 6H",)))
    assert not pickup_playable(ctx("tallage", hand, "5H", down=False, table=("4H JK 6H",)))


def test_going_out() -> None:
    hand = "KS KH KD 9C 10C JC QC 2S"
    # 69 own points, K♣ added, out with 2S: the going-out minimum applies, not the bar
    assert pickup_playable(ctx("talaj", hand, "KC", down=False, bar=101, going_out_min=69,
                               before=True))
    assert not pickup_playable(ctx("talaj", hand, "KC", down=False, bar=101, going_out_min=70,
                                   before=True))
    assert not pickup_playable(ctx("talaj", hand, "KC", down=False, bar=101, before=True))
    # judged at the discard, K♣ sits in the only tria or the only série: refused
    assert not pickup_playable(ctx("talaj", hand, "KC", down=False, bar=101, going_out_min=69))
    # 8-Q♣ splits: 8-9-10♣ own, J-Q-K♣ with the card, 87 points
    assert pickup_playable(ctx("talaj", "KS KH KD 8C 9C 10C JC QC 2S", "KC", down=False,
                               bar=101, going_out_min=87))
    small = "4S 4H 4D 9C 10C 2S"
    assert pickup_playable(ctx("tallage", small, "JC", down=False, going_out_min=0))
    assert not pickup_playable(ctx("tallage", small, "JC", down=False))
    # rami-talaj: 9-10-J♣ holds the card, so it is not a série of own cards
    assert not pickup_playable(ctx("rami-talaj", small, "JC", down=False, going_out_min=0))
    # 4♣ onto the own tria 4♠4♥4♦: only if the opening is judged before that addition
    assert not pickup_playable(ctx("rami-talaj", "4S 4H 4D 9C 10C JC 2S", "4C", down=False,
                                   going_out_min=0))
    assert pickup_playable(ctx("rami-talaj", "4S 4H 4D 9C 10C JC 2S", "4C", down=False,
                               going_out_min=0, before=True))


def test_simple_lays_only_the_whole_hand() -> None:
    assert pickup_playable(ctx("simple", "KS KH KD 8C 9C 10C 2S", "JC", down=False,
                               going_out_min=0))
    assert not pickup_playable(ctx("simple", "KS KH KD 8C 9C 10C 2S 3D", "JC", down=False,
                                   going_out_min=0, bar=0))


def test_partner_down_serie_only() -> None:
    hand = "4H 5H 6H 9S 9D 2C"
    assert pickup_playable(ctx("rami-talaj", hand, "9H", down=False, partner_down=True))
    assert not pickup_playable(ctx("rami-talaj", hand, "9H", down=False))
    # the série must be of own cards
    assert not pickup_playable(ctx("rami-talaj", "4H 5H 9S 2C", "6H", down=False,
                                   partner_down=True))
    # own série, then the card on the table
    assert pickup_playable(ctx("rami-talaj", "4H 5H 6H 2C 9D", "8S", down=False,
                               partner_down=True, table=("5S 6S 7S",)))


@pytest.mark.parametrize("preset", ALL)
def test_not_down_small_hands(preset: str) -> None:
    assert not pickup_playable(ctx(preset, "5H 6H", "7H", down=False, bar=0, going_out_min=0))
    assert not pickup_playable(ctx(preset, "5H", "7H", down=False, bar=0, going_out_min=0))


@pytest.mark.parametrize("preset", ["talaj", "rami-talaj"])
def test_down_agrees_with_brute_force(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(len(preset))
    checked = 0
    for _ in range(400):
        table = random_table(rng)
        if not table:
            continue
        hand = near_cards(table, rng, rng.randint(1, 4))
        card = near_cards(table, rng, 1)[0]
        everything = [*hand, card, *(c for m in table for c in m.cards)]
        if any(n > (4 if c.is_joker else 2) for c, n in Counter(everything).items()):
            continue
        want = brute_down(hand, card, table, rules)
        got = pickup_playable(PickupContext(hand=tuple(hand), card=card, rules=rules, down=True,
                                            table=tuple(table)))
        assert got == want, ([c.code for c in hand], card.code, [m.codes() for m in table])
        checked += 1
    assert checked > 200


def test_joker_on_top_of_the_talaj() -> None:
    # down: with two hand cards into a new combination, or onto the table
    assert pickup_playable(ctx("talaj", "5H 6H 2C", "JK", down=True))
    assert not pickup_playable(ctx("talaj", "5H 6H", "JK", down=True))
    assert not pickup_playable(ctx("talaj", "5H 9C 2C", "JK", down=True))
    assert pickup_playable(ctx("talaj", "9C", "JK", down=True, table=("4H 5H 6H",)))
    assert not pickup_playable(ctx("talaj", "9C", "JK", down=True, table=("4H JK 6H",)))
    # not down: in a non-franche combination of the opening, or after it onto a combination
    hand = "KS KH KD 8C 9C 10C JC QC 2S 4H 6S 9D 3D 5D"
    assert pickup_playable(ctx("talaj", hand, "JK", down=False))
    assert not pickup_playable(ctx("talaj", hand, "JK", down=False, bar=78))
    assert pickup_playable(ctx("tallage", hand, "JK", down=False))


def test_not_down_joker_freed_after_the_opening() -> None:
    """Open with own cards, give 5♦ for the table joker, lay 9♥ 10♥ JK."""
    hand = "KS KH KD 8C 9C 10C JC QC 5D 9H 2S 4S 6S 3D"
    table = ("4D JK 6D",)
    assert pickup_playable(ctx("talaj", hand, "10H", down=False, table=table))
    assert not pickup_playable(ctx("talaj", hand, "10H", down=False, table=("4D 5D 6D",)))
    assert not pickup_playable(ctx("tallage", hand, "10H", down=False, table=table))
    # no opening of own cards reaches 78
    assert not pickup_playable(ctx("talaj", hand, "10H", down=False, table=table, bar=78))


@pytest.mark.parametrize("before", [False, True], ids=["at_discard", "before_adds"])
@pytest.mark.parametrize("preset", some_by_default(["talaj", "tallage", "rami-talaj"], 2))
def test_not_down_agrees_with_brute_force(preset: str, before: bool) -> None:
    rules = PRESETS[preset]
    rng = random.Random(7 + len(preset))
    checked = positive = 0
    for _ in range(300):
        hand = small_opening_hand(rng)
        table = random_table(rng)
        card = near_cards([*table, *(m for m in [make_meld(hand[:3])] if m)], rng, 1)[0]
        if card.is_joker:
            continue
        everything = [*hand, card, *(c for m in table for c in m.cards)]
        if any(n > (4 if c.is_joker else 2) for c, n in Counter(everything).items()):
            continue
        bar = rng.choice([0, 15, 30])
        gom = rng.choice([None, 0])
        partner = preset == "rami-talaj" and rng.random() < 0.3
        adds = rules.add_on_opening_turn
        want = brute_not_down(hand, card, rules, table, bar, gom, partner, adds, before)
        got = pickup_playable(PickupContext(
            hand=tuple(hand), card=card, rules=rules, down=False, bar=bar, going_out_min=gom,
            table=tuple(table), partner_down=partner, adds_on_opening_turn=adds,
            judge_opening_before_adds=before))
        assert got == want, ([c.code for c in hand], card.code, [m.codes() for m in table],
                             bar, gom, partner)
        checked += 1
        positive += got
    assert checked > 150 and 5 < positive < checked - 5, (checked, positive)


def _going_out_deal(table: list[Meld], rng: random.Random) -> tuple[list[Card], Card]:
    """A tria, a série, cards that fit the table's combinations (or nearly), one more card;
    the card taken is mostly one of those fitting the table."""
    rank = rng.randint(1, 13)
    hand = [Card(rank, x) for x in rng.sample("SHDC", 3)]
    suit = rng.choice("SHDC")
    lo = rng.randint(1, 12)
    hand += [Card(1 if p == 14 else p, suit) for p in range(lo, lo + 3)]
    fits: list[Card] = []
    for _ in range(rng.randint(1, 3)):
        meld = rng.choice(table)
        real = [c for c in meld.cards if not c.is_joker]
        if meld.is_tria:
            pick = Card(meld.rank, rng.choice("SHDC"))
        else:
            end = rng.choice([meld.start - 1, meld.start - 2, meld.end + 1, meld.end + 2])
            pick = Card(1 if end == 14 else max(1, min(13, end)), real[0].suit)
        fits.append(pick if rng.random() < 0.85 else JOKER)
    hand += fits
    hand.append(rng.choice(near_cards(table, rng, 3)))
    r = rng.random()
    if r < 0.5:
        card = rng.choice(fits)
        hand.remove(card)
    elif r < 0.75:
        card = rng.choice(near_cards(table, rng, 2))
    else:
        card = rng.choice(hand[:6])
    return hand, card


@pytest.mark.parametrize("before", [False, True], ids=["at_discard", "before_adds"])
@pytest.mark.parametrize("preset", some_by_default(["tallage", "rami-talaj", "talaj"], 2))
def test_going_out_through_the_table_agrees_with_brute_force(preset: str, before: bool) -> None:
    """Going out at once, the other cards added to table combinations after the opening (the
    bar out of reach, so only the going-out exception can accept the card)."""
    rules = PRESETS[preset]
    rng = random.Random(31 + len(preset))
    checked = positive = 0
    for _ in range(200):
        table = random_table(rng)
        if not table:
            continue
        hand, card = _going_out_deal(table, rng)
        everything = [*hand, card, *(c for m in table for c in m.cards)]
        if any(n > (4 if c.is_joker else 2) for c, n in Counter(everything).items()):
            continue
        gom = rng.choice([0, 15]) if preset == "talaj" else 0
        adds = rules.add_on_opening_turn
        want = brute_not_down(hand, card, rules, table, 500, gom, False, adds, before)
        got = pickup_playable(PickupContext(
            hand=tuple(hand), card=card, rules=rules, down=False, bar=500, going_out_min=gom,
            table=tuple(table), adds_on_opening_turn=adds, judge_opening_before_adds=before))
        assert got == want, ([c.code for c in hand], card.code, [m.codes() for m in table], gom)
        checked += 1
        positive += got
    assert checked > 100 and positive > 15, (checked, positive)
