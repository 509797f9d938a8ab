"""A match: rounds dealt in turn, scores carried over, elimination or lowest total, teams.

Round 1 is dealt from the match's seed (a pasted deal code's, or one drawn). Every later round's
seed comes from the match's secret key (drawn by the session, :data:`KEY_BYTES` bytes, kept only
in the match file) through HMAC-SHA256: a round's seed, which its deal code shows, tells nothing
of the key, so nothing of another round. A match saved before keys existed has none: its later
rounds are dealt as they always were (:func:`_round_seed`, a public function of the seed), until
the session gives it a key (:meth:`Match.secure`), from the next round on.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Event, action_from_dict, action_to_dict
from .errors import RuleError
from .observation import Observation
from .position import observe
from .rules import MatchEnd, Rules
from .state import RoundState

MATCH_VERSION = 1
#: the length of a match's secret key, in bytes
KEY_BYTES = 32
#: seeds are below this (a deal code holds 32 bits)
SEED_LIMIT = 1 << 32


@dataclass(frozen=True)
class RoundResult:
    """How one round ended, by seat.

    Attributes:
        seats: the seats that played it, in the round's player order.
        dealer: the dealer's seat.
        winner: the seat that went out (None if the stock ran out).
        penalties: what each seat paid this round (0 for seats that did not play).
        reason: ``out`` or ``stock_exhausted``.
        rami_sec: whether the winner laid the whole hand at once before anyone was down.
        turns: turns the round lasted.
        openings: each seat's opening points this round (None if it never opened).
    """

    seats: tuple[int, ...]
    dealer: int
    winner: int | None
    penalties: tuple[int, ...]
    reason: str
    rami_sec: bool
    turns: int
    openings: tuple[int | None, ...]


class Match:
    """A match between ``n`` seats: deals rounds, keeps totals, says who is out and who won.

    Round players are numbered in the round's own order; ``seats`` maps them to match seats.

    Args:
        rules: the rules.
        n_seats: the number of seats.
        seed: round 1's seed.
        first_dealer: the first dealer's seat (default: from the seed).
        scores: each seat's total before round 1 (default: 0).
        key: the secret key later rounds are dealt from (:data:`KEY_BYTES` bytes; None: dealt
            from the seed, as matches saved before keys were).
        key_from: the first round (counted from 0) dealt from the key (a match saved before
            keys, given one when resumed).
    """

    def __init__(self, rules: Rules, n_seats: int, seed: int, first_dealer: int | None = None,
                 scores: list[int] | None = None, key: bytes | None = None,
                 key_from: int = 1) -> None:
        if not rules.min_players <= n_seats <= rules.max_players:
            raise ValueError(f"{n_seats} players: this preset takes {rules.min_players} to "
                             f"{rules.max_players}")
        if rules.teams and n_seats != 4:
            raise ValueError("teams need exactly 4 players")
        if key is not None and (not isinstance(key, bytes) or len(key) != KEY_BYTES):
            raise ValueError(f"a match's key is {KEY_BYTES} bytes")
        self.rules = rules
        self.n = n_seats
        self.seed = seed
        self.key = key
        self.key_from = max(1, key_from)
        # the seed fixes the first dealer, so that a round's deal code (its seed) replays it
        self.first_dealer = seed % n_seats if first_dealer is None else first_dealer
        self.scores: list[int] = list(scores) if scores else [0] * n_seats
        self.start_scores = list(self.scores)
        self.eliminated: list[int] = []
        self.results: list[RoundResult] = []
        self.logs: list[list[Action]] = []
        self.dealer_seat = self.first_dealer
        self.round: RoundState
        self.seats: tuple[int, ...] = ()
        self._deal_round()

    # ---- rounds ----------------------------------------------------------------------------------

    @property
    def round_number(self) -> int:
        """The current round, counted from 1."""
        return len(self.logs)

    def active_seats(self) -> list[int]:
        """Seats still in the match."""
        return [s for s in range(self.n) if s not in self.eliminated]

    def partner(self, seat: int) -> int | None:
        """A seat's team partner (opposite seat), if playing in teams."""
        return partner_seat(self.rules, seat)

    def team_scores(self) -> tuple[int, int] | None:
        """The two teams' totals (seats 0 & 2, 1 & 3) when playing in teams."""
        return team_scores(self.rules, self.scores)

    def _deal_round(self) -> None:
        self.seats = tuple(self.active_seats())
        k = len(self.results)
        dealer = self.seats.index(self.dealer_seat)
        if k == 0:
            self.round_seed = self.seed
        elif self.key is not None and k >= self.key_from:
            self.round_seed = keyed_round_seed(self.key, k, len(self.seats), dealer)
        else:
            self.round_seed = _round_seed(self.seed, k, len(self.seats), dealer)
        self.round = self.dealt_round()
        self.logs.append([])

    def secure(self, key: bytes) -> None:
        """Give a match saved before keys its key: the rounds not yet dealt come from it.

        Raises:
            ValueError: the match has a key, or ``key`` is not :data:`KEY_BYTES` bytes.
        """
        if self.key is not None:
            raise ValueError("the match has its key")
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise ValueError(f"a match's key is {KEY_BYTES} bytes")
        self.key, self.key_from = key, len(self.logs)

    def dealt_round(self) -> RoundState:
        """The current round as it was dealt, before any action (a replay of its actions
        starts from it)."""
        partners = None
        if self.rules.teams:
            partners = [self.seats.index(p) if (p := self.partner(s)) in self.seats else None
                        for s in self.seats]
        return RoundState.new(self.rules, len(self.seats), self.seats.index(self.dealer_seat),
                              self.round_seed, partners)

    def seat_of(self, player: int) -> int:
        """The match seat of a round player."""
        return self.seats[player]

    def player_of(self, seat: int) -> int | None:
        """The round player number of a seat (None if it is out of the match)."""
        return self.seats.index(seat) if seat in self.seats else None

    def apply(self, action: Action) -> list[Event]:
        """Apply an action to the current round (players numbered as in the round)."""
        events = self.round.apply(action)
        self.logs[-1].append(action)
        if self.round.over:
            self._record()
        return events

    def _record(self) -> None:
        r = self.round
        assert r.penalties is not None
        pens = [0] * self.n
        openings: list[int | None] = [None] * self.n
        for i, seat in enumerate(self.seats):
            pens[seat] = r.penalties[i]
            openings[seat] = r.opening_points[i]
            self.scores[seat] += r.penalties[i]
        winner = None if r.winner is None else self.seats[r.winner]
        self.results.append(RoundResult(self.seats, self.seats[r.dealer], winner, tuple(pens),
                                        r.end_reason or "out", r.rami_sec, r.turn + 1,
                                        tuple(openings)))
        self.eliminated = list(standings(self.rules, self.scores, self.eliminated).eliminated)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.round.over and standings(self.rules, self.scores, self.eliminated).over

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (a team's two seats; ties share a win)."""
        if not self.over:
            return ()
        return standings(self.rules, self.scores, self.eliminated).winners

    def next_round(self) -> None:
        """Deal the next round (the next seat in turn order deals).

        Raises:
            ValueError: the round is not over, or the match is.
        """
        if not self.round.over:
            raise ValueError("the round is not over")
        if self.over:
            raise ValueError("the match is over")
        active = self.active_seats()
        seat = (self.dealer_seat + 1) % self.n
        while seat not in active:
            seat = (seat + 1) % self.n
        self.dealer_seat = seat
        self._deal_round()

    def observation(self, seat: int) -> Observation:
        """What a seat may see of the current round."""
        player = self.player_of(seat)
        if player is None:
            raise ValueError(f"seat {seat} is out of the match")
        return observe(self.round, player, self.round_scores())

    def round_scores(self) -> tuple[int, ...]:
        """The match scores of the current round's players, in its player order."""
        return tuple(self.scores[s] for s in self.seats)

    # ---- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Return the match as JSON-ready data (rules, seed, key, dealer, every round's
        actions): the match file's, never shown nor sent (the key tells every deal)."""
        data: dict[str, Any] = {
            "version": MATCH_VERSION,
            "rules": self.rules.to_dict(),
            "seats": self.n,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "start_scores": self.start_scores,
            "rounds": [[action_to_dict(a) for a in log] for log in self.logs],
            "scores": list(self.scores),
        }
        if self.key is not None:
            data["key"] = self.key.hex()
            if self.key_from != 1:
                data["key_from"] = self.key_from
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match by replaying every round through the rules.

        Raises:
            ValueError: malformed data or an impossible game (names the fault).
        """
        if not isinstance(data, dict):
            raise ValueError("match: not an object")
        if data.get("version") != MATCH_VERSION:
            raise ValueError(f"match: unsupported version {data.get('version')!r}")
        try:
            rules = Rules.from_dict(data["rules"])
            n = data["seats"]
            seed = data["seed"]
            first_dealer = data["first_dealer"]
            start = data.get("start_scores")
            rounds = data["rounds"]
            if not isinstance(rounds, list) or not rounds:
                raise ValueError("no rounds")
            if not all(isinstance(x, int) and not isinstance(x, bool)
                       for x in (n, seed, first_dealer)):
                raise ValueError("seats, seed and first_dealer must be numbers")
            if not 0 <= first_dealer < n:
                raise ValueError("first_dealer is not a seat")
            key, key_from = _key_of(data)
            match = cls(rules, n, seed, first_dealer, start, key, key_from)
            for k, steps in enumerate(rounds):
                if not isinstance(steps, list):
                    raise ValueError(f"round {k} is not a list")
                if k:
                    match.next_round()
                for i, step in enumerate(steps):
                    try:
                        match.apply(action_from_dict(step))
                    except RuleError as err:
                        raise ValueError(f"round {k} step {i} refused ({err.code.value})"
                                         ) from err
        except (KeyError, TypeError) as exc:
            raise ValueError(f"match: missing or bad field {exc}") from exc
        if "scores" in data and data["scores"] != match.scores:
            raise ValueError("match: the scores do not match the replayed rounds")
        return match


def _key_of(data: dict[str, Any]) -> tuple[bytes | None, int]:
    """A saved match's key and first keyed round (None, 1: saved before keys).

    Raises:
        ValueError: a key that is not :data:`KEY_BYTES` bytes in hexadecimal, or a bad round.
    """
    text = data.get("key")
    if text is None:
        return None, 1
    if not isinstance(text, str) or len(text) != 2 * KEY_BYTES:
        raise ValueError(f"match: the key is {KEY_BYTES} bytes in hexadecimal")
    try:
        key = bytes.fromhex(text)
    except ValueError as exc:
        raise ValueError(f"match: the key is {KEY_BYTES} bytes in hexadecimal") from exc
    key_from = data.get("key_from", 1)
    if isinstance(key_from, bool) or not isinstance(key_from, int) or key_from < 1:
        raise ValueError("match: key_from must be a round from 1")
    return key, key_from


def team_scores(rules: Rules, per_seat: Sequence[int]) -> tuple[int, int] | None:
    """The two teams' sums (seats 0 & 2, 1 & 3) of a number per seat (totals, a round's
    penalties) when the rules play in teams, else None."""
    if not rules.teams:
        return None
    return (per_seat[0] + per_seat[2], per_seat[1] + per_seat[3])


def partner_seat(rules: Rules, seat: int) -> int | None:
    """A seat's team partner (the opposite seat of four) when the rules play in teams, else
    None; the setup screen pairs the seats before any match exists."""
    return (seat + 2) % 4 if rules.teams else None


@dataclass(frozen=True)
class Standings:
    """Where a match stands after a round: who is out, whether it is over, who won."""

    eliminated: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]


def standings(rules: Rules, scores: list[int], eliminated: list[int] | tuple[int, ...] = ()
              ) -> Standings:
    """Apply the match-end rule to totals (seats already out stay out, in their order)."""
    n = len(scores)
    target = rules.target
    if rules.teams and n == 4:
        teams = (scores[0] + scores[2], scores[1] + scores[3])
        if max(teams) < target:
            return Standings(tuple(eliminated), False, ())
        if teams[0] == teams[1]:
            return Standings(tuple(eliminated), True, (0, 1, 2, 3))
        losing = 0 if teams[0] > teams[1] else 1
        return Standings(tuple(eliminated), True, tuple(s for s in range(4) if s % 2 != losing))
    if rules.match_end is MatchEnd.ELIMINATION:
        out = list(eliminated) + [s for s in range(n)
                                  if scores[s] >= target and s not in eliminated]
        active = [s for s in range(n) if s not in out]
        if len(active) > 1:
            return Standings(tuple(out), False, ())
        if active:
            return Standings(tuple(out), True, tuple(active))
        best = min(scores)  # everyone reached the target in the same round
        return Standings(tuple(out), True, tuple(s for s in range(n) if scores[s] == best))
    if max(scores) < target:
        return Standings(tuple(eliminated), False, ())
    best = min(scores)
    return Standings(tuple(eliminated), True, tuple(s for s in range(n) if scores[s] == best))


def keyed_round_seed(key: bytes, k: int, players: int, dealer: int) -> int:
    """A seed below :data:`SEED_LIMIT` for round k (from 0) of a match with a secret key, whose
    remainder by ``players`` is the dealer: a new match started from it with as many players
    deals the same round again. HMAC-SHA256 of the key: one seed tells nothing of the key, so
    nothing of another round's seed.
    """
    digest = hmac.new(key, f"rami/round/{k}".encode(), hashlib.sha256).digest()
    base = int.from_bytes(digest[:8], "big") % (SEED_LIMIT // players)
    return base * players + dealer


def keyed_generator(key: bytes, purpose: str) -> random.Random:
    """A generator for ``purpose`` (a bot seat's, a stand-in's) from a match's secret key
    through HMAC-SHA256: nothing a round's deal code shows computes it."""
    return random.Random(hmac.new(key, f"rami/{purpose}".encode(), hashlib.sha256).digest())


def _round_seed(seed: int, k: int, players: int, dealer: int) -> int:
    """A 31-bit seed for round k whose remainder by ``players`` is the dealer, from a match
    saved before keys: a public function of round 1's seed (its deal code), kept so that such
    a match resumes as it was dealt.

    A new match started from that seed with as many players deals the same round again.
    """
    base = random.Random(f"{seed}/round/{k}").getrandbits(31)
    return base - base % players + dealer
