"""Statistics per player and preset, stored as versioned JSON (``stats.json`` in the data folder).

``{"format": "rami-stats", "version": 2, "players": {"Sara": {"presets": {"talaj": {...}}}},
"counted": [key, ...]}``. A finished round is counted once, whatever tries to count it again
(:func:`record_round_end`: every human of the round in one atomic write, under the round's
key; the last :data:`COUNTED_KEYS` keys are remembered).
Every human at a table has a line of their own, by name (two humans sharing the screen are two
players), with how they were spoken to and the face they wore at their last round (``"gender"``,
``"face"``: the setup gives them back when the name is typed again). Version 1 files counted
one unnamed player: they are read as the player ``""`` (:data:`EARLIER`, the games played before
names were kept). Loading is tolerant: bad values are replaced by their defaults (problem
``repaired``), names are cleaned as names typed in setup are; a damaged file is moved aside and
the backup tried; a file from a newer version is not loaded (copy kept as
``stats.json.newer``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.storage import problems
from rami_desktop.storage.atomic import (
    dump_json_bytes,
    parse_json_bytes,
    read_with_backup,
    remove_with_backup,
    write_atomic_safe,
)
from rami_desktop.storage.names import clean_gender, clean_name
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.versioning import Upgrader, upgrade

STATS_FORMAT = "rami-stats"
STATS_VERSION = 2
#: the player of the statistics kept before names were (version 1 files)
EARLIER = ""
#: the most players a file keeps (the ones read first)
MAX_PLAYERS = 64
#: what a face's id looks like (the faces themselves are the game's: an unknown one is the
#: seat's default there)
FACE_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
#: the rounds a file remembers having counted (their keys), and a key's longest length
COUNTED_KEYS = 200
MAX_KEY = 64


def _named_players(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: the one unnamed player's presets become :data:`EARLIER`'s."""
    presets = data.pop("presets", {})
    data["players"] = {EARLIER: {"presets": presets}} if presets else {}
    return data


#: ``UPGRADERS[n]`` turns a version-n statistics document into version n + 1.
UPGRADERS: dict[int, Upgrader] = {1: _named_players}


