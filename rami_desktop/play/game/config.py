"""What a new match is made of: the rules, the seats in turn order and the seed.

Names are data: a seat without a name (``None``) gets the default name of its seat, worded by
the user interface in the player's language (a bot's is a person's name,
:mod:`~rami_desktop.play.game.people`); a seat without a face gets a default one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from rami_desktop.bots import ALL_LEVELS, LEVELS
from rami_desktop.engine.rules import PRESETS, Rules, preset
from rami_desktop.i18n.gender import GENDERS, UNSAID, clean_gender, gendered
from rami_desktop.play.game.people import bot_people, default_face, known_face, person_named

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
        face: the portrait's id (one of ``people.FACES``), or None for the seat's default.
    """

    name: str | None = None
    kind: str = "human"
    level: str = "hard"
    gender: str = UNSAID
    face: str | None = None

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
        object.__setattr__(self, "seats", tuple(
            Seat(*s[:4], known_face(s[4])) if len(s) > 4 else Seat(*s) for s in self.seats))
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
    """A seat from its saved list: ``[name, kind, level]``, then its gender and its face
    (saves made before they were kept have none: unsaid, the seat's default face; an unknown
    face is the default too); raises TypeError or ValueError on bad data."""
    if not isinstance(data, (list, tuple)) or len(data) < 3:
        raise ValueError("a seat is [name, kind, level, gender, face]")
    name, kind, level = data[:3]
    gender = clean_gender(data[3]) if len(data) > 3 else UNSAID
    face = known_face(data[4]) if len(data) > 4 else None
    return Seat(None if name is None else str(name), str(kind), str(level), gender, face)


def seat_gender(config: GameConfig, seat: int) -> str:
    """How a seat's player is spoken to (``she``, ``he`` or unsaid); a bot not told is
    spoken of as its person is (Khadija: she)."""
    s = config.seats[seat]
    if s.gender != UNSAID or not s.is_bot:
        return s.gender
    person = (person_named(s.name) if s.name else
              bot_people(tuple((x.is_bot, x.name) for x in config.seats)).get(seat))
    return person.gender if person is not None else UNSAID


def default_name(seats: tuple[tuple[bool, str | None], ...], seat: int,
                 gender: str = UNSAID) -> str:
    """The name of a seat without one, in the language now: a bot's is a person's
    (:func:`~rami_desktop.play.game.people.bot_people`), a human's "Player 2" (in the
    form for ``gender``).

    Args:
        seats: each seat's ``(is a bot, name or None)``, in turn order.
        seat: the seat (its number from 0).
        gender: how the seat's player is spoken to.
    """
    person = bot_people(seats).get(seat)
    if person is not None:
        return person.name()
    return gendered(gender, "Player {number}").format(number=seat + 1)


def round_default_name(seats: Sequence[tuple[bool, str | None]], numbers: Sequence[int],
                       player: int) -> str:
    """The default name of a round player whose seat had none, as its match named it.

    Args:
        seats: each round player's ``(is a bot, name or None)``, in the round's order.
        numbers: each round player's seat in its match (a match's seats out of the round
            count as players without a name).
        player: the round player.
    """
    if len(numbers) != len(seats):
        numbers = range(len(seats))
    whole: list[tuple[bool, str | None]] = [(False, None)] * (max(numbers, default=-1) + 1)
    for seat, number in zip(seats, numbers, strict=True):
        whole[number] = seat
    return default_name(tuple(whole), numbers[player])


def seat_name(config: GameConfig, seat: int) -> str:
    """A seat's name (a seat without one gets its default name, in the language now)."""
    s = config.seats[seat]
    if s.name is not None:
        return s.name
    return default_name(tuple((x.is_bot, x.name) for x in config.seats), seat, s.gender)


@lru_cache(maxsize=32)  # read at every drawing of a seat: the same config, the same faces
def seat_faces(config: GameConfig) -> tuple[str, ...]:
    """Every seat's portrait: its own, else a bot's person's face, else a face of the seat's
    gender (any without one) no other seat wears."""
    seats = config.seats
    people = bot_people(tuple((x.is_bot, x.name) for x in seats))
    chosen: list[str | None] = []
    for k, s in enumerate(seats):
        person = people.get(k) or (person_named(s.name) if s.is_bot and s.name else None)
        chosen.append(s.face or (person.face if person is not None else None))
    out: list[str] = []
    for k, face in enumerate(chosen):
        if face is None:
            face = default_face(k, seats[k].gender or None,
                                avoid=[f for f in chosen if f] + out)
        out.append(face)
    return tuple(out)


__all__ = ["KINDS", "LEVELS", "GameConfig", "Seat", "autoplay_config", "default_name",
           "round_default_name", "seat_faces", "seat_gender", "seat_name"]
