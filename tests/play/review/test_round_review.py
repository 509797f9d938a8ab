"""The round review: each kind of finding on logged rounds where it is known to be present,
and where it is known to be absent."""

from __future__ import annotations

import random
import threading
import time

from bots.helpers import H, make_round

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay, Swap
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.review.round_review import review_of, review_round
from rami_desktop.play.session.bot_worker import BotWorker
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.findings import Finding, FindingKind

# player 1 lays QQQ and 9-10-J of hearts (59) and makes 80 with a 7S beside its 7C 7D
FEED = ["7S 2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH",
        "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"]
# player 0 opens at once (88), keeps 5C 5D 7S; its next stock card is the 5S
DOWN = ["KS KC KD 9H 10H JH QH KH 2S 3S 4S 5C 5D 7S",
        "2H 4C 6D 8H 10C QS 3C 7D 9S JC KS 4H 6H JK"]


def _play(state: RoundState, *actions: Action) -> list[Action]:
    for action in actions:
        state.apply(action)
    return list(actions)


def _review(dealt: RoundState, log: list[Action], players: set[int]) -> tuple[Finding, ...]:
    return review_round(dealt.clone(), log, players)


def _kinds(findings: tuple[Finding, ...]) -> list[FindingKind]:
    return [f.kind for f in findings]


def test_a_discard_the_next_player_opens_with_is_found() -> None:
    state = make_round(PRESETS["talaj"], FEED, dealer=0, stock_top="3C 5H")
    dealt = state.clone()
    log = _play(state, Draw(0, "stock"), Discard(0, H("7S")[0]), Draw(1, "top"),
                Lay(1, tuple(H("QS QD QC"))), Lay(1, tuple(H("9H 10H JH"))),
                Lay(1, tuple(H("7S 7C 7D"))), Discard(1, H("KD")[0]))
    found = _review(dealt, log, {0})
    assert found == (Finding(FindingKind.FED_OPEN, 0, 1, (H("7S")[0],), round_turn=1),)
    assert _review(dealt, log, {1}) == ()  # player 1 fed no one


def test_a_discard_left_on_the_talaj_fed_no_one() -> None:
    state = make_round(PRESETS["talaj"], FEED, dealer=0, stock_top="3C 5H")
    dealt = state.clone()
    log = _play(state, Draw(0, "stock"), Discard(0, H("7S")[0]), Draw(1, "stock"),
                Discard(1, H("KD")[0]))
    assert _review(dealt, log, {0}) == ()


def _down_round(name: str = "talaj", hands: list[str] = DOWN
                ) -> tuple[RoundState, RoundState, list[Action]]:
    if name == "tallage":  # the first player starts with one card more and does not draw
        state = make_round(PRESETS[name], [hands[0] + " AS", hands[1]], dealer=0,
                           stock_top="3D 5S")
        first: list[Action] = []
    else:
        state = make_round(PRESETS[name], hands, dealer=0, stock_top="AS 3D 5S")
        first = [Draw(0, "stock")]
    dealt = state.clone()
    log = _play(state, *first, *(Lay(0, tuple(H(m))) for m in (
        "KS KC KD", "9H 10H JH QH KH", "2S 3S 4S")), Discard(0, H("AS")[0]),
        Draw(1, "stock"), Discard(1, H("3D")[0]), Draw(0, "stock"))
    return state, dealt, log  # player 0 holds 5C 5D 7S 5S: it can lay 5-5-5 and go out


def test_a_going_out_missed_is_found_with_the_way() -> None:
    state, dealt, log = _down_round()
    log += _play(state, Discard(0, H("5S")[0]))
    found = _review(dealt, log, {0})
    assert _kinds(found) == [FindingKind.MISSED_OUT]
    way = found[0]
    assert way.turn == 2 and way.round_turn == 3 and way.take is None
    assert [sorted(m) for m in way.melds] == [sorted(H("5C 5D 5S"))]


