"""At 800x600 the opening counter drops one clause at a time and keeps a "selected" mark; the
hand owner's name is shortened with "…", never the score or the state."""

from __future__ import annotations

from typing import Any

from rami_desktop.ui.kit import theme
from rami_desktop.ui.table.counter import CounterView
from rami_desktop.ui.table.hud import shortened
from rami_desktop.ui.widgets import render_text


def test_the_selection_clause_has_a_short_mark() -> None:
    view = CounterView("Opening 30 / 71", "(going out: 71)", False, (), selected=True)
    assert view.selection() == "with the selected cards"
    assert view.selection(short=True) == "+ selected"
    assert CounterView("Opening 30 / 71", "", False, ()).selection(short=True) == ""


def test_a_long_name_is_shortened_with_an_ellipsis(make_app: Any) -> None:
    make_app((800, 600))
    name = "Abdelkrim Bennani"
    full = render_text(name, 18, theme.CREAM, bold=True).get_width()
    cut = shortened(name, 18, full // 2)
    assert cut.endswith("…") and name.startswith(cut[:-1].rstrip())
    assert render_text(cut, 18, theme.CREAM, bold=True).get_width() <= full // 2
    assert shortened(name, 18, full) == name
