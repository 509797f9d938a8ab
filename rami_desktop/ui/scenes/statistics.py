"""The statistics screen: a player to choose (each human has their own statistics), one
column per preset, a Reset button with a confirmation."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, is_rtl, ngettext
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.play.view.terms import PRESET_NAMES, PRESETS
from rami_desktop.storage import stats as stats_store
from rami_desktop.storage.stats import EARLIER, PlayerStats, PresetStats, Stats
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import (
    Button,
    Choice,
    Panel,
    common_size,
    fit_block,
    fit_text,
    render_text,
)
from rami_desktop.ui.words.problems_text import problem_text

if TYPE_CHECKING:
    from rami_desktop.storage.paths import Paths
    from rami_desktop.ui.stage.scene import Context

log = logging.getLogger(__name__)

#: Shown for a record not set yet (no win, no opening).
NONE_YET = "\u2014"


def _count(value: int) -> str:
    return str(value)


def _won(won: int, played: int) -> str:
    if not played:
        return str(won)
    return _("{won} ({percent}%)").format(won=won, percent=round(100 * won / played))


def _points(value: int | None) -> str:
    if value is None:
        return NONE_YET
    return ngettext("{points} point", "{points} points", value).format(points=value)


def _turns(value: int | None) -> str:
    if value is None:
        return NONE_YET
    return ngettext("{turns} turn", "{turns} turns", value).format(turns=value)


def _rounds(value: int | None) -> str:
    if value is None:
        return NONE_YET
    return ngettext("{rounds} round", "{rounds} rounds", value).format(rounds=value)


BEST_OPENING = N_("Best opening")

#: The rows of the table: a label (message id) and how to show a preset's value.
ROWS: tuple[tuple[str, Callable[[PresetStats], str]], ...] = (
    (N_("Matches played"), lambda s: _count(s.matches_played)),
    (N_("Matches won"), lambda s: _won(s.matches_won, s.matches_played)),
    (N_("Rounds played"), lambda s: _count(s.rounds_played)),
    (N_("Rounds won"), lambda s: _won(s.rounds_won, s.rounds_played)),
    (BEST_OPENING, lambda s: _points(s.best_opening)),
    (N_("Fastest round won"), lambda s: _turns(s.fastest_round_win)),
    (N_("Shortest match won"), lambda s: _rounds(s.shortest_match_win)),
)


def has_opening(preset: str) -> bool:
    """Whether a preset has an opening (Simple lays cards only to go out: no best opening)."""
    rules = PRESETS.get(preset)
    return rules is None or rules.lay_before_out


def player_label(name: str) -> str:
    """How a player of the statistics is named (the games of before names were kept)."""
    return _("Earlier games") if name == EARLIER else name


def storage_paths(ctx: Context) -> Paths:
    """The game's storage paths, or those of the environment when the game has none."""
    paths = ctx.paths
    if paths is not None:
        return paths
    from rami_desktop.storage.paths import default_paths

    return default_paths()


