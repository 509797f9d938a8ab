"""What a new match is made of: the rules, the seats in turn order and the seed.

Names are data: a seat without a name (``None``) gets the default name of its seat, worded by
the user interface in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rami_desktop.bots import ALL_LEVELS, LEVELS
from rami_desktop.engine.rules import PRESETS, Rules, preset
from rami_desktop.i18n import _
from rami_desktop.i18n.gender import GENDERS, UNSAID, clean_gender, gendered

#: ``human``: a player at this screen; ``bot``: the computer; ``net``: a player at another
#: computer who joined this one's table over the network
KINDS: tuple[str, ...] = ("human", "bot", "net")


class Seat(NamedTuple):
    """One seat at the table, in turn order.

    Attributes:
        name: the player's name, or None for the default name of the seat.
        kind: ``human``, ``bot`` or ``net`` (a player on the network).
        level: the bot level (one of ``bots.ALL_LEVELS``; the screens offer the expert only
            where ``bots.levels_for`` does; kept for humans too, unused).
        gender: how the player is spoken to: ``she``, ``he`` or ``""`` (unsaid: gender-free
            words), one of :data:`~rami_desktop.i18n.gender.GENDERS`.
    """

    name: str | None = None
    kind: str = "human"
    level: str = "hard"
    gender: str = UNSAID

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.kind == "bot"

    @property
    def is_remote(self) -> bool:
        """Whether a player at another computer plays this seat (over the network)."""
        return self.kind == "net"


@dataclass(frozen=True)
class GameConfig:
    """A new match: rules, seats (2 to 6, in turn order) and the seed (None: random)."""

    rules: Rules = field(default_factory=Rules)
    seats: tuple[Seat, ...] = (Seat(None, "human"), Seat(None, "bot"), Seat(None, "bot"))
    seed: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(Seat(*s) for s in self.seats))
        for seat in self.seats:
            if seat.kind not in KINDS:
                raise ValueError(f"seat kind must be human, bot or net, not {seat.kind!r}")
            if seat.level not in ALL_LEVELS:
                raise ValueError(f"bot level must be one of {', '.join(ALL_LEVELS)}, "
                                 f"not {seat.level!r}")
            if seat.gender not in GENDERS:
                raise ValueError(f"a seat's gender must be she, he or empty, not {seat.gender!r}")

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        """Indices of the human seats."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def bots(self) -> list[int]:
        """Indices of the bot seats."""
        return [i for i, s in enumerate(self.seats) if s.is_bot]

    @property
    def remote(self) -> list[int]:
        """Indices of the seats played from other computers."""
        return [i for i, s in enumerate(self.seats) if s.is_remote]

    @property
    def pass_and_play(self) -> bool:
        """Whether two or more humans share the screen."""
        return sum(1 for s in self.seats if s.kind == "human") >= 2

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, shaped as the "last setup" setting: the preset, the options changed
        from it, the seats and the seed."""
        base = PRESETS.get(self.rules.preset, Rules()).to_dict()
        options = {k: v for k, v in self.rules.to_dict().items()
                   if k != "preset" and base.get(k) != v}
        return {
            "preset": self.rules.preset,
            "options": options,
            "seats": [list(s) for s in self.seats],
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        """Build from :meth:`to_dict` data; raises ValueError on bad data."""
        try:
            rules = preset(str(data["preset"]), **dict(data.get("options") or {}))
            seats = tuple(_seat(seat) for seat in data["seats"])
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise ValueError("seed must be a whole number")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad game config: {exc}") from exc
        if not 2 <= len(seats) <= 6:
            raise ValueError("a match needs 2 to 6 seats")
        return cls(rules=rules, seats=seats, seed=seed)


def autoplay_config(preset_name: str = "talaj", players: int = 3, seed: int | None = None,
                    level: str = "hard") -> GameConfig:
    """A match with bots in every seat (default names), players clamped to the preset."""
    rules = PRESETS[preset_name]
    n = max(rules.min_players, min(rules.max_players, players))
    return GameConfig(rules=rules, seats=(Seat(None, "bot", level),) * n, seed=seed)


def _seat(data: Any) -> Seat:
    """A seat from its saved list: ``[name, kind, level]``, then its gender (saves made before
    genders were kept have none: unsaid); raises TypeError or ValueError on bad data."""
    if not isinstance(data, (list, tuple)) or len(data) < 3:
        raise ValueError("a seat is [name, kind, level, gender]")
    name, kind, level = data[:3]
    gender = clean_gender(data[3]) if len(data) > 3 else UNSAID
    return Seat(None if name is None else str(name), str(kind), str(level), gender)


def seat_gender(config: GameConfig, seat: int) -> str:
    """How a seat's player is spoken to (``she``, ``he`` or unsaid)."""
    return config.seats[seat].gender


def seat_name(config: GameConfig, seat: int) -> str:
    """A seat's name (a seat without one gets its default name, in the language now)."""
    s = config.seats[seat]
    if s.name is not None:
        return s.name
    if s.is_bot:
        return _("Bot {number}").format(number=seat + 1)
    return gendered(s.gender, "Player {number}").format(number=seat + 1)


__all__ = ["KINDS", "LEVELS", "GameConfig", "Seat", "autoplay_config", "seat_gender",
           "seat_name"]
