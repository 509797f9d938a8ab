"""The round review on the round summary: the Round review button shows the findings the game
worked out (here a going-out missed, or none), and brings the hands back; one block per human at
the screen, nothing dropped (counted, then scrolled to); Esc never deals the next round."""

from __future__ import annotations

import random
from typing import Any

import pygame

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.pieces.review_panel import ReviewPanel
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.words.review_text import finding_text, more_text, nothing_text, review_lines
from tests.truth import behind

from .test_table_helpers import THREAD_WAIT, Driver, known_table, play

# seat 0 can go out at once: a tria, a série and two more séries, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"


def _summary(app: Any, scene: Any) -> RoundSummaryScene:
    summary = RoundSummaryScene(app, scene.session, lambda: None)
    app.stack.clear_to(scene)
    app.stack.push(summary)
    d = Driver(app)
    for _ in range(50):  # the review comes from the bot worker thread
        d.step()
        scene.session.worker.wait(THREAD_WAIT)
        if summary.review.ready:
            break
    return summary


def test_a_round_gone_out_at_once_reviews_to_a_neutral_line(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    play(scene, Draw(0, "stock"))
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        play(scene, Lay(0, parse_cards(cards.split())))
    play(scene, Discard(0, behind(scene.session).round.hands[0][-1]))
    summary = _summary(app, scene)
    assert summary.review.findings == ()
    Driver(app).step(frames=2)
    assert not summary.needs_redraw()  # at rest
    assert summary.review_button.visible
    Driver(app).click(summary.review_button.rect.center)
    assert summary.reviewing
    assert summary.review.texts() == [nothing_text()]
    assert "Well played" not in nothing_text()
    Driver(app).click(summary.review_button.rect.center)
    assert not summary.reviewing


def test_a_going_out_missed_is_told_with_its_turn(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    play(scene, Draw(0, "stock"), Discard(0, parse_cards(["8H"])[0]))
    r = behind(scene.session).round
    r.over, r.winner = True, 1  # the round ends there (the bots' turns do not matter)
    behind(scene.session).version += 1
    summary = _summary(app, scene)
    findings = summary.review.findings
    assert findings is not None and [f.kind for f in findings] == [FindingKind.MISSED_OUT]
    summary.review.findings = None  # as if shown before the review came: taken when shown
    Driver(app).click(summary.review_button.rect.center)
    assert summary.review.texts() == [finding_text(findings[0])]
    Driver(app).step(frames=2)
    assert not summary.needs_redraw()
    Driver(app).click(summary.review_button.rect.center)
    assert findings[0].turn == 1
    Driver(app).click(summary.review_button.rect.center)
    assert summary.reviewing
    assert summary.review.texts() == [finding_text(findings[0])]
    assert strip_marks(summary.review.texts()[0]).startswith(
        "On your turn 1 you could have gone out: lay")


def test_esc_on_the_summary_never_deals_the_next_round(make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    play(scene, Draw(0, "stock"), Discard(0, parse_cards(["8H"])[0]))
    r = behind(scene.session).round
    r.over, r.winner = True, 1
    behind(scene.session).version += 1  # the round was ended under the table
    dealt: list[int] = []
    summary = RoundSummaryScene(app, scene.session, lambda: dealt.append(1))
    app.stack.clear_to(scene)
    app.stack.push(summary)
    d = Driver(app)
    d.step()
    d.click(summary.review_button.rect.center)
    assert summary.reviewing
    d.key(pygame.K_ESCAPE)  # the review closes
    assert not summary.reviewing and app.stack.top is summary
    d.key(pygame.K_ESCAPE)  # and the summary stays: Next deals
    assert app.stack.top is summary and dealt == []


class _Game:
    """What the review panel reads of a game: two humans sharing the screen."""

    def __init__(self, findings: tuple[Finding, ...]) -> None:
        self.findings = findings
        self.human_seats = [0, 2]

    def name(self, seat: int) -> str:
        return {0: "Amina", 2: "Youssef"}[seat]

    def review(self) -> tuple[Finding, ...]:
        return self.findings


def _many() -> tuple[Finding, ...]:
    cards = parse_cards(["5C", "5D", "5S"])
    return tuple(Finding(FindingKind.MISSED_OUT, 0, turn, cards, melds=(cards,),
                         round_turn=2 * turn) for turn in range(1, 13, 2))


def test_each_human_at_the_screen_has_a_block_and_nothing_is_dropped(make_app: Any) -> None:
    make_app((800, 600))
    panel = ReviewPanel(_Game(_many()))  # type: ignore[arg-type]
    assert panel.poll()
    lines = panel.lines()
    assert [(line.text, line.heading) for line in lines if line.heading] == [
        ("Amina", True), ("Youssef", True)]
    assert lines[-1].text == nothing_text() and lines[-1].seat == 2  # a line for everyone
    assert len(lines) == 9 and not any(": " in line.text[:10] for line in lines[1:7])
    surface = pygame.Surface((700, 260))
    seen: list[str] = []
    panel.rect = pygame.Rect(0, 0, 700, 260)
    panel.draw(surface)
    assert panel.below > 0  # "… and N more": counted, not dropped
    assert more_text(panel.below).startswith("… and ")
    for _ in range(len(lines)):
        seen += [line.text for line in panel.shown]
        if not panel.below:
            break
        assert panel.handle_scroll_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN,
                                                          mod=0, unicode=""))
        panel.draw(surface)
    assert panel.below == 0 and set(seen) == {line.text for line in lines}


def test_a_way_out_missed_turn_after_turn_is_one_line() -> None:
    """Turns 10 to 13 each missed a way out: one line says so, from the first turn's way (a
    click on it opens the first); a turn apart, another line."""
    cards = parse_cards(["5C", "5D", "5S"])
    run = [Finding(FindingKind.MISSED_OUT, 0, turn, cards, melds=(cards,), round_turn=2 * turn)
           for turn in (10, 11, 12, 13, 15)]
    lines = review_lines(run)
    assert [finding.turn for _text, finding in lines] == [10, 15]
    assert strip_marks(lines[0][0]).startswith("On your turns 10 to 13 you could have gone out:")
    assert strip_marks(lines[1][0]).startswith("On your turn 15 you could have gone out:")
    from rami_desktop import i18n
    try:
        i18n.set_language("ar_MA")
        assert strip_marks(review_lines(run)[0][0]).startswith(
            "من الدور 10 حتى الدور 13 ديالك كان ممكن تسالي:")
    finally:
        i18n.set_language("en")


def test_the_review_counts_more_in_each_language() -> None:
    from rami_desktop import i18n
    try:
        for lang, one, many in (("fr", "… et 1 autre (plus bas)", "… et 3 autres (plus bas)"),
                                ("ar_MA", "… ووحدة خرا (لتحت)", "… و3 خرين (لتحت)")):
            i18n.set_language(lang)
            assert strip_marks(more_text(1)) == one and strip_marks(more_text(3)) == many
    finally:
        i18n.set_language("en")


def test_the_deal_of_issue_38_tells_the_opening_never_made_and_never_praises() -> None:
    """Deal 89WX-KXN4-0ZG: a player who draws and discards, never lays, pays 100; on the
    round's turn 21 (their 11th) the hand held 5-6-7-8♦, three 10s and three jacks (86)."""
    from rami_desktop.engine.state import RoundState
    from rami_desktop.play.game.config import GameConfig, Seat
    from rami_desktop.play.review.round_review import review_round
    from rami_desktop.play.session.session import Session
    from rami_desktop.play.table.table import Table
    from rami_desktop.storage.deal_code import decode_full

    seed, rules, _players = decode_full("89WX-KXN4-0ZG")
    config = GameConfig(rules, (Seat("Amina", "human"), Seat(None, "bot", "medium")), seed=seed)
    session = Session(config, first_dealer=0, verify_saves=False,  # the bot as it played then
                      rngs={1: random.Random(f"{seed}/bot/1")})
    table = Table(session)
    for _ in range(400):
        if session.round.over:
            break
        if table.bot_to_play() is not None:
            session.step_bot()
            continue
        seat = table.human_to_play()
        assert seat == 0
        r = session.round
        p = r.current
        session.play(seat, Draw(p, "stock") if not r.has_drawn else Discard(p, r.hands[p][-1]))
    r = session.round
    session.close()
    assert r.over and r.penalties is not None and r.penalties[0] == 100 and not r.down[0]
    found = review_round(RoundState.from_dict({**r.to_dict(), "log": []}), list(r.log), {0})
    never = found[0]
    assert never.kind is FindingKind.NEVER_OPENED and never.round_turn == 21
    assert never.turn == 11 and never.points == 86 and never.take is None
    assert sorted(map(sorted, never.melds)) == sorted(
        sorted(parse_cards(m.split())) for m in ("5D 6D 7D 8D", "10H 10D 10C", "JS JH JD"))
    text = strip_marks(finding_text(never))
    assert text.startswith("You never opened, yet on your turn 11 you could have opened "
                           "(86 points): lay ")
    assert "a série 5-6-7-8♦" in text.replace("\u00a0", " ")
    assert "Well played" not in text + nothing_text()


def test_a_line_focused_below_the_fold_scrolls_into_view_and_back(make_app: Any) -> None:
    """Six findings in a short review: Shift+Tab from the first stop reaches the last line,
    scrolled into view (never left under "… and N more"); Tab back to the first scrolls up
    to it with its player's name over it. Without the replay, no line is a stop and Down
    scrolls."""
    from rami_desktop.ui.widgets import WidgetGroup

    make_app((800, 600))
    opened: list[Finding] = []
    panel = ReviewPanel(_Game(_many()), opened.append)  # type: ignore[arg-type]
    group = WidgetGroup()
    group.add(panel)
    panel.show(True, True)
    assert panel.poll() and len(panel.stops) == 6
    panel.rect = pygame.Rect(0, 0, 700, 260)
    surface = pygame.Surface((700, 260))

    def key(k: int, mod: int = 0) -> None:
        group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
        panel.draw(surface, group.focus_visible())

    key(pygame.K_TAB)
    assert group.focused is panel.stops[0] and panel.first == 0
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    last = panel.stops[-1]
    assert group.focused is last and panel.first > 0
    assert last.rect.w > 0 and panel.shown[-1].finding is last.finding
    key(pygame.K_RETURN)
    assert opened == [last.finding]
    key(pygame.K_TAB)
    assert group.focused is panel.stops[0] and panel.first == 0  # «Amina» over it again
    assert panel.shown[0].heading and panel.stops[0].rect.w > 0
    panel.show(True, False)  # no replay: no stop, the arrows scroll
    assert not group.focus_order()
    assert panel.handle_scroll_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN,
                                                      mod=0, unicode=""))
