"""Write the conformance scenarios of ``tests/scenarios/`` from the compact specs below.

Usage::

    .venv/bin/python tools/make_scenario.py [--check]

Each spec names the cards that matter; every hand is padded to its dealt size with dull filler
cards (never more than two copies of a card, never a joker), so each file is a real deal. The
JSON files are committed; this script only saves typing. ``--check`` fails if a file differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "tests" / "scenarios"
SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SIZES = {"talaj": (14, None), "rami-talaj": (14, "next"), "tallage": (14, "dealer"),
         "simple": (13, "dealer")}


def cards(text: str) -> list[str]:
    """Split a space-separated list of card codes."""
    return text.split()


# ---- steps -------------------------------------------------------------------------------------

def draw(p: int, src: str = "stock", e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "draw", "from": src, "expect": e}


def meld(p: int, cs: str, e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "meld", "cards": cards(cs), "expect": e}


def add(p: int, m: int, cs: str, at: str | None = None, e: str = "ok") -> dict[str, Any]:
    out: dict[str, Any] = {"player": p, "do": "add", "meld": m, "cards": cards(cs)}
    if at:
        out["at"] = at
    out["expect"] = e
    return out


def swap(p: int, m: int, c: str, e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "swap", "meld": m, "card": c, "expect": e}


def back(p: int, m: int, e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "take_back", "meld": m, "expect": e}


def disc(p: int, c: str, e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "discard", "card": c, "expect": e}


def redeal(p: int, e: str = "ok") -> dict[str, Any]:
    return {"player": p, "do": "redeal", "expect": e}


# ---- hand values (independent of the engine, for expectations) --------------------------------

def value(code: str) -> int:
    """Hand value of a card (tallage/simple): joker 20, ace 10, figures 10, else face."""
    if code == "JK":
        return 20
    rank = code[:-1]
    if rank in ("A", "J", "Q", "K"):
        return 10
    return int(rank)


def hand_value(codes: list[str]) -> int:
    return sum(value(c) for c in codes)


# ---- the deal ----------------------------------------------------------------------------------

def sizes(preset: str, players: int, dealer: int) -> list[int]:
    base, extra = SIZES[preset]
    out = [base] * players
    if extra == "next":
        out[(dealer + 1) % players] += 1
    elif extra == "dealer":
        out[dealer] += 1
    return out


def filler_order(seat: int) -> list[str]:
    """Dull cards for a seat: one of each rank, consecutive ranks in different suits."""
    out = []
    for shift in (0, 2, 1, 3):
        for r in range(13):
            out.append(RANKS[r] + SUITS[(r + seat + shift) % 4])
    return out


def build(spec: dict[str, Any]) -> dict[str, Any]:
    preset = spec["preset"]
    players = spec.get("players", 2)
    dealer = spec.get("dealer", 0)
    want = sizes(preset, players, dealer)
    given = spec.get("hands", {})
    hands = [cards(given.get(i, "")) for i in range(players)]
    talaj = cards(spec.get("talaj", ""))
    stock = cards(spec.get("stock", ""))
    count = Counter(c for h in hands for c in h) + Counter(talaj) + Counter(stock)
    avoid = set(cards(spec.get("avoid", "")))
    for seat, hand in enumerate(hands):
        order = filler_order(seat + spec.get("filler_shift", 0))
        k = 0
        while len(hand) < want[seat]:
            c = order[k % len(order)]
            k += 1
            if count[c] < 2 and c not in hand and c not in avoid:
                hand.append(c)
                count[c] += 1
            if k > 400:
                raise SystemExit(f"{spec['file']}: cannot fill seat {seat}")
        if len(hand) != want[seat]:
            raise SystemExit(f"{spec['file']}: seat {seat} has {len(hand)}, wants {want[seat]}")
    for c, k in count.items():
        if k > (4 if c == "JK" else 2):
            raise SystemExit(f"{spec['file']}: {k} copies of {c}")
    if spec.get("full_stock"):
        deck = Counter({r + s: 2 for r in RANKS for s in SUITS})
        deck["JK"] = 4
        rest = deck - count
        stock = stock + sorted(rest.elements(), key=lambda c: (c[-1], c[:-1]))
    out: dict[str, Any] = {"name": spec["name"], "preset": preset}
    if spec.get("options"):
        out["options"] = spec["options"]
    out.update({"players": players, "dealer": dealer, "hands": hands, "talaj": talaj,
                "stock": stock})
    if "scores" in spec:
        out["scores"] = spec["scores"]
    steps = spec["steps"](hands, stock) if callable(spec["steps"]) else spec["steps"]
    out["steps"] = steps
    for key in ("expect_round", "expect_match"):
        if key in spec:
            val = spec[key]
            out[key] = val(hands) if callable(val) else val
    return out


# ---- the specs -----------------------------------------------------------------------------------

OPEN77 = "KS KH KD 8H 9H 10H JH QH"  # tria 30 + série 47 = 77
SPECS: list[dict[str, Any]] = []


def spec(**kw: Any) -> None:
    SPECS.append(kw)


# 1. turn order and drawing errors, with their precedence
spec(file="turn_errors_precedence.json", preset="talaj",
     name="talaj: not_your_turn before draw_first, draw_first before card_not_in_hand, "
          "already_drew before pickup_forbidden, not_this_turn with nothing staged",
     hands={0: "2S 5H", 1: "3C"}, stock="9D 4C",
     steps=[draw(1, e="not_your_turn"), disc(1, "3C", "not_your_turn"),
            meld(0, "2S 2S 2S", "draw_first"), disc(0, "QC", "draw_first"),
            disc(0, "2S", "draw_first"), back(0, 0, "draw_first"),
            draw(0), draw(0, e="already_drew"), draw(0, "first", "already_drew"),
            disc(0, "KC", "card_not_in_hand"), {"player": 0, "do": "undo", "expect":
                                                "not_this_turn"},
            back(0, 0, "not_this_turn"), disc(0, "9D"),
            draw(0, e="not_your_turn"), draw(1), disc(1, "4C")],
     expect_round={"over": False, "winner": None, "penalties": [0, 0]})

# 2. round over
spec(file="talaj_round_over.json", preset="talaj",
     name="talaj: the dealer goes out at once (125 points); afterwards every step is "
          "round_over, even another player's; the other pays 100 (never down)",
     hands={0: "KS KH KD QS QH QC 5D 6D 7D 8D 9C 10C JC 2S"}, stock="QC",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "QS QH QC"), meld(0, "5D 6D 7D 8D"),
            meld(0, "9C 10C JC QC"), disc(0, "2S"), draw(1, e="round_over"),
            disc(0, "2S", "round_over"), meld(1, "AS 2S 3S", "round_over")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 100]},
     expect_match={"scores": [0, 100], "eliminated": [], "over": False, "winner": None})

# 3. meld validity
spec(file="melds_invalid_forms.json", preset="talaj",
     name="talaj: two-card melds, K-A-2, a 14-card série, a gap and "
          "tria suits are invalid_meld; card_not_in_hand comes first; a 13-card série A..K is "
          "valid but alone is no opening",
     hands={0: "AH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"}, stock="JK",
     steps=[draw(0), meld(0, "AH 2H", "invalid_meld"), meld(0, "KH AH 2H", "invalid_meld"),
            meld(0, "JK 2H JK", "card_not_in_hand"),
            meld(0, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "invalid_meld"),
            meld(0, "5H 7H 9H", "invalid_meld"), meld(0, "AH AH JK", "invalid_meld"),
            meld(0, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
            disc(0, "JK", "need_clean_tria_and_serie"), back(0, 0), disc(0, "JK")])

spec(file="melds_jokers_and_aces.json", preset="talaj",
     name="talaj: two jokers in one combination are invalid_meld; Q-K-A is valid (ace high, "
          "10), A-2-3 is valid (ace 1), a joker inside or at "
          "the end of a série, a tria with a joker for a missing suit; jokered combinations "
          "count 0 so 30+28+0 is below 71",
     hands={0: "QS KS AS AD 2D 3D 9C JK JC 7H 7S JK 4C"}, stock="6H",
     steps=[draw(0), meld(0, "9C JK JK", "invalid_meld"), meld(0, "JK 7S JK", "invalid_meld"),
            meld(0, "QS KS AS"), meld(0, "AD 2D 3D"), meld(0, "9C JK JC"),
            meld(0, "7H 7S JK"), disc(0, "6H", "threshold_not_met"),
            back(0, 1), back(0, 2), back(0, 3), back(0, 0), disc(0, "6H")])

# 4. adding, and cannot_add
spec(file="talaj_add_rules.json", preset="talaj",
     name="talaj: adding at either end of a série, the 4th suit to a tria; a second copy in a "
          "tria, a 5th card, a wrong suit are cannot_add; card_not_in_hand comes first",
     hands={0: OPEN77 + " 7H KC 2S KS 9S 6D"}, stock="KD",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"),
            add(0, 1, "9S", "high", "cannot_add"), add(0, 1, "AC", None, "card_not_in_hand"),
            add(0, 0, "KS", None, "cannot_add"), add(0, 1, "7H", "low"),
            add(0, 0, "KC"), add(0, 0, "KD", None, "cannot_add"),
            add(0, 1, "KD", "high", "cannot_add"), disc(0, "2S")],
     expect_round={"over": False})

# 5. last card never laid
spec(file="talaj_last_card_not_discarded.json", preset="talaj",
     name="talaj: a laying or addition that leaves no card to discard is refused "
          "(cannot_add comes first); the player then goes out with a 3-card série and the "
          "discard, the other pays 100",
     hands={0: OPEN77 + " 5S 5H 5D 2C 3C 4C", 1: "AS"}, stock="6C 7S 5C",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), meld(0, "5S 5H 5D"),
            disc(0, "6C"), draw(1), disc(1, "7S"), draw(0),
            meld(0, "2C 3C 4C 5C", "last_card_not_discarded"),
            add(0, 1, "5C", None, "cannot_add"), meld(0, "2C 3C 4C"),
            add(0, 3, "5C", "high", "last_card_not_discarded"),
            disc(0, "5C")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 100]})

# 6. take back a combination of an earlier turn
spec(file="talaj_not_this_turn.json", preset="talaj",
     name="talaj: a combination laid in an earlier turn cannot be taken back (not_this_turn); "
          "one laid this turn can, and undo with nothing left is not_this_turn",
     hands={0: OPEN77 + " 4S 5S 6S 2C 9D JC"}, stock="3D 7C 8C",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "3D"),
            draw(1), disc(1, "7C"), draw(0), back(0, 0, "not_this_turn"),
            back(0, 1, "not_this_turn"), meld(0, "4S 5S 6S"), back(0, 2),
            {"player": 0, "do": "undo", "expect": "not_this_turn"}, back(0, 2, "not_this_turn"),
            disc(0, "8C")],
     expect_round={"over": False})

# 7. going out at once: talaj base threshold only
RISE100 = "KS KD KC 10H JH QH KH 10S 10C 10D"
spec(file="talaj_going_out_base_threshold.json", preset="talaj",
     name="talaj: after an opening of 100 (bar 101) the other player goes out at once with 81: "
          "only the base 71 applies; the same cards not going out are refused",
     hands={0: RISE100, 1: "2S 2H 2D 4C 5C 6C 7C 5D 6D 7D 8D 8S 9S 10S"}, stock="3H 4H",
     steps=[draw(0), meld(0, "KS KD KC"), meld(0, "10H JH QH KH"), meld(0, "10S 10C 10D"),
            disc(0, "3H"), draw(1), meld(1, "2S 2H 2D"), meld(1, "4C 5C 6C 7C"),
            meld(1, "5D 6D 7D 8D"), disc(1, "4H", "threshold_not_met"),
            meld(1, "8S 9S 10S"), disc(1, "4H")],
     expect_round={"over": True, "winner": 1, "penalties": [40, 0]},
     expect_match={"scores": [40, 0], "over": False})

spec(file="talaj_going_out_below_base.json", preset="talaj",
     name="talaj: going out at once still needs the base 71: 50 points is threshold_not_met",
     hands={0: "2S 2H 2D 4C 5C 6C 7C 3D 4D 5D AS 2S 3S 4S"}, stock="9H",
     steps=[draw(0), meld(0, "2S 2H 2D"), meld(0, "4C 5C 6C 7C"), meld(0, "3D 4D 5D"),
            meld(0, "AS 2S 3S 4S"), disc(0, "9H", "threshold_not_met")],
     expect_round={"over": False})

spec(file="rami_talaj_going_out_no_points.json", preset="rami-talaj",
     name="rami-talaj: the starter goes out at once with 46 points (no points needed, only the "
          "clean tria and série); the same 46 not going out is threshold_not_met",
     hands={1: "2S 2H 2D AC 2C 3C 4C 3D 4D 5D 3S 4S 5S 6S KH"},
     steps=[meld(1, "2S 2H 2D"), meld(1, "AC 2C 3C 4C"), disc(1, "KH", "threshold_not_met"),
            meld(1, "3D 4D 5D"), meld(1, "3S 4S 5S 6S"), disc(1, "KH")],
     expect_round={"over": True, "winner": 1, "penalties": [100, 0]})

spec(file="tallage_going_out_rami_sec.json", preset="tallage", players=3,
     name="tallage: the dealer lays the whole hand at once before anyone is down with 33 "
          "points (no points needed): Rami sec, every other player pays 200; the match stops "
          "at 201 and the lowest total wins",
     hands={0: "2S 2H 2D AC 2C 3C 4C 3D 4D 5D 3S 4S 5S 6S KH"}, talaj="9C", scores=[0, 0, 5],
     steps=[meld(0, "2S 2H 2D"), meld(0, "AC 2C 3C 4C"), disc(0, "KH", "threshold_not_met"),
            meld(0, "3D 4D 5D"), meld(0, "3S 4S 5S 6S"), disc(0, "KH")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 200, 200]},
     expect_match={"scores": [0, 200, 205], "over": True, "winner": 0})

spec(file="simple_going_out_no_points.json", preset="simple",
     name="simple: the dealer lays the whole hand at once with 40 points (no threshold); no Rami "
          "sec by default, the other pays the value of its 13 cards (ace 10, joker 20)",
     hands={0: "2S 2H 2D AC 2C 3C 4C 3D 4D 5D 3S 4S 5S KH",
            1: "AS AH JK KC QD JS 9H 8C 7D 6S 5C 4H 3H"}, talaj="9C",
     steps=[meld(0, "2S 2H 2D"), meld(0, "AC 2C 3C 4C"), meld(0, "3D 4D 5D"),
            meld(0, "3S 4S 5S"), disc(0, "KH")],
     expect_round=lambda h: {"over": True, "winner": 0, "penalties": [0, hand_value(h[1])]})

spec(file="simple_whole_hand_only.json", preset="simple",
     name="simple: laying without going out is whole_hand_only at the discard; taken back, the "
          "discard is fine; all trias going out is need_clean_tria_and_serie",
     hands={0: "2S 2H 2D 7C", 1: "KS KH KD QS QH QC JS JH JD 9S 9H 9D 9C"}, talaj="9C",
     stock="5H",
     steps=[meld(0, "2S 2H 2D"), disc(0, "7C", "whole_hand_only"), back(0, 0), disc(0, "7C"),
            draw(1), meld(1, "KS KH KD"), meld(1, "QS QH QC"), meld(1, "JS JH JD"),
            meld(1, "9S 9H 9D 9C"), disc(1, "5H", "need_clean_tria_and_serie")],
     expect_round={"over": False})

# 8. rising bar in tallage, and for rami-talaj
spec(file="tallage_rising_bar.json", preset="tallage",
     name="tallage: the dealer opens with 77 without drawing; the next opening needs 78 (the "
          "barre): 77 is refused, extending a staged série to 84 is accepted",
     hands={0: OPEN77 + " 2C 4D 6S 8C 3S 5D AC", 1: "QS QD QC 8S 9S 10S JS QS 7S"},
     talaj="3H", stock="4C",
     steps=[meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "2C"), draw(1),
            meld(1, "QS QD QC"), meld(1, "8S 9S 10S JS QS"),
            disc(1, "4C", "threshold_not_met"), add(1, 3, "7S", "low"), disc(1, "4C")],
     expect_round={"over": False})

spec(file="rami_talaj_rising_bar.json", preset="rami-talaj",
     name="rami-talaj: after the starter opens with 77, an opening of 77 is refused, 84 passes",
     hands={1: OPEN77 + " 2C 4D 6S 8C 3S 5D AC", 0: "QS QD QC 8S 9S 10S JS QS 7S"},
     stock="7D",
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), disc(1, "2C"), draw(0),
            meld(0, "QS QD QC"), meld(0, "8S 9S 10S JS QS"),
            disc(0, "7D", "threshold_not_met"), add(0, 3, "7S", "low"), disc(0, "7D")],
     expect_round={"over": False})

# 9. the clean tria and série of own cards
TOPK = "KS KD QS QH QC 9D 10D JD QD KD"
for preset, code, file in (("talaj", "need_clean_tria_and_serie", "talaj_top_card_tria.json"),
                           ("rami-talaj", "need_clean_tria_and_serie",
                            "rami_talaj_top_card_tria.json")):
    if preset == "talaj":
        steps = [draw(0), disc(0, "9C"), draw(1), disc(1, "KH"), draw(0, "top"),
                 meld(0, "KS KH KD"), meld(0, "9D 10D JD QD KD"), disc(0, "2H", code),
                 meld(0, "QS QH QC"), disc(0, "2H")]
        steps[-1] = disc(0, "5C")
        steps[-3] = disc(0, "5C", code)
        hands = {0: TOPK + " 5C", 1: "KH"}
        stock = "9C 3D"
    else:
        steps = [disc(1, "2H"), draw(0), disc(0, "KH"), draw(1, "top"),
                 meld(1, "KS KH KD"), meld(1, "9D 10D JD QD KD"), disc(1, "5C", code),
                 meld(1, "QS QH QC"), disc(1, "5C")]
        hands = {1: TOPK + " 2H 5C", 0: "KH"}
        stock = "3D"
    spec(file=file, preset=preset, hands=hands, stock=stock, steps=steps, avoid="KH KC",
         name=f"{preset}: a tria completed with the talaj top card is not the clean tria of the "
              "opening (79 points, need_clean_tria_and_serie); with an own tria as well it "
              "opens",
         expect_round={"over": False})

spec(file="tallage_top_card_tria.json", preset="tallage",
     name="tallage: a tria completed with the talaj top card counts as the opening's tria",
     hands={0: "KH 3S 5C 7D 9S JC", 1: "KS KD 9D 10D JD QD KD 5H"}, talaj="2C",
     stock="4H 6S",
     avoid="KC",
     steps=[disc(0, "3S"), draw(1, "top", "pickup_forbidden"), draw(1), disc(1, "4H"),
            draw(0), disc(0, "KH"), draw(1, "top"), meld(1, "KS KH KD"),
            meld(1, "9D 10D JD QD KD"), disc(1, "5H")],
     expect_round={"over": False})

spec(file="talaj_first_card_counts_as_own.json", preset="talaj",
     name="talaj: the first card, taken into the hand by the next player, counts as an own card "
          "in the clean tria; it need not be laid that turn",
     hands={0: "KH", 1: "KS KD 9D 10D JD QD KD 3S"}, stock="5C", avoid="KC",
     steps=[draw(0), disc(0, "KH"), draw(1, "first"), meld(1, "KS KH KD"),
            meld(1, "9D 10D JD QD KD"), disc(1, "3S")],
     expect_round={"over": False})

# 10. staged turn: take back and its cascade, adding on the opening turn
spec(file="talaj_take_back_cascade.json", preset="talaj",
     name="talaj: adding to another's combination needs a valid staged opening (not_down "
          "before); taking back the série undoes the opening and the added 7H returns to the "
          "hand",
     hands={0: OPEN77, 1: "QS QD QC 6C 7C 8C 9C 10C 9S 9H 9D 7H"}, stock="2D 4S",
     avoid="7H",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "2D"),
            draw(1), add(1, 1, "7H", "low", "not_down"), meld(1, "QS QD QC"),
            meld(1, "6C 7C 8C 9C 10C"), meld(1, "9S 9H 9D"), add(1, 1, "7H", "low"),
            back(1, 3), add(1, 1, "7H", "low", "not_down"),
            disc(1, "4S", "threshold_not_met"), meld(1, "6C 7C 8C 9C 10C"),
            add(1, 1, "7H", "low"), disc(1, "4S")],
     expect_round={"over": False})

spec(file="tallage_no_add_on_opening_turn.json", preset="tallage",
     name="tallage: no addition to others' combinations on the opening turn (not_down), even "
          "with a valid staged opening; adding to the own staged série is fine; next turn the "
          "addition is allowed",
     hands={0: OPEN77 + " 2C 4D 6S 8C 3S 5D AC", 1: "QS QD QC 8S 9S 10S JS QS 7S 7H KC"},
     talaj="3H", stock="4C 6D 2S 5H",
     steps=[meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "2C"), draw(1),
            meld(1, "QS QD QC"), meld(1, "8S 9S 10S JS QS"), add(1, 3, "7S", "low"),
            add(1, 1, "7H", "low", "not_down"), add(1, 0, "KC", None, "not_down"),
            disc(1, "4C"), draw(0), disc(0, "6D"), draw(1), add(1, 1, "7H", "low"),
            add(1, 0, "KC"), disc(1, "2S")],
     expect_round={"over": False})

# 11. joker swaps
spec(file="talaj_swap_serie.json", preset="talaj",
     name="talaj: a série joker gives way only to the exact card; a franche combination has no "
          "joker (bad_swap); a player not down may not swap (not_down, after bad_swap)",
     hands={0: OPEN77 + " 4S JK 6S 2C 5S", 1: "5S 7S"}, stock="3D 8C 9C", avoid="5S",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), meld(0, "4S JK 6S"),
            disc(0, "3D"), draw(1), swap(1, 2, "7S", "bad_swap"), swap(1, 2, "5S", "not_down"),
            disc(1, "8C"), draw(0), swap(0, 2, "4S", "card_not_in_hand"),
            swap(0, 2, "2C", "bad_swap"), swap(0, 0, "2C", "bad_swap"), swap(0, 2, "5S"),
            disc(0, "9C"),
            draw(1), disc(1, "7S")],
     expect_round={"over": False})

spec(file="talaj_swap_tria_missing_suit.json", preset="talaj",
     name="talaj: a tria joker gives way to any card of a missing suit (3 real cards after); "
          "a present suit is bad_swap; the joker may stay in hand",
     hands={0: OPEN77 + " 7S 7H JK 7D 7S"}, stock="3D",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), meld(0, "7S 7H JK"),
            swap(0, 2, "7S", "bad_swap"), swap(0, 2, "7D"), disc(0, "3D")],
     expect_round={"over": False})

spec(file="rami_talaj_swap_four_real.json", preset="rami-talaj",
     name="rami-talaj: a tria joker gives way only to make 4 real cards (2 real + joker is "
          "bad_swap); the joker taken back must be laid this turn (joker_not_laid); the swapper "
          "goes out and the starter, down, pays 10 a card",
     hands={1: OPEN77 + " 7S 7H JK 2C 4D 6S 8C",
            0: "QS QD QC 4S 5S 6S 7S 8S 9S 10S 7D 7C 2D 3D"}, stock="5C",
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), meld(1, "7S 7H JK"),
            disc(1, "2C"), draw(0), swap(0, 2, "7D", "bad_swap"), meld(0, "QS QD QC"),
            meld(0, "4S 5S 6S 7S 8S 9S 10S"), swap(0, 2, "7D", "bad_swap"), add(0, 2, "7D"),
            swap(0, 2, "7C"), disc(0, "5C", "joker_not_laid"), meld(0, "2D 3D JK"),
            disc(0, "5C")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 30]})

# 12. first card and talaj pickups
spec(file="talaj_first_card_buried.json", preset="talaj", players=3,
     name="talaj: the first card may be taken into the hand by any player but the dealer, even "
          "buried under a later discard; once taken it is gone (pickup_forbidden)",
     hands={0: "9C", 2: "6H"}, stock="2D 4D 8S", avoid="9C",
     steps=[draw(0), disc(0, "9C"), draw(1), disc(1, "4D"), draw(2, "first"), disc(2, "6H"),
            draw(0, "first", "pickup_forbidden"), draw(0), disc(0, "8S")],
     expect_round={"over": False})

spec(file="talaj_first_card_not_dealer.json", preset="talaj", players=3,
     name="talaj: nobody takes the first card; when it comes back round to the dealer it is "
          "closed (pickup_forbidden), and the next player may no longer take it either",
     hands={0: "9C"}, stock="2D 4D 6H 8S 3C", avoid="9C",
     steps=[draw(0), disc(0, "9C"), draw(1), disc(1, "4D"), draw(2), disc(2, "6H"),
            draw(0, "first", "pickup_forbidden"), draw(0), disc(0, "8S"),
            draw(1, "first", "pickup_forbidden"), draw(1), disc(1, "3C")],
     expect_round={"over": False})

spec(file="rami_talaj_first_card_next_only.json", preset="rami-talaj", players=3,
     name="rami-talaj: only the next player may take the first card; the one after is refused",
     hands={1: "9C"}, stock="2D 4D", avoid="9C",
     steps=[disc(1, "9C"), draw(2), disc(2, "2D"), draw(0, "first", "pickup_forbidden"),
            draw(0), disc(0, "4D")],
     expect_round={"over": False})

spec(file="tallage_no_pickup_first_round.json", preset="tallage", players=3,
     name="tallage: no pickup from the talaj in the first round of the table (not the "
          "turned-up card, not the first discard); the dealer's next turn may take the top to "
          "lay it; no_draw_now comes before pickup_forbidden",
     hands={0: OPEN77 + " 2S 3S 4S", 1: "7H", 2: "5S"}, talaj="5D", stock="6D 9C",
     avoid="7H 5S",
     steps=[draw(0, "top", "no_draw_now"), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"),
            disc(0, "2S"), draw(1, "top", "pickup_forbidden"),
            draw(1, "first", "pickup_forbidden"), draw(1), disc(1, "7H"),
            draw(2, "top", "pickup_forbidden"), draw(2), disc(2, "5S"),
            draw(0, "top"), disc(0, "4C", "pickup_not_laid"), meld(0, "3S 4S 5S"),
            disc(0, "4C")],
     expect_round={"over": False})

spec(file="simple_top_card_free.json", preset="simple",
     name="simple: no pickup in the first round of the table; afterwards the top card goes "
          "into the hand freely (no need to lay it)",
     hands={0: "9C 5S", 1: "4D"}, talaj="KC", stock="2D 6H", avoid="9C 4D 5S",
     steps=[draw(0, e="no_draw_now"), disc(0, "9C"), draw(1, "top", "pickup_forbidden"),
            draw(1, "first", "pickup_forbidden"), draw(1), disc(1, "4D"), draw(0, "top"),
            disc(0, "5S"), draw(1, "top"), disc(1, "2D")],
     expect_round={"over": False})

spec(file="talaj_pickup_not_laid.json", preset="talaj",
     name="talaj: the top card taken must be laid this turn: discarding while it is in the hand "
          "is pickup_not_laid (before threshold_not_met); added to a série it is fine",
     hands={0: OPEN77 + " 2S 3S", 1: "7H 5C"}, stock="4C 6C 9D", avoid="7H",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "4C"),
            draw(1), disc(1, "7H"), draw(0, "top"), disc(0, "2S", "pickup_not_laid"),
            add(0, 1, "7H", "low"), disc(0, "2S")],
     expect_round={"over": False})

spec(file="talaj_pickup_not_laid_before_threshold.json", preset="talaj",
     name="talaj: not down, taking the top card for an opening and staging too little without "
          "it: pickup_not_laid comes before threshold_not_met; in the opening's série it is "
          "need_clean_tria_and_serie; in a third combination it opens",
     hands={0: "9C 9S", 1: "QS QD QC 4S 5S 6S 7S 8S 10S JS 4H"}, stock="3D 2H 4D", avoid="9S",
     steps=[draw(0), disc(0, "9C"), draw(1), disc(1, "2H"), draw(0), disc(0, "9S"),
            draw(1, "top"), meld(1, "QS QD QC"), meld(1, "4S 5S 6S 7S 8S"),
            disc(1, "4H", "pickup_not_laid"), back(1, 1),
            meld(1, "4S 5S 6S 7S 8S 9S 10S JS"), disc(1, "4H", "need_clean_tria_and_serie"),
            back(1, 2), meld(1, "4S 5S 6S 7S 8S"), meld(1, "9S 10S JS"), disc(1, "4H")],
     expect_round={"over": False})

spec(file="talaj_unplayable_pickup.json", preset="talaj",
     name="talaj: taking a top card no legal laying this turn can use is unplayable_pickup "
          "(for a player not down, and for one down); a card that fits the table is fine",
     hands={0: OPEN77 + " 2S 3S", 1: "4C 9D 7H"}, stock="JC 6D 5D", avoid="7H",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "JC"),
            draw(1, "top", "unplayable_pickup"), draw(1), disc(1, "6D"),
            draw(0, "top", "unplayable_pickup"), draw(0), disc(0, "5D"), draw(1), disc(1, "7H"),
            draw(0, "top"), add(0, 1, "7H", "low"), disc(0, "2S")],
     expect_round={"over": False})

spec(file="talaj_last_card_lock.json", preset="talaj",
     name="talaj: with one card in hand no talaj pickup (last_card_lock, even for a card that "
          "would fit); the closed first card is pickup_forbidden first",
     hands={0: OPEN77 + " 2C 3C 4C 5C 6C", 1: "7H"}, stock="9S 4D 5H", avoid="7H",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"),
            meld(0, "2C 3C 4C 5C 6C"), disc(0, "9S"), draw(1), disc(1, "7H"),
            draw(0, "first", "pickup_forbidden"), draw(0, "top", "last_card_lock"), draw(0),
            disc(0, "5H")],
     expect_round={"over": False})

spec(file="rami_talaj_last_card_lock.json", preset="rami-talaj",
     name="rami-talaj: with one card in hand no talaj pickup (last_card_lock) even for a card "
          "that would extend a série; the stock draw is fine",
     hands={1: OPEN77 + " 2C 3C 4C 5C 6C 9S 4D", 0: "7H"}, stock="5H 6D", avoid="7H",
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), meld(1, "2C 3C 4C 5C 6C"),
            disc(1, "9S"), draw(0), disc(0, "7H"), draw(1, "top", "last_card_lock"),
            draw(1, "first", "pickup_forbidden"), draw(1), disc(1, "6D")],
     expect_round={"over": False})

spec(file="tallage_last_card_lock.json", preset="tallage",
     name="tallage: with one card in hand no talaj pickup (last_card_lock) even for a card "
          "that would extend a série",
     hands={0: OPEN77 + " 2C 3C 4C 5C 6C 9S 4D", 1: "7H"}, talaj="KC", stock="5H 6D",
     avoid="7H",
     steps=[meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), meld(0, "2C 3C 4C 5C 6C"),
            disc(0, "9S"), draw(1), disc(1, "7H"), draw(0, "top", "last_card_lock"), draw(0),
            disc(0, "6D")],
     expect_round={"over": False})

spec(file="talaj_down_player_ignores_bar.json", preset="talaj",
     name="talaj: a player already down lays a 9-point série though the bar is 101; the other, "
          "not down, cannot lay the same kind of thing alone (threshold_not_met)",
     hands={0: RISE100 + " 2C 3C 4C", 1: "2D 3D 4D"}, stock="9H 5S 7H 8S",
     steps=[draw(0), meld(0, "KS KD KC"), meld(0, "10H JH QH KH"), meld(0, "10S 10C 10D"),
            disc(0, "9H"), draw(1), meld(1, "2D 3D 4D"), disc(1, "5S", "threshold_not_met"),
            back(1, 3), disc(1, "5S"), draw(0), meld(0, "2C 3C 4C"), disc(0, "7H"), draw(1),
            disc(1, "8S")],
     expect_round={"over": False})

# 13. scoring
spec(file="talaj_scoring.json", preset="talaj", players=3,
     name="talaj: a down player pays 10 a card and 20 a joker (5 cards + joker = 70), a player "
          "never down 100; the winner went out with 75 though the bar was 78",
     hands={0: OPEN77 + " JK 2C 4D 6S 9C 3S",
            1: "2S 2H 2D 4C 5C 6C 7C 5D 6D 7D 8D 6S 7S 8S"}, stock="AC 5H",
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "AC"),
            draw(1), meld(1, "2S 2H 2D"), meld(1, "4C 5C 6C 7C"), meld(1, "5D 6D 7D 8D"),
            meld(1, "6S 7S 8S"), disc(1, "5H")],
     expect_round={"over": True, "winner": 1, "penalties": [70, 0, 100]},
     expect_match={"scores": [70, 0, 100], "eliminated": [], "over": False, "winner": None})

spec(file="talaj_elimination_last_left.json", preset="talaj",
     name="talaj: reaching 300 eliminates; with two players the one left wins the match",
     hands={0: "KS KH KD QS QH QC 5D 6D 7D 8D 9C 10C JC 2S"}, stock="QC", scores=[120, 210],
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "QS QH QC"), meld(0, "5D 6D 7D 8D"),
            meld(0, "9C 10C JC QC"), disc(0, "2S")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 100]},
     expect_match={"scores": [120, 310], "eliminated": [1], "over": True, "winner": 0})

spec(file="talaj_elimination_continues.json", preset="talaj", players=3,
     name="talaj: one of three players reaches 300 and is eliminated; the match goes on",
     hands={0: "KS KH KD QS QH QC 5D 6D 7D 8D 9C 10C JC 2S"}, stock="QC", scores=[0, 200, 250],
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "QS QH QC"), meld(0, "5D 6D 7D 8D"),
            meld(0, "9C 10C JC QC"), disc(0, "2S")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 100, 100]},
     expect_match={"scores": [0, 300, 350], "eliminated": [1, 2], "over": True, "winner": 0})

spec(file="talaj_target_option.json", preset="talaj", options={"target": 500},
     name="talaj with target 500: 450 is not eliminated",
     hands={0: "KS KH KD QS QH QC 5D 6D 7D 8D 9C 10C JC 2S"}, stock="QC", scores=[0, 350],
     steps=[draw(0), meld(0, "KS KH KD"), meld(0, "QS QH QC"), meld(0, "5D 6D 7D 8D"),
            meld(0, "9C 10C JC QC"), disc(0, "2S")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 100]},
     expect_match={"scores": [0, 450], "eliminated": [], "over": False, "winner": None})

JOKER_OUT = "2S 2H 2D 4C 5C 6C 7C 5D 6D 7D 8D 6S 7S 8S JK"
spec(file="rami_talaj_joker_out_doubles.json", preset="rami-talaj", players=3,
     name="rami-talaj: the winner's last discard is a joker: a down player's 10 a card and 20 "
          "a joker are doubled (70 -> 140), the never-down 100 is not; 300 eliminates",
     hands={1: OPEN77 + " JK 2C 4D 6S 9C 3S AC", 2: JOKER_OUT[:-3]}, stock="JK",
     scores=[210, 0, 0],
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), disc(1, "AC"),
            draw(2), meld(2, "2S 2H 2D"), meld(2, "4C 5C 6C 7C"), meld(2, "5D 6D 7D 8D"),
            meld(2, "6S 7S 8S"), disc(2, "JK")],
     expect_round={"over": True, "winner": 2, "penalties": [100, 140, 0]},
     expect_match={"scores": [310, 140, 0], "eliminated": [0], "over": False})

spec(file="rami_talaj_no_double_without_joker.json", preset="rami-talaj", players=3,
     name="rami-talaj: the same round won with a plain last discard: 70 and 100, not doubled",
     hands={1: OPEN77 + " JK 2C 4D 6S 9C 3S AC", 2: JOKER_OUT[:-3]}, stock="5H",
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), disc(1, "AC"),
            draw(2), meld(2, "2S 2H 2D"), meld(2, "4C 5C 6C 7C"), meld(2, "5D 6D 7D 8D"),
            meld(2, "6S 7S 8S"), disc(2, "5H")],
     expect_round={"over": True, "winner": 2, "penalties": [100, 70, 0]})

spec(file="tallage_hand_values.json", preset="tallage", players=3,
     name="tallage: not Rami sec (the dealer was down): the down dealer pays its hand's value "
          "(ace 10, joker 20, king 10: 49), the never-down player its 14 cards' value; the "
          "match stops at 201 and the lowest total (not the round's winner) wins",
     hands={0: OPEN77 + " AS JK KC 7D 2H 3S 9C",
            1: "AH JK QS 10S 9S 9D 8C 7C 6H 5S 4S 3D 2D KD",
            2: "2S 2H 2D 4C 5C 6C 7C 5D 6D 7D 8D 6S 7S 8S"}, stock="4H 5H", scores=[0, 190, 60],
     steps=[meld(0, "KS KH KD"), meld(0, "8H 9H 10H JH QH"), disc(0, "9C"), draw(1),
            disc(1, "4H"), draw(2), meld(2, "2S 2H 2D"), meld(2, "4C 5C 6C 7C"),
            meld(2, "5D 6D 7D 8D"), meld(2, "6S 7S 8S"), disc(2, "5H")],
     expect_round=lambda h: {"over": True, "winner": 2,
                             "penalties": [52, hand_value(h[1]), 0]},
     expect_match=lambda h: {"scores": [52, 190 + hand_value(h[1]), 60], "over": True,
                             "winner": 0})

spec(file="simple_lowest_total.json", preset="simple",
     name="simple: the match stops when a player reaches 201; the lowest total wins",
     hands={0: "2S 2H 2D AC 2C 3C 4C 3D 4D 5D 3S 4S 5S KH",
            1: "AS AH JK KC QD JS 9H 8C 7D 6S 5C 4H 3H"}, talaj="9C", scores=[100, 150],
     steps=[meld(0, "2S 2H 2D"), meld(0, "AC 2C 3C 4C"), meld(0, "3D 4D 5D"),
            meld(0, "3S 4S 5S"), disc(0, "KH")],
     expect_round=lambda h: {"over": True, "winner": 0, "penalties": [0, hand_value(h[1])]},
     expect_match=lambda h: {"scores": [100, 150 + hand_value(h[1])], "over": True,
                             "winner": 0})

spec(file="tallage_target_500.json", preset="tallage", options={"target": 500},
     name="tallage with target 500: a Rami sec of 200 on 250 leaves the match going",
     hands={0: "2S 2H 2D AC 2C 3C 4C 3D 4D 5D 3S 4S 5S 6S KH"}, talaj="9C", scores=[0, 250],
     steps=[meld(0, "2S 2H 2D"), meld(0, "AC 2C 3C 4C"), meld(0, "3D 4D 5D"),
            meld(0, "3S 4S 5S 6S"), disc(0, "KH")],
     expect_round={"over": True, "winner": 0, "penalties": [0, 200]},
     expect_match={"scores": [0, 450], "eliminated": [], "over": False, "winner": None})

# 14. teams
spec(file="rami_talaj_teams.json", preset="rami-talaj", players=4, options={"teams": True},
     name="rami-talaj teams: once the partner is down a franche série of own cards opens "
          "(9 points); without a partner down, or with a joker, it does not; the winner's "
          "partner pays nothing; a team reaching 300 loses",
     hands={1: OPEN77 + " 5S 6S 7S 9D 9C 9S 4D", 2: "3H 4H 5H", 3: "2C 3C 4C 5D JK 7D"},
     stock="JC 10D 6C 8S 3D", scores=[150, 0, 60, 0],
     steps=[meld(1, "KS KH KD"), meld(1, "8H 9H 10H JH QH"), disc(1, "4D"), draw(2),
            meld(2, "3H 4H 5H"), disc(2, "JC", "threshold_not_met"), back(2, 2), disc(2, "JC"),
            draw(3), meld(3, "5D JK 7D"), disc(3, "10D", "threshold_not_met"), back(3, 3),
            meld(3, "2C 3C 4C"), disc(3, "10D"), draw(0), disc(0, "6C"), draw(1),
            meld(1, "5S 6S 7S"), meld(1, "9D 9C 9S"), disc(1, "8S")],
     expect_round={"over": True, "winner": 1, "penalties": [100, 0, 100, 0]},
     expect_match={"scores": [250, 0, 160, 0], "over": True, "winner": [1, 3]})

# 15. redeal
spec(file="rami_talaj_redeal_three_jokers.json", preset="rami-talaj", players=3,
     name="rami-talaj: a hand with 3 jokers may be redealt before anyone plays (asked by its "
          "holder, who is not the starter)",
     hands={2: "JK JK JK"},
     steps=[redeal(0, "redeal_not_allowed"), redeal(2)])

spec(file="rami_talaj_redeal_two_jokers_two_pairs.json", preset="rami-talaj",
     name="rami-talaj: 2 jokers + 2 pairs of identical cards qualify for a redeal; 1 pair does "
          "not (the other hand)",
     hands={0: "JK JK 5H 5H 9C 9C", 1: "JK JK 4D 4D"},
     steps=[redeal(1, "redeal_not_allowed"), redeal(0)])

spec(file="rami_talaj_redeal_one_joker_three_pairs.json", preset="rami-talaj",
     name="rami-talaj: 1 joker + 3 pairs qualify; 1 joker + 2 pairs do not",
     hands={0: "JK 5H 5H 9C 9C 2S 2S", 1: "JK 4D 4D 8S 8S"},
     steps=[redeal(1, "redeal_not_allowed"), redeal(0)])

spec(file="rami_talaj_redeal_too_late.json", preset="rami-talaj",
     name="rami-talaj: a redeal is not allowed once the starter has played",
     hands={0: "JK JK JK", 1: "KS"},
     steps=[disc(1, "KS"), redeal(0, "redeal_not_allowed"), draw(0), redeal(0,
                                                                            "redeal_not_allowed")])

spec(file="talaj_no_redeal.json", preset="talaj",
     name="talaj: no redeal in this preset, even with 3 jokers",
     hands={0: "JK JK JK"}, steps=[redeal(0, "redeal_not_allowed"), draw(0)])

# 16. stock running out
spec(file="talaj_stock_reshuffle.json", preset="talaj", full_stock=True,
     hands={0: "2S", 1: "3H"},
     name="talaj: when the stock runs out the talaj but its top card is shuffled into a new "
          "stock and play goes on",
     steps=lambda hands, stock: (
         [s for i, c in enumerate(stock) for s in (draw(i % 2), disc(i % 2, c))]
         + [draw(0), disc(0, hands[0][0]), draw(1), disc(1, hands[1][0]),
            draw(0, "first", "pickup_forbidden"), draw(0), disc(0, hands[0][1])]),
     expect_round={"over": False, "winner": None, "penalties": [0, 0]})


def generate() -> dict[str, str]:
    out = {}
    for s in SPECS:
        data = build(s)
        out[s["file"]] = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a file differs")
    args = parser.parse_args()
    files = generate()
    bad = 0
    for name, text in files.items():
        path = OUT / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"differs: {name}")
                bad += 1
        else:
            path.write_text(text, encoding="utf-8")
    print(f"{len(files)} scenarios" + (" checked" if args.check else " written"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
