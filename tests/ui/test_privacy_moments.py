"""Pass-and-play privacy at every moment: Space, Enter and Escape pressed whenever a player
might press them (on the privacy screen, in the pause menu, mid-turn, at "wait for me", on the
summary), a take-back, Continue after the game was killed. Games (one round by default, whole
matches with ``-m slow``; the summary and the next deal: always two rounds or more) are played
through the real table and every frame drawn is checked (:class:`test_privacy.Watch`): no hand
is face up unless its owner passed the privacy screen in their own turn, and none under any
screen laid over the table. The screen only ever holds one seat's view (``Table.shown``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Draw
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.rules import preset
from rami_desktop.net.host.redact import seat_view
from rami_desktop.net.wire.view import seat_view_from_dict
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.seat_view import SPECTATOR
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.controls_help import ControlsHelpOverlay
from rami_desktop.ui.scenes.overlays import PauseOverlay
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table.table_view import HIDDEN_HAND
from tests.conftest import some_by_default
from tests.truth import behind

from .test_privacy import (
    SEATS,
    Pokes,
    Watch,
    _arm,
    _config,
    _key,
    _select,
    _step,
    play_whole_match,
)
from .test_table_helpers import Driver, known_table, order_of

#: how long each moment's game is: one round in the default run (every moment comes up in a
#: round: each human's privacy screen, turns, pauses, the summary), a whole match with ``-m slow``
LENGTHS = some_by_default(["round", "match"], 1)


def _press(d: Driver, watch: Watch, key: int, down: bool = True, up: bool = True) -> None:
    """A key pressed and released (or only one of the two), one frame each."""
    for kind, wanted in ((pygame.KEYDOWN, down), (pygame.KEYUP, up)):
        if wanted:
            _step(d, watch, [pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)])


def _ready(d: Driver, watch: Watch, screen: PrivacyScene) -> None:
    """Wait until the privacy screen takes keys, then Enter."""
    _arm(d, watch, screen)
    _press(d, watch, pygame.K_RETURN)
    assert watch.app.stack.top is not screen


def _faces(watch: Watch) -> list[str]:
    return [code for zone, code in watch.screen or [] if zone == "hand" and code != "back"]


def _report(name: str, watch: Watch) -> None:
    print(f"{name}: {watch.frames} frames checked, {watch.face_up_frames} with a hand face "
          f"up, {watch.covered_frames} under another screen, by seat {dict(watch.seen_by)}")
    assert watch.seen_by


class SpaceEverywhere(Pokes):
    """Space on the privacy screen (it is the key that lets the game go on)."""

    def at_privacy(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        for _ in range(3):
            _press(d, watch, pygame.K_SPACE)
            assert watch.app.stack.top is screen and not _faces(watch)


@pytest.mark.parametrize("length", LENGTHS)
def test_privacy_space_never_passes_the_privacy_screen(make_app: Any, length: str) -> None:
    app = make_app((1024, 640), animation_speed="fast")
    watch = play_whole_match(app, _config("talaj", 2, False, 11, length), True, 60_000,
                             SpaceEverywhere())
    _report("space", watch)


class EnterOnly(Pokes):
    """Enter released without being pressed there does nothing; pressed and released there, it
    says "I am here"."""

    def at_privacy(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        _press(d, watch, pygame.K_RETURN, down=False)
        _press(d, watch, pygame.K_KP_ENTER, down=False)
        assert watch.app.stack.top is screen and not _faces(watch)

    def ready(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        _arm(d, watch, screen)
        _press(d, watch, pygame.K_RETURN, up=False)
        assert watch.app.stack.top is screen  # not on the key's press: on its release
        _press(d, watch, pygame.K_RETURN, down=False)
        assert watch.app.stack.top is not screen


@pytest.mark.parametrize("length", LENGTHS)
def test_privacy_enter_passes_it_only_when_pressed_there(make_app: Any, length: str) -> None:
    app = make_app((1024, 640), animation_speed="off")
    watch = play_whole_match(app, _config("rami-talaj", 3, False, 12, length), False, 60_000,
                             EnterOnly())
    _report("enter", watch)


class PauseFromPrivacy(Pokes):
    """Escape on the privacy screen opens the pause menu; the key that closes it (Enter or
    Space on Resume) is released on the privacy screen and must not pass it."""

    turn = 0

    def at_privacy(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        self.turn += 1
        _press(d, watch, pygame.K_ESCAPE)
        assert isinstance(watch.app.stack.top, PauseOverlay)
        key = pygame.K_RETURN if self.turn % 2 else pygame.K_SPACE
        _press(d, watch, key, up=False)  # Resume
        assert watch.app.stack.top is screen
        _press(d, watch, key, down=False)
        _step(d, watch)
        assert watch.app.stack.top is screen and not _faces(watch)


@pytest.mark.parametrize("length", LENGTHS)
def test_privacy_the_key_that_closes_the_pause_does_not_show_a_hand(make_app: Any,
                                                                     length: str) -> None:
    app = make_app((1024, 640), animation_speed="off")
    watch = play_whole_match(app, _config("tallage", 2, True, 13, length), False, 60_000,
                             PauseFromPrivacy())
    _report("pause key", watch)


class PauseMidTurn(Pokes):
    """Escape in the middle of a turn, and the keys' help (F1): the hand turns face down under
    them and comes back when the player returns."""

    def in_turn(self, d: Driver, watch: Watch, seat: int) -> None:
        for key, kind in ((pygame.K_ESCAPE, PauseOverlay), (pygame.K_F1, ControlsHelpOverlay)):
            _press(d, watch, key)
            assert isinstance(watch.app.stack.top, kind)
            _step(d, watch)
            assert not _faces(watch)
            assert [z for z, _c in watch.screen or [] if z == HIDDEN_HAND]  # its backs
            _press(d, watch, pygame.K_ESCAPE)
            _step(d, watch)
            assert watch.app.stack.top is watch.scene and _faces(watch)


@pytest.mark.parametrize("length", LENGTHS)
def test_privacy_pause_and_help_mid_turn_hide_the_hand(make_app: Any, length: str) -> None:
    app = make_app((1024, 640), animation_speed="normal")
    watch = play_whole_match(app, _config("simple", 2, False, 14, length), True, 60_000,
                             PauseMidTurn())
    _report("pause mid-turn", watch)
    assert watch.covered_frames > 0


class KeysOnTheSummary(Pokes):
    """The summary is left with Enter or Space; the next round's first hand waits for its
    privacy screen."""

    rounds = 0
    #: the summaries after which the next deal's first hand passed its privacy screen
    dealt = 0

    def ready(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        self.dealt = self.rounds
        super().ready(d, watch, screen)

    def at_summary(self, d: Driver, watch: Watch, summary: RoundSummaryScene) -> None:
        self.rounds += 1
        _step(d, watch)  # the summary over the table: the table's hand is face down
        key = pygame.K_RETURN if self.rounds % 2 else pygame.K_SPACE
        _press(d, watch, key)
        if not watch.scene.session.match_over:  # (at the match's end it would ask a rematch)
            _press(d, watch, key)  # pressed twice: the second lands on the next screen


def test_privacy_through_the_summary_and_the_next_deal(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="fast")
    config = _config("talaj", 3, False, 15)
    config = dataclasses.replace(config, rules=config.rules.with_options(target=120))
    pokes = KeysOnTheSummary()
    # two summaries left, one with Enter and one with Space, each to a new deal whose first
    # hand waited for its privacy screen (the rest of the match adds nothing)
    watch = play_whole_match(app, config, True, 120_000, pokes,
                             enough=lambda: pokes.dealt >= 2)
    _report(f"summary ({pokes.rounds} rounds)", watch)
    assert pokes.rounds == pokes.dealt == 2


class AnyKeyAnyMoment(Pokes):
    """Space, Enter and Escape at random moments: between the bots' moves, at "wait for me",
    on the privacy screen, mid-turn; a pause opened is closed with Escape."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.keys = 0

    def _any(self, d: Driver, watch: Watch) -> None:
        key = self.rng.choice((pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE))
        self.keys += 1
        top = watch.app.stack.top
        _press(d, watch, key)
        if isinstance(watch.app.stack.top, PauseOverlay) and top is not watch.app.stack.top:
            _step(d, watch)
            _press(d, watch, pygame.K_ESCAPE)

    def at_privacy(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        for _ in range(self.rng.randrange(4)):
            key = self.rng.choice((pygame.K_SPACE, pygame.K_ESCAPE))
            self.keys += 1
            _press(d, watch, key)
            if isinstance(watch.app.stack.top, PauseOverlay):
                _press(d, watch, self.rng.choice((pygame.K_RETURN, pygame.K_SPACE)))
            assert watch.app.stack.top is screen and not _faces(watch)

    def ready(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        if self.rng.random() < 0.5:
            _ready(d, watch, screen)
        else:
            super().ready(d, watch, screen)

    def in_turn(self, d: Driver, watch: Watch, seat: int) -> None:
        if self.rng.random() < 0.3:
            _press(d, watch, pygame.K_ESCAPE)
            _step(d, watch)
            _press(d, watch, pygame.K_ESCAPE)

    def go_on(self, d: Driver, watch: Watch) -> None:
        self._any(d, watch)

    def between(self, d: Driver, watch: Watch) -> None:
        if self.rng.random() < 0.05:
            self._any(d, watch)
        else:
            _step(d, watch)


def _any_key_match(make_app: Any, case: Any, length: str = "match") -> None:
    preset_name, humans, teams, seed = case
    app = make_app((1024, 640), animation_speed="fast")
    pokes = AnyKeyAnyMoment(seed)
    watch = play_whole_match(app, _config(preset_name, humans, teams, seed, length), True,
                             60_000, pokes)
    _report(f"any key ({pokes.keys} keys)", watch)


@pytest.mark.parametrize("length", LENGTHS)
def test_privacy_any_key_at_any_moment(make_app: Any, length: str) -> None:
    """A two-human round (a whole match with ``-m slow``), keys pressed at random at every
    moment."""
    _any_key_match(make_app, ("rami-talaj", 2, False, 21), length)


@pytest.mark.slow
@pytest.mark.parametrize("case", [("tallage", 2, True, 22), ("simple", 3, False, 23),
                                  ("talaj", 4, True, 24)],
                         ids=lambda c: "-".join(map(str, c)))
def test_privacy_any_key_at_any_moment_in_more_matches(make_app: Any, case: Any) -> None:
    """The same in teams and with three and four humans (``-m slow``)."""
    _any_key_match(make_app, case)


def test_privacy_a_take_back_is_told_without_its_cards(make_app: Any) -> None:
    """Amina lays a tria to see it counted, takes it back and discards: the journal Youssef
    reads says she took back 3 cards, and names none of them."""
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, seats=SEATS, human="KS KH KD 9H 10H 5C 7C 2S 4D 8H JD QC 3H 6S")
    app.stack.clear_to(scene)
    session = scene.session
    dealt = behind(session).round.clone()
    behind(session).match.dealt_round = dealt.clone  # type: ignore[method-assign]  # the known deal
    d = Driver(app)
    watch = Watch(app, scene)
    _step(d, watch)
    privacy = app.stack.top
    assert isinstance(privacy, PrivacyScene) and privacy.name == "Amina"
    watch.at_screen = 0
    _ready(d, watch, privacy)
    assert session.face_up() == 0
    session.play(0, Draw(0, "stock"))
    _step(d, watch)
    kings = list(parse_cards(["KS", "KH", "KD"]))
    _select(d, watch, 0, kings)
    _key(d, watch, pygame.K_m)
    assert behind(session).round.staged
    _key(d, watch, pygame.K_b)
    assert not behind(session).round.staged
    texts = [strip_marks(t) for t in scene.follow.journal.texts(session.name)]
    assert "Amina took back 3 cards" in texts, texts
    assert not [t for t in texts if "K♠" in t or "K♥" in t or "K♦" in t or "laid" in t], texts
    hand = order_of(scene, 0)
    scene.control.discard(hand.index(parse_cards(["6S"])[0]))
    _step(d, watch)
    assert session.face_up() is None
    texts = [strip_marks(t) for t in scene.follow.journal.texts(session.name)]
    assert not [t for t in texts if "K♠" in t or "K♥" in t or "K♦" in t], texts
    # told again from the round's story (a table taken up again), the same words
    again = TableScene(app, session)
    told = [strip_marks(t) for t in again.follow.journal.texts(session.name)]
    assert "Amina took back 3 cards" in told and not [t for t in told if "K♥" in t], told


def test_privacy_continue_after_a_kill_asks_who_is_at_the_screen(make_app: Any,
                                                                  tmp_path: Any) -> None:
    """Amina drew and selected cards; the game is killed. Continue shows the table with every
    hand face down and asks who is there before anything else."""
    app = make_app((1024, 640), animation_speed="off")
    paths = Paths.under(tmp_path / "home")
    config = GameConfig(preset("talaj"), SEATS, seed=31)
    session = Table(Session(config, store=MatchFiles(paths)))
    scene = TableScene(app, session)
    app.stack.clear_to(scene)
    d = Driver(app)
    watch = Watch(app, scene)
    for _ in range(2000):
        _step(d, watch)
        top = app.stack.top
        if isinstance(top, PrivacyScene) and session.privacy_due() == 0:
            break
        if isinstance(top, PrivacyScene):  # Youssef plays first: his turn, plainly
            seat = session.privacy_due()
            assert seat is not None
            watch.at_screen = seat
            _ready(d, watch, top)
            player = session.action_player(seat)
            session.play(seat, Draw(player, "stock"))
            _step(d, watch)
            scene.control.discard(len(order_of(scene, seat)) - 1)
    assert session.privacy_due() == 0
    watch.at_screen = 0
    _ready(d, watch, app.stack.top)
    session.play(0, Draw(session.action_player(0), "stock"))
    _step(d, watch)
    assert _faces(watch)
    behind(session).flush()
    # killed: nothing more is written; a new table starts from the save, as Continue does
    resumed, problem = Session.resume(MatchFiles(paths))
    assert resumed is not None and problem is None
    fresh = TableScene(app, Table(resumed))
    app.stack.clear_to(fresh)
    watch = Watch(app, fresh)
    for _ in range(5):
        _step(d, watch)
        assert not _faces(watch)
    privacy = app.stack.top
    assert isinstance(privacy, PrivacyScene) and privacy.name == "Amina"
    assert fresh.session.face_up() is None and fresh.session.shown.view.observation.hand == ()
    watch.at_screen = 0
    _ready(d, watch, privacy)
    _step(d, watch)
    assert _faces(watch) and resumed.round.has_drawn  # her turn goes on where it was


def test_privacy_the_screen_holds_only_the_viewers_view() -> None:
    """Through a whole pass-and-play match played by the session: the view the screen draws
    is the seat's the network would send, or the public one (no hand) when nobody is at the
    screen; the round built from it never holds another hand's real cards."""
    config = _config("talaj", 2, False, 41)
    session = Table(Session(config))
    from rami_desktop.bots import make_bot

    bots = {s: make_bot("easy") for s in range(config.players)}
    rng = random.Random(3)
    checked = 0
    for _ in range(3000):
        if session.round_over:
            if session.match_over:
                break
            session.next_round()
            continue
        seat = session.bot_to_play()
        if seat is not None:
            behind(session).step_bot()
        else:
            seat = session.privacy_due()
            if seat is not None:
                shown = session.shown
                assert shown.viewer is None and shown.view.observation.player == SPECTATOR
                assert shown.view.observation.hand == ()
                assert all(shown.hand(s) == () for s in range(config.players))
                session.reveal(seat)
            seat = session.human_to_play()
            assert seat is not None
            shown = session.shown
            net = seat_view_from_dict(seat_view(behind(session).match, seat, 0))
            assert shown.viewer == seat and shown.view.observation == net.observation
            assert shown.hand(seat) == behind(session).hand(seat)
            assert all(shown.hand(s) == () for s in range(config.players) if s != seat)
            obs = behind(session).observation(seat)
            session.play(seat, bots[seat].act(obs, rng))
        checked += 1
    assert session.match_over
    print(f"privacy view: {checked} moments checked")


def test_privacy_the_counter_counts_the_selected_cards(make_app: Any) -> None:
    """Nobody has to lay cards to count them: the counter counts the selected ones too."""
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, human="KS KH KD 9H 10H JH QH 5C 7C 2S 4D 8H JD 3H")
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    scene.session.play(0, Draw(0, "stock"))
    d.step()
    assert scene.control.counter() is None  # nothing laid, nothing selected
    order = order_of(scene)
    for code in ("KS", "KH", "KD"):
        scene.model.selected.add(order.index(parse_cards([code])[0]))
    counter = scene.control.counter()
    assert counter is not None and not behind(scene.session).round.staged
    assert strip_marks(counter.text) == "Opening 30 / 71" and "selected" in counter.selection()
    for code in ("9H", "10H", "JH", "QH"):
        scene.model.selected.add(order.index(parse_cards([code])[0]))
    counter = scene.control.counter()  # two combinations: the engine splits them
    assert counter is not None and strip_marks(counter.text) == "Opening 69 / 71"
    assert not behind(scene.session).round.staged
