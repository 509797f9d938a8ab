"""Game setup: defaults, presets and player limits, options, seats, deal code, Start."""

from __future__ import annotations

from dataclasses import fields

import pygame
import pytest

from rami_desktop.app import App
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.setup import SetupScene
from rami_desktop.ui.widgets.drawing import render_text


@pytest.fixture
def setup(app: App, drive: object) -> SetupScene:
    drive.show(MenuScene(app))
    return drive.push(SetupScene(app))


def test_defaults(setup: SetupScene) -> None:
    config = setup.game_config()
    assert config.rules == PRESETS["talaj"]
    # a calm first game: medium bots, and the simple view of the rules
    # the bots' names are their default ones (people's names, in the language at the table)
    assert config.seats == (Seat("Player 1", "human", "medium"), Seat(None, "bot", "medium"),
                            Seat(None, "bot", "medium"))
    assert [row.name.value for row in setup.seat_rows[:3]] == ["Player 1", "Khadija", "Hassan"]
    assert not setup.show_all and not setup.rule_widgets["redeal"].visible
    assert setup.rule_widgets["threshold"].visible and setup.all_toggle.visible
    assert config.seed is None


def test_every_option_has_a_widget(setup: SetupScene) -> None:
    names = {f.name for f in fields(Rules) if f.name != "preset"}
    assert set(setup.rule_widgets) == names


