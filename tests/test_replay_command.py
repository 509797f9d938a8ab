"""``rami --replay FILE`` and ``python -m rami_desktop.sim --keep DIR``: each kept round is a
file the replay reads; a damaged or missing file is refused in one line, exit 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rami_desktop.__main__ import main
from rami_desktop.commands.sim import Tally, play_round
from rami_desktop.commands.sim import main as sim_main
from rami_desktop.play.review.replay import Replay
from rami_desktop.storage.round_files import read_round


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    """The file of one simulated round (``--keep``)."""
    folder = tmp_path / "kept"
    folder.mkdir()
    state = play_round("talaj", ("easy", "easy"), 5, 0, Tally(), keep=str(folder))
    assert state.over
    (path,) = folder.iterdir()
    replay, problem = read_round(path, Replay.of_record)
    assert problem is None and replay is not None
    assert replay.final.snapshot() == state.snapshot()
    return path


def test_a_damaged_round_file_is_refused_in_one_line(tmp_path: Path, kept: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(kept.read_bytes()[:-40])
    assert main(["--replay", str(bad)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"rami: cannot replay {bad}: damaged"]
    assert main(["--replay", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(": missing")


@pytest.mark.slow
def test_a_kept_round_opens_and_its_frame_is_saved(tmp_path: Path, kept: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("RAMI_HOME", str(tmp_path / "home"))
    shot = tmp_path / "replay.png"
    assert main(["--replay", str(kept), "--frames", "2", "--screenshot", str(shot),
                 "--size", "800x600", "--lang", "en"]) == 0
    assert shot.stat().st_size > 1000


def test_keep_must_name_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        sim_main(["--rounds", "1", "--keep", str(tmp_path / "nowhere")])
    assert stop.value.code == 2
    assert "is not a folder" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "nowhere")
