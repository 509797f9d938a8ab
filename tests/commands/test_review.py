"""``python -m rami_desktop.review FILE [--lang L] [--json]``: every seat's findings of a saved
match or of a kept round, as JSON or in words; a bad file is one line and exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.commands.review import main
from rami_desktop.commands.sim import Tally, new_round
from rami_desktop.engine.state import RoundState
from rami_desktop.play.keep.persist import game_payload
from rami_desktop.play.review.round_review import review_round
from rami_desktop.play.view.findings import FindingKind
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import save_match

KINDS = {k.value for k in FindingKind}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, object]]]:
    """A kept round (made once for the module)."""
    return _kept_round(Paths.under(tmp_path_factory.mktemp("home")))


def _kept_round(paths: Paths, seed: int = 2) -> tuple[Path, list[dict[str, object]]]:
    """A finished round of bots saved in the autosave's format, and its findings."""
    session = new_round("talaj", ("easy", "easy"), seed, 0, Tally())
    session.play_round()
    assert session.round.over
    assert save_match(paths, game_payload(session.config, session.match)) is None
    dealt = RoundState.from_dict({**session.round.to_dict(), "log": []})
    found = review_round(dealt, list(session.round.log), range(2))
    session.close()
    return paths.match_file, [f.to_dict() for f in found]


def test_a_kept_round_prints_its_findings_as_json(
        kept: tuple[Path, list[dict[str, object]]], capsys: pytest.CaptureFixture[str]) -> None:
    path, expected = kept
    assert main([str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed and [{k: v for k, v in f.items() if k != "round"} for f in printed] == \
        sorted(expected, key=lambda f: f["seat"])
    for f in printed:
        assert f["round"] == 1 and f["kind"] in KINDS
        assert isinstance(f["seat"], int) and isinstance(f["turn"], int)
        assert isinstance(f["points"], int) and all(isinstance(c, str) for c in f["cards"])


def test_the_words_follow_the_language(kept: tuple[Path, list[dict[str, object]]],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path, _expected = kept
    try:
        assert main([str(path), "--lang", "fr"]) == 0
    finally:
        from rami_desktop.i18n import set_language
        set_language("en")
    out = capsys.readouterr().out
    assert out.startswith("Manche 1\n") and "Youssef" in out  # a bot named from the language


@pytest.mark.slow
def test_the_module_runs_from_the_command_line(
        kept: tuple[Path, list[dict[str, object]]]) -> None:
    path, expected = kept
    done = subprocess.run([sys.executable, "-m", "rami_desktop.review", str(path), "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == len(expected)


@pytest.mark.parametrize("content", [None, "folder", "fifo", b"\x00\xff", b"[1, 2]",
                                     b'{"format": "rami-save", "version": 1, "match": {}}'])
def test_a_bad_file_is_one_line_and_exit_2(tmp_path: Path, content: object,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "round.json"
    if content == "folder":
        path.mkdir()
    elif content == "fifo":
        os.mkfifo(path)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    with pytest.raises(SystemExit) as done:
        main([str(path), "--json"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m rami_desktop.review: ")


def test_every_finished_round_of_a_saved_match_is_reviewed() -> None:
    from rami_desktop.play.review.match_review import review_document

    session = new_round("talaj", ("easy", "easy"), 5, 0, Tally())
    session.play_round()
    session.next_round()

    def document() -> dict[str, object]:
        return {"format": "rami-save", "version": 1,
                "match": game_payload(session.config, session.match)}

    assert [r.number for r in review_document(document())] == [1]  # round 2 is still on
    session.play_round()
    reviews = review_document(document())
    assert [r.number for r in reviews] == [1, 2]
    second = RoundState.from_dict({**session.round.to_dict(), "log": []})
    assert reviews[1].findings == tuple(sorted(review_round(
        second, list(session.round.log), range(2), list(session.match.seats)),
        key=lambda f: f.seat))
    session.close()
