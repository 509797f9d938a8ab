"""Build hook only (the project is described in pyproject.toml): the package's data files.

``build_py`` compiles ``locales/<lang>/LC_MESSAGES/rami.po`` into
``rami_desktop/locales/<lang>/LC_MESSAGES/rami.mo`` with Babel (a build requirement) through
``tools/compile_catalogs.py``, the one compiler of the wheel, the bundle and the tests; the
``.mo`` files are package data (never committed).

It also copies the top-level ``assets/`` folder (cards, sounds, fonts and their licences) to
``rami_desktop/assets`` in the built package, where ``rami_desktop.resources`` looks first; an
sdist carries ``assets/``, ``locales/`` and ``tools/`` through ``MANIFEST.in``.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _compiler():
    """Load tools/compile_catalogs.py by path (without importing the package)."""
    name = "_rami_compile_catalogs"
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "compile_catalogs.py")
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
    """build_py that first compiles the catalogs into the package (then shipped as its data)
    and copies assets/ into the package's assets folder."""

    def run(self) -> None:
        if not self.dry_run:
            compiler = _compiler()
            written = compiler.compile_catalogs()
            for mo in written:
                print(f"compiled {mo.relative_to(ROOT)}")
            if not written:
                raise SystemExit("no locales/*/LC_MESSAGES/rami.po found: the build would have "
                                 "no translations (an sdist needs locales/ in MANIFEST.in)")
        super().run()
        if self.dry_run or self.editable_mode:
            return
        print(f"copied {_copy_assets(Path(self.build_lib))} asset files")


setup(cmdclass={"build_py": BuildPyWithCatalogs})
