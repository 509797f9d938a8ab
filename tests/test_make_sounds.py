"""tools/make_sounds.py makes the sounds committed: the winner's moment's sound drawn again is
the file in assets/sounds (a sample's rounding apart), short and not clipped."""

from __future__ import annotations

import importlib.util
import sys
import wave
from array import array
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_sounds"] = module
    spec.loader.exec_module(module)
    return module


def test_the_celebration_sound_is_the_one_the_script_makes() -> None:
    script = _script()
    assert "celebrate" in script.SOUNDS
    made = [max(-32767, min(32767, round(v * 32767))) for v in script.make_celebrate()]
    with wave.open(str(ROOT / "assets" / "sounds" / "celebrate.wav"), "rb") as wav:
        kept = array("h", wav.readframes(wav.getnframes()))
        seconds = wav.getnframes() / wav.getframerate()
    assert len(made) == len(kept) and seconds <= 1.5
    assert max(abs(a - b) for a, b in zip(made, kept, strict=True)) <= 1
