"""The tutorial package is pure: it loads and checks its lessons where pygame cannot load."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_tutorial_imports_and_loads_without_pygame_nor_ui() -> None:
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "from rami_desktop.play.tutorial.coach import LessonRun\n"
        "from rami_desktop.play.tutorial.lessons import load_lessons\n"
        "from rami_desktop.play.tutorial.facts import coach_values\n"
        "assert len(load_lessons()) == 7\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('rami_desktop.ui', "
        "'rami_desktop.i18n', 'rami_desktop.storage')))\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"
