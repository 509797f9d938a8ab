"""What a headless host's table is: its spec (the command line, a config file, a ``create``)
and its kept document (``table.json``), every field checked."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from rami_desktop.bots import levels_for
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.table.clock import PACES

from ..host.host_session import POLICIES, TURN_TIME
from ..wire.codes import read_code
from ..wire.protocol import ADMIN_LIMIT, NAME_LIMIT
from .expiry import MAX_HOURS, hours_of
from .table_return import address_fields

#: what a kept table's ``table.json`` holds
TABLE_FIELDS = frozenset({"code", "policy", "turn_time", "rounds", "name", "tokens", "opened",
                          "expire", "port", "listen", "pace"})
#: the longest table name kept, and seat token (the ``join`` message's)
MAX_TABLE_NAME = 64
MAX_TOKEN = 64
#: the most rounds a table plays (``--rounds``)
MAX_ROUNDS = 100_000


def table_document(data: Any, code: str) -> dict[str, Any]:
    """A kept table's ``table.json``, every field checked (the ``check`` of its load).

    Raises:
        ValueError: a field missing, of the wrong type or out of its range (named).
    """
    if not isinstance(data, dict):
        raise ValueError("not an object")
    unknown = set(data) - TABLE_FIELDS
    if unknown:
        raise ValueError(f"unknown fields {', '.join(sorted(map(str, unknown)))}")
    if data.get("code") != code:
        raise ValueError("its code is not its folder's")
    policy = data.get("policy", "bot")
    if policy not in POLICIES:
        raise ValueError("'policy' is neither wait nor bot")
    turn_time = data.get("turn_time", TURN_TIME)
    if (isinstance(turn_time, bool) or not isinstance(turn_time, (int, float))
            or not math.isfinite(turn_time) or not 0 <= turn_time <= 3600):
        raise ValueError("'turn_time' is not a number of seconds 0 to 3600")
    rounds = data.get("rounds")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or not 1 <= rounds <= MAX_ROUNDS):
        raise ValueError(f"'rounds' is not a whole number 1 to {MAX_ROUNDS}")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_TABLE_NAME:
        raise ValueError(f"'name' is not text of {MAX_TABLE_NAME} characters at most")
    tokens = data.get("tokens", {})
    if not isinstance(tokens, dict) or len(tokens) > 6:
        raise ValueError("'tokens' is not an object of seats")
    for seat, token in tokens.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) == 1
                and isinstance(token, str) and 0 < len(token) <= MAX_TOKEN and token.isascii()):
            raise ValueError("'tokens' holds something other than seats' tokens")
    listen, port = address_fields(data)
    pace = data.get("pace")  # the bots' pace it was served at (None: a table before it)
    if pace is not None and pace not in PACES:
        raise ValueError(f"'pace' is none of {', '.join(PACES)}")
    # when it was opened and its hours unjoined (:mod:`.expiry`): a value that is no time
    # counts from now, one that is no number of hours takes the host's
    return {"code": code, "policy": policy, "turn_time": float(turn_time), "rounds": rounds,
            "name": name, "tokens": {int(k): v for k, v in tokens.items()},
            "opened": data.get("opened"), "expire": data.get("expire"), "port": port,
            "listen": listen, "pace": pace}


def parse_seats(text: str, preset: str = "talaj") -> tuple[Seat, ...]:
    """``net,net,bot:medium`` as seats.

    Raises:
        ValueError: a seat that is neither ``net`` nor ``bot:LEVEL``.
    """
    seats: list[Seat] = []
    for i, part in enumerate(p.strip().lower() for p in text.split(",")):
        if part == "net":
            seats.append(Seat(None, "net"))
        elif part.startswith("bot:") and part[4:] in levels_for(preset):
            seats.append(Seat(None, "bot", part[4:]))
        else:
            raise ValueError(f"seat {i + 1}: {part!r} is neither net nor bot:LEVEL "
                             f"({', '.join(levels_for(preset))})")
    return tuple(seats)


@dataclass(frozen=True)
class TableSpec:
    """What a table of the host is.

    Attributes:
        preset: the rules' preset.
        seats: ``net,net,bot:medium`` (see :func:`parse_seats`).
        code: its code (None: a new one).
        rounds: it ends after this many rounds (None: at the match's end).
        policy: while a joiner is away: ``wait``, or ``bot``.
        turn_time: seconds a network seat has to play (0: no timer).
        seed: the match's seed (None: drawn).
        name: the table's name.
        expire: hours after which it closes if nobody took a seat (0: never; None: the
            host's, :mod:`rami_desktop.net.hall.expiry`).
    """

    preset: str = "talaj"
    seats: str = "net,net,bot:medium"
    code: str | None = None
    rounds: int | None = None
    policy: str = "bot"
    turn_time: float = TURN_TIME
    seed: int | None = None
    name: str = ""
    expire: float | None = None

    def config(self) -> GameConfig:
        """The match's setup.

        Raises:
            ValueError: a preset, seats or policy that cannot make a table.
        """
        if self.preset not in PRESET_NAMES:
            raise ValueError(f"no preset {self.preset!r} ({', '.join(PRESET_NAMES)})")
        if self.policy not in POLICIES:
            raise ValueError(f"policy must be wait or bot, not {self.policy!r}")
        if not 0 <= self.turn_time <= 3600:
            raise ValueError("the turn time is 0 to 3600 seconds")
        rules = preset(self.preset)
        seats = parse_seats(self.seats, self.preset)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise ValueError(f"{self.preset} takes {rules.min_players} to {rules.max_players} "
                             "seats")
        if rules.teams and len(seats) != 4:
            raise ValueError("teams need 4 seats")
        config = GameConfig(rules=rules, seats=seats, seed=self.seed)
        if not config.remote:
            raise ValueError("no net seat: nobody could join")
        return config

    def checked_code(self) -> str | None:
        """The code asked for, in its canonical form (None: a new one).

        Raises:
            ValueError: not a code by the rule (:mod:`rami_desktop.net.wire.codes`).
        """
        if self.code is None:
            return None
        return read_code(self.code)

    @classmethod
    def from_dict(cls, data: Any) -> TableSpec:
        """A spec from a config file's table.

        Raises:
            ValueError: not an object of the spec's fields.
        """
        if not isinstance(data, dict):
            raise ValueError("a table is an object")
        fields = {f.name: f.type for f in dataclasses.fields(cls)}
        unknown = set(data) - set(fields)
        if unknown:
            shown = ", ".join(sorted(repr(k[:40]) for k in unknown)[:5])
            raise ValueError(f"unknown table fields: {shown}")
        spec = cls(**data)
        for key, limit in (("preset", 20), ("seats", ADMIN_LIMIT), ("policy", 20),
                           ("name", NAME_LIMIT)):
            value = getattr(spec, key)
            if not isinstance(value, str) or len(value) > limit or not value.isprintable():
                raise ValueError(f"{key!r} must be a text of at most {limit} printable "
                                 "characters")
        for key, low, high in (("rounds", 1, 100_000), ("seed", 0, (1 << 32) - 1)):
            value = getattr(spec, key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not low <= value <= high):
                raise ValueError(f"{key!r} must be a whole number {low} to {high}")
        turn = spec.turn_time
        if isinstance(turn, bool) or not isinstance(turn, (int, float)) \
                or not math.isfinite(turn) or not 0 <= turn <= 3600:
            raise ValueError("'turn_time' must be a number of seconds 0 to 3600")
        if spec.code is not None and not isinstance(spec.code, str):
            raise ValueError("'code' must be text")
        if spec.expire is not None and hours_of(spec.expire) is None:
            raise ValueError(f"'expire' must be a number of hours 0 to {MAX_HOURS:g}")
        spec.checked_code()
        return spec


__all__ = ["MAX_ROUNDS", "MAX_TABLE_NAME", "MAX_TOKEN", "TABLE_FIELDS", "TableSpec",
           "parse_seats", "table_document"]
