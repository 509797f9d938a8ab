"""The expert's record: the bar, and the README's table of its figures, which must say exactly
what ``bots.record`` holds and where setup offers the expert."""

from __future__ import annotations

import re
from pathlib import Path

from rami_desktop.bots import levels_for
from rami_desktop.bots.record import BAR_ROUNDS, RECORD, Measured
from rami_desktop.engine.rules import PRESET_NAMES

README = Path(__file__).resolve().parents[2] / "README.md"
MARK = "<!-- expert record: tests/bots/test_expert_record.py -->"
ROW = re.compile(r"^\| (?P<preset>[a-z-]+) \| (?P<rounds>[\d,]+) \| (?P<wins>[\d,]+) \| "
                 r"(?P<share>\d+\.\d)% \[(?P<lo>\d+\.\d), (?P<hi>\d+\.\d)\] \| (?P<p99>\d+) \| "
                 r"(?P<illegal>\d+) \| (?P<offered>yes|no)\b")


def _rows() -> dict[str, re.Match[str]]:
    text = README.read_text(encoding="utf-8")
    assert text.count(MARK) == 1
    table = text.split(MARK, 1)[1].strip().split("\n\n", 1)[0].splitlines()[2:]
    rows = {}
    for line in table:
        m = ROW.match(line)
        assert m is not None, line
        rows[m["preset"]] = m
    return rows


def test_the_readme_table_is_the_record_and_says_where_the_expert_is_offered() -> None:
    rows = _rows()
    assert set(rows) == set(PRESET_NAMES) == set(RECORD)
    for name, m in rows.items():
        rec = RECORD[name]
        lo, hi = rec.interval
        assert int(m["rounds"].replace(",", "")) == rec.rounds
        assert int(m["wins"].replace(",", "")) == rec.wins
        assert m["share"] == f"{100 * rec.share:.1f}"
        assert (m["lo"], m["hi"]) == (f"{100 * lo:.1f}", f"{100 * hi:.1f}")
        assert int(m["p99"]) == round(rec.p99_ms) and int(m["illegal"]) == rec.illegal
        assert (m["offered"] == "yes") == ("expert" in levels_for(name)) == rec.earns()


def test_the_bar_wants_every_line() -> None:
    good = Measured("talaj", BAR_ROUNDS, 860, 120.0, 0, (0, 1, 2, 3, 4))
    assert good.earns()  # 57.3%, [54.8, 59.8]
    assert not Measured("talaj", BAR_ROUNDS - 2, 860, 120.0, 0, (0,)).earns()  # too few rounds
    assert not Measured("talaj", BAR_ROUNDS, 780, 120.0, 0, (0,)).earns()  # 52.0%: under 53%
    assert not Measured("talaj", BAR_ROUNDS, 860, 301.0, 0, (0,)).earns()  # too slow
    assert not Measured("talaj", BAR_ROUNDS, 860, 120.0, 1, (0,)).earns()  # an illegal action
    assert not Measured("talaj", 100, 57, 120.0, 0, (0,)).earns()  # 57%, but [47.2, 66.3]
