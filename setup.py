"""Build hook only (the project is described in pyproject.toml): the wheel's data files.

``build_py`` writes ``rami_desktop/locales/<lang>/LC_MESSAGES/rami.mo`` into the built package
from ``locales/<lang>/LC_MESSAGES/rami.po``, so ``pip install .`` ships compiled catalogs (the
``.mo`` files are never committed). The compiler is pure Python: no Babel needed to build.

It also copies the top-level ``assets/`` folder (cards, sounds, fonts and their licences) to
``rami_desktop/assets`` in the built package, where ``rami_desktop.resources`` looks first; an
sdist carries ``assets/`` and ``locales/`` through ``MANIFEST.in``.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _catalogs():
    """Load rami_desktop/i18n/catalogs.py by path (without importing the package)."""
    name = "_rami_build_catalogs"
    spec = importlib.util.spec_from_file_location(
        name, ROOT / "rami_desktop" / "i18n" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _copy_assets(build_lib: Path) -> int:
    """Copy assets/ to <build_lib>/rami_desktop/assets (a clean copy); return the files copied."""
    source = ROOT / "assets"
    target = build_lib / "rami_desktop" / "assets"
    if target.exists():
        shutil.rmtree(target)
    if not source.is_dir():
        print("warning: no assets/ folder: the build has no cards, sounds or fonts",
              file=sys.stderr)
        return 0
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return sum(1 for p in target.rglob("*") if p.is_file())


class BuildPyWithCatalogs(build_py):
    """build_py that also compiles locales/*.po into the package's locales folder and copies
    assets/ into the package's assets folder."""

    def run(self) -> None:
        super().run()
        if self.dry_run:
            return
        print(f"copied {_copy_assets(Path(self.build_lib))} asset files")
        target = Path(self.build_lib) / "rami_desktop" / "locales"
        written = _catalogs().compile_all(ROOT / "locales", out_dir=target)
        for mo in written:
            print(f"compiled {mo}")
        if not written:
            print("warning: no locales/*/LC_MESSAGES/rami.po found: the build has no translations"
                  " (an sdist needs locales/ in MANIFEST.in)", file=sys.stderr)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
