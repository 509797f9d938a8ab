"""A round as JSON-ready data: its deal, seed and action log (the log is replayed to load it).

The round itself (:class:`~rami_desktop.engine.state.RoundState`) writes and rebuilds itself
with these: :func:`round_data` shapes the data, :func:`parse_round` reads it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, action_from_dict, action_to_dict
from .cards import Card, parse_cards
from .deal import Deal, check_deal
from .rules import Rules

SAVE_VERSION = 1


@dataclass(frozen=True)
class SavedRound:
    """A round's data read back: its deal (before any redeal), seed, redeals and log."""

    rules: Rules
    hands: list[list[Card]]
    talaj: list[Card]
    stock: list[Card]
    dealer: int
    seed: Any
    partners: Sequence[int | None] | None
    redeals: int
    log: list[Action]


def round_data(rules: Rules, deal: Deal, dealer: int, seed: Any, redeals: int,
               partners: Sequence[int | None], log: Sequence[Action]) -> dict[str, Any]:
    """A round as JSON-ready data: the deal before any redeal, the seed and the log."""
    hands, talaj, stock = deal
    return {
        "version": SAVE_VERSION,
        "rules": rules.to_dict(),
        "dealer": dealer,
        "seed": seed,
        "redeals": redeals,
        "partners": list(partners),
        "hands": [[c.code for c in h] for h in hands],
        "talaj": [c.code for c in talaj],
        "stock": [c.code for c in stock],
        "log": [action_to_dict(a) for a in log],
    }


def parse_round(data: Any) -> SavedRound:
    """Read a round's data (the deal is checked; the log is replayed by the caller).

    Raises:
        ValueError: malformed data or an impossible deal.
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
    return SavedRound(rules, hands, talaj, stock, dealer, seed, partners, redeals, log)
