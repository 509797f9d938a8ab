"""The rules object: every option of RULES.md as one frozen dataclass, and the four presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any


class Starter(str, Enum):
    """Who plays first in a round, and whether that first turn starts with a draw."""

    DEALER_DRAWS = "dealer_draws"  # talaj: the dealer plays an ordinary turn
    NEXT_NO_DRAW = "next_no_draw"  # rami-talaj: the player after the dealer has +1 card
    DEALER_NO_DRAW = "dealer_no_draw"  # tallage, simple: the dealer has +1 card


class FirstCard(str, Enum):
    """Who may take the round's first discard into the hand."""

    ANY_UNTIL_DEALER = "any_until_dealer"  # talaj: anyone but the dealer until it comes round
    NEXT_ONLY = "next_only"  # rami-talaj: only the next player
    NONE = "none"  # tallage, simple: no special first card


class Penalty(str, Enum):
    """How a losing hand is counted."""

    PER_CARD = "per_card"  # 10 a card, 20 a joker; 100 if never down
    HAND_VALUE = "hand_value"  # the value of the cards in hand


class MatchEnd(str, Enum):
    """How a match ends."""

    ELIMINATION = "elimination"  # reaching the target eliminates; the last one left wins
    LOWEST_TOTAL = "lowest_total"  # the match stops at the target; the lowest total wins


class TriaSwap(str, Enum):
    """Which cards may take a joker's place in a tria."""

    ANY_MISSING_SUIT = "any_missing_suit"
    COMPLETE_FOUR = "complete_four"  # only making 4 real cards (3 real + joker)


class GoingOutPoints(str, Enum):
    """Points needed by an opening that also empties the hand."""

    BASE = "base"  # the base threshold, never the risen bar
    NONE = "none"  # no points, only the clean tria and série
    BAR = "bar"  # no exception: the bar applies


PRESET_NAMES: tuple[str, ...] = ("talaj", "rami-talaj", "tallage", "simple")
#: No number of points in a rule is larger (a target or a penalty of a million is no game's).
MAX_POINTS = 100_000


@dataclass(frozen=True)
class Rules:
    """Every rule option of a Rami round and match.

    The four presets are values of this class (see :data:`PRESETS`); a player may change any field.
    """

    preset: str = "talaj"
    # dealing
    hand_size: int = 14
    starter: Starter = Starter.DEALER_DRAWS
    initial_discard: bool = False
    min_players: int = 2
    max_players: int = 5
    # combinations
    jokers_per_meld: int = 1
    # drawing from the talaj
    first_card: FirstCard = FirstCard.ANY_UNTIL_DEALER
    no_pickup_first_round: bool = False
    top_card_must_lay: bool = True
    last_card_lock: bool = True
    # the opening
    threshold: int = 71
    rising_bar: bool = True
    need_tria_and_serie: bool = True
    clean_own_cards: bool = True
    going_out_points: GoingOutPoints = GoingOutPoints.BASE
    add_on_opening_turn: bool = True
    lay_before_out: bool = True
    # once down
    tria_swap: TriaSwap = TriaSwap.ANY_MISSING_SUIT
    swapped_joker_must_be_laid: bool = False
    # scoring
    penalty: Penalty = Penalty.PER_CARD
    card_penalty: int = 10
    joker_penalty: int = 20
    never_down_penalty: int = 100
    joker_out_doubles: bool = False
    ace_value: int = 10
    rami_sec: bool = False
    rami_sec_penalty: int = 200
    # the match
    target: int = 300
    match_end: MatchEnd = MatchEnd.ELIMINATION
    teams: bool = False
    redeal: bool = False

    def with_options(self, **options: Any) -> Rules:
        """Return a copy with some fields changed (values given as JSON-like data are coerced)."""
        return Rules.from_dict({**self.to_dict(), **options})

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as JSON-ready data."""
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from :meth:`to_dict` data; unknown keys or bad values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("rules: not an object")
        known = {f.name: f for f in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"rules: unknown option {sorted(unknown)[0]!r}")
        values: dict[str, Any] = {}
        defaults = cls()
        for name, value in data.items():
            default = getattr(defaults, name)
            if isinstance(default, Enum):
                try:
                    values[name] = type(default)(value)
                except ValueError as exc:
                    raise ValueError(f"rules: bad value {value!r} for {name!r}") from exc
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rules: {name!r} must be true or false")
                values[name] = value
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"rules: {name!r} must be a whole number")
                values[name] = value
            else:
                if not isinstance(value, str):
                    raise ValueError(f"rules: {name!r} must be text")
                values[name] = value
        rules = replace(defaults, **values)
        rules.check()
        return rules

    def check(self) -> None:
        """Raise ValueError if the options contradict each other or are out of range."""
        if self.preset not in PRESET_NAMES:
            raise ValueError(f"rules: unknown preset {self.preset[:40]!r}")
        if not 3 <= self.hand_size <= 15:
            raise ValueError("rules: hand_size must be 3 to 15")
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise ValueError("rules: players must be 2 to 6")
        if not 1 <= self.jokers_per_meld <= 4:
            raise ValueError("rules: jokers_per_meld must be 1 to 4")
        if self.threshold < 0 or self.target <= 0:
            raise ValueError("rules: threshold and target must be positive")
        for name in ("threshold", "target", "card_penalty", "joker_penalty", "never_down_penalty",
                     "rami_sec_penalty", "ace_value"):
            if not 0 <= getattr(self, name) <= MAX_POINTS:
                raise ValueError(f"rules: {name} must be 0 to {MAX_POINTS}")

    @property
    def starter_has_extra_card(self) -> bool:
        """Whether the first player gets one card more and starts without drawing."""
        return self.starter is not Starter.DEALER_DRAWS


TALAJ = Rules()
RAMI_TALAJ = Rules(
    preset="rami-talaj",
    starter=Starter.NEXT_NO_DRAW,
    first_card=FirstCard.NEXT_ONLY,
    going_out_points=GoingOutPoints.NONE,
    tria_swap=TriaSwap.COMPLETE_FOUR,
    swapped_joker_must_be_laid=True,
    joker_out_doubles=True,
    redeal=True,
)
TALLAGE = Rules(
    preset="tallage",
    starter=Starter.DEALER_NO_DRAW,
    initial_discard=True,
    max_players=6,
    first_card=FirstCard.NONE,
    no_pickup_first_round=True,
    clean_own_cards=False,
    going_out_points=GoingOutPoints.NONE,
    add_on_opening_turn=False,
    penalty=Penalty.HAND_VALUE,
    rami_sec=True,
    target=201,
    match_end=MatchEnd.LOWEST_TOTAL,
)
SIMPLE = replace(
    TALLAGE,
    preset="simple",
    hand_size=13,
    top_card_must_lay=False,
    lay_before_out=False,
    rami_sec=False,
)

PRESETS: dict[str, Rules] = {
    "talaj": TALAJ,
    "rami-talaj": RAMI_TALAJ,
    "tallage": TALLAGE,
    "simple": SIMPLE,
}


def preset(name: str, **options: Any) -> Rules:
    """Return a preset by name, with some options changed.

    Raises:
        ValueError: unknown preset or option.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}")
    rules = PRESETS[name]
    return rules.with_options(**options) if options else rules
