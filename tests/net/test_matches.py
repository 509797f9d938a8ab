"""Whole matches over loopback: a headless host and joiners whose seats bots play, every
preset and teams; every message sent to each seat is checked for leaks on its way out (the
leak tap of :mod:`tests.net.harness`).

The default run plays each match to a lower target (one or two rounds); the slow run plays
the presets' own targets.
"""

from __future__ import annotations

import pytest

from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.net.host.redact import seat_view
from rami_desktop.net.wire.view import seat_view_from_dict
from rami_desktop.play.table.table import Table as ScreenTable
from tests.conftest import some_by_default
from tests.net.harness import config_of, host_table, join_bot, play_joiners
from tests.net.wire.test_delta import wire

#: (preset, teams, the seats): every preset, and teams of four (three joiners, one bot)
MATCHES = [
    ("talaj", False, ("net", "net", "bot")),
    ("rami-talaj", False, ("net", "bot", "net")),
    ("tallage", False, ("bot", "net", "net")),
    ("simple", False, ("net", "net", "net")),
    ("talaj", True, ("net", "net", "bot", "net")),
]
#: the target of the short matches of the default run
SHORT_TARGET = 60


def rules_of(preset: str, teams: bool, short: bool) -> Rules:
    """A preset's rules, in teams or not, to a short target or its own."""
    rules = PRESETS[preset].with_options(teams=True) if teams else PRESETS[preset]
    return rules.with_options(target=SHORT_TARGET) if short else rules


def play_match(rules: Rules, kinds: tuple[str, ...], seed: int) -> None:
    """Host a match, let joiners play it to the end, and check everything agrees."""
    table = host_table(config_of(rules, *kinds, seed=seed))
    joiners = []
    try:
        table.run()
        joiners += [join_bot(table, f"J{i}", seed=i) for i in range(kinds.count("net"))]
        ended = play_joiners(joiners)
        table.join_thread()
        host = table.session
        assert table.finished == [True] and host.match.over
        assert all(ended), [j.problem for j in joiners]
        for joiner in joiners:
            assert joiner.match_ended
            seen = ScreenTable(joiner).shown  # what the joiner's screen shows
            assert seen.match.scores == host.match.scores
            assert seen.match.results == host.match.results
            assert seen.match.winners() == host.match.winners()
            if host.match.player_of(joiner.seat) is not None:
                assert joiner.view.observation == host.match.observation(joiner.seat)
                assert seen.round.hands == host.round.hands  # shown at the round's end
            # followed delta after delta: exactly the view a whole update gives
            assert joiner.view == seat_view_from_dict(wire(seat_view(host.match, joiner.seat,
                                                                     host.serial)))
        assert table.tap.failures == []
        assert table.tap.checked > 20 and table.tap.cards_checked > 500
        assert table.tap.deltas > table.tap.checked // 2
        assert host.driver_stats.illegal == 0
    finally:
        table.close()
        for joiner in joiners:
            joiner.close()


@pytest.mark.parametrize(("preset", "teams", "kinds"), some_by_default(MATCHES, 2, unpack=True))
def test_a_whole_short_match_over_loopback_and_no_leak(preset: str, teams: bool,
                                                       kinds: tuple[str, ...]) -> None:
    play_match(rules_of(preset, teams, short=True), kinds, seed=31)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "teams", "kinds"), MATCHES)
def test_a_whole_match_over_loopback_and_no_leak(preset: str, teams: bool,
                                                 kinds: tuple[str, ...]) -> None:
    play_match(rules_of(preset, teams, short=False), kinds, seed=32)
