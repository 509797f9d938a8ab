"""A finished round as a file keeps it: the round alone, as a match of one round.

The record is the saved document of a match
(:func:`~rami_desktop.play.keep.persist.game_payload`: ``{"config", "match", "hands"}``) whose
match is that one round: the round's seats in its order
(names, kinds), its seed and dealer (the deal), the seats' totals before it, and every action in
order. Whatever reads a saved match reads a round record (the review tool, :mod:`.replay`),
and loading it replays it through the rules
(:func:`~rami_desktop.play.keep.persist.rebuild_game`). Under ``"round"`` it also says the
round's number in its match, the match seats it was
played by and who went out (its round player, None: nobody), for the list of past rounds.

A round dealt from its seed is the only kind that is kept (a lesson's prepared deal is not).

A joiner is never told a seed (the match's first round is dealt from the match's seed, and
every later round's from it: it would tell the deals to come). At a round's end the host sends
it the round's *shared record* instead (:func:`shared_record`): the hands and the talaj as
dealt, the cards drawn from the stock in order and every action; the joiner rebuilds the round
from it (:func:`shared_round`), the stock's other cards in any order. A round with a reshuffle
or a redeal asked for has no shared record (they are dealt from the seed).
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rami_desktop.engine.actions import Action, Drew, Redeal, action_from_dict
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.deal import check_deal, complete_stock
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.keep.persist import game_payload

log = logging.getLogger(__name__)


class RoundKeeper(Protocol):
    """Where finished rounds are kept (:class:`rami_desktop.storage.round_files.RoundFiles`)."""

    def keep(self, payload: dict[str, Any], name: str | None = None) -> str | None:
        """Keep one finished round's record; return None or a problem code."""
        ...

    def has(self, key: str) -> bool:
        """Whether a round file holding the round ``key`` is kept."""
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
    number, winner = match.round_number, r.winner

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
                "round": {"number": number, "seats": list(seats), "winner": winner}}

    return job


def keeping_job(config: GameConfig, match: Match, keeper: RoundKeeper
                ) -> Callable[[], str | None]:
    """The job keeping ``match``'s round just over with ``keeper`` (what it needs taken now;
    a deal not dealt from its seed is only logged)."""
    make = round_record_job(config, match)

    def job() -> str | None:
        try:
            payload = make()
        except ValueError as exc:
            log.info("the round is not kept: %s", exc)
            return None
        return keeper.keep(payload)

    return job


def round_record(config: GameConfig, match: Match) -> dict[str, Any]:
    """The record of ``match``'s current round (over), made now.

    Raises:
        ValueError: the round is not over, or does not replay from its seed.
    """
    return round_record_job(config, match)()


#: the largest shared record a round's end carries (bytes of compact JSON; a message is at
#: most 64 KB)
SHARED_LIMIT = 24 * 1024
#: the most actions a shared record may hold
SHARED_MOVES = 2_000


def shared_record(state: RoundState) -> dict[str, Any] | None:
    """The round (over) as a joiner may be told it at its end (see the module's text); None
    while it is on, for a round with a reshuffle or a redeal asked for, or one too long to
    send."""
    if not state.over or state.reshuffles or any(isinstance(a, Redeal) for a in state.log):
        return None
    data = state.to_dict()
    dealt = RoundState.from_dict({**data, "log": []})
    drawn: list[str] = []
    for action in state.log:
        drawn += [e.card.code for e in dealt.apply(action)
                  if isinstance(e, Drew) and e.source == "stock" and e.card is not None]
    record = {"hands": data["hands"], "talaj": data["talaj"], "drawn": drawn,
              "moves": data["log"]}
    if len(json.dumps(record, separators=(",", ":"))) > SHARED_LIMIT:
        return None
    return record


def shared_round(rules: Rules, dealer: int, partners: Sequence[int | None] | None,
                 record: Any) -> tuple[RoundState, list[Action]]:
    """The round as dealt and its actions, from a shared record (:func:`shared_record`).

    Raises:
        ValueError: not such a record, or an impossible deal.
    """
    if not isinstance(record, dict):
        raise ValueError("shared record: not an object")
    try:
        hands = [list(parse_cards(h)) for h in record["hands"]]
        talaj = list(parse_cards(record["talaj"]))
        drawn = list(parse_cards(record["drawn"]))
        moves = record["moves"]
        if not isinstance(moves, list) or len(moves) > SHARED_MOVES:
            raise ValueError("moves must be a list")
        actions = [action_from_dict(m) for m in moves]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"shared record: missing or bad field {exc}") from exc
    used = [c for h in hands for c in h] + talaj
    stock = complete_stock(drawn, used, random.Random(0))
    check_deal(rules, hands, talaj, stock, dealer)
    if partners is not None and len(partners) != len(hands):
        raise ValueError("shared record: partners do not match the hands")
    return RoundState(rules, hands, talaj, stock, dealer, 0, partners), actions


__all__ = ["SHARED_LIMIT", "RoundKeeper", "round_record", "round_record_job", "shared_record",
           "shared_round"]
