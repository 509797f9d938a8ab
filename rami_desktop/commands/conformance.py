"""Run rules scenarios (CONFORMANCE.md): ``python -m rami_desktop.conformance [--json] PATH...``.

PASS/FAIL mode checks each file's expectations and exits 0 iff all pass; ``--json`` prints what
happened, one object per scenario. A file that is not a valid scenario is not played: one line
names the file and the fault, and the exit code is 2. That covers whatever a file may hold: not
UTF-8, not JSON, nested too deeply, numbers of thousands of digits, a field of the wrong type, an
unknown preset, card, ``expect`` code or ``expect_round``/``expect_match`` key, a FIFO or a file
over 1 MB (docs/dev/bad-inputs.md).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action, action_from_dict
from ..engine.cards import Card, CardCodeError, parse_cards
from ..engine.deal import check_deal, complete_stock
from ..engine.errors import ErrorCode, RuleError
from ..engine.match import standings
from ..engine.rules import PRESETS, Rules
from ..engine.state import RoundState
from ..storage.atomic import NotAFileError, read_regular_file
from .arguments import OneLineParser, safe_output, shown

STOCK_SEED = 20261130
#: What a step's ``expect`` may say.
EXPECT_CODES: frozenset[str] = frozenset({"ok"} | {code.value for code in ErrorCode})
#: The keys ``expect_round`` and ``expect_match`` may check (those of the report).
EXPECT_KEYS: dict[str, frozenset[str]] = {
    "expect_round": frozenset({"over", "winner", "penalties"}),
    "expect_match": frozenset({"scores", "eliminated", "over", "winner"}),
}
#: Match scores beyond this are not a game's (and would print as walls of digits).
MAX_SCORE = 10**9
#: Files larger than this are not scenarios.
MAX_BYTES = 1024 * 1024


#: What each expected value must be (a value of another shape could never be met).
EXPECT_SHAPES: dict[str, str] = {
    "over": "must be true or false",
    "winner": "must be a seat number, a list of seat numbers or null",
    "penalties": f"must be one number of at most {MAX_SCORE} a player",
    "scores": f"must be one number of at most {MAX_SCORE} a player",
    "eliminated": "must be a list of seat numbers",
}


class ScenarioError(ValueError):
    """The file is not a valid scenario."""


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario, ready to play."""

    name: str
    rules: Rules
    hands: list[list[Card]]
    talaj: list[Card]
    stock: list[Card]
    dealer: int
    scores: list[int]
    steps: list[tuple[Action, str | None]]
    expect_round: dict[str, Any] | None
    expect_match: dict[str, Any] | None


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{what} must be a list of card codes")
    try:
        return list(parse_cards(value))
    except CardCodeError as exc:
        raise ScenarioError(f"unknown card code {str(exc)!r} in {what}") from exc


