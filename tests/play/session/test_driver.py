"""The bot driver: redeals as the engine allows, caps, rescues that always end the turn."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest

from rami_desktop.bots import Bot, make_bot
from rami_desktop.engine.actions import Action, Discard, Draw, Redeal
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config
from rami_desktop.play.session.driver import BotDriver, Limits, RoundTable, decide
from rami_desktop.play.session.session import Session

OTHER = "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC QC"
HAND14 = "2C 3C 4C 7H 8H 9H 5H 4S 6D 7S 9S 10S JS KD"
#: 1 joker + 3 pairs: a hand that may be dealt again in rami-talaj
REDEAL_HAND = "JK 2S 2S 7D 7D 9C 9C 4H KD 6C 8S 10D QH 3C"


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def make_round(rules: Rules, hands: list[str], dealer: int, talaj: str = "",
               stock_top: str = "") -> RoundState:
    """A round with the given hands (the stock: named cards first, then the rest shuffled)."""
    hs = [cards(h) for h in hands]
    tj = cards(talaj) if talaj else []
    named = cards(stock_top) if stock_top else []
    stock = complete_stock(named, [c for h in hs for c in h] + tj, random.Random(1))
    return RoundState(rules, hs, tj, stock, dealer, 1)


class Scripted:
    """A stand-in bot for tests: plays the actions of ``script`` (a function of the
    observation), answers redeal questions with ``redeal`` and records what it was told."""

    level = "test"

    def __init__(self, script: Callable[[Observation], Action] | None = None,
                 redeal: bool = False) -> None:
        self.script = script
        self.redeal = redeal
        self.asked = 0
        self.refusals: list[ErrorCode] = []

    def act(self, obs: Observation, rng: random.Random) -> Action:
        assert self.script is not None
        return self.script(obs)

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        self.asked += 1
        return self.redeal

    def refused(self, action: Action, code: ErrorCode) -> None:
        self.refusals.append(code)


def driver_for(state: RoundState, bots: Mapping[int, Bot], limits: Limits | None = None
               ) -> BotDriver:
    rngs = {seat: random.Random(seat) for seat in bots}
    return BotDriver(RoundTable(state), bots, rngs, limits)


# ---- redeal ----------------------------------------------------------------------------------

def test_redeal_is_asked_only_as_the_engine_allows() -> None:
    state = make_round(PRESETS["rami-talaj"], [f"{REDEAL_HAND} 5H", OTHER], dealer=1)
    assert state.redeal_candidates() == (0,)
    yes, no = Scripted(redeal=True), Scripted(redeal=True)
    driver = driver_for(state, {0: yes, 1: no})
    asked = driver.ask_redeals()
    assert asked == [0]
    assert state.log[0] == Redeal(0)
    assert no.asked == 0  # its hand never qualified
    assert driver.stats.redeals == len(asked)
    # every redeal the driver asked for was one the engine allowed: nothing more to ask
    assert all(not state.can_redeal(p) for p in range(state.n))


def test_a_deal_is_asked_about_once() -> None:
    state = make_round(PRESETS["rami-talaj"], [f"{REDEAL_HAND} 5H", OTHER], dealer=1)
    bot = Scripted(redeal=False)
    driver = driver_for(state, {0: bot})
    assert driver.ask_redeals() == []
    assert driver.ask_redeals() == []
    assert bot.asked == 1
    assert not state.log


def test_human_seats_are_not_asked() -> None:
    state = make_round(PRESETS["rami-talaj"], [f"{REDEAL_HAND} 5H", OTHER], dealer=1)
    driver = driver_for(state, {1: Scripted(redeal=True)})
    assert driver.ask_redeals() == []
    assert state.can_redeal(0)  # the human may still ask


def test_no_redeal_without_the_rule() -> None:
    state = make_round(PRESETS["talaj"], [REDEAL_HAND, OTHER], dealer=0)
    bot = Scripted(redeal=True)
    assert driver_for(state, {0: bot, 1: Scripted()}).ask_redeals() == []
    assert bot.asked == 0


# ---- caps and rescues --------------------------------------------------------------------------

def test_refusals_are_counted_then_the_turn_is_ended() -> None:
    state = make_round(PRESETS["talaj"], [OTHER, HAND14], dealer=0)
    bot = Scripted(lambda obs: Discard(obs.player, obs.hand[0]))  # discards before drawing
    driver = driver_for(state, {0: bot, 1: Scripted()})
    outcomes = [driver.step() for _ in range(3)]
    assert [o.refused for o in outcomes] == [ErrorCode.DRAW_FIRST] * 3
    assert not outcomes[0].rescued and outcomes[-1].rescued
    assert outcomes[-1].applied and isinstance(outcomes[-1].applied[-1], Discard)
    assert bot.refusals == [ErrorCode.DRAW_FIRST] * 3
    assert state.turn == 1 and state.current == 1
    assert driver.stats.illegal == 3 and driver.stats.rescues == 1
    assert driver.stats.illegal_codes == {"Discard:draw_first": 3}


def test_the_actions_cap_ends_the_turn() -> None:
    state = make_round(PRESETS["talaj"], [OTHER, HAND14], dealer=0)
    bot = Scripted(lambda obs: Draw(obs.player, "stock"))
    driver = driver_for(state, {0: bot, 1: Scripted()}, Limits(actions_per_turn=1))
    outcome = driver.step()
    assert outcome.rescued and outcome.applied[0] == Draw(0, "stock")
    assert isinstance(outcome.applied[-1], Discard)
    assert state.turn == 1 and driver.stats.illegal == 0


def test_rescue_after_a_top_card_pickup() -> None:
    # with KC from the talaj: QS QD QH + 9H 10H JH + KS KH KC opens (89 points)
    rules = PRESETS["talaj"]
    hand = "KS KH 9H 10H JH QH 2C 4D 6S 8C 3H 5D QS QD"
    state = make_round(rules, [f"{OTHER[:-3]} KC", hand], dealer=0, stock_top="5S")
    state.apply(Draw(0, "stock"))
    state.apply(Discard(0, cards("KC")[0]))
    assert state.legal_draws() and Draw(1, "top") in state.legal_draws()

    def take_then_discard(obs: Observation) -> Action:
        if not obs.has_drawn:
            return Draw(obs.player, "top")
        return Discard(obs.player, cards("2C")[0])  # the taken card is not laid: refused

    bot = Scripted(take_then_discard)
    driver = driver_for(state, {0: Scripted(), 1: bot})
    outcomes = []
    while state.turn == 1 and not state.over:
        outcomes.append(driver.step())
    assert outcomes[0].applied == (Draw(1, "top"),)
    assert outcomes[-1].rescued
    assert state.over or (state.turn == 2 and state.current == 0)
    assert state.down[1] and cards("KC")[0] not in state.hands[1]  # the taken card was laid
    assert driver.stats.illegal == 3 and driver.stats.rescues == 1


def test_a_failed_decision_is_rescued() -> None:
    state = make_round(PRESETS["talaj"], [OTHER, HAND14], dealer=0)
    driver = driver_for(state, {0: Scripted(), 1: Scripted()})
    outcome = driver.fail(0, RuntimeError("boom"))
    assert outcome.rescued and state.turn == 1
    assert driver.stats.failures == 1
    assert driver.fail(0, RuntimeError("late")).applied == ()  # not its turn any more


def test_submit_checks_whose_turn_it_is() -> None:
    state = make_round(PRESETS["talaj"], [OTHER, HAND14], dealer=0)
    driver = driver_for(state, {0: Scripted(), 1: Scripted()})
    with pytest.raises(ValueError):
        driver.submit(1, Draw(1, "stock"))
    driver_human = driver_for(state, {1: Scripted()})
    assert driver_human.bot_seat() is None
    with pytest.raises(ValueError):
        driver_human.step()


def test_turn_cap_stops_a_round() -> None:
    session = Session(autoplay_config("talaj", 2, seed=3, level="easy"),
                      limits=Limits(turns_per_round=3))
    assert session.play_round() is False
    assert session.round.turn == 3 and not session.round.over
    assert session.driver_stats.turn_cap_hits == 1


# ---- whole rounds --------------------------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_round_of_bots_ends_legally(preset: str) -> None:
    rules = PRESETS[preset]
    n = max(rules.min_players, 3)
    seats = tuple(Seat(None, "bot", ("easy", "medium", "hard")[s % 3]) for s in range(n))
    session = Session(GameConfig(rules, seats, 540), first_dealer=0)
    assert session.play_round() is True
    stats = session.driver_stats
    assert session.round.over
    assert stats.illegal == 0 and stats.rescues == 0
    assert sum(len(ms) for ms in stats.decision_ms.values()) >= stats.applied


def test_decide_leaves_the_observation_alone() -> None:
    state = RoundState.new(PRESETS["talaj"], 2, 0, 9)
    obs = state.observation(state.current)
    before = state.to_dict()
    action = decide(make_bot("hard"), obs, random.Random(0))
    assert isinstance(action, Draw)
    assert state.to_dict() == before and state.observation(state.current) == obs
