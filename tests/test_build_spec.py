"""What ``build.spec`` ships and leaves out, read from its text (PyInstaller is not run)."""

from __future__ import annotations

import ast
import json
import os
import plistlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def _call(name: str) -> ast.Call:
    calls = [n for n in ast.walk(_tree()) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == name]
    assert len(calls) == 1, f"{len(calls)} calls of {name} in build.spec"
    return calls[0]


def _constants() -> dict[str, Any]:
    """The spec's top-level names bound to literals."""
    out: dict[str, Any] = {}
    for node in _tree().body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def _function(name: str) -> Any:
    """One of the spec's own functions, taken from its text and defined here."""
    node = next(n for n in _tree().body if isinstance(n, ast.FunctionDef) and n.name == name)
    scope: dict[str, Any] = {"Path": Path, "re": __import__("re")}
    exec(compile(ast.Module([node], []), str(SPEC), "exec"), scope)
    return scope[name]


def test_the_mac_app_has_its_bundle_id_icon_and_high_resolution() -> None:
    bundle = {k.arg: k.value for k in _call("BUNDLE").keywords}
    constants = _constants()
    ident = bundle["bundle_identifier"]
    assert isinstance(ident, ast.Name) and constants[ident.id] == "ma.rami.desktop"
    assert isinstance(bundle["icon"], ast.Name) and bundle["icon"].id == "icon"
    icon_assignments = [n for n in ast.walk(_tree()) if isinstance(n, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "icon" for t in n.targets)]
    icons = [ast.unparse(n.value) for n in icon_assignments]
    assert any("rami.icns" in text for text in icons), icons
    assert (ROOT / "packaging" / "icons" / "rami.icns").is_file()
    plist = {ast.literal_eval(k): v for k, v in zip(bundle["info_plist"].keys,
                                                     bundle["info_plist"].values, strict=True)
             if k is not None}
    assert ast.literal_eval(plist["NSHighResolutionCapable"]) is True
    # what the dictionary becomes: a property list macOS reads
    literal = {k: ast.literal_eval(v) for k, v in plist.items() if isinstance(v, ast.Constant)}
    assert plistlib.loads(plistlib.dumps(literal))["NSHighResolutionCapable"] is True


def test_the_unused_libraries_are_named_by_their_stems() -> None:
    stem = _function("library_stem")
    unused = _constants()["UNUSED_LIBRARIES"]
    windows = ["libjpeg-9.dll", "libtiff-5.dll", "libwebp-7.dll", "libwebpdemux-2.dll",
               "libxmp.dll", "libwavpack-1.dll", "libopus-0.dll", "libopusfile-0.dll",
               "libogg-0.dll", "freetype.dll", "portmidi.dll"]
    linux = ["pygame_ce.libs/libjpeg-a5e764f6.so.62.4.0", "libwebpdemux-cecf59a9.so.2.0.17",
             "libopusfile-96d7a9c0.so.0.4.5", "libportmidi-8a3ff27a.so.2.0.7"]
    assert all(stem(name) in unused for name in windows + linux)
    kept = ["SDL2.dll", "SDL2_image.dll", "SDL2_mixer.dll", "SDL2_ttf.dll", "libpng16-16.dll",
            "zlib1.dll", "libSDL2-2-50d19f93.0.so.0.3200.10", "libharfbuzz-672f7280.so.0",
            "libcrypto-3-x64.dll", "libssl-3-x64.dll", "python311.dll", "libvorbis-0.dll"]
    assert not [name for name in kept if stem(name) in unused]


def test_pygame_modules_the_game_never_imports_are_excluded() -> None:
    excludes = _constants()["excludes"]
    assert {"pygame.freetype", "pygame._freetype", "pygame.midi", "pygame.pypm",
            "pygame._sdl2"} <= set(excludes)
    # what the game needs stays
    assert not {"pygame.font", "pygame.mixer", "pygame.image", "ssl", "asyncio"} & set(excludes)


def test_the_bundle_takes_the_prepared_assets_and_the_dist_info() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert "prepare(ROOT / \"build\" / \"assets\")" in text
    assert "(str(ASSETS), \"rami_desktop/assets\")" in text
    assert "(str(ROOT / \"assets\")" not in text  # never the sources as they are
    assert "game_metadata()" in text and "\"rami-desktop\", \"pygame-ce\"" not in text


def test_the_stale_egg_info_is_left_out() -> None:
    shipped = _function("shipped_datas")
    datas = [("rami_desktop.egg-info/PKG-INFO", "src", "DATA"),
             ("rami_desktop-0.1.0.dist-info/METADATA", "src", "DATA"),
             ("rami_desktop/assets/cards/back.png", "src", "DATA")]
    assert [d[0] for d in shipped(datas)] == ["rami_desktop-0.1.0.dist-info/METADATA",
                                              "rami_desktop/assets/cards/back.png"]