def test_going_out_is_no_miss_and_the_loser_s_jokers_are_counted() -> None:
    state, dealt, log = _down_round("tallage")  # a hand-value preset: every card counts
    log += _play(state, Lay(0, tuple(H("5C 5D 5S"))), Discard(0, H("7S")[0]))
    assert state.over and state.winner == 0
    assert _review(dealt, log, {0}) == ()
    held = _review(dealt, log, {1})
    joker = state.penalty_breakdown(1)
    points = sum(v.value for v in joker.cards if v.card.is_joker)
    assert held == (Finding(FindingKind.JOKERS_HELD, 1, cards=tuple(H("JK")), points=points),)
    assert points > 0
    state, dealt, log = _down_round()  # talaj: never down, a flat sum; no joker counted
    log += _play(state, Lay(0, tuple(H("5C 5D 5S"))), Discard(0, H("7S")[0]))
    assert _review(dealt, log, {1}) == ()


def test_no_joker_held_no_joker_finding() -> None:
    state, dealt, log = _down_round("tallage", [DOWN[0], DOWN[1].replace("JK", "AD")])
    log += _play(state, Lay(0, tuple(H("5C 5D 5S"))), Discard(0, H("7S")[0]))
    assert state.over and state.winner == 0
    assert _review(dealt, log, {0, 1}) == ()


def test_the_job_replays_the_round_s_own_deal() -> None:
    state, _dealt, _log = _down_round()
    state.apply(Discard(0, H("5S")[0]))
    assert _kinds(review_of(state, {0})()) == [FindingKind.MISSED_OUT]


def test_the_session_reviews_its_human_on_the_bot_worker_thread() -> None:
    config = GameConfig(PRESETS["talaj"], (Seat("Sam", "human"), Seat(None, "bot", "medium")),
                        seed=3)
    session = Session(config, verify_saves=False)
    threads: list[str] = []
    job = session.worker.job

    def spy(work):  # type: ignore[no-untyped-def]
        def run():  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread().name)
            return work()
        return job(run)

    session.worker.job = spy  # type: ignore[method-assign]
    player = make_bot("easy")  # plays the human's seat through the session
    rng = random.Random(1)
    table = Table(session)
    assert table.review() is None
    while not session.round.over:
        if session.driver.bot_seat() is not None:
            session.step_bot()
            continue
        seat = table.human_to_play()
        assert seat == 0
        action = player.act(session.observation(seat), rng)
        assert table.play(seat, action).ok
    t0 = time.monotonic()
    review = table.review()
    while review is None and time.monotonic() - t0 < 30:
        session.worker.wait(1)
        time.sleep(0.01)
        review = table.review()
    assert review is not None
    assert threads and all(t.startswith("rami-bot") for t in threads)
    assert all(f.seat == 0 for f in review)
    session.close()


def test_review_cpu_a_round() -> None:
    """Benchmark (prints): the review's thread CPU a round, medium against easy, talaj."""
    from rami_desktop.commands.sim import Tally, new_round

    times = []
    for seed in range(3):
        session = new_round("talaj", ("medium", "easy"), seed, 0, Tally())
        session.play_round()
        t0 = time.thread_time()
        review_of(session.round, {0, 1})()
        times.append(time.thread_time() - t0)
    print(f"review thread CPU a round: max {max(times):.3f} s, mean "
          f"{sum(times) / len(times):.3f} s over {len(times)} rounds")
    assert len(times) == 3


def test_bot_worker_job_runs_on_its_thread() -> None:
    worker = BotWorker()
    assert worker.job(lambda: threading.current_thread().name).result(5).startswith("rami-bot")
    worker.shutdown()


def test_a_first_turn_without_a_draw_that_could_go_out_is_a_miss() -> None:
    # tallage: the first player starts with 15 cards and no draw; these go out at once
    hand = "KS KC KD 9H 10H JH QH KH 2S 3S 4S 5C 5D 5S 7S"
    state = make_round(PRESETS["tallage"], [hand, DOWN[1]], dealer=0, stock_top="3D")
    dealt = state.clone()
    log = _play(state, Discard(0, H("7S")[0]))
    found = _review(dealt, log, {0})
    assert _kinds(found) == [FindingKind.MISSED_OUT] and found[0].turn == 1


# player 0 opens at once (79) and keeps 5C 5D 7S 9D 2C; player 1 goes out on its second turn
LEFT = ["KS KC KD 9H 10H JH QH KH 5C 5D 7S 9D 2C 4H",
        "2H 3H 4H 5H 6H 7D 7C 7H 8S 9S 10S JS QS KD"]


