"""Build the desktop bundle of this system: ``python tools/build.py`` (the same command in CI).

Steps:

1. a clean virtual environment in ``build/venv`` with only the game and PyInstaller
   (``pip install ".[build]"``: the package build compiles the catalogs into
   ``rami_desktop/locales`` with Babel, ``tools/compile_catalogs.py``; ``--no-venv`` uses the
   running Python instead, where the game is installed from this tree the same way);
2. the catalogs checked: one ``.mo`` for each ``.po``, none older than its source;
3. PyInstaller with ``build.spec``: ``dist/Rami/`` (and ``dist/Rami.app`` on macOS);
4. the archive to ship, in ``dist/``: ``Rami-<version>-linux-<arch>.tar.gz`` (the folder with
   a ``.desktop`` file, its icon and ``install-desktop-entry.sh``),
   ``Rami-<version>-windows-<arch>.zip`` or ``Rami-<version>-macos-<arch>.dmg`` (a disk image
   with the ``.app`` and a link to Applications, made by ``hdiutil``);
5. the archive unpacked (the disk image attached, read-only) in a temporary folder and its
   executable's ``--smoke-test`` run there (dummy video and audio drivers, a temporary
   ``RAMI_HOME``);
6. start-up timed: the unpacked executable run with ``--frames 1`` and ``RAMI_TIMES`` (the app
   notes when it drew its first frame, started quitting, hid its window; see
   ``rami_desktop/app_timing.py``), three runs: from launch to the first frame drawn, and from
   the start of quitting to the window gone and to the process's end.

It ends with ``bundle_mb=<float>`` (the unpacked bundle, in MB of 10**6 bytes),
``startup_s=<float>`` (the median time to the first frame), ``quit_s=`` (to the window hidden)
and ``exit_s=`` (to the end), each on its own line. A benchmark, not a test: the goals (bundle
<= 40 MB, start-up <= 1 s, quit <= 0.5 s) are printed, never asserted here.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "Rami"
PACKAGING = ROOT / "packaging"
IS_WIN = sys.platform.startswith("win")
IS_MAC = sys.platform == "darwin"
#: the bundle's bar (the slow packaging test holds the build to it): 47.5 MB before build.spec
#: left out pygame-ce's unused parts, 43.6 before it left libstdc++ to the system and zeroconf's
#: compiled modules out (37.4); 39.4 with playing far away (PyNaCl's libsodium and cffi,
#: miniupnpc) and the wire's schema (msgspec, with decimal in pure Python)
GOAL_MB = 40.0
GOAL_S = 1.0  # launch to the first frame drawn
GOAL_QUIT_S = 0.5  # quitting to the window gone
SMOKE_TIMEOUT = 600
STARTUP_RUNS = 3


def log(message: str) -> None:
    """Print a progress line."""
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def installed_version(python: Path) -> str:
    """The game's version as installed for ``python`` (importlib.metadata: pyproject.toml is
    its one source)."""
    out = subprocess.run([str(python), "-c", "import importlib.metadata as m; "
                          "print(m.version('rami-desktop'))"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("build: the game is not installed for this Python (pip install .)")
    return out.stdout.strip()


def system_name() -> str:
    """linux, windows or macos."""
    if IS_WIN:
        return "windows"
    if IS_MAC:
        return "macos"
    return "linux"


def arch_name() -> str:
    """x86_64 or arm64 (the names users know)."""
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def venv_python(venv: Path) -> Path:
    """The interpreter of a virtual environment."""
    return venv / ("Scripts/python.exe" if IS_WIN else "bin/python")


def make_venv(venv: Path) -> Path:
    """A clean virtual environment with only the game and PyInstaller; return its Python."""
    if venv.exists():
        log(f"removing the old {venv}")
        shutil.rmtree(venv)
    # an in-tree build reuses build/lib: stale files there would end up in the wheel
    for stale in (ROOT / "build" / "lib", *(ROOT / "build").glob("bdist.*")):
        shutil.rmtree(stale, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv])
    python = venv_python(venv)
    run([python, "-m", "pip", "install", "--upgrade", "pip"])
    run([python, "-m", "pip", "install", ".[build]"], cwd=ROOT)
    return python


def check_catalogs() -> list[Path]:
    """The catalogs the package build compiled (tools/compile_catalogs.py): one fresh ``.mo``
    for each ``.po``; the bundle takes them from ``rami_desktop/locales``."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import compile_catalogs
    finally:
        sys.path.pop(0)
    sources = compile_catalogs.po_files()
    if not sources:
        raise SystemExit("build: no catalogs found in locales/")
    stale = compile_catalogs.stale()
    if stale:
        raise SystemExit(f"build: {len(stale)} catalogs not compiled or older than their .po: "
                         "pip install . (or python tools/compile_catalogs.py) compiles them")
    compiled = [compile_catalogs.mo_path(po) for po in sources]
    for mo in compiled:
        log(f"catalog {mo.relative_to(ROOT)}")
    return compiled


