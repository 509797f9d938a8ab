"""The Windows download, proven on Linux under Wine (slow; needs ``wine64`` and ``nsis``).

``tools/build_windows.py`` builds the bundle, the zip and the installer (its caches stay in
``build/``, so a second run downloads nothing). Then, in a scratch Wine prefix, the installer
runs silently (``/S``) as a player without administrator rights would run it; the installed
``Rami.exe`` passes its smoke test and plays a little (which writes the player's settings, saved
match and log where the game keeps them, ``%LOCALAPPDATA%\\Rami``); the uninstaller runs
silently (it copies itself to a temporary folder and returns at once, so the test waits for its
work); the program folder, its shortcuts and its Apps entry are gone and the player's files are
untouched. A lighter test makes the installer from the real script around a stand-in game and
checks that while the game runs nothing is removed (the uninstaller stays to be run again).
"""

from __future__ import annotations

import re
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Rami"
BUNDLE_GOAL_MB = 32.0  # 42.7 before build.spec left out pygame-ce's unused parts and copies


@pytest.fixture
def builder(tools_script: Callable[[str], ModuleType]) -> Iterator[ModuleType]:
    """``tools/build_windows.py`` as a module; skip where Wine or NSIS is missing."""
    build_windows = tools_script("build_windows")

    missing = build_windows.missing_tools()
    if missing:
        pytest.skip(f"the Windows build runs under Wine: {missing}")
    yield build_windows


def _local_app_data(prefix: Path) -> Path:
    """The player's %LOCALAPPDATA% in a Wine prefix (drive_c/users/<name>/AppData/Local)."""
    found = [p for p in (prefix / "drive_c" / "users").glob("*/AppData/Local")
             if p.parent.parent.name != "Public"]
    assert len(found) == 1, found
    return found[0]


def _wait_until(done: Callable[[], bool], seconds: float) -> None:
    """Poll ``done`` every half second until it holds (fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not done after {seconds} s"
        time.sleep(0.5)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_install_play_and_uninstall_the_windows_build_under_wine(
        builder: ModuleType, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_windows.py"),
                           "--dist", str(dist)],
                          cwd=ROOT, capture_output=True, text=True, timeout=3600)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-6000:]
    assert "smoke: passed" in output and "(win32)" in output, output[-4000:]
    figures = dict(re.findall(r"^(\w+_(?:mb|s))=([0-9.]+)$", proc.stdout, re.MULTILINE))
    assert {"bundle_mb", "startup_s", "setup_mb", "archive_mb"} <= set(figures), proc.stdout[-2000:]
    print(" ".join(f"{k}={v}" for k, v in sorted(figures.items())))
    assert float(figures["bundle_mb"]) <= BUNDLE_GOAL_MB  # a size, not a timing
    version = builder.installed_version(Path(sys.executable))
    setup = dist / f"Rami-{version}-windows-x86_64-setup.exe"
    assert f"setup={setup}" in proc.stdout and setup.is_file(), proc.stdout[-2000:]
    assert (dist / f"Rami-{version}-windows-x86_64.zip").is_file()

    wine = builder.find_wine()
    prefix = tmp_path / "prefix"
    env = builder.wine_env(prefix, tmp_path / "home")
    builder.ensure_prefix(wine, env)
    builder.start_wine(wine, env)
    try:
        # the installer, silent, as the player (no administrator: RequestExecutionLevel user)
        assert builder.wine_run(wine, [builder.to_wine(setup), "/S"], env).returncode == 0
        local = _local_app_data(prefix)
        program = local / "Programs" / "Rami"
        exe = program / "Rami.exe"
        assert exe.is_file() and (program / "uninstall.exe").is_file()
        assert (program / "_internal" / "rami_desktop" / "assets").is_dir()
        start_menu = local.parent / "Roaming/Microsoft/Windows/Start Menu/Programs/Rami.lnk"
        desktop = local.parent.parent / "Desktop" / "Rami.lnk"
        assert start_menu.is_file() and desktop.is_file()
        listed = builder.wine_run(wine, ["reg", "query", UNINSTALL_KEY], env)
        assert "DisplayName" in listed.stdout and "uninstall.exe" in listed.stdout, listed.stdout

        # the installed game: its smoke test, then a little play that writes the player's files
        run_env = builder.headless(env, tmp_path / "smoke-home")
        smoke = builder.wine_run(wine, [builder.to_wine(exe), "--smoke-test"], run_env,
                                 timeout=900)
        assert smoke.returncode == 0 and "smoke: passed" in smoke.stdout, smoke.stdout[-3000:]
        play_env = dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        played = builder.wine_run(wine, [builder.to_wine(exe), "--autoplay", "--frames", "300"],
                                  play_env, timeout=600)
        assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
        user_folder = local / "Rami"
        user_files = _files(user_folder)
        assert {"settings.json", "match.json"} <= set(user_files), sorted(user_files)

        # the uninstaller, silent
        uninstall = builder.wine_run(wine, [builder.to_wine(program / "uninstall.exe"), "/S"], env)
        assert uninstall.returncode == 0

        def uninstalled() -> bool:
            listed = builder.wine_run(wine, ["reg", "query", UNINSTALL_KEY], env)
            return not program.exists() and "DisplayName" not in listed.stdout

        _wait_until(uninstalled, seconds=300)
        assert not start_menu.exists() and not desktop.exists()
        assert _files(user_folder) == user_files
    finally:
        builder.stop_wine(wine, env)


def _windows_program(name: str) -> Path | None:
    """One of Wine's own Windows programs (a real PE file), to stand in for the game."""
    folders = sorted(Path("/usr/lib").glob("*/wine/x86_64-windows"))
    for folder in [*folders, Path("/usr/lib/wine/x86_64-windows")]:
        if (folder / name).is_file():
            return folder / name
    return None


