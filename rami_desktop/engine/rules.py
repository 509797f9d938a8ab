"""The rules object: every option of RULES.md as one frozen dataclass, and the four presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from enum import Enum
from typing import Any

from .rule_option import N_, Option, option, option_of


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
#: No match target is larger (a target of a million is no game's).
MAX_POINTS = 100_000


@dataclass(frozen=True)
class Rules:
    """Every rule option of a Rami round and match.

    The four presets are values of this class (see :data:`PRESETS`); a player may change any field.
    Each field but ``preset`` declares its option (:mod:`.rule_option`): its label, range, help
    section, deal-code number and the versions that know it.
    """

    preset: str = "talaj"
    # dealing
    hand_size: int = field(default=14, metadata=option(
        N_("Cards dealt"), code=0, help="deal", lo=3, hi=15))
    starter: Starter = field(default=Starter.DEALER_DRAWS, metadata=option(
        N_("Who starts"), code=1, help="deal", choices={
            Starter.DEALER_DRAWS: N_("Dealer, with a draw"),
            Starter.NEXT_NO_DRAW: N_("Next player, +1 card"),
            Starter.DEALER_NO_DRAW: N_("Dealer, +1 card")}))
    initial_discard: bool = field(default=False, metadata=option(
        N_("A card turned up at the start"), code=2, help="deal"))
    min_players: int = field(default=2, metadata=option(
        N_("Minimum players"), code=3, help="deal", lo=2, hi=6))
    max_players: int = field(default=5, metadata=option(
        N_("Maximum players"), code=4, help="deal", lo=2, hi=6))
    # combinations
    jokers_per_meld: int = field(default=1, metadata=option(
        N_("Jokers per combination"), code=5, help="combinations", lo=1, hi=4, first=5))
    # drawing from the talaj
    first_card: FirstCard = field(default=FirstCard.ANY_UNTIL_DEALER, metadata=option(
        N_("The first discard"), code=6, help="talaj", choices={
            FirstCard.ANY_UNTIL_DEALER: N_("Anyone but the dealer"),
            FirstCard.NEXT_ONLY: N_("Next player only"),
            FirstCard.NONE: N_("Like any discard")}))
    no_pickup_first_round: bool = field(default=False, metadata=option(
        N_("No pickup in the first round"), code=7, help="talaj"))
    top_card_must_lay: bool = field(default=True, metadata=option(
        N_("A card taken must be laid"), code=8, help="talaj"))
    last_card_lock: bool = field(default=True, metadata=option(
        N_("No pickup with one card left"), code=9, help="talaj"))
    reshuffle_once: bool = field(default=False, metadata=option(
        N_("One new stock only"), code=31, help="turn", since=5, saved=3,
        told=N_("The talaj becomes a new stock only once: when the stock runs out again, the "
                "round ends with no winner and no one pays.")))
    # the opening
    threshold: int = field(default=71, metadata=option(
        N_("Opening threshold"), code=10, help="opening", lo=0, hi=301, step=10, first=1,
        needs="lay_before_out"))
    rising_bar: bool = field(default=True, metadata=option(
        N_("Rising bar"), code=11, help="bar", needs="lay_before_out"))
    need_tria_and_serie: bool = field(default=True, metadata=option(
        N_("Opening needs a tria and a série"), code=12, help="opening",
        needs="lay_before_out"))
    clean_own_cards: bool = field(default=True, metadata=option(
        N_("Opening with one's own cards"), code=13, help="opening", needs="lay_before_out"))
    going_out_points: GoingOutPoints = field(default=GoingOutPoints.BASE, metadata=option(
        N_("Points to open and go out"), code=14, help="going_out", needs="lay_before_out",
        choices={
            GoingOutPoints.BASE: N_("Base threshold"),
            GoingOutPoints.NONE: N_("No points"),
            GoingOutPoints.BAR: N_("The bar")}))
    add_on_opening_turn: bool = field(default=True, metadata=option(
        N_("Add on the opening turn"), code=15, help="opening"))
    lay_before_out: bool = field(default=True, metadata=option(
        N_("Lay before going out"), code=16, help="turn"))
    # once down
    tria_swap: TriaSwap = field(default=TriaSwap.ANY_MISSING_SUIT, metadata=option(
        N_("Taking a joker from a tria"), code=17, help="down", choices={
            TriaSwap.ANY_MISSING_SUIT: N_("Any missing suit"),
            TriaSwap.COMPLETE_FOUR: N_("Only with 4 real cards")}))
    swapped_joker_must_be_laid: bool = field(default=False, metadata=option(
        N_("A joker won back is laid"), code=18, help="down"))
    # scoring
    penalty: Penalty = field(default=Penalty.PER_CARD, metadata=option(
        N_("Penalty"), code=19, help="penalties", choices={
            Penalty.PER_CARD: N_("Per card"),
            Penalty.HAND_VALUE: N_("Hand value")}))
    card_penalty: int = field(default=10, metadata=option(
        N_("Penalty per card"), code=20, help="penalties", lo=0, hi=100, step=5))
    joker_penalty: int = field(default=20, metadata=option(
        N_("Penalty per joker"), code=21, help="penalties", lo=0, hi=200, step=5))
    never_down_penalty: int = field(default=100, metadata=option(
        N_("Penalty if never down"), code=22, help="penalties", lo=0, hi=500, step=10))
    joker_out_doubles: bool = field(default=False, metadata=option(
        N_("Going out on a joker doubles"), code=23, help="penalties"))
    ace_value: int = field(default=10, metadata=option(
        N_("Value of an ace"), code=24, help="values", lo=0, hi=20))
    rami_sec: bool = field(default=False, metadata=option(
        N_("Rami sec"), code=25, help="going_out", first=4))
    rami_sec_penalty: int = field(default=200, metadata=option(
        N_("Rami sec penalty"), code=26, help="going_out", lo=0, hi=1000, step=50))
    # the match
    target: int = field(default=300, metadata=option(
        N_("Match target"), code=27, help="match", lo=1, hi=MAX_POINTS, step=50, first=2,
        values=(101, 151, 201, 251, 300, 400, 500, 750, 1000, 1500, 2000)))
    match_end: MatchEnd = field(default=MatchEnd.ELIMINATION, metadata=option(
        N_("End of the match"), code=28, help="match", choices={
            MatchEnd.ELIMINATION: N_("Elimination"),
            MatchEnd.LOWEST_TOTAL: N_("Lowest total wins")}))
    teams: bool = field(default=False, metadata=option(
        N_("Teams (2 against 2)"), code=29, help="teams", first=3))
    redeal: bool = field(default=False, metadata=option(
        N_("Redeal a bad hand"), code=30, help="redeal"))

    def with_options(self, **options: Any) -> Rules:
        """Return a copy with some fields changed (values given as JSON-like data are coerced)."""
        return Rules.from_dict({**self.to_dict(), **options})

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as JSON-ready data. An option that the first protocol or save
        version did not know is left out at its default: a game that does not know it reads
        these rules as they are (:meth:`from_dict` gives a missing option its default)."""
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()
                if k not in _NEWER or v != _NEWER[k]}

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
        """Raise ValueError if the options contradict each other or are out of range (each
        number's range is its declaration's)."""
        if self.preset not in PRESET_NAMES:
            raise ValueError(f"rules: unknown preset {self.preset[:40]!r}")
        for name, spec in RULE_OPTIONS.items():
            if spec.lo is not None and spec.hi is not None \
                    and not spec.lo <= getattr(self, name) <= spec.hi:
                raise ValueError(f"rules: {name} must be {spec.lo} to {spec.hi}")
        if self.min_players > self.max_players:
            raise ValueError("rules: min_players must not be over max_players")

    @property
    def starter_has_extra_card(self) -> bool:
        """Whether the first player gets one card more and starts without drawing."""
        return self.starter is not Starter.DEALER_DRAWS


#: The declaration of every rule option (every field but ``preset``), in field order.
RULE_OPTIONS: dict[str, Option] = {
    f.name: spec for f in fields(Rules) if (spec := option_of(f)) is not None}


#: the default of each option the first protocol or save version did not know
_NEWER: dict[str, Any] = {name: getattr(Rules(), name) for name, spec in RULE_OPTIONS.items()
                          if spec.since > 1 or spec.saved > 1}


def options_unknown_to(rules: Rules, version: int, *, saved: bool = False) -> tuple[str, ...]:
    """The options ``rules`` change from their default that protocol ``version`` (a save
    ``version`` with ``saved``) does not know yet: a reader of that version could not play
    them. An option at its default is fine for any version (its field is left out, see
    :meth:`Rules.to_dict`)."""
    defaults = Rules()
    return tuple(name for name, spec in RULE_OPTIONS.items()
                 if (spec.saved if saved else spec.since) > version
                 and getattr(rules, name) != getattr(defaults, name))


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
