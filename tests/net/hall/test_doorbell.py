"""The doorbell of a loop serving many tables: it names the tables rung and those whose look is
due, each once, and no other."""

from __future__ import annotations

import threading

from rami_desktop.net.hall.doorbell import Doorbell


def test_a_ring_from_another_thread_names_its_table_once() -> None:
    bell: Doorbell[str] = Doorbell()

    def ring() -> None:
        for _ in range(100):
            bell.ring("A")

    ringer = threading.Thread(target=ring)
    ringer.start()
    ringer.join()
    assert bell.wait(5.0) == {"A"}
    assert bell.wait(0.0) == set()  # taken: not named again


def test_a_look_is_due_at_its_time_and_not_before() -> None:
    now = [100.0]
    bell: Doorbell[str] = Doorbell(clock=lambda: now[0])
    bell.at("A", 101.0)
    bell.at("B", 103.0)
    assert bell.wait(0.0) == set()
    now[0] = 101.0
    assert bell.wait(0.0) == {"A"}
    assert bell.next_look() == 103.0
    now[0] = 110.0
    assert bell.wait(0.0) == {"B"}
    assert bell.wait(0.0) == set() and bell.next_look() is None


def test_a_look_set_again_replaces_the_one_before_and_none_forgets_it() -> None:
    now = [0.0]
    bell: Doorbell[str] = Doorbell(clock=lambda: now[0])
    bell.at("A", 5.0)
    bell.at("A", 50.0)  # later: the first one is gone
    bell.at("B", 5.0)
    bell.at("B", None)
    now[0] = 10.0
    assert bell.wait(0.0) == set()
    now[0] = 50.0
    assert bell.wait(0.0) == {"A"}


def test_looks_replaced_many_times_leave_only_the_last_of_each() -> None:
    now = [0.0]
    bell: Doorbell[int] = Doorbell(clock=lambda: now[0])
    for i in range(10_000):
        bell.at(i % 10, 1.0 + i)
    assert bell.next_look() == 1.0 + 9_990
    now[0] = 9_995.0
    assert bell.wait(0.0) == {0, 1, 2, 3, 4}
    now[0] = 1e9
    assert bell.wait(0.0) == {5, 6, 7, 8, 9}


def test_a_table_forgotten_is_not_named_and_another_source_wakes_the_wait() -> None:
    event = threading.Event()
    bell: Doorbell[str] = Doorbell(event)
    bell.ring("gone")
    bell.at("gone", 0.0)
    bell.forget("gone")
    event.set()  # a stop, a create: the wait ends with no table to step
    assert bell.wait(5.0) == set()