def test_start_hands_the_config_to_the_app(app: App, setup: SetupScene, drive: object,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[GameConfig] = []
    monkeypatch.setattr(app, "start_game", lambda config: started.append(config) or True)
    drive.click(setup.start_button.rect.center)
    assert started == [setup.game_config()]


def test_enter_starts_from_the_initial_focus(app: App, setup: SetupScene, drive: object,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[GameConfig] = []
    monkeypatch.setattr(app, "start_game", lambda config: started.append(config) or True)
    drive.key(pygame.K_RETURN)
    assert len(started) == 1


def test_preset_changes_player_limits(setup: SetupScene, drive: object) -> None:
    _left, right = setup.preset._arrow_rects()
    drive.click(right.center)  # talaj -> rami-talaj
    assert setup.preset.value == "rami-talaj"
    drive.click(right.center)  # -> tallage: up to 6
    assert setup.game_config().rules == PRESETS["tallage"]
    assert setup.players.maximum == 6
    for _ in range(5):
        drive.click(setup.players._button_rects()[1].center)
    assert setup.players.value == 6 and setup.game_config().players == 6
    assert all(row.name.visible for row in setup.seat_rows)
    _left, right = setup.preset._arrow_rects()
    drive.click(_left.center)  # back to rami-talaj: at most 5
    assert setup.players.maximum == 5 and setup.game_config().players == 5
    assert not setup.seat_rows[5].name.visible


def test_threshold_changes(setup: SetupScene, drive: object) -> None:
    threshold = setup.rule_widgets["threshold"]
    minus, plus = threshold._button_rects()
    drive.click(minus.center)
    drive.click(minus.center)
    assert setup.game_config().rules.threshold == 51
    drive.click(plus.center)
    assert setup.game_config().rules.threshold == 61


def test_threshold_by_keyboard(setup: SetupScene, drive: object) -> None:
    threshold = setup.rule_widgets["threshold"]
    setup.group.focus(threshold)
    drive.key(pygame.K_LEFT)
    assert setup.game_config().rules.threshold == 61
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert setup.game_config().rules.threshold == 81


def test_teams_only_with_four(setup: SetupScene, drive: object) -> None:
    _left, right = setup.preset._arrow_rects()
    drive.click(right.center)  # rami-talaj
    teams = setup.rule_widgets["teams"]
    assert not teams.enabled
    drive.click(setup.players._button_rects()[1].center)
    assert setup.players.value == 4 and teams.enabled
    setup.group.focus(teams)
    drive.key(pygame.K_SPACE)
    assert setup.game_config().rules.teams
    drive.click(setup.players._button_rects()[1].center)
    assert not setup.game_config().rules.teams and not teams.enabled


def test_seats_edit(setup: SetupScene, drive: object) -> None:
    row = setup.seat_rows[1]
    drive.click(row.name.rect.center)
    assert setup.group.focused is row.name
    for _ in range(len(row.name.value)):
        drive.key(pygame.K_BACKSPACE)
    drive.type("Nadia")
    drive.click(row.kind.rect.center)  # bot -> human
    config = setup.game_config()
    assert config.seats[1] == Seat("Nadia", "human", "medium")
    assert not row.level.visible
    drive.click(row.kind.rect.center)  # back to a bot; choose the level
    row.level.step(1)
    assert setup.game_config().seats[1] == Seat("Nadia", "bot", "hard")


def test_a_human_here_is_she_or_he_in_the_level_place(setup: SetupScene, drive: object) -> None:
    """A human at this screen says how the game speaks to her or him (unsaid at first), where
    a bot has its level; a bot's seat keeps no gender."""
    row = setup.seat_rows[0]
    assert row.gender.visible and not row.level.visible
    assert setup.game_config().seats[0].gender == ""
    _left, right = row.gender._arrow_rects()
    drive.click(right.center)
    assert setup.game_config().seats[0] == Seat("Player 1", "human", "medium", "she")
    drive.click(right.center)
    assert setup.game_config().seats[0].gender == "he"
    bot = setup.seat_rows[1]
    assert bot.level.visible and not bot.gender.visible
    assert not bot.gender.rect.colliderect(bot.kind.rect)
    assert not row.gender.rect.colliderect(row.kind.rect)
    assert not row.gender.rect.colliderect(row.name.rect)
    drive.click(row.kind.rect.center)  # a bot now: no gender
    assert setup.game_config().seats[0].gender == ""


def test_default_names_follow_the_kind(setup: SetupScene, drive: object) -> None:
    row = setup.seat_rows[2]
    drive.click(row.kind.rect.center)
    assert setup.game_config().seats[2] == Seat("Player 3", "human", "medium")
    drive.click(row.kind.rect.center)
    assert setup.game_config().seats[2].name is None
    assert row.name.value == "Hassan"
    setup.seat_rows[0].name.set("")
    assert setup.game_config().seats[0].name == "Player 1"


def test_space_types_into_a_name(setup: SetupScene, drive: object) -> None:
    row = setup.seat_rows[0]
    drive.click(row.name.rect.center)
    drive.type("Sara")
    drive.key(pygame.K_SPACE)  # arrives as TEXTINPUT too: must not activate anything
    drive.type(" A")
    assert setup.game_config().seats[0].name == "Sara A"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_default_name_is_replaced_by_the_name_typed(setup: SetupScene, drive: object,
                                                      seat: int) -> None:
    """"Player 1" or a bot's "Khadija" is a default: clicked and typed over, it becomes the
    name typed ("Amina", never "Player 1Amina"); Backspace on it empties the field."""
    row = setup.seat_rows[seat]
    default = row.name.value
    drive.click(row.name.rect.center)
    drive.type("Amina")
    assert row.name.value == "Amina"
    assert setup.game_config().seats[seat].name == "Amina"
    drive.key(pygame.K_BACKSPACE)
    assert row.name.value == "Amin"  # typed now: Backspace takes one letter
    row.name.set("")
    drive.click(setup.seat_rows[2].kind.rect.center)  # another seat changed: still empty
    assert row.name.value == "" and setup.game_config().seats[seat].name in (default, None)


def test_a_name_refuses_what_the_fonts_cannot_draw(setup: SetupScene, drive: object) -> None:
    row = setup.seat_rows[0]
    drive.click(row.name.rect.center)
    row.name.set("")
    drive.type("Zoé 李 😀 يوسف Иван")  # Latin, Arabic, Cyrillic kept; Han and emoji refused
    assert setup.game_config().seats[0].name == "Zoé   يوسف Иван"


def test_conflicting_option_is_refused(setup: SetupScene) -> None:
    setup.option_changed("min_players", 6)  # max is 5 in talaj
    assert setup.game_config().rules.min_players == 2
    assert setup.status and setup.status_error


def test_all_rules_scroll_and_focus(setup: SetupScene, drive: object) -> None:
    area = setup.rules_area
    drive.click(setup.all_toggle.rect.center)  # one click away
    assert setup.show_all
    assert area.max_scroll() > 0
    setup.group.focus(setup.rule_widgets["redeal"])
    assert area.rect.contains(setup.rule_widgets["redeal"].rect)
    drive.key(pygame.K_SPACE)
    assert setup.game_config().rules.redeal
    setup.all_toggle.set(False)
    assert area.max_scroll() == 0 and not setup.rule_widgets["redeal"].visible


def test_deal_code(setup: SetupScene, drive: object) -> None:
    from rami_desktop.storage import deal_code

    rules = PRESETS["tallage"].with_options(threshold=51)
    code = deal_code.encode(1234, rules)
    drive.click(setup.deal_code.rect.center)
    drive.type(code)
    drive.click(setup.apply_code.rect.center)
    config = setup.game_config()
    assert config.seed == 1234 and config.rules == rules
    assert setup.preset.value == "tallage"
    setup.deal_code.set("NOT-A-CODE")
    setup.use_deal_code()
    assert setup.status_error and setup.game_config().seed == 1234


def test_last_setup_is_restored(make_app: object) -> None:
    config = GameConfig(rules=PRESETS["simple"], seats=(Seat("A", "human", "hard", "she"),
                                                        Seat("B", "bot", "easy")), seed=9)
    app = make_app(last_setup=config.to_dict())  # type: ignore[operator]
    scene = SetupScene(app)
    app.stack.push(scene)
    app.step(1 / 60)
    restored = scene.game_config()
    assert restored.rules == config.rules and restored.seats == config.seats
    assert restored.seed is None  # a new deal unless a code is given


def test_layout_inside_window(make_app: object) -> None:
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        app = make_app(size)  # type: ignore[operator]
        scene = SetupScene(app)
        app.stack.push(scene)
        app.step(1 / 60)
        window = pygame.Rect(0, 0, *size)
        for w in scene.group.widgets:
            if w.visible and w.rect.w:
                assert window.contains(w.rect), (size, w)
        assert not scene.rules_panel.rect.colliderect(scene.players_panel.rect)


def test_wheel_scrolls_rules_under_pointer(setup: SetupScene, drive: object) -> None:
    area = setup.rules_area
    setup.all_toggle.set(True)
    drive.move(area.rect.center)
    drive.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)])
    assert area.scroll > 0
    drive.move(setup.players_panel.rect.center)
    before = area.scroll
    drive.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert area.scroll == before


