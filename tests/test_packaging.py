"""Packaging (issue 7): the CI workflow, the spec, the icons, and (slow) a real bundle build.

The slow test runs ``tools/build.py --no-venv`` (the running Python instead of a clean venv, to
save CI minutes; the script itself makes the clean venv by default): PyInstaller with
``build.spec``, the archive, the smoke test of the unpacked bundle and the start-up timing.
"""

from __future__ import annotations

import ast
import os
import re
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
BUILD_COMMAND = "python tools/build.py"
SYSTEMS = ("ubuntu-22.04", "windows-latest", "macos-14")
BUNDLE_GOAL_MB = 60.0


# ---------------------------------------------------------------------------- a tiny YAML reader
class _Line:
    def __init__(self, number: int, indent: int, text: str) -> None:
        self.number, self.indent, self.text = number, indent, text


def _strip_comment(text: str) -> str:
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _scalar(text: str) -> Any:
    text = text.strip()
    if text in ("", "~", "null"):
        return None
    if text in ("true", "false"):
        return text == "true"
    if text[0] in "'\"":
        if text[-1] != text[0] or len(text) < 2:
            raise ValueError(f"unclosed quote: {text}")
        return text[1:-1].replace("''", "'") if text[0] == "'" else ast.literal_eval(text)
    if text.startswith("["):
        if not text.endswith("]"):
            raise ValueError(f"unclosed flow sequence: {text}")
        inner = text[1:-1].strip()
        return [_scalar(part) for part in inner.split(",")] if inner else []
    if text.startswith(("{", "&", "*", "!")):
        raise ValueError(f"unsupported YAML: {text}")
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _split_key(text: str) -> tuple[str, str] | None:
    found = re.match(r"([A-Za-z0-9_.$-][^:]*?):(?:\s+(.*)|$)", text)
    if not found:
        return None
    return found.group(1), found.group(2) or ""


def parse_yaml_subset(source: str) -> Any:
    """Parse the block YAML a workflow uses (mappings, sequences, scalars, ``|``/``>`` blocks).

    Raises:
        ValueError: tabs, bad indentation or a construct outside the subset, with the line.
    """
    raw = source.splitlines()
    lines: list[_Line] = []
    for number, line in enumerate(raw, 1):
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise ValueError(f"line {number}: tab in indentation")
        text = _strip_comment(line)
        if text.strip():
            lines.append(_Line(number, len(text) - len(text.lstrip()), text.strip()))

    def block_scalar(start: _Line, style: str, parent_indent: int) -> tuple[str, int]:
        body: list[str] = []
        indent = None
        n = start.number  # raw index of the next line
        while n < len(raw):
            line = raw[n]
            if line.strip():
                width = len(line) - len(line.lstrip())
                if width <= parent_indent:
                    break
                indent = width if indent is None else indent
                body.append(line[indent:])
            else:
                body.append("")
            n += 1
        while body and not body[-1]:
            body.pop()
        folded = style.startswith(">")
        text = " ".join(part.strip() for part in body) if folded else "\n".join(body)
        if not style.endswith("-"):
            text += "\n"
        return text, n

    pos = 0

    def skip_to_raw(n: int) -> None:
        nonlocal pos
        while pos < len(lines) and lines[pos].number <= n:
            pos += 1

    def value_after(line: _Line, rest: str, indent: int) -> Any:
        nonlocal pos
        if rest in ("|", "|-", ">", ">-"):
            text, n = block_scalar(line, rest, indent)
            skip_to_raw(n)
            return text
        if rest:
            return _scalar(rest)
        if pos < len(lines) and lines[pos].indent > indent:
            return block(lines[pos].indent)
        if pos < len(lines) and lines[pos].indent == indent and lines[pos].text.startswith("-"):
            return block(indent)  # a sequence may sit at its key's indentation
        return None

    def mapping(indent: int, first: tuple[str, str] | None = None,
                first_line: _Line | None = None) -> dict[str, Any]:
        nonlocal pos
        out: dict[str, Any] = {}
        if first is not None and first_line is not None:
            out[first[0]] = value_after(first_line, first[1], indent)
        while pos < len(lines) and lines[pos].indent == indent:
            line = lines[pos]
            if line.text.startswith("- ") or line.text == "-":
                break
            pair = _split_key(line.text)
            if pair is None:
                raise ValueError(f"line {line.number}: expected 'key: value'")
            if pair[0] in out:
                raise ValueError(f"line {line.number}: duplicate key {pair[0]!r}")
            pos += 1
            out[pair[0]] = value_after(line, pair[1], indent)
        if pos < len(lines) and lines[pos].indent > indent:
            raise ValueError(f"line {lines[pos].number}: unexpected indentation")
        return out

    def sequence(indent: int) -> list[Any]:
        nonlocal pos
        out: list[Any] = []
        while pos < len(lines) and lines[pos].indent == indent and (
                lines[pos].text.startswith("- ") or lines[pos].text == "-"):
            line = lines[pos]
            item = line.text[1:].strip()
            pos += 1
            pair = _split_key(item) if item and item[0] not in "'\"[" else None
            if pair is not None:
                inner = indent + 2
                if pos < len(lines) and lines[pos].indent > indent:
                    inner = lines[pos].indent
                out.append(mapping(inner, pair, line))
            elif item:
                out.append(_scalar(item))
            else:
                out.append(block(lines[pos].indent) if pos < len(lines)
                           and lines[pos].indent > indent else None)
        return out

    def block(indent: int) -> Any:
        line = lines[pos]
        if line.text.startswith("- ") or line.text == "-":
            return sequence(indent)
        return mapping(indent)

    if not lines:
        return None
    result = block(lines[0].indent)
    if pos != len(lines):
        raise ValueError(f"line {lines[pos].number}: could not parse")
    return result


