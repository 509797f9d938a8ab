"""Deal codes you can share: Copy on the round summary (the system clipboard), Paste and Ctrl+V
in the setup, a field as long as the longest code, and the same deal for real (the number of
seats and the teams come back with the code)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pygame
import pytest

from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import RULE_OPTIONS, preset
from rami_desktop.storage.deal_code import encode, format_code
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.setup import CODE_LENGTH, SetupScene

from .conftest import DT
from .test_round_summary import GOING_OUT, _finish
from .test_table_helpers import known_table


def _click(app: Any, widget: Any) -> None:
    at = widget.rect.center
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])


def _ctrl_v(app: Any) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL,
                                     unicode="\x16", scancode=0)])


def _setup(app: Any) -> SetupScene:
    app.stack.push(app.scene(Route.MENU))
    setup = app.scene(Route.SETUP)
    app.stack.push(setup)
    app.step(DT, [])
    assert isinstance(setup, SetupScene)
    return setup


def test_copy_puts_the_rounds_code_on_the_clipboard(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    pygame.scrap.put_text("something else")
    table = known_table(app, human=GOING_OUT)
    app.stack.clear_to(table)
    app.step(DT, [])
    _finish(table)
    for _ in range(400):
        app.step(DT, [])
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene) and summary.code
    assert summary.copy.visible and summary.copy.rect.colliderect(summary.panel.rect)
    assert not summary.copy.rect.colliderect(summary.code_rect)
    _click(app, summary.copy)
    assert pygame.scrap.get_text() == summary.code
    assert summary.copied  # the button now says so


def test_paste_brings_back_the_seats_the_teams_and_the_deal(make_app: Any) -> None:
    """A 4-seat 2 v 2 code pasted into a 5-seat setup plays the code's deal."""
    rules = preset("rami-talaj", teams=True, threshold=51)
    match = Match(rules, 4, 99)
    code = format_code(encode(match.round_seed, rules, 4))
    app = make_app((1280, 800))
    setup = _setup(app)
    setup.preset.value = "talaj"
    setup.preset_changed("talaj")
    setup.players.value = 5
    setup.players_changed(5)
    pygame.scrap.put_text(f"  {code.lower()}\nanother line")
    _click(app, setup.paste_code)
    assert setup.deal_code.value == code.lower()
    assert setup.status.startswith("Deal code loaded")
    config = setup.game_config()
    assert config.players == 4 and config.rules == rules and config.rules.teams
    again = Match(config.rules, config.players, config.seed if config.seed is not None else -1)
    assert again.round.hands == match.round.hands  # the same deal, really


def test_changing_the_seats_after_a_code_takes_back_the_promise(make_app: Any) -> None:
    app = make_app((1280, 800))
    setup = _setup(app)
    pygame.scrap.put_text(format_code(encode(5, preset("talaj"), 3)))
    _ctrl_v(app)  # no text field focused: the code is pasted and used at once
    assert setup.players.value == 3 and setup.status.startswith("Deal code loaded")
    setup.players.value = 4
    setup.players_changed(4)
    assert setup.status == ""


def test_ctrl_v_in_a_name_field_pastes_into_the_name(make_app: Any) -> None:
    app = make_app((1280, 800))
    setup = _setup(app)
    name = setup.seat_rows[0].name
    _click(app, name)
    name.value = ""
    pygame.scrap.put_text("Yasmine\tB.")
    _ctrl_v(app)
    assert name.value == "YasmineB."[: name.max_length]
    assert setup.deal_code.value == "" and setup.status == ""


def test_an_empty_clipboard_says_so(make_app: Any) -> None:
    app = make_app((1280, 800))
    setup = _setup(app)
    pygame.scrap.put_text("")
    _click(app, setup.paste_code)
    assert setup.status == "The clipboard holds no text." and setup.status_error


def test_the_field_takes_the_longest_code_the_game_can_show(make_app: Any) -> None:
    """Random setups within the steppers' ranges: each code fits; the longest is typed whole."""
    rng = random.Random(22)
    longest = ""
    for _ in range(300):
        name = rng.choice(["talaj", "rami-talaj", "tallage", "simple"])
        options: dict[str, Any] = {}
        for option, spec in RULE_OPTIONS.items():
            if spec.lo is not None and rng.random() < 0.6 \
                    and option not in ("min_players", "max_players"):
                lo, hi = spec.bounds()
                options[option] = rng.choice(spec.values) if spec.values else rng.randint(lo, hi)
        for option in ("rising_bar", "last_card_lock", "rami_sec", "redeal", "teams"):
            if rng.random() < 0.5:
                options[option] = rng.random() < 0.5
        try:
            rules = preset(name, **options)
        except ValueError:
            continue
        code = format_code(encode(rng.randrange(2**32), rules, rng.randint(2, 6)))
        longest = max(longest, code, key=len)
    assert len(longest) > 24  # longer than the field took before
    assert len(longest) <= CODE_LENGTH
    app = make_app((1024, 640))
    setup = _setup(app)
    _click(app, setup.deal_code)
    app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text=longest)])
    assert setup.deal_code.value == longest
    _click(app, setup.apply_code)
    assert setup.status.startswith("Deal code loaded")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_code_bar_fits_beside_back_and_start(make_app: Any, size: tuple[int, int]) -> None:
    setup = _setup(make_app(size))
    bar = [setup.deal_code, setup.apply_code, setup.paste_code, setup.back_button,
           setup.start_button]
    for left, right in itertools.pairwise(bar):
        assert left.rect.right <= right.rect.left, (left, right)
