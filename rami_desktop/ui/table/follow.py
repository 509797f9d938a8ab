"""Following the game at the table: the "what happened" journal, the spread talaj, the cue
when the player's turn comes, and "wait for me" after a bot's discard.

The table scene hands it every happening of the session (:meth:`Follow.after`), runs
:meth:`Follow.update` each frame and offers it the input first (:meth:`Follow.handle_event`);
each call is given the session it reads.
"""

from __future__ import annotations

import math

import pygame

from rami_desktop.engine.actions import Discarded, RoundEnded
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.happening import Happening
from rami_desktop.play.view.story import told_of
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.journal_panel import Journal
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.table.panels import JournalPanel, TalajSpread

#: steps a second of the "your turn" ring (drawn again only when its step changes: calm)
CUE_STEPS = 12

#: keys that open and close the journal and the spread talaj
JOURNAL_KEY = pygame.K_j
SPREAD_KEY = pygame.K_v


class Follow:
    """What helps a player follow the table (reads the game, never changes it)."""

    def __init__(self) -> None:
        self.journal = Journal()
        self.panel = JournalPanel()
        self.spread = TalajSpread()
        #: seconds left of the "your turn" highlight
        self.cue_time = 0.0
        #: the ring's step last drawn (it changes CUE_STEPS times a second)
        self._cue_drawn = -1
        #: waiting for a click or a key after a bot's discard ("wait for me")
        self.held = False
        #: something drawn at rest changed (the painter draws its layer again)
        self.changed = False
        self._was_mine = False

    def replay(self, session: TableGame) -> None:
        """A round taken up where it stands (a resumed match, a seat taken again on the
        network): its journal told again from the session's story of the round."""
        ace = session.rules.ace_value
        for told in session.story():
            self.journal.record(told, ace, session.seat_of)

    # ---- the session's happenings ------------------------------------------------------------

    def after(self, happening: Happening, session: TableGame, wait_for_me: bool) -> None:
        """Record a happening; hold after a bot's discard when asked to wait."""
        if happening.kind == "deal":
            self.new_round()
            self.replay(session)  # nothing yet after a deal; the round so far after a return
            return
        if happening.kind == "redeal":
            player = session.player_of(happening.seat) if happening.seat is not None else None
            if happening.seat is not None and player is not None:
                self.journal.note_redeal(happening.seat, player)
            return
        self.journal.record(told_of(happening.events, session.shown.round), session.rules.ace_value,
                            session.seat_of)
        for e in happening.events:
            if isinstance(e, Discarded) and happening.by_bot and wait_for_me:
                self._maybe_hold(session)
            elif isinstance(e, RoundEnded):
                self.held = False
        self.changed = True

    def _maybe_hold(self, session: TableGame) -> None:
        if session.round_over or not session.human_seats:
            return  # nobody to wait for
        if session.human_to_play() is not None:
            return  # a human's turn comes: nothing to wait for
        self.held = True

    def new_round(self) -> None:
        """A new deal: an empty journal, nothing held."""
        self.journal.clear()
        self.held = False
        self.spread.pinned = self.spread.shown = False
        self.changed = True

    # ---- per frame ---------------------------------------------------------------------------

    def update(self, dt: float, mine: bool, talaj_cards: int) -> bool:
        """The turn cue and the spread talaj's hover delay; return whether the player's turn
        just came (the cue's sound is due)."""
        began = mine and not self._was_mine
        if began:
            self.cue_time = animation.TURN_CUE_TIME
        self._was_mine = mine
        if self.cue_time > 0:
            self.cue_time = max(0.0, self.cue_time - dt)
            if self.cue_time == 0:
                self.changed = True
        spread = self.spread
        if spread.hovering and not spread.shown:
            spread.hover += dt
            if spread.hover >= animation.SPREAD_HOVER:
                self._show_spread(True)
        if not talaj_cards and spread.shown:
            self._show_spread(False)
        return began

    def _show_spread(self, on: bool) -> None:
        if self.spread.shown != on:
            self.spread.shown = on
            self.changed = True

    def journal_texts(self, session: TableGame) -> list[str]:
        """The journal's lines; the one player at the screen reads "You" for their moves (at a
        shared screen every player is named)."""
        humans = [s for s in range(session.config.players) if session.plays_here(s)]
        you = humans[0] if len(humans) == 1 else None
        return self.journal.texts(session.name, you, session.gender)

    def busy(self) -> bool:
        """Whether something moves on its own (the frame must be drawn)."""
        return self.cue_step() != self._cue_drawn or (self.spread.hovering
                                                       and not self.spread.shown)

    def cue_step(self) -> int:
        """The ring's step now (0: no ring)."""
        return math.ceil(self.cue_time * CUE_STEPS)

    def cue_shown(self) -> float:
        """The time the ring is drawn at (its step's), and note that it was drawn."""
        self._cue_drawn = self.cue_step()
        return self._cue_drawn / CUE_STEPS

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, lay: TableLayout | None,
                     control: TableControl) -> bool:
        """Input for the panels and "wait for me"; True when used up here."""
        if lay is None:
            return False
        if self.held and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.held = False
            control.model.clock.go_on()
            self.changed = True
            return not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if event.type == pygame.KEYDOWN and event.key in (JOURNAL_KEY, SPREAD_KEY):
            if event.key == JOURNAL_KEY:
                self.panel.open = not self.panel.open
            else:
                self.spread.pinned = not self.spread.shown
                self._show_spread(self.spread.pinned)
            self.changed = True
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos, lay, control)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self._click(event.pos, lay, control)
        return False

    def _hover(self, pos: tuple[int, int], lay: TableLayout, control: TableControl) -> None:
        model = control.model
        if model.drag is not None or model.press is not None:
            self.spread.hovering = False
            return
        n = len(control.session.shown.round.talaj)
        over = lay.talaj.collidepoint(pos) or lay.first.collidepoint(pos)
        # cards selected to discard there: the spread would only cover the table
        discarding = control.may_discard() and bool(model.selected)
        self.spread.hovering = over and n > 0 and not discarding
        if not over:
            self.spread.hover = 0.0
            if self.spread.shown and not self.spread.pinned \
                    and not self.spread.covers(lay, n, pos):
                self._show_spread(False)

    def _click(self, pos: tuple[int, int], lay: TableLayout, control: TableControl) -> bool:
        if self.panel.hit(lay, pos):
            self.panel.open = not self.panel.open
            self.changed = True
            return True
        r = control.session.shown.round
        n = len(r.talaj)
        if self.spread.covers(lay, n, pos):
            index = self.spread.card_at(lay, n, pos)
            if index is not None and index == r.first_pos and index < n - 1 \
                    and control.my_turn():
                control.draw_from("first")  # the buried first card, taken from the spread
                self._show_spread(False)
                self.spread.pinned = False
            return True
        if self.panel.covers(lay, pos):
            return True
        on_talaj = lay.talaj.collidepoint(pos) or lay.first.collidepoint(pos)
        if on_talaj and n and not control.talaj_plays():  # a draw or a discard is the pointer's
            self.spread.pinned = not self.spread.shown
            self._show_spread(self.spread.pinned)
            return True
        if self.spread.shown:
            self.spread.pinned = False
            self._show_spread(False)
        return False
