"""Game setup: the preset and every rule option, the seats, a deal code (typed, or pasted with
Paste or Ctrl+V: its rules, seed and number of seats); Start makes a
:class:`~rami_desktop.play.game.config.GameConfig` and hands it to :meth:`App.start_game`.

Hosting a table on the network is the same setup, where a seat may also be a player on the
network; Host opens the table's lobby (:mod:`rami_desktop.ui.scenes.net_lobby`)."""

from __future__ import annotations

from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.bots import levels_for
from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.view.terms import PRESET_NAMES, PRESETS, RULE_OPTIONS, Rules, partner_seat
from rami_desktop.storage.deal_code import decode_full, longest_code
from rami_desktop.storage.stats import Stats, load_stats
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import paste_text
from rami_desktop.ui.pieces import setup_parts
from rami_desktop.ui.pieces.face_picker import FacePicker
from rami_desktop.ui.pieces.seat_row import (
    DEFAULT_LEVEL,
    HOST_KINDS,
    LOCAL_KINDS,
    MAX_SEATS,
    SeatRow,
    default_seats,
    draw_seat_tab,
    host_seats,
    show_seat_defaults,
)
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import (
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
    fit_text,
)
from rami_desktop.ui.words.teams import team_members, team_name, team_of

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the longest deal code the game can show (every option changed within its range)
CODE_LENGTH = longest_code()
#: the options shown first, in their declared order; the others are under "All rules"
IMPORTANT: tuple[str, ...] = tuple(sorted((name for name, spec in RULE_OPTIONS.items()
                                           if spec.first), key=lambda n: RULE_OPTIONS[n].first))
#: the switches other options need (turning one shows or hides them)
NEEDED: frozenset[str] = frozenset(spec.needs for spec in RULE_OPTIONS.values() if spec.needs)

