"""The import structure of rami_desktop: no import cycle, and the layers point one way.

Layers, lowest first: engine <- storage / i18n / bots <- play (the one session, the tutorial's
lessons included) <- net <- ui <- the app (and the other entry points: the simulator, the text
mode, the smoke test, the solver and conformance tools). Storage is leaf I/O under the session:
the session persists through it, it never imports the session.
A module imports only from its own layer or lower ones; storage, i18n and bots do not import
each other. Imports are read with :mod:`ast`, so nothing is executed.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "rami_desktop"

#: the layer of each top-level part of the package (a module or a sub-package)
LAYERS: dict[str, int] = {
    "": 0,  # the package itself: its version
    "resources": 0,  # finds the bundled files; imports nothing of the game
    "engine": 0,
    "storage": 1,
    "i18n": 1,
    "bots": 1,
    "play": 2,
    "net": 3,
    "ui": 4,
}
#: everything else (app, app_routes, app_services, __main__, sim, cli, smoke, ...) is on top
ENTRY_LAYER = 5

#: inside a layer, the rooms of a package and their floors, lowest first: a room imports only
#: from its own floor or lower ones (rooms on one floor do not import each other)
ROOMS: dict[str, dict[str, int]] = {
    "play": {"view": 0, "game": 0, "keep": 1, "review": 2, "session": 3, "table": 4,
             "tutorial": 5},
    "net": {"trust": 0, "router": 0, "wire": 1, "transport": 2, "discovery": 2,
            "join": 3, "host": 4, "hall": 5},
    "ui": {"kit": 0, "routes": 0, "widgets": 1, "stage": 2, "words": 3, "help": 3, "pieces": 4,
           "table": 5, "scenes": 6, "net_table": 7},
}


def module_name(path: Path) -> str:
    """The dotted name of a file of the package."""
    parts = path.relative_to(REPO).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, typing_only: bool = False) -> Iterator[tuple[ast.AST, bool]]:
    """Every import node, with whether it only runs for type checkers."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, typing_only
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), True)
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), typing_only)
        else:
            yield from _imports(node, typing_only)


def _resolve(name: str) -> str | None:
    """The package module an imported name is (the longest known prefix), if any."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


@functools.cache
def imports_of(module: str) -> tuple[tuple[str, bool], ...]:
    """The package modules ``module`` imports, each with whether only type checkers see it
    (each file read once a run: the tests here read every module)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool]] = []
    for node, typing_only in _imports(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # ``from package import module`` names the module; ``from module import name``
            # names the module itself
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                     for alias in node.names]
        for name in names:
            target = _resolve(name)
            if target is not None and target != module and (target, typing_only) not in found:
                found.append((target, typing_only))
    return tuple(found)


def layer_of(module: str) -> tuple[str, int]:
    """The top-level part of a module and its layer."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    return top, LAYERS.get(top, ENTRY_LAYER)


def test_the_package_is_read() -> None:
    assert "rami_desktop.engine.state" in MODULES
    assert ("rami_desktop.engine.rules", False) in imports_of("rami_desktop.play.view.terms")


def test_no_import_cycle() -> None:
    """Imports that run (at module level or in a function) never loop back."""
    graph = {m: sorted({t for t, typing_only in imports_of(m) if not typing_only})
             for m in MODULES}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in graph[module]:
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_layers_point_one_way() -> None:
    """engine <- storage/i18n/bots <- play <- net <- ui <- app: never an import upwards."""
    wrong: list[str] = []
    for module in MODULES:
        top, layer = layer_of(module)
        for target, _typing_only in imports_of(module):
            target_top, target_layer = layer_of(target)
            upwards = target_layer > layer
            sideways = target_layer == layer and target_top != top and layer != ENTRY_LAYER \
                and not {"", "resources"} & {top, target_top}
            if upwards or sideways:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def room_of(module: str) -> tuple[str, str, int] | None:
    """The package, room and floor of a module inside a package of :data:`ROOMS`, if any."""
    parts = module.split(".")
    if len(parts) < 3 or parts[1] not in ROOMS:
        return None
    rooms = ROOMS[parts[1]]
    room = parts[2]
    assert room in rooms, f"{module} is in no room of {parts[1]}/: add it to ROOMS"
    return parts[1], room, rooms[room]


def test_rooms_point_one_way() -> None:
    """Inside play/ (view, game <- keep <- review <- session <- table <- tutorial), net/
    (trust, router <- wire <- transport, discovery <- join <- host <- hall) and ui/ (kit, routes <-
    widgets <- stage <- words, help <- pieces <- table <- scenes <- net_table): never an import
    up a floor, nor sideways between two rooms."""
    wrong: list[str] = []
    for module in MODULES:
        here = room_of(module)
        if here is None:
            continue
        for target, _typing_only in imports_of(module):
            there = room_of(target)
            if there is None or there[0] != here[0] or there[1] == here[1]:
                continue
            if there[2] >= here[2]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the rooms:\n" + "\n".join(wrong)


def test_scenes_do_not_import_the_app_nor_each_other() -> None:
    """Scenes get a context and open each other by route."""
    wrong: list[str] = []
    for module in MODULES:
        if not module.startswith("rami_desktop.ui."):
            continue
        for target, _typing_only in imports_of(module):
            other_scene = target.startswith("rami_desktop.ui.scenes.") and \
                module.startswith("rami_desktop.ui.scenes.")
            if layer_of(target)[1] == ENTRY_LAYER or other_scene:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(wrong)


#: what a screen may take from the engine directly: the cards, the actions it sends and the
#: codes it words; everything else it reads through the play layer (the seat view)
SCREEN_ENGINE = ("rami_desktop.engine.cards", "rami_desktop.engine.actions",
                 "rami_desktop.engine.errors")


def test_screens_read_the_seat_view_not_the_engine() -> None:
    ui = Path(__file__).resolve().parents[1] / "rami_desktop" / "ui"
    found = []
    for path in sorted(ui.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            at = line.find("rami_desktop.engine")
            while at >= 0:
                name = line[at:].split()[0].rstrip("`.,:;)")
                if not name.startswith(SCREEN_ENGINE):
                    found.append(f"{path.relative_to(ui)}:{number}: {line.strip()}")
                at = line.find("rami_desktop.engine", at + 1)
    assert not found, "\n".join(found)
