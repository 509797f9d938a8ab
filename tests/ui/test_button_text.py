"""Button labels stay readable: they shrink a little, never under 14 px, then wrap."""

from __future__ import annotations

from typing import Any

from rami_desktop.i18n import set_language
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.widgets import fit_label, render_text
from rami_desktop.ui.widgets.drawing import MIN_LABEL_SIZE
from tests.truth import behind

from .test_table_helpers import Driver, end_round, known_table

INK = (0, 0, 0)


def _height(size: int) -> int:
    return render_text("Grouper", size, INK).get_height()


def test_a_long_word_never_shrinks_under_the_minimum(app: Any) -> None:
    surf = fit_label("Grouper", 16, INK, 20, 40)
    assert surf.get_height() >= _height(MIN_LABEL_SIZE)
    assert surf.get_width() <= 20  # clipped, not overflowing


def test_two_words_wrap_when_the_button_is_tall_enough(app: Any) -> None:
    one_line = render_text("Manche suivante", MIN_LABEL_SIZE, INK)
    width = one_line.get_width() * 2 // 3
    surf = fit_label("Manche suivante", 20, INK, width, one_line.get_height() * 3)
    assert surf.get_width() <= width
    assert surf.get_height() >= 2 * _height(MIN_LABEL_SIZE) - 4  # two readable lines


def test_summary_and_table_buttons_are_readable_in_a_small_window(make_app: Any) -> None:
    app = make_app((800, 560), animation_speed="off")
    set_language("fr")
    scene = known_table(app)
    r = behind(scene.session).round
    end_round(r, 0)
    behind(scene.session).version += 1  # the round was ended under the table
    app.stack.clear_to(scene)
    summary = RoundSummaryScene(app, scene.session, lambda: None)
    app.stack.push(summary)
    Driver(app).step(frames=2)
    buttons = [summary.menu, summary.look, summary.next, *scene.buttons.tools]
    for button in buttons:
        assert button.label_surface().get_height() >= _height(MIN_LABEL_SIZE), button.label


def test_a_dialog_button_is_as_wide_as_its_words(make_app: Any) -> None:
    """The first start's offer: «Apprendre à jouer» on one line at its full size (it wrapped
    in a smaller font, review D9)."""
    from rami_desktop.i18n import N_
    from rami_desktop.ui.routes import Route

    for size, scale in (((800, 600), 100), ((1366, 768), 150)):
        app = make_app(size, interface_scale=scale)
        app.set_language("fr", save=False)
        dialog = app.scene(Route.CONFIRM, N_("Learn to play"), N_("Learn to play"),
                           lambda: None, confirm=N_("Learn to play"), cancel=N_("Not now"))
        app.stack.push(dialog)
        app.step(1 / 60, [])
        for button in (dialog.ok, dialog.cancel_button):
            assert button.natural_width() <= button.rect.w, (size, button.rect)
            assert button.rect.w <= dialog.panel.rect.w
