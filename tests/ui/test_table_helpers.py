"""Helpers for the table tests: a known deal, and a driver posting mouse and key events."""

from __future__ import annotations

import random
from typing import Any

import pygame

from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.rules import preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table.hints import current_hint
from tests.truth import behind

DT = 1 / 60

#: seconds a frame waits at most for the answers of the table's threads (a bot's decision, a
#: review, a hint): long enough for any load, so that a frame stands for a moment of play on
#: any machine; only a thread that never answers fails the test
THREAD_WAIT = 60.0

#: the human's hand: a tria of kings (30), a série 9H-QH (39), clubs 5-6-7 (18), and 8H
HUMAN = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 4D 8H JK"


def known_table(app: Any, seats: tuple[Seat, ...] | None = None, human: str = HUMAN,
                others: list[str] | None = None, stock_top: str = "3S", dealer: int = 0,
                preset_name: str = "talaj", teams: bool = False) -> TableScene:
    """A table whose current round is a chosen deal: seat 0 deals and plays first."""
    seats = seats or (Seat("You", "human"), Seat("Bot 2", "bot", "easy"),
                      Seat("Bot 3", "bot", "easy"))
    rules = preset(preset_name, teams=teams)
    config = GameConfig(rules=rules, seats=seats, seed=7)
    scene = TableScene(app, Table(Session(config)))
    match = behind(scene.session).match
    rng = random.Random(11)
    hands = [list(parse_cards(human.split()))]
    if others:
        hands += [list(parse_cards(h.split())) for h in others]
    used = [c for h in hands for c in h]
    pool = complete_stock([], used + list(parse_cards(stock_top.split())), rng)
    while len(hands) < len(seats):
        hands.append([pool.pop() for _ in range(rules.hand_size)])
    used = [c for h in hands for c in h]
    stock = complete_stock(list(parse_cards(stock_top.split())), used, rng)
    match.first_dealer = match.dealer_seat = dealer
    match.seats = tuple(range(len(seats)))
    match.round = RoundState(rules, hands, [], stock, dealer, seed=5)
    match.logs = [[]]
    behind(scene.session).version += 1  # the game changed under the table
    scene.sync(animate=False)
    return scene


def order_of(scene: TableScene, seat: int = 0) -> list[Card]:
    """A seat's hand in its screen order."""
    return scene.session.hand_order(seat).cards


def position_of(scene: TableScene, card: Card, seat: int = 0) -> int:
    """Where a card is in a seat's hand on screen."""
    return order_of(scene, seat).index(card)


def discard_card(scene: TableScene, card: Card) -> None:
    """The face-up hand's owner discards a card (the table's command, as a drop would)."""
    seat = scene.control.seat()
    assert seat is not None
    scene.control.discard(position_of(scene, card, seat))


def selection(scene: TableScene) -> list[Card]:
    """The selected cards of the face-up hand, in screen order."""
    seat = scene.control.seat()
    if seat is None:
        return []
    order = order_of(scene, seat)
    return [order[i] for i in scene.model.picked(order)]


def hint_of(scene: TableScene) -> tuple[list[int], str]:
    """The hint the table shows now: hand positions and its line (once the advisor's thread
    has worked it out)."""
    for _ in range(2):
        hint = current_hint(scene.session, scene.model, scene.control.my_turn(),
                            scene.control.gate, scene.advisor)
        wait_for_advisor(scene)
    return hint


def wait_for_advisor(scene: TableScene) -> None:
    """Wait (bounded in time) until the table's advisor answered every question asked."""
    scene.advisor.wait(THREAD_WAIT)
    assert not scene.advisor.busy, "the advisor's thread gave no answer in time"


class Driver:
    """Posts events to an App and steps it with a fixed dt."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def step(self, events: list[pygame.event.Event] | None = None, frames: int = 1) -> None:
        """Run frames (the events go in the first), each after the bots' thread has answered:
        a frame in a test stands for a moment of play, whatever the machine's load."""
        self._wait_for_bots()
        self.app.step(DT, events or [])
        for _ in range(frames - 1):
            self._wait_for_bots()
            self.app.step(DT, [])

    def _wait_for_bots(self) -> None:
        """Wait (bounded in time) for the threads of every table on the stack, a table scene
        or the table a scene shows inside it (a lesson's): its bots' decision and the other
        answers of their thread (a round's review), and its advisor's."""
        for scene in self.app.stack.scenes:
            for table in _tables_of(scene):
                table.session.worker.wait(THREAD_WAIT)
                wait_for_advisor(table)
                table.control.poll()

    def settle(self, frames: int = 40) -> None:
        """Let the cards slide home."""
        self.step(frames=frames)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click."""
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 5) -> None:
        """Press at ``start``, move in steps, release at ``end``."""
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps,
                 start[1] + (end[1] - start[1]) * k // steps)
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1),
                                             buttons=(1, 0, 0)))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.step(events)

    def key(self, key: int, mod: int = 0) -> None:
        """A key tapped: pressed and released in one frame (a key never released would be
        held: the next screen would not count it)."""
        self.step([pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)
                   for kind in (pygame.KEYDOWN, pygame.KEYUP)])


def _tables_of(scene: Any) -> list[TableScene]:
    """The table scenes a scene is or shows (a lesson shows its table inside it)."""
    if isinstance(scene, TableScene):
        return [scene]
    return [part for part in vars(scene).values() if isinstance(part, TableScene)]


def save_game(paths: Any, config: GameConfig, match: Any) -> str | None:
    """Save a match as the table does (its session's store and writer); return the problem."""
    from rami_desktop.storage.match_io import MatchFiles

    session = Session(config, match, store=MatchFiles(paths))
    session.autosave()
    session.close()
    return session.save_problem


def load_game(paths: Any) -> tuple[Session | None, str | None]:
    """Resume the saved match as Continue does."""
    from rami_desktop.storage.match_io import MatchFiles

    return Session.resume(MatchFiles(paths))


def play(scene: TableScene, *actions: Any) -> None:
    """Play actions in the scene's game: a human's through the session as the table does, a
    bot's straight through the engine (setting up a position)."""
    session = scene.session
    for action in actions:
        seat = session.seat_of(action.player)
        if session.is_bot(seat):
            behind(session).match.apply(action)
            behind(session).version += 1  # the game changed under the table
        else:
            played = session.play(seat, action)
            assert played.ok, played.code
    scene.sync(animate=False)


def give(r: Any, player: int, codes: list[str]) -> None:
    """Give a round player exactly these cards, the deck kept whole: the cards it gives up go
    to the stock, those it gets come from the stock (as a real deal could have been)."""
    want = list(parse_cards(codes))
    pool = list(r.hands[player]) + list(r.stock)
    for card in want:
        pool.remove(card)
    r.hands[player] = want
    r.stock = pool


def end_round(r: Any, winner: int | None) -> None:
    """End the round here, as if ``winner`` went out (its cards laid on the talaj) or the stock
    ran out (None); the engine counts the penalties with the rules now."""
    if winner is not None:
        r.talaj.extend(r.hands[winner])
        r.hands[winner] = []
    r._end(winner, "out" if winner is not None else "stock_exhausted")
