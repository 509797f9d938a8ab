"""The project's own documents: the rules in docs/RULES.md cover every preset and option, and
docs/bad-inputs.md names a test for each group of bad inputs."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from rami_desktop.engine.rules import PRESET_NAMES, Rules

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_rules_document_names_every_preset_and_option() -> None:
    text = (DOCS / "RULES.md").read_text(encoding="utf-8")
    assert all(name in text for name in PRESET_NAMES)
    missing = [f.name for f in fields(Rules) if f"`{f.name}`" not in text]
    assert not missing, f"docs/RULES.md does not explain {missing}"
    assert "(house)" in text


def test_bad_inputs_document_points_at_existing_tests() -> None:
    text = (DOCS / "bad-inputs.md").read_text(encoding="utf-8")
    root = DOCS.parent
    named = {word.strip("`,.()") for word in text.split() if word.strip("`,.()").startswith(
        "tests/") and word.strip("`,.()").endswith(".py")}
    assert len(named) >= 5
    assert all((root / path).is_file() for path in named), sorted(named)
