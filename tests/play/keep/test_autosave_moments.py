"""When the autosave writes (docs/nothing-lost.md): every action, a human's or a computer
player's, is on disk before the move returns (before the screen shows it), and so is the deal."""

from __future__ import annotations

from pathlib import Path

from rami_desktop.engine.actions import Discard, Discarded, RoundEnded
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths


def saved_log_length(paths: Paths, live: Session) -> int:
    """How many actions of the current round the save holds (after the writes asked for)."""
    live.flush()
    resumed, problem = Session.resume(MatchFiles(paths))
    assert problem is None and resumed is not None
    try:
        assert resumed.match.round_number == live.match.round_number
        return len(resumed.round.log)
    finally:
        resumed.close()


def test_what_is_saved_when(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path / "home")
    paths.ensure()
    config = GameConfig(rules=preset("tallage"), seed=7,
                        seats=(Seat("Amal", "human"), Seat(None, "bot", "easy")))
    session = Session(config, store=MatchFiles(paths))
    session.ask_redeals()
    assert saved_log_length(paths, session) == len(session.round.log)  # the deal, shown
    human_saves = bot_draws = bot_saves = 0
    try:
        for _ in range(60):
            st = session.round
            if st.over:
                break
            if Table(session).human_to_play() == 0:
                p = st.current
                action = (st.legal_draws()[0] if not st.has_drawn
                          else Discard(p, st.legal_discards()[0]))
                assert session.play(0, action).events is not None
                assert saved_log_length(paths, session) == len(session.round.log)
                human_saves += 1
                continue
            outcome = session.step_bot()
            assert saved_log_length(paths, session) == len(session.round.log)
            if any(isinstance(e, Discarded | RoundEnded) for e in outcome.events):
                bot_saves += 1
            else:
                bot_draws += 1  # a draw is shown at once: kept at once
        assert human_saves >= 2 and bot_draws >= 2 and bot_saves >= 2
    finally:
        session.close()
