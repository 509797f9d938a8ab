"""The smoke test of a built game: ``rami --smoke-test`` (``python -m rami_desktop --smoke-test``).

It proves that an installed or bundled game has everything it needs, without a player:

- every asset loads: the cards of every deck variant (and the French court cards), the
  sounds, the fonts (with Latin, Arabic and suit-symbol text), and the licences are there;
- every language loads its compiled catalog and translates what it has translated;
- every screen renders one frame in every language;
- bots play a round of each preset through the session layer, legally, to its end, and the
  match survives a round trip;
- a save, settings and statistics are written and read back in a temporary ``RAMI_HOME``.

:func:`run` returns 0, or 1 after naming each failure on stderr (``smoke: FAIL <check>: ...``).
It is headless-safe: the dummy video and audio drivers are used unless others are set. When
``RAMI_SMOKE_LOG`` names a file, the report is also written there (a windowed Windows build
has no console to print to).
"""

from __future__ import annotations

from rami_desktop.smoke.runner import run

__all__ = ["run"]
