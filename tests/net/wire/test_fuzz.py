"""10,000 fuzzed messages at a table while a match is played: the host answers each with an
error (never an exception, never a stall), closes connections that keep at it, and the others'
match is exactly the match the same bots play with no network at all."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from rami_desktop.bots import make_bot
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.wire.protocol import MAX_BYTES, VERSION
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session
from tests.net.harness import config_of, host_table, join_bot, play_joiners

FUZZED = 10_000
#: the joiners start playing once this many are sent: the rest arrive during the play, and the
#: match (seconds) outlasts them (a fraction of a second) however busy the machine is
BEFORE_PLAY = 9_000
RULES = PRESETS["talaj"].with_options(target=100)  # no redeal: the play is the same each run
SEED = 9
JOINER_SEEDS = {0: 21, 1: 22}


def fuzzed(rng: random.Random, code: str) -> str | bytes:
    """One message a careless or hostile program might send."""
    kind = rng.randrange(16)
    if kind == 0:
        return rng.randbytes(rng.randrange(1, 200))
    if kind == 1:
        return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 80)))
    if kind == 2:
        text = json.dumps({"v": VERSION, "type": "act", "seq": 1,
                           "action": {"player": 0, "do": "draw", "from": "stock"}})
        return text[:rng.randrange(1, len(text))]
    if kind == 3:
        return json.dumps(rng.choice([[], [1, 2], 3, "act", None, True, 1.5]))
    if kind == 4:
        return json.dumps({"v": rng.choice([None, 0, 2, 99, "1", 1.0, True]), "type": "info"})
    if kind == 5:
        return json.dumps({"v": VERSION, "type": rng.choice(["", "acts", "hello", "x" * 500])})
    if kind == 6:
        action = rng.choice([{"player": rng.randrange(-2, 8), "do": "draw",
                              "from": rng.choice(["stock", "top", "first", "sky"])},
                             {"player": 0, "do": "meld", "cards": ["AS", "2S", "ZZ"]},
                             {"player": 1, "do": "discard", "card": 7},
                             {"player": True, "do": "undo"}, {"do": "discard"}, []])
        return json.dumps({"v": VERSION, "type": "act", "seq": rng.randrange(-5, 1 << 50),
                           "action": action, "picked": rng.choice([[], [1, 2], ["a"], [99]])})
    if kind == 7:
        depth = rng.randrange(10, 5000)
        return (f'{{"v": {VERSION}, "type": "order", "order": {{"cards": ' + "[" * depth + "1"
                + "]" * depth + "}}")
    if kind == 8:
        return json.dumps({"v": VERSION, "type": "info", "pad": "x" * (MAX_BYTES + 1)})
    if kind == 9:
        return json.dumps({"v": VERSION, "type": "join", "code": rng.choice(
            [code, "WRONG1", "", 5, None]), "name": rng.choice(["A", "x" * 200, None, 3]),
            "seat": rng.choice([None, 0, 1, 2, 9, -1, "0"]),
            "token": rng.choice([None, "guess", "x" * 65, 1])})
    if kind == 10:
        return json.dumps({"v": VERSION, "type": "ping", "t": rng.choice([1, "x", None])})
    if kind == 11:
        return f'{{"v": {VERSION}, "type": "ping", "t": NaN}}'
    if kind == 12:
        return json.dumps({"v": VERSION, "type": rng.choice(["ready", "leave", "order"]),
                           "order": rng.choice([None, {}, {"cards": ["AS"]}])})
    if kind == 13:
        return json.dumps({"v": VERSION, "type": "act", "seq": 1, "action": {
            "player": rng.randrange(3), "do": "discard", "card": "KH"}})
    if kind == 14:
        return json.dumps({"v": VERSION, "type": "info", "n": 10 ** rng.randrange(1, 400)})
    return json.dumps({"v": VERSION, "type": "info"})


@dataclass
class Fuzzer:
    """Sends the fuzzed messages, connecting again whenever the host closes the connection."""

    url: str
    code: str
    over: threading.Event = field(default_factory=threading.Event)
    halfway: threading.Event = field(default_factory=threading.Event)
    sent: int = 0
    answers: dict[str, int] = field(default_factory=dict)
    connections: int = 0
    closed_by_host: int = 0

    async def run(self) -> None:
        rng = random.Random(2024)
        while self.sent < FUZZED and not self.over.is_set():
            try:
                async with connect(self.url, proxy=None, max_size=None, max_queue=None,
                                   compression=None) as ws:
                    self.connections += 1
                    reader = asyncio.ensure_future(self._read(ws))
                    try:
                        while self.sent < FUZZED:
                            await ws.send(fuzzed(rng, self.code))
                            self.sent += 1
                            if self.sent == BEFORE_PLAY:
                                self.halfway.set()
                            if self.sent % 50 == 0:
                                await asyncio.sleep(0.002)  # let the answers be read
                    except ConnectionClosed:
                        self.closed_by_host += 1
                    reader.cancel()
            except (OSError, InvalidHandshake, ConnectionClosed):
                await asyncio.sleep(0.01)

    async def _read(self, ws: object) -> None:
        try:
            async for message in ws:  # type: ignore[attr-defined]
                data = json.loads(message)
                kind = data.get("code") or data["type"]
                self.answers[kind] = self.answers.get(kind, 0) + 1
        except ConnectionClosed:
            return


def reference_match() -> dict[str, object]:
    """The same match, with the same bots and generators, and no network."""
    config = GameConfig(RULES, (Seat(None, "bot", "easy"),) * 3, SEED)
    session = Session(config, key=chosen_key(SEED),
                      bots={s: make_bot("easy") for s in JOINER_SEEDS},
                      rngs={s: random.Random(seed) for s, seed in JOINER_SEEDS.items()})
    session.play_match(100)
    assert session.match.over
    return session.match.to_dict()


def test_ten_thousand_fuzzed_messages_leave_the_host_and_the_match_unharmed() -> None:
    table = host_table(config_of(RULES, "net", "net", "bot", seed=SEED), key=chosen_key(SEED))
    joiners = []
    try:
        table.run()
        joiners += [join_bot(table, f"J{s}", seed=seed, seat=s)
                    for s, seed in JOINER_SEEDS.items()]
        fuzzer = Fuzzer(table.url, table.session.code)

        def play() -> None:
            fuzzer.halfway.wait(120)
            play_joiners(joiners)
            fuzzer.over.set()  # the table is gone: no more connections to make

        players = threading.Thread(target=play, daemon=True)
        players.start()
        started = time.monotonic()
        asyncio.run(asyncio.wait_for(fuzzer.run(), 120))
        fuzzing = time.monotonic() - started
        players.join(120)
        table.join_thread()
        assert fuzzer.sent == FUZZED
        assert table.finished == [True]
        assert table.session.match.to_dict() == reference_match()
        assert all(j.match_ended for j in joiners)
        assert table.tap.failures == []
        # every kind of refusal was answered, and stubborn connections were closed
        for code in ("malformed", "unknown_type", "bad_field", "too_big", "not_joined",
                     "version_newer", "wrong_code", "pong"):
            assert fuzzer.answers.get(code, 0) > 0, (code, fuzzer.answers)
        assert fuzzer.connections > 10
        print(f"fuzz: match {time.monotonic() - started:.1f} s, "
              f"rounds {len(table.session.match.results)}; {fuzzer.sent} messages in "
              f"{fuzzing:.1f} s over {fuzzer.connections} connections; "
              f"answers {sorted(fuzzer.answers.items())}")
    finally:
        table.close()
        for joiner in joiners:
            joiner.close()
