"""Following the game at the table: the "what happened" journal, the spread talaj, the cue
when the player's turn comes, the card just drawn, and "wait for me" after a bot's discard.

The table scene hands every list of engine events to :meth:`Follow.after`, runs
:meth:`Follow.update` each frame and offers it the input first (:meth:`Follow.handle_event`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.actions import Discarded, Drew, Event, RoundEnded
from rami_desktop.engine.cards import Card
from rami_desktop.engine.state import RoundState
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.journal import Journal
from rami_desktop.ui.table.panels import JournalPanel, TalajSpread

if TYPE_CHECKING:
    from rami_desktop.ui.scenes.table import TableScene

#: keys that open and close the journal and the spread talaj
JOURNAL_KEY = pygame.K_j
SPREAD_KEY = pygame.K_v


class Follow:
    """What helps a player follow the table (reads the game, never changes it)."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene
        self.journal = Journal()
        self.panel = JournalPanel()
        self.spread = TalajSpread()
        #: seconds left of the "your turn" highlight
        self.cue_time = 0.0
        #: the card the player on screen just drew (highlighted until the turn ends)
        self.fresh: Card | None = None
        #: waiting for a click or a key after a bot's discard ("wait for me")
        self.held = False
        self._was_mine = False
        self._replay()

    def _replay(self) -> None:
        """A resumed round: its journal told again by replaying the round's actions, through
        the engine, from the round's deal."""
        match = self.sc.ctl.match
        steps = match.logs[-1] if match.logs else []
        if not steps:
            return
        r = match.round
        state = RoundState.new(match.rules, len(match.seats), r.dealer, match.round_seed,
                               r.partners if any(p is not None for p in r.partners) else None)
        for action in steps:
            self.journal.record(state.apply(action), state, match.seat_of)

    # ---- engine events -----------------------------------------------------------------------

    def after(self, events: list[Event]) -> None:
        """Record a move's events; note the card drawn; hold after a bot's discard."""
        sc = self.sc
        ctl = sc.ctl
        self.journal.record(events, ctl.round, ctl.seat_of)
        viewer = sc.viewer()
        for e in events:
            seat = ctl.seat_of(e.player) if isinstance(e, Drew | Discarded) else None
            if isinstance(e, Drew) and seat == viewer and e.card is not None:
                self.fresh = e.card
            elif isinstance(e, Discarded) and seat == viewer:
                self.fresh = None
            elif isinstance(e, Discarded) and seat is not None and ctl.is_bot(seat):
                self._maybe_hold()
            elif isinstance(e, RoundEnded):
                self.fresh = None
                self.held = False

    def _maybe_hold(self) -> None:
        sc = self.sc
        if not sc.ctx.settings.get("wait_for_me") or sc.ctl.round_over:
            return
        if sc.viewer() is None and not sc.ctl.human_seats:
            return  # nobody to wait for (every seat a bot)
        if sc.ctl.human_to_play() is not None:
            return  # the player's own turn comes: nothing to wait for
        self.held = True

    def note_redeal(self, seat: int) -> None:
        """A bot asked for a new deal."""
        player = self.sc.ctl.player_of(seat)
        if player is not None:
            self.journal.note_redeal(seat, player)

    def new_round(self) -> None:
        """A new deal: an empty journal, nothing held."""
        self.journal.clear()
        self.fresh = None
        self.held = False
        self.spread.pinned = self.spread.shown = False

    # ---- per frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The turn cue and the spread talaj's hover delay."""
        sc = self.sc
        mine = sc.players_turn()
        if mine and not self._was_mine:
            self.cue_time = animation.TURN_CUE_TIME
            sc.ctx.play("turn")
        self._was_mine = mine
        if self.cue_time > 0:
            self.cue_time = max(0.0, self.cue_time - dt)
            if self.cue_time == 0:
                sc.painter.invalidate()
        spread = self.spread
        if spread.hovering and not spread.shown:
            spread.hover += dt
            if spread.hover >= animation.SPREAD_HOVER:
                self._show_spread(True)
        if not sc.ctl.round.talaj and spread.shown:
            self._show_spread(False)

    def _show_spread(self, on: bool) -> None:
        if self.spread.shown != on:
            self.spread.shown = on
            self.sc.painter.invalidate()

    def journal_texts(self) -> list[str]:
        """The journal's lines; the one player at the screen reads "You" for their moves (at a
        shared screen every player is named)."""
        ctl = self.sc.ctl
        humans = ctl.config.humans
        you = humans[0] if len(humans) == 1 else None
        return self.journal.texts(ctl.name, you)

    def fresh_position(self) -> int | None:
        """The hand position of the card just drawn (the last copy of it on screen)."""
        sc = self.sc
        v = sc.viewer()
        if self.fresh is None or v is None:
            return None
        order = sc.orders.get(v, [])
        for i in range(len(order) - 1, -1, -1):
            if order[i] == self.fresh:
                return i
        return None

    def busy(self) -> bool:
        """Whether something moves on its own (the frame must be drawn)."""
        return self.cue_time > 0 or (self.spread.hovering and not self.spread.shown)

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Input for the panels and "wait for me"; True when used up here."""
        sc = self.sc
        lay = sc.lay
        if lay is None:
            return False
        if self.held and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.held = False
            sc.bots.wait = 0.0
            sc.painter.invalidate()
            return not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if event.type == pygame.KEYDOWN and event.key in (JOURNAL_KEY, SPREAD_KEY):
            if event.key == JOURNAL_KEY:
                self.panel.open = not self.panel.open
            else:
                self.spread.pinned = not self.spread.shown
                self._show_spread(self.spread.pinned)
            sc.painter.invalidate()
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._click(event.pos)
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        if sc.drag is not None or sc.press is not None:
            self.spread.hovering = False
            return
        n = len(sc.ctl.round.talaj)
        over = lay.talaj.collidepoint(pos) or lay.first.collidepoint(pos)
        self.spread.hovering = over and n > 0
        if not over:
            self.spread.hover = 0.0
            if self.spread.shown and not self.spread.pinned \
                    and not self.spread.covers(lay, n, pos):
                self._show_spread(False)

    def _click(self, pos: tuple[int, int]) -> bool:
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        if self.panel.hit(lay, pos):
            self.panel.open = not self.panel.open
            sc.painter.invalidate()
            return True
        r = sc.ctl.round
        n = len(r.talaj)
        if self.spread.covers(lay, n, pos):
            index = self.spread.card_at(lay, n, pos)
            if index is not None and index == r.first_pos and index < n - 1 and sc.my_turn():
                sc.draw_from("first")  # the buried first card, taken from the spread
                self._show_spread(False)
                self.spread.pinned = False
            return True
        if self.panel.covers(lay, pos):
            return True
        on_talaj = lay.talaj.collidepoint(pos) or lay.first.collidepoint(pos)
        drawing = sc.my_turn() and not r.has_drawn
        if on_talaj and n and not drawing:
            self.spread.pinned = not self.spread.shown
            self._show_spread(self.spread.pinned)
            return True
        if self.spread.shown:
            self.spread.pinned = False
            self._show_spread(False)
        return False
