"""The card table: one match, played with the mouse or the keyboard, bots animated.

The pieces live in :mod:`rami_desktop.ui.table`: the controller owns the engine match (every
move is the engine's decision), the layout places the regions, the sprite board animates the
cards after each engine change, drag-and-drop and the keyboard build candidate actions, the bot
runner thinks in a worker thread and the HUD draws the rest.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.engine.actions import (
    Action,
    Added,
    Discard,
    Discarded,
    Draw,
    Drew,
    Event,
    Laid,
    Redeal,
    Swapped,
    TakeBack,
    Undo,
)
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.ui import theme
from rami_desktop.ui.game_config import GameConfig
from rami_desktop.ui.scene import Scene
from rami_desktop.ui.table import animation
from rami_desktop.ui.table import hand as hand_mod
from rami_desktop.ui.table.bot_runner import BotRunner, make_bot
from rami_desktop.ui.table.controller import GameController
from rami_desktop.ui.table.drag import Drag, Press, moved_enough
from rami_desktop.ui.table.hints import compute_hint
from rami_desktop.ui.table.keyboard import KeyboardControl
from rami_desktop.ui.table.layout import (
    MeldFlow,
    TableLayout,
    card_h,
    compute_layout,
    flow_melds,
    hand_rects,
)
from rami_desktop.ui.table.painter import TablePainter
from rami_desktop.ui.table.sprites import BACK, CardSpec, SpriteBoard
from rami_desktop.ui.table.staging import add_candidates, lay_candidates, swap_candidate
from rami_desktop.ui.widgets import N_, Button, WidgetGroup, _, is_rtl

if TYPE_CHECKING:
    from rami_desktop.app import App

log = logging.getLogger(__name__)

#: bot actions in one turn after which the table takes over (a confused bot)
MAX_BOT_ACTIONS = 40


class TableScene(Scene):
    """The table of one match.

    Args:
        app: the application.
        config: the match (rules, seats, seed).
        controller: an existing controller (a resumed match); else a new match is dealt.
    """

    def __init__(self, app: App, config: GameConfig,
                 controller: GameController | None = None) -> None:
        super().__init__(app)
        self.ctl = controller or GameController(config, paths=getattr(app, "paths", None))
        self.config = self.ctl.config
        self.board = SpriteBoard()
        self.lay: TableLayout | None = None
        self.layout_key: tuple[Any, ...] = ()
        self.flow: MeldFlow | None = None
        self.orders: dict[int, list[Card]] = {}
        self.breaks: dict[int, list[int]] = {}
        self.selected: set[int] = set()
        self.cursor = 0
        self.revealed: int | None = None
        self.hints_on = bool(app.settings.get("hints", True))
        self._hints_setting = self.hints_on
        self._hint_key: tuple[Any, ...] | None = None
        self._hint: tuple[list[int], str] = ([], "")
        self.message = ""
        self.message_time = 0.0
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.keys = KeyboardControl(self)
        self.runner = BotRunner()
        self.bots: dict[int, Any] = {}
        self.rngs: dict[int, random.Random] = {}
        for seat, s in enumerate(self.config.seats):
            if s.is_bot:
                self.bots[seat] = make_bot(s.level)
                self.rngs[seat] = random.Random(f"{self.ctl.seed}/bot/{seat}")
        self.bot_wait = 0.0
        self.bot_actions = 0
        self.end_wait: float | None = None
        self.summary_shown = -1
        self.redeal_asked = -1
        self.privacy_for: int | None = None
        self.group = WidgetGroup()
        self._build_buttons()
        self.drawn_faces: list[str] = []  # the card faces drawn last frame (tests)
        self.painter = TablePainter(self)

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def from_save(cls, app: App) -> TableScene | None:
        """The saved match, resumed; None when there is none that can be used."""
        paths = getattr(app, "paths", None)
        if paths is None:
            return None
        from rami_desktop.storage.saves import load_match

        def validate(data: dict[str, Any]) -> GameController:
            return GameController.from_payload(data, paths)

        ctl, _problem = load_match(paths, validate)
        if not isinstance(ctl, GameController):
            return None
        return cls(app, ctl.config, ctl)

    def _build_buttons(self) -> None:
        size = theme.FONT_SMALL
        self.b_suit = self.group.add(Button(N_("By suit"), self.sort_suit, size=size))
        self.b_rank = self.group.add(Button(N_("By rank"), self.sort_rank, size=size))
        self.b_group = self.group.add(Button(N_("Group"), self.group_hand, size=size))
        self.b_hint = self.group.add(Button(N_("Hint"), self.toggle_hints, style="tab",
                                            size=size))
        self.b_lay = self.group.add(Button(N_("Lay"), self.lay_selection, style="primary",
                                           size=size))
        self.b_menu = self.group.add(Button(N_("Menu"), self.pause, size=size))
        self.b_redeal = self.group.add(Button(N_("Redeal"), self.ask_redeal, size=size))
        self.tool_buttons = [self.b_suit, self.b_rank, self.b_group, self.b_hint]

    # ---- scene lifecycle ---------------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize(self.app.size)
        self.board.settle()

    def on_exit(self) -> None:
        self.runner.shutdown()
        self.ctl.close()

    def on_resume(self) -> None:
        # the settings may have changed meanwhile (hints, deck, language, speed)
        setting = bool(self.app.settings.get("hints", True))
        if setting != self._hints_setting:
            self._hints_setting = self.hints_on = setting
        self.on_resize(self.app.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout_key = ()
        self.sync(animate=False)
        self._warm_card_art()
        self.painter.warm_text()

    def _warm_card_art(self) -> None:
        """Load and scale every card once per size now, not in the middle of a deal."""
        art, lay = self.app.card_art, self.lay
        if art is None or lay is None:
            return
        from rami_desktop.ui.card_art import FACE_CODES

        try:
            for width in {lay.hand_w, lay.pile_w, lay.meld_w}:
                for code in FACE_CODES:
                    art.face(code, width)
            for width in {lay.pile_w, *(b.back_w for b in lay.seats.values())}:
                art.back(width)
        except Exception:
            log.exception("card art could not be prepared")

    # ---- who sees what -----------------------------------------------------------------------

    def viewer(self) -> int | None:
        """The seat whose hand is on screen (never one whose owner is not the one to look)."""
        humans = self.ctl.human_seats
        if not humans:
            return None
        if not self.ctl.pass_and_play:
            return humans[0]
        to_play = self.ctl.human_to_play()
        if to_play is not None and to_play != self.revealed:
            return None
        return self.revealed if self.revealed in humans else None

    def my_turn(self) -> bool:
        """Whether the hand on screen belongs to the player to play."""
        v = self.viewer()
        return v is not None and self.ctl.human_to_play() == v and self.drag is None

    def rtl(self) -> bool:
        """Whether the arrows run backwards over the hand: never, cards are held (and séries
        laid) left to right in every language."""
        return False

    def others(self) -> list[int]:
        """Seats shown along the top, in turn order after the viewer."""
        active = self.ctl.match.active_seats()
        v = self.viewer()
        if v is None and self.ctl.pass_and_play and self.revealed in active:
            v = self.revealed
        if v is None:
            return active
        i = active.index(v) if v in active else 0
        return [s for s in active[i + 1:] + active[:i] if s != v]

    # ---- synchronising with the engine -------------------------------------------------------

    def hand_order(self, seat: int) -> list[Card]:
        """The screen order of a seat's hand, reconciled with the engine's."""
        order = hand_mod.reconcile(self.orders.get(seat, []), self.ctl.hand(seat))
        if self.orders.get(seat) != order:
            self.breaks[seat] = []
        self.orders[seat] = order
        return order

    def sync(self, animate: bool = True, events: list[Event] | None = None) -> None:
        """Rebuild every card's place from the engine state (and the layout if needed)."""
        size = self.app.size
        others = self.others()
        key = (size, tuple(others), is_rtl())
        if key != self.layout_key or self.lay is None:
            self.lay = compute_layout(size, others)
            self.layout_key = key
            self._place_buttons()
            animate = False
        lay = self.lay
        r = self.ctl.round
        obs_seat = self.viewer()
        specs: list[CardSpec] = []
        # stock and talaj
        if r.stock:
            specs.append(CardSpec(BACK, "stock", lay.stock.copy()))
        talaj = r.talaj
        first_pos = r.first_pos
        lay.first = lay.talaj.copy()
        if talaj:
            if first_pos is not None and first_pos < len(talaj) - 1:
                lay.first = lay.talaj.move(0, -int(lay.talaj.h * 0.3))
                specs.append(CardSpec(talaj[first_pos].code, "first", lay.first.copy()))
            if len(talaj) >= 2:
                specs.append(CardSpec(talaj[-2].code, "talaj", lay.talaj.copy(), ref="under"))
            specs.append(CardSpec(talaj[-1].code, "talaj", lay.talaj.copy(), ref="top"))
        # opponents' backs
        for seat, box in lay.seats.items():
            player = self.ctl.player_of(seat)
            n = 0 if player is None else len(r.hands[player])
            if n == 0:
                continue
            bw = box.back_w
            step = min(bw * 0.42, (box.fan.w - bw) / max(1, n - 1))
            for i in range(n):
                x = box.fan.x + i * step
                if is_rtl():
                    x = box.fan.right - bw - i * step
                specs.append(CardSpec(BACK, f"seat:{seat}",
                                      pygame.Rect(round(x), box.fan.y, bw, card_h(bw)), ref=i))
        # combinations, grouped by owner
        staged = set(r.staged) if not r.over else set()
        by_owner: dict[int, list[tuple[int, int]]] = {}
        for i, tm in enumerate(r.melds):
            if tm.meld is not None:
                by_owner.setdefault(self.ctl.seat_of(tm.owner), []).append(
                    (i, len(tm.meld.cards)))
        groups = [(seat, by_owner[seat]) for seat in range(self.config.players)
                  if seat in by_owner]
        self.flow = flow_melds(lay.melds, groups, lay.meld_w, lay.scale,
                               min_w=max(28, lay.px(30)))
        for place in self.flow.places:
            meld = r.melds[place.index].meld
            assert meld is not None
            tint = "staged" if place.index in staged else None
            for k, (card, rect) in enumerate(zip(meld.cards, place.cards, strict=True)):
                specs.append(CardSpec(card.code, f"meld:{place.index}", rect, tint, ref=k))
        # the hand on screen
        if obs_seat is not None:
            order = self.hand_order(obs_seat)
            self.selected = {i for i in self.selected if i < len(order)}
            self.cursor = max(0, min(self.cursor, len(order) - 1))
            rects = hand_rects(lay, len(order), self.breaks.get(obs_seat, []))
            for i, (card, rect) in enumerate(zip(order, rects, strict=True)):
                tint = None
                if i in self.selected:
                    rect = rect.move(0, -lay.lift)
                    tint = "selected"
                specs.append(CardSpec(card.code, "hand", rect, tint, ref=i))
        origins = self._origins(events or [], obs_seat)
        duration = animation.slide_time(self.app.settings.get("animation_speed", "normal")) \
            if animate else 0.0
        self.board.sync(specs, origins, None, duration)
        self.painter.invalidate()
        self._update_buttons()

    def _origins(self, events: list[Event], viewer: int | None) -> dict[str, tuple[float, float]]:
        """Where new cards come from, after some engine events."""
        lay = self.lay
        assert lay is not None
        out: dict[str, tuple[float, float]] = {}

        def seat_zone(player: int) -> tuple[str, tuple[float, float]]:
            seat = self.ctl.seat_of(player)
            box = lay.seats.get(seat)
            anchor = box.anchor if box is not None else (lay.hand.centerx, lay.hand.centery)
            return ("hand" if seat == viewer else f"seat:{seat}"), anchor

        stock = (float(lay.stock.centerx), float(lay.stock.centery))
        talaj = (float(lay.talaj.centerx), float(lay.talaj.centery))
        for e in events:
            if isinstance(e, Drew):
                zone, _anchor = seat_zone(e.player)
                out[zone] = stock if e.source == "stock" else talaj
            elif isinstance(e, Laid | Added | Swapped):
                _zone, anchor = seat_zone(e.player)
                out[f"meld:{e.meld}"] = anchor
            elif isinstance(e, Discarded):
                _zone, anchor = seat_zone(e.player)
                out["talaj"] = anchor
        return out

    # ---- buttons -----------------------------------------------------------------------------

    def _place_buttons(self) -> None:
        lay = self.lay
        assert lay is not None
        self.group.set_scale(lay.scale)
        tools = lay.tools
        gap = lay.px(8)
        n = len(self.tool_buttons)
        bw = (tools.w - gap * (n - 1)) // n
        order = list(reversed(self.tool_buttons)) if is_rtl() else self.tool_buttons
        for i, b in enumerate(order):
            b.rect = pygame.Rect(tools.x + i * (bw + gap), tools.y + lay.px(2), bw,
                                 tools.h - lay.px(4))
        side = lay.side
        bh = lay.px(44)
        self.b_lay.rect = pygame.Rect(side.x, side.y + lay.lift, side.w, bh)
        self.b_redeal.rect = pygame.Rect(side.x, self.b_lay.rect.bottom + gap, side.w, bh)
        self.b_menu.rect = pygame.Rect(side.x, side.bottom - bh, side.w, bh)

    def _update_buttons(self) -> None:
        mine = self.my_turn()
        has_hand = self.viewer() is not None
        for b in self.tool_buttons:
            b.visible = has_hand
        self.b_hint.selected = self.hints_on
        self.b_lay.visible = has_hand
        self.b_lay.enabled = mine and self.ctl.round.has_drawn and len(self.selected) >= 3
        v = self.viewer()
        self.b_redeal.visible = v is not None and self.ctl.can_redeal(v)

    # ---- applying moves ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show a short message near the hand."""
        self.message = text
        self.message_time = animation.MESSAGE_TIME

    def refuse(self, code: str | None) -> None:
        """An illegal move: an error sound and the rule it broke, translated."""
        self.app.play("error")
        self.say(error_message(code or "invalid_meld"))

    def attempt(self, *actions: Action) -> bool:
        """Try candidate actions in order through the engine; report a refusal."""
        events, code = self.ctl.try_apply(*actions)
        if events is None:
            self.refuse(code)
            self.sync()
            return False
        self.after(events)
        return True

    def after(self, events: list[Event]) -> None:
        """Sounds, selection and sprites after the engine accepted a move."""
        for e in events:
            if isinstance(e, Drew):
                self.app.play("draw")
            elif isinstance(e, Laid | Added | Swapped):
                self.app.play("lay")
            elif isinstance(e, Discarded):
                self.app.play("discard")
        if any(isinstance(e, Discarded) for e in events):
            self.bot_actions = 0
        self.selected.clear()
        self.message_time = min(self.message_time, 0.6) if self.message else 0.0
        self.sync(events=events)
        if self.ctl.round_over:
            if self.ctl.round.winner is not None and \
                    self.ctl.seat_of(self.ctl.round.winner) in self.ctl.human_seats:
                self.app.play("win")
            self.end_wait = animation.round_end_pause(self.speed)
        self.bot_wait = animation.bot_pause(self.speed)

    @property
    def speed(self) -> str:
        """The animation speed setting."""
        return str(self.app.settings.get("animation_speed", "normal"))

    def _player(self) -> int:
        v = self.viewer()
        assert v is not None
        return self.ctl.action_player(v)

    def selection_cards(self) -> list[Card]:
        """The selected cards of the hand on screen, in screen order."""
        v = self.viewer()
        if v is None:
            return []
        order = self.orders.get(v, [])
        return [order[i] for i in sorted(self.selected) if i < len(order)]

    def cursor_card(self) -> Card | None:
        """The card under the keyboard cursor."""
        v = self.viewer()
        order = self.orders.get(v, []) if v is not None else []
        return order[self.cursor] if 0 <= self.cursor < len(order) else None

    def visible_melds(self) -> list[int]:
        """Engine indices of the combinations on screen, in their numbered order."""
        return [p.index for p in self.flow.places] if self.flow else []

    def meld_count(self) -> int:
        """How many combinations are numbered on screen."""
        return len(self.visible_melds())

    # ---- commands (mouse buttons and keyboard) ----------------------------------------------

    def draw_from(self, source: str) -> None:
        """Draw from ``stock``, ``first`` or ``top``."""
        if not self.my_turn():
            return
        p = self._player()
        if source == "top" and self.ctl.round.first_pos == len(self.ctl.round.talaj) - 1:
            self.attempt(Draw(p, "first"), Draw(p, "top"))
        else:
            self.attempt(Draw(p, source))

    def lay_selection(self) -> None:
        """Lay the selected cards as a new combination."""
        if not self.my_turn():
            return
        cards = self.selection_cards()
        if not cards:
            self.refuse("invalid_meld")
            return
        self.attempt(*lay_candidates(self._player(), cards, self.ctl.rules.jokers_per_meld))

    def add_to(self, number: int, at: str | None = None) -> None:
        """Add the selection (or the cursor card) to combination ``number`` (1-based)."""
        if not self.my_turn():
            return
        melds = self.visible_melds()
        if not 1 <= number <= len(melds):
            self.refuse("cannot_add")
            return
        cards = self.selection_cards() or ([c] if (c := self.cursor_card()) else [])
        if not cards:
            return
        index = melds[number - 1]
        meld = self.ctl.round.melds[index].meld
        assert meld is not None
        self.attempt(*add_candidates(self._player(), index, meld, cards, at))

    def swap_into(self, number: int) -> None:
        """Put the cursor (or the one selected) card in place of combination ``number``'s joker."""
        if not self.my_turn():
            return
        melds = self.visible_melds()
        cards = self.selection_cards() or ([c] if (c := self.cursor_card()) else [])
        if not 1 <= number <= len(melds) or len(cards) != 1:
            self.refuse("bad_swap")
            return
        index = melds[number - 1]
        meld = self.ctl.round.melds[index].meld
        assert meld is not None
        action = swap_candidate(self._player(), index, meld, cards[0])
        if action is None:
            self.refuse("bad_swap")
            return
        self.attempt(action)

    def take_back_last(self) -> None:
        """Take back the last combination laid this turn."""
        if not self.my_turn():
            return
        staged = self.ctl.round.staged
        if not staged:
            self.refuse("not_this_turn")
            return
        self.attempt(TakeBack(self._player(), staged[-1]))

    def take_back(self, index: int) -> None:
        """Take back one combination laid this turn (or undo the last addition to another)."""
        if not self.my_turn():
            return
        if index in self.ctl.round.staged:
            self.attempt(TakeBack(self._player(), index))
        else:
            self.attempt(Undo(self._player()))

    def undo(self) -> None:
        """Undo the last laying, addition or swap of this turn."""
        if self.my_turn():
            self.attempt(Undo(self._player()))

    def discard(self, card: Card) -> None:
        """Discard a card (ends the turn)."""
        if self.my_turn():
            self.attempt(Discard(self._player(), card))

    def discard_cursor(self) -> None:
        """Discard the cursor card (or the one selected card)."""
        sel = self.selection_cards()
        card = sel[0] if len(sel) == 1 else self.cursor_card()
        if card is not None:
            self.discard(card)

    def move_cursor(self, delta: int) -> None:
        """Move the keyboard cursor over the hand."""
        v = self.viewer()
        if v is None:
            return
        n = len(self.orders.get(v, []))
        self.cursor = max(0, min(n - 1, self.cursor + delta))

    def move_card(self, delta: int) -> None:
        """Move the cursor card within the hand (screen order only); selections follow."""
        v = self.viewer()
        if v is None:
            return
        order = self.orders.get(v, [])
        marked = [(card, i in self.selected) for i, card in enumerate(order)]
        self.cursor = hand_mod.move(marked, self.cursor, delta)  # type: ignore[arg-type]
        self.orders[v] = [card for card, _sel in marked]
        self.selected = {i for i, (_card, sel) in enumerate(marked) if sel}
        self.breaks[v] = []
        self.sync()

    def toggle_select(self, index: int | None = None) -> None:
        """Select or unselect a hand card (the cursor card by default)."""
        v = self.viewer()
        if v is None:
            return
        i = self.cursor if index is None else index
        if not 0 <= i < len(self.orders.get(v, [])):
            return
        self.selected ^= {i}
        self.cursor = i
        self.sync()

    def sort_suit(self) -> None:
        """Sort the hand by suit."""
        self._reorder(hand_mod.sort_by_suit)

    def sort_rank(self) -> None:
        """Sort the hand by rank."""
        self._reorder(hand_mod.sort_by_rank)

    def _reorder(self, fn: Any) -> None:
        v = self.viewer()
        if v is None:
            return
        self.orders[v] = fn(self.hand_order(v))
        self.breaks[v] = []
        self.selected.clear()
        self.sync()

    def group_hand(self) -> None:
        """Arrange the hand by the combinations it can make."""
        v = self.viewer()
        if v is None:
            return
        order, breaks = hand_mod.group_by_melds(self.hand_order(v), self.ctl.rules)
        self.orders[v] = order
        self.selected.clear()
        self.sync()
        self.breaks[v] = breaks
        self.sync()

    def toggle_hints(self) -> None:
        """Show or hide the hint."""
        self.hints_on = not self.hints_on
        self._update_buttons()

    def pause(self) -> None:
        """The pause overlay."""
        from rami_desktop.ui.scenes.overlays import PauseOverlay

        self.app.stack.push(PauseOverlay(self.app, self.ctl.rules.preset))

    def ask_redeal(self) -> None:
        """The human asks for a new deal (the hand qualifies, before anyone played)."""
        v = self.viewer()
        if v is None:
            return
        self.attempt(Redeal(self.ctl.action_player(v)))
        self.orders.pop(v, None)
        self.sync(animate=False)

    # ---- hints -------------------------------------------------------------------------------

    def hint(self) -> tuple[list[int], str]:
        """Hand positions to highlight and a line saying what they make (cached per hand)."""
        v = self.viewer()
        if v is None or not self.hints_on or not self.my_turn():
            return [], ""
        r = self.ctl.round
        p = self.ctl.action_player(v)
        order = self.orders.get(v, [])
        key = (tuple(order), r.down[p], r.required_points(), r.has_drawn, len(r.melds))
        if key == self._hint_key:
            return self._hint
        self._hint_key = key
        self._hint = compute_hint(order, r.down[p], r.required_points(), self.ctl.rules)
        return self._hint

    # ---- per frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.board.update(dt):
            self.painter.invalidate()
        self.group.update(dt)
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
        if self.ctl.round_over:
            self._update_round_end(dt)
            return
        self._check_privacy()
        self._check_redeals()
        self._update_bots(dt)

    def _check_privacy(self) -> None:
        if not self.ctl.pass_and_play:
            return
        seat = self.ctl.human_to_play()
        if seat is None or seat == self.revealed or self.privacy_for == seat:
            return
        if not self.board.settled:
            return
        self.privacy_for = seat
        from rami_desktop.ui.scenes.privacy import PrivacyScene

        self.app.stack.push(PrivacyScene(self.app, self.ctl.name(seat),
                                         lambda s=seat: self.reveal(s)))

    def reveal(self, seat: int) -> None:
        """The named player is at the screen: show their hand."""
        self.revealed = seat
        self.privacy_for = None
        self.selected.clear()
        self.cursor = 0
        self.layout_key = ()
        self.sync(animate=False)

    def _check_redeals(self) -> None:
        r = self.ctl.round
        number = self.ctl.match.round_number
        if self.redeal_asked == number or r.log or r.turn:
            return
        self.redeal_asked = number
        for seat, bot in self.bots.items():
            player = self.ctl.player_of(seat)
            if player is None or not self.ctl.can_redeal(seat):
                continue
            try:
                wants = bot.wants_redeal(self.ctl.observation(seat), self.rngs[seat])
            except Exception:
                log.exception("bot redeal question failed")
                wants = False
            if wants:
                try:
                    self.ctl.apply(Redeal(player))
                except RuleError:
                    continue
                self.orders.clear()
                self.redeal_asked = -1  # the new deal may qualify again
                self.say(_("{name} asked for a new deal.").format(name=self.ctl.name(seat)))
                self.app.play("shuffle")
                self.sync(animate=False)
                return

    def _update_bots(self, dt: float) -> None:
        seat = self.ctl.current_seat
        if seat not in self.bots:
            self.runner.cancel()
            return
        tag = (self.ctl.match.round_number, self.ctl.round.turn)
        got_tag, action, error = self.runner.poll()
        if got_tag is not None:
            if got_tag == tag:
                self._apply_bot(seat, action, error)
            return
        if self.runner.busy:
            return
        if self.bot_wait > 0:
            self.bot_wait = max(0.0, self.bot_wait - dt)
            return
        if not self.board.settled and self.speed != "off":
            return
        self.runner.start(self.bots[seat], self.ctl.observation(seat), self.rngs[seat], tag)

    def _apply_bot(self, seat: int, action: Action | None, error: BaseException | None) -> None:
        self.bot_actions += 1
        if error is not None:
            log.error("bot %s failed: %r", seat, error)
        if action is not None and self.bot_actions <= MAX_BOT_ACTIONS:
            try:
                events = self.ctl.apply(action)
            except RuleError as err:
                log.warning("bot %s move refused (%s): %r", seat, err.code.value, action)
            else:
                self.after(events)
                return
        self._rescue_bot(seat)

    def _rescue_bot(self, seat: int) -> None:
        """A bot's move was refused or it failed: finish its turn plainly (draw, discard)."""
        p = self.ctl.action_player(seat)
        r = self.ctl.round
        events: list[Event] = []
        try:
            while r.t.ops:
                events += self.ctl.apply(Undo(p))
            if not r.has_drawn:
                draws = r.legal_draws()
                events += self.ctl.apply(draws[0] if draws else Draw(p, "stock"))
            discards = r.legal_discards()
            if discards:
                events += self.ctl.apply(Discard(p, discards[-1]))
        except RuleError as err:
            log.error("bot %s could not be rescued (%s)", seat, err.code.value)
        self.after(events)

    def _update_round_end(self, dt: float) -> None:
        self.runner.cancel()
        number = self.ctl.match.round_number
        if self.summary_shown == number:
            return
        if self.end_wait is None:
            self.end_wait = animation.round_end_pause(self.speed)
        self.end_wait -= dt
        if self.end_wait > 0 or not self.board.settled:
            return
        self.summary_shown = number
        self.end_wait = None
        from rami_desktop.ui.scenes.round_summary import RoundSummaryScene

        self.app.stack.push(RoundSummaryScene(self.app, self.ctl, self.next_round))

    def next_round(self) -> None:
        """Deal the next round (called by the round summary) or show the match's end."""
        if self.ctl.match_over:
            from rami_desktop.ui.scenes.match_end import MatchEndScene

            self.app.stack.clear_to(MatchEndScene(self.app, self.ctl))
            return
        self.ctl.next_round()
        self.orders.clear()
        self.selected.clear()
        self.revealed = None if self.ctl.pass_and_play else self.revealed
        self.privacy_for = None
        self.bot_actions = 0
        self.app.play("shuffle")
        self.layout_key = ()
        self.sync(animate=False)

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.handle(event)
            self._update_buttons()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.keys.used = False
            if self.drag is None and self.press is None and self.group.handle_event(event):
                return
            if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
                self._mouse_down(event.pos)
            elif event.type == pygame.MOUSEMOTION:
                self._mouse_move(event.pos)
            elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
                self._mouse_up(event.pos)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        lay = self.lay
        if lay is None:
            return
        sprite = self.board.at(pos, "hand")
        if sprite is not None and self.viewer() is not None:
            self.press = Press(pos, sprite, "hand")
            return
        sprite = self.board.at(pos, "meld:")
        if sprite is not None and self.my_turn():
            index = int(sprite.spec.zone.split(":")[1])
            ops = self.ctl.round.t.ops
            # a combination laid this turn comes back whole; another gives back only the last
            # addition or swap made to it (an undo)
            if index in self.ctl.round.staged or (ops and ops[-1][1] == index):
                self.press = Press(pos, sprite, sprite.spec.zone)
                return
        if not self.my_turn():
            return
        if lay.first != lay.talaj and self.board.at(pos, "first") is not None \
                and not lay.talaj.collidepoint(pos):
            self.draw_from("first")
        elif lay.stock.collidepoint(pos):
            self.draw_from("stock")
        elif lay.talaj.collidepoint(pos):
            self.draw_from("top")

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.move(pos)
            return
        press = self.press
        if press is None or not moved_enough(press.pos, pos):
            return
        if press.zone == "hand":
            i = press.sprite.spec.ref
            held = [press.sprite]
            if i in self.selected and len(self.selected) > 1:
                held = [s for s in self.board.in_zone("hand") if s.spec.ref in self.selected]
            self.drag = Drag.start(held, press.pos, "hand")
        else:
            self.drag = Drag.start([press.sprite], press.pos, press.zone)
        self.painter.invalidate()
        # bring to front
        for s in self.drag.sprites:
            self.board.sprites.remove(s)
            self.board.sprites.append(s)
        self.press = None
        self.drag.move(pos)

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, drag = self.press, self.drag
        self.press = None
        if drag is None:
            if press is not None and press.zone == "hand":
                self.toggle_select(press.sprite.spec.ref)
            return
        self.drag = None
        self.painter.invalidate()
        if not self._drop(drag, pos):
            drag.snap_back(animation.slide_time(self.speed))

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> bool:
        """Turn a drop into candidate actions; return False to send the cards back."""
        lay = self.lay
        assert lay is not None
        if drag.source.startswith("meld:"):
            if pos[1] >= lay.prompt.y:
                drag.release()
                self.take_back(int(drag.source.split(":")[1]))
                return True
            return False
        v = self.viewer()
        if v is None:
            return False
        order = self.orders.get(v, [])
        refs = sorted(int(r) for r in drag.refs)  # type: ignore[call-overload]
        cards = [order[i] for i in refs if i < len(order)]
        if pos[1] >= lay.hand.y - lay.px(10):
            self._reorder_drop(v, refs, pos)
            return True
        if not self.my_turn():
            return False
        p = self.ctl.action_player(v)
        drag.release()
        if lay.talaj.inflate(lay.px(24), lay.px(24)).collidepoint(pos):
            if len(cards) != 1:
                self.refuse("card_not_in_hand")
                self.sync()
                return True
            self.discard(cards[0])
            return True
        place = self._meld_at(pos)
        if place is not None:
            index, k = place
            meld = self.ctl.round.melds[index].meld
            assert meld is not None
            candidates: list[Action] = []
            if len(cards) == 1 and k is not None and meld.cards[k].is_joker:
                swap = swap_candidate(p, index, meld, cards[0])
                if swap is not None:
                    candidates.append(swap)
            rect = next(pl.rect for pl in self.flow.places if pl.index == index)  # type: ignore
            at = "low" if pos[0] < rect.centerx else "high"
            candidates += add_candidates(p, index, meld, cards, at)
            self.attempt(*candidates)
            return True
        if lay.melds.collidepoint(pos) or (pos[1] < lay.prompt.y and pos[1] > lay.status.y):
            self.attempt(*lay_candidates(p, cards, self.ctl.rules.jokers_per_meld))
            return True
        return False

    def _meld_at(self, pos: tuple[int, int]) -> tuple[int, int | None] | None:
        """The combination under a point (engine index, card index or None)."""
        if self.flow is None:
            return None
        for place in reversed(self.flow.places):
            if place.rect.inflate(self.lay.px(12), self.lay.px(12)).collidepoint(pos):  # type: ignore
                for k in range(len(place.cards) - 1, -1, -1):
                    if place.cards[k].collidepoint(pos):
                        return place.index, k
                return place.index, None
        return None

    def _reorder_drop(self, seat: int, refs: list[int], pos: tuple[int, int]) -> None:
        lay = self.lay
        assert lay is not None
        order = self.orders.get(seat, [])
        rects = hand_rects(lay, len(order), self.breaks.get(seat, []))
        moving = [order[i] for i in refs]
        rest = [c for i, c in enumerate(order) if i not in set(refs)]
        rest_rects = [r for i, r in enumerate(rects) if i not in set(refs)]
        slot = sum(1 for r in rest_rects if r.centerx < pos[0])
        new = rest[:slot] + moving + rest[slot:]
        self.orders[seat] = new
        self.breaks[seat] = []
        self.selected = set(range(slot, slot + len(moving))) if len(moving) > 1 else set()
        self.cursor = slot
        self.sync()

    # ---- drawing (see rami_desktop.ui.table.painter) -----------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.on_resize(surface.get_size())
        self.painter.draw(surface)

    def prompt_text(self) -> tuple[str, bool]:
        """What the line above the hand says, and whether it is the player's call."""
        return self.painter.prompt_text()
