"""Hands reach a screen only through the seat view: no screen, nor the text mode, can reach the
whole game.

Read with :mod:`ast` over every module of ``rami_desktop/ui`` and ``rami_desktop/commands/cli.py``:
a screen never imports the session (the game whole), a round or a match is only ever read as
shown (``<table>.shown.round``, ``<table>.shown.match``, ``<view>.match``: rebuilt from one
seat's view), and nothing reaches into another object's private parts (a table's source, the
coach's whole round). The tutorial's coach, who sees Bot's hand on purpose, lives in
``play/tutorial/open_hand_coach.py``; its screen asks it for verdicts and numbers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "rami_desktop"
#: the modules that show the game: every screen, and the text mode
SHOWING = sorted([*PACKAGE.joinpath("ui").rglob("*.py"), PACKAGE / "commands/cli.py"])
#: the modules of the game whole (its full rounds and hands): a screen never imports them (the
#: network lobby starts the host's session and hands it to a network table unread: the
#: attribute rule below holds it to that)
WHOLE_GAME = ("rami_desktop.play.session.session", "rami_desktop.engine.state",
              "rami_desktop.engine.match")
#: where a round or a match may be read: on what a screen shows (``.shown``) or a seat view
#: (``view.match``, the match's public record)
SHOWN = {"round": ("shown",), "match": ("shown", "view")}


def _receiver(node: ast.Attribute) -> str:
    """The last name of what an attribute is read on (``a.b.shown.round``: ``shown``)."""
    value = node.value
    if isinstance(value, ast.Attribute):
        return value.attr
    if isinstance(value, ast.Name):
        return value.id
    return ""


def _private_elsewhere(node: ast.Attribute) -> bool:
    """Whether an attribute reaches into another object's private parts (``x._source``): only
    an object's own (``self``, ``cls``, its class by name) and ``i18n._`` are not."""
    if not node.attr.startswith("_") or node.attr.startswith("__") or node.attr == "_":
        return False
    value = node.value
    return not (isinstance(value, ast.Name) and (value.id in ("self", "cls")
                                                 or value.id[:1].isupper()))


def reaches_whole_game(code: str, name: str, screen: bool) -> list[str]:
    """Each place a module's code reaches the whole game, as ``name:line: code``.

    Args:
        code: the module's source.
        name: its name in the messages.
        screen: whether it is a screen (a screen never imports what holds the game whole; the
            text mode builds its session, then reads it through a table like a screen).
    """
    found: list[str] = []
    for node in ast.walk(ast.parse(code, filename=name)):
        bad = False
        if isinstance(node, ast.ImportFrom):
            bad = screen and (node.module or "").startswith(WHOLE_GAME)
        elif isinstance(node, ast.Import):
            bad = screen and any(alias.name.startswith(WHOLE_GAME) for alias in node.names)
        elif isinstance(node, ast.Attribute):
            allowed = SHOWN.get(node.attr)
            bad = (allowed is not None and _receiver(node) not in allowed) \
                or _private_elsewhere(node)
        if bad:
            found.append(f"{name}:{getattr(node, 'lineno', 0)}: {ast.unparse(node)}")
    return found


def test_no_screen_nor_the_text_mode_reaches_the_whole_game() -> None:
    found = [line for path in SHOWING
             for line in reaches_whole_game(path.read_text(encoding="utf-8"),
                                            str(path.relative_to(PACKAGE)),
                                            screen="ui" in path.relative_to(PACKAGE).parts)]
    assert not found, "a screen reaches the whole game:\n" + "\n".join(found)


@pytest.mark.parametrize("code", [
    "r = self.session.round\n",
    "hand = table.match.round.hands[1]\n",
    "src = self.game._source\n",
    "coach = self.coach._every_hand\n",
    "from rami_desktop.play.session.session import Session\n",
    "import rami_desktop.engine.state\n",
    "m = game.match\n",
])
def test_the_check_catches_a_screen_reading_the_whole_game(code: str) -> None:
    assert reaches_whole_game(code, "probe", screen=True), code


def test_the_check_lets_a_screen_read_what_it_is_shown() -> None:
    code = ("r = self.session.shown.round\n"
            "m = control.session.shown.match\n"
            "info = view.match.scores\n"
            "hand = r.hands[0]\n"
            "self._drawn = 1\n"
            "word = i18n._('x')\n")
    assert not reaches_whole_game(code, "probe", screen=True)
