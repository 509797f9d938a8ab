"""Learn to play: each lesson completed end to end on the real table with posted events, in
each language; a wrong move gets the coach's explanation and changes nothing; progress is kept.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.engine.actions import Discard, Draw, Lay, Swap
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.session import bot_worker
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.tutorial.lessons import load_lessons
from rami_desktop.play.tutorial.model import Step, StepKind, Target
from rami_desktop.play.tutorial.progress import LESSONS_DONE, TUTORIAL_OFFERED
from rami_desktop.play.tutorial.texts import PRAISE as TEXTS_PRAISE
from rami_desktop.play.tutorial.texts import TEXTS
from rami_desktop.smoke.fit import misfits
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.controls_help import ControlsHelpOverlay
from rami_desktop.ui.scenes.language import LanguageScene
from rami_desktop.ui.scenes.learn import LearnScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import ConfirmDialog
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.rules_guide import RulesGuideOverlay
from rami_desktop.ui.scenes.tutorial import TutorialScene
from tests.truth import behind

from .test_table_helpers import Driver, hint_of

KEYS = [lesson.key for lesson in load_lessons()]
LANGS = ("en", "fr", "ar_MA")


def start(make_app: Any, key: str, lang: str = "en", size: tuple[int, int] = (1280, 800)
          ) -> tuple[Any, TutorialScene, Driver]:
    app = make_app(size, animation_speed="off", language=lang)
    i18n.set_language(lang)
    app.stack.clear_to(app.scene(Route.MENU))
    app.stack.push(app.scene(Route.LEARN))
    scene = app.scene(Route.TUTORIAL, key)
    app.stack.push(scene)
    d = Driver(app)
    d.settle(3)
    assert app.stack.top is scene
    return app, scene, d


def hand_sprite(scene: TutorialScene, code: str, skip: int = 0) -> Any:
    found = [s for s in scene.table.board.in_zone("hand") if s.spec.code == code]
    assert len(found) > skip, f"{code} is not in the hand on screen"
    return found[skip]


def grab(sprite: Any) -> tuple[int, int]:
    return sprite.rect.move(4, 8).topleft


def select(d: Driver, scene: TutorialScene, codes: list[str]) -> None:
    seen: Counter[str] = Counter()
    for code in codes:
        d.click(grab(hand_sprite(scene, code, seen[code])))
        seen[code] += 1


def visible_point(cards: list[pygame.Rect], k: int) -> tuple[int, int]:
    """A point of card ``k`` of a combination not covered by the next card."""
    rect = cards[k]
    right = cards[k + 1].x if k + 1 < len(cards) else rect.right
    return ((rect.x + right) // 2, rect.centery)


def empty_spot(scene: TutorialScene) -> tuple[int, int]:
    table = scene.table
    assert table.view.lay is not None and table.view.flow is not None
    free = table.view.flow.free
    return (free.centerx, free.y + min(free.h // 2, table.view.lay.px(60)))


#: the frames a lesson's Bot step is given (the driver waits for the bot's thread before each)
BOT_FRAMES = 600


def play_step(d: Driver, scene: TutorialScene, step: Step) -> None:
    """Do what the coach asks, as a player would."""
    table = scene.table
    lay = table.view.lay
    assert lay is not None
    if step.kind is StepKind.CONTINUE:
        assert scene.next_button.visible
        d.click(scene.next_button.rect.center)
        return
    if step.kind is StepKind.BOT:
        for _ in range(BOT_FRAMES):
            if scene.run.step is not step:
                return
            d.step()
        raise AssertionError(f"Bot did not play {step.coach}")
    action = step.action
    if isinstance(action, Draw):
        spot = {"stock": lay.stock, "top": lay.talaj, "first": lay.first}[action.source]
        d.click(spot.center)
    elif isinstance(action, Lay):
        select(d, scene, [c.code for c in action.cards])
        if step.aim.target is Target.LAY:
            d.click(table.buttons.lay.rect.center)
        else:
            d.drag(grab(hand_sprite(scene, action.cards[0].code)), empty_spot(scene))
    elif isinstance(action, Swap):
        assert table.view.flow is not None
        place = next(p for p in table.view.flow.places if p.index == action.meld)
        meld = behind(table.session).round.melds[action.meld].meld
        assert meld is not None
        joker = next(k for k, c in enumerate(meld.cards) if c.is_joker)
        d.drag(grab(hand_sprite(scene, action.card.code)), visible_point(place.cards, joker))
    elif isinstance(action, Discard):
        d.drag(grab(hand_sprite(scene, action.card.code)), lay.talaj.center)
    else:
        raise AssertionError(f"no gesture for {action}")
    d.settle(3)


def finish_round_summary(app: Any, d: Driver, scene: TutorialScene) -> None:
    """The round summary shows over the lesson once its round is over: read it and close it."""
    for _ in range(600):
        if app.stack.top is not scene:
            break
        d.step()
    assert app.stack.top is not scene
    assert scene.table.session.deal_code() is None  # a prepared deal: no code to replay it
    d.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                               scancode=0)])
    d.settle(2)
    assert app.stack.top is scene


#: the default run plays each lesson once, the languages taking turns; ``-m slow`` plays them all
LESSON_RUNS = [
    pytest.param(key, lang, marks=() if (KEYS.index(key) - LANGS.index(lang)) % len(LANGS) == 0
                 else pytest.mark.slow)
    for key in KEYS for lang in LANGS
]


#: the window sizes the lessons are played in, in turn (every screen fits from 800x600 up)
LESSON_SIZES = ((800, 600), (1024, 600), (1280, 800))


@pytest.mark.parametrize(("key", "lang"), LESSON_RUNS)
def test_each_lesson_completed_end_to_end(make_app: Any, key: str, lang: str) -> None:
    """Played in a small window too: at each step every button, the coach's bubble and every
    card's index are inside the window."""
    size = LESSON_SIZES[KEYS.index(key) % len(LESSON_SIZES)]
    app, scene, d = start(make_app, key, lang, size)
    steps = scene.lesson.steps
    for _ in range(len(steps)):
        step = scene.run.step
        if step is None:
            break
        assert misfits(app) == [], step.coach
        bubble = scene.words(step.coach)
        assert bubble and "{" not in bubble
        play_step(d, scene, step)
        if behind(scene.table.session).round.over and app.stack.top is not scene:
            finish_round_summary(app, d, scene)
        for _ in range(30):
            if scene.run.step is not step:
                break
            d.step()
        assert scene.run.step is not step, (step.coach, scene.note)
        assert scene.note == ""
    assert scene.run.finished
    assert key in app.settings[LESSONS_DONE]
    d.settle(2)
    assert scene.after_button.visible


