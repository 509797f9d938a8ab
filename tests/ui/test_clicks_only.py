"""A whole round played with mouse clicks alone, in every preset: no drag, no key.

The human's moves are chosen by a bot's policy (seeded) and made as a player would make them
with clicks: the stock, the talaj or the first card clicked to draw; cards clicked to select
them, then the felt or the Lay button clicked to lay them, a combination clicked to add to
it, a joker clicked to put the card in its place, a combination laid this turn clicked or the
Take back button to take back; the talaj, the Discard button or a double-click to discard.
Every point clicked is read from the screen's own layout (the sprites, the combinations' places,
the buttons) through the real table scene, headless; the events posted are recorded and checked:
only presses and releases in place, each after a move of the pointer to its point.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.table.taken import taken_position
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table.pointer import DOUBLE_CLICK
from tests.conftest import some_by_default
from tests.truth import behind

from .test_table_helpers import Driver

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP}


@dataclass
class Clicker:
    """Clicks on a table, as a player with a mouse would, and counts the moves made."""

    scene: TableScene
    driver: Driver
    posted: list[pygame.event.Event] = field(default_factory=list)
    made: Counter[str] = field(default_factory=Counter)
    turn: int = 0

    # ---- posting -----------------------------------------------------------------------------

    def click(self, point: tuple[int, int]) -> None:
        """Move the pointer to a point, press and release the left button there."""
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                     buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)]
        self.posted += events
        self.driver.step(events)

    def pause(self) -> None:
        """Time passes between two gestures (two clicks then never make a double-click)."""
        self.driver._wait_for_bots()
        self.driver.app.step(DOUBLE_CLICK + 0.05, [])

    # ---- reading the screen ------------------------------------------------------------------

    def hand_point(self, position: int) -> tuple[int, int]:
        """A point on the visible part of the hand card at a position."""
        sprites = {s.spec.ref: s for s in self.scene.board.in_zone("hand")
                   if s.spec.zone == "hand"}
        rect = sprites[position].rect
        nxt = sprites.get(position + 1)
        right = nxt.rect.x if nxt is not None and rect.x < nxt.rect.x < rect.right \
            else rect.right
        return ((rect.x + right) // 2, rect.centery)

    def meld_point(self, index: int, k: int | None = None, at: str | None = None
                   ) -> tuple[int, int]:
        """A point on a combination: on its card ``k``, or near its ``low`` or ``high`` end."""
        flow = self.scene.view.flow
        assert flow is not None
        cards = next(p for p in flow.places if p.index == index).cards
        if k is None:
            k = 0 if at == "low" else len(cards) - 1 if at == "high" else len(cards) // 2
        rect = cards[k]
        right = cards[k + 1].x if k + 1 < len(cards) else rect.right
        return ((rect.x + right) // 2, rect.centery)

    def felt_point(self) -> tuple[int, int]:
        """A point of the felt under the combinations, clear of every button."""
        flow, lay = self.scene.view.flow, self.scene.view.lay
        assert flow is not None and lay is not None
        free = flow.free if flow.free.h > lay.px(20) else lay.melds
        buttons = [b.rect for b in self.scene.buttons.group.widgets if b.visible]
        for fx, fy in ((0.5, 0.5), (0.25, 0.5), (0.75, 0.5), (0.5, 0.2), (0.5, 0.8)):
            point = (free.x + int(free.w * fx), free.y + int(free.h * fy))
            if not any(r.collidepoint(point) for r in buttons) and \
                    self.scene.view.meld_at(point) is None:
                return point
        raise AssertionError("no free felt to click")

    # ---- gestures ----------------------------------------------------------------------------

    def clear_selection(self) -> None:
        for position in sorted(self.scene.model.selected):
            self.click(self.hand_point(position))
        self.pause()

    def select(self, cards: Any, taken_copy: bool) -> None:
        """Click the cards (of two copies of the talaj card taken this turn, the taken one or
        the player's own, as ``taken_copy`` says)."""
        self.clear_selection()
        session = self.scene.session
        order = session.hand_order(session.shown.viewer).cards
        fresh = taken_position(session.hand_order(session.shown.viewer), session.shown.round)
        chosen: set[int] = set()
        for card in cards:
            free = [i for i, c in enumerate(order) if c == card and i not in chosen]
            free.sort(key=lambda i: (i == fresh) != taken_copy)
            chosen.add(free[0])
            self.click(self.hand_point(free[0]))
        assert self.scene.model.selected == chosen

    def button(self, name: str) -> None:
        b = getattr(self.scene.buttons, name)
        assert b.visible and b.enabled, f"{name} is not there to click"
        self.click(b.rect.center)
        self.made[f"{name} button"] += 1

    def draw(self, source: str) -> None:
        lay = self.scene.view.lay
        assert lay is not None
        if source == "first" and lay.first != lay.talaj:
            self.click((lay.first.centerx, (lay.first.y + lay.talaj.y) // 2))
        else:
            self.click((lay.stock if source == "stock" else lay.talaj).center)
        self.made[f"draw {source}"] += 1

    def discard(self, card: Any) -> None:
        """Discard a card: a double-click, the talaj or the Discard button, in turn."""
        way = self.turn % 3
        if way == 0:
            self.clear_selection()
            order = self.scene.session.hand_order(self.scene.session.shown.viewer).cards
            point = self.hand_point(order.index(card))
            self.click(point)
            self.click(point)
            self.made["discard double-click"] += 1
            return
        self.select([card], True)
        if way == 1:
            lay = self.scene.view.lay
            assert lay is not None
            self.click(lay.talaj.center)
            self.made["discard on the talaj"] += 1
        else:
            self.button("discard")


def _human_turn(c: Clicker, seat: int, policy: Any, rng: random.Random) -> None:
    """The human plays one turn with clicks, as the policy decides."""
    session = c.scene.session
    r = behind(session).round
    turn = r.turn
    c.turn += 1
    taken_copy = True
    tried_back = False  # once a turn, what was laid is taken back (then laid again)
    for _ in range(150):
        if r.over or r.turn != turn:
            return
        action = policy.act(behind(session).observation(seat), rng)
        name = type(action).__name__
        c.pause()
        if not r.has_drawn:
            if name == "Redeal" and c.scene.buttons.redeal.visible:
                c.button("redeal")
                return
            if name == "Draw":
                c.draw(action.source)
            if not r.has_drawn:
                c.draw("stock")
            continue
        before = r.snapshot()
        hand = Counter(r.hands[r.current])
        first_op = not r.turn_view().ops
        if name == "Lay":
            c.select(action.cards, taken_copy)
            if c.turn % 2:
                c.click(c.felt_point())
                c.made["lay on the felt"] += 1
            else:
                c.button("lay")
        elif name == "Add":
            c.select(action.cards, taken_copy)
            c.click(c.meld_point(action.meld, at=action.at))
            c.made["add on a combination"] += 1
        elif name == "Swap":
            c.select([action.card], taken_copy)
            meld = r.melds[action.meld].meld
            assert meld is not None
            c.click(c.meld_point(action.meld, k=[x.is_joker for x in meld.cards].index(True)))
            c.made["swap on a joker"] += 1
        elif name == "TakeBack":
            c.clear_selection()
            c.click(c.meld_point(action.meld))
            c.made["take back by a click"] += 1
        elif name == "Undo" and c.scene.buttons.take_back.visible:
            c.clear_selection()
            c.button("take_back")
        elif name == "Discard" and action.card in r.legal_discards():
            c.discard(action.card)
        if r.over or r.turn != turn:
            return
        # a second thought on the turn's first laying or addition (one combination, nothing
        # else to take back with it): taken back, then played again
        if name in ("Lay", "Add") and first_op and len(r.turn_view().ops) == 1 \
                and not tried_back:
            tried_back = True
            c.clear_selection()
            if name == "Lay" and c.turn % 2:
                c.click(c.meld_point(r.staged[-1]))
                c.made["take back by a click"] += 1
            else:
                c.button("take_back")
            assert Counter(r.hands[r.current]) == hand and not r.turn_view().ops
            continue
        if r.snapshot() == before:  # not played as asked: end the turn plainly
            if r.staged and not r.legal_discards():
                taken_copy = not taken_copy
            c.clear_selection()
            while r.turn_view().ops and not r.legal_discards():
                c.button("take_back")
            if not r.legal_discards():
                continue
            c.discard(r.legal_discards()[-1])
    raise AssertionError("the human's turn did not end")


#: (preset, window, language, seed): each preset in its own window and language
CASES = [
    ("talaj", (1024, 640), "en", 11),
    ("tallage", (800, 600), "fr", 12),
    ("rami-talaj", (800, 600), "ar_MA", 13),
    ("simple", (1280, 800), "en", 14),
]


#: more rounds (``-m slow``): each preset again with other deals, sizes and languages
MORE = [(name, size, lang, seed) for seed, (name, size, lang, _s) in enumerate(
    CASES * 3, start=21)
    for size, lang in [((800, 600), "fr") if seed % 2 else ((1366, 768), "ar_MA")]]


@pytest.mark.parametrize("case", some_by_default(CASES, 2), ids=lambda c: c[0])
def test_clicks_only_whole_round(make_app: Any, case: tuple[str, tuple[int, int], str, int]
                                 ) -> None:
    _play_a_round_with_clicks(make_app, case)


@pytest.mark.slow
@pytest.mark.parametrize("case", MORE, ids=lambda c: f"{c[0]}-{c[3]}")
def test_clicks_only_whole_round_more_deals(make_app: Any,
                                            case: tuple[str, tuple[int, int], str, int]) -> None:
    _play_a_round_with_clicks(make_app, case)


def _play_a_round_with_clicks(make_app: Any, case: tuple[str, tuple[int, int], str, int]
                              ) -> None:
    preset_name, size, lang, seed = case
    app = make_app(size, animation_speed="off")
    app.set_language(lang, save=False)
    seats = (Seat("Amina", "human"), Seat("Bot 2", "bot", "easy"),
             Seat("Bot 3", "bot", "easy"))
    # the seed's key: the same deals and the same bots' choices at every run
    scene = TableScene(app, Table(Session(GameConfig(preset(preset_name), seats, seed),
                                          key=chosen_key(seed))))
    app.stack.clear_to(scene)
    d = Driver(app)
    c = Clicker(scene, d)
    policy = make_bot("hard")
    rng = random.Random(seed)
    session = scene.session
    for _ in range(20_000):
        top = app.stack.top
        if isinstance(top, RoundSummaryScene):
            break
        if top is scene and session.human_to_play() == 0 and scene.board.settled:
            _human_turn(c, 0, policy, rng)
            continue
        d.step()
    assert isinstance(app.stack.top, RoundSummaryScene), "the round did not end"
    assert behind(session).round.over
    print(f"clicks only, {preset_name}: {c.turn} turns, {len(c.posted)} events, "
          f"{dict(c.made)}")
    # clicks alone: no key, no drag (every press released where it went down)
    assert {e.type for e in c.posted} <= MOUSE
    downs = [e.pos for e in c.posted if e.type == pygame.MOUSEBUTTONDOWN]
    ups = [e.pos for e in c.posted if e.type == pygame.MOUSEBUTTONUP]
    assert downs == ups
    assert c.made["draw stock"] + c.made["draw top"] + c.made["draw first"] >= 1
    assert sum(n for way, n in c.made.items() if way.startswith("discard")) >= 1