def _left_round(lay: bool) -> tuple[RoundState, list[Action], RoundState]:
    state = make_round(PRESETS["talaj"], LEFT, dealer=0, stock_top="AS 3D 5S KS")
    dealt = state.clone()
    log = _play(state, Draw(0, "stock"), Lay(0, tuple(H("KS KC KD"))),
                Lay(0, tuple(H("9H 10H JH QH KH"))), Discard(0, H("4H")[0]),
                Draw(1, "stock"), Discard(1, H("3D")[0]), Draw(0, "stock"))
    if lay:
        log += _play(state, Lay(0, tuple(H("5C 5D 5S"))))
    log += _play(state, Discard(0, H("9D")[0]), Draw(1, "stock"),
                 Lay(1, tuple(H("2H 3H 4H 5H 6H"))), Lay(1, tuple(H("7D 7C 7H"))),
                 Lay(1, tuple(H("8S 9S 10S JS QS KS"))), Discard(1, H("KD")[0]))
    assert state.over and state.winner == 1
    return dealt, log, state


def test_points_left_in_hand_that_could_have_been_laid_are_counted() -> None:
    dealt, log, end = _left_round(lay=False)
    found = _review(dealt, log, {0})
    assert _kinds(found) == [FindingKind.POINTS_LEFT]
    f = found[0]
    assert f.turn == 2 and f.round_turn == 3 and f.seat == 0
    assert [sorted(m) for m in f.melds] == [sorted(H("5C 5D 5S"))]
    laid = end.penalty_breakdown(0)
    assert f.points == sum(v.value for v in laid.cards if v.card.rank == 5) > 0
    dealt, log, _end = _left_round(lay=True)  # laid: nothing left to say
    assert _review(dealt, log, {0}) == ()


def test_an_opening_missed_in_a_turn_that_could_go_out_is_told_as_the_way_out() -> None:
    dealt, log, _end = _left_round(lay=False)
    # player 1 could open on its first turn, and go out by taking the 4♥ discarded: the way
    # out says more (one finding for the turn, not two)
    found = _review(dealt, log, {1})
    assert _kinds(found) == [FindingKind.MISSED_OUT]
    assert found[0].turn == 1 and found[0].take == H("4H")[0]


def _swap_to_go_out() -> RoundState:
    """Tallage, both players down; player 0 to play (the dealer: no draw), holds A♦ and 7♣.
    On the table: the série Q-K-joker♦ (the joker stands for the A♦) and the tria A♠ A♥ A♦.
    Going out takes the joker back with the A♦ and adds it to the tria (deal
    217619378978137's turn 39)."""
    state = make_round(PRESETS["tallage"], ["AD 7C", "2C 4D"], dealer=0)
    table = [H("QD KD JK"), H("AS AH AD")]
    for meld in table:
        for c in meld:
            state.stock.remove(c)
    state.melds = [TableMeld(1, 0, make_meld(table[0])), TableMeld(1, 1, make_meld(table[1]))]
    state.down[0] = state.down[1] = True
    return state


def test_a_way_out_through_a_joker_swap_names_the_swap_first() -> None:
    """The way out that starts by winning a joker back says so: the swap first, then the joker
    added, never "add the joker" to a player who holds none (8 of 611 ways did)."""
    state = _swap_to_go_out()
    dealt = state.clone()
    log = _play(state, Discard(0, H("7C")[0]))  # the player keeps the A♦: no way out taken
    (found,) = _review(dealt, log, {0})
    assert found.kind is FindingKind.MISSED_OUT
    assert found.swaps == ((H("AD")[0], tuple(H("QD KD JK"))),)
    assert found.adds == ((H("JK")[0],),)
    assert H("AD")[0] in found.cards  # the replay frames the card put in the joker's place
    way = dealt.clone()  # the way, as said, goes out: the swap, then the joker added
    way.apply(Swap(0, 0, H("AD")[0]))
    (onto,) = found.onto  # the combination as it stands after the swap
    at = next(k for k, m in enumerate(way.melds) if m.meld is not None
              and sorted(m.meld.cards) == sorted(onto))
    way.apply(Add(0, at, (H("JK")[0],)))
    way.apply(Discard(0, H("7C")[0]))
    assert way.over and way.winner == 0
    from rami_desktop.ui.kit.text import strip_marks
    from rami_desktop.ui.words.review_text import finding_text
    said = strip_marks(finding_text(found)).replace("\u00a0", " ")
    assert said.startswith("On your turn 1 you could have gone out: put A♦ in place of the joker "
                           "in the série Q-K-joker♦, then add the joker to the "), said