def parse_scenario(data: Any) -> Scenario:
    """Check a scenario's JSON data and build it.

    Raises:
        ScenarioError: naming the fault.
    """
    if not isinstance(data, dict):
        raise ScenarioError("not a JSON object")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise ScenarioError("name must be text")
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise ScenarioError("preset must be a preset name")
    if preset not in PRESETS:
        raise ScenarioError(f"unknown preset {_short(preset)}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ScenarioError("options must be an object")
    if options.get("preset", preset) != preset:
        raise ScenarioError("options cannot change the preset")
    try:
        rules = PRESETS[preset].with_options(**options)
    except (TypeError, ValueError) as exc:
        raise ScenarioError(_short(str(exc), quote=False)) from exc
    players = data.get("players")
    hands_data = data.get("hands")
    if not isinstance(hands_data, list):
        raise ScenarioError("hands must be a list of hands")
    if players is None:
        players = len(hands_data)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ScenarioError("players must be a number from 2 to 6")
    if len(hands_data) != players:
        raise ScenarioError(f"{len(hands_data)} hands for {players} players")
    if rules.teams and players != 4:
        raise ScenarioError("teams need exactly 4 players")
    dealer = data.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ScenarioError("dealer must be a seat number")
    hands = [_cards(h, f"hand {i}") for i, h in enumerate(hands_data)]
    talaj = _cards(data.get("talaj", []), "talaj")
    stock = _cards(data.get("stock", []), "stock")
    try:
        check_deal(rules, hands, talaj, stock, dealer)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from exc
    scores = data.get("scores", [0] * players)
    if (not isinstance(scores, list) or len(scores) != players
            or not all(isinstance(s, int) and not isinstance(s, bool) and abs(s) <= MAX_SCORE
                       for s in scores)):
        raise ScenarioError(f"scores must be {players} numbers of at most {MAX_SCORE}")
    steps_data = data.get("steps", [])
    if not isinstance(steps_data, list):
        raise ScenarioError("steps must be a list")
    steps: list[tuple[Action, str | None]] = []
    for i, step in enumerate(steps_data):
        try:
            action = action_from_dict(step)
        except (ValueError, CardCodeError) as exc:
            raise ScenarioError(f"step {i}: {_short(str(exc), quote=False)}") from exc
        expect = step.get("expect")
        if expect is not None and (not isinstance(expect, str) or expect not in EXPECT_CODES):
            raise ScenarioError(f"step {i}: unknown expect code {_short(expect)}")
        steps.append((action, expect))
    for key, allowed in EXPECT_KEYS.items():
        section = data.get(key)
        if section is None:
            continue
        if not isinstance(section, dict):
            raise ScenarioError(f"{key} must be an object")
        unknown = sorted(set(section) - allowed)
        if unknown:
            raise ScenarioError(f"unknown {key} key {_short(unknown[0])}")
        for field_name, value in section.items():
            if not _expectable(field_name, value, players):
                raise ScenarioError(f"{key} {field_name} {EXPECT_SHAPES[field_name]}")
    return Scenario(name, rules, hands, talaj, stock, dealer, scores, steps,
                    data.get("expect_round"), data.get("expect_match"))


def _is_number(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _expectable(field_name: str, value: Any, players: int) -> bool:
    """Whether an expected value has the shape of what the report can hold."""
    if field_name == "over":
        return isinstance(value, bool)
    if field_name in ("penalties", "scores"):
        return isinstance(value, list) and len(value) == players and all(
            _is_number(v, -MAX_SCORE, MAX_SCORE) for v in value)
    seats = isinstance(value, list) and len(value) <= players and all(
        _is_number(v, 0, players - 1) for v in value)
    if field_name == "eliminated":
        return seats
    return value is None or seats or _is_number(value, 0, players - 1)  # winner


def _short(value: Any, *, quote: bool = True, limit: int = 60) -> str:
    """Return a value for a one-line message: repr'd (or as is), cut to ``limit`` characters."""
    try:
        text = repr(value) if quote else str(value)
    except ValueError:  # an integer too long to print
        text = "a number too long to print"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def play(scenario: Scenario) -> dict[str, Any]:
    """Play a scenario's steps and report what happened (the ``--json`` object)."""
    used = [c for h in scenario.hands for c in h] + scenario.talaj
    stock = complete_stock(scenario.stock, used, random.Random(STOCK_SEED))
    n = len(scenario.hands)
    partners = [(i + 2) % 4 for i in range(4)] if scenario.rules.teams else None
    state = RoundState(scenario.rules, scenario.hands, scenario.talaj, stock, scenario.dealer,
                       STOCK_SEED, partners)
    results: list[str] = []
    for action, _ in scenario.steps:
        try:
            state.apply(action)
        except RuleError as err:
            results.append(err.code.value)
        else:
            results.append("ok")
    penalties = list(state.penalties) if state.penalties is not None else [0] * n
    scores = [s + p for s, p in zip(scenario.scores, penalties, strict=True)]
    if state.over:
        st = standings(scenario.rules, scores)
        eliminated, over, winners = list(st.eliminated), st.over, st.winners
    else:
        eliminated, over, winners = list(standings(scenario.rules, scores).eliminated), False, ()
    winner: int | list[int] | None = None
    if over:
        winner = winners[0] if len(winners) == 1 else list(winners)
    return {
        "name": scenario.name,
        "results": results,
        "round": {"over": state.over, "winner": state.winner, "penalties": penalties},
        "match": {"scores": scores, "eliminated": eliminated, "over": over, "winner": winner},
    }


def failures(scenario: Scenario, report: dict[str, Any]) -> list[str]:
    """Return what differs from the scenario's expectations (empty if it passes)."""
    out = []
    for i, ((_, expect), got) in enumerate(zip(scenario.steps, report["results"], strict=True)):
        if expect is not None and expect != got:
            out.append(f"step {i}: expected {expect}, got {got}")
    for key, section in (("expect_round", "round"), ("expect_match", "match")):
        expected = getattr(scenario, key)
        for field_name, value in (expected or {}).items():
            got = report[section].get(field_name)
            if got != value:
                out.append(f"{section}.{field_name}: expected {json.dumps(value)}, got "
                           f"{json.dumps(got)}")
    return out


def scenario_files(paths: Sequence[str]) -> list[Path]:
    """Expand the arguments: files as given, folders to their ``*.json`` files (not recursive)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        else:
            files.append(path)
    return files


def load(path: Path) -> Scenario:
    """Read and parse one scenario file.

    Raises:
        ScenarioError: unreadable, not JSON, or not a valid scenario.
    """
    if path.is_dir():
        raise ScenarioError("a folder inside a folder (folders are not searched recursively)")
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except FileNotFoundError as exc:
        raise ScenarioError("no such file") from exc
    except NotAFileError as exc:
        raise ScenarioError("not a regular file") from exc
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"larger than {MAX_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"not UTF-8 text (byte {exc.start})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
                            ) from exc
    except RecursionError as exc:
        raise ScenarioError("bad JSON: nested too deeply") from exc
    except ValueError as exc:  # the only other fault json reports: an integer too long
        raise ScenarioError("bad JSON: a number with thousands of digits") from exc
    try:
        return parse_scenario(data)
    except RecursionError as exc:
        raise ScenarioError("nested too deeply") from exc


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scenario runner; return the exit code."""
    safe_output()
    parser = OneLineParser(prog="python -m rami_desktop.conformance",
                           description="Run Rami rules scenarios.")
    parser.add_argument("--json", action="store_true", help="report what happened, as JSON")
    parser.add_argument("paths", nargs="+", metavar="PATH")
    args = parser.parse_args(argv)
    files = scenario_files(args.paths)
    if not files:
        print("no scenario files found", file=sys.stderr)
        return 2
    invalid = False
    failed = False
    for path in files:
        try:
            scenario = load(path)
        except ScenarioError as exc:
            print(f"{shown(path)}: not a valid scenario: {shown(exc)}",
                  file=sys.stderr if args.json else sys.stdout)
            invalid = True
            continue
        report = play(scenario)
        if args.json:
            print(json.dumps(report, ensure_ascii=False))
            continue
        problems = failures(scenario, report)
        label = scenario.name or path.name
        if problems:
            failed = True
            print(f"FAIL {shown(path.name)}: {shown(label)}")
            for line in problems:
                print(f"    {line}")
        else:
            print(f"PASS {shown(path.name)}: {shown(label)}")
    if invalid:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
