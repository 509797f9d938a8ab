"""The card table: one match, played with the mouse or the keyboard, bots animated.

The pieces live in :mod:`rami_desktop.ui.table`: the controller owns the engine match, the view
turns its state into card sprites that travel after each change, the pointer and the keyboard
build candidate actions, the bots think in a worker thread, :mod:`~rami_desktop.ui.table.follow`
helps follow the game and the painter draws it all (again only when something changed).
"""

from __future__ import annotations

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
from rami_desktop.i18n import N_
from rami_desktop.play.config import GameConfig
from rami_desktop.storage.saves import load_match
from rami_desktop.ui import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.save_notice import SaveNotice
from rami_desktop.ui.scene import Scene
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.bot_runner import TableBots
from rami_desktop.ui.table.controller import GameController
from rami_desktop.ui.table.drag import Drag, Press
from rami_desktop.ui.table.follow import Follow
from rami_desktop.ui.table.gate import MoveGate
from rami_desktop.ui.table.hints import compute_hint
from rami_desktop.ui.table.keyboard import KeyboardControl
from rami_desktop.ui.table.layout import MeldFlow, TableLayout
from rami_desktop.ui.table.painter import TablePainter
from rami_desktop.ui.table.pointer import Pointer
from rami_desktop.ui.table.refusal import refusal_text
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.table.staging import add_actions, lay_action, swap_action
from rami_desktop.ui.table.view import TableView
from rami_desktop.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from rami_desktop.ui.context import Context