def test_a_wrong_move_is_explained_not_played(make_app: Any) -> None:
    _app, scene, d = start(make_app, "draw_discard")
    r = behind(scene.table.session).round
    play_step(d, scene, scene.lesson.steps[0])  # the welcome text
    before = r.snapshot()
    d.click(scene.table.view.lay.talaj.center)  # the talaj is empty: nothing to take
    # discard before drawing
    d.drag(grab(hand_sprite(scene, "KH")), scene.table.view.lay.talaj.center)
    assert r.snapshot() == before
    # the kind of mistake chooses the words: a discard before the draw
    assert scene.note == "Every turn begins with a draw: take a card before you lay or discard."
    play_step(d, scene, scene.lesson.steps[1])
    assert r.has_drawn and scene.note == ""
    d.drag(grab(hand_sprite(scene, "KH")), scene.table.view.lay.talaj.center)  # not the lonely 8C
    assert "KH" in [c.code for c in r.hands[0]] and r.current == 0
    assert strip_marks(scene.note) == "Discard the 8♣: keep the cards that may make combinations."


def test_bot_waits_for_its_step(make_app: Any) -> None:
    _app, scene, d = start(make_app, "rising_bar")
    d.settle(30)
    # the intro is read first
    assert scene.run.index == 0 and behind(scene.table.session).round.log == []
    d.click(scene.next_button.rect.center)
    play_step(d, scene, scene.lesson.steps[1])
    assert behind(scene.table.session).round.down[1]


