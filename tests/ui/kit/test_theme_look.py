"""The look every screen reads: the window's scale times the player's interface scale, and the
cards' factor."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rami_desktop.ui.kit import theme
from rami_desktop.ui.table.layout import MIDDLE_LEAST, compute_layout


@pytest.fixture(autouse=True)
def _default_look() -> Iterator[None]:
    yield
    theme.set_look(100)


@pytest.mark.parametrize("percent", [100, 125, 150])
def test_interface_scale_multiplies_the_window_scale(percent: int) -> None:
    theme.set_look(percent)
    for size in ((1366, 768), (1920, 1080)):
        assert theme.scale_for(size) == pytest.approx(theme.window_scale(size) * percent / 100)


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720), (1280, 800),
                                  (1366, 768), (2560, 1080)])
@pytest.mark.parametrize("percent", [100, 125, 150])
def test_text_grows_as_far_as_the_window_holds_the_screens(size: tuple[int, int],
                                                           percent: int) -> None:
    theme.set_look(percent)
    s, own = theme.scale_for(size), theme.window_scale(size)
    assert own <= s <= own * percent / 100 + 1e-9  # larger, never more than asked
    if s > own:  # the screens see at least the room they are laid out in at 150 %
        assert size[0] / s >= theme.LEAST_ROOM[0] - 1 and size[1] / s >= theme.LEAST_ROOM[1] - 1
    if percent > 100:
        assert s > own * 1.05  # a larger text size shows, even in the smallest window


@pytest.mark.parametrize("percent", [0, 99, 200, -150])
def test_an_interface_scale_not_offered_is_the_default(percent: int) -> None:
    theme.set_look(percent)
    assert theme.interface_scale() == 1.0


def test_larger_cards_grow_the_hand_not_the_text() -> None:
    normal = compute_layout((1366, 768), [1, 2])
    theme.set_look(100, large_cards=True)
    large = compute_layout((1366, 768), [1, 2])
    assert large.hand_w > normal.hand_w and large.pile_w > normal.pile_w
    assert large.meld_widths[0] > normal.meld_widths[0]
    assert large.scale == normal.scale


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("percent", [100, 125, 150])
def test_larger_cards_take_only_the_room_the_middle_of_the_table_leaves(
        size: tuple[int, int], percent: int) -> None:
    theme.set_look(percent)
    normal = compute_layout(size, [1, 2, 3])
    theme.set_look(percent, large_cards=True)
    large = compute_layout(size, [1, 2, 3])
    assert large.hand_w >= normal.hand_w  # never smaller than without
    middle = large.prompt.y - large.status.y
    if large.hand_w > normal.hand_w:
        assert middle >= MIDDLE_LEAST * size[1]
        # the status stays above the piles where it was there without
        assert (large.stock.y > large.status.bottom) == (normal.stock.y > normal.status.bottom)
    if percent == 100:
        assert large.hand_w > normal.hand_w * 1.1  # room enough at the usual text size