def test_the_mac_job_builds_smoke_tests_and_uploads_the_disk_image() -> None:
    workflow = WORKFLOW.read_text(encoding="utf-8")
    assert "macos-14" in workflow and "python tools/build.py" in workflow
    assert "dist/Rami-*.dmg" in workflow
    build = (ROOT / "tools" / "build.py").read_text(encoding="utf-8")
    # the disk image is made, then attached and its app smoke-tested
    assert '"hdiutil", "create"' in build and '"hdiutil", "attach"' in build
    assert 'f"{stem}.dmg"' in build


def test_the_spec_applies_its_filters_to_what_it_ships() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert "a.binaries = used_binaries(a.binaries)" in text
    assert "if IS_LINUX:\n    a.binaries = without_system_libraries(a.binaries)" in text
    call = "a.binaries, a.pure = pure_python_instead(a.binaries, a.pure, PURE_PYTHON_PACKAGES)"
    assert call in text
    # the filters run before the PYZ and the folder are made from them
    assert text.index(call) < text.index("PYZ(a.pure)")
    assert "excludes += UNUSED_WEBSOCKETS" in text and "zeroconf" in _constants()[
        "PURE_PYTHON_PACKAGES"]


def test_only_websockets_asyncio_api_is_collected() -> None:
    wanted = _function("wanted_modules")
    unused = _constants()["UNUSED_WEBSOCKETS"]
    names = ["websockets", "websockets.asyncio.client", "websockets.asyncio.server",
             "websockets.exceptions", "websockets.legacy", "websockets.legacy.server",
             "websockets.sync.client", "websockets.trio.connection", "websockets.cli",
             "websockets.legacyish"]
    assert wanted(names, unused) == ["websockets", "websockets.asyncio.client",
                                     "websockets.asyncio.server", "websockets.exceptions",
                                     "websockets.legacyish"]


def test_the_linux_system_libraries_are_left_out_at_the_top_only() -> None:
    without = _function("without_system_libraries")
    scope = without.__globals__
    scope["SYSTEM_LIBRARIES"] = _constants()["SYSTEM_LIBRARIES"]
    binaries = [("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY"),
                ("libgcc_s.so.1", "/usr/lib/libgcc_s.so.1", "BINARY"),
                ("libssl.so.3", "/usr/lib/libssl.so.3", "BINARY"),
                ("pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6", "src", "BINARY")]
    assert [b[0] for b in without(binaries)] == [
        "libssl.so.3", "pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6"]


def test_compiled_modules_with_a_source_beside_them_ship_as_that_source(tmp_path: Path) -> None:
    module_name = _function("extension_module")
    assert module_name("zeroconf/_dns.cpython-311-x86_64-linux-gnu.so") == "zeroconf._dns"
    assert module_name("zeroconf/_services/__init__.cp311-win_amd64.pyd") == "zeroconf._services"
    pure_instead = _function("pure_python_instead")
    pure_instead.__globals__["extension_module"] = module_name
    package = tmp_path / "zeroconf"
    (package / "_services").mkdir(parents=True)
    for name in ("_dns", "_services/__init__", "_lonely"):
        (package / f"{name}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    for name in ("_dns", "_services/__init__"):
        (package / f"{name}.py").write_text("", encoding="utf-8")
    binaries = [(f"zeroconf/{n}.cpython-311-x86_64-linux-gnu.so",
                 str(package / f"{n}.cpython-311-x86_64-linux-gnu.so"), "EXTENSION")
                for n in ("_dns", "_services/__init__", "_lonely")]
    binaries.append(("libz.so.1", "/usr/lib/libz.so.1", "BINARY"))
    kept, pure = pure_instead(binaries, [("zeroconf", "x/__init__.py", "PYMODULE")],
                              ("zeroconf",))
    assert [b[0] for b in kept] == ["zeroconf/_lonely.cpython-311-x86_64-linux-gnu.so",
                                    "libz.so.1"]
    assert pure == [("zeroconf", "x/__init__.py", "PYMODULE"),
                    ("zeroconf._dns", str(package / "_dns.py"), "PYMODULE"),
                    ("zeroconf._services", str(package / "_services" / "__init__.py"),
                     "PYMODULE")]


def test_zeroconf_as_its_python_sources_imports(tmp_path: Path) -> None:
    """What the bundle ships of zeroconf (``PURE_PYTHON_PACKAGES``): a ``.py`` source beside each
    compiled module, and those sources alone, found first on the path, import. (The smoke test
    of every build then advertises a table and finds it with them: its ``network`` check.)"""
    import os
    import shutil
    import subprocess
    import sys

    import zeroconf

    installed = Path(zeroconf.__file__).parent
    compiled = sorted(installed.rglob("*.so")) + sorted(installed.rglob("*.pyd"))
    assert compiled, "zeroconf has no compiled modules: PURE_PYTHON_PACKAGES may go"
    assert all(p.with_name(p.name.split(".", 1)[0] + ".py").is_file() for p in compiled)
    shutil.copytree(installed, tmp_path / "zeroconf",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd"))
    code = ("import zeroconf, zeroconf._dns as d, zeroconf._services.browser as b\n"
            "assert d.__file__.endswith('.py') and b.__file__.endswith('.py'), d.__file__\n"
            "zeroconf.ServiceInfo('_rami._tcp.local.', 'x._rami._tcp.local.', port=1,"
            " parsed_addresses=['127.0.0.1'])")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


#: an import statement (a regular expression, much faster than parsing every file)
IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)"
                    r"|import[ \t]+([^\n]*))", re.MULTILINE)


