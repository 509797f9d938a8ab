"""The review of every finished round of a saved game: the autosave's document
(``{"format": "rami-save", "match": {"config": ..., "match": ..., "hands": ...}}``, see
:mod:`rami_desktop.storage.saves` and :func:`~rami_desktop.play.keep.persist.rebuild_game`), or a
file holding one finished round in that same format. Each round is replayed from its deal
through the rules, and every seat's findings are worked out (:func:`.review.review_round`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import Seat
from rami_desktop.play.keep.persist import rebuild_game
from rami_desktop.play.review.round_review import review_round
from rami_desktop.play.view.findings import Finding
from rami_desktop.storage.journal import read_steps
from rami_desktop.storage.saves import save_document


@dataclass(frozen=True)
class RoundReview:
    """One finished round of a saved game and what it shows.

    Attributes:
        number: the round's number in the match, from 1.
        seats: the match's seats (name, kind).
        findings: every seat's findings, seat by seat, each in the order it happened.
    """

    number: int
    seats: tuple[Seat, ...]
    findings: tuple[Finding, ...]


def game_of(document: Any, folder: Path | None = None) -> dict[str, Any]:
    """The saved game held by a save document (an older version brought up to date), with
    the steps of the journal it names when ``folder`` (the file's folder) holds it.

    Raises:
        ValueError: not a Rami save, a newer version, or no game in it.
    """
    document = save_document(document)
    game: dict[str, Any] = document["match"]
    journal = document.get("journal")
    if folder is not None and isinstance(journal, str):
        game = {**game, "steps": read_steps(folder, journal)}
    return game


def review_document(document: Any, folder: Path | None = None) -> list[RoundReview]:
    """Every finished round of a save document, reviewed for every seat.

    Raises:
        ValueError: not a Rami save, or a game the rules refuse (names the fault).
    """
    game = game_of(document, folder)
    saved = rebuild_game(game)  # the whole game checked through the rules first
    played = saved.match
    # the same match again from its start, each round's deal kept before its moves
    match = Match(played.rules, played.n, played.seed, played.first_dealer,
                  game["match"].get("start_scores"), played.key, played.key_from)
    out = []
    for k, log in enumerate(played.logs):
        if k:
            match.next_round()
        if k == len(played.logs) - 1 and not played.round.over:
            break  # the round still on: nothing to review yet
        dealt = match.round.clone()
        seats = list(match.seats)
        for action in log:
            match.apply(action)
        found = review_round(dealt, list(log), range(dealt.n), seats)
        found = tuple(sorted(found, key=lambda f: f.seat))
        out.append(RoundReview(k + 1, tuple(saved.config.seats), found))
    return out


__all__ = ["RoundReview", "game_of", "review_document"]