def test_escape_leaves_text_field_first(app: App, setup: SetupScene, drive: object) -> None:
    drive.click(setup.seat_rows[0].name.rect.center)
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is setup and setup.group.focused is None
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_right_to_left_mirrors_layout(app: App, setup: SetupScene, drive: object) -> None:
    assert setup.rules_panel.rect.x < setup.players_panel.rect.x
    app.set_language("ar_MA", save=False)
    drive.step()
    assert setup.rules_panel.rect.x > setup.players_panel.rect.x
    row = setup.seat_rows[1]
    assert row.name.rect.x > row.kind.rect.x > row.level.rect.x
    human = setup.seat_rows[0]
    assert human.name.rect.x > human.kind.rect.x > human.gender.rect.x
    assert setup.start_button.rect.x < setup.back_button.rect.x


def test_simple_shows_no_opening_threshold(setup: SetupScene, drive: object) -> None:
    """Simple lays only to go out: the rules object says so, and no threshold is offered."""
    assert setup.rule_widgets["threshold"].visible
    setup.preset.set("simple")
    drive.step()
    assert not PRESETS["simple"].lay_before_out
    assert not setup.rule_widgets["threshold"].visible
    setup.all_toggle.set(True)
    drive.step()
    for name in ("threshold", "rising_bar", "need_tria_and_serie", "going_out_points"):
        assert not setup.rule_widgets[name].visible, name
    setup.preset.set("talaj")
    drive.step()
    assert setup.rule_widgets["threshold"].visible


def test_teams_are_named_by_their_players(setup: SetupScene, drive: object) -> None:
    setup.players.value = 4
    setup.players_changed(4)
    setup.option_changed("teams", True)
    setup.seat_rows[0].name.set("Sara")
    drive.step()
    text = strip_marks(setup.hint_text())
    assert "Team A: Sara & Hassan" in text and "Team B: Khadija & Zineb" in text