def load_workflow() -> dict[str, Any]:
    """The workflow, read with PyYAML when it is installed (it is not a dependency), else with
    the reader above; ``on`` is the key of the triggers either way."""
    text = WORKFLOW.read_text(encoding="utf-8")
    data = parse_yaml_subset(text)
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return data
    loaded = yaml.safe_load(text)
    if True in loaded:  # YAML 1.1 reads the key "on" as true
        loaded["on"] = loaded.pop(True)
    assert loaded == data, "the small YAML reader disagrees with PyYAML"
    return loaded


# ---------------------------------------------------------------------------- fast tests
def test_yaml_reader_reads_the_subset() -> None:
    text = """
# comment
a: 1
b:
  - x
  - "y # not a comment"
  - k: v
    l: [p, 'q']
c: |
  one
  two
d: >-
  folded
  text
e:
"""
    assert parse_yaml_subset(text) == {
        "a": 1, "b": ["x", "y # not a comment", {"k": "v", "l": ["p", "q"]}],
        "c": "one\ntwo\n", "d": "folded text", "e": None,
    }
    with pytest.raises(ValueError):
        parse_yaml_subset("a: 1\n\tb: 2\n")
    with pytest.raises(ValueError):
        parse_yaml_subset("a: 1\n    b: 2\n")


def test_workflow_builds_on_every_system_with_the_build_script() -> None:
    wf = load_workflow()
    triggers = wf["on"]
    assert "v*" in triggers["push"]["tags"]
    jobs = wf["jobs"]
    builders = {name: job for name, job in jobs.items() if name != "release"}
    assert builders, "no build job"
    systems: list[str] = []
    for name, job in builders.items():
        runs = [step.get("run", "") for step in job["steps"]]
        assert any(r.strip() == BUILD_COMMAND for r in runs), f"{name} does not run the build"
        uses = [step.get("uses", "") for step in job["steps"]]
        assert any(u.startswith("actions/setup-python@") for u in uses)
        assert any(u.startswith("actions/upload-artifact@") for u in uses)
        python = next(s["with"]["python-version"] for s in job["steps"]
                      if s.get("uses", "").startswith("actions/setup-python@"))
        assert str(python) == "3.11"
        matrix = job.get("strategy", {}).get("matrix", {}).get("os")
        systems += matrix if matrix else [job["runs-on"]]
    assert sorted(systems) == sorted(SYSTEMS)
    release = jobs["release"]
    assert release["needs"] == "build" or "build" in release["needs"]
    assert "refs/tags/v" in release["if"]
    assert release["permissions"]["contents"] == "write"


