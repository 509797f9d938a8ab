"""The wheel layout: ``pip install .`` gives a package holding its assets and compiled catalogs.

The wheel is built (``pip wheel --no-deps``) from a clean copy of the source tree (no build/,
no ``.mo`` files, so the build must compile them itself), its file list is checked, then it is
installed with ``pip install --no-deps --target`` and a fresh interpreter, away from the source
tree, finds everything through ``rami_desktop.resources``.
"""

from __future__ import annotations

import gettext
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", "*.mo",
    ".pytest_cache", ".ruff_cache", ".hypothesis", "screenshots")


def _source_files(folder: str) -> list[str]:
    base = ROOT / folder
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".mo")


def _languages() -> list[str]:
    return sorted(p.parts[-3] for p in (ROOT / "locales").glob("*/LC_MESSAGES/rami.po"))


def _builds_here() -> bool:
    """Whether this interpreter holds what ``[build-system] requires`` asks for (the test
    extras bring it): the wheel is then built by the same backend without making a build
    environment first (pip's isolation fetches and installs them again each time: most of
    this test's cost); otherwise pip's isolation, as ``pip install .`` does."""
    from packaging.requirements import Requirement

    line = re.search(r"^requires = \[(.*)\]$",
                     (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert line is not None, "pyproject.toml: no [build-system] requires"
    for requirement in map(Requirement, re.findall(r'"([^"]+)"', line.group(1))):
        try:
            version = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            return False
        if not requirement.specifier.contains(version, prereleases=True):
            return False
    return True


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a clean copy of the tree."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "src"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    out = tmp / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(out),
         *(["--no-build-isolation"] if _builds_here() else [])],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    wheels = sorted(out.glob("rami_desktop-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_holds_every_asset_inside_the_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = _source_files("assets")
    assert len(assets) > 200
    missing = [a for a in assets if f"rami_desktop/assets/{a}" not in names]
    assert not missing, missing[:5]
    for needed in ("fonts/OFL.txt", "LICENSES.md", "cards/back.png",
                   "cards/four-large/JK.png", "cards/classic-normal/KH.fr.png",
                   "sounds/shuffle.wav", "fonts/NotoSansArabicUI-Regular.ttf"):
        assert f"rami_desktop/assets/{needed}" in names, needed
    assert not any(n.startswith(("assets/", "locales/")) for n in names), "top-level data"
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE")
               for n in names)


def test_wheel_holds_compiled_catalogs(wheel: Path) -> None:
    languages = _languages()
    assert {"fr", "ar_MA"} <= set(languages)
    with zipfile.ZipFile(wheel) as zf:
        for code in languages:
            data = zf.read(f"rami_desktop/locales/{code}/LC_MESSAGES/rami.mo")
            catalog = gettext.GNUTranslations(io.BytesIO(data))
            assert len(catalog._catalog) > 10, code


def test_installed_package_finds_its_files(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "--target",
         str(site), str(wheel)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-4000:]
    from catalog_sources import po_path, read_po

    entry = next(e for e in read_po(po_path("fr"))
                 if e.msgid and e.translated and not e.fuzzy and e.msgctxt is None
                 and e.msgid_plural is None)
    probe = (
        "import json, sys\n"
        "import rami_desktop, rami_desktop.resources as r\n"
        "from rami_desktop import i18n\n"
        "i18n.set_language('fr')\n"
        "a, l = r.assets_dir(), r.locales_dir()\n"
        "print(json.dumps({'package': rami_desktop.__file__, 'assets': str(a),"
        " 'locales': str(l), 'cards': len(list(a.glob('cards/*/*.png'))),"
        " 'sounds': len(list(a.glob('sounds/*.wav'))),"
        " 'fonts': len(list(a.glob('fonts/*.ttf'))),"
        " 'mo': sorted(p.parts[-3] for p in l.glob('*/LC_MESSAGES/rami.mo')),"
        " 'po': len(list(l.glob('*/LC_MESSAGES/*.po'))),"
        " 'translated': i18n._(sys.argv[1]), 'version': rami_desktop.__version__}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("RAMI_HOME", None)
    run = subprocess.run([sys.executable, "-c", probe, entry.msgid], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    package = (site / "rami_desktop").resolve()
    assert Path(found["package"]).resolve().parent == package
    assert Path(found["assets"]).resolve() == package / "assets"
    assert Path(found["locales"]).resolve() == package / "locales"
    assert found["cards"] == len([a for a in _source_files("assets")
                                  if a.startswith("cards/") and a.count("/") == 2])
    assert found["sounds"] == len([a for a in _source_files("assets")
                                   if a.startswith("sounds/") and a.endswith(".wav")])
    assert found["fonts"] == len([a for a in _source_files("assets")
                                  if a.startswith("fonts/") and a.endswith(".ttf")])
    assert found["mo"] == _languages() and found["po"] == 0
    assert found["translated"] == entry.msgstr[0]
    declared = re.search(r'^version = "([^"]+)"$',
                         (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert declared is not None and found["version"] == declared.group(1)