def test_a_seat_on_the_network_is_named_in_each_screen_s_language(app: App,
                                                                  drive: object) -> None:
    """A seat on the network nobody named goes to the table without a name: each screen
    names it in its own language («Place 2» here, «البلاصة 2» at a joiner's in darija), the
    joiner's own name once joined; the setup shows the host's words for it."""
    from rami_desktop import i18n
    from rami_desktop.play.game.config import seat_name

    app.set_language("fr", save=False)
    drive.show(MenuScene(app))
    setup = drive.push(SetupScene(app, hosting=True))
    config = setup.game_config()
    assert [s.kind for s in config.seats] == ["human", "net", "net"]
    assert config.seats[1].name is None and config.seats[2].name is None
    assert setup.seat_rows[1].name.value == "Place 2"
    assert seat_name(config, 1) == "Place 2"
    i18n.set_language("ar_MA")
    assert seat_name(config, 1) == "البلاصة 2"


@pytest.mark.parametrize("language", ["en", "fr", "ar_MA"])
def test_every_kind_says_its_whole_word_when_hosting(app: App, drive: object,
                                                     language: str) -> None:
    """A seat without a level to choose lends its room to the kind ("Sur le réseau" whole,
    not "Sur le résea"); a bot's seat keeps its level beside it, in either direction."""
    app.set_language(language, save=False)
    drive.show(MenuScene(app))
    setup = drive.push(SetupScene(app, hosting=True))
    drive.step()
    for kinds in (("human", "net", "net"), ("bot", "human", "net")):
        for row, kind in zip(setup.seat_rows, kinds, strict=False):
            row.kind.set(kind)
        drive.step()
        for row, kind in zip(setup.seat_rows, kinds, strict=False):
            assert row.level.visible == (kind == "bot")
            left, right = row.kind._arrow_rects()
            room = right.left - left.right
            word = render_text(row.kind.value_text(), theme.px(theme.FONT_BODY, row.kind.scale),
                               theme.INK)
            if kind != "bot":
                assert word.get_width() <= room, (language, kind)
            else:
                assert not row.kind.rect.colliderect(row.level.rect)
            assert not row.kind.rect.colliderect(row.name.rect)


def test_a_player_the_statistics_know_is_spoken_to_as_before(make_app: object,
                                                             tmp_path: object) -> None:
    """Amina played as «she»: typing her name in a human seat chooses «she» again (a name the
    statistics do not know changes nothing)."""
    from pathlib import Path

    from rami_desktop.storage.paths import Paths
    from rami_desktop.storage.stats import record_round

    app = make_app()  # type: ignore[operator]
    app.paths = Paths.under(Path(str(tmp_path)))
    app.paths.ensure()
    record_round(app.paths, "Amina", "talaj", won=True, turns=5, gender="she")
    scene = SetupScene(app)
    app.stack.push(scene)
    app.step(1 / 60)
    row = scene.seat_rows[0]
    row.name.set("Amina")
    assert scene.game_config().seats[0] == Seat("Amina", "human", "medium", "she")
    row.gender.set("")
    row.name.set("Nadia")
    assert scene.game_config().seats[0].gender == ""


def test_a_face_is_chosen_with_clicks(setup: SetupScene, drive: object) -> None:
    from rami_desktop.ui.scenes.face_chooser import FaceChooser

    row = setup.seat_rows[0]
    default = row.face.face
    assert setup.game_config().seats[0].face is None  # not chosen: the seat's default
    drive.click(row.face.rect.center)
    chooser = setup.ctx.stack.top
    assert isinstance(chooser, FaceChooser)
    assert [b.face for b in chooser.buttons if b.selected] == [default]
    target = next(b for b in chooser.buttons if b.face == "grandmother-scarf")
    drive.click(target.rect.center)
    assert setup.ctx.stack.top is setup
    assert row.face.face == "grandmother-scarf"
    assert setup.game_config().seats[0].face == "grandmother-scarf"


def test_a_face_is_chosen_with_the_keyboard(setup: SetupScene, drive: object) -> None:
    row = setup.seat_rows[1]
    setup.group.focus(row.face)
    before = row.face.face
    drive.key(pygame.K_RIGHT)
    after = row.face.face
    assert after != before and setup.game_config().seats[1].face == after
    drive.key(pygame.K_RETURN)  # the chooser, its face focused: Enter keeps it
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert setup.ctx.stack.top is setup and row.face.face not in (before, after)