def test_spec_bundles_the_game_files_and_leaves_out_heavy_libraries() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    ast.parse(spec)  # it is Python
    for needed in ('"rami_desktop/assets"', '"rami_desktop/locales"', 'NAME = "Rami"',
                   "console=False", "BUNDLE(", 'BUNDLE_ID = "ma.rami.desktop"', "rami.ico",
                   "rami.icns", "VSVersionInfo"):
        assert needed in spec, needed
    for heavy in ("numpy", "PIL", "tkinter", "PyQt5", "PySide6"):
        assert f'"{heavy}"' in spec, f"{heavy} is not excluded"
    assert "onefile" not in spec.lower()


def test_icons_are_valid_files() -> None:
    icons = ROOT / "packaging" / "icons"
    png = (icons / "rami.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (512, 512)
    ico = (icons / "rami.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (icons / "rami.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)


def test_desktop_entry() -> None:
    text = (ROOT / "packaging" / "linux" / "rami.desktop").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert keys["Type"] == "Application" and keys["Name"] == "Rami"
    assert keys["Exec"] and keys["Icon"] and keys["Terminal"] == "false"
    assert keys["Categories"].endswith(";") and "Game" in keys["Categories"]
    script = ROOT / "packaging" / "linux" / "install-desktop-entry.sh"
    assert script.read_text(encoding="utf-8").startswith("#!/bin/sh")


def test_build_script_answers_help() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--help"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "--no-venv" in proc.stdout


def test_smoke_test_passes_from_source(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RAMI_SMOKE_LOG=str(tmp_path / "smoke.log"))
    proc = subprocess.run([sys.executable, "-m", "rami_desktop", "--smoke-test"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = (tmp_path / "smoke.log").read_text(encoding="utf-8")
    assert "smoke: passed" in report
    for check in ("cards", "sounds", "fonts", "licences", "languages", "bots", "storage",
                  "scenes"):
        assert f"smoke: ok {check} " in report, check


# ---------------------------------------------------------------------------- the real build
@pytest.mark.slow
def test_build_the_bundle_of_this_system_and_smoke_test_it(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    dist, work = tmp_path / "dist", tmp_path / "build"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build.py"), "--no-venv",
         "--dist", str(dist), "--work", str(work)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-6000:]
    assert "smoke: passed" in output, output[-4000:]
    figures = dict(re.findall(r"^(bundle_mb|startup_s)=([0-9.]+)$", proc.stdout, re.MULTILINE))
    assert set(figures) == {"bundle_mb", "startup_s"}, proc.stdout[-2000:]
    print(f"bundle_mb={figures['bundle_mb']} startup_s={figures['startup_s']}")
    assert float(figures["bundle_mb"]) <= BUNDLE_GOAL_MB  # a size, not a timing
    archives = sorted(dist.glob("Rami-*.*"))
    assert len(archives) == 1, archives
    archive = archives[0]
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tf:
            names = set(tf.getnames())
        assert {"Rami/Rami", "Rami/rami.desktop", "Rami/rami.png"} <= names
    else:
        with zipfile.ZipFile(archive) as zf:
            names = set(zf.namelist())
    joined = "\n".join(names)
    assert "rami_desktop/assets/cards/back.png" in joined
    assert "rami_desktop/assets/fonts/OFL.txt" in joined
    assert re.search(r"rami_desktop/locales/fr/LC_MESSAGES/rami\.mo", joined)
    for heavy in ("numpy", "PIL/", "tkinter", "libtk", "Qt5", "Qt6"):
        assert heavy not in joined, f"{heavy} is in the bundle"