def _first_line(proc: subprocess.Popen[bytes], seconds: float) -> bytes:
    """The first line a program writes, waited for ``seconds`` at most."""
    assert proc.stdout is not None
    ready, _w, _x = select.select([proc.stdout], [], [], seconds)
    assert ready, f"nothing written in {seconds} s"
    return proc.stdout.readline()


@pytest.mark.slow
def test_the_uninstaller_asks_to_close_a_running_game_under_wine(
        builder: ModuleType, tmp_path: Path) -> None:
    """While the game runs (Windows holds Rami.exe), the silent uninstaller and installer
    change nothing and exit 2, so no file is left without its uninstaller and Apps entry; once
    the game is closed, the uninstaller removes it all. The game here is Wine's cmd.exe under
    the name Rami.exe (what matters is a running program's file), in an installer made from
    the real script."""
    stand_in = _windows_program("cmd.exe")
    if stand_in is None:
        pytest.skip("no Windows program of Wine's own to stand in for the game")
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copyfile(stand_in, bundle / "Rami.exe")
    (bundle / "_internal" / "data.txt").write_text("the bundle's files\n")
    setup = builder.make_installer(builder.find_makensis(), bundle, tmp_path, "0.0.1")
    wine = builder.find_wine()
    env = builder.wine_env(tmp_path / "prefix", tmp_path / "home")
    builder.ensure_prefix(wine, env)
    builder.start_wine(wine, env)
    quiet: dict[str, Any] = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
                             "stderr": subprocess.DEVNULL, "timeout": 300}

    def run(*args: str) -> int:
        return subprocess.run([str(wine), *args], env=env, check=False, **quiet).returncode

    def listed() -> bool:
        return "DisplayName" in builder.wine_run(wine, ["reg", "query", UNINSTALL_KEY],
                                                 env).stdout
    game: subprocess.Popen[bytes] | None = None
    try:
        assert run(builder.to_wine(setup), "/S") == 0
        program = _local_app_data(tmp_path / "prefix") / "Programs" / "Rami"
        installed = _files(program)
        assert {"Rami.exe", "uninstall.exe"} <= set(installed) and listed()
        game = subprocess.Popen([str(wine), builder.to_wine(program / "Rami.exe")], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
        assert _first_line(game, 120)  # it runs
        # run in place (_?=) so that its exit code is the uninstaller's own
        assert run(builder.to_wine(program / "uninstall.exe"), "/S",
                   "_?=" + builder.to_wine(program)) == 2
        assert _files(program) == installed and listed()  # nothing changed, still removable
        assert run(builder.to_wine(setup), "/S") == 2  # an update waits for it too
        assert _files(program) == installed
        assert game.stdin is not None
        game.stdin.write(b"exit\r\n")
        game.stdin.close()
        assert game.wait(120) == 0
        assert run(builder.to_wine(program / "uninstall.exe"), "/S") == 0
        _wait_until(lambda: not program.exists() and not listed(), seconds=300)
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        builder.stop_wine(wine, env)