class SetupScene(WidgetScene):
    """Choose the rules and the players of a new match."""

    def __init__(self, ctx: Context, config: GameConfig | None = None,
                 hosting: bool = False) -> None:
        self.config = config
        self.hosting = hosting
        self.rules: Rules = PRESETS["talaj"]
        self.seed: int | None = None
        self.show_all = False  # the simple view first: "All rules" is one click away
        self.status: str = ""
        self.status_error = False
        self.rule_widgets: dict[str, Widget] = {}
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.badges: list[pygame.Rect] = []
        #: what the statistics keep of each player (their face, how they were spoken to)
        self.stats = load_stats(ctx.paths)[0] if ctx.paths is not None else Stats()
        self.profiles = self.stats.faces()
        super().__init__(ctx)

    # ------------------------------------------------------------------------------ building
    def build(self) -> None:
        config = self.config or self._last_setup()
        g = self.group
        self.rules_panel = g.add(Panel(N_("Rules")))
        self.players_panel = g.add(Panel(N_("Players")))
        self.preset = g.add(Choice(N_("Game"), [(n, partial(preset_title, n))
                                                for n in PRESET_NAMES],
                                   "talaj", self.preset_changed))
        self.rules_area = g.add(ScrollArea())
        for name in RULE_OPTIONS:
            self.rule_widgets[name] = self._rule_widget(name)
        self.all_toggle = Toggle(N_("All rules"), False, self.toggle_all)
        self.separator = Separator()
        self.players = g.add(NumberStepper(N_("Number of players"), 3, 2, 5,
                                           self.players_changed))
        kinds = HOST_KINDS if self.hosting else LOCAL_KINDS
        known = self.stats.genders()  # how each player was spoken to (she or he), by name
        self.seat_rows = [SeatRow(i, self.seats_changed, kinds, known.get, self.choose_face)
                          for i in range(MAX_SEATS)]
        setup_parts.share_text_sizes(self.seat_rows)
        for row in self.seat_rows:
            for w in row.widgets:
                g.add(w)
        self.deal_code = g.add(TextInput("", max_length=CODE_LENGTH,
                                         placeholder=N_("Deal code")))
        self.apply_code = g.add(Button(N_("Use code"), self.use_deal_code))
        self.paste_code = g.add(Button(N_("Paste"), self.paste_deal_code))
        self.back_button = g.add(Button(N_("Back"), self.back))
        self.start_button = g.add(Button(N_("Host") if self.hosting else N_("Start"),
                                         self.start, style="primary"))
        self.heading = Label(N_("Host a table") if self.hosting else N_("New game"),
                             theme.FONT_HEADING, theme.CREAM, bold=True)
        self.hint = g.add(Label(self.hint_text, theme.FONT_SMALL, theme.INK_SOFT, wrap=True,
                                spare=True))
        self.proposal = setup_parts.TargetProposal(self.take_target)
        g.add(self.proposal.button)
        self.load(config)
        g.focused = self.start_button
        # Start first (Enter starts), the game, the players, the seats; then the rules, the code
        g.first = [self.start_button, self.preset, self.players,
                   *(w for row in self.seat_rows for w in row.widgets)]

    def _last_setup(self) -> GameConfig:
        if self.hosting:
            return GameConfig(rules=PRESETS["talaj"], seats=tuple(host_seats()))
        data = self.ctx.settings.get("last_setup")
        if isinstance(data, dict):
            try:
                config = GameConfig.from_dict(data)
                return GameConfig(config.rules, config.seats, None)
            except ValueError:
                pass
        return GameConfig(rules=PRESETS["talaj"], seats=tuple(default_seats()))

    def _rule_widget(self, name: str) -> Widget:
        spec = RULE_OPTIONS[name]
        default = getattr(Rules(), name)

        def changed(value: Any, name: str = name) -> None:
            self.option_changed(name, value)

        if isinstance(default, Enum):
            options = [(m, spec.label_of(m)) for m in type(default)]
            return Choice(spec.label, options, default, changed, control_width=260)
        if isinstance(default, bool):
            return Toggle(spec.label, default, changed)
        lo, hi = spec.bounds()
        return NumberStepper(spec.label, default, lo, hi, changed, step=spec.step,
                             values=spec.values, control_width=180)

    def load(self, config: GameConfig) -> None:
        """Show a configuration in the widgets."""
        self.rules = config.rules
        self.seed = config.seed
        self.preset.value = config.rules.preset
        self.sync_rule_widgets()
        n = max(self.rules.min_players, min(self.rules.max_players, len(config.seats)))
        for i, row in enumerate(self.seat_rows):
            seat = config.seats[i] if i < len(config.seats) else Seat(None, "bot", DEFAULT_LEVEL)
            # a default name saved in another language comes back in this one
            row.load(seat)
            row.offer_levels(levels_for(self.rules.preset))
            row.level.value = seat.level if seat.level in levels_for(self.rules.preset) \
                else DEFAULT_LEVEL
        self.players.set_range(self.rules.min_players, self.rules.max_players)
        self.players.value = n
        self.seats_changed()

    def sync_rule_widgets(self) -> None:
        """Show the current rules in the option widgets."""
        for name, w in self.rule_widgets.items():
            w.value = getattr(self.rules, name)  # type: ignore[attr-defined]
        self._update_enabled()
        if self.rules_area.rect.w > 0:  # laid out already: the options shown may change
            self._layout_rules()

    def _update_enabled(self) -> None:
        teams = self.rule_widgets["teams"]
        teams.enabled = self.players.value == 4 if hasattr(self, "players") else False

    def hint_text(self) -> str:
        """A line under the seats explaining what the choices mean."""
        if self.rules.teams and self.players.value == 4:
            return _("Partners sit opposite: {first} against {second}.").format(
                first=self.team_text(0), second=self.team_text(1))
        humans = sum(1 for row in self.seat_rows[: self.players.value]
                     if row.kind.value == "human")
        if self.hosting:
            return _("Players on the network join with the table's code. A player here can "
                     "play too.")
        if humans >= 2:
            return _("With two or more humans, the screen is passed between turns and every "
                     "hand stays hidden.")
        return _("Seats play in this order. Bots play at the level chosen for them; each "
                 "player is spoken to as she or he, as chosen beside the name.")

    def team_text(self, team: int) -> str:
        """"Team A: Sara & Bot 3": the team's one name, from the seats' names."""
        members = team_members(team, lambda seat: partner_seat(self.rules, seat))
        return team_name(team, [self.seat_rows[s].name.value.strip() for s in members])

    # ------------------------------------------------------------------------------ changes
    def preset_changed(self, name: str) -> None:
        """A new preset resets every option to it, limits the players and offers its bot
        levels."""
        self.rules = PRESETS[name]
        self.seed = None
        for row in self.seat_rows:
            row.offer_levels(levels_for(name))
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
        if name in NEEDED:
            self._layout_rules()
        self.set_status("")

    def take_target(self, target: int) -> None:
        """The longer match the setup proposes, taken (a house choice, said as such)."""
        said = self.proposal.taken_text()
        self.rule_widgets["target"].value = target  # type: ignore[attr-defined]
        self.option_changed("target", target)
        self.set_status(said)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.proposal.update(self.rules):  # a proposal came or went: the room for it
            self.layout(self.ctx.size)

    def players_changed(self, _value: int) -> None:
        """The number of seats changed (a deal code's deal is then another one)."""
        self.seats_changed()
        self.set_status("")

    def seats_changed(self) -> None:
        """Show the right seat rows with their defaults; teams only with four players."""
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            row.set_visible(i < n)
        self.show_defaults()
        if n != 4 and self.rules.teams:
            self.rules = self.rules.with_options(teams=False)
            self.rule_widgets["teams"].value = False  # type: ignore[attr-defined]
        self._update_enabled()
        if self.players_panel.rect.w:  # laid out: the rows' height follows their number
            self.layout(self.ctx.size)
        if self.group.focused is not None and not self.group.focused.can_focus():
            self.group.focused = self.players

    def show_defaults(self) -> None:
        """Each row's default name and face (see :func:`show_seat_defaults`)."""
        show_seat_defaults(self.seat_rows, self.players.value, self.profiles)

    def choose_face(self, picker: FacePicker) -> None:
        """A seat's face clicked: every face to choose from."""
        self.ctx.stack.push(self.ctx.scene(Route.FACE_CHOOSER, picker.face, picker.pick))

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
        """Load the seed, the rules (teams included) and the number of seats of a deal code."""
        code = self.deal_code.value.strip()
        if not code:
            self.set_status(N_("Type a deal code first."), error=True)
            return
        try:
            seed, rules, players = decode_full(code)
        except ValueError:
            self.set_status(N_("That deal code is not valid."), error=True)
            return
        self.rules = rules
        self.preset.value = rules.preset
        for row in self.seat_rows:
            row.offer_levels(levels_for(rules.preset))
        self.players.set_range(rules.min_players, rules.max_players)
        if players is not None:
            self.players.value = max(rules.min_players, min(rules.max_players, players))
        self.sync_rule_widgets()
        self.seats_changed()
        self.seed = seed
        self.set_status(N_("Deal code loaded: the same deal will be played."))

    def paste_deal_code(self) -> None:
        """Paste (or Ctrl+V outside a text field): the clipboard's code, used at once."""
        text = paste_text()
        if not text:
            self.set_status(N_("The clipboard holds no text."), error=True)
            return
        self.deal_code.set(text)
        self.use_deal_code()

    def handle_event(self, event: pygame.event.Event) -> None:
        focused = self.group.focused
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_v
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and not (focused is not None and focused.captures_text)):
            self.paste_deal_code()
            return
        super().handle_event(event)

    # ------------------------------------------------------------------------------ result
    def game_config(self) -> GameConfig:
        """The match described by the screen."""
        seats = tuple(row.seat() for row in self.seat_rows[: self.players.value])
        rules = self.rules
        if rules.teams and len(seats) != 4:
            rules = rules.with_options(teams=False)
        return GameConfig(rules=rules, seats=seats, seed=self.seed)

    def start(self) -> None:
        """Start the match (or, hosting, open the table's lobby)."""
        if not self.hosting:
            self.ctx.start_game(self.game_config())
            return
        config = self.game_config()
        if not config.remote:
            self.set_status(N_("Make at least one seat a player on the network."), error=True)
            return
        self.ctx.stack.push(self.ctx.scene(Route.NET_LOBBY, config))

    # ------------------------------------------------------------------------------ layout
    def on_resize(self, size: tuple[int, int]) -> None:
        # the language may have changed: the default names follow it
        self.show_defaults()
        super().on_resize(size)

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
        self.proposal.update(self.rules)
        status_h = theme.px(56 if self.proposal.button.visible else 40, s)
        panel_h = bar_y - status_h - top
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
        # the rows as high as the seats shown leave room for (the hint takes what is left)
        row_h = min(theme.px(50, s), (pp.bottom - pad - y) // max(4, self.players.value))
        self.badges = setup_parts.place_seat_rows(self.seat_rows, pygame.Rect(
            inner_x, y, inner_w, row_h), s)
        self._place_hint()
        setup_parts.place_bottom_bar(pygame.Rect(margin, bar_y, w - 2 * margin, bar_h), s,
                                     (self.deal_code, self.apply_code, self.paste_code),
                                     (self.back_button, self.start_button))
        self.status_rect = pygame.Rect(margin, rp.bottom + theme.px(6, s), w - 2 * margin,
                                       bar_y - rp.bottom - theme.px(10, s))
        self.proposal.place(self.status_rect.inflate(0, -theme.px(4, s)), s, is_rtl())
        if is_rtl():
            mirrored: list[Widget] = [
                self.rules_panel, self.players_panel, self.preset, self.rules_area, self.players,
                self.deal_code, self.apply_code, self.paste_code, self.back_button,
                self.start_button]
            mirrored += [x for r in self.seat_rows for x in r.widgets]
            for widget in mirrored:
                widget.rect.x = w - widget.rect.right
            for b in self.badges:
                b.x = w - b.right
            self._layout_rules()
            self._place_hint()
        for row in self.seat_rows:
            row.fit_kind()

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

    def _applies(self, name: str) -> bool:
        """Whether an option means something with the rules chosen (no opening: no
        threshold)."""
        needs = RULE_OPTIONS[name].needs
        return needs is None or bool(getattr(self.rules, needs))

    def _important(self) -> list[str]:
        return [name for name in IMPORTANT if self._applies(name)]

    def _rule_order(self) -> list[str]:
        rest = [name for name in self.rule_widgets
                if name not in IMPORTANT and self._applies(name)]
        return self._important() + (rest if self.show_all else [])

    def _layout_rules(self) -> None:
        s = self.scale
        rh = theme.px(46, s)
        ring = theme.px(8, s)  # room for the focus ring inside the clipped area
        gutter = theme.px(14, s)  # room for the scroll bar
        width = self.rules_area.rect.w - gutter - 2 * ring
        x = gutter + ring if is_rtl() else ring
        items: list[tuple[Widget, pygame.Rect]] = []

        def place(names: list[str], y: int) -> int:
            for name in names:  # a choice's row higher where a value needs two lines
                at = setup_parts.option_place(self.rule_widgets[name],
                                              pygame.Rect(x, y, width, rh), s)
                items.append((self.rule_widgets[name], at))
                y += at.h
            return y

        y = place(self._important(), ring)
        sep_h = theme.px(14, s)
        separator = (self.separator, pygame.Rect(x, y, width, sep_h))
        y += sep_h
        items.append((self.all_toggle, pygame.Rect(x, y, width, rh)))
        y += rh + theme.px(4, s)
        if self.show_all:
            y = place(self._rule_order()[len(self._important()):], y)
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
            draw_seat_tab(surface, rect, i, team_of(i, lambda seat: partner_seat(
                self.rules, seat)) if teams else None, s)
        if self.status:
            color = theme.BRASS_LIGHT if self.status_error else theme.CREAM
            text = fit_text(_(self.status), theme.px(theme.FONT_SMALL, s), color,
                            self.status_rect.w)
            surface.blit(text, text.get_rect(center=self.status_rect.center))
        else:
            self.proposal.draw(surface, s)
