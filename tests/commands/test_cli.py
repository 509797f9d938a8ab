"""The terminal game: commands piped to stdin, a few turns, quitting cleanly."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.commands import cli
from rami_desktop.engine.actions import Action, Discard, Draw, Redeal
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation
from rami_desktop.i18n import set_language
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.play.game.config import seat_name
from rami_desktop.play.game.people import PEOPLE, bot_people, is_person_name

REPO = Path(__file__).resolve().parents[2]


def run_game(commands: str, preset_name: str = "talaj", players: int = 2, seed: int = 7,
             first_dealer: int | None = 0, level: str = "easy") -> tuple[int, str, cli.Game]:
    out = io.StringIO()
    game = cli.Game(preset_name, players, seed, level, io.StringIO(commands), out,
                    first_dealer=first_dealer)
    code = game.play()
    return code, out.getvalue(), game


def test_subprocess_help_draw_discard_quit() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rami_desktop.cli", "--seed", "5", "--players", "3"],
        input="h\nd\nx 1\nd\nx 1\nq\n", capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "Your hand: 1:" in proc.stdout
    assert "d: draw from the stock" in proc.stdout
    assert proc.stdout.rstrip().endswith("Goodbye.")


def test_end_of_input_quits_cleanly() -> None:
    proc = subprocess.run([sys.executable, "-m", "rami_desktop.cli", "--seed", "1"],
                          input="", capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 0
    assert "Goodbye." in proc.stdout


def test_bad_player_count_exits_2() -> None:
    assert cli.main(["--preset", "talaj", "--players", "6"]) == 2


def test_dealer_turn_errors_then_draw_and_discard() -> None:
    code, out, game = run_game("x 1\nt\nd\nd\nm 1 2\nx 1\nq\n")
    assert code == 0
    assert error_message("draw_first") in out
    assert error_message("already_drew") in out
    assert error_message("invalid_meld") in out or error_message("card_not_in_hand") in out
    assert game.session.match.round.discards[0][0] == game.session.match.player_of(0)
    # the bot played its turn, then it was the human's turn again
    assert f"{game.names[1]} draws from the stock." in out
    assert f"{game.names[1]} discards" in out
    st = game.session.match.round
    assert st.turn == 2 and st.current == game.session.match.player_of(0)


def test_hand_is_sorted_and_numbered() -> None:
    _, out, game = run_game("q\n")
    line = next(x for x in out.splitlines() if x.startswith("Your hand:"))
    shown = [item.split(":")[1] for item in line.split(":", 1)[1].split()]
    hand = game.session.match.round.hands[0]
    assert sorted(shown) == sorted(c.code for c in hand)
    assert [c.code for c in game.view] == shown
    numbers = [int(item.split(":")[0]) for item in line.split(":", 1)[1].split()]
    assert numbers == list(range(1, len(hand) + 1))


def test_start_without_drawing_in_tallage() -> None:
    code, out, _ = run_game("d\nx 1\nq\n", preset_name="tallage")
    assert code == 0
    assert error_message("no_draw_now") in out
    assert "Talaj top:" in out


def test_unknown_command_and_bad_index() -> None:
    _, out, _ = run_game("zz\nx 40\nm a b\nq\n")
    assert out.count("Unknown command or card number") == 3


def test_table_shows_numbered_combinations() -> None:
    # a dealt round where seat 0 can lay a série at once: found by scanning seeds
    for seed in range(200):
        game = cli.Game("talaj", 2, seed, "easy", io.StringIO(""), io.StringIO(), 0)
        hand = sorted(game.session.match.round.hands[0], key=cli.sort_key_suit)
        for i in range(len(hand) - 2):
            a, b, c = hand[i:i + 3]
            if (not a.is_joker and a.suit == b.suit == c.suit
                    and b.rank == a.rank + 1 and c.rank == b.rank + 1):
                cmds = f"d\nm {i + 1} {i + 2} {i + 3}\nq\n"
                _code, out, _g = run_game(cmds, seed=seed)
                if "[0] You:" in out:
                    assert "(this turn)" in out
                    return
    pytest.fail("no seed with a série in the first hand")


def test_rescue_ends_a_stuck_bot_turn() -> None:
    class Stubborn:
        """Takes the talaj top card (refused: it cannot lay it), then discards at random."""

        level = "stubborn"

        def __init__(self) -> None:
            self.refused_codes: list[ErrorCode] = []

        def act(self, obs: Observation, rng: random.Random) -> Action:
            return Discard(obs.player, obs.hand[0]) if obs.has_drawn else Draw(obs.player, "top")

        def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
            return False

        def refused(self, action: Action, code: ErrorCode) -> None:
            self.refused_codes.append(code)

    out = io.StringIO()
    game = cli.Game("talaj", 2, 3, "easy", io.StringIO("d\nx 1\nq\n"), out, first_dealer=1)
    stubborn = Stubborn()
    game.bots[1] = stubborn
    assert game.play() == 0
    assert f"{game.names[1]} draws from the stock." in out.getvalue()
    assert f"{game.names[1]} discards" in out.getvalue()
    rescues = game.session.driver.stats.rescues
    assert rescues >= 1 and len(stubborn.refused_codes) == 3 * rescues


def test_bots_ask_for_redeals_through_the_engine() -> None:
    for seed in range(300):
        out = io.StringIO()
        game = cli.Game("rami-talaj", 3, seed, "hard", io.StringIO("q\n"), out, first_dealer=0)
        game.maybe_redeal()
        if game.session.driver.stats.redeals:
            assert "asks for a new deal." in out.getvalue()
            assert isinstance(game.session.match.round.log[0], Redeal)
            return
    pytest.fail("no seed where a bot asked for a new deal")


def test_unknown_level_is_refused() -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--level", "wizard"])


@pytest.mark.parametrize("language", ["en", "fr", "ar_MA"])
def test_bots_are_named_as_the_table_names_them(language: str) -> None:
    """The text mode names each bot as the table does (a person's name in the language
    shown, never "Bot 2"), in its lines about the bots' moves and in the round's result."""
    set_language(language)
    try:
        code, out, game = run_game("d\nx 1\nq\n", players=4)
        table_names = [seat_name(game.table.config, s) for s in range(4)]
    finally:
        set_language("en")
    assert code == 0
    assert game.names[1:] == table_names[1:]
    assert len(set(game.names)) == 4
    for name in game.names[1:]:
        assert is_person_name(name)
        assert name == next(p for p in PEOPLE if name in p.spellings()).name(language)
    assert "Bot" not in out and "بوت" not in out
    # the lines telling a bot's moves (the lines of the table name the human too)
    for name in game.names[1:]:
        assert any(name in line and game.names[0] not in line for line in out.splitlines())


def test_lang_option_speaks_darija_with_the_tables_names() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rami_desktop.cli", "--seed", "5", "--players", "3",
         "--lang", "ar_MA"], input="d\nx 1\nq\n", capture_output=True, text=True, cwd=REPO,
        timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert proc.returncode == 0, proc.stderr
    names = [p.name("ar_MA") for p in bot_people(((False, None), (True, None), (True, None)))
             .values()]
    assert len(names) == 2
    assert all(name in proc.stdout for name in names)
    assert "Bot" not in proc.stdout
    assert "Your hand" not in proc.stdout  # the words are darija's too