def _imports(path: Path, package: str) -> set[str]:
    """The modules a file of the game imports (relative imports made absolute; ``from a import
    b`` gives both ``a`` and ``a.b``)."""
    out: set[str] = set()
    for source, names, modules in IMPORT.findall(path.read_text(encoding="utf-8")):
        if modules:
            out.update(m.split(" as ")[0].strip() for m in modules.split("#")[0].split(","))
            continue
        dots = len(source) - len(source.lstrip("."))
        base = source[dots:]
        if dots:
            parent = package.rsplit(".", dots - 1)[0] if dots > 1 else package
            base = f"{parent}.{base}" if base else parent
        out.add(base)
        for line in names.strip("()").splitlines():
            out.update(f"{base}.{n.split(' as ')[0].strip()}"
                       for n in line.split("#")[0].split(",") if n.strip())
    return out


def test_the_tools_left_out_of_the_bundle_are_imported_by_no_other_module() -> None:
    tools = set(_constants()["COMMAND_LINE_TOOLS"])
    assert "rami_desktop.commands.sim" in tools and "rami_desktop.app" not in tools
    game = ROOT / "rami_desktop"
    offenders = []
    for path in sorted(game.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if module in tools:
            continue
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found = _imports(path, package)
        bad = {name for name in found if name in tools or name.split(".")[0] == "multiprocessing"}
        if bad:
            offenders.append((module, sorted(bad)))
    assert not offenders, offenders
    text = SPEC.read_text(encoding="utf-8")
    assert "wanted_modules(collect_submodules(\"rami_desktop\"), COMMAND_LINE_TOOLS)" in text
    assert "excludes += [*COMMAND_LINE_TOOLS, \"multiprocessing\"" in text


LEFT_OUT_PROBE = """
import importlib, importlib.abc, json, sys
left_out = json.loads(sys.argv[1])
class LeftOut(importlib.abc.MetaPathFinder):
    # the finders of this Python, blind to what the bundle does not hold
    def __init__(self, finders):
        self.finders = finders
    def find_spec(self, name, path=None, target=None):
        if any(name == x or name.startswith(x + ".") for x in left_out):
            return None
        for finder in self.finders:
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                return spec
        return None
sys.meta_path[:] = [LeftOut(list(sys.meta_path))]
for name in [m for m in sys.modules if m.split(".")[0] in left_out or m in left_out]:
    del sys.modules[name]  # loaded as this Python started (site's .pth files): forgotten
from rami_desktop.smoke.network import NETWORK_MODULES
for name in NETWORK_MODULES:
    importlib.import_module(name)
print(json.dumps({"loaded": sorted(m for m in left_out if m in sys.modules),
                  "modules": list(NETWORK_MODULES)}))
"""


def test_network_play_loads_without_the_modules_the_spec_leaves_out() -> None:
    """What the smoke test's network check imports (the network's screens, websockets,
    zeroconf, PyNaCl, miniupnpc, and msgspec through the wire) loads with every module of the
    spec's ``excludes`` missing, as in the bundle: the bundle built after msgspec came failed
    its smoke test with "No module named 'decimal'", which msgspec imports when it loads."""
    left_out = _constants()["excludes"]
    assert "_decimal" in left_out
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-c", LEFT_OUT_PROBE, json.dumps(left_out)],
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["loaded"] == [], got
    assert "rami_desktop.ui.net_table" in got["modules"]
