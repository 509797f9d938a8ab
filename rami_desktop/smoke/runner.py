"""Run every check of the smoke test and write its report."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path

from rami_desktop.engine.match import Match

from .assets import check_cards, check_fonts, check_licences, check_sounds
from .games import check_bot_round
from .languages import check_languages
from .network import check_network
from .report import Report, environment
from .scenes import check_scenes
from .storage import check_storage


def run(size: tuple[int, int] | None = None) -> int:
    """Run every check; return 0 when all passed, else 1 (failures named on stderr)."""
    report = Report()
    start = time.perf_counter()
    played: dict[str, Match] = {}
    with environment():
        frozen = "bundle" if getattr(sys, "frozen", False) else "python"
        report.say(f"smoke: running from {frozen} {sys.version.split()[0]} ({sys.platform})")
        try:
            import pygame

            pygame.display.init()
            pygame.display.set_mode((64, 64))
        except Exception as exc:  # no display: named as a failure, the other checks still run
            report.fail("display", f"{type(exc).__name__}: {exc}")
        report.check("cards", check_cards)
        report.check("sounds", check_sounds)
        report.check("fonts", check_fonts)
        report.check("licences", check_licences)
        report.check("languages", check_languages)
        report.check("bots", check_bot_round(played))
        report.check("storage", check_storage(played))
        report.check("scenes", check_scenes(size))
        report.check("network", check_network)
        with contextlib.suppress(Exception):
            import pygame

            pygame.quit()
    seconds = time.perf_counter() - start
    if report.failures:
        report.say(f"smoke: FAILED {len(report.failures)} of "
                   f"{len(report.failures) + len(report.passed)} checks in {seconds:.1f} s",
                   error=True)
    else:
        report.say(f"smoke: passed {len(report.passed)} checks in {seconds:.1f} s")
    log = os.environ.get("RAMI_SMOKE_LOG")
    if log:
        with contextlib.suppress(OSError):
            Path(log).write_text("\n".join(report.lines) + "\n", encoding="utf-8")
    return 1 if report.failures else 0
