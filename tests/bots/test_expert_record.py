"""The expert's record: the bar, where setup offers the expert, and the page that states the bar
(``docs/dev/bots.md``), which must say what ``bots.record`` holds."""

from __future__ import annotations

from pathlib import Path

from rami_desktop.bots import levels_for
from rami_desktop.bots.record import (
    BAR_LOWER,
    BAR_P99_MS,
    BAR_ROUNDS,
    BAR_SHARE,
    EXPERT_PRESETS,
    RECORD,
    Measured,
)
from rami_desktop.engine.rules import PRESET_NAMES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "dev" / "bots.md"


def test_the_record_says_where_the_expert_is_offered() -> None:
    assert set(RECORD) == set(PRESET_NAMES)
    for name, rec in RECORD.items():
        assert ("expert" in levels_for(name)) == rec.earns() == (name in EXPERT_PRESETS)


def test_the_bots_page_states_the_bar_the_record_holds() -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert f"at least {BAR_ROUNDS:,} duplicate two-player rounds against hard" in text
    assert f"at least {100 * BAR_SHARE:.0f} %" in text
    assert f"above {100 * BAR_LOWER:.0f} %" in text
    assert f"at most {BAR_P99_MS:.0f} ms" in text
    assert "0 illegal actions" in text


def test_the_bar_wants_every_line() -> None:
    good = Measured("talaj", BAR_ROUNDS, 860, 120.0, 0, (0, 1, 2, 3, 4))
    assert good.earns()  # 57.3%, [54.8, 59.8]
    assert not Measured("talaj", BAR_ROUNDS - 2, 860, 120.0, 0, (0,)).earns()  # too few rounds
    assert not Measured("talaj", BAR_ROUNDS, 780, 120.0, 0, (0,)).earns()  # 52.0%: under 53%
    assert not Measured("talaj", BAR_ROUNDS, 860, 301.0, 0, (0,)).earns()  # too slow
    assert not Measured("talaj", BAR_ROUNDS, 860, 120.0, 1, (0,)).earns()  # an illegal action
    assert not Measured("talaj", 100, 57, 120.0, 0, (0,)).earns()  # 57%, but [47.2, 66.3]
