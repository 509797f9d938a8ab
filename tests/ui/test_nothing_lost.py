"""Nothing lost, said clearly: New game asks before replacing a save, a failing autosave is
said once, Continue resumes exactly (a card drawn, combinations staged), a newer save is not
offered."""

from __future__ import annotations

import itertools
import json
import shutil
from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard, Lay
from rami_desktop.engine.cards import parse_card
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.keep.round_ends import RoundEnd
from rami_desktop.play.session.session import Session
from rami_desktop.storage import problems, saves
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import ConfirmDialog, MessageDialog
from rami_desktop.ui.scenes.setup import SetupScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.widgets import tr
from tests.truth import behind

from .test_table_helpers import THREAD_WAIT, Driver, discard_card, known_table, order_of


def _with_paths(app: Any, tmp_path: Any) -> Paths:
    app.paths = Paths.under(tmp_path / "home")
    return app.paths


def _saved_table(app: Any) -> TableScene:
    """A table whose match is saved: the human (seat 0) plays first, against a bot."""
    config = GameConfig(rules=preset("talaj"), seats=(Seat("You"), Seat("Bot", "bot", "easy")),
                        seed=5)
    app.start_game(config, remember=False)
    d = Driver(app)
    d.step()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    for _ in range(400):  # the bot may play first: wait for its thread, whatever the CPU
        if scene.session.human_to_play() == 0:
            break
        scene.session.worker.wait(THREAD_WAIT)
        d.step()
    assert scene.session.human_to_play() == 0
    return scene


