"""Drops and returns: a joiner whose link dies in the middle of its turn comes back to its
seat with its token and finds everything as it was (hand, its order, the turn so far); while
it is away the table waits for it, or a bot plays its seat until it returns."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rami_desktop.engine.actions import Drew
from rami_desktop.engine.cards import sort_key_rank
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.hosting import Hosting
from rami_desktop.net.join.joiner_loop import step_joiner
from rami_desktop.net.join.joining import Joining, Trouble
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import VERSION
from rami_desktop.play.table.table import Table as ScreenTable
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from tests.net.harness import LeakTap, Table, config_of, host_table, join_bot, play_joiners

RULES = PRESETS["talaj"].with_options(target=60)


def until(test: object, limit: float = 20.0) -> None:
    """Wait (bounded) until ``test()`` holds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if test():  # type: ignore[operator]
            return
        time.sleep(0.01)
    raise AssertionError("the table did not get there in time")


def play_until_drawn(joiner: RemoteSession, limit: float = 30.0) -> None:
    """Play the joiner's seat with its bot until it has drawn in its own turn (the host
    answered): the middle of a turn."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        joiner.pump()
        r = joiner.round_state
        mine = not r.over and joiner.to_play() == joiner.seat
        if mine and r.has_drawn and not joiner.waiting_answer and joiner.started:
            return
        step_joiner(joiner)
        joiner.link.wait(0.05)
    raise AssertionError("the joiner's turn did not come")


def background(joiner: RemoteSession) -> threading.Thread:
    """Play a joiner's seat on a thread until its game ends."""
    thread = threading.Thread(target=play_joiners, args=([joiner],), daemon=True)
    thread.start()
    return thread


def drop(table: Table, joiner: RemoteSession) -> None:
    """The joiner's link dies (no goodbye): the host sees its connection gone."""
    joiner.link.stop(1.0)
    until(lambda: not table.session.book.present(joiner.seat))


@contextmanager
def running(table: Table) -> Iterator[list[RemoteSession]]:
    """Run the table's host; yield the list the test adds its joiners to; close them all and
    the table at the end, whatever happened."""
    joiners: list[RemoteSession] = []
    try:
        table.run()
        yield joiners
    finally:
        table.close()
        for joiner in joiners:
            joiner.close()


@contextmanager
def one_to_drop(policy: str, seed: int, first_seed: int
                ) -> Iterator[tuple[Table, RemoteSession, list[RemoteSession]]]:
    """A running table of two joiners (Sara, Omar) and a bot, ``policy`` while a joiner is
    away: yields the table, Sara (the one the test drops; it plays only when the test says)
    and the joiners' list, where Omar plays his seat on a thread."""
    table = host_table(config_of(RULES, "net", "net", "bot", seed=seed), policy=policy)
    with running(table) as joiners:
        sara = join_bot(table, "Sara", seed=first_seed)
        joiners.append(join_bot(table, "Omar", seed=first_seed + 1))
        background(joiners[0])
        yield table, sara, joiners


def test_a_joiner_dropped_mid_turn_comes_back_to_its_seat_with_nothing_lost() -> None:
    with one_to_drop("wait", seed=5, first_seed=1) as (table, mover, others):
        play_until_drawn(mover)
        seat, token = mover.seat, mover.token
        order = mover.order()
        cards = sorted(range(len(order.cards)), key=lambda i: sort_key_rank(order.cards[i]))
        order.arrange(cards, [3])  # the player's own arrangement, sent with the next pump
        mover.pump()
        until(lambda: table.session.kept_order(seat).cards == mover.order().cards)
        before = (mover.view.observation, list(mover.order().cards),
                  list(mover.order().breaks))
        host_turn = (table.session.match.round_number, table.session.round.turn)
        drop(table, mover)
        time.sleep(0.3)  # the table waits for the seat's player: nothing moves
        assert (table.session.match.round_number, table.session.round.turn) == host_turn
        assert table.session.waiting_for() == [seat]
        back = join_bot(table, "someone else", seed=1, token=token)
        others.append(back)
        assert back.seat == seat and ScreenTable(back).name(seat) == "Sara"
        assert back.view.observation == before[0]
        assert back.view.observation.own_turn is not None and back.round_state.has_drawn
        assert list(back.order().cards) == before[1]
        assert list(back.order().breaks) == before[2]
        # its journal starts from the round so far, ending with its own draw, card shown
        last = ScreenTable(back).story()[-1].events[0]
        assert isinstance(last, Drew) and last.player == back.own_player()
        assert last.card is not None and last.card in back.round_state.hands[last.player]
        turn = back.round_state.turn
        deadline = time.monotonic() + 30
        while back.round_state.turn == turn and not back.round_state.over:  # it finishes its turn
            assert time.monotonic() < deadline
            step_joiner(back)
            back.link.wait(0.05)
        assert table.session.round.turn > turn or table.session.round.over
        assert table.tap.failures == []


