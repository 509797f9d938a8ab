"""Every text reads against what it is drawn on: a contrast ratio of 4.5:1 at least (WCAG 2 AA),
the hint on the felt included. The theme names each text colour with its background; the felt's
lightest point is measured on the felt as drawn, and a tour of every screen finds no text colour
the theme does not name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from rami_desktop.smoke.tour import STOPS
from rami_desktop.ui.kit import text, theme
from rami_desktop.ui.widgets import clear_text_cache

from .conftest import DT
from .test_fit import TOUR


def _lightest_felt() -> tuple[int, int, int]:
    """The lightest colour of the felt as drawn, at the window sizes of the fit check."""
    colours: set[tuple[int, int, int]] = set()
    for size in ((800, 600), (1366, 768), (1920, 1080)):
        raw = pygame.image.tobytes(theme.felt_background(size), "RGB")
        colours |= set(zip(raw[0::3], raw[1::3], raw[2::3], strict=True))
    return max(colours, key=theme.luminance)


def test_the_contrast_ratio_is_the_wcag_one() -> None:
    assert theme.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert theme.contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert theme.contrast(theme.INK, theme.CREAM) == theme.contrast(theme.CREAM, theme.INK)


def test_text_drawn_on_the_felt_reads_against_its_lightest_point() -> None:
    felt = _lightest_felt()
    assert theme.luminance(felt) >= theme.luminance(theme.FELT)  # the measure found the felt
    for colour in theme.ON_FELT:
        assert theme.contrast(colour, felt) >= theme.MIN_CONTRAST, (colour, felt)


def test_every_text_colour_reads_against_its_background() -> None:
    felt = _lightest_felt()
    # a dark table panel is drawn see-through: read against it over the felt's lightest point
    panel = theme.over(theme.PANEL_BG, theme.PANEL_ALPHA, felt)
    low = [(fg, bg, round(theme.contrast(fg, panel if bg == theme.PANEL_BG else bg), 2))
           for fg, bg in theme.TEXT_ON]
    assert [pair for pair in low if pair[2] < theme.MIN_CONTRAST] == []


def test_a_faint_text_would_be_found() -> None:
    """The old hint, small brass yellow straight on the lighter felt, reads at about 3:1."""
    assert theme.contrast((240, 206, 130), (52, 133, 91)) < theme.MIN_CONTRAST


@pytest.fixture
def drawn_colours(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[tuple[int, ...]]]:
    """The colours of every text rendered meanwhile (caches emptied first)."""
    seen: set[tuple[int, ...]] = set()
    render = text._render

    def spy(line: str, size: int, color: tuple[int, ...], *args: Any) -> pygame.Surface:
        seen.add(tuple(color[:3]))
        return render(line, size, color, *args)

    monkeypatch.setattr(text, "_render", spy)
    text.clear_cache()
    clear_text_cache()
    yield seen
    text.clear_cache()
    clear_text_cache()


def test_no_screen_draws_a_text_colour_the_theme_does_not_name(
        make_app: Any, drawn_colours: set[tuple[int, ...]]) -> None:
    named = {fg for fg, _bg in theme.TEXT_ON} | set(theme.ON_FELT) | set(theme.NOT_READ)
    app = make_app((1280, 800), language="fr", animation_speed="off", hints=True)
    for _name, stop in STOPS:
        stop(app, TOUR)
        app.step(DT, [])
        app.draw()
        app.stack.clear()
        app.stack.apply_pending()
    assert len(drawn_colours) > 5  # the spy saw the screens' texts
    assert drawn_colours - named == set()
