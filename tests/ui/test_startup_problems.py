"""Bad files and unwritable folders at start never crash the game: one clear message over the menu,
and the game starts normally."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.app import App
from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig
from rami_desktop.storage import problems
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import has_saved_match
from rami_desktop.ui.scenes.language import LanguageScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import MessageDialog
from rami_desktop.ui.words.problems_text import (
    ALL_FOLDERS_UNWRITABLE,
    NOT_SAVED_INCONSISTENT,
    PROBLEM_MESSAGES,
    SAVE_FAILED,
    UNKNOWN_PROBLEM,
    problem_text,
    startup_message,
)

from .test_table_helpers import save_game

GARBAGE = b"\xff\xfe{{ not json at all \x00"


# ------------------------------------------------------------------------------ the words


def test_every_storage_problem_has_its_own_sentence() -> None:
    assert set(PROBLEM_MESSAGES) == set(problems.ALL_PROBLEMS) | {NOT_SAVED_INCONSISTENT,
                                                                 SAVE_FAILED}
    texts = [problem_text(code) for code in PROBLEM_MESSAGES if code != SAVE_FAILED]
    assert len(set(texts)) == len(texts)
    for text in texts:
        assert text.endswith(".") and len(text) <= 100 and "\n" not in text, text


def test_subjects_and_unknown_codes() -> None:
    assert problem_text("corrupt_no_backup", "save").startswith("Saved match: ")
    assert problem_text("repaired", "settings").startswith("Settings: ")
    assert problem_text("repaired", "nothing") == problem_text("repaired")
    assert problem_text("no_such_code") == UNKNOWN_PROBLEM


def test_startup_message_is_one_message() -> None:
    text = startup_message(["settings:corrupt_no_backup", "save:corrupt_restored_backup",
                            "settings:corrupt_no_backup"])
    assert text.splitlines() == ["\u2022 " + problem_text("corrupt_no_backup", "settings"),
                                 "\u2022 " + problem_text("corrupt_restored_backup", "save")]
    folders = startup_message([problems.CONFIG_DIR_UNWRITABLE, problems.DATA_DIR_UNWRITABLE,
                               problems.LOG_DIR_UNWRITABLE, "settings:unwritable"])
    assert folders == ALL_FOLDERS_UNWRITABLE
    one = startup_message([problems.LOG_DIR_UNWRITABLE])
    assert one == problem_text(problems.LOG_DIR_UNWRITABLE)


@pytest.mark.parametrize("lang", ["fr", "ar_MA"])
def test_messages_follow_the_language(lang: str) -> None:
    try:
        i18n.set_language(lang)
        text = startup_message(["save:corrupt_no_backup"])
        assert text  # translated when the catalog has it, English otherwise; never empty
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------------------ the start


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return Path(os.environ["RAMI_HOME"])


@pytest.fixture
def start() -> Iterator[object]:
    """Start real (persisting) apps in RAMI_HOME, as ``python -m rami_desktop`` does."""
    apps: list[App] = []

    def make(language: str | None = "en") -> App:
        i18n.set_language("en")
        app = App((1024, 640), fullscreen=False)
        if language and not app.settings.get("language"):
            app.set_language(language, save=False)
        apps.append(app)
        app.stack.push(app.first_scene())
        app.step(1 / 60)
        return app

    yield make
    for app in apps:
        app.stack.clear()
        app.stack.apply_pending()
        app.close()
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_rami_storage_handler", False):
            root.removeHandler(handler)
            handler.close()
    i18n.set_language("en")


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _dialogs(app: App) -> list[MessageDialog]:
    return [s for s in app.stack.scenes if isinstance(s, MessageDialog)]


def test_empty_folder_starts_quietly(start: object, home: Path) -> None:
    app = start(language=None)
    assert app.startup_problems == []
    assert isinstance(app.stack.top, LanguageScene)
    app.set_language("en")
    app.stack.clear_to(MenuScene(app))
    app.step(1 / 60)
    assert isinstance(app.stack.top, MenuScene) and not _dialogs(app)
    assert app.log_file is not None and Path(app.log_file).is_file()
    assert (home / "config").is_dir() and (home / "data").is_dir()


def test_damaged_files_give_one_message_over_the_menu(start: object, home: Path) -> None:
    paths = Paths.under(home)
    _write(paths.settings_file, b'{"version": 1, "language": "en"')  # cut short
    _write(paths.match_file, GARBAGE)
    _write(paths.stats_file, b"[]")
    app = start()
    assert app.startup_problems == ["settings:corrupt_no_backup", "save:corrupt_no_backup",
                                    "stats:corrupt_no_backup"]
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and len(_dialogs(app)) == 1
    assert isinstance(app.stack.scenes[0], MenuScene)
    lines = dialog.message().splitlines()
    assert len(lines) == 3 and lines[0].startswith("\u2022 Settings:")
    # the damaged save was moved aside before the player could press Continue
    assert not has_saved_match(paths)
    assert list(paths.data_dir.glob("match.json.corrupt-*"))
    assert not app.stack.scenes[0].continue_button.enabled
    # OK closes it; the menu works and the message does not come back
    pygame.event.clear()
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=dialog.ok.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dialog.ok.rect.center,
                                         button=1)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dialog.ok.rect.center,
                                         button=1)])
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.stack.push(MenuScene(app))
    app.step(1 / 60)
    assert not _dialogs(app)


def test_damaged_save_with_a_good_backup(start: object, home: Path) -> None:
    paths = Paths.under(home)
    config = GameConfig()
    match = Match(config.rules, config.players, 3)
    assert save_game(paths, config, match) is None
    assert save_game(paths, config, match) is None  # now match.json.bak is good too
    _write(paths.match_file, GARBAGE)
    app = start()
    assert app.startup_problems == ["save:corrupt_restored_backup"]
    assert "last good copy" in app.stack.top.message()
    assert has_saved_match(paths) and paths.match_file.read_bytes() != GARBAGE


def test_first_start_shows_the_message_after_the_language(start: object, home: Path) -> None:
    paths = Paths.under(home)
    _write(paths.settings_file, GARBAGE)
    app = start(language=None)
    assert isinstance(app.stack.top, LanguageScene) and not _dialogs(app)
    app.set_language("fr")
    app.stack.clear_to(MenuScene(app))
    app.step(1 / 60)
    assert isinstance(app.stack.top, MessageDialog)


def test_data_folder_under_a_file(start: object, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A RAMI_HOME that cannot exist (a file is in the way): the game starts, says so once."""
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("RAMI_HOME", str(blocker / "rami"))
    app = start()
    assert set(app.startup_problems) == {problems.CONFIG_DIR_UNWRITABLE,
                                         problems.DATA_DIR_UNWRITABLE,
                                         problems.LOG_DIR_UNWRITABLE}
    assert app.log_file is None
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog)
    assert dialog.message() == ALL_FOLDERS_UNWRITABLE
    for _frame in range(3):
        app.step(1 / 60)
    app.save_settings()  # saving fails quietly


