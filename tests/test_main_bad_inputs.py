"""``rami`` / ``python -m rami_desktop`` on bad command-line input: one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from rami_desktop.__main__ import main


def test_screenshot_into_a_missing_folder(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing" / "shot.png"
    assert main(["--frames", "1", "--screenshot", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"rami: cannot save the screenshot: no folder {target.parent}"]
    assert not target.parent.exists()
