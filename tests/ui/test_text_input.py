"""The one-line text field: Ctrl+A selects the whole text, which typing, pasting, Backspace or
Delete then replaces; any other key lets the selection go."""

from __future__ import annotations

import pygame

from rami_desktop.ui.widgets import TextInput


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


def test_ctrl_a_then_typing_replaces_the_whole_name() -> None:
    field = TextInput("Youssef")
    assert field.handle_key(_key(pygame.K_a, pygame.KMOD_LCTRL))
    assert field.selected
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="Amina"))
    assert field.value == "Amina" and not field.selected


def test_ctrl_a_then_backspace_or_delete_clears_it() -> None:
    for key in (pygame.K_BACKSPACE, pygame.K_DELETE):
        field = TextInput("Youssef")
        field.handle_key(_key(pygame.K_a, pygame.KMOD_LCTRL))
        field.handle_key(_key(key))
        assert field.value == "" and not field.selected


def test_a_caret_key_lets_the_selection_go() -> None:
    field = TextInput("Youssef")
    field.handle_key(_key(pygame.K_a, pygame.KMOD_LMETA))  # Cmd+A on a Mac
    field.handle_key(_key(pygame.K_LEFT))
    field.handle_key(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    assert field.value == "Youssef!"
    empty = TextInput("")
    empty.handle_key(_key(pygame.K_a, pygame.KMOD_LCTRL))
    assert not empty.selected