class StatisticsScene(WidgetScene):
    """A player's matches and rounds played and won, best opening and fastest wins, for every
    preset; the player is chosen at the top (the last setup's first human first)."""

    def __init__(self, ctx: Context) -> None:
        self.paths = storage_paths(ctx)
        self.stats = Stats()
        self.problem: str | None = None
        self.player = ""
        self.table = pygame.Rect(0, 0, 0, 0)
        self.reload()
        self.player = self._first_player(ctx.settings)
        super().__init__(ctx)

    def _first_player(self, settings: dict[str, object]) -> str:
        """The player shown first: the last setup's first human if they have statistics, else
        the one who played most."""
        names = self.stats.names()
        setup = settings.get("last_setup")
        seats = setup.get("seats") if isinstance(setup, dict) else None
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, list) and len(seat) >= 2 and seat[1] == "human" \
                    and seat[0] in names:
                return str(seat[0])
        return names[0] if names else ""

    # ------------------------------------------------------------------------------ data
    def reload(self) -> None:
        """Read the statistics file again (never raises: a problem is shown under the table)."""
        try:
            self.stats, self.problem = stats_store.load_stats(self.paths)
        except Exception:  # boundary: file loading (a bug must not close the screen)
            log.exception("statistics could not be loaded")
            self.stats, self.problem = Stats(), "unreadable"

    def shown(self) -> PlayerStats:
        """The statistics of the player shown."""
        return self.stats.for_player(self.player)

    def presets(self) -> list[str]:
        """The presets shown: the four built-in ones."""
        return list(PRESET_NAMES)

    def cell(self, row: int, preset: str) -> str:
        """The text of one cell (row index into :data:`ROWS`); Simple has no best opening."""
        if ROWS[row][0] == BEST_OPENING and not has_opening(preset):
            return ""
        return ROWS[row][1](self.shown().for_preset(preset))

    @property
    def empty(self) -> bool:
        """Whether nothing has been played yet (by anyone)."""
        return not any(s.rounds_played or s.matches_played
                       for p in self.stats.players.values() for s in p.presets.values())

    def choose_player(self, name: str) -> None:
        """Show another player's statistics."""
        self.player = name

    # ------------------------------------------------------------------------------ widgets
    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Statistics")))
        names = self.stats.names() or [self.player]
        options: list[tuple[str, Callable[[], str]]] = [
            (n, functools.partial(player_label, n)) for n in names]
        self.player_choice = self.group.add(Choice(N_("Player"), options, self.player,
                                                   self.choose_player, control_width=320))
        self.player_choice.visible = len(names) > 1
        self.reset_button = self.group.add(Button(N_("Reset"), self.ask_reset))
        self.last_round = self.group.add(Button(N_("Last round"), self.open_last_round))
        self.last_round.visible = self.ctx.last_summary is not None
        self.rounds_button = self.group.add(Button(N_("Past rounds"), self.past_rounds))
        self.back_button = self.group.add(Button(N_("Back"), self.back, style="primary"))
        self.group.focused = self.back_button
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.reset_button.enabled = not self.empty

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        pw = min(theme.px(1100, s), int(w * 0.94))
        pad = theme.px(26, s)
        bh = theme.px(52, s)
        table_h = theme.px(50 + 52 * len(ROWS) + 44, s)  # header, rows, the note line
        choice_h = theme.px(52, s) if self.player_choice.visible else 0
        ph = self.panel.title_height() + pad // 2 + choice_h + table_h + pad + bh + pad
        ph = min(ph, int(h * 0.94))
        self.panel.rect = pygame.Rect(0, 0, pw, ph)
        self.panel.rect.center = (w // 2, h // 2)
        by = self.panel.rect.bottom - pad - bh
        gap = theme.px(20, s)
        row = [b for b in (self.last_round, self.reset_button, self.rounds_button,
                           self.back_button) if b.visible]
        bw = min(max(theme.px(200, s), *(b.natural_width() for b in row)),
                 (pw - 2 * pad - gap * (len(row) - 1)) // len(row))
        if is_rtl():
            row.reverse()
        x = self.panel.rect.centerx - (len(row) * bw + (len(row) - 1) * gap) // 2
        for button in row:
            button.rect = pygame.Rect(x, by, bw, bh)
            x += bw + gap
        top = self.panel.rect.y + self.panel.title_height() + pad // 2
        if self.player_choice.visible:
            cw = min(theme.px(620, s), pw - 2 * pad)
            self.player_choice.rect = pygame.Rect(self.panel.rect.centerx - cw // 2, top, cw,
                                                  theme.px(46, s))
            top += choice_h
        self.table = pygame.Rect(self.panel.rect.x + pad, top, pw - 2 * pad,
                                 by - pad - top)

    def past_rounds(self) -> None:
        """The kept rounds, each opening its replay."""
        self.ctx.stack.push(self.ctx.scene(Route.KEPT_ROUNDS))

    def open_last_round(self) -> None:
        """Last round: the summary and review of the last round played, again."""
        if self.ctx.last_summary is not None:
            self.ctx.stack.push(self.ctx.last_summary.again(N_("Back")))

    # ------------------------------------------------------------------------------ reset
    def ask_reset(self) -> None:
        """Ask before forgetting every preset's statistics."""
        self.ctx.stack.push(self.ctx.scene(Route.CONFIRM, N_("Reset statistics"),
            N_("Forget the statistics of every player and preset? This cannot be undone."),
            self.reset, confirm=N_("Reset")))

    def reset(self) -> None:
        """Forget the statistics (file and backup removed) and show the empty table."""
        try:
            self.stats, problem = stats_store.reset(self.paths)
        except Exception:  # boundary: file writing
            log.exception("statistics could not be reset")
            problem = "unwritable"
        self._sync_buttons()
        if problem:
            self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, N_("Reset statistics"),
                                              lambda: problem_text(problem, "stats")))
        self.problem = None

    def on_resume(self) -> None:
        self._sync_buttons()
        super().on_resume()

    # ------------------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_table(surface)

    def _columns(self) -> list[pygame.Rect]:
        """The rects of the label column then one per preset, in reading order."""
        presets = self.presets()
        t = self.table
        # the labels' column as wide as its longest label asks, between 30 % and 45 %
        widest = max(render_text(_(label), theme.px(theme.FONT_BODY, self.scale), theme.INK,
                                 bold=True).get_width() for label, _value in ROWS)
        label_w = max(int(t.w * 0.30), min(int(t.w * 0.45), widest + theme.px(16, self.scale)))
        col_w = (t.w - label_w) // max(1, len(presets))
        rects = [pygame.Rect(0, t.y, label_w, t.h)]
        rects += [pygame.Rect(0, t.y, col_w, t.h) for _p in presets]
        x = t.x
        order = list(reversed(rects)) if is_rtl() else rects
        for rect in order:
            rect.x = x
            x += rect.w
        return rects

    def _draw_table(self, surface: pygame.Surface) -> None:
        s = self.scale
        t = self.table
        presets = self.presets()
        cols = self._columns()
        line = max(1, theme.px(2, s))
        head_h = theme.px(50, s)
        note_h = theme.px(30, s)
        row_h = max(theme.px(28, s), min(theme.px(52, s),
                                         (t.h - head_h - note_h) // len(ROWS)))
        size = theme.px(theme.FONT_BODY, s)
        cell_pad = theme.px(8, s)
        # one size for the heads and one for the labels: the largest at which all fit
        heads = [preset_title(name) for name in presets]
        head_size = common_size(heads, theme.px(theme.FONT_SUBHEADING, s),
                                cols[-1].w - 2 * cell_pad, head_h, bold=True)
        label_size = common_size([_(label) for label, _value in ROWS], size,
                                 cols[0].w - 2 * cell_pad, row_h, bold=True)
        # header: the preset names
        for rect, title in zip(cols[1:], heads, strict=True):
            head = pygame.Rect(rect.x, t.y, rect.w, head_h)
            text = fit_block(title, head_size, theme.ACCENT_DARK, head.w - 2 * cell_pad,
                             head.h, bold=True)
            surface.blit(text, text.get_rect(center=head.center))
        y = t.y + head_h
        pygame.draw.line(surface, theme.CREAM_EDGE, (t.x, y), (t.right, y), line)
        for i, (label, _value) in enumerate(ROWS):
            band = pygame.Rect(t.x, y, t.w, row_h)
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.CREAM_DARK, band,
                                 border_radius=theme.px(6, s))
            label_rect = cols[0].copy()
            label_rect.y, label_rect.h = y, row_h
            text = fit_block(_(label), label_size, theme.INK, label_rect.w - 2 * cell_pad,
                             row_h, bold=True, align="start")
            inner = label_rect.inflate(-2 * cell_pad, 0)
            if is_rtl():
                surface.blit(text, text.get_rect(midright=inner.midright))
            else:
                surface.blit(text, text.get_rect(midleft=inner.midleft))
            for rect, name in zip(cols[1:], presets, strict=True):
                cell = pygame.Rect(rect.x, y, rect.w, row_h)
                text = fit_text(self.cell(i, name), size, theme.INK, cell.w - 2 * cell_pad)
                surface.blit(text, text.get_rect(center=cell.center))
            y += row_h
        note = self._note()
        if note:
            text = render_text(note, theme.px(theme.FONT_SMALL, s), theme.INK_SOFT,
                               max_width=t.w, align="center")
            surface.blit(text, text.get_rect(midtop=(t.centerx, y + theme.px(10, s))))

    def _note(self) -> str:
        """The line under the table: a storage problem, or a word when nothing is played yet."""
        if self.problem:
            return problem_text(self.problem, "stats")
        if self.empty:
            return _("Statistics will appear here after your first round.")
        return ""
