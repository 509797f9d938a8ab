"""The family server's admin token is a secret on a shared screen: its field shows a dot for
each character; a button beside it (a click, or Tab then Enter) shows it in clear and hides it
again, in every language, and the token typed is the one sent."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.net_server import ServerScene
from rami_desktop.ui.widgets import TextInput
from rami_desktop.ui.widgets.text_input import MASK

from .conftest import Driver

TOKEN = "family-admin-token-0123"


def field_pixels(scene: ServerScene, surface: pygame.Surface) -> bytes:
    """The token field's pixels as the screen draws it."""
    surface.fill((0, 0, 0))
    scene.token.draw(surface, None)
    return pygame.image.tobytes(surface.subsurface(scene.token.rect), "RGB")


def drawn_like(scene: ServerScene, surface: pygame.Surface, text: str) -> bytes:
    """The pixels of an unmasked field in the token's place holding ``text``."""
    twin = TextInput(text, max_length=128)
    twin.rect, twin.scale = scene.token.rect.copy(), scene.token.scale
    twin.hovered = scene.token.hovered
    surface.fill((0, 0, 0))
    twin.draw(surface, None)
    return pygame.image.tobytes(surface.subsurface(twin.rect), "RGB")


def server_scene(make_app: Any, lang: str) -> tuple[Driver, ServerScene]:
    app = make_app((800, 600))
    app.set_language(lang, save=False)
    drive = Driver(app)
    scene = drive.show(app.scene(Route.NET_SERVER))
    assert isinstance(scene, ServerScene)
    return drive, scene


@pytest.mark.parametrize("lang", ["en", "fr", "ar_MA"])
def test_the_admin_token_shows_in_dots_and_a_click_shows_it(make_app: Any, lang: str) -> None:
    drive, scene = server_scene(make_app, lang)
    drive.click(scene.token.rect.center)
    drive.type(TOKEN)
    assert scene.token.value == TOKEN
    surface = pygame.Surface(drive.app.size)
    assert field_pixels(scene, surface) == drawn_like(scene, surface, MASK * len(TOKEN))
    assert field_pixels(scene, surface) != drawn_like(scene, surface, TOKEN)
    shown_label = scene.show_token_label()
    drive.click(scene.show_token.rect.center)
    assert field_pixels(scene, surface) == drawn_like(scene, surface, TOKEN)
    assert scene.show_token_label() != shown_label  # Show, then Hide
    drive.click(scene.show_token.rect.center)
    assert field_pixels(scene, surface) == drawn_like(scene, surface, MASK * len(TOKEN))
    assert scene.token.value == TOKEN  # the token itself never changed


def test_the_keyboard_reaches_the_show_button_after_the_token(make_app: Any) -> None:
    drive, scene = server_scene(make_app, "en")
    scene.group.focused = scene.token
    drive.type("abc")
    drive.key(pygame.K_TAB)
    assert scene.group.focused is scene.show_token
    drive.key(pygame.K_RETURN)
    assert not scene.token.masked and scene.show_token_label() == "Hide"
    drive.key(pygame.K_SPACE)
    assert scene.token.masked and scene.show_token_label() == "Show"
    assert scene.token.value == "abc"


def test_the_button_does_not_move_when_its_word_changes(make_app: Any) -> None:
    drive, scene = server_scene(make_app, "fr")
    before = scene.show_token.rect.copy()
    drive.click(before.center)
    drive.step()
    assert scene.show_token.rect == before and not scene.show_token.label_clipped()
