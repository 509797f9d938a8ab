"""Pass-and-play privacy: at every frame, the hand drawn face up is nobody's, or that of the human
whose turn it is and who said they are at the screen (the privacy screen); it is hidden the
moment they discard, before any bot moves, before "wait for me", before the next animation.

Whole matches are played through the real table (posted clicks and keys, fixed time steps) with
2, 3 and 4 humans and bots between them, in every preset, in teams, with "wait for me" on and
off, at every pace. The humans' moves are scripted: draw, lay what the hint proposes, discard.
Every frame the app draws is recorded (what each card sprite showed); after every frame the
screen (the last picture drawn) is checked against the game. Each test prints the frames it
checked.
"""

from __future__ import annotations

import itertools
import random
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.table.taken import taken_position
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table.table_view import HIDDEN_HAND
from tests.conftest import some_by_default
from tests.truth import behind

from .test_table_helpers import Driver, known_table, order_of

SEATS = (Seat("Amina", "human"), Seat("Bot", "bot", "easy"), Seat("Youssef", "human"))


@dataclass
class Watch:
    """What the screen shows, frame after frame, and the checks made of it."""

    app: Any
    scene: TableScene
    #: the seat the test (as that player) said is at the screen, until its turn ends
    at_screen: int | None = None
    #: the humans' moves are chosen by these bots' policies (scripted, seeded)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    #: (zone, code) of every card sprite in the last picture of the table; None: the table
    #: was not on screen in the last picture
    screen: list[tuple[str, str]] | None = None
    frames: int = 0
    face_up_frames: int = 0
    covered_frames: int = 0
    seen_by: Counter[int] = field(default_factory=Counter)
    #: the screen on top when the last picture was drawn
    top: Any = None

    def __post_init__(self) -> None:
        real = self.app.draw

        def recording(surface: Any = None) -> None:
            real(surface)
            on_screen = self.scene in self.app.stack.visible()
            self.screen = list(self.scene.painter.shown) if on_screen else None
            self.top = self.app.stack.top

        self.app.draw = recording

    def check(self) -> None:
        """The last picture drawn against the game now."""
        self.frames += 1
        session = self.scene.session
        r = behind(session).round
        if session.human_to_play() != self.at_screen:
            self.at_screen = None  # their turn is over (they discarded)
        if self.screen is None:
            return
        faces = [code for zone, code in self.screen if zone == "hand" and code != "back"]
        if self.top is not self.scene:  # pause, help, the summary: no hand under them
            self.covered_frames += 1
            assert not faces, f"a hand face up under {type(self.top).__name__}: {faces}"
        if faces:
            self.face_up_frames += 1
            if r.over:  # the round is over: every hand is shown
                seat = session.bottom_seat()
            else:
                seat = self.at_screen
                assert seat is not None, f"a hand is face up with nobody at the screen: {faces}"
                assert session.human_to_play() == seat
            assert seat is not None
            self.seen_by[seat] += 1
            assert Counter(faces) <= Counter(c.code for c in behind(session).hand(seat)), \
                f"cards face up that are not {session.name(seat)}'s: {faces}"
        public = {c.code for _p, c in r.taken} | {c.code for c in r.talaj}
        for zone, code in self.screen:
            if zone.startswith("seat:") or zone == HIDDEN_HAND:
                assert code == "back" or code in public, f"{code} face up in {zone}"


def _step(d: Driver, watch: Watch, events: list[pygame.event.Event] | None = None) -> None:
    d.step(events)
    watch.check()


def _click(d: Driver, watch: Watch, pos: tuple[int, int]) -> None:
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        _step(d, watch, [event])


def _key(d: Driver, watch: Watch, key: int) -> None:
    """A key tapped: pressed and released in one frame."""
    _step(d, watch, [pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)
                     for kind in (pygame.KEYDOWN, pygame.KEYUP)])


