"""A push button and a portrait are pressed alike: a release over the widget after a press on
it activates it once; a release elsewhere, or the pointer leaving in between, does nothing."""

from __future__ import annotations

import pygame
import pytest

from rami_desktop.play.game.people import FACES
from rami_desktop.ui.pieces.face_picker import FaceButton
from rami_desktop.ui.widgets import Button, WidgetGroup
from rami_desktop.ui.widgets.pressable import Pressable


def _button(hits: list[object]) -> Pressable:
    return Button("Go", lambda: hits.append("go"))


def _face(hits: list[object]) -> Pressable:
    return FaceButton(FACES[1].id, hits.append)


def _mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


@pytest.mark.parametrize("make", [_button, _face], ids=["button", "face"])
def test_a_press_then_a_release_on_it_activates_once_elsewhere_never(make: object) -> None:
    hits: list[object] = []
    widget = make(hits)  # type: ignore[operator]
    widget.rect = pygame.Rect(10, 10, 80, 80)
    group = WidgetGroup()
    group.add(widget)
    inside, outside = (50, 50), (200, 200)
    group.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, inside))
    assert widget.pressed
    group.handle_event(_mouse(pygame.MOUSEBUTTONUP, inside))
    assert len(hits) == 1 and not widget.pressed
    group.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, inside))  # released elsewhere
    group.handle_event(_mouse(pygame.MOUSEBUTTONUP, outside))
    group.handle_event(_mouse(pygame.MOUSEBUTTONDOWN, inside))  # the pointer left meanwhile
    group.handle_event(_mouse(pygame.MOUSEMOTION, outside))
    assert not widget.pressed
    group.handle_event(_mouse(pygame.MOUSEMOTION, inside))
    group.handle_event(_mouse(pygame.MOUSEBUTTONUP, inside))
    assert len(hits) == 1
    group.focused = widget  # Enter activates it as a click does
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode="\r"))
    assert len(hits) == 2 and hits[-1] in ("go", FACES[1].id)
