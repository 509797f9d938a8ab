"""Statistics per preset, stored as versioned JSON (``stats.json`` in the data folder).

``{"format": "rami-stats", "version": 1, "presets": {"talaj": {...}, ...}}``. Loading is tolerant:
bad values are replaced by their defaults (problem ``repaired``); a damaged file is moved aside and
the backup tried; a file from a newer version is not loaded (copy kept as ``stats.json.newer``).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.versioning import Upgrader, upgrade

STATS_FORMAT = "rami-stats"
STATS_VERSION = 1
#: ``UPGRADERS[n]`` turns a version-n statistics document into version n + 1 (none yet).
UPGRADERS: dict[int, Upgrader] = {}


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
class Stats:
    """The statistics of every preset played (do not hash: it holds a dict)."""

    presets: Mapping[str, PresetStats] = field(default_factory=dict)

    def for_preset(self, name: str) -> PresetStats:
        """Return one preset's statistics (zeros if never played)."""
        return self.presets.get(name, PresetStats())

    def with_preset(self, name: str, stats: PresetStats) -> Stats:
        """Return a copy with one preset's statistics replaced."""
        return Stats({**self.presets, name: stats})

    def to_dict(self) -> dict[str, Any]:
        """Return the versioned JSON document."""
        return {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "presets": {name: s.to_dict() for name, s in sorted(self.presets.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Stats, bool]:
        """Build from a current-version document; return ``(stats, repaired)``.

        Only the game's presets are kept: any other name is dropped (``repaired``).
        """
        presets = data.get("presets", {})
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
        return cls(result), repaired


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
    preset: str,
    *,
    won: bool,
    turns: int | None = None,
    opening_points: int | None = None,
) -> tuple[Stats, str | None]:
    """Count one finished round of the local player and save.

    Args:
        paths: the storage paths.
        preset: the preset name of the match.
        won: whether the player went out.
        turns: the number of turns the player took in the round (used when won).
        opening_points: the points of the player's opening this round, None if not down.

    Returns:
        ``(stats, problem)``: the new statistics; the problem of the save if any, else of the
        load.
    """
    stats, load_problem = load_stats(paths)
    stats = stats.with_preset(
        preset,
        stats.for_preset(preset).with_round(won=won, turns=turns, opening_points=opening_points),
    )
    return stats, save_stats(paths, stats) or load_problem


def record_match(
    paths: Paths, preset: str, *, won: bool, rounds: int | None = None
) -> tuple[Stats, str | None]:
    """Count one finished match of the local player (``rounds`` it lasted) and save.

    Returns:
        ``(stats, problem)`` as :func:`record_round`.
    """
    stats, load_problem = load_stats(paths)
    stats = stats.with_preset(preset, stats.for_preset(preset).with_match(won=won, rounds=rounds))
    return stats, save_stats(paths, stats) or load_problem


def reset(paths: Paths, preset: str | None = None) -> tuple[Stats, str | None]:
    """Forget the statistics of one preset, or of all (``preset=None``; file and backup removed).

    Returns:
        ``(stats, problem)``: the statistics left and None, ``unwritable`` or ``disk_full``.
    """
    if preset is None:
        return Stats(), remove_with_backup(paths.stats_file)
    stats, _ = load_stats(paths)
    stats = Stats({name: s for name, s in stats.presets.items() if name != preset})
    return stats, save_stats(paths, stats)