def test_new_game_asks_before_replacing_a_saved_match(make_app: Any, tmp_path: Any) -> None:
    app = make_app()
    paths = _with_paths(app, tmp_path)
    d = Driver(app)
    app.stack.clear_to(MenuScene(app))
    d.step()
    menu = app.stack.top
    d.click(menu.new_game.rect.center)
    assert isinstance(app.stack.top, SetupScene)  # no save: straight to the setup
    app.stack.clear_to(MenuScene(app))
    d.step()
    assert saves.save_match(paths, {"config": {}, "match": {}}) is None
    menu = app.stack.top
    d.click(menu.new_game.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    d.click(dialog.cancel_button.rect.center)  # Keep it
    assert app.stack.top is menu and saves.has_saved_match(paths)
    d.click(menu.new_game.rect.center)
    dialog = app.stack.top
    d.click(dialog.ok.rect.center)
    assert isinstance(app.stack.top, SetupScene)


def test_resume_after_draw_keeps_the_card_and_the_stock(make_app: Any, tmp_path: Any) -> None:
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    ctl = scene.session
    d = Driver(app)
    stock_before = list(behind(ctl).round.stock)
    d.click(scene.view.lay.stock.center)  # the human draws from the stock
    assert behind(ctl).round.has_drawn
    drawn = stock_before[-1]
    hand = sorted(behind(ctl).round.hands[0], key=str)
    assert drawn in behind(ctl).round.hands[0]
    stock_after = list(behind(ctl).round.stock)
    app.stack.clear_to(MenuScene(app))  # quit to the menu
    d.step(frames=2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button.enabled
    d.click(menu.continue_button.rect.center)
    d.step()
    table = app.stack.top
    assert isinstance(table, TableScene) and table is not scene
    r = behind(table.session).round
    assert r.has_drawn and r.current == 0
    assert sorted(r.hands[0], key=str) == hand and drawn in r.hands[0]
    assert list(r.stock) == stock_after


def _a_combination(ctl: Any) -> tuple[Any, ...] | None:
    """Three cards of the human's hand the engine would accept as a combination, if any."""
    hand = behind(ctl).round.hands[0]
    for combo in itertools.combinations(hand, 3):
        if behind(ctl).check(Lay(0, combo)) is None:
            return combo
    return None


def test_resume_keeps_the_staged_combinations(make_app: Any, tmp_path: Any) -> None:
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    ctl = scene.session
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    combo = _a_combination(ctl)
    if combo is None:
        pytest.fail("no combination in this deal")
    assert scene.control.attempt(Lay(0, combo))
    staged = [behind(ctl).round.melds[i].meld for i in behind(ctl).round.staged]
    hand = sorted(behind(ctl).round.hands[0], key=str)
    app.stack.clear_to(MenuScene(app))
    d.step(frames=2)
    assert app.continue_match()
    d.step()
    r = behind(app.stack.top.session).round
    assert [r.melds[i].meld for i in r.staged] == staged and staged
    assert sorted(r.hands[0], key=str) == hand and r.has_drawn


def test_resume_after_a_combination_taken_back(make_app: Any, tmp_path: Any) -> None:
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    ctl = scene.session
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    combo = _a_combination(ctl)
    if combo is None:
        pytest.fail("no combination in this deal")
    assert scene.control.attempt(Lay(0, combo))
    scene.control.undo()
    assert not behind(ctl).round.staged
    hand = sorted(behind(ctl).round.hands[0], key=str)
    app.stack.clear_to(MenuScene(app))
    d.step(frames=2)
    assert app.continue_match()
    d.step()
    r = behind(app.stack.top.session).round
    assert not r.staged and r.has_drawn and sorted(r.hands[0], key=str) == hand


def test_a_failing_autosave_pauses_the_table_until_it_is_kept(
        make_app: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move the disk refused is not shown as kept: the table says so in one sentence, takes
    no move and plays no bot; once a try keeps it, play goes on by itself."""
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    ctl = scene.session
    session = behind(ctl)
    now = [0.0]
    session.clock = lambda: now[0]
    calls: list[str | None] = []
    real_append, real_snapshot = MatchFiles.append, MatchFiles.snapshot
    full = [True]

    def append(store: Any, steps: Any, share: Any = None) -> str | None:
        calls.append("append")
        return problems.DISK_FULL if full[0] else real_append(store, steps, share)

    def snapshot(store: Any, payload: Any) -> str | None:
        calls.append("snapshot")
        return problems.DISK_FULL if full[0] else real_snapshot(store, payload)

    monkeypatch.setattr(MatchFiles, "append", append)
    monkeypatch.setattr(MatchFiles, "snapshot", snapshot)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    d.step()
    assert ctl.save_problem == problems.DISK_FULL and scene.save_notice.told == 1
    assert "Disk full" in scene.prompt_text()[0]
    assert app.stack.top is scene  # no dialog in the way: the table says it
    assert ctl.human_to_play() is None and not scene.control.players_turn()
    hand = list(session.round.hands[0])
    assert not ctl.play(0, Discard(0, hand[-1])).ok and session.round.hands[0] == hand
    d.step(frames=3)
    assert len(calls) == 1  # not tried again before its backoff
    now[0] += 1.0
    d.step()
    assert len(calls) == 2 and ctl.save_problem is not None  # tried again, still full
    full[0] = False
    now[0] += 10.0
    d.step()
    assert ctl.save_problem is None and "Disk" not in scene.prompt_text()[0]
    assert ctl.human_to_play() == 0 and scene.save_notice.told == 1
    discard_card(scene, session.round.hands[0][-1])
    d.step()
    assert ctl.save_problem is None and not session.round.has_drawn


def test_a_removed_folder_is_said_in_words(make_app: Any, tmp_path: Any) -> None:
    app = make_app(animation_speed="off")
    paths = _with_paths(app, tmp_path)
    scene = _saved_table(app)
    behind(scene.session).flush()
    folder = paths.match_file.parent
    shutil.rmtree(folder)
    folder.write_text("not a folder")  # removed, and nothing can be written there
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    behind(scene.session).flush()
    d.step()
    assert scene.session.save_problem == problems.UNWRITABLE
    assert app.stack.top is scene and "Saving failed" in scene.prompt_text()[0]
    assert scene.save_notice.told == 1


def test_a_newer_save_leaves_continue_disabled_with_the_reason(make_app: Any,
                                                               tmp_path: Any) -> None:
    app = make_app()
    paths = _with_paths(app, tmp_path)
    paths.match_file.parent.mkdir(parents=True, exist_ok=True)
    paths.match_file.write_text(json.dumps({"format": "rami-save", "version": 99,
                                            "match": {}}))
    d = Driver(app)
    app.stack.clear_to(MenuScene(app))
    d.step()
    menu = app.stack.top
    assert app.saved_match_available()
    assert not menu.continue_button.enabled
    assert "newer version" in menu.continue_reason()
    d.click(menu.continue_button.rect.center)
    assert app.stack.top is menu


# ---- the hand's order belongs to the seat ------------------------------------------------------


def test_continue_keeps_the_hand_order_and_the_card_just_drawn(make_app: Any,
                                                               tmp_path: Any) -> None:
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)  # a card drawn: it is marked
    d.click(scene.buttons.rank.rect.center)  # sorted by rank, then one card moved by hand
    d.key(pygame.K_HOME)
    d.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    order = order_of(scene)
    fresh = scene.session.hand_order(0).fresh
    assert fresh is not None
    drawn = order[fresh]
    app.stack.clear_to(MenuScene(app))  # quit to the menu: the table saves on leaving
    d.step(frames=2)
    assert app.continue_match()
    d.step()
    table = app.stack.top
    assert isinstance(table, TableScene) and table is not scene
    assert order_of(table) == order
    assert table.session.hand_order(0).fresh == fresh and order_of(table)[fresh] == drawn


def test_a_take_back_returns_each_card_where_it_was(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    scene.control.sort_suit()  # the kings now lie apart, among their suits
    before = order_of(scene)
    kings = [i for i, c in enumerate(before) if c.code in ("KS", "KH", "KD")]
    assert kings != list(range(kings[0], kings[0] + 3))  # not side by side
    for i in kings:
        scene.control.toggle_select(i)
    scene.control.lay_selection()
    d.step()
    assert len(order_of(scene)) == len(before) - 3
    d.key(pygame.K_b)  # take the tria back
    assert order_of(scene) == before


def test_laying_one_of_two_identical_cards_leaves_the_other_in_place(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    hand = "5H 2C 6H 7H 5H KS 9D 4C 10S QD 3S 8C JD JK"
    scene = known_table(app, human=hand)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    order = order_of(scene)
    first, second = [i for i, c in enumerate(order) if c.code == "5H"]
    for i in (second, order.index(parse_card("6H")), order.index(parse_card("7H"))):
        scene.control.toggle_select(i)  # the second 5♥ with 6♥ and 7♥
    scene.control.lay_selection()
    d.step()
    after = order_of(scene)
    assert after[first].code == "5H" and [c.code for c in after].count("5H") == 1
    assert [c.code for c in after[:2]] == ["5H", "2C"]  # the first copy did not move


def test_names_from_a_saved_match_are_cleaned_and_it_continues(make_app: Any,
                                                               tmp_path: Any) -> None:
    """A NUL, a BEL, a lone surrogate, a right-to-left override, 10,000 characters or several
    lines in a saved name: the match continues, each name cleaned as typed names are."""
    app = make_app(animation_speed="off")
    paths = _with_paths(app, tmp_path)
    names = ["Am\x00ina\x07", "\ud800Bot", "\u202eYoussef", "x" * 10_000, "two\nlines"]
    config = GameConfig(rules=preset("talaj"), seed=5, seats=tuple(
        Seat(n, "human" if i == 0 else "bot", "easy") for i, n in enumerate(names)))
    session = Session(config, store=MatchFiles(paths))
    data = json.loads(json.dumps(behind(session).payload()))
    for seat, name in zip(data["config"]["seats"], names, strict=True):
        seat[0] = name  # as a crafted file would hold them (escaped JSON)
    paths.ensure()
    paths.match_file.write_text(json.dumps({"format": "rami-save", "version": 1,
                                            "match": data}), "ascii")
    assert app.continue_match()
    Driver(app).step()
    table = app.stack.top
    assert isinstance(table, TableScene)
    got = [table.session.name(s) for s in range(5)]
    assert got == ["Amina", "Bot", "Youssef", "x" * 16, "two lines"]
    assert all(n.isprintable() for n in got)


def test_a_save_that_fails_unexpectedly_pauses_the_table_too(
        make_app: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a full disk but an unexpected failure while writing: the table says it cannot save
    and waits (the last good save stays)."""
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    calls: list[int] = []

    def broken(store: Any, steps: Any, share: Any = None) -> str | None:
        calls.append(1)
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(MatchFiles, "append", broken)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    d.step()
    assert calls and scene.session.save_problem is not None
    assert "Saving failed" in scene.prompt_text()[0]
    assert scene.session.human_to_play() is None and scene.save_notice.told == 1


class _Rounds:
    """Round files on a disk that is full until told otherwise."""

    def __init__(self) -> None:
        self.full = True
        self.kept: list[str] = []

    def keep(self, payload: dict[str, Any], name: str | None = None) -> str | None:
        if self.full:
            return problems.DISK_FULL
        self.kept.append(payload["round"]["id"])
        return None

    def has(self, key: str) -> bool:
        return key in self.kept


def test_a_round_that_could_not_be_kept_is_said_once(make_app: Any, tmp_path: Any) -> None:
    """A finished round whose file the disk refused: one message, once, while the game tries
    again by itself (play is not held for it); kept once there is room."""
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    scene = _saved_table(app)
    session = behind(scene.session)
    now = [0.0]
    session.round_ends.clock = lambda: now[0]
    rounds = _Rounds()
    end = RoundEnd("m/9", {"round": {"number": 9, "id": "m/9"}})
    session.round_ends.start(9, lambda: end, rounds, None)
    session.flush()
    d = Driver(app)
    d.step()
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and "Past rounds" in tr(dialog.message)
    d.key(27)
    now[0] += 1.0
    d.step(frames=3)
    session.flush()
    d.step()
    assert app.stack.top is scene and scene.session.human_to_play() == 0  # not held
    assert scene.session.rounds_problem == problems.DISK_FULL  # tried again, said once
    rounds.full = False
    now[0] += 10.0
    d.step()
    session.flush()
    d.step()
    assert rounds.kept == ["m/9"] and scene.session.rounds_problem is None
    assert app.stack.top is scene


def test_enter_on_the_menu_continues_a_saved_match(make_app: Any, tmp_path: Any) -> None:
    """A match saved: Continue is the menu's main button, and the first Enter continues."""
    app = make_app(animation_speed="off")
    _with_paths(app, tmp_path)
    _saved_table(app)
    app.stack.clear_to(MenuScene(app))
    d = Driver(app)
    d.step(frames=2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.continue_button.style == "primary" and menu.new_game.style != "primary"
    assert menu.group.focused is menu.continue_button
    d.key(pygame.K_RETURN)
    d.step()
    assert isinstance(app.stack.top, TableScene)
