"""The ``python -m rami_desktop.solver`` command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rami_desktop.commands.solver import main
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.rules import TALAJ
from rami_desktop.engine.solver import best_opening, least_penalty

ROOT = Path(__file__).resolve().parents[2]
HAND = "KS KH KD 8H 9H 10H JH QH 2C 4D 5H 7S 3S 6C"


def run(text: str, *args: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = main([*args, "-"], stdin=io.StringIO(text), stdout=out)
    return code, out.getvalue().splitlines()


def test_json_lines() -> None:
    code, lines = run(f"{HAND}\n\nAH 2H 3H\n", "--json")
    assert code == 0
    first, second = (json.loads(line) for line in lines)
    assert first["opening"]["points"] == 77
    assert sorted(first["opening"]["melds"]) == [["8H", "9H", "10H", "JH", "QH"],
                                                 ["KS", "KH", "KD"]]
    assert first["least_penalty"]["penalty"] == 60
    assert second["opening"] is None
    assert second["least_penalty"] == {"penalty": 0, "melds": [["AH", "2H", "3H"]], "rest": []}


def test_bad_lines_go_on_and_exit_2() -> None:
    code, lines = run(f"KS KS KS\n{HAND}\nZZ 2H\n", "--json")
    assert code == 2
    answers = [json.loads(line) for line in lines]
    assert "error" in answers[0] and "KS" in answers[0]["error"]
    assert answers[1]["opening"]["points"] == 77
    assert "error" in answers[2] and "ZZ" in answers[2]["error"]


def test_round_trip() -> None:
    """The JSON answer rebuilds to the same hand and agrees with the library."""
    hand = "QH KH AH AS AD AC 2H 3H JK 9C"
    _, lines = run(hand + "\n", "--json")
    answer = json.loads(lines[0])
    cards = parse_cards(hand.split())
    opening = best_opening(cards)
    assert opening is not None
    assert answer["opening"]["points"] == opening.points
    laid = [c for meld in answer["opening"]["melds"] for c in meld] + answer["opening"]["rest"]
    assert sorted(laid) == sorted(hand.split())
    arr = least_penalty(cards, TALAJ)
    assert answer["least_penalty"]["penalty"] == arr.penalty
    again = [c for meld in answer["least_penalty"]["melds"] for c in meld]
    again += answer["least_penalty"]["rest"]
    assert sorted(again) == sorted(hand.split())
    # feeding the answer's cards back gives the same answer
    _, lines2 = run(" ".join(answer["hand"]) + "\n", "--json")
    assert json.loads(lines2[0])["opening"] == answer["opening"]


def test_readable_output() -> None:
    code, lines = run(HAND + "\nXX\n")
    assert code == 2
    assert "opening 77" in lines[0] and "least penalty 60" in lines[0]
    assert lines[1].startswith("error:")


def test_module_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "rami_desktop.solver", "--json", "-"],
                          input=HAND + "\n", capture_output=True, text=True, cwd=ROOT,
                          timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["opening"]["points"] == 77