def run_pyinstaller(python: Path, dist: Path, work: Path) -> None:
    """Run PyInstaller with build.spec into ``dist``."""
    run([python, "-m", "PyInstaller", ROOT / "build.spec", "--noconfirm", "--clean",
         "--distpath", dist, "--workpath", work / "pyinstaller"], cwd=ROOT)


def bundle_path(dist: Path) -> Path:
    """What ships: the .app on macOS, else the one folder."""
    return dist / f"{NAME}.app" if IS_MAC else dist / NAME


def executable_in(bundle: Path) -> Path:
    """The executable inside a bundle folder or .app."""
    if IS_MAC:
        return bundle / "Contents" / "MacOS" / NAME
    return bundle / (f"{NAME}.exe" if IS_WIN else NAME)


def folder_bytes(folder: Path) -> int:
    """Bytes of the files under a folder (symbolic links counted once, not followed)."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def add_linux_extras(bundle: Path) -> None:
    """The .desktop file, the icon and the menu installer go in the folder."""
    shutil.copy2(PACKAGING / "linux" / "rami.desktop", bundle / "rami.desktop")
    shutil.copy2(PACKAGING / "linux" / "install-desktop-entry.sh",
                 bundle / "install-desktop-entry.sh")
    (bundle / "install-desktop-entry.sh").chmod(0o755)
    shutil.copy2(PACKAGING / "icons" / "rami.png", bundle / "rami.png")


def pack(dist: Path, version: str) -> Path:
    """Make the archive to ship; return its path."""
    bundle = bundle_path(dist)
    stem = f"{NAME}-{version}-{system_name()}-{arch_name()}"
    if IS_MAC:
        archive = dist / f"{stem}.dmg"
        archive.unlink(missing_ok=True)
        with tempfile.TemporaryDirectory(prefix="rami-dmg-") as tmp:
            staging = Path(tmp) / NAME
            staging.mkdir()
            # ditto keeps the .app's symbolic links, permissions and signature
            run(["ditto", bundle, staging / bundle.name])
            (staging / "Applications").symlink_to("/Applications")  # drag the app onto it
            run(["hdiutil", "create", "-volname", NAME, "-srcfolder", staging, "-fs", "HFS+",
                 "-format", "UDZO", "-ov", archive])
    elif IS_WIN:
        archive = dist / f"{stem}.zip"
        archive.unlink(missing_ok=True)
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(bundle.rglob("*")):
                zf.write(path, Path(NAME) / path.relative_to(bundle))
    else:
        add_linux_extras(bundle)
        archive = dist / f"{stem}.tar.gz"
        archive.unlink(missing_ok=True)
        with tarfile.open(archive, "w:gz", compresslevel=9) as tf:
            tf.add(bundle, arcname=NAME)
    log(f"packed {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return archive


def unpack(archive: Path, into: Path) -> Path:
    """Unpack an archive as a user would; return the bundle inside."""
    if IS_MAC:  # the disk image attached read-only, as a player opens it; detach_all() ends it
        into.mkdir(parents=True, exist_ok=True)
        run(["hdiutil", "attach", "-nobrowse", "-readonly", "-noautoopen", "-mountpoint",
             into / "volume", archive])
        ATTACHED.append(into / "volume")
        return into / "volume" / f"{NAME}.app"
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
    else:
        with tarfile.open(archive) as tf:
            if hasattr(tarfile, "tar_filter"):  # 3.12, and 3.11.4 on
                tf.extractall(into, filter="tar")
            else:
                tf.extractall(into)
    return into / NAME


#: the disk images attached by ``unpack`` (macOS)
ATTACHED: list[Path] = []


def detach_all() -> None:
    """Detach the disk images ``unpack`` attached."""
    while ATTACHED:
        subprocess.run(["hdiutil", "detach", "-force", str(ATTACHED.pop())], check=False)


def headless_env(home: Path) -> dict[str, str]:
    """The environment of a headless run with its own RAMI_HOME."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["RAMI_HOME"] = str(home)
    return env


def smoke(exe: Path, scratch: Path) -> bool:
    """Run the bundle's smoke test; print its report; return whether it passed."""
    report = scratch / "smoke.log"
    env = headless_env(scratch / "home-smoke")
    env["RAMI_SMOKE_LOG"] = str(report)
    log(f"$ {exe} --smoke-test")
    try:
        proc = subprocess.run([str(exe), "--smoke-test"], env=env, cwd=scratch,
                              capture_output=True, text=True, timeout=SMOKE_TIMEOUT)
    except subprocess.TimeoutExpired:
        log(f"smoke test: no answer in {SMOKE_TIMEOUT} s")
        return False
    output = (proc.stdout or "") + (proc.stderr or "")
    if not output.strip() and report.is_file():  # a windowed build has no console
        output = report.read_text(encoding="utf-8")
    print(output.rstrip(), flush=True)
    log(f"smoke test exit status {proc.returncode}")
    return proc.returncode == 0


