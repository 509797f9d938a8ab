"""A finished round played again face up: every hand around the table, the talaj, the stock,
the combinations laid, the cards a finding names marked; step back and forward, play and
pause at a speed, by keyboard (arrows, Space, Home, End, Esc) or by the buttons.

The round is a :class:`~rami_desktop.play.review.replay.Replay` (every state worked out by the
engine); this screen only draws the state it stands at. At rest it draws nothing; while it
plays it draws once a step, at its speed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import pygame

from rami_desktop.engine.actions import Drew, RoundEnded
from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, is_rtl
from rami_desktop.i18n.gender import gendered
from rami_desktop.play.game.config import round_default_name
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.table.hand_sort import sort_by_suit
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import bidi_format, embed
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.table.journal_panel import Entry, describe
from rami_desktop.ui.widgets import Button, fit_text, render_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the speeds, in moves a second
SPEEDS = (1.0, 2.0, 4.0, 8.0)
#: the narrowest a card may be shown over the one before it, as a share of its width (its
#: index corner stays whole)
MIN_STEP = 0.34


def _arrow(sign: str) -> Callable[[], str]:
    """A media button's sign, kept left to right (a right-to-left line would mirror it)."""
    return lambda: embed(sign)


class ReplayScene(WidgetScene):
    """The replay of a finished round (see the module's text).

    Args:
        ctx: the game context.
        replay: the round, standing where it opens (a finding's turn, or the deal).
    """

    def __init__(self, ctx: Context, replay: Replay) -> None:
        self.replay = replay
        self.playing = False
        self.speed = 0
        self._clock = 0.0
        self._moved = False
        #: where each face-up card was drawn last frame: (round player or -1 for the table,
        #: card code, rect) (tests, the fit check)
        self.card_rects: list[tuple[int, str, pygame.Rect]] = []
        self.seat_rects: list[pygame.Rect] = []
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.card_w = 0
        self.most = replay.most_cards
        super().__init__(ctx)

    def build(self) -> None:
        small = theme.FONT_SMALL
        self.leave = self.group.add(Button(lambda: _("Back"), self.back, size=small))
        self.first = self.group.add(Button(_arrow("|<"), self.to_start, size=small))
        self.previous = self.group.add(Button(_arrow("<"), self.step_back, size=small))
        self.play_button = self.group.add(Button(
            lambda: _("Pause") if self.playing else _("Play"), self.toggle_play,
            style="primary", size=small))
        self.following = self.group.add(Button(_arrow(">"), self.step_forward, size=small))
        self.last = self.group.add(Button(_arrow(">|"), self.to_end, size=small))
        self.speed_button = self.group.add(Button(
            lambda: bidi_format(_("Speed ×{factor}"), factor=int(SPEEDS[self.speed])),
            self.faster, size=small))
        self.group.focused = self.play_button

    # ---- moving --------------------------------------------------------------------------------

    def _moved_to(self, moved: bool) -> None:
        self._moved = self._moved or moved

    def step_forward(self) -> None:
        """One move on (a pause first)."""
        self.playing = False
        self._moved_to(self.replay.forward())

    def step_back(self) -> None:
        """One move back (a pause first)."""
        self.playing = False
        self._moved_to(self.replay.back())

    def to_start(self) -> None:
        """To the deal."""
        self.playing = False
        self._moved_to(self.replay.home())

    def to_end(self) -> None:
        """To the round's end."""
        self.playing = False
        self._moved_to(self.replay.end())

    def next_turn(self) -> None:
        """To the next turn's start."""
        self.playing = False
        self._moved_to(self.replay.next_turn())

    def previous_turn(self) -> None:
        """To this turn's start, or the one before."""
        self.playing = False
        self._moved_to(self.replay.previous_turn())

    def toggle_play(self) -> None:
        """Play (from the deal when at the end) or pause."""
        if not self.playing and self.replay.at_end:
            self.replay.home()
        self.playing = not self.playing
        self._clock = 0.0
        self._moved = True

    def faster(self) -> None:
        """The next speed (after the fastest, the slowest)."""
        self.speed = (self.speed + 1) % len(SPEEDS)

    # ---- events and time -----------------------------------------------------------------------

    KEYS: ClassVar[dict[int, str]] = {
        pygame.K_RIGHT: "step_forward", pygame.K_LEFT: "step_back",
        pygame.K_DOWN: "next_turn", pygame.K_UP: "previous_turn",
        pygame.K_HOME: "to_start", pygame.K_END: "to_end", pygame.K_SPACE: "toggle_play"}

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            getattr(self, self.KEYS[event.key])()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        self._clock += dt
        period = 1.0 / SPEEDS[self.speed]
        while self._clock >= period and self.playing:
            self._clock -= period
            self._moved_to(self.replay.forward())
            if self.replay.at_end:
                self.playing = False

    def needs_redraw(self) -> bool:
        """Drawn again only when the replay moved (at its speed while it plays)."""
        return super().needs_redraw() or self._moved

    # ---- layout --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        pad = theme.px(14, s)
        bh = theme.px(44, s)
        gap = theme.px(8, s)
        controls = [self.first, self.previous, self.play_button, self.following, self.last,
                    self.speed_button]
        widths = [max(b.natural_width(), theme.px(56, s)) for b in controls]
        widths[2] = max(self._label_w(_("Pause")), self._label_w(_("Play")))
        leave_w = self.leave.natural_width()
        y = h - pad - bh
        total = sum(widths) + gap * (len(widths) - 1)
        x = max(pad + leave_w + 2 * gap, (w - total) // 2)
        rects = []
        for bw in widths:
            rects.append(pygame.Rect(x, y, bw, bh))
            x += bw + gap
        for b, r in zip(controls, rects, strict=True):
            b.rect = r  # media controls read left to right in every language
        self.leave.rect = pygame.Rect(pad, y, leave_w, bh)
        if is_rtl():
            self.leave.rect.right = w - pad
            shift = w - pad - leave_w - 2 * gap - rects[-1].right
            if shift < 0:
                for b in controls:
                    b.rect.x += shift
        self.bar_h = self._line_h(theme.FONT_BODY, bold=True) + self._line_h(theme.FONT_SMALL)
        top = pad + self.bar_h + gap
        bottom = y - gap - self._line_h(theme.FONT_SMALL)
        self._layout_seats(pygame.Rect(pad, top, w - 2 * pad, bottom - top))

    def _label_w(self, text: str) -> int:
        """The width of a primary button showing ``text`` whole."""
        s = self.scale
        return render_text(text, theme.px(theme.FONT_SMALL, s), theme.INK,
                           bold=True).get_width() + 2 * theme.px(14, s)

    def _line_h(self, size: int, bold: bool = False) -> int:
        return fit_text(_("{name}'s turn {number}"), theme.px(size, self.scale), theme.INK,
                        10_000, bold=bold).get_height() + theme.px(4, self.scale)

    def _layout_seats(self, area: pygame.Rect) -> None:
        """The seats' boxes, half below the table and half above it (going round), and the
        table between them; the cards' width from the longest hand of the round."""
        n = self.replay.players
        below = math.ceil(n / 2)
        above = n - below
        cols = max(below, above, 1)
        name_h = self._line_h(theme.FONT_SMALL, bold=True)
        box_w = (area.w - theme.px(10, self.scale) * (cols - 1)) // cols
        by_width = box_w / (1 + MIN_STEP * (self.most - 1))
        by_height = (area.h * 0.26 - name_h) / 1.4
        self.card_w = int(max(24, min(theme.px(72, self.scale), by_width, by_height)))
        row_h = name_h + int(self.card_w * 1.4) + theme.px(4, self.scale)

        def row(count: int, y: int) -> list[pygame.Rect]:
            width = box_w * count + theme.px(10, self.scale) * (count - 1)
            x0 = area.centerx - width // 2
            return [pygame.Rect(x0 + k * (box_w + theme.px(10, self.scale)), y, box_w, row_h)
                    for k in range(count)]

        low = row(below, area.bottom - row_h)
        high = list(reversed(row(above, area.y))) if above else []
        if is_rtl():
            low.reverse()
            high.reverse()
        self.seat_rects = low + high
        self.table_rect = pygame.Rect(area.x, area.y + (row_h if above else 0), area.w,
                                      area.h - row_h * (2 if above else 1))

    # ---- drawing -------------------------------------------------------------------------------

    def name(self, player: int) -> str:
        """A round player's name (a seat without one gets its default name)."""
        name = self.replay.name(player)
        if name is not None:
            return name
        r = self.replay
        return round_default_name([(r.is_bot(k), r.name(k)) for k in range(r.players)],
                                  [r.seat_number(k) for k in range(r.players)], player)

    def title(self) -> str:
        """The screen's title."""
        if self.replay.number:
            return _("Replay of round {number}").format(number=self.replay.number)
        return _("Replay of the round")

    def counter(self) -> str:
        """Whose turn it is, counted in that player's own turns, and the move: at a move, the
        turn of the player who made it (a discard is still its player's turn, not the next
        one's)."""
        m = self.replay.moment
        turn_of = self.replay.moments[m.step - 1] if m.action is not None else m
        turn = bidi_format(_("{name}'s turn {number}"), number=turn_of.own_turn,
                           name=self.name(turn_of.player))
        move = bidi_format(_("move {step} of {steps}"), step=m.step, steps=self.replay.steps)
        return bidi_format(_("{turn} · {move}"), turn=turn, move=move)

    def last_move(self) -> str:
        """What the last move did, in words (the deal at the start)."""
        m = self.replay.moment
        if m.action is None:
            return _("The cards are dealt.")
        state = self.replay.state
        lines = []
        for e in m.events:
            seat = e.winner if isinstance(e, RoundEnded) else getattr(e, "player", None)
            index = getattr(e, "meld", None)
            meld = state.melds[index].meld if isinstance(index, int) and 0 <= index < len(
                state.melds) else None
            text = describe(Entry(e, seat, meld), self.name, gender=self.replay.gender)
            if text:
                lines.append(text)
        return " · ".join(lines)

    def draw(self, surface: pygame.Surface) -> None:
        self._moved = False
        self.draw_background(surface)
        s = self.scale
        w = surface.get_width()
        pad = theme.px(14, s)
        title = fit_text(self.title(), theme.px(theme.FONT_BODY, s), theme.CREAM, w - 2 * pad,
                         bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, pad)))
        counter = fit_text(self.counter(), theme.px(theme.FONT_SMALL, s), theme.BRASS_LIGHT,
                           w - 2 * pad, bold=True)
        surface.blit(counter, counter.get_rect(midtop=(w // 2, pad + title.get_height())))
        self.card_rects = []
        drawn = {e.card for e in self.replay.moment.events
                 if isinstance(e, Drew) and e.card is not None}
        for player, box in enumerate(self.seat_rects):
            self._draw_seat(surface, player, box, drawn)
        self._draw_table(surface)
        line = fit_text(self.last_move(), theme.px(theme.FONT_SMALL, s), theme.CREAM,
                        w - 2 * pad)
        surface.blit(line, line.get_rect(midbottom=(w // 2, self.leave.rect.y
                                                    - theme.px(6, s))))
        self.group.draw(surface)

    def _draw_seat(self, surface: pygame.Surface, player: int, box: pygame.Rect,
                   drawn: set[Card]) -> None:
        s = self.scale
        state = self.replay.state
        to_play = player == state.current and not state.over
        if to_play:
            pygame.draw.rect(surface, theme.BRASS, box.inflate(theme.px(6, s), theme.px(6, s)),
                             width=max(2, theme.px(3, s)), border_radius=theme.radius(s))
        name = self.name(player)
        opened = state.opening_points[player]
        if state.over and state.winner == player:
            name = bidi_format(gendered(self.replay.gender(player), "{name} went out!"),
                               name=name)
        elif opened is not None:
            name = bidi_format(_("{name} opened with {points}"), name=name, points=opened)
        label = fit_text(name, theme.px(theme.FONT_SMALL, s),
                         theme.BRASS_LIGHT if to_play else theme.CREAM, box.w, bold=True)
        at = box.x if not is_rtl() else box.right - label.get_width()
        surface.blit(label, (at, box.y))
        cards = sort_by_suit(state.hands[player])
        area = pygame.Rect(box.x, box.y + label.get_height() + theme.px(2, s), box.w,
                           int(self.card_w * 1.4))
        self._draw_cards(surface, player, cards, area, self.card_w, drawn)

    def _draw_cards(self, surface: pygame.Surface, owner: int, cards: list[Card],
                    area: pygame.Rect, cw: int, drawn: set[Card] | None = None) -> None:
        """A row of cards overlapping left to right (in every language), centred in
        ``area``; the marked ones outlined."""
        if not cards:
            return
        count = len(cards)
        step = cw + 2 if count == 1 else min(int(cw * 0.62), (area.w - cw) // (count - 1))
        width = step * (count - 1) + cw
        x0 = area.centerx - width // 2
        art = self.ctx.card_art
        for k, card in enumerate(cards):
            rect = pygame.Rect(x0 + k * step, area.y, cw, cw * 7 // 5)
            surface.blit(art.face(card.code, cw), rect)
            self.card_rects.append((owner, card.code, rect))
            self._mark(surface, card, rect, drawn, owner)

    def _mark(self, surface: pygame.Surface, card: Card, rect: pygame.Rect,
              drawn: set[Card] | None, owner: int | None = None, talaj: bool = False) -> None:
        """Frame a card a finding is about (only in its player's hand, or the card to take on
        top of the talaj), or a card just drawn."""
        thick = max(2, theme.px(3, self.scale))
        framed = (self.replay.marked(None, card) if talaj else
                  owner is not None and self.replay.marked(owner, card))
        if framed:
            pygame.draw.rect(surface, theme.ACCENT_LIGHT, rect.inflate(thick, thick),
                             width=thick, border_radius=theme.px(6, self.scale))
        elif drawn and card in drawn:
            pygame.draw.rect(surface, theme.ZELLIGE, rect.inflate(thick, thick), width=thick,
                             border_radius=theme.px(6, self.scale))

    def _draw_table(self, surface: pygame.Surface) -> None:
        """The stock and the talaj at the table's start, the combinations beside them."""
        s = self.scale
        state = self.replay.state
        area = self.table_rect.inflate(0, -theme.px(12, s))
        small = theme.px(theme.FONT_SMALL, s)
        pile_w = min(self.card_w, int(area.h * 0.5 / 1.4))
        counts = (bidi_format(_("Stock: {count}"), count=len(state.stock)),
                  bidi_format(_("Talaj: {count}"), count=len(state.talaj)))
        label_w = max(fit_text(t, small, theme.CREAM, 10_000).get_width() for t in counts)
        between = max(theme.px(16, s), label_w - pile_w + theme.px(10, s))
        overhang = max(0, (label_w - pile_w) // 2)  # a label wider than its pile
        piles = pygame.Rect(0, area.y, pile_w * 2 + between + 2 * overhang, area.h)
        if is_rtl():
            piles.right = area.right
        else:
            piles.x = area.x
        stock = pygame.Rect(piles.x + overhang, area.centery - pile_w * 7 // 10, pile_w,
                            pile_w * 7 // 5)
        talaj = stock.move(pile_w + between, 0)
        if is_rtl():
            stock, talaj = talaj, stock
        if state.stock:
            surface.blit(self.ctx.card_art.back(pile_w), stock)
        if state.top is not None:
            surface.blit(self.ctx.card_art.face(state.top.code, pile_w), talaj)
            self.card_rects.append((-1, state.top.code, talaj))
            self._mark(surface, state.top, talaj, None, talaj=True)
        for text, rect in zip(counts, (stock, talaj), strict=True):
            label = fit_text(text, small, theme.CREAM, pile_w + between - theme.px(4, s))
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
        melds = [m.meld.cards for m in state.melds if m.meld is not None]
        room = pygame.Rect(area.x, area.y, area.w - piles.w - theme.px(16, s), area.h)
        if not is_rtl():
            room.x = piles.right + theme.px(16, s)
        self._draw_melds(surface, melds, room)

    def _draw_melds(self, surface: pygame.Surface, melds: list[tuple[Card, ...]],
                    room: pygame.Rect) -> None:
        """The combinations in rows, each its cards overlapping; as large as they fit."""
        if not melds:
            return
        gap = theme.px(12, self.scale)
        cw = max(20, min(self.card_w, int(room.h / 1.4)))
        while True:
            step = max(int(cw * MIN_STEP) + 1, int(cw * 0.45))
            rows, x, used = 1, 0, 0
            for cards in melds:
                width = cw + step * (len(cards) - 1)
                if x and x + width > room.w:
                    rows += 1
                    x = 0
                x += width + gap
                used = max(used, x)
            height = rows * (cw * 7 // 5 + gap)
            if height <= room.h or cw <= 20:
                break
            cw -= 2
        y = room.y + max(0, (room.h - height) // 2)
        x = 0
        art = self.ctx.card_art
        for cards in melds:
            width = cw + step * (len(cards) - 1)
            if x and x + width > room.w:
                x = 0
                y += cw * 7 // 5 + gap
            left = room.x + x if not is_rtl() else room.right - x - width
            for k, card in enumerate(cards):
                rect = pygame.Rect(left + k * step, y, cw, cw * 7 // 5)
                surface.blit(art.face(card.code, cw), rect)
                self.card_rects.append((-1, card.code, rect))
                self._mark(surface, card, rect, None)
            x += width + gap


__all__ = ["SPEEDS", "ReplayScene"]
