"""Drawing the table: a cached layer (felt, panels, resting cards, drawn again only when
something changes) under the moving cards, the hand and the overlays of the frame."""

from __future__ import annotations

import logging
import math
from dataclasses import replace
from typing import Any

import pygame

from rami_desktop.i18n import _, is_rtl
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.play.table.staging import added_this_turn
from rami_desktop.ui.kit import theme
from rami_desktop.ui.pieces.seat_row import LEVEL_LABELS
from rami_desktop.ui.table import hud
from rami_desktop.ui.table.hints import current_hint
from rami_desktop.ui.table.layout import TableLayout, index_rect
from rami_desktop.ui.table.parts import TableParts
from rami_desktop.ui.table.sprites import CardSprite
from rami_desktop.ui.words.round_result import seat_team_label, team_totals_line
from rami_desktop.ui.words.save_notice import paused_text

log = logging.getLogger(__name__)

#: the outline of the card just drawn
FRESH = (120, 210, 250)


def first_badge_center(lay: TableLayout) -> tuple[int, int]:
    """Where the "1st" badge goes: on the first card's top right, clear of its index (and
    of the index of the talaj card over it when it is buried)."""
    card = lay.first
    w, h = hud.badge_size(lay, _("1st"))
    left = max(card.right + lay.px(8) - w, index_rect(card).right + lay.px(3))
    return left + w // 2, card.y + h // 2 + lay.px(3)


def hand_strips(hand: dict[Any, CardSprite], positions: list[int]) -> list[pygame.Rect]:
    """The visible part of each hinted hand card (up to where the next card starts)."""
    strips = []
    for i in positions:
        sprite = hand.get(i)
        if sprite is None or sprite.held:
            continue
        rect = sprite.rect
        nxt = hand.get(i + 1)
        if nxt is not None and not nxt.held and rect.x < nxt.rect.x < rect.right:
            rect.w = nxt.rect.x - rect.x
        strips.append(rect)
    return strips