def _put_cursor(d: Driver, watch: Watch, seat: int, card: Any, avoid: set[int],
                last: int | None = None) -> int:
    """Move the keyboard cursor onto a copy of ``card`` (not at a position in ``avoid``, nor at
    ``last`` while another copy is free)."""
    order = order_of(watch.scene, seat)
    free = [i for i, c in enumerate(order) if c == card and i not in avoid]
    i = next((i for i in free if i != last), free[0])
    from_end = len(order) - 1 - i  # from the nearer end of the hand, as a player would
    _key(d, watch, pygame.K_HOME if i <= from_end else pygame.K_END)
    for _ in range(min(i, from_end)):
        _key(d, watch, pygame.K_RIGHT if i <= from_end else pygame.K_LEFT)
    return i


def _select(d: Driver, watch: Watch, seat: int, cards: Any, taken_copy: bool = True) -> None:
    """Select the cards with the keyboard. Of two copies of the talaj card taken this turn, the
    taken one (``taken_copy``) or the player's own: a bot's plan leaves that open (the engine
    counts it in the player's favour), the table lays the copy clicked."""
    session = watch.scene.session
    fresh = taken_position(session.hand_order(seat), session.shown.round)
    order = order_of(watch.scene, seat)
    others = [i for i, c in enumerate(order) if fresh is not None and c == order[fresh]
              and i != fresh]
    last = (others[0] if others else None) if taken_copy else fresh
    chosen: set[int] = set()
    for card in cards:
        chosen.add(_put_cursor(d, watch, seat, card, chosen, last))
        _key(d, watch, pygame.K_SPACE)


def _number(d: Driver, watch: Watch, meld: int) -> None:
    for digit in str(watch.scene.view.visible_melds().index(meld) + 1):
        _key(d, watch, getattr(pygame, f"K_{digit}"))


def _human_turn(d: Driver, watch: Watch, seat: int, policy: Any = None,
                pokes: Pokes | None = None) -> None:
    """The human at the screen plays with the table's keys and clicks: draw, then (with a
    ``policy``, a bot choosing the moves) lay, add and swap as it decides, then discard."""
    scene = watch.scene
    session = scene.session
    r = behind(session).round
    turn = r.turn
    # a bot choosing the moves may ask for what changes nothing (an undo with nothing laid) for
    # a while before it lays the card it took: tries enough for that
    taken_copy = True  # which copy of the talaj card taken to lay; the other after a failure
    for _ in range(150):
        if r.over or r.turn != turn:
            return
        action = policy.act(behind(session).observation(seat), watch.rng) if policy else None
        name = type(action).__name__
        if not r.has_drawn:
            if name == "Draw" and action.source != "stock":
                _key(d, watch, pygame.K_t if action.source == "top" else pygame.K_f)
            if not r.has_drawn:
                _click(d, watch, scene.view.lay.stock.center)
            if r.has_drawn and pokes is not None:
                pokes.in_turn(d, watch, seat)
            continue
        before = r.snapshot()
        if name == "Lay":
            _select(d, watch, seat, action.cards, taken_copy)
            _key(d, watch, pygame.K_m)
        elif name == "Add":
            _select(d, watch, seat, action.cards, taken_copy)
            _key(d, watch, pygame.K_a)
            _number(d, watch, action.meld)
        elif name == "Swap":
            _put_cursor(d, watch, seat, action.card, set())
            _key(d, watch, pygame.K_w)
            _number(d, watch, action.meld)
        elif name in ("TakeBack", "Undo"):
            _key(d, watch, pygame.K_b if name == "TakeBack" else pygame.K_u)
        elif name == "Discard" and action.card in r.legal_discards():
            _put_cursor(d, watch, seat, action.card, set())
            _key(d, watch, pygame.K_d)
        if r.snapshot() == before:  # not played as asked: end the turn plainly
            if r.staged and not r.legal_discards():
                taken_copy = not taken_copy
            while r.staged and not r.legal_discards():
                _key(d, watch, pygame.K_b)
            if not r.legal_discards():
                _key(d, watch, pygame.K_u)
                continue
            _put_cursor(d, watch, seat, r.legal_discards()[-1], set())
            _key(d, watch, pygame.K_d)
    raise AssertionError("the human's turn did not end")


