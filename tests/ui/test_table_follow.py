"""Following the other players: bot cards travel, the "what happened" journal, the spread
talaj, "wait for me", the turn cue and the card just drawn, the table at rest not redrawn."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from rami_desktop.engine.cards import parse_card
from rami_desktop.engine.rules import preset
from rami_desktop.i18n import set_language
from rami_desktop.i18n.card_words import card_text
from rami_desktop.net.host.redact import story_for
from rami_desktop.net.wire.codec import told_from_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table import clock
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.happening import Happening
from rami_desktop.play.view.story import Told
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.follow import Follow
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.table.painter import FRESH
from rami_desktop.ui.table.sprites import BACK
from tests.truth import behind

from .test_table_helpers import DT, THREAD_WAIT, Driver, discard_card, known_table, order_of


def _lay(scene: TableScene) -> TableLayout:
    """The scene's layout (computed once the scene is shown)."""
    assert scene.view.lay is not None
    return scene.view.lay


def _hand_sprite(scene: TableScene, code: str) -> Any:
    return next(s for s in scene.board.in_zone("hand") if s.spec.code == code)


def _human_turn(d: Driver, scene: TableScene, discard: str = "2S") -> None:
    """The human draws from the stock and discards, with the mouse."""
    d.click(_lay(scene).stock.center)
    d.settle(60)
    start = _hand_sprite(scene, discard).rect.move(5, 10).topleft
    d.drag(start, _lay(scene).talaj.center)
    d.settle(60)


def _until(d: Driver, scene: TableScene, done: Any, frames: int = 3000) -> None:
    """Step (waiting for the bots' thinking thread) until ``done()``."""
    for _ in range(frames):
        if done():
            return
        d.step()
        if scene.session.thinking:
            scene.session.worker.wait(THREAD_WAIT)
    raise AssertionError("the table never got there")


def test_a_bot_discard_travels_face_down_then_lands_on_the_talaj(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="normal")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(5)
    _human_turn(d, scene)
    r = behind(scene.session).round
    assert len(r.discards) == 1
    _until(d, scene, lambda: len(r.discards) == 2)  # Bot 2 discarded, this very frame
    top = next(s for s in scene.board.in_zone("talaj") if s.spec.ref == "top")
    assert top.spec.code == r.talaj[-1].code
    seat = _lay(scene).seats[1]
    assert top.moving and top.shown_code() == BACK  # leaves the bot's seat face down
    assert abs(top.rect.centerx - seat.anchor[0]) < _lay(scene).px(40)
    faces: set[str] = set()
    for _ in range(int(animation.slide_time("normal") / DT) + 5):
        d.step()
        faces.add(top.shown_code())
    assert not top.moving and top.rect.topleft == _lay(scene).talaj.topleft
    assert faces == {BACK, r.talaj[-1].code}  # turned over on the way


def test_slow_pace_is_slower_than_normal() -> None:
    assert animation.slide_time("slow") > animation.slide_time("normal") \
        > animation.slide_time("fast") > animation.slide_time("off") == 0
    assert clock.bot_pause("slow") > clock.bot_pause("normal")


EXPECTED = {
    "en": ["You drew from the stock", "You discarded 2♠", "Bot 2 discarded {card}"],
    "fr": ["Tu as tiré de la pioche", "Tu as défaussé 2♠", "Bot 2 a défaussé {card}"],
    "ar_MA": ["سحبتي من المخزون", "طرحتي 2♠", "طرحة ديال Bot 2: {card}"],
}


@pytest.mark.parametrize("lang", ["en", "fr", "ar_MA"])
def test_the_journal_tells_the_round_in_each_language(make_app: Any, lang: str) -> None:
    app = make_app((1280, 800), animation_speed="off", language=lang)
    set_language(lang)
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(5)
    _human_turn(d, scene)
    r = behind(scene.session).round
    _until(d, scene, lambda: len(r.discards) >= 2)
    texts = [strip_marks(t) for t in scene.follow.journal_texts(scene.session)]
    assert texts[:2] == EXPECTED[lang][:2]
    player, card = r.discards[1]
    assert player == 1
    assert EXPECTED[lang][2].format(card=card_text(card)) in texts[2:]
    # the panel opens and closes with its title or the J key
    panel = scene.follow.panel
    assert not panel.open
    d.click(panel.header(_lay(scene), _lay(scene).journal).center)
    assert panel.open
    d.key(pygame.K_j)
    assert not panel.open


