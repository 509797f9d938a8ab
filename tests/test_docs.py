"""The project's own documents: the README short (150 lines at most, no date, no commit hash)
and its index whole, every link and picture of the README and of docs/ leads somewhere, every
document a page names exists, the rules in docs/RULES.md cover every preset and
option, and docs/dev/bad-inputs.md names a test for each group of bad inputs."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import fields
from pathlib import Path

import pytest

from rami_desktop.engine.rules import PRESET_NAMES, Rules

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted([README, ROOT / "CHANGELOG.md", *DOCS.rglob("*.md")])
#: the README's most lines
README_LINES = 150
DATE = re.compile(r"\b(?:19|20)\d\d-[01]\d-[0-3]\d\b")
#: 7 to 40 hexadecimal digits with a digit and a letter in them (a word or a number is no hash)
HASH = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HTML = re.compile(r"""<(?:img|a)\b[^>]*\b(?:src|href)=["']([^"']+)["']""", re.I)
NAMED = re.compile(r"(?<![\w/.-])(docs/[\w./@+-]*\w|(?:README|CHANGELOG)\.md)")


def _prose(text: str) -> str:
    """The page without its code blocks and code spans (a link there is an example)."""
    return CODE.sub("", FENCE.sub("", text))


def _slugs(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings, as GitHub makes them."""
    slugs: set[str] = set()
    for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"^#{1,6}\s+(.+?)\s*#*\s*$", line)
        if not m:
            continue
        text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1)).lower()
        slug = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
        slug = slug.replace(" ", "-")
        base, n = slug, 1
        while slug in slugs:
            slug, n = f"{base}-{n}", n + 1
        slugs.add(slug)
    return slugs


def _broken(page: Path) -> list[str]:
    """The links and pictures of ``page`` that lead nowhere (a file, or a heading of one)."""
    text = _prose(page.read_text(encoding="utf-8"))
    targets = LINK.findall(text) + REFERENCE.findall(text) + HTML.findall(text)
    broken = []
    for target in targets:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in _slugs(dest)):
            broken.append(target)
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_and_picture_leads_somewhere(page: Path) -> None:
    if not page.exists():
        pytest.skip(f"no {page.name}")
    assert _broken(page) == [], f"{page.relative_to(ROOT)}: broken links"


def test_every_document_a_page_names_exists() -> None:
    """A page that says ``docs/...`` or ``README.md`` names a file that is there."""
    missing = {f"{page.relative_to(ROOT)}: {name}" for page in PAGES if page.exists()
               for name in NAMED.findall(page.read_text(encoding="utf-8"))
               if not (ROOT / name).exists() and not (page.parent / name).exists()}
    assert not missing, sorted(missing)


def test_the_readme_is_short_and_holds_no_date_and_no_commit() -> None:
    """The README is for players: at most 150 lines, no dated figure, no commit hash (a
    measurement's date and commit belong on its page under docs/dev/measurements/)."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES, f"README.md: over {README_LINES} lines"
    assert DATE.findall(text) == [], "README.md: a date"
    assert HASH.findall(text) == [], "README.md: a commit hash"


@pytest.mark.parametrize(("text", "date", "commit"), [
    ("measured on 2026-12-04 at 1 min 33 s", True, False),
    ("at commit 98a4aa0, seed 3901", False, True),
    ("git show 063d4d2f1e", False, True),
    ("1,890 tests, a 1280x800 window, seed 3921, deadbeef, 20261130", False, False),
])
def test_the_readme_check_sees_dates_and_commits(text: str, date: bool, commit: bool) -> None:
    assert bool(DATE.findall(text)) == date
    assert bool(HASH.findall(text)) == commit


def test_the_documentation_index_names_every_page() -> None:
    """Every page of docs/ and docs/dev/ is in the README's index, or one step from it in
    docs/DEVELOPING.md, the developers' first page (measurement pages are reached from the
    pages that explain them)."""
    readme = README.read_text(encoding="utf-8")
    assert "(docs/DEVELOPING.md)" in readme
    developing = (DOCS / "DEVELOPING.md").read_text(encoding="utf-8")
    missing = [page.relative_to(ROOT).as_posix()
               for page in sorted(DOCS.glob("*.md")) + sorted((DOCS / "dev").glob("*.md"))
               if f"({page.relative_to(ROOT).as_posix()})" not in readme
               and f"({page.relative_to(DOCS).as_posix()})" not in developing]
    assert not missing, missing


def test_rules_document_names_every_preset_and_option() -> None:
    text = (DOCS / "RULES.md").read_text(encoding="utf-8")
    assert all(name in text for name in PRESET_NAMES)
    missing = [f.name for f in fields(Rules) if f"`{f.name}`" not in text]
    assert not missing, f"docs/RULES.md does not explain {missing}"
    assert "(house)" in text


def test_bad_inputs_document_points_at_existing_tests() -> None:
    text = (DOCS / "dev" / "bad-inputs.md").read_text(encoding="utf-8")
    root = DOCS.parent
    named = {word.strip("`,.()") for word in text.split() if word.strip("`,.()").startswith(
        "tests/") and word.strip("`,.()").endswith(".py")}
    assert len(named) >= 5
    assert all((root / path).is_file() for path in named), sorted(named)


@pytest.mark.parametrize("system", ["Windows", "macOS", "Linux"])
def test_the_folders_the_documents_name_are_where_the_game_keeps_its_files(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own paths (``storage.paths``) on each system, as the install page and the
    README write them (``~`` for the home folder, ``%LOCALAPPDATA%`` on Windows)."""
    import platformdirs
    import platformdirs.macos
    import platformdirs.unix
    import platformdirs.windows

    from rami_desktop.storage.paths import Paths

    local = r"C:\Users\Amina\AppData\Local"
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: {
        "CSIDL_LOCAL_APPDATA": local, "CSIDL_APPDATA": local.replace("Local", "Roaming")}[csidl])
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/home/amina")
    kind = {"Windows": platformdirs.windows.Windows, "macOS": platformdirs.macos.MacOS,
            "Linux": platformdirs.unix.Unix}[system]
    monkeypatch.setattr(platformdirs, "PlatformDirs", kind)
    paths = Paths.from_environment({})

    def shown(folder: Path) -> str:
        text = str(folder).replace("/home/amina", "~")
        return text.replace(local, "%LOCALAPPDATA%").replace("/", "\\") if system == "Windows" \
            else text

    row = f"| {system} | `{shown(paths.config_dir)}` | `{shown(paths.data_dir)}` |"
    assert f"{row} `{shown(paths.log_dir)}` |" in (DOCS / "install.md").read_text(
        encoding="utf-8").splitlines()
    assert row in README.read_text(encoding="utf-8").splitlines()
