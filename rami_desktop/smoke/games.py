"""Bots play through the session layer: a round of each preset ends, legally, and replays."""

from __future__ import annotations

from collections.abc import Callable

from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESET_NAMES, Rules, preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session

from .report import require

#: the levels of the bot seats, in turn round the table
SEAT_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def bot_session(rules: Rules, n: int, seed: int) -> Session:
    """A session with a bot in each of ``n`` seats (easy, medium, hard, easy, ...); the same
    seed plays the same match (its key from the seed: the smoke test's own)."""
    seats = tuple(Seat(None, "bot", SEAT_LEVELS[i % len(SEAT_LEVELS)]) for i in range(n))
    return Session(GameConfig(rules=rules, seats=seats, seed=seed), key=chosen_key(seed))


def play_match(rules: Rules, n: int, seed: int, max_rounds: int = 40) -> Session:
    """A match played by bots until it ends (or ``max_rounds``); returns its session."""
    session = bot_session(rules, n, seed)
    session.play_match(max_rounds)
    return session


def check_bot_round(played: dict[str, Match]) -> Callable[[], str]:
    """The check: bots play one round of each preset (kept in ``played``, by preset)."""

    def run_check() -> str:
        details = []
        for name in PRESET_NAMES:
            rules = preset(name)
            n = max(rules.min_players, min(rules.max_players, 3))
            session = bot_session(rules, n, seed=2024)
            ended = session.play_round()
            match = session.match
            stats = session.driver.stats
            require(ended and match.round.over, f"{name}: the bots did not finish a round")
            require(stats.illegal == 0 and stats.failures == 0,
                    f"{name}: the bots made {stats.illegal} illegal actions "
                    f"({stats.illegal_codes}) and {stats.failures} failures")
            replay = Match.from_dict(match.to_dict())
            require(replay.to_dict() == match.to_dict(), f"{name}: the replay differs")
            ending = match.results[-1].reason if match.results else "unfinished"
            details.append(f"{name} {stats.applied} actions ({ending})")
            played[name] = match
        return "; ".join(details)

    return run_check