def test_wait_for_me_holds_after_a_bot_discard_until_a_key(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="fast", wait_for_me=True)
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(5)
    _human_turn(d, scene)
    r = behind(scene.session).round
    _until(d, scene, lambda: len(r.discards) == 2)
    assert scene.follow.held and r.current == 2
    d.step(frames=400)  # Bot 3 waits for the player
    assert len(r.discards) == 2 and r.current == 2 and not r.has_drawn
    assert scene.prompt_text()[0] == "Click or press a key to go on."
    d.key(pygame.K_SPACE)
    assert not scene.follow.held
    _until(d, scene, lambda: len(r.discards) == 3)
    # the player's own turn comes next: no wait before it
    _until(d, scene, lambda: scene.control.players_turn())
    assert not scene.follow.held


def test_turn_cue_and_the_drawn_card_highlighted(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    played: list[str] = []
    app.play = played.append
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(3)
    assert "turn" in played and scene.follow.cue_time > 0
    d.click(_lay(scene).stock.center)
    d.settle(5)
    drawn = parse_card("3S")  # the stock's top card
    i = scene.session.hand_order(0).fresh
    assert i is not None and order_of(scene)[i] == drawn
    rect = _hand_sprite(scene, "3S").rect
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    edge = rect.inflate(_lay(scene).px(6), _lay(scene).px(6))
    assert tuple(app.screen.get_at((edge.centerx, edge.y + 1)))[:3] == FRESH
    # discarding ends the highlight
    d.drag(_hand_sprite(scene, "2S").rect.move(5, 10).topleft, _lay(scene).talaj.center)
    assert scene.session.hand_order(0).fresh is None


def test_the_table_at_rest_is_not_drawn_again(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="normal")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(int(animation.TURN_CUE_TIME / DT) + 10)
    drawn: list[int] = []
    real = scene.draw

    def counting(surface: pygame.Surface) -> None:
        drawn.append(1)
        real(surface)

    scene.draw = counting  # type: ignore[method-assign]
    d.step(frames=30)
    assert scene.control.players_turn() and not scene.needs_redraw() and drawn == []
    d.click(_lay(scene).stock.center)  # input and the card sliding in are drawn
    assert drawn


def _three_discards_in(app: Any) -> tuple[TableScene, list[str]]:
    """A table three discards into a real seeded deal (seat 0 deals and plays first), and its
    journal's lines."""
    seats = (Seat("You", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    scene = TableScene(app, Table(Session(GameConfig(rules=preset("talaj"), seats=seats, seed=9))))
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    scene.control.draw_from("stock")
    discard_card(scene, behind(scene.session).round.hands[0][0])
    r = behind(scene.session).round
    _until(d, scene, lambda: len(r.discards) >= 3)
    told = scene.follow.journal_texts(scene.session)
    assert len(told) >= 6
    return scene, told


def test_a_resumed_round_tells_what_happened_again(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene, told = _three_discards_in(app)  # a resumed match replays its seed
    again = TableScene(app, scene.session)  # the same match, as Continue shows it
    assert again.follow.journal_texts(again.session) == told


def test_a_seat_taken_back_mid_round_tells_what_happened_again(make_app: Any) -> None:
    """A joiner's game back at its seat after a drop (the host restarted, the network came
    back) is told the round again as a deal whose story the welcome carried: its journal says
    the round's moves, not "nothing yet" (it was cleared, the story never read)."""
    scene, told = _three_discards_in(make_app((1024, 640), animation_speed="off"))
    scene.show(Happening("deal", None))  # what a joiner's session says once welcomed back
    assert scene.follow.journal_texts(scene.session) == told


class _Told:
    """What a joiner taken back knows of the round: the story its welcome told, the rules and
    the seats."""

    def __init__(self, session: Table, story: list[Told]) -> None:
        self.rules = session.rules
        self.seat_of = session.seat_of
        self._story = story

    def story(self) -> list[Told]:
        return self._story


def test_a_seat_taken_again_on_the_network_reads_the_journal_the_host_reads() -> None:
    set_language("en")
    seats = (Seat("Amina", "bot", "easy"), Seat("Omar", "bot", "easy"))
    session = Table(Session(GameConfig(rules=preset("rami-talaj"), seats=seats, seed=12)))
    for _ in range(30):
        behind(session).step_bot()
    host = Follow()
    host.replay(session)
    joiner = Follow()
    wire = json.loads(json.dumps(story_for(behind(session).match, 1)))
    joiner.replay(_Told(session, [told_from_dict(t) for t in wire]))  # type: ignore[arg-type]
    told = joiner.journal.texts(session.name)
    assert len(told) >= 20
    assert told == host.journal.texts(session.name)