@pytest.mark.parametrize("language", ["fr", "ar_MA"])
def test_the_faces_are_a_grid_to_the_arrow_keys(app: App, drive: object,
                                               language: str) -> None:
    """Up and Down move by a row (the face above or under the one focused, on the screen),
    Left and Right along it; past the last row or the first, Cancel; from Cancel, the nearest
    face of the first row (Down) or of the last (Up), as a list's focus wraps."""
    from rami_desktop.ui.scenes.face_chooser import FaceChooser

    app.set_language(language, save=False)
    scene = drive.push(SetupScene(app))
    row = scene.seat_rows[0]
    scene.group.focus(row.face)
    drive.key(pygame.K_RETURN)
    chooser = app.stack.top
    assert isinstance(chooser, FaceChooser)
    chooser.group.focus(chooser.buttons[0])
    first = chooser.buttons[0].rect
    drive.key(pygame.K_DOWN)
    below = chooser.group.focused.rect
    assert below.x == first.x and below.top > first.bottom
    drive.key(pygame.K_UP)
    assert chooser.group.focused is chooser.buttons[0]
    # along the row, the way it reads: to the right, in darija to the left
    drive.key(pygame.K_LEFT if language == "ar_MA" else pygame.K_RIGHT)
    assert chooser.group.focused is chooser.buttons[1]
    beside = chooser.buttons[1].rect
    assert beside.y == first.y and (beside.centerx < first.centerx) == (language == "ar_MA")
    drive.key(pygame.K_UP)  # above the first row: Cancel
    assert chooser.group.focused is chooser.cancel
    drive.key(pygame.K_DOWN)  # under Cancel: the first row again, its face nearest Cancel
    top = chooser.group.focused
    assert top in chooser.buttons and top.rect.y == first.y
    assert abs(top.rect.centerx - chooser.cancel.rect.centerx) == min(
        abs(b.rect.centerx - chooser.cancel.rect.centerx) for b in chooser.buttons)
    for _ in range(len(chooser.buttons) // chooser.cols):  # from the first row: every row
        drive.key(pygame.K_DOWN)
    assert chooser.group.focused is chooser.cancel
    drive.key(pygame.K_UP)
    above = chooser.group.focused
    assert above in chooser.buttons and above.rect.bottom < chooser.cancel.rect.top
    assert above.rect.y == max(b.rect.y for b in chooser.buttons)
    drive.key(pygame.K_RETURN)
    assert app.stack.top is scene and row.face.face == above.face


def test_a_bot_takes_another_name_than_the_players(setup: SetupScene, drive: object) -> None:
    bot = setup.seat_rows[1]
    taken = bot.name.value
    setup.seat_rows[0].name.set(taken)
    drive.step()
    assert bot.name.value != taken and setup.seat_rows[0].name.value == taken
    assert setup.game_config().seats[1].name is None  # named at the table, in its language


def test_the_bots_names_follow_the_language(app: App, drive: object) -> None:
    drive.show(MenuScene(app))
    setup = drive.push(SetupScene(app))
    english = setup.seat_rows[1].name.value
    app.set_language("ar_MA", save=False)
    drive.step()
    arabic = setup.seat_rows[1].name.value
    assert arabic != english and "\u0600" <= arabic[0] <= "\u06ff"


def test_a_player_gets_back_the_face_kept_with_their_statistics(app: App, drive: object
                                                                 ) -> None:
    from rami_desktop.storage.paths import Paths
    from rami_desktop.storage.stats import StatsFiles

    paths = Paths.from_environment()
    StatsFiles(paths).record_round("Khadija", "talaj", won=True, turns=5, opening_points=None,
                                   face="grandmother-grey")
    app.paths = paths
    drive.show(MenuScene(app))
    setup = drive.push(SetupScene(app))
    row = setup.seat_rows[0]
    row.name.set("Khadija")
    drive.step()
    assert row.face.face == "grandmother-grey"
    assert setup.game_config().seats[0] == Seat("Khadija", "human", "medium",
                                                face="grandmother-grey")
    row.name.set("Lina")
    assert setup.game_config().seats[0].face is None


def test_start_is_first_in_the_focus_order(app: App, setup: SetupScene, drive: object) -> None:
    """Start is focused when the setup opens (Enter starts); Tab goes on to the game, the
    players and their seats, then the rules; Shift+Tab from Start reaches Back."""
    g = setup.group
    assert g.focused is setup.start_button
    order = g.focus_order()
    assert order[:3] == [setup.start_button, setup.preset, setup.players]
    seats = [w for row in setup.seat_rows for w in row.widgets if w.can_focus()]
    assert order[3:3 + len(seats)] == seats
    drive.key(pygame.K_TAB)
    assert g.focused is setup.preset
    drive.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    drive.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert g.focused is setup.back_button
    drive.key(pygame.K_TAB)
    assert g.focused is setup.start_button
    drive.key(pygame.K_RETURN)
    from rami_desktop.ui.scenes.table import TableScene

    drive.step()
    assert isinstance(app.stack.top, TableScene)


def test_the_bot_levels_are_those_the_preset_offers(setup: SetupScene, monkeypatch: object
                                                    ) -> None:
    """The seat's levels come from ``bots.levels_for``: where a preset offers the expert,
    the setup does too; a level the preset does not offer goes back to the default."""
    from rami_desktop.bots import levels_for
    from rami_desktop.ui.scenes import setup as setup_module

    for name in PRESETS:
        setup.preset.set(name)
        assert [v for v, _t in setup.seat_rows[1].level.options] == list(levels_for(name))
    monkeypatch.setattr(setup_module, "levels_for",  # type: ignore[attr-defined]
                        lambda preset: ("easy", "medium", "hard", "expert")
                        if preset == "tallage" else ("easy", "medium", "hard"))
    setup.preset.set("tallage")
    row = setup.seat_rows[1]
    assert [v for v, _t in row.level.options][-1] == "expert"
    row.level.value = "expert"
    assert setup.game_config().seats[1].level == "expert"
    setup.preset.set("talaj")
    assert row.level.value == "medium"


def test_tallage_proposes_a_longer_match(setup: SetupScene, drive: object) -> None:
    """Tallage keeps its 201 (as the sources say); the setup proposes 500 in one click, a house
    choice said as such; the proposal goes once taken, and never shows for another preset."""
    assert not setup.proposal.button.visible
    setup.preset.set("tallage")
    drive.step()
    button = setup.proposal.button
    assert setup.rules.target == PRESETS["tallage"].target == 201 and button.visible
    assert "201" in setup.proposal.text() and "200" in setup.proposal.text()
    drive.click(button.rect.center)
    assert setup.game_config().rules.target == 500
    assert setup.rule_widgets["target"].value == 500
    assert "house" in setup.status and not button.visible
    setup.preset.set("talaj")
    drive.step()
    assert not button.visible


@pytest.mark.parametrize("size", [(800, 600), (1024, 640)])
def test_every_name_is_drawn_at_one_size(make_app: object, size: tuple[int, int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A long name shrinks to fit its field, and the other names with it: «Zineb» is not drawn
    bigger than the long name below it (at 800x600 the long name, too long even at the
    smallest size, is clipped rather than drawn smaller than the others)."""
    from rami_desktop.ui.kit import text

    from .conftest import Driver

    drive = Driver(make_app(size))
    drive.show(MenuScene(drive.app))
    setup = drive.push(SetupScene(drive.app))

    sizes: dict[str, set[int]] = {}
    original = text._render

    def record(value: str, size: int, *args: object) -> pygame.Surface:
        sizes.setdefault(strip_marks(value), set()).add(size)
        return original(value, size, *args)

    short, long = "Zineb", "Khadija Benkiran"
    setup.seat_rows[1].name.set(short)
    setup.seat_rows[2].name.set(long)
    monkeypatch.setattr(text, "_render", record)
    text.clear_cache()
    setup.draw(pygame.display.get_surface())
    body = theme.px(theme.FONT_BODY, setup.seat_rows[2].name.scale)
    drawn = {name: min(sizes[name]) for name in (short, long)}  # after any size tried
    assert drawn[long] < body  # the long name had to shrink
    assert drawn[short] == drawn[long]