def _arm(d: Driver, watch: Watch, screen: PrivacyScene) -> None:
    """Wait until the privacy screen takes a click or Enter (not at once: a click or a key
    meant for the screen before it must not pass it)."""
    for _ in range(120):
        if screen.armed:
            return
        _step(d, watch)
    raise AssertionError("the privacy screen never took a click")


class Pokes:
    """What the players do besides their moves (none here: see test_privacy_moments)."""

    def at_privacy(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        """On the privacy screen, before the named player says they are there."""

    def ready(self, d: Driver, watch: Watch, screen: PrivacyScene) -> None:
        """The named player says they are at the screen: a click on the button."""
        _arm(d, watch, screen)
        _click(d, watch, screen.ready.rect.center)

    def in_turn(self, d: Driver, watch: Watch, seat: int) -> None:
        """During a human's turn, after the draw."""

    def go_on(self, d: Driver, watch: Watch) -> None:
        """"Wait for me" holds after a bot's discard: tap to go on."""
        _key(d, watch, pygame.K_SPACE)

    def at_summary(self, d: Driver, watch: Watch, summary: RoundSummaryScene) -> None:
        """The round's summary: on to the next round."""
        _click(d, watch, summary.next.rect.center)

    def between(self, d: Driver, watch: Watch) -> None:
        """Any other frame (the bots play)."""
        _step(d, watch)


def play_whole_match(app: Any, config: GameConfig, wait_for_me: bool, max_frames: int,
                     pokes: Pokes | None = None, session: Session | None = None,
                     enough: Callable[[], bool] | None = None) -> Watch:
    """Play a pass-and-play match to its end (or until ``enough()``) through the table;
    return what was watched."""
    pokes = pokes or Pokes()
    app.settings["wait_for_me"] = wait_for_me
    scene = TableScene(app, Table(session or Session(config)))
    app.stack.clear_to(scene)
    d = Driver(app)
    watch = Watch(app, scene)
    session = scene.session
    policies = {s: make_bot("medium") for s in range(config.players)
                if not config.seats[s].is_bot}
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, MatchEndScene) or (enough is not None and enough()):
            return watch
        if isinstance(top, PrivacyScene):
            seat = session.privacy_due()
            assert seat is not None and top.name == session.name(seat)
            _step(d, watch)  # the privacy screen is on: no hand anywhere
            pokes.at_privacy(d, watch, top)
            assert app.stack.top is top and session.face_up() is None
            watch.at_screen = seat
            pokes.ready(d, watch, top)
            assert session.face_up() == seat
            _human_turn(d, watch, seat, policies[seat], pokes)
            continue
        if isinstance(top, RoundSummaryScene):
            pokes.at_summary(d, watch, top)
            continue
        if scene.follow.held:  # "wait for me": the next human taps to go on
            pokes.go_on(d, watch)
            continue
        pokes.between(d, watch)
    raise AssertionError(f"the match did not end in {max_frames} frames")


def _config(preset_name: str, humans: int, teams: bool, seed: int,
            length: str = "match") -> GameConfig:
    """A pass-and-play setup: ``humans`` humans with bots between them (four humans in teams
    leave no seat to a bot); ``length`` ``match``: a match of a few rounds, ``round``: a
    target of 1, so the first round anybody pays in ends the match."""
    n = 4 if teams else max(humans + 1, 3)
    rules = preset(preset_name, teams=teams)
    target = 1 if length == "round" else 30 if not teams else 40
    rules = rules.with_options(target=target)
    names = ["Amina", "Youssef", "Sara", "Omar"]
    kinds = ["human", "bot"] * 2 if humans == 2 and n == 4 else \
        ["human"] * humans + ["bot"] * (n - humans)
    if humans == 3 and n == 4:
        kinds = ["human", "human", "bot", "human"]
    seats = tuple(Seat(names[i] if k == "human" else f"Bot {i + 1}", k, "medium")
                  for i, k in enumerate(kinds))
    return GameConfig(rules, seats, seed)


