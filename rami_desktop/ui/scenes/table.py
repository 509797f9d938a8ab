"""The card table: one game shown, played with the mouse or the keyboard, bots animated.

The game is the table's (:class:`rami_desktop.play.table.table.Table`, over the local session or a
joiner's remote one): who plays, who may see which hand, the hands' order, saving. The screen
shows only what the table shows (one seat's view): the view turns it into card sprites
that travel after each happening, the pointer and the keys become commands
(:class:`~rami_desktop.ui.table.control.TableControl`), the bots think on the session's worker
thread at the pace chosen, :mod:`~rami_desktop.ui.table.follow` helps follow the game and the
painter draws it all (again only when something changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop import i18n
from rami_desktop.engine.actions import Added, Discarded, Drew, Laid, Swapped
from rami_desktop.i18n import N_, _
from rami_desktop.play.table.advisor import Advisor
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.happening import Happening
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Reopenable, Scene
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.buttons import TableButtons
from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.follow import Follow
from rami_desktop.ui.table.gate import MoveGate
from rami_desktop.ui.table.keyboard import CURSOR_KEYS, HINTS, PAUSE, KeyboardControl
from rami_desktop.ui.table.painter import TablePainter
from rami_desktop.ui.table.parts import TableParts
from rami_desktop.ui.table.pointer import Pointer
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.table.table_model import TableModel
from rami_desktop.ui.table.table_view import TableView
from rami_desktop.ui.words.save_notice import ROUND_NOT_KEPT_TITLE, SaveNotice, round_not_kept_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the rounds a player sees "F1: controls" on the table (counted in the settings)
CONTROLS_HINT_ROUNDS = 3


class TableScene(Scene):
    """The table of one session.

    Args:
        ctx: the game context.
        session: the game to show.
        gate: a guide choosing which moves are played (the tutorial), else None.
    """

    def __init__(self, ctx: Context, session: TableGame, gate: MoveGate | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.gate = gate
        self.model = TableModel(hints_on=bool(ctx.settings.get("hints", True)))
        self.model.clock.pace = self.speed
        self._hints_setting = self.model.hints_on
        self.board = SpriteBoard()
        self.view = TableView()
        self.advisor = Advisor()
        self.control = TableControl(session, self.model, self.view, ctx.play, gate,
                                    self.advisor)
        self.buttons = TableButtons(self.control, self.toggle_hints, self.pause,
                                    self.last_round, self.open_controls)
        #: the round this table last counted among those showing "F1: controls"
        self._hint_round: int | None = None
        #: the summary of the round before, kept to be opened again (Last round)
        self.last_summary: Reopenable | None = None
        self._starter: int | None = None
        self.follow = Follow()
        self.follow.replay(session)
        self.pointer = Pointer()
        self.keys = KeyboardControl()
        self.painter = TablePainter()
        self.parts = TableParts(session, self.model, self.view, self.board, self.follow,
                                self.control, self.buttons, ctx.card_art)
        self.save_notice = SaveNotice(ctx)
        self._rounds_told = False
        self._privacy_for: int | None = None
        #: what the card pictures and the texts of play were last prepared for (:meth:`_warm`)
        self._warmed: tuple[object, ...] = ()

    # ---- scene lifecycle ---------------------------------------------------------------------

    def on_enter(self) -> None:
        self._count_hint_round()
        self.on_resize(self.ctx.size)
        self.board.settle()

    def on_exit(self) -> None:
        self.session.autosave()  # leaving the table (menu, quit): the latest state is the save
        self.session.close()
        self.advisor.close()

    def on_pause(self) -> None:
        # a screen over the table (pause, help, the summary): the hand turns face down at once
        self.model.covered = True
        self.sync(animate=False)

    def on_resume(self) -> None:
        self.model.covered = False
        # the settings may have changed meanwhile (hints, deck, language, speed)
        setting = bool(self.ctx.settings.get("hints", True))
        if setting != self._hints_setting:
            self._hints_setting = self.model.hints_on = setting
        self.model.clock.pace = self.speed
        self.parts = TableParts(self.session, self.model, self.view, self.board, self.follow,
                                self.control, self.buttons, self.ctx.card_art)
        self.on_resize(self.ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.view.invalidate()
        self.sync(animate=False)
        self._warm()

    def _warm(self) -> None:
        """Prepare the card pictures and the texts of play for the layout, the deck, the
        language and what the seats' panels say (names, scores): once for each, not again when
        a screen laid over the table closes on the same."""
        art, lay = self.ctx.card_art, self.view.lay
        said = [self.painter.seat_info(self.parts, seat) for seat in lay.seats] if lay else []
        warm = (lay, art, art.style, art.large_index, art.lang, i18n.generation(),
                [(info.name, info.score, info.team, info.level) for info in said])
        if warm == self._warmed:
            return
        self._warmed = warm
        self.view.warm_card_art(art)
        self.painter.warm_text(self.parts)

    # ---- showing the session -----------------------------------------------------------------

    @property
    def speed(self) -> str:
        """The animation speed setting."""
        return str(self.ctx.settings.get("animation_speed", "normal"))

    def sync(self, animate: bool = True, happening: Happening | None = None) -> None:
        """Give every card its place from the game (and the layout if needed)."""
        duration = animation.slide_time(self.speed) if animate else 0.0
        events = happening.events if happening is not None else ()
        if self.view.sync(self.board, self.session, self.model, self.ctx.size, duration, events):
            assert self.view.lay is not None
            self.buttons.place(self.view.lay)
        self._update_buttons()
        self.painter.invalidate()

    def show(self, happening: Happening) -> None:
        """Sounds, journal and sprites for one happening of the session."""
        if happening.kind == "deal":
            self._count_hint_round()
            self.model.clear()
            self.model.clock.dealt()
            self._privacy_for = None
            self.follow.after(happening, self.session, self._wait_for_me)  # a return: its story
            self.ctx.play("shuffle")
            self.view.invalidate()
            self.sync(animate=False)
            return
        if happening.kind == "redeal":
            self.model.clear()
            self.follow.after(happening, self.session, self._wait_for_me)
            if happening.by_bot and happening.seat is not None:
                self.model.say(_("{name} asked for a new deal.").format(
                    name=self.session.name(happening.seat)))
            self.ctx.play("shuffle")
            self.sync(animate=False)
            return
        for e in happening.events:
            if isinstance(e, Drew):
                self.ctx.play("draw")
            elif isinstance(e, Laid | Added | Swapped):
                self.ctx.play("lay")
            elif isinstance(e, Discarded):
                self.ctx.play("discard")
        self.follow.after(happening, self.session, self._wait_for_me)
        if not happening.by_bot:
            self.model.clear()
        self.model.shorten_message()
        self.sync(happening=happening)
        if self.session.round_over and not self._moment_due():
            winner = self.session.shown.round.winner
            if winner is not None and not self.session.is_bot(self.session.seat_of(winner)):
                self.ctx.play("win")  # without the winner's moment (animations off): at once
        self.model.clock.moved(self.session.round_over)

    @property
    def _wait_for_me(self) -> bool:
        return bool(self.ctx.settings.get("wait_for_me"))

    def _drain(self) -> None:
        for happening in self.session.take_happenings():
            self.show(happening)
        if self.control.changed:
            self.control.changed = False
            self.sync()

    def _tell_rounds_problem(self) -> None:
        """Say once that a finished round could not be kept (Past rounds, statistics)."""
        problem = self.session.rounds_problem
        if problem is None or self._rounds_told:
            return
        self._rounds_told = True
        self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, ROUND_NOT_KEPT_TITLE,
                                           lambda: round_not_kept_text(problem)))

    # ---- commands of the screen itself ---------------------------------------------------------

    def toggle_hints(self) -> None:
        """Show or hide the hint; the choice is kept in the settings (Continue, the next game)."""
        self.model.hints_on = self._hints_setting = not self.model.hints_on
        self.ctx.update_setting("hints", self.model.hints_on)
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.buttons.update(self.control, self._last_number(), self._controls_hint())

    def _controls_hint(self) -> bool:
        """Whether the table shows its "F1: controls" button: in the first rounds played at
        this screen, not in a lesson (the coach shows the way), never over an open panel."""
        rounds = self.ctx.settings.get("controls_hint_rounds", 0)
        follow = self.follow
        return (self.gate is None and isinstance(rounds, int) and rounds <= CONTROLS_HINT_ROUNDS
                and bool(self.session.human_seats) and not follow.panel.open
                and not follow.spread.shown)

    def _count_hint_round(self) -> None:
        """A round comes to this table: one more shown with "F1: controls" (kept)."""
        number = self.session.shown.match.round_number
        rounds = self.ctx.settings.get("controls_hint_rounds", 0)
        if self.gate is not None or number == self._hint_round or not isinstance(rounds, int) \
                or rounds > CONTROLS_HINT_ROUNDS or not self.session.human_seats:
            return
        self._hint_round = number
        self.ctx.update_setting("controls_hint_rounds", rounds + 1)

    def open_controls(self) -> None:
        """The controls' help (F1, ?, the button); the table's hint has done its work."""
        if self._controls_hint():
            self.ctx.update_setting("controls_hint_rounds", CONTROLS_HINT_ROUNDS + 1)
        self.ctx.stack.push(self.ctx.scene(Route.CONTROLS_HELP))

    def pause(self) -> None:
        """The pause overlay."""
        self.ctx.stack.push(self.ctx.scene(Route.PAUSE, self.session.rules))

    def reveal(self, seat: int) -> None:
        """The named player is at the screen: their hand shows."""
        self.session.reveal(seat)
        self._privacy_for = None
        self.model.clear()
        self.model.cursor = 0
        self.view.invalidate()
        self.sync(animate=False)

    # ---- per frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.board.update(dt):
            self.painter.invalidate()
        self.buttons.group.update(dt)
        if self.buttons.last_number and not self.last_round_open():  # the first move made
            self._update_buttons()
            self.painter.invalidate()
        self.model.tick(dt)
        self.model.clock.tick(dt)
        self.pointer.tick(dt)
        if self.session.save_problem is not None or self.session.rounds_problem is not None:
            self.session.autosave()  # tried again on its backoff: play goes on once kept
        self._tell_rounds_problem()
        if self.save_notice.check(self.session.save_problem):
            self.buttons.update(self.control, self._last_number())
            self.painter.invalidate()
        self.control.poll()
        if self.advisor.take_news():  # a hint, a grouping or a laying was worked out
            self.painter.invalidate()
        self._drain()
        if self.session.round_over:
            self._update_round_end(dt)
            return
        self._check_privacy()
        if self.gate is None or self.gate.bots_may_play:
            self.session.ask_redeals()
            self._pace_bots(dt)
            self._drain()
        # in a lesson the coach shows the way: no ring, no sound
        mine = self.control.players_turn() and self.gate is None
        if self.follow.update(dt, mine, len(self.session.shown.round.talaj)):
            self.ctx.play("turn")
        if self.follow.changed:
            self.follow.changed = False
            self.painter.invalidate()

    def _pace_bots(self, dt: float) -> None:
        """Apply a bot's decision when ready; start the next one once the table has settled
        and the pause after the last move is over (the pace), unless "wait for me" holds."""
        session = self.session
        if session.poll():
            return
        if session.bot_to_play() is None:
            session.worker.cancel()
            return
        if session.thinking:
            return
        if self.model.clock.bot_may_start(self.board.settled, self.follow.held):
            session.think()

    def _check_privacy(self) -> None:
        seat = self.session.privacy_due()
        if seat is None or self._privacy_for == seat \
                or not self.model.clock.hand_over_due(self.board.settled):
            return
        self._privacy_for = seat
        self.ctx.stack.push(self.ctx.scene(Route.PRIVACY, self.session.name(seat),
                                           lambda s=seat: self.reveal(s),
                                           self.session.gender(seat)))

    def _update_round_end(self, dt: float) -> None:
        self.session.worker.cancel()
        number = self.session.shown.match.round_number
        if not self.model.clock.summary_due(number, self.board.settled):
            return
        if self.gate is not None:
            self.gate.round_ended()
            return
        summary = self.ctx.scene(Route.ROUND_SUMMARY, self.session, self.next_round)
        self.last_summary = summary if isinstance(summary, Reopenable) else None
        self.ctx.last_summary = self.last_summary  # the statistics open it again too
        winner = self.session.shown.round.winner
        if winner is None or not self._moment_due():
            self.ctx.stack.push(summary)
            return
        # the winner's moment first, then the summary
        seat = self.session.seat_of(winner)
        headline = getattr(summary, "headline", None)
        self.ctx.stack.push(self.ctx.scene(
            Route.WINNER_MOMENT, self.session.face(seat),
            headline if callable(headline) else self.session.name(seat),
            lambda: self.ctx.stack.push(summary)))

    def _moment_due(self) -> bool:
        """Whether a round won is celebrated (the winner's moment; not with animations off,
        nor in a lesson, whose summary follows its own way)."""
        return self.speed != "off" and self.gate is None

    def last_round_open(self) -> bool:
        """Whether the last round's summary may be opened again: a round was summed up and no
        human at this screen has moved in the new one yet (the bots before them may have)."""
        r = self.session.shown.round
        if self.last_summary is None or self._starter is None or r.over:
            return False
        session = self.session
        mine = [(p - self._starter) % r.n for p in range(r.n)
                if session.plays_here(session.seat_of(p))]
        first = min(mine, default=0)  # the round's turn of the first human to play
        return r.turn < first or (r.turn == first and not r.has_drawn
                                  and r.actions_this_turn == 0)

    def _last_number(self) -> int:
        """The number of the round whose summary may be opened again (0: none now)."""
        return self.session.shown.match.round_number - 1 if self.last_round_open() else 0

    def last_round(self) -> None:
        """Last round: its summary and review again, over the new round's table."""
        if self.last_summary is not None and self.last_round_open():
            self.ctx.stack.push(self.last_summary.again(N_("Back to the table")))

    def next_round(self) -> None:
        """Deal the next round (called by the round summary) or show the match's end."""
        if self.session.match_over:
            self.ctx.stack.clear_to(self.ctx.scene(Route.MATCH_END, self.session))
            return
        self.session.next_round()
        self._starter = self.session.shown.round.current  # who plays the new round first
        self._drain()

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.follow.handle_event(event, self.view.lay, self.control):
            self._drain()
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F1
                                             or getattr(event, "unicode", "") == "?"):
            self.open_controls()
            return
        if event.type == pygame.KEYDOWN:
            by_pointer = not self.model.keys_used
            asked = self.keys.handle(event, self.control)
            if asked == PAUSE:
                self.pause()
            elif asked == HINTS:
                self.toggle_hints()
            # the cursor's ring is drawn over the layer; the felt's line follows the last input
            if event.key not in CURSOR_KEYS or by_pointer:
                self.painter.invalidate()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.model.keys_used:  # the felt's line goes back to the click's way
                self.model.keys_used = False
                self.painter.invalidate()
            held = self.model.drag is not None or self.model.press is not None
            if held or not self.buttons.group.handle_event(event):
                self.pointer.handle(event, self.control, self.board,
                                    animation.slide_time(self.speed))
                if self.model.drag is not None:
                    self.painter.invalidate()
        self._drain()
        self._update_buttons()

    # ---- drawing -----------------------------------------------------------------------------

    def needs_redraw(self) -> bool:
        """At rest (a human's turn, nothing moving) the table is not drawn again; a message is
        drawn until a frame is drawn without it (not left at its last faint step)."""
        return (self.painter.layer is None or not self.board.settled
                or self.model.drag is not None or self.model.message_time > 0
                or self.painter.message_rect is not None or self.follow.busy())

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.view.lay
        if lay is None or lay.size != surface.get_size():
            self.on_resize(surface.get_size())
        self.painter.draw(surface, self.parts)

    def prompt_text(self) -> tuple[str, bool]:
        """What the line above the hand says, and whether it is the player's call."""
        return self.painter.prompt_text(self.parts)
