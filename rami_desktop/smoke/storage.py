"""A save, the settings and the statistics are written and read back under ``RAMI_HOME``."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import Settings, load_settings, save_settings
from rami_desktop.storage.stats import Stats, StatsFiles, load_stats

from .report import require


def check_storage(played: Mapping[str, Match]) -> Callable[[], str]:
    """The check: saves a match the bots played (``played["talaj"]``, else a new one)."""

    def run_check() -> str:
        paths = Paths.from_environment()
        home = Path(os.environ["RAMI_HOME"])
        require(home in paths.data_dir.parents, f"RAMI_HOME not honoured: {paths.data_dir}")
        require(not paths.ensure(), "the temporary folders are not writable")
        match = played.get("talaj") or Match(preset("talaj"), 3, seed=5)
        seats = (Seat(None, "bot", "easy"),) * match.n
        config = GameConfig(rules=match.rules, seats=seats, seed=match.seed)
        store = MatchFiles(paths)
        session = Session(config, match, store=store)
        session.autosave()
        session.close()
        require(session.save_problem is None, f"save failed: {session.save_problem}")
        require(store.exists(), "the save is not seen")
        again, problem = Session.resume(store)
        require(problem is None and again is not None, f"load failed: {problem}")
        assert again is not None
        require(again.match.to_dict() == match.to_dict(),
                "the loaded match differs from the saved one")
        settings, _repaired = Settings.from_dict({"language": "fr", "sound_volume": 0.5})
        require(save_settings(paths, settings) is None, "settings not saved")
        back, problem = load_settings(paths)
        require(problem is None and back.to_dict()["language"] == "fr",
                "settings not read back")
        records = StatsFiles(paths)
        require(records.record_round("Rami", "talaj", won=True, turns=9,
                                     opening_points=61) is None,
                "statistics: round not recorded")
        require(records.record_match("Rami", "talaj", won=True, rounds=3) is None,
                "statistics: match not recorded")
        stats, problem = load_stats(paths)
        require(problem is None, f"statistics not readable: {problem}")
        require(stats.to_dict() != Stats().to_dict(), "statistics not read back")
        return f"saved and reloaded under {home.name}"

    return run_check
