"""The rules engine, the bots, the session and storage never import pygame (nor the UI),
directly or through others."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "rami_desktop"
PURE = ("engine", "bots", "play", "storage")
FORBIDDEN = ("pygame", "rami_desktop.ui")


def pure_files() -> list[Path]:
    return sorted(p for sub in PURE for p in (PACKAGE / sub).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_names(path: Path) -> list[str]:
    """Every module an ``import`` or ``from ... import`` names, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else module_name(path)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            out.append(target)
            out.extend(f"{target}.{alias.name}" for alias in node.names)
    return out


def is_forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_there_are_files_to_check() -> None:
    names = {p.name for p in pure_files()}
    assert {"state.py", "melds.py", "rules.py"} <= names


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_pygame_import_in_source(path: Path) -> None:
    bad = [n for n in imported_names(path) if is_forbidden(n)]
    assert not bad, f"{path.relative_to(REPO)} imports {bad}"


def test_relative_imports_are_resolved() -> None:
    names = imported_names(PACKAGE / "engine" / "state.py")
    assert "rami_desktop.engine.deal" in names


def test_ast_check_catches_pygame(tmp_path: Path) -> None:
    fake = PACKAGE / "engine" / "state.py"
    assert not any(is_forbidden(n) for n in imported_names(fake))
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    import pygame.display\n", encoding="utf-8")
    tree_names = [a.name for node in ast.walk(ast.parse(probe.read_text()))
                  if isinstance(node, ast.Import) for a in node.names]
    assert any(is_forbidden(n) for n in tree_names)


def test_modules_import_with_pygame_blocked() -> None:
    """Import every engine, bot, session and storage module in a fresh interpreter where
    pygame cannot load."""
    modules = [module_name(p) for p in pure_files()]
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.startswith('rami_desktop.ui'))\n"
        "assert not bad, bad\n"
        "print('ok', len(" + repr(modules) + "))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok")