def test_the_lesson_list_ticks_done_lessons_and_opens_them(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off", lessons_done=["tria_serie"])
    d = Driver(app)
    app.stack.clear_to(app.scene(Route.MENU))
    learn = app.scene(Route.LEARN)
    app.stack.push(learn)
    d.settle(2)
    labels = [b.label() for b in learn.lesson_buttons]
    assert labels[1].endswith("✓") and not labels[0].endswith("✓")
    d.click(learn.lesson_buttons[2].rect.center)
    d.settle(2)
    assert isinstance(app.stack.top, TutorialScene) and app.stack.top.lesson.key == "opening_count"


def test_next_lesson_follows_the_last_step(make_app: Any) -> None:
    app, scene, d = start(make_app, "draw_discard")
    for step in scene.lesson.steps:
        play_step(d, scene, step)
    d.settle(2)
    d.click(scene.after_button.rect.center)
    d.settle(2)
    assert isinstance(app.stack.top, TutorialScene) and app.stack.top.lesson.key == "tria_serie"


def test_the_menu_opens_learn_to_play(make_app: Any) -> None:
    app = make_app((1024, 640))
    d = Driver(app)
    menu = app.scene(Route.MENU)
    app.stack.clear_to(menu)
    d.settle(2)
    d.click(menu.learn.rect.center)
    d.settle(2)
    assert isinstance(app.stack.top, LearnScene)


def test_first_start_offers_the_lessons_once(make_app: Any) -> None:
    app = make_app((1280, 800), language=None)
    d = Driver(app)
    app.stack.clear_to(app.first_scene())
    d.settle(2)
    language = app.stack.top
    assert isinstance(language, LanguageScene)
    language.choose("en")
    d.settle(2)
    offer = app.stack.top
    assert isinstance(offer, ConfirmDialog) and app.settings[TUTORIAL_OFFERED] is True
    d.click(offer.cancel_button.rect.center)  # never forced: Not now
    assert isinstance(app.stack.top, MenuScene)
    again = LanguageScene(app)
    app.stack.clear_to(again)
    d.settle(2)
    again.choose("fr")
    d.settle(2)
    assert isinstance(app.stack.top, MenuScene)  # offered once only
    i18n.set_language("en")


def test_accepting_the_offer_opens_the_lessons(make_app: Any) -> None:
    app = make_app((1280, 800), language=None)
    d = Driver(app)
    app.stack.clear_to(app.first_scene())
    d.settle(2)
    app.stack.top.choose("en")
    d.settle(2)
    d.click(app.stack.top.ok.rect.center)
    d.settle(2)
    assert isinstance(app.stack.top, LearnScene)


def test_f1_and_question_mark_open_the_controls_from_the_table(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    d = Driver(app)
    table = app.scene(Route.TABLE, Table(Session(GameConfig(rules=preset("talaj"), seed=3))))
    app.stack.clear_to(table)
    d.settle(2)
    d.key(pygame.K_F1)
    d.settle(1)
    assert isinstance(app.stack.top, ControlsHelpOverlay)
    d.key(pygame.K_F1)
    assert app.stack.top is table
    d.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT,
                               unicode="?", scancode=0)])
    d.settle(1)
    assert isinstance(app.stack.top, ControlsHelpOverlay)