@dataclass(frozen=True)
class PresetStats:
    """The statistics of one preset (None: not happened yet)."""

    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    best_opening: int | None = None  # the most points laid in an opening
    fastest_round_win: int | None = None  # the fewest turns in a round won
    shortest_match_win: int | None = None  # the fewest rounds in a match won

    def with_round(
        self, *, won: bool, turns: int | None, opening_points: int | None
    ) -> PresetStats:
        """Return the statistics after one more round."""
        best = self.best_opening
        if opening_points is not None and (best is None or opening_points > best):
            best = opening_points
        fastest = self.fastest_round_win
        if won and turns is not None and (fastest is None or turns < fastest):
            fastest = turns
        return replace(
            self,
            rounds_played=self.rounds_played + 1,
            rounds_won=self.rounds_won + int(won),
            best_opening=best,
            fastest_round_win=fastest,
        )

    def with_match(self, *, won: bool, rounds: int | None) -> PresetStats:
        """Return the statistics after one more match."""
        shortest = self.shortest_match_win
        if won and rounds is not None and (shortest is None or rounds < shortest):
            shortest = rounds
        return replace(
            self,
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + int(won),
            shortest_match_win=shortest,
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the statistics as JSON data."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> tuple[PresetStats, bool]:
        """Build from JSON data field by field; return ``(stats, repaired)``."""
        if not isinstance(data, dict):
            return cls(), True
        values: dict[str, Any] = {}
        repaired = False
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            optional = f.default is None
            if (value is None and optional) or (
                isinstance(value, int) and not isinstance(value, bool) and value >= 0
            ):
                values[f.name] = value
            else:
                repaired = True
        stats = cls(**values)
        if stats.matches_won > stats.matches_played or stats.rounds_won > stats.rounds_played:
            repaired = True
            stats = replace(
                stats,
                matches_won=min(stats.matches_won, stats.matches_played),
                rounds_won=min(stats.rounds_won, stats.rounds_played),
            )
        return stats, repaired


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics, preset by preset (do not hash: it holds a dict), and how the
    player was spoken to at the last round counted (``she``, ``he`` or ``""``: unsaid)."""

    presets: Mapping[str, PresetStats] = field(default_factory=dict)
    gender: str = ""
    face: str | None = None

    def for_preset(self, name: str) -> PresetStats:
        """Return one preset's statistics (zeros if never played)."""
        return self.presets.get(name, PresetStats())

    def with_preset(self, name: str, stats: PresetStats) -> PlayerStats:
        """Return a copy with one preset's statistics replaced."""
        return PlayerStats({**self.presets, name: stats}, self.gender, self.face)

    @property
    def rounds_played(self) -> int:
        """Rounds played in every preset."""
        return sum(s.rounds_played for s in self.presets.values())

    def to_dict(self) -> dict[str, Any]:
        """Return the player's part of the document."""
        data: dict[str, Any] = {"presets": {name: s.to_dict()
                                            for name, s in sorted(self.presets.items())}}
        if self.gender:
            data["gender"] = self.gender
        if self.face is not None:
            data["face"] = self.face
        return data

    @classmethod
    def from_dict(cls, data: Any) -> tuple[PlayerStats, bool]:
        """Build from a player's part of the document; return ``(stats, repaired)``.

        Only the game's presets are kept: any other name is dropped (``repaired``).
        """
        presets = data.get("presets", {}) if isinstance(data, dict) else None
        if not isinstance(presets, dict):
            return cls(), True
        repaired = False
        result: dict[str, PresetStats] = {}
        for name, value in presets.items():
            if name not in PRESET_NAMES:
                repaired = True
                continue
            stats, bad = PresetStats.from_dict(value)
            repaired = repaired or bad
            result[name] = stats
        gender = clean_gender(data.get("gender"))
        face = data.get("face")
        if face is not None and not (isinstance(face, str) and FACE_ID.fullmatch(face)):
            face, repaired = None, True
        return cls(result, gender, face), repaired or gender != data.get("gender", "")


@dataclass(frozen=True)
class Stats:
    """Every player's statistics (do not hash: it holds a dict)."""

    players: Mapping[str, PlayerStats] = field(default_factory=dict)
    #: the keys of the last rounds counted (a round is counted once)
    counted: tuple[str, ...] = ()

    def for_player(self, name: str) -> PlayerStats:
        """Return one player's statistics (empty if they never played)."""
        return self.players.get(name, PlayerStats())

    def with_player(self, name: str, stats: PlayerStats) -> Stats:
        """Return a copy with one player's statistics replaced."""
        return Stats({**self.players, name: stats}, self.counted)

    def faces(self) -> dict[str, str]:
        """The face each player wore last, by name (those who have one)."""
        return {name: s.face for name, s in self.players.items() if s.face is not None}

    def genders(self) -> dict[str, str]:
        """How each player was spoken to, by name (only those who said she or he)."""
        return {name: s.gender for name, s in self.players.items() if s.gender}

    def names(self) -> list[str]:
        """The players, the one who played most rounds first."""
        return sorted(self.players, key=lambda n: (-self.players[n].rounds_played, n))

    def to_dict(self) -> dict[str, Any]:
        """Return the versioned JSON document."""
        return {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "players": {name: s.to_dict() for name, s in sorted(self.players.items())},
            "counted": list(self.counted),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Stats, bool]:
        """Build from a current-version document; return ``(stats, repaired)``.

        Names are cleaned as typed names are; an unusable or repeated one is dropped, as is
        any player beyond :data:`MAX_PLAYERS` (``repaired``).
        """
        players = data.get("players", {})
        if not isinstance(players, dict):
            return cls(), True
        repaired = False
        result: dict[str, PlayerStats] = {}
        for raw_name, value in players.items():
            name = raw_name if raw_name == EARLIER else clean_name(raw_name)
            if name is None or name in result or len(result) >= MAX_PLAYERS:
                repaired = True
                continue
            repaired = repaired or name != raw_name
            stats, bad = PlayerStats.from_dict(value)
            repaired = repaired or bad
            result[name] = stats
        counted = data.get("counted", [])
        keys = tuple(k for k in counted if isinstance(k, str) and 0 < len(k) <= MAX_KEY) \
            if isinstance(counted, list) else ()
        if not isinstance(counted, list) or len(keys) != len(counted):
            repaired = True
        return cls(result, keys[-COUNTED_KEYS:]), repaired


def _parse(raw: bytes) -> tuple[Stats, bool]:
    data = parse_json_bytes(raw)
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise ValueError("not a Rami statistics file")
    return Stats.from_dict(upgrade(data, STATS_VERSION, UPGRADERS))


def _is_good(raw: bytes) -> bool:
    _parse(raw)
    return True


def load_stats(paths: Paths) -> tuple[Stats, str | None]:
    """Load the statistics; never raises. Returns ``(stats, problem)`` (empty stats if none)."""
    result, problem = read_with_backup(paths.stats_file, _parse)
    if result is None:
        return Stats(), problem
    stats, repaired = result
    return stats, problem or (problems.REPAIRED if repaired else None)


def save_stats(paths: Paths, stats: Stats) -> str | None:
    """Save the statistics atomically; return None, ``unwritable`` or ``disk_full``."""
    return write_atomic_safe(paths.stats_file, dump_json_bytes(stats.to_dict()), is_good=_is_good)


def record_round(
    paths: Paths,
    player: str,
    preset: str,
    *,
    won: bool,
    turns: int | None = None,
    opening_points: int | None = None,
    gender: str | None = None,
    face: str | None = None,
) -> tuple[Stats, str | None]:
    """Count one finished round of a player and save.

    Args:
        paths: the storage paths.
        player: the player's name.
        preset: the preset name of the match.
        won: whether the player went out.
        turns: the number of turns the player took in the round (used when won).
        opening_points: the points of the player's opening this round, None if not down.
        gender: how the player was spoken to at the table (kept with the statistics; None:
            left as it was).
        face: the face the player wore (kept with the statistics; None: left as it was).

    Returns:
        ``(stats, problem)``: the new statistics; the problem of the save if any, else of the
        load.
    """
    stats, load_problem = load_stats(paths)
    mine = stats.for_player(player)
    mine = mine.with_preset(preset, mine.for_preset(preset).with_round(
        won=won, turns=turns, opening_points=opening_points))
    if gender is not None:
        mine = replace(mine, gender=clean_gender(gender))
    if face is not None and FACE_ID.fullmatch(face):
        mine = replace(mine, face=face)
    stats = stats.with_player(player, mine)
    return stats, save_stats(paths, stats) or load_problem


def record_match(
    paths: Paths, player: str, preset: str, *, won: bool, rounds: int | None = None
) -> tuple[Stats, str | None]:
    """Count one finished match of a player (``rounds`` it lasted) and save.

    Returns:
        ``(stats, problem)`` as :func:`record_round`.
    """
    stats, load_problem = load_stats(paths)
    mine = stats.for_player(player)
    mine = mine.with_preset(preset, mine.for_preset(preset).with_match(won=won, rounds=rounds))
    stats = stats.with_player(player, mine)
    return stats, save_stats(paths, stats) or load_problem


@dataclass(frozen=True)
class RoundLine:
    """One human's finished round, as the statistics count it."""

    player: str
    preset: str
    won: bool
    turns: int | None
    opening_points: int | None
    #: how the player was spoken to at the table (kept with the statistics; None: unchanged)
    gender: str | None = None
    #: the face the player wore (kept with the statistics; None: unchanged)
    face: str | None = None


@dataclass(frozen=True)
class MatchLine:
    """One human's finished match, as the statistics count it."""

    player: str
    preset: str
    won: bool
    rounds: int | None


def record_round_end(paths: Paths, key: str, rounds: Sequence[RoundLine],
                     matches: Sequence[MatchLine] = ()) -> tuple[Stats, str | None]:
    """Count a finished round (and the match it ended) of every human at it, once: nothing is
    counted again for a ``key`` the file remembers; one atomic write.

    Returns:
        ``(stats, problem)`` as :func:`record_round`.
    """
    stats, load_problem = load_stats(paths)
    if key in stats.counted:
        return stats, None
    for line in rounds:
        mine = stats.for_player(line.player)
        if line.gender is not None:
            mine = replace(mine, gender=clean_gender(line.gender))
        if line.face is not None and FACE_ID.fullmatch(line.face):
            mine = replace(mine, face=line.face)
        stats = stats.with_player(line.player, mine.with_preset(
            line.preset, mine.for_preset(line.preset).with_round(
                won=line.won, turns=line.turns, opening_points=line.opening_points)))
    for end in matches:
        mine = stats.for_player(end.player)
        stats = stats.with_player(end.player, mine.with_preset(
            end.preset, mine.for_preset(end.preset).with_match(won=end.won,
                                                                rounds=end.rounds)))
    stats = replace(stats, counted=(*stats.counted, key)[-COUNTED_KEYS:])
    return stats, save_stats(paths, stats) or load_problem


def reset(paths: Paths, player: str | None = None) -> tuple[Stats, str | None]:
    """Forget one player's statistics, or everyone's (``player=None``: file and backup removed).

    Returns:
        ``(stats, problem)``: the statistics left and None, ``unwritable`` or ``disk_full``.
    """
    if player is None:
        return Stats(), remove_with_backup(paths.stats_file)
    stats, _ = load_stats(paths)
    stats = Stats({name: s for name, s in stats.players.items() if name != player}, stats.counted)
    return stats, save_stats(paths, stats)


class StatsFiles:
    """The statistics file as a session's statistics store.

    Args:
        paths: the storage paths.
    """

    def __init__(self, paths: Paths) -> None:
        self.paths = paths

    def record_round(self, player: str, preset: str, *, won: bool, turns: int,
                     opening_points: int | None, gender: str | None = None,
                     face: str | None = None) -> str | None:
        """Count one more round of a player (who was spoken to as ``gender``, who wore
        ``face``); return None or a problem code."""
        return record_round(self.paths, player, preset, won=won, turns=turns,
                            opening_points=opening_points, gender=gender, face=face)[1]

    def record_match(self, player: str, preset: str, *, won: bool, rounds: int) -> str | None:
        """Count one more match of a player; return None or a problem code."""
        return record_match(self.paths, player, preset, won=won, rounds=rounds)[1]

    def record_round_end(self, key: str, rounds: Sequence[RoundLine],
                         matches: Sequence[MatchLine]) -> str | None:
        """Count a finished round once under ``key``; return None or a problem code."""
        return record_round_end(self.paths, key, rounds, matches)[1]
