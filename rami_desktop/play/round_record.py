"""A finished round as a file keeps it: the round alone, as a match of one round.

The record is the saved document of a match (:func:`~rami_desktop.play.persist.game_payload`:
``{"config", "match", "hands"}``) whose match is that one round: the round's seats in its order
(names, kinds), its seed and dealer (the deal), the seats' totals before it, and every action in
order. Whatever reads a saved match reads a round record (the review tool, :mod:`.replay`),
and loading it replays it through the rules (:func:`~rami_desktop.play.persist.rebuild_game`).
Under ``"round"`` it also says the round's number in its match and the match seats it was
played by.

A round dealt from its seed is the only kind that is kept (a lesson's prepared deal is not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.match import Match

from .config import GameConfig
from .persist import game_payload


class RoundKeeper(Protocol):
    """Where finished rounds are kept (:class:`rami_desktop.storage.round_files.RoundFiles`)."""

    def keep(self, payload: dict[str, Any], name: str | None = None) -> str | None:
        """Keep one finished round's record; return None or a problem code."""
        ...


def round_record_job(config: GameConfig, match: Match) -> Callable[[], dict[str, Any]]:
    """The record of ``match``'s current round (over) as a job: what it needs is taken now, the
    round is replayed into a one-round match when the job runs (on the writer thread).

    Raises:
        ValueError: the round is not over.
    """
    r = match.round
    if not r.over or r.penalties is None:
        raise ValueError("the round is not over")
    seats = tuple(match.seats)
    penalties = tuple(r.penalties)
    start = [match.scores[s] - penalties[i] for i, s in enumerate(seats)]
    rules, seed, dealer = match.rules, match.round_seed, r.dealer
    log = tuple(r.log)
    snapshot = r.snapshot()
    round_config = GameConfig(rules, tuple(config.seats[s] for s in seats), seed)
    number = match.round_number

    def job() -> dict[str, Any]:
        one = Match(rules, len(seats), seed, dealer, start)
        try:
            for action in log:
                one.apply(action)
        except RuleError as err:
            raise ValueError(f"the round does not replay ({err.code.value})") from err
        if one.round.snapshot() != snapshot:
            raise ValueError("the round does not replay from its seed")
        return {**game_payload(round_config, one),
                "round": {"number": number, "seats": list(seats)}}

    return job


def round_record(config: GameConfig, match: Match) -> dict[str, Any]:
    """The record of ``match``'s current round (over), made now.

    Raises:
        ValueError: the round is not over, or does not replay from its seed.
    """
    return round_record_job(config, match)()


__all__ = ["RoundKeeper", "round_record", "round_record_job"]