def test_the_rules_from_a_table_are_that_tables_rules(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    d = Driver(app)
    rules = preset("talaj", threshold=81, jokers_per_meld=2)
    table = app.scene(Route.TABLE, Table(Session(GameConfig(rules=rules, seed=3))))
    app.stack.clear_to(table)
    d.settle(2)
    d.key(pygame.K_ESCAPE)
    d.settle(1)
    pause = app.stack.top
    d.click(pause.buttons[2].rect.center)
    d.settle(1)
    guide = app.stack.top
    assert isinstance(guide, RulesGuideOverlay)
    assert guide.shown == rules and guide.tabs == []


def test_the_tutorial_route_opens_the_first_lesson_not_done(make_app: Any) -> None:
    app = make_app((1280, 800), lessons_done=["draw_discard"])
    assert app.scene(Route.TUTORIAL).lesson.key == "tria_serie"
    every = make_app((1280, 800), lessons_done=KEYS)
    assert every.scene(Route.TUTORIAL).lesson.key == "draw_discard"


def play_until(d: Driver, scene: TutorialScene, coach: str) -> None:
    """Play the lesson its own way up to the step whose coach text is ``coach``."""
    while scene.run.step is not None and scene.run.step.coach != TEXTS[coach]:
        play_step(d, scene, scene.run.step)
    assert scene.run.step is not None


def lay_by_hand(d: Driver, scene: TutorialScene, codes: list[str]) -> None:
    """Select cards and drag them onto the table together."""
    select(d, scene, codes)
    d.drag(grab(hand_sprite(scene, codes[0])), empty_spot(scene))
    d.settle(3)


@pytest.mark.parametrize(("key", "coach", "laid", "last"), [
    ("opening_count", "opening_count.discard", ["5S", "6S", "JK"], "KH"),
    ("jokers", "jokers.keep", ["7S", "7D", "JK"], "2D"),
])
def test_a_legal_going_out_is_accepted_and_praised(make_app: Any, key: str, coach: str,
                                                  laid: list[str], last: str) -> None:
    """Lesson 3 (the joker's série laid too, out under the base 71) and lesson 6 (7♠ 7♦ and the
    joker taken back): going out is better than the lesson's way, so it is played and praised."""
    app, scene, d = start(make_app, key)
    play_until(d, scene, coach)
    r = behind(scene.table.session).round
    lay_by_hand(d, scene, laid)
    assert scene.note == "" and len(r.hands[0]) == 1, scene.note
    d.drag(grab(hand_sprite(scene, last)), scene.table.view.lay.talaj.center)
    d.settle(3)
    assert r.over and r.winner == 0
    assert strip_marks(scene.note) == TEXTS_PRAISE["out"] and scene.praised
    finish_round_summary(app, d, scene)
    assert scene.run.step is not None and scene.run.step.kind is StepKind.CONTINUE


def test_the_round_summary_of_a_lesson_goes_back_to_it(make_app: Any) -> None:
    app, scene, d = start(make_app, "going_out")
    play_until(d, scene, "going_out.last")
    play_step(d, scene, scene.run.step)
    for _ in range(600):
        if isinstance(app.stack.top, RoundSummaryScene):
            break
        d.step()
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert summary.next.label == "Back to the lesson"
    d.click(summary.next.rect.center)
    d.settle(2)
    assert app.stack.top is scene


def test_the_hint_follows_the_lesson(make_app: Any) -> None:
    """Lesson 3: while the coach says keep the joker's cards, the hint names the K♥ discard,
    never the série with the joker; on a text to read the hint says nothing."""
    _app, scene, d = start(make_app, "opening_count")
    assert hint_of(scene.table) == ([], "")  # a text to read
    play_until(d, scene, "opening_count.joker")
    assert hint_of(scene.table) == ([], "")
    play_step(d, scene, scene.run.step)
    positions, text = hint_of(scene.table)
    assert strip_marks(text) == "Hint: discard the K♥."
    order = scene.table.session.hand_order(0)
    assert [order.cards[i].code for i in positions] == ["KH"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_closing_page_fits_the_window(make_app: Any, lang: str) -> None:
    """One item a game, separated, and the whole page (its OK button too) on the window."""
    app = make_app((1024, 640), language=lang)
    i18n.set_language(lang)
    d = Driver(app)
    app.stack.clear_to(app.scene(Route.MENU))
    learn = app.scene(Route.LEARN)
    app.stack.push(learn)
    d.settle(2)
    learn.open_closing()
    d.settle(2)
    page = app.stack.top
    assert app.screen.get_rect().contains(page.panel.rect)
    assert app.screen.get_rect().contains(page.ok.rect)
    assert strip_marks(page.message()).count("\n\n") == 4


@pytest.mark.parametrize(("key", "lang"), [("draw_discard", "en"), ("talaj", "ar_MA")])
def test_the_bubble_leaves_the_drop_text_and_the_hint_visible(make_app: Any, key: str,
                                                              lang: str) -> None:
    """At every step the coach's bubble stands over the table's middle, clear of the cards it
    frames, of "Drag cards here…" and of the hint line."""
    app, scene, d = start(make_app, key, lang)
    checked = 0
    while scene.run.step is not None:
        d.settle(2)
        painter = scene.table.painter
        texts = [r for r in (painter.drop_rect, painter.hint_rect) if r is not None]
        bubble = scene.bubble.rect
        assert bubble.collidelist(texts) < 0, (scene.run.step.coach, bubble, texts)
        assert bubble.collidelist(scene.targets()) < 0, scene.run.step.coach
        checked += bool(texts)
        play_step(d, scene, scene.run.step)
        if app.stack.top is not scene:
            finish_round_summary(app, d, scene)
    assert checked >= 5


def test_a_lessons_bot_is_waited_for_however_slow_its_thread(make_app: Any,
                                                             monkeypatch: Any) -> None:
    """The driver waits (bounded in time) for the bot's thread on a lesson's table as on any
    table, so a lesson's Bot step takes the same frames on a loaded machine: here each decision
    takes 0.3 s of wall time, far longer than the frames its step is given."""
    decide = bot_worker.decide

    def slow_decide(*args: Any) -> Any:
        time.sleep(0.3)
        return decide(*args)

    monkeypatch.setattr(bot_worker, "decide", slow_decide)
    _app, scene, d = start(make_app, "rising_bar")
    d.click(scene.next_button.rect.center)  # the intro is read
    step = scene.run.step
    assert step is not None and step.kind is StepKind.BOT
    for _ in range(BOT_FRAMES):
        if scene.run.step is not step:
            break
        d.step()
    assert scene.run.step is not step
    assert behind(scene.table.session).round.down[1]