def read_times(path: Path, launched: float, ended: float) -> dict[str, float]:
    """The app's ``RAMI_TIMES`` file as seconds: ``startup`` from launch to the first frame
    drawn, ``quit`` from the start of quitting to the window hidden, ``exit`` from the start of
    quitting to the process's end (``launched`` and ``ended``: wall-clock times)."""
    marks = json.loads(path.read_text(encoding="utf-8"))
    return {"startup": marks["first_frame"] - launched, "quit": marks["hidden"] - marks["quit"],
            "exit": ended - marks["quit"]}


def time_startup(exe: Path, scratch: Path, runs: int = STARTUP_RUNS) -> list[dict[str, float]]:
    """``read_times`` of ``exe --frames 1`` (first start: the language screen), each run."""
    times = []
    for i in range(runs):
        env = headless_env(scratch / f"home-start-{i}")
        env["RAMI_TIMES"] = str(scratch / f"times-{i}.json")
        launched = time.time()
        proc = subprocess.run([str(exe), "--frames", "1"], env=env, cwd=scratch,
                              capture_output=True, text=True, timeout=120)
        ended = time.time()
        if proc.returncode != 0:
            print((proc.stdout or "") + (proc.stderr or ""), flush=True)
            raise SystemExit(f"build: '{exe} --frames 1' exited with {proc.returncode}")
        times.append(read_times(scratch / f"times-{i}.json", launched, ended))
        log(f"start-up run {i + 1}: " + describe_times(times[-1]))
    return times


def describe_times(run: dict[str, float]) -> str:
    """One run's times in words."""
    return (f"first frame {run['startup']:.3f} s after launch; window gone {run['quit']:.3f} s "
            f"and process ended {run['exit']:.3f} s after quitting began")


def median_times(times: list[dict[str, float]]) -> dict[str, float]:
    """The median of each time over the runs."""
    return {key: statistics.median(t[key] for t in times) for key in times[0]}


def goal_words(value: float, goal: float) -> str:
    """met or MISSED."""
    return "met" if value <= goal else "MISSED"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--no-venv", action="store_true",
                   help="use the running Python (with the game's dependencies and PyInstaller) "
                        "instead of a clean build/venv")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="work folder (build/)")
    p.add_argument("--skip-smoke", action="store_true", help="do not run the smoke test")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Build, pack, check and measure; return the exit status."""
    args = parse_args(argv)
    started = time.perf_counter()
    dist, work = args.dist.resolve(), args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    dist.mkdir(parents=True, exist_ok=True)
    if args.no_venv:
        python = Path(sys.executable)
        check = subprocess.run([str(python), "-c", "import PyInstaller, pygame, platformdirs"],
                               capture_output=True)
        if check.returncode != 0:
            raise SystemExit("build: --no-venv needs PyInstaller and the game's dependencies "
                             'in this Python (pip install ".[build]")')
    else:
        python = make_venv(work / "venv")
    version = installed_version(python)
    log(f"Rami {version} for {system_name()}-{arch_name()}, Python {platform.python_version()}")
    check_catalogs()
    run_pyinstaller(python, dist, work)
    bundle = bundle_path(dist)
    if not executable_in(bundle).is_file():
        raise SystemExit(f"build: PyInstaller made no {executable_in(bundle)}")
    archive = pack(dist, version)
    build_s = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="rami-build-check-") as tmp:
        scratch = Path(tmp)
        try:
            unpacked = unpack(archive, scratch / "unpacked")
            exe = executable_in(unpacked)
            ok = True if args.skip_smoke else smoke(exe, scratch)
            times = time_startup(exe, scratch) if ok else []
        finally:
            detach_all()
    bundle_mb = folder_bytes(bundle) / 1e6
    log(f"archive {archive.name} {archive.stat().st_size / 1e6:.1f} MB; "
        f"build {build_s:.0f} s (venv {'reused' if args.no_venv else 'clean'})")
    if not ok:
        log("FAILED: the smoke test of the built bundle failed")
        print(f"bundle_mb={bundle_mb:.1f}", flush=True)
        return 1
    median = median_times(times)
    log(f"goals: bundle <= {GOAL_MB:.0f} MB ({goal_words(bundle_mb, GOAL_MB)}), "
        f"start-up to the first frame <= {GOAL_S:.0f} s ({goal_words(median['startup'], GOAL_S)}), "
        f"quit to the window gone <= {GOAL_QUIT_S} s ({goal_words(median['quit'], GOAL_QUIT_S)}); "
        f"medians of {len(times)} runs")
    print(f"archive={archive}", flush=True)
    print(f"archive_mb={archive.stat().st_size / 1e6:.1f}", flush=True)
    print(f"bundle_mb={bundle_mb:.1f}", flush=True)
    print(f"startup_s={median['startup']:.3f}", flush=True)
    print(f"quit_s={median['quit']:.3f}", flush=True)
    print(f"exit_s={median['exit']:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