def test_read_only_folders(start: object, home: Path, read_only_home: object) -> None:
    app = start()
    assert problems.DATA_DIR_UNWRITABLE in app.startup_problems
    assert isinstance(app.stack.top, MessageDialog)
    app.step(1 / 60)


@pytest.fixture
def read_only_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """RAMI_HOME's folders exist but refuse writes (simulated: root ignores chmod)."""
    for name in ("config", "data", "logs"):
        (home / name).mkdir(parents=True, exist_ok=True)
    root = str(home.resolve())
    real_open = os.open

    def guarded_open(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writing and os.path.abspath(path).startswith(root):
            raise PermissionError(13, "Permission denied (simulated)", str(path))
        return real_open(path, flags, *args, **kwargs)

    real_builtin_open = open

    def guarded_builtin(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(file, (str, Path)) and any(c in mode for c in "wax+") \
                and os.path.abspath(file).startswith(root):
            raise PermissionError(13, "Permission denied (simulated)", str(file))
        return real_builtin_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded_open)
    monkeypatch.setattr("builtins.open", guarded_builtin)
    yield


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_non_regular_file_as_the_save_starts_the_game_to_the_menu(
        start: object, home: Path, kind: str) -> None:
    """A FIFO, a link to /dev/zero or a folder named match.json (and the same in place of the
    settings and the statistics): never opened blocking nor read without a limit; set aside
    with one log line; the menu appears as usual, with no message."""
    paths = Paths.under(home)
    for path in (paths.match_file, paths.settings_file, paths.stats_file):
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dev-zero":
            path.symlink_to("/dev/zero")
        else:
            path.mkdir()
    outcome: list[App] = []
    worker = threading.Thread(target=lambda: outcome.append(start()), daemon=True)
    worker.start()
    worker.join(30)
    assert outcome, "the game did not start: a file blocked it"
    app = outcome[0]
    assert isinstance(app.stack.top, MenuScene) and not _dialogs(app)
    assert app.startup_problems == []
    assert not app.stack.top.continue_button.enabled
    for path in (paths.match_file, paths.settings_file, paths.stats_file):
        assert not path.is_symlink() and list(path.parent.glob(path.name + ".not-a-file-*"))