class TableScene(Scene):
    """The table of one match.

    Args:
        ctx: the game context.
        config: the match (rules, seats, seed).
        controller: an existing controller (a resumed match); else a new match is dealt.
    """

    def __init__(self, ctx: Context, config: GameConfig,
                 controller: GameController | None = None) -> None:
        super().__init__(ctx)
        self.ctl = controller or GameController(config, paths=ctx.paths)
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
        self.hints_on = bool(ctx.settings.get("hints", True))
        self._hints_setting = self.hints_on
        self._hint_key: tuple[Any, ...] | None = None
        self._hint: tuple[list[int], str] = ([], "")
        self.message = ""
        self.message_time = 0.0
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.view = TableView(self)
        self.pointer = Pointer(self)
        self.keys = KeyboardControl(self, self.view)
        self.bots = TableBots(self)
        self.follow = Follow(self)
        self.end_wait: float | None = None
        self.summary_shown = -1
        self.privacy_for: int | None = None
        self.group = WidgetGroup()
        self._build_buttons()
        self.drawn_faces: list[str] = []  # the card faces drawn last frame (tests)
        self.painter = TablePainter(self)
        self.save_notice = SaveNotice(ctx)
        #: a guide (the tutorial) choosing which moves are played, else None
        self.gate: MoveGate | None = None

    # ---- construction ------------------------------------------------------------------------

    @classmethod
    def from_save(cls, ctx: Context) -> TableScene | None:
        """The saved match, resumed; None when there is none that can be used."""
        paths = ctx.paths
        if paths is None:
            return None

        def validate(data: dict[str, Any]) -> GameController:
            return GameController.from_payload(data, paths)

        ctl, _problem = load_match(paths, validate)
        if not isinstance(ctl, GameController):
            return None
        return cls(ctx, ctl.config, ctl)

    def _build_buttons(self) -> None:
        size = theme.FONT_SMALL
        self.b_suit = self.group.add(Button(N_("By suit"), self.view.sort_suit, size=size))
        self.b_rank = self.group.add(Button(N_("By rank"), self.view.sort_rank, size=size))
        self.b_group = self.group.add(Button(N_("Group"), self.view.group_hand, size=size))
        self.b_hint = self.group.add(Button(N_("Hint"), self.toggle_hints, style="tab",
                                            size=size))
        self.b_lay = self.group.add(Button(N_("Lay"), self.lay_selection, style="primary",
                                           size=size))
        self.b_menu = self.group.add(Button(N_("Menu"), self.pause, size=size))
        self.b_redeal = self.group.add(Button(N_("Redeal"), self.ask_redeal, size=size))
        self.tool_buttons = [self.b_suit, self.b_rank, self.b_group, self.b_hint]

    # ---- scene lifecycle ---------------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize(self.ctx.size)
        self.board.settle()

    def on_exit(self) -> None:
        self.bots.shutdown()
        self.ctl.autosave()  # leaving the table (menu, quit): the latest state is the save
        self.ctl.close()

    def on_resume(self) -> None:
        # the settings may have changed meanwhile (hints, deck, language, speed)
        setting = bool(self.ctx.settings.get("hints", True))
        if setting != self._hints_setting:
            self._hints_setting = self.hints_on = setting
        self.on_resize(self.ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout_key = ()
        self.sync(animate=False)
        self.view.warm_card_art()
        self.painter.warm_text()

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
        """Whether the hand on screen belongs to the player to play (and no card is held)."""
        return self.players_turn() and self.drag is None

    def players_turn(self) -> bool:
        """Whether it is the turn of the player whose hand is on screen (dragging or not)."""
        v = self.viewer()
        return v is not None and self.ctl.human_to_play() == v

    def rtl(self) -> bool:
        """Whether the arrows run backwards over the hand: never (cards read left to right)."""
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

    # ---- synchronising with the engine (see rami_desktop.ui.table.view) ----------------------

    def sync(self, animate: bool = True, events: list[Event] | None = None) -> None:
        """Rebuild every card's place from the engine state (and the layout if needed)."""
        self.view.sync(animate, events)

    def update_buttons(self) -> None:
        """Show, hide and enable the buttons for the moment of the game."""
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

    def refuse(self, code: str | None, action: Action | None = None) -> None:
        """An illegal move: an error sound and what is wrong with it, translated."""
        self.ctx.play("error")
        self.say(refusal_text(action, code or "invalid_meld", self.ctl.round))

    def attempt(self, *actions: Action) -> bool:
        """Try candidate actions in order through the engine; report a refusal."""
        if self.gate is not None:
            chosen = self.gate.choose(actions)
            if chosen is None:  # the gate says why
                self.ctx.play("error")
                self.sync()
                return False
            actions = (chosen,)
        events, code = self.ctl.try_apply(*actions)
        if events is None:
            self.refuse(code, actions[0] if actions else None)
            self.sync()
            return False
        self.after(events)
        return True

    def after(self, events: list[Event]) -> None:
        """Sounds, selection and sprites after the engine accepted a move."""
        for e in events:
            if isinstance(e, Drew):
                self.ctx.play("draw")
            elif isinstance(e, Laid | Added | Swapped):
                self.ctx.play("lay")
            elif isinstance(e, Discarded):
                self.ctx.play("discard")
        self.follow.after(events)
        self.selected.clear()
        self.message_time = min(self.message_time, 0.6) if self.message else 0.0
        self.sync(events=events)
        if self.ctl.round_over:
            if self.ctl.round.winner is not None and \
                    self.ctl.seat_of(self.ctl.round.winner) in self.ctl.human_seats:
                self.ctx.play("win")
            self.end_wait = animation.round_end_pause(self.speed)
        self.bots.wait = animation.bot_pause(self.speed)

    @property
    def speed(self) -> str:
        """The animation speed setting."""
        return str(self.ctx.settings.get("animation_speed", "normal"))

    def _player(self) -> int:
        v = self.viewer()
        assert v is not None
        return self.ctl.action_player(v)

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
        cards = self.view.selection_cards()
        if not cards:
            self.refuse("invalid_meld")
            return
        self.attempt(lay_action(self._player(), cards, self.ctl.rules))

    def add_to(self, number: int, at: str | None = None) -> None:
        """Add the selection (or the cursor card) to combination ``number`` (1-based)."""
        if not self.my_turn():
            return
        melds = self.view.visible_melds()
        if not 1 <= number <= len(melds):
            self.refuse("cannot_add")
            return
        cards = self.view.selection_cards() or ([c] if (c := self.view.cursor_card()) else [])
        if not cards:
            return
        index = melds[number - 1]
        meld = self.ctl.round.melds[index].meld
        assert meld is not None
        self.attempt(*add_actions(self._player(), index, meld, cards, at, self.ctl.rules))

    def swap_into(self, number: int) -> None:
        """Put the cursor (or the one selected) card in place of combination ``number``'s joker."""
        if not self.my_turn():
            return
        melds = self.view.visible_melds()
        cards = self.view.selection_cards() or ([c] if (c := self.view.cursor_card()) else [])
        if not 1 <= number <= len(melds) or len(cards) != 1:
            self.refuse("bad_swap")
            return
        self.attempt(swap_action(self._player(), melds[number - 1], cards[0]))

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
        sel = self.view.selection_cards()
        card = sel[0] if len(sel) == 1 else self.view.cursor_card()
        if card is not None:
            self.discard(card)

    def toggle_hints(self) -> None:
        """Show or hide the hint; the choice is kept in the settings (Continue, the next game)."""
        self.hints_on = self._hints_setting = not self.hints_on
        self.ctx.update_setting("hints", self.hints_on)
        self.update_buttons()

    def pause(self) -> None:
        """The pause overlay."""
        self.ctx.stack.push(self.ctx.scene(Route.PAUSE, self.ctl.rules))

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
        order = self.orders.get(v, [])
        key = (self.ctl.match.round_number, r.turn, tuple(order), r.has_drawn,
               r.turn_view().ops)
        if key == self._hint_key:
            return self._hint
        self._hint_key = key
        self._hint = compute_hint(order, r)
        return self._hint

    # ---- per frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.board.update(dt):
            self.painter.invalidate()
        self.group.update(dt)
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
        self.save_notice.check(self.ctl.save_problem)
        if self.ctl.round_over:
            self._update_round_end(dt)
            return
        self._check_privacy()
        self.bots.ask_redeals()
        if self.gate is None or self.gate.bots_may_play:
            self.bots.update(dt)
        self.follow.update(dt)

    def _check_privacy(self) -> None:
        if not self.ctl.pass_and_play:
            return
        seat = self.ctl.human_to_play()
        if seat is None or seat == self.revealed or self.privacy_for == seat:
            return
        if not self.board.settled:
            return
        self.privacy_for = seat
        self.ctx.stack.push(self.ctx.scene(Route.PRIVACY, self.ctl.name(seat),
                                         lambda s=seat: self.reveal(s)))

    def reveal(self, seat: int) -> None:
        """The named player is at the screen: show their hand."""
        self.revealed = seat
        self.privacy_for = None
        self.selected.clear()
        self.cursor = 0
        self.layout_key = ()
        self.sync(animate=False)

    def _update_round_end(self, dt: float) -> None:
        self.bots.cancel()
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
        if self.gate is not None:
            self.gate.round_ended()
            return
        self.ctx.stack.push(self.ctx.scene(Route.ROUND_SUMMARY, self.ctl, self.next_round))

    def next_round(self) -> None:
        """Deal the next round (called by the round summary) or show the match's end."""
        if self.ctl.match_over:
            self.ctx.stack.clear_to(self.ctx.scene(Route.MATCH_END, self.ctl))
            return
        self.ctl.next_round()
        self.follow.new_round()
        self.orders.clear()
        self.selected.clear()
        self.revealed = None if self.ctl.pass_and_play else self.revealed
        self.privacy_for = None
        self.ctx.play("shuffle")
        self.layout_key = ()
        self.sync(animate=False)

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.follow.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F1
                                             or getattr(event, "unicode", "") == "?"):
            self.ctx.stack.push(self.ctx.scene(Route.CONTROLS_HELP))
            return
        if event.type == pygame.KEYDOWN:
            self.keys.handle(event)
            self.update_buttons()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.keys.used = False
            if self.drag is None and self.press is None and self.group.handle_event(event):
                return
            self.pointer.handle(event)

    # ---- drawing (see rami_desktop.ui.table.painter) -----------------------------------------

    def needs_redraw(self) -> bool:
        """At rest (a human's turn, nothing moving) the table is not drawn again."""
        return (self.painter.layer is None or not self.board.settled or self.drag is not None
                or self.message_time > 0 or self.follow.busy())

    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.on_resize(surface.get_size())
        self.painter.draw(surface)

    def prompt_text(self) -> tuple[str, bool]:
        """What the line above the hand says, and whether it is the player's call."""
        return self.painter.prompt_text()
