"""The table at a large text size: the hint on its plate clear of the "F1: controls" button,
as large as the table's other words."""

from __future__ import annotations

from typing import Any

from rami_desktop.smoke.fit import PROMISED, wear
from rami_desktop.smoke.tour import STOPS
from rami_desktop.ui.kit import theme

from .test_fit import TOUR
from .test_table_helpers import Driver, hint_of


def test_the_hint_keeps_clear_of_the_controls_button_at_a_large_interface_scale(
        make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="off", hints=True)
    d = Driver(app)
    for lang in ("fr", "ar_MA"):
        app.set_language(lang, save=False)
        dict(STOPS)["table"](app, TOUR)
        wear(app, PROMISED[1])
        d.step(frames=3)
        table = app.stack.top
        d.click(table.view.lay.stock.center)  # drawn: the hint says more, on two lines
        d.settle(10)
        _positions, text = hint_of(table)
        d.step(frames=2)
        f1 = table.buttons.controls
        hint = table.painter.hint_rect
        assert text and f1.visible and hint is not None  # both shown: the first rounds
        assert not hint.colliderect(f1.rect), (lang, text, hint, f1.rect)
        assert hint.h >= theme.px(theme.FONT_SMALL, table.view.lay.scale)