class TablePainter:
    """Draws a table screen from its parts (reads them, never changes the game)."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self._fans: dict[tuple[Any, ...], pygame.Surface] = {}
        #: where the hint line and the message were drawn last (None: not shown)
        self.hint_rect: pygame.Rect | None = None
        self.message_rect: pygame.Rect | None = None
        #: where "Drag cards here…" was drawn last (None: not shown)
        self.drop_rect: pygame.Rect | None = None
        #: what the last frame showed of each card: (zone, code shown), ``back`` for a back
        self.shown: list[tuple[str, str]] = []

    def invalidate(self) -> None:
        """Something at rest changed: draw the layer again at the next frame."""
        self.layer = None

    def warm_text(self, parts: TableParts) -> None:
        """Render once the texts that change during play (prompts, card counts), so that no
        frame in the middle of a deal waits for the font renderer."""
        lay = parts.view.lay
        if lay is None:
            return
        session = parts.session
        scratch = pygame.Surface(lay.size)
        for seat in range(session.config.players):
            name, gender = session.name(seat), session.gender(seat)
            for text in (_("{name} is playing…").format(name=name),
                         _("{name}'s turn").format(name=name),
                         gendered(gender, "{name} went out!").format(name=name)):
                hud.draw_prompt(scratch, lay, text, False)
                hud.draw_prompt(scratch, lay, text, True)
            if session.plays_here(seat):
                for text in (gendered(gender, "Your turn: draw from the stock or the talaj."),
                             gendered(gender, "Your turn: draw from the stock."),
                             gendered(gender, "Lay combinations if you can, then discard on "
                                              "the talaj."), _("You went out!")):
                    hud.draw_prompt(scratch, lay, text, True)
        for seat, box in lay.seats.items():
            base = self.seat_info(parts, seat)
            for cards in range(0, 17):
                for down in (False, True):
                    hud.draw_seat(scratch, lay, box, replace(base, cards=cards, down=down))

    def draw(self, surface: pygame.Surface, parts: TableParts) -> None:
        """Draw the whole table."""
        lay = parts.view.lay
        assert lay is not None
        if self.layer is None or self.layer.get_size() != surface.get_size():
            self.layer = self._build_layer(surface.get_size(), lay, parts)
        surface.blit(self.layer, (0, 0))
        parts.board.draw(surface, parts.art, self._dynamic)
        self.shown = [(s.spec.zone, s.shown_code()) for s in parts.board.sprites]
        self._draw_overlays(surface, lay, parts)
        parts.buttons.group.draw(surface)

    @staticmethod
    def _at_rest(sprite: Any) -> bool:
        """Sprites drawn into the cached layer: resting cards out of the hand."""
        return not sprite.moving and not sprite.held and not sprite.spec.zone.startswith("hand")

    @staticmethod
    def _at_rest_not_seat(sprite: Any) -> bool:
        return TablePainter._at_rest(sprite) and not sprite.spec.zone.startswith("seat:")

    def _draw_fans(self, layer: pygame.Surface, parts: TableParts) -> None:
        """The opponents' resting card backs, one cached picture per seat (not one blit a card)."""
        art = parts.art
        by_seat: dict[str, list[Any]] = {}
        for sprite in parts.board.sprites:
            if sprite.spec.zone.startswith("seat:"):
                by_seat.setdefault(sprite.spec.zone, []).append(sprite)
        for sprites in by_seat.values():
            resting = [sp for sp in sprites if self._at_rest(sp)]
            if not resting:
                continue
            rects = [sp.spec.rect for sp in resting]
            box = rects[0].unionall(rects[1:])
            key = (tuple((r.x - box.x, r.y - box.y) for r in rects), rects[0].w, id(art))
            fan = self._fans.get(key)
            if fan is None:
                if len(self._fans) > 200:
                    self._fans.clear()
                fan = pygame.Surface(box.size, pygame.SRCALPHA)
                back = art.back(rects[0].w)
                for r in rects:
                    fan.blit(back, (r.x - box.x, r.y - box.y))
                self._fans[key] = fan
            layer.blit(fan, box.topleft)

    def _dynamic(self, sprite: Any) -> bool:
        return not self._at_rest(sprite)

    def _build_layer(self, size: tuple[int, int], lay: TableLayout,
                     parts: TableParts) -> pygame.Surface:
        """The felt, the panels and the resting cards, drawn once until something changes."""
        layer = pygame.Surface(size)
        layer.blit(theme.felt_background(size), (0, 0))
        self._draw_static(layer, lay, parts)
        self._draw_fans(layer, parts)
        parts.board.draw(layer, parts.art, self._at_rest_not_seat)
        self._draw_meld_marks(layer, lay, parts)
        self._draw_panels(layer, lay, parts)
        return layer

    @staticmethod
    def _draw_panels(layer: pygame.Surface, lay: TableLayout, parts: TableParts) -> None:
        """The journal under the piles, and the spread talaj when shown (both at rest)."""
        follow = parts.follow
        follow.panel.draw(layer, lay, follow.journal_texts(parts.session))
        r = parts.session.shown.round
        if follow.spread.shown and r.talaj:
            follow.spread.draw(layer, lay, parts.art, [c.code for c in r.talaj], r.first_pos)

    @staticmethod
    def seat_info(parts: TableParts, seat: int) -> hud.SeatInfo:
        """What a seat's panel says."""
        session = parts.session
        r = session.shown.round
        player = session.player_of(seat)
        cards = 0 if player is None else len(r.hands[player])
        team = seat_team_label(session, seat, session.bottom_seat())
        level = session.level(seat)
        return hud.SeatInfo(
            name=session.name(seat), cards=cards, score=session.shown.match.scores[seat],
            down=player is not None and r.down[player],
            dealer=player is not None and r.dealer == player,
            active=not r.over and player == r.current, bot=session.is_bot(seat), team=team,
            level=_(LEVEL_LABELS.get(level, level)) if level else "", face=session.face(seat),
            gender=session.gender(seat))

    def _draw_static(self, surface: pygame.Surface, lay: TableLayout,
                     parts: TableParts) -> None:
        session = parts.session
        r = session.shown.round
        for seat, box in lay.seats.items():
            hud.draw_seat(surface, lay, box, self.seat_info(parts, seat))
        number = session.shown.match.round_number
        lines = [_("Round {number}").format(number=number) if r.over else
                 _("Round {number} · turn {turn}").format(number=number, turn=r.own_turn)]
        status = r.opening_status()
        if not status.lay_only_to_go_out:  # simple: no opening, so no bar
            lines.append(_("Opening: {points} or more").format(points=status.bar))
        lines.append(_("Match to {target}").format(target=session.rules.target))
        if (teams := team_totals_line(session)) is not None:
            lines.append(teams)
        hud.draw_status(surface, lay, lines)
        hud.draw_slot(surface, lay.stock, lay)
        hud.draw_slot(surface, lay.talaj, lay)
        if r.stock:
            hud.draw_stock_depth(surface, lay.stock, len(r.stock), lay)
        hud.draw_pile_label(surface, lay, lay.stock,
                            _("Stock {count}").format(count=len(r.stock)))
        hud.draw_pile_label(surface, lay, lay.talaj, _("Talaj"))
        flow = parts.view.flow
        if flow is not None:
            for _owner, rect in flow.groups:  # each player's part of the felt
                hud.draw_mat(surface, lay, rect)
            for owner, rect in flow.labels:
                if is_rtl():  # the name starts on the right: clear of the number badge there
                    rect = rect.inflate(-lay.px(28), 0).move(-lay.px(14), 0)
                # above the dashed frame of a combination laid this turn, not under it
                hud.draw_owner_label(surface, lay, rect.move(0, -lay.px(5)), session.name(owner),
                                     session.face(owner))
            self.drop_rect = None
            if not flow.places and parts.control.my_turn() and not parts.follow.spread.shown:
                self.drop_rect = hud.draw_owner_label(
                    surface, lay, lay.melds.inflate(0, -lay.melds.h + lay.px(30)),
                    self.drop_text(parts))

    @staticmethod
    def _draw_meld_marks(surface: pygame.Surface, lay: TableLayout, parts: TableParts) -> None:
        """Dashed outlines of what this turn laid (staged combinations, cards added to others),
        the talaj card taken this turn where it lies, the numbers, the first card's badge."""
        r = parts.session.shown.round
        staged = set(r.staged) if not r.over else set()
        added = {} if r.over else added_this_turn(r.turn_view(), r.melds)
        taken_at = None if r.over else r.turn_view().pickup_at()
        flow = parts.view.flow
        if flow is not None:
            for number, place in enumerate(flow.places, start=1):
                rect = place.rect
                dash = lay.px(6), max(1, lay.px(2))
                if place.index in staged:
                    hud.draw_dashed_rect(surface, rect.inflate(lay.px(8), lay.px(8)),
                                         theme.BRASS_LIGHT, *dash)
                new = [place.cards[k] for k in sorted(added.get(place.index, ()))
                       if k < len(place.cards)]
                if new:
                    hud.draw_dashed_rect(surface, new[0].unionall(new[1:]).inflate(
                        lay.px(6), lay.px(6)), theme.BRASS_LIGHT, *dash)
                meld = r.melds[place.index].meld
                if place.index == taken_at and meld is not None and r.pickup in meld.cards:
                    k = meld.cards.index(r.pickup)
                    hud.draw_glow(surface, place.cards[k], lay, FRESH)
                # top right in every language: the cards' indices are on their left
                hud.draw_badge(surface, lay, rect.topright, str(number), color=theme.ZELLIGE)
        if r.first_pos is not None and r.talaj:
            hud.draw_badge(surface, lay, first_badge_center(lay), _("1st"))

    def _draw_overlays(self, surface: pygame.Surface, lay: TableLayout,
                       parts: TableParts) -> None:
        session, model, control = parts.session, parts.model, parts.control
        r = session.shown.round
        v = control.seat()
        mine = control.my_turn()
        if mine and not r.has_drawn:  # where to click now
            hud.draw_glow(surface, lay.stock, lay)
            if session.talaj_open():
                hud.draw_glow(surface, lay.talaj, lay)
                if r.first_pos is not None:  # the badge stays over the glow, all of it readable
                    hud.draw_badge(surface, lay, first_badge_center(lay), _("1st"))
        hint_rect: pygame.Rect | None = None
        bottom = session.bottom_seat()
        if bottom is not None:
            p = session.player_of(bottom)
            hud.draw_me(surface, lay, session.name(bottom), session.shown.match.scores[bottom],
                        p is not None and r.down[p], p is not None and r.dealer == p,
                        session.face(bottom), session.gender(bottom))
        if v is not None:
            positions, hint_text = current_hint(session, model, mine, control.gate,
                                                control.advisor)
            hand = {s.spec.ref: s for s in parts.board.in_zone("hand")
                    if s.spec.zone == "hand"}
            hud.draw_hint_marks(surface, lay, hand_strips(hand, positions))
            fresh = session.hand_order(v).fresh
            if fresh in hand and not hand[fresh].held:
                hud.draw_glow(surface, hand[fresh].rect, lay, FRESH)
            if hint_text:
                flow = parts.view.flow
                f1 = parts.buttons.controls
                hint_rect = hud.draw_hint_text(surface, lay, hint_text,
                                               None if flow is None else flow.free.y,
                                               f1.rect if f1.visible else None)
            if model.keys_used and model.cursor in hand and mine:
                hud.draw_glow(surface, hand[model.cursor].rect, lay, theme.ZELLIGE)
        counter = control.counter() if mine else None
        if counter is not None:
            at = hud.draw_counter(surface, lay, counter, lay.prompt.center)
        else:
            text, strong = self.prompt_text(parts)
            at = hud.draw_prompt(surface, lay, text, strong)
        shown = parts.follow.cue_shown()
        if shown > 0:
            self._draw_cue(surface, lay, at, shown)
        self.hint_rect, self.message_rect = hint_rect, None
        if model.message_time > 0 and model.message:
            bottom_y = hint_rect.y - lay.px(4) if hint_rect is not None else None
            self.message_rect = hud.draw_message(surface, lay, model.message,
                                                 min(1.0, model.message_time / 0.5), bottom_y)

    @staticmethod
    def _draw_cue(surface: pygame.Surface, lay: TableLayout, at: pygame.Rect, t: float) -> None:
        """The "your turn" highlight: a brass ring around the prompt, glowing then fading."""
        k = min(1.0, t / 0.6) * (0.6 + 0.4 * abs(math.sin(t * 5.0)))
        ring = at.inflate(lay.px(26), lay.px(12))
        box = pygame.Surface(ring.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*theme.BRASS_LIGHT, int(230 * k)), box.get_rect(),
                         width=max(2, lay.px(3)), border_radius=ring.h // 2)
        surface.blit(box, ring)

    @staticmethod
    def drop_text(parts: TableParts) -> str:
        """The line over the empty felt: the keys' way for whoever last used a key (the table's
        keys are listed under F1), the click's way otherwise."""
        gender = parts.session.gender(parts.session.current_seat)
        if parts.model.keys_used:
            return gendered(gender, "Select cards with Space, then press M to lay them")
        return gendered(gender, "Select cards, then click here to lay them")

    @staticmethod
    def prompt_text(parts: TableParts) -> tuple[str, bool]:
        """What the line above the hand says, and whether it is the player's call (in the
        words for her or him: the player it addresses, or names)."""
        session = parts.session
        paused = session.save_problem
        if paused is not None:
            return paused_text(paused), False
        r = session.shown.round
        if r.over:
            if r.winner is None:
                return _("The stock ran out: no winner this round."), True
            winner = session.seat_of(r.winner)
            if winner == session.bottom_seat() and not session.shared_screen:
                return _("You went out!"), True  # the one player at the screen: "you"
            return gendered(session.gender(winner), "{name} went out!").format(
                name=session.name(winner)), True
        seat = session.current_seat
        if parts.follow.held:
            bottom = session.bottom_seat()
            return gendered(UNSAID if bottom is None else session.gender(bottom),
                            "Click or press a key to go on."), True
        if parts.control.players_turn():
            gender = session.gender(seat)
            if not r.has_drawn:
                if session.talaj_open():
                    return gendered(gender, "Your turn: draw from the stock or the talaj."), True
                return gendered(gender, "Your turn: draw from the stock."), True
            if not session.rules.lay_before_out:  # simple: no opening, lay to go out
                return gendered(gender, "Cards are laid only to go out: lay them all, or "
                                        "discard on the talaj."), True
            return gendered(gender, "Lay combinations if you can, then discard on the "
                                    "talaj."), True
        if session.is_bot(seat):
            return _("{name} is playing…").format(name=session.name(seat)), False
        return _("{name}'s turn").format(name=session.name(seat)), False