def test_while_a_joiner_is_away_a_bot_plays_its_seat_until_it_returns() -> None:
    with one_to_drop("bot", seed=6, first_seed=3) as (table, away, joiners):
        seat, token = away.seat, away.token
        drop(table, away)
        host = table.session
        until(lambda: any(s.stand_in for s in host.seat_infos()))
        turn = host.round.turn
        until(lambda: host.round.turn > turn + 2 or host.round.over)  # the game goes on
        back = join_bot(table, "Sara", seed=3, token=token)
        joiners.append(back)
        assert back.seat == seat
        until(lambda: not any(s.stand_in for s in host.seat_infos()))
        assert back.net_state().stand_ins == ()
        assert table.tap.failures == []


def test_a_seat_taken_cannot_be_taken_by_another_and_a_full_table_says_so() -> None:
    table = host_table(config_of(RULES, "net", "bot", seed=7))
    with running(table) as joiners:
        joiners.append(join_bot(table, "First"))
        for seat, code in ((0, NetError.SEAT_TAKEN), (None, NetError.TABLE_FULL),
                           (1, NetError.NO_SUCH_SEAT)):
            joining = Joining(table.url, table.session.code, "Second", seat)
            until(lambda j=joining: j.poll() is not None)
            assert joining.poll() == Trouble(code, VERSION)
        wrong = Joining(table.url, "ZZZZZZ", "Third")
        until(lambda: wrong.poll() is not None)
        assert wrong.poll() == Trouble(NetError.WRONG_CODE, VERSION)


def test_a_host_that_quits_tells_the_joiners_and_hosts_the_saved_table_again(
        tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.ensure()
    table = host_table(config_of(RULES, "net", "bot", seed=8))
    table.session.store = MatchFiles(paths)
    with running(table) as joiners:
        sara = join_bot(table, "Sara", seed=1)
        joiners.append(sara)
        play_until_drawn(sara)
        sara.pump()
        token, seen = sara.token, sara.view.observation
        table.stop.set()
        table.hosting.mailbox.wake.set()
        assert table.thread is not None
        table.thread.join(10)
        table.session.close()  # the host quits: one sentence for the joiners
        until(lambda: (sara.pump(), sara.status == "closed")[1])
        assert sara.problem is not None and sara.problem.code is NetError.HOST_QUIT
        again = Hosting(table.session.code)
        port = again.start(0, "127.0.0.1")
        resumed, problem = HostSession.resume(
            MatchFiles(paths), None, outbox=again.server, mailbox=again.mailbox,
            tokens=dict(table.session.book.tokens), screen=False, hosting=again)
        assert problem is None and isinstance(resumed, HostSession)
        back_table = Table(again, resumed, LeakTap(again.server), f"ws://127.0.0.1:{port}/")
        back_table.tap.follow(resumed)
        back_table.run()
        back = join_bot(back_table, "whoever", seed=1, token=token)
        joiners.append(back)
        assert back.seat == 0 and ScreenTable(back).name(0) == "Sara"
        assert back.view.observation == seen  # the turn as it stood when the host quit
        back_table.close()