#: (preset, humans, teams, wait for me, pace): the first in the default run (one preset, the
#: normal pace, "wait for me" on), all four with ``-m slow`` (every preset, 3 and 4 humans,
#: teams, every pace)
DEFAULT = [
    ("talaj", 2, False, True, "normal"),
    ("simple", 4, False, False, "slow"),
    ("rami-talaj", 3, False, False, "fast"),
    ("tallage", 2, True, True, "off"),
]
EVERYTHING = [case for case in itertools.product(
    ("talaj", "rami-talaj", "tallage", "simple"), (2, 3, 4), (False, True), (False, True),
    ("off", "slow", "normal", "fast")) if case not in DEFAULT]


def _play_and_report(make_app: Any, case: tuple[str, int, bool, bool, str]) -> None:
    preset_name, humans, teams, wait, pace = case
    app = make_app((1024, 640), animation_speed=pace)
    config = _config(preset_name, humans, teams, seed=zlib.crc32(repr(case).encode()) % 1000)
    watch = play_whole_match(app, config, wait, max_frames=60_000)
    print(f"privacy {case}: {watch.frames} frames checked, {watch.face_up_frames} with a hand "
          f"face up, by seat {dict(watch.seen_by)}")
    humans_seen = {s for s in range(config.players) if not config.seats[s].is_bot}
    assert set(watch.seen_by) <= humans_seen and watch.seen_by


@pytest.mark.parametrize("case", some_by_default(DEFAULT, 1),
                         ids=lambda c: "-".join(map(str, c)))
def test_privacy_in_whole_pass_and_play_matches(make_app: Any, case: Any) -> None:
    _play_and_report(make_app, case)


@pytest.mark.slow
@pytest.mark.parametrize("case", EVERYTHING, ids=lambda c: "-".join(map(str, c)))
def test_privacy_in_every_kind_of_pass_and_play_match(make_app: Any, case: Any) -> None:
    _play_and_report(make_app, case)


def test_privacy_the_hand_is_hidden_the_moment_its_owner_discards(make_app: Any) -> None:
    """With "wait for me" on and a slow pace: the very frame after the discard shows no face,
    and neither does any frame of the bot's turn nor the pause after it."""
    app = make_app((1024, 640), animation_speed="slow")
    app.settings["wait_for_me"] = True
    scene = known_table(app, seats=SEATS)
    app.stack.clear_to(scene)
    d = Driver(app)
    watch = Watch(app, scene)
    _step(d, watch)
    privacy = app.stack.top
    assert isinstance(privacy, PrivacyScene) and privacy.name == "Amina"
    watch.at_screen = 0
    _arm(d, watch, privacy)
    _click(d, watch, privacy.ready.rect.center)
    _step(d, watch)
    assert any(zone == "hand" and code != "back" for zone, code in watch.screen or [])
    _human_turn(d, watch, 0)
    _step(d, watch)  # the frame right after the discard
    assert watch.screen is not None
    assert not [code for zone, code in watch.screen if zone == "hand"]
    assert [zone for zone, _code in watch.screen if zone == HIDDEN_HAND]  # its backs
    for _ in range(600):  # the bot's turn, then "wait for me" holds
        _step(d, watch)
        if isinstance(app.stack.top, PrivacyScene) or scene.follow.held:
            break
    assert scene.follow.held or isinstance(app.stack.top, PrivacyScene)
    print(f"privacy at the discard: {watch.frames} frames checked")


def test_one_human_always_sees_their_hand_never_the_bots(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.click(scene.view.lay.stock.center)
    hand = order_of(scene)
    scene.control.discard(len(hand) - 1)
    for _ in range(30):
        d.step()
        assert not isinstance(app.stack.top, PrivacyScene)
        assert scene.control.seat() == 0
        shown = Counter(s.spec.code for s in scene.board.in_zone("hand"))
        assert shown == Counter(c.code for c in behind(scene.session).hand(0))
        assert {s.spec.code for s in scene.board.in_zone("seat:")} <= {"back"}
