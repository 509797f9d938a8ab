"""Game setup: the preset and every rule option, the seats, a deal code; Start makes a
:class:`~rami_desktop.ui.game_config.GameConfig` and hands it to :meth:`App.start_game`."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.engine.rules import (
    PRESET_NAMES,
    PRESETS,
    FirstCard,
    GoingOutPoints,
    MatchEnd,
    Penalty,
    Rules,
    Starter,
    TriaSwap,
)
from rami_desktop.ui import theme
from rami_desktop.ui.game_config import LEVELS, GameConfig, Seat
from rami_desktop.ui.scene import WidgetScene
from rami_desktop.ui.scenes.overlays import preset_title
from rami_desktop.ui.widgets import (
    N_,
    Button,
    Choice,
    Label,
    NumberStepper,
    Panel,
    ScrollArea,
    Separator,
    TextInput,
    Toggle,
    Widget,
    _,
    fit_text,
    is_rtl,
)

if TYPE_CHECKING:
    from rami_desktop.app import App

#: The options shown first; the others are under "All rules".
IMPORTANT: tuple[str, ...] = ("threshold", "target", "teams", "rami_sec", "jokers_per_meld")

#: The label of every rule option.
OPTION_LABELS: dict[str, str] = {
    "hand_size": N_("Cards dealt"),
    "starter": N_("Who starts"),
    "initial_discard": N_("A card turned up at the start"),
    "min_players": N_("Fewest players"),
    "max_players": N_("Most players"),
    "jokers_per_meld": N_("Jokers per combination"),
    "first_card": N_("The first discard"),
    "no_pickup_first_round": N_("No pickup in the first round"),
    "top_card_must_lay": N_("A card taken must be laid"),
    "last_card_lock": N_("No pickup with one card left"),
    "threshold": N_("Opening threshold"),
    "rising_bar": N_("Rising bar"),
    "need_tria_and_serie": N_("Opening needs a tria and a série"),
    "clean_own_cards": N_("Opening with one's own cards"),
    "going_out_points": N_("Points to open and go out"),
    "add_on_opening_turn": N_("Add on the opening turn"),
    "lay_before_out": N_("Lay before going out"),
    "tria_swap": N_("Taking a joker from a tria"),
    "swapped_joker_must_be_laid": N_("A joker taken back is laid"),
    "penalty": N_("Penalty"),
    "card_penalty": N_("Penalty per card"),
    "joker_penalty": N_("Penalty per joker"),
    "never_down_penalty": N_("Penalty if never down"),
    "joker_out_doubles": N_("Going out on a joker doubles"),
    "ace_value": N_("Value of an ace"),
    "rami_sec": N_("Rami sec"),
    "rami_sec_penalty": N_("Rami sec penalty"),
    "target": N_("Match target"),
    "match_end": N_("End of the match"),
    "teams": N_("Teams (2 against 2)"),
    "redeal": N_("Redeal a bad hand"),
}

#: The label of every value of the choice options.
ENUM_LABELS: dict[Enum, str] = {
    Starter.DEALER_DRAWS: N_("Dealer, with a draw"),
    Starter.NEXT_NO_DRAW: N_("Next player, +1 card"),
    Starter.DEALER_NO_DRAW: N_("Dealer, +1 card"),
    FirstCard.ANY_UNTIL_DEALER: N_("Anyone till the dealer"),
    FirstCard.NEXT_ONLY: N_("Next player only"),
    FirstCard.NONE: N_("Not special"),
    GoingOutPoints.BASE: N_("Base threshold"),
    GoingOutPoints.NONE: N_("No points"),
    GoingOutPoints.BAR: N_("The bar"),
    TriaSwap.ANY_MISSING_SUIT: N_("Any missing suit"),
    TriaSwap.COMPLETE_FOUR: N_("Only making four"),
    Penalty.PER_CARD: N_("Per card"),
    Penalty.HAND_VALUE: N_("Hand value"),
    MatchEnd.ELIMINATION: N_("Elimination"),
    MatchEnd.LOWEST_TOTAL: N_("Lowest total wins"),
}

#: (minimum, maximum, step, usual values or None) of the number options.
NUMBER_RANGES: dict[str, tuple[int, int, int, tuple[int, ...] | None]] = {
    "hand_size": (3, 15, 1, None),
    "min_players": (2, 6, 1, None),
    "max_players": (2, 6, 1, None),
    "jokers_per_meld": (1, 4, 1, None),
    "threshold": (0, 301, 10, None),
    "card_penalty": (0, 100, 5, None),
    "joker_penalty": (0, 200, 5, None),
    "never_down_penalty": (0, 500, 10, None),
    "ace_value": (0, 20, 1, None),
    "rami_sec_penalty": (0, 1000, 50, None),
    "target": (50, 5000, 50, (101, 151, 201, 251, 300, 400, 500, 750, 1000, 1500, 2000)),
}

LEVEL_LABELS: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
KIND_LABELS: dict[str, str] = {"human": N_("Human"), "bot": N_("Bot")}
MAX_SEATS = 6


def default_seats() -> list[Seat]:
    """One human against two hard bots (bots are named by their seat number)."""
    return [Seat(_("You"), "human", "hard"),
            Seat(_("Bot {number}").format(number=2), "bot", "hard"),
            Seat(_("Bot {number}").format(number=3), "bot", "hard")]


class SeatRow:
    """The widgets of one seat: name, human or bot, bot level."""

    def __init__(self, scene: SetupScene, index: int) -> None:
        self.index = index
        self.name = TextInput("", max_length=16, placeholder=N_("Name"))
        self.kind = Choice(None, [(k, v) for k, v in KIND_LABELS.items()], "bot",
                           lambda kind: self.kind_changed(scene, kind))
        self.level = Choice(None, [(k, v) for k, v in LEVEL_LABELS.items()], "hard")

    def default_name(self, kind: str) -> str:
        """The name a seat of a kind gets when the player typed none."""
        text = _("Player {number}") if kind == "human" else _("Bot {number}")
        return text.format(number=self.index + 1)

    def kind_changed(self, scene: SetupScene, kind: str) -> None:
        """Human or bot: an untouched default name follows the kind."""
        other = "bot" if kind == "human" else "human"
        if self.name.value.strip() in ("", self.default_name(other)):
            self.name.value = self.default_name(kind)
        scene.seats_changed()

    @property
    def widgets(self) -> list[Widget]:
        """In focus order."""
        return [self.name, self.kind, self.level]

    def set_visible(self, visible: bool) -> None:
        """Show or hide the row."""
        for w in self.widgets:
            w.visible = visible
        self.level.visible = visible and self.kind.value == "bot"

    def seat(self) -> Seat:
        """The seat described by the row (an empty name gets a default)."""
        name = self.name.value.strip() or self.default_name(self.kind.value)
        return Seat(name, self.kind.value, self.level.value)


class SetupScene(WidgetScene):
    """Choose the rules and the players of a new match."""

    def __init__(self, app: App, config: GameConfig | None = None) -> None:
        self.config = config
        self.rules: Rules = PRESETS["talaj"]
        self.seed: int | None = None
        self.show_all = True
        self.status: str = ""
        self.status_error = False
        self.rule_widgets: dict[str, Widget] = {}
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.badges: list[pygame.Rect] = []
        super().__init__(app)

    # ------------------------------------------------------------------------------ building
    def build(self) -> None:
        config = self.config or self._last_setup()
        g = self.group
        self.rules_panel = g.add(Panel(N_("Rules")))
        self.players_panel = g.add(Panel(N_("Players")))
        self.preset = g.add(Choice(N_("Game"), [(n, (lambda n=n: preset_title(n)))
                                                for n in PRESET_NAMES],
                                   "talaj", self.preset_changed))
        self.rules_area = g.add(ScrollArea())
        for f in fields(Rules):
            if f.name != "preset":
                self.rule_widgets[f.name] = self._rule_widget(f.name)
        self.all_toggle = Toggle(N_("All rules"), True, self.toggle_all)
        self.separator = Separator()
        self.players = g.add(NumberStepper(N_("Number of players"), 3, 2, 5,
                                           self.players_changed))
        self.seat_rows = [SeatRow(self, i) for i in range(MAX_SEATS)]
        for row in self.seat_rows:
            for w in row.widgets:
                g.add(w)
        self.deal_code = g.add(TextInput("", max_length=24, placeholder=N_("Deal code")))
        self.apply_code = g.add(Button(N_("Use code"), self.use_deal_code))
        self.back_button = g.add(Button(N_("Back"), self.back))
        self.start_button = g.add(Button(N_("Start"), self.start, style="primary"))
        self.heading = Label(N_("New game"), theme.FONT_HEADING, theme.CREAM, bold=True)
        self.hint = g.add(Label(self.hint_text, theme.FONT_SMALL, theme.INK_SOFT, wrap=True))
        self.load(config)
        g.focused = self.start_button

    def _last_setup(self) -> GameConfig:
        data = self.app.settings.get("last_setup")
        if isinstance(data, dict):
            try:
                config = GameConfig.from_dict(data)
                return GameConfig(config.rules, config.seats, None)
            except ValueError:
                pass
        return GameConfig(rules=PRESETS["talaj"], seats=tuple(default_seats()))

    def _rule_widget(self, name: str) -> Widget:
        label = OPTION_LABELS.get(name, name)
        default = getattr(Rules(), name)

        def changed(value: Any, name: str = name) -> None:
            self.option_changed(name, value)

        if isinstance(default, Enum):
            options = [(m, ENUM_LABELS.get(m, m.value)) for m in type(default)]
            return Choice(label, options, default, changed, control_width=260)
        if isinstance(default, bool):
            return Toggle(label, default, changed)
        lo, hi, step, values = NUMBER_RANGES.get(name, (0, 1000, 1, None))
        return NumberStepper(label, default, lo, hi, changed, step=step, values=values,
                             control_width=180)

    def load(self, config: GameConfig) -> None:
        """Show a configuration in the widgets."""
        self.rules = config.rules
        self.seed = config.seed
        self.preset.value = config.rules.preset
        self.sync_rule_widgets()
        n = max(self.rules.min_players, min(self.rules.max_players, len(config.seats)))
        for i, row in enumerate(self.seat_rows):
            seat = config.seats[i] if i < len(config.seats) else Seat(
                _("Bot {number}").format(number=i + 1), "bot", "hard")
            row.name.value = seat.name
            row.kind.value = seat.kind
            row.level.value = seat.level if seat.level in LEVELS else "hard"
        self.players.set_range(self.rules.min_players, self.rules.max_players)
        self.players.value = n
        self.seats_changed()

    def sync_rule_widgets(self) -> None:
        """Show the current rules in the option widgets."""
        for name, w in self.rule_widgets.items():
            w.value = getattr(self.rules, name)  # type: ignore[attr-defined]
        self._update_enabled()

    def _update_enabled(self) -> None:
        teams = self.rule_widgets["teams"]
        teams.enabled = self.players.value == 4 if hasattr(self, "players") else False

    def hint_text(self) -> str:
        """A line under the seats explaining what the choices mean."""
        if self.rules.teams and self.players.value == 4:
            return _("Partners sit opposite: seats 1 and 3 (A) against seats 2 and 4 (B).")
        humans = sum(1 for row in self.seat_rows[: self.players.value]
                     if row.kind.value == "human")
        if humans >= 2:
            return _("With two or more humans, the screen is passed between turns and every "
                     "hand stays hidden.")
        return _("Seats play in this order. Bots play at the level chosen for them.")

    # ------------------------------------------------------------------------------ changes
    def preset_changed(self, name: str) -> None:
        """A new preset resets every option to it and limits the players."""
        self.rules = PRESETS[name]
        self.seed = None
        self.sync_rule_widgets()
        self.players.set_range(self.rules.min_players, self.rules.max_players)
        self.seats_changed()
        self.set_status("")

    def option_changed(self, name: str, value: Any) -> None:
        """One rule option changed; contradictions are refused and shown."""
        try:
            self.rules = self.rules.with_options(
                **{name: value.value if isinstance(value, Enum) else value})
        except ValueError:
            self.rule_widgets[name].value = getattr(self.rules, name)  # type: ignore[attr-defined]
            self.set_status(N_("That value does not fit with the other rules."), error=True)
            return
        if name in ("min_players", "max_players"):
            self.players.set_range(self.rules.min_players, self.rules.max_players)
            self.seats_changed()
        self.set_status("")

    def players_changed(self, _value: int) -> None:
        """The number of seats changed."""
        self.seats_changed()

    def seats_changed(self) -> None:
        """Show the right seat rows; teams only with four players."""
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            row.set_visible(i < n)
        if n != 4 and self.rules.teams:
            self.rules = self.rules.with_options(teams=False)
            self.rule_widgets["teams"].value = False  # type: ignore[attr-defined]
        self._update_enabled()
        self._place_hint()
        if self.group.focused is not None and not self.group.focused.can_focus():
            self.group.focused = self.players

    def toggle_all(self, value: bool) -> None:
        """Show or hide the options beyond the important ones."""
        self.show_all = value
        self._layout_rules()
        if value:
            self.rules_area.ensure_visible(self.all_toggle)

    def set_status(self, message: str, error: bool = False) -> None:
        """Show a short message above the buttons (a message id, translated when drawn)."""
        self.status = message
        self.status_error = error

    def use_deal_code(self) -> None:
        """Load the seed and rules of a deal code."""
        code = self.deal_code.value.strip()
        if not code:
            self.set_status(N_("Type a deal code first."), error=True)
            return
        try:
            from rami_desktop.storage.deal_code import decode
        except ImportError:
            self.set_status(N_("Deal codes are not available yet."), error=True)
            return
        try:
            seed, rules = decode(code)
        except ValueError:
            self.set_status(N_("That deal code is not valid."), error=True)
            return
        self.rules = rules
        self.preset.value = rules.preset
        self.sync_rule_widgets()
        self.players.set_range(rules.min_players, rules.max_players)
        self.seats_changed()
        self.seed = seed
        self.set_status(N_("Deal code loaded: the same deal will be played."))

    # ------------------------------------------------------------------------------ result
    def game_config(self) -> GameConfig:
        """The match described by the screen."""
        seats = tuple(row.seat() for row in self.seat_rows[: self.players.value])
        rules = self.rules
        if rules.teams and len(seats) != 4:
            rules = rules.with_options(teams=False)
        return GameConfig(rules=rules, seats=seats, seed=self.seed)

    def start(self) -> None:
        """Start the match."""
        self.app.start_game(self.game_config())

    # ------------------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        margin = theme.px(28, s)
        gap = theme.px(20, s)
        self.title_rect = pygame.Rect(margin, theme.px(14, s), w - 2 * margin, theme.px(52, s))
        self.heading.rect = self.title_rect
        bar_h = theme.px(54, s)
        bar_y = h - margin - bar_h
        top = self.title_rect.bottom + theme.px(8, s)
        panel_h = bar_y - theme.px(40, s) - top
        left_w = int((w - 2 * margin - gap) * 0.54)
        right_w = w - 2 * margin - gap - left_w
        self.rules_panel.rect = pygame.Rect(margin, top, left_w, panel_h)
        self.players_panel.rect = pygame.Rect(margin + left_w + gap, top, right_w, panel_h)
        pad = theme.px(16, s)
        rh = theme.px(48, s)
        # rules: the preset, then the scrolling options
        rp = self.rules_panel.rect
        inner_x, inner_w = rp.x + pad, rp.w - 2 * pad
        y = rp.y + self.rules_panel.title_height() + theme.px(4, s)
        ring = theme.px(8, s)
        self.preset.rect = pygame.Rect(inner_x + ring, y, inner_w - theme.px(14, s) - 2 * ring,
                                       rh)
        y += rh + theme.px(4, s)
        self.rules_area.rect = pygame.Rect(inner_x, y, inner_w, rp.bottom - pad - y)
        self.rules_area.scale = s
        self._layout_rules()
        # players: the count, then one row per seat
        pp = self.players_panel.rect
        inner_x, inner_w = pp.x + pad, pp.w - 2 * pad
        y = pp.y + self.players_panel.title_height() + theme.px(4, s)
        self.players.rect = pygame.Rect(inner_x, y, inner_w, rh)
        y += rh + theme.px(10, s)
        badge = theme.px(34, s)
        row_h = min(theme.px(50, s), (pp.bottom - pad - y) // MAX_SEATS)
        fields_w = inner_w - badge - theme.px(6, s)
        name_w = int(fields_w * 0.38)
        kind_w = int(fields_w * 0.31)
        level_w = fields_w - name_w - kind_w
        self.badges = []
        for row in self.seat_rows:
            x = inner_x
            self.badges.append(pygame.Rect(x, y + (row_h - badge) // 2, badge, badge))
            x += badge + theme.px(6, s)
            row.name.rect = pygame.Rect(x, y, name_w, row_h)
            row.kind.rect = pygame.Rect(x + name_w, y, kind_w, row_h)
            row.level.rect = pygame.Rect(x + name_w + kind_w, y, level_w, row_h)
            y += row_h
        self._place_hint()
        # the bottom bar
        code_w = theme.px(230, s)
        grow = theme.px(8, s)
        self.deal_code.rect = pygame.Rect(margin - grow // 2, bar_y - grow // 2, code_w,
                                          bar_h + grow)
        self.apply_code.rect = pygame.Rect(self.deal_code.rect.right + theme.px(2, s), bar_y,
                                           theme.px(140, s), bar_h)
        start_w = theme.px(210, s)
        self.start_button.rect = pygame.Rect(w - margin - start_w, bar_y, start_w, bar_h)
        back_w = theme.px(150, s)
        self.back_button.rect = pygame.Rect(self.start_button.rect.x - gap - back_w, bar_y,
                                            back_w, bar_h)
        self.status_rect = pygame.Rect(margin, rp.bottom + theme.px(6, s), w - 2 * margin,
                                       bar_y - rp.bottom - theme.px(10, s))
        if is_rtl():
            mirrored: list[Widget] = [
                self.rules_panel, self.players_panel, self.preset, self.rules_area, self.players,
                self.deal_code, self.apply_code, self.back_button, self.start_button]
            mirrored += [x for r in self.seat_rows for x in r.widgets]
            for widget in mirrored:
                widget.rect.x = w - widget.rect.right
            for b in self.badges:
                b.x = w - b.right
            self._layout_rules()
            self._place_hint()

    def _place_hint(self) -> None:
        """Put the hint under the last seat shown."""
        if not self.badges:
            return
        s = self.scale
        pp = self.players_panel.rect
        pad = theme.px(16, s)
        last = self.seat_rows[self.players.value - 1].name.rect
        y = last.bottom + theme.px(16, s)
        self.hint.rect = pygame.Rect(pp.x + pad, y, pp.w - 2 * pad, max(0, pp.bottom - pad - y))

    def _rule_order(self) -> list[str]:
        rest = [name for name in self.rule_widgets if name not in IMPORTANT]
        return list(IMPORTANT) + (rest if self.show_all else [])

    def _layout_rules(self) -> None:
        s = self.scale
        rh = theme.px(46, s)
        ring = theme.px(8, s)  # room for the focus ring inside the clipped area
        gutter = theme.px(14, s)  # room for the scroll bar
        width = self.rules_area.rect.w - gutter - 2 * ring
        x = gutter + ring if is_rtl() else ring
        items: list[tuple[Widget, pygame.Rect]] = []
        y = ring
        for name in IMPORTANT:
            items.append((self.rule_widgets[name], pygame.Rect(x, y, width, rh)))
            y += rh
        sep_h = theme.px(14, s)
        separator = (self.separator, pygame.Rect(x, y, width, sep_h))
        y += sep_h
        items.append((self.all_toggle, pygame.Rect(x, y, width, rh)))
        y += rh + theme.px(4, s)
        if self.show_all:
            for name in self._rule_order()[len(IMPORTANT):]:
                items.append((self.rule_widgets[name], pygame.Rect(x, y, width, rh)))
                y += rh
        for w in self.rule_widgets.values():
            w.visible = any(w is item for item, _r in items)
        self.all_toggle.scale = s
        for w, _r in items:
            w.scale = s
        self.separator.scale = s
        self.rules_area.set_content(items, y + ring, [separator])

    # ------------------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        s = self.scale
        self.heading.scale = s
        self.heading.draw(surface)
        self.group.draw(surface)
        # seat badges: the seat number, coloured by team when playing in teams
        teams = self.rules.teams and self.players.value == 4
        for i, rect in enumerate(self.badges[: self.players.value]):
            color = (theme.ZELLIGE if i % 2 == 0 else theme.ACCENT) if teams else theme.FELT
            pygame.draw.circle(surface, color, rect.center, rect.w // 2)
            pygame.draw.circle(surface, theme.BRASS, rect.center, rect.w // 2,
                               max(1, theme.px(2, s)))
            label = str(i + 1) if not teams else ("A" if i % 2 == 0 else "B")
            text = fit_text(label, theme.px(theme.FONT_SMALL, s), theme.CREAM, rect.w, bold=True)
            surface.blit(text, text.get_rect(center=rect.center))
        if self.status:
            color = theme.BRASS_LIGHT if self.status_error else theme.CREAM
            text = fit_text(_(self.status), theme.px(theme.FONT_SMALL, s), color,
                            self.status_rect.w)
            surface.blit(text, text.get_rect(center=self.status_rect.center))
