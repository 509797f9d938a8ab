"""Packaging: the CI workflows (checked by actionlint on GitHub), the extras they install, the
icons, and (slow) a real bundle build, which checks what the spec puts in the bundle.

The slow test runs ``tools/build.py --no-venv`` (the running Python instead of a clean venv, to
save CI minutes; the script itself makes the clean venv by default): PyInstaller with
``build.spec``, the archive, the smoke test of the unpacked bundle and the start-up timing.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
BUILD_COMMAND = "python tools/build.py"
SYSTEMS = ("ubuntu-22.04", "windows-latest", "macos-14")


def _tool_goal_mb() -> float:
    """The bundle's bar as ``tools/build.py`` states it (one figure for the tool and the test)."""
    found = re.search(r"^GOAL_MB = ([0-9.]+)$",
                      (ROOT / "tools" / "build.py").read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None
    return float(found.group(1))


BUNDLE_GOAL_MB = _tool_goal_mb()


# ---------------------------------------------------------------------------- the workflows
def test_workflows_are_checked_by_actionlint_in_ci() -> None:
    """GitHub runs the official actionlint image on every workflow file (job ``workflows``)."""
    text = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    job = text.split("\n  workflows:", 1)[1].split("\n  checks:", 1)[0]
    assert "uses: docker://rhysd/actionlint:" in job
    assert {f.name for f in WORKFLOWS.glob("*.yml")} >= {"build.yml", "tests.yml"}


def _steps_running(text: str) -> list[str]:
    """The ``run:`` commands of a workflow, one per step (single-line commands)."""
    return [m.group(1).strip() for m in re.finditer(r"^\s+(?:- )?run: (.+)$", text, re.M)]


def test_build_workflow_builds_on_every_system_with_the_build_script() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    assert '"v*"' in text  # a tag builds a release
    assert BUILD_COMMAND in _steps_running(text)
    matrix = re.search(r"^\s+os: \[(.+)\]$", text, re.M)
    assert matrix is not None
    assert sorted(s.strip() for s in matrix.group(1).split(",")) == sorted(SYSTEMS)
    assert 'python-version: "3.11"' in text
    assert "actions/upload-artifact@" in text
    assert "needs: build" in text and "startsWith(github.ref, 'refs/tags/v')" in text
    assert "contents: write" in text


def test_windows_job_makes_the_installer_with_the_nsis_script_proven_under_wine() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    assert "choco install nsis" in text
    assert 'makensis.exe" packaging\\windows\\rami.nsi' in text
    assert "dist/Rami-*-setup.exe" in text
    nsi = (ROOT / "packaging" / "windows" / "rami.nsi").read_text(encoding="utf-8")
    assert "RequestExecutionLevel user" in nsi
    assert r"$LOCALAPPDATA\Programs\${APP}" in nsi
    for language in ("English", "French", "Arabic"):
        assert f'MUI_LANGUAGE "{language}"' in nsi


def test_windows_build_script_answers_help() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_windows.py"), "--help"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "--work" in proc.stdout


def test_windows_build_fetches_every_run_time_dependency() -> None:
    """Under Wine pip installs the game from the fetched wheels alone (``--no-index``): a
    dependency left out of ``PACKAGES`` stops the Windows build (msgspec did)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_windows
    finally:
        sys.path.remove(str(ROOT / "tools"))

    def name(requirement: str) -> str:
        found = re.match(r"[A-Za-z0-9._-]+", requirement)
        assert found is not None
        return re.sub(r"[-_.]+", "-", found.group(0)).lower()

    runtime = {name(r) for r in importlib.metadata.requires("rami-desktop") or []
               if "extra ==" not in r}
    assert runtime >= {"pygame-ce", "msgspec"}
    assert runtime <= {name(p) for p in build_windows.PACKAGES}


def test_tests_workflow_runs_lint_types_and_tests_on_three_systems() -> None:
    text = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    triggers = text.split("\non:", 1)[1].split("\npermissions:", 1)[0]
    assert "push:" in triggers and "pull_request:" in triggers
    matrix = re.search(r"^\s+os: \[(.+)\]$", text, re.M)
    assert matrix is not None
    assert {s.strip() for s in matrix.group(1).split(",")} == {
        "ubuntu-latest", "windows-latest", "macos-latest"}
    assert "SDL_VIDEODRIVER: dummy" in text and "SDL_AUDIODRIVER: dummy" in text
    runs = _steps_running(text)
    assert 'python -m pip install ".[test]"' in runs
    assert 'python -m pip install ".[test,build]"' in runs  # the slow job builds the bundle
    # ruff and mypy run once, inside the default test run (tests/test_lint.py), not as steps
    assert not any("ruff" in r or "mypy" in r for r in runs)
    assert "def test_ruff_is_clean" in (ROOT / "tests" / "test_lint.py").read_text("utf-8")
    default = [r for r in runs if r.startswith("python -m pytest") and "-m slow" not in r]
    slow = [r for r in runs if r.startswith("python -m pytest") and "-m slow" in r]
    assert len(default) == 1 and len(slow) == 1
    slow_job = text.split("\n  slow:", 1)[1]
    assert "runs-on: ubuntu-latest" in slow_job and "-m slow" in slow_job


def test_default_run_leaves_out_the_slow_marker() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    addopts = re.search(r"^addopts = \"(.*)\"$", text, re.MULTILINE)
    assert addopts is not None and "-m 'not slow'" in addopts.group(1)
    assert "-m slow" in (ROOT / "README.md").read_text(encoding="utf-8")


def _extra(name: str) -> list[str]:
    """The requirements of an extra of the installed game (what ``pip install ".[name]"``
    installs besides the game)."""
    marker = re.compile(rf"""extra\s*==\s*["']{name}["']""")
    return [req.split(";")[0].strip() for req in importlib.metadata.requires("rami-desktop") or []
            if marker.search(req)]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement)[0].lower()


def test_the_test_extra_has_the_pinned_gate_and_no_bundler() -> None:
    """``.[test]`` (the README's command, CI) brings the test tools, ruff and mypy at one
    version each (a new release cannot turn the lint gate red); PyInstaller only ``.[build]``."""
    test = {_name(req): req for req in _extra("test")}
    assert {"pytest", "hypothesis", "ruff", "mypy", "babel"} <= set(test)
    assert re.fullmatch(r"ruff==[0-9.]+", test["ruff"].replace(" ", ""))
    assert re.fullmatch(r"mypy==[0-9.]+", test["mypy"].replace(" ", ""))
    assert "pyinstaller" not in test
    # the bundler, the catalogs' compiler, and what makes the shipped assets
    assert [_name(req) for req in _extra("build")] == ["pyinstaller", "babel", "fonttools",
                                                       "pyoxipng"]
    for tool in ("ruff", "mypy"):  # the pinned version is the one the gate runs
        pinned = test[tool].replace(" ", "").split("==")[1]
        assert importlib.metadata.version(tool) == pinned, "reinstall: pip install -e '.[test]'"


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


def test_installer_picture_is_what_nsis_shows() -> None:
    """The welcome/finish picture: a 164 x 314, 24-bit BMP (NSIS's Modern UI reads no other)."""
    bmp = (ROOT / "packaging" / "windows" / "wizard.bmp").read_bytes()
    assert bmp[:2] == b"BM" and struct.unpack("<I", bmp[2:6])[0] == len(bmp)
    width, height, _planes, bits = struct.unpack("<iiHH", bmp[18:30])
    assert (width, abs(height), bits) == (164, 314, 24)


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
    """The smoke test, once in the default run (the bundle's runs it in the slow build)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RAMI_SMOKE_LOG=str(tmp_path / "smoke.log"))
    proc = subprocess.run([sys.executable, "-m", "rami_desktop", "--smoke-test", "--size",
                           "1024x640"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = (tmp_path / "smoke.log").read_text(encoding="utf-8")
    assert "smoke: passed" in report
    for check in ("cards", "sounds", "fonts", "licences", "languages", "bots", "storage",
                  "scenes", "network"):
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
    assert "rami_desktop/assets/icons/rami-128.png" in joined  # the window's icon
    assert re.search(r"rami_desktop/play/tutorial/lessons/[^/]+\.json", joined)
    # the game's metadata, read for __version__ (the smoke test checks it is found)
    assert re.search(r"rami_desktop(-[0-9.]+\.dist-info/METADATA|\.egg-info/PKG-INFO)", joined)
    for code in ("fr", "ar_MA"):
        assert f"rami_desktop/locales/{code}/LC_MESSAGES/rami.mo" in joined
    assert not re.search(r"\.po$", joined, re.M)
    # (libcrypto and libssl are in: a table over the internet is joined with wss://)
    for heavy in ("numpy", "PIL/", "tkinter", "libtk", "Qt5", "Qt6", "_codecs_jp", "sboms/",
                  "libstdc++", "libgcc_s", "websockets/legacy"):
        assert heavy not in joined, f"{heavy} is in the bundle"
    # zeroconf as its Python sources, in the PYZ (build.spec's PURE_PYTHON_PACKAGES)
    assert not re.search(r"zeroconf/.*\.(so|pyd)$", joined, re.M)


def test_the_slow_job_runs_the_invites_namespace_tests_as_root() -> None:
    """Linux CI installs a real router (miniupnpd, nftables) and runs the invite's network
    namespace tests as root, where they may not skip (RAMI_NETNS_REQUIRED)."""
    slow_job = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8").split("\n  slow:", 1)[1]
    assert "miniupnpd-nftables nftables" in slow_job
    step = slow_job.split("never skipped here)", 1)[1]
    assert "sudo " in step and "RAMI_NETNS_REQUIRED=1" in step
    assert "tests/net/test_invite_upnp.py" in step and "-m slow" in step
