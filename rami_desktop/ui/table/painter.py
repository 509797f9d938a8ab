"""Drawing the table: a cached layer (felt, panels, resting cards, drawn again only when
something changes) under the moving cards, the hand and the overlays of the frame."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.ui import theme
from rami_desktop.ui.table import hud
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.widgets import _, is_rtl

if TYPE_CHECKING:
    from rami_desktop.ui.scenes.table import TableScene

log = logging.getLogger(__name__)


class TablePainter:
    """Draws a table scene (reads it, never changes the game)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.sc = scene  # short name for the many reads below
        self.layer: pygame.Surface | None = None
        self._fans: dict[tuple[Any, ...], pygame.Surface] = {}

    def invalidate(self) -> None:
        """Something at rest changed: draw the layer again at the next frame."""
        self.layer = None

    def warm_text(self) -> None:
        """Render once the texts that change during play (prompts, card counts), so that no
        frame in the middle of a deal waits for the font renderer."""
        lay = self.sc.lay
        if lay is None:
            return
        scratch = pygame.Surface(lay.size)
        try:
            for seat in range(self.sc.config.players):
                name = self.sc.ctl.name(seat)
                for text in (_("{name} is playing…").format(name=name),
                             _("{name}'s turn").format(name=name),
                             _("{name} went out!").format(name=name)):
                    hud.draw_prompt(scratch, lay, text, False)
                    hud.draw_prompt(scratch, lay, text, True)
            for text in (_("Your turn: draw from the stock or the talaj."),
                         _("Lay combinations if you can, then discard on the talaj.")):
                hud.draw_prompt(scratch, lay, text, True)
            for seat, box in lay.seats.items():
                base = self.seat_info(seat)
                for cards in range(0, 17):
                    for down in (False, True):
                        info = hud.SeatInfo(base.name, cards, base.score, down, base.dealer,
                                            base.active, base.bot, base.team)
                        hud.draw_seat(scratch, lay, box, info)
        except Exception:
            log.exception("text could not be prepared")

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole table."""
        sc = self.scene
        lay = sc.lay
        assert lay is not None
        if self.layer is None or self.layer.get_size() != surface.get_size():
            self.layer = self._build_layer(surface.get_size(), lay)
        surface.blit(self.layer, (0, 0))
        sc.board.draw(surface, sc.app.card_art, self._dynamic)
        sc.drawn_faces = [s.spec.code for s in sc.board.sprites]
        self._draw_overlays(surface, lay)
        sc.group.draw(surface)

    @staticmethod
    def _at_rest(sprite: Any) -> bool:
        """Sprites drawn into the cached layer: resting cards out of the hand."""
        return not sprite.moving and not sprite.held and sprite.spec.zone != "hand"

    @staticmethod
    def _at_rest_not_seat(sprite: Any) -> bool:
        return TablePainter._at_rest(sprite) and not sprite.spec.zone.startswith("seat:")

    def _draw_fans(self, layer: pygame.Surface) -> None:
        """The opponents' resting card backs, one cached picture per seat (not one blit a card)."""
        art = self.sc.app.card_art
        by_seat: dict[str, list[Any]] = {}
        for sprite in self.sc.board.sprites:
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
                back = art.back(rects[0].w) if art is not None else None
                for r in rects:
                    if back is not None:
                        fan.blit(back, (r.x - box.x, r.y - box.y))
                    else:
                        pygame.draw.rect(fan, (30, 50, 110), r.move(-box.x, -box.y))
                self._fans[key] = fan
            layer.blit(fan, box.topleft)

    def _dynamic(self, sprite: Any) -> bool:
        return not self._at_rest(sprite)

    def _build_layer(self, size: tuple[int, int], lay: TableLayout) -> pygame.Surface:
        """The felt, the panels and the resting cards, drawn once until something changes."""
        layer = pygame.Surface(size)
        layer.blit(theme.felt_background(size), (0, 0))
        self._draw_static(layer, lay)
        self._draw_fans(layer)
        self.sc.board.draw(layer, self.sc.app.card_art, self._at_rest_not_seat)
        self._draw_meld_marks(layer, lay)
        return layer

    def seat_info(self, seat: int) -> hud.SeatInfo:
        r = self.sc.ctl.round
        player = self.sc.ctl.player_of(seat)
        cards = 0 if player is None else len(r.hands[player])
        team = ""
        if self.sc.ctl.rules.teams:
            team = _("team {number}").format(number=seat % 2 + 1)
        return hud.SeatInfo(
            name=self.sc.ctl.name(seat), cards=cards, score=self.sc.ctl.match.scores[seat],
            down=player is not None and r.down[player],
            dealer=player is not None and r.dealer == player,
            active=not r.over and player == r.current, bot=self.sc.ctl.is_bot(seat), team=team)

    def _draw_static(self, surface: pygame.Surface, lay: TableLayout) -> None:
        r = self.sc.ctl.round
        for seat, box in lay.seats.items():
            hud.draw_seat(surface, lay, box, self.seat_info(seat))
        lines = [_("Round {number}").format(number=self.sc.ctl.match.round_number)]
        if self.sc.ctl.rules.lay_before_out:  # in simple there is no opening, so no bar
            lines.append(_("Bar to beat: {points}").format(points=r.required_points()))
        lines.append(_("Match to {target}").format(target=self.sc.ctl.rules.target))
        hud.draw_status(surface, lay, lines)
        hud.draw_slot(surface, lay.stock, lay)
        hud.draw_slot(surface, lay.talaj, lay)
        if r.stock:
            hud.draw_stock_depth(surface, lay.stock, len(r.stock), lay)
        hud.draw_pile_label(surface, lay, lay.stock,
                            _("Stock {count}").format(count=len(r.stock)))
        hud.draw_pile_label(surface, lay, lay.talaj, _("Talaj"))
        if self.sc.flow is not None:
            for owner, rect in self.sc.flow.labels:
                hud.draw_owner_label(surface, lay, rect, self.sc.ctl.name(owner))
            if not self.sc.flow.places and self.sc.my_turn():
                hud.draw_owner_label(surface, lay, lay.melds.inflate(0, -lay.melds.h + lay.px(30)),
                                     _("Drag cards here to lay a combination"))

    def _draw_meld_marks(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """Dashed outlines of staged combinations, their numbers, the first card's badge."""
        r = self.sc.ctl.round
        staged = set(r.staged) if not r.over else set()
        if self.sc.flow is not None:
            for number, place in enumerate(self.sc.flow.places, start=1):
                rect = place.rect
                if place.index in staged:
                    hud.draw_dashed_rect(surface, rect.inflate(lay.px(8), lay.px(8)),
                                         theme.BRASS_LIGHT, lay.px(6), max(1, lay.px(2)))
                corner = rect.topright if not is_rtl() else rect.topleft
                hud.draw_badge(surface, lay, (corner[0], corner[1]), str(number),
                               color=theme.ZELLIGE)
        if r.first_pos is not None and r.talaj:
            at = lay.first if lay.first != lay.talaj else lay.talaj
            hud.draw_badge(surface, lay, (at.x + lay.px(4), at.y + lay.px(4)), _("1st"))

    def _draw_overlays(self, surface: pygame.Surface, lay: TableLayout) -> None:
        r = self.sc.ctl.round
        v = self.sc.viewer()
        mine = self.sc.my_turn()
        if mine and not r.has_drawn:  # where to click now
            hud.draw_glow(surface, lay.stock, lay)
            if r.talaj:
                hud.draw_glow(surface, lay.talaj, lay)
        if v is not None:
            p = self.sc.ctl.player_of(v)
            hud.draw_me(surface, lay, self.sc.ctl.name(v), self.sc.ctl.match.scores[v],
                        p is not None and r.down[p])
            positions, hint_text = self.sc.hint()
            hand = {s.spec.ref: s for s in self.sc.board.in_zone("hand")}
            for i in positions:
                if i in hand and not hand[i].held:
                    hud.draw_glow(surface, hand[i].rect, lay)
            if hint_text:
                hud.draw_hint_text(surface, lay, hint_text)
            if self.sc.keys.used and self.sc.cursor in hand and mine:
                hud.draw_glow(surface, hand[self.sc.cursor].rect, lay, theme.ZELLIGE)
        counter = self.sc.ctl.opening_counter() if mine else None
        if counter is not None:
            hud.draw_counter(surface, lay, counter, lay.prompt.center)
        else:
            text, strong = self.prompt_text()
            hud.draw_prompt(surface, lay, text, strong)
        if self.sc.message_time > 0 and self.sc.message:
            hud.draw_message(surface, lay, self.sc.message, min(1.0, self.sc.message_time / 0.5))

    def prompt_text(self) -> tuple[str, bool]:
        """What the line above the hand says, and whether it is the player's call."""
        r = self.sc.ctl.round
        if r.over:
            if r.winner is None:
                return _("The stock ran out: no winner this round."), True
            winner = self.sc.ctl.seat_of(r.winner)
            return _("{name} went out!").format(name=self.sc.ctl.name(winner)), True
        seat = self.sc.ctl.current_seat
        if self.sc.my_turn():
            if not r.has_drawn:
                return _("Your turn: draw from the stock or the talaj."), True
            return _("Lay combinations if you can, then discard on the talaj."), True
        if self.sc.ctl.is_bot(seat):
            return _("{name} is playing…").format(name=self.sc.ctl.name(seat)), False
        return _("{name}'s turn").format(name=self.sc.ctl.name(seat)), False

