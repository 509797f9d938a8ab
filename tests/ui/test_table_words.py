"""The table's words agree with the engine's answers in every preset: the opening counter says
what ``RoundState.opening_status`` says, the hint what ``engine.advice.advise`` says, the round
summary what ``RoundState.penalty_breakdown`` says. Staged openings are built through the
engine in each preset, with teams and going out."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay, TakeBack
from rami_desktop.engine.advice import Advice, AdviceKind, advise
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock, expected_hand_sizes
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n.card_words import card_text, cards_text, meld_text
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.ui.scenes.round_summary import breakdown_text, penalty_explanation
from rami_desktop.ui.table import hud
from rami_desktop.ui.table.counter import counter_view
from rami_desktop.ui.table.hints import compute_hint, hint_text
from tests.truth import behind

from .test_table_helpers import HUMAN, Driver, known_table, play

#: a tria of kings (30) and a série of hearts 8-Q (47): 77 points, clean
KINGS = "KS KH KD"
HEARTS = "8H 9H 10H JH QH"
#: cards that make nothing with the above
FILLER = "2S 4D 7C 5C 3D 9S 6D 2C 4S 7D 3C 6S 9D 5S"


def _cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def staged_round(name: str, *, players: int = 3, teams: bool = False,
                 going_out: bool = False, series_only: bool = False,
                 partner_down: bool = False) -> RoundState:
    """A round of a preset where the player to play has drawn and staged an opening."""
    rules = preset(name, teams=teams) if teams else preset(name)
    sizes = expected_hand_sizes(rules, players, 0)
    rng = random.Random(3)
    probe = RoundState(rules, [_cards(FILLER)[:s] for s in sizes], [], [], 0, seed=1)
    me = probe.current
    staged = _cards(HEARTS) if series_only else _cards(KINGS) + _cards(HEARTS)
    draws = 0 if probe.has_drawn else 1
    keep = 1 - draws if going_out else sizes[me] - len(staged)
    hand = staged + _cards(FILLER)[:max(0, keep)]
    assert going_out or len(hand) == sizes[me]
    pool = complete_stock([], hand, rng)
    hands: list[list[Card]] = []
    for p, size in enumerate(sizes):
        hands.append(hand if p == me else [pool.pop() for _ in range(size)])
    stock = complete_stock([], [c for h in hands for c in h], rng)
    partners = [(p + 2) % 4 for p in range(4)] if teams else None
    st = RoundState(rules, hands, [], stock, 0, seed=1, partners=partners)
    assert st.current == me
    if partner_down:
        partner = st.partners[me]
        assert partner is not None
        st.down[partner] = True
    if not st.has_drawn:
        st.apply(Draw(me, "stock"))
    if not series_only:
        st.apply(Lay(me, tuple(_cards(KINGS))))
    st.apply(Lay(me, tuple(_cards(HEARTS))))
    return st


CASES: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in PRESET_NAMES),
    *((name, {"going_out": True}) for name in PRESET_NAMES),
    *((name, {"series_only": True}) for name in PRESET_NAMES),
    ("talaj", {"players": 4, "teams": True}),
    ("talaj", {"players": 4, "teams": True, "partner_down": True, "series_only": True}),
    ("tallage", {"players": 4, "teams": True, "partner_down": True, "series_only": True}),
]


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}-{'-'.join(o) or 'plain'}" for n, o in CASES])
def test_counter_says_what_the_engine_says(name: str, options: dict[str, Any]) -> None:
    st = staged_round(name, **options)
    status = st.opening_status()
    left = len(st.hands[st.current]) - 1
    view = counter_view(status, left + 1)
    assert view is not None
    assert view.reached == status.opens
    if status.lay_only_to_go_out:  # Simple: the cards still to lay, the franche tria and série
        assert view.text == ("Every card laid: discard the last one" if left == 0 else
                             f"{left} card{'s' if left > 1 else ''} left to lay")
        assert "71" not in view.text + view.note  # Simple has no threshold
        assert view.ticks == (("tria", status.clean_tria), ("série", status.clean_serie))
        assert view.reached == bool(options.get("going_out"))
    elif status.partner_serie_enough:
        assert view.text == "Your partner is down: a franche série is enough"
        assert view.ticks == (("série", status.clean_serie),)
    elif status.going_out and status.needed == 0:
        assert view.text == "Going out: no points needed"
    else:
        assert view.text == f"Opening {status.staged_points} / {status.needed}"
        wanted = (("tria", status.clean_tria), ("série", status.clean_serie)) \
            if status.need_tria_and_serie else ()
        assert view.ticks == wanted
        out = status.going_out_needed
        if not status.going_out and out == 0 < (status.needed or 0):
            assert view.note == "(going out needs no points)"
        elif not status.going_out and out is not None and out < (status.needed or 0):
            assert view.note == f"(going out: {out})"
        else:
            assert view.note == ""


def test_counter_stays_hidden_when_nothing_is_staged() -> None:
    st = staged_round("talaj")
    for index in reversed(st.staged):

        st.apply(TakeBack(st.current, index))
    assert counter_view(st.opening_status(), len(st.hands[st.current])) is None


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_summary_translates_the_penalty_breakdown(name: str) -> None:
    st = staged_round(name, going_out=True)
    me = st.current
    st.apply(Discard(me, st.hands[me][-1]))
    assert st.over and st.winner == me
    for player in range(st.n):
        b = st.penalty_breakdown(player)
        assert penalty_explanation(st, player) == breakdown_text(b)
        text = breakdown_text(b)
        if player == me:
            assert text == "went out"
        elif b.cards and b.reason.value == "card_count":
            real = [v for v in b.cards if not v.card.is_joker]
            if real:
                assert text.startswith(f"{len(real)} card")
                assert f"× {real[0].value}" in text


def _says_every_move(text: str, advice: Advice, st: RoundState) -> None:
    """The hint names every combination, addition and swap the engine proposes (each kept on
    one line by no-break spaces)."""
    text = text.replace("\u00a0", " ")
    for meld in advice.melds:
        assert meld_text(meld) in text, (meld_text(meld), text)
    for add in advice.additions:
        assert cards_text(add.cards) in text
        target = st.melds[add.meld].meld
        assert target is not None and meld_text(target) in text
    for sw in advice.swaps:
        assert card_text(sw.card) in text


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}-{'-'.join(o) or 'plain'}" for n, o in CASES])
def test_hint_says_what_the_engine_advises(name: str, options: dict[str, Any]) -> None:
    st = staged_round(name, **options)
    advice = advise(st)
    text = hint_text(advice, st)
    status = st.opening_status()
    _says_every_move(text, advice, st)
    if advice.kind is AdviceKind.OPENED and status.lay_only_to_go_out:
        assert text == "Hint: discard your last card to go out."
    elif advice.kind is AdviceKind.OPENED:
        # 77 staged of 71: the opening is made, whatever the hand still holds
        assert status.opens
        assert text.startswith(f"Hint: your opening is made ({advice.points})")
    elif advice.kind is AdviceKind.OPEN:
        assert text.endswith(f": {advice.points}")
    elif advice.kind is AdviceKind.GO_OUT:
        assert text.startswith("Hint: go out with")
        assert text.endswith("Discard your last card to go out." if status.going_out
                             else "Then discard to end your turn.")
    elif advice.kind is AdviceKind.NONE and status.lay_only_to_go_out:
        # staged cards that do not go out block the discard: the hint says so
        assert text == "Hint: cards are laid only to go out: take back what you laid to discard."
    elif advice.kind is AdviceKind.NONE:
        assert status.blocked_by is not None
        assert text == (f"Hint: no opening of {advice.needed} points in this hand yet: take back "
                        "what you laid to discard.")
    order = HandOrder.of(st.hands[st.current])
    positions, same = compute_hint(order, st)
    assert same == text
    highlighted = Counter(order.cards[i] for i in positions)
    assert highlighted == Counter(advice.cards) & Counter(order.cards)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_hint_before_staging_names_the_opening(name: str) -> None:
    """Nothing staged yet: the hint names the combinations of the engine's best opening."""
    st = staged_round(name)
    for index in reversed(st.staged):
        st.apply(TakeBack(st.current, index))
    advice = advise(st)
    text = hint_text(advice, st)
    _says_every_move(text, advice, st)
    if st.rules.lay_before_out:
        assert advice.kind is AdviceKind.OPEN and advice.melds
        assert text.startswith("Hint: open with") and "a\u00a0tria\u00a0K♠\u00a0K♥\u00a0K♦" in text
    else:
        assert "only to go out" in text


def test_hint_once_down_proposes_additions() -> None:
    """Down, with a card that extends a combination on the table: the hint says where."""
    st = staged_round("talaj")
    me = st.current
    st.apply(Discard(me, st.hands[me][0]))
    while st.current != me:  # the others draw and throw their first discardable card
        p = st.current
        st.apply(st.legal_draws()[0] if st.legal_draws()[0].source == "stock"
                 else Draw(p, "stock"))
        st.apply(Discard(p, st.legal_discards()[0]))
    st.apply(Draw(me, "stock"))
    st.hands[me].append(_cards("7H")[0])  # the card below the série of hearts
    advice = advise(st)
    text = hint_text(advice, st)
    assert advice.kind in (AdviceKind.ADD, AdviceKind.LAY)
    assert advice.additions
    _says_every_move(text, advice, st)
    assert "7♥ goes on série" in text


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_table_status_and_counter_follow_the_preset(make_app: Any, name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """On screen: the status names the bar only where there is an opening (not in Simple), and
    the counter over the hand is the engine's status in words."""
    status_lines: list[str] = []
    counters: list[str] = []
    monkeypatch.setattr(hud, "draw_status", lambda _s, _l, lines: status_lines.extend(lines))
    original = hud.draw_counter

    def record(surface: Any, lay: Any, counter: Any, center: Any) -> Any:
        counters.append(counter.text)
        return original(surface, lay, counter, center)

    monkeypatch.setattr(hud, "draw_counter", record)
    app = make_app((1280, 800), animation_speed="off")
    # the human (seat 0) starts: with one card more where the starter does not draw
    extra, dealer = {"rami-talaj": (" 3C", 2), "tallage": (" 3C", 0)}.get(name, ("", 0))
    scene = known_table(app, human=HUMAN + extra, dealer=dealer, preset_name=name)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    r = behind(scene.session).round
    assert r.current == 0
    if not r.has_drawn:  # the prompt and the talaj's glow follow the engine's legal draws
        talaj = any(d.source != "stock" for d in r.legal_draws())
        assert scene.session.talaj_open() == talaj
        assert scene.prompt_text() == ("Your turn: draw from the stock or the talaj." if talaj
                                       else "Your turn: draw from the stock.", True)
        play(scene, Draw(0, "stock"))
    play(scene, Lay(0, tuple(_cards(KINGS))))
    scene.sync(animate=False)
    scene.painter.invalidate()
    d.settle(2)
    status = behind(scene.session).round.opening_status()
    view = counter_view(status, len(behind(scene.session).round.hands[0]))
    assert view is not None and counters and counters[-1] == view.text
    bar_lines = [line for line in status_lines if line.startswith("Opening: ")]
    if status.lay_only_to_go_out:
        assert not bar_lines and "71" not in view.text
    else:
        assert bar_lines[-1] == f"Opening: {status.bar} or more"
        assert view.text == f"Opening 30 / {status.bar}"


@pytest.mark.parametrize(("language", "unsaid", "she", "he"), [
    ("fr", "donne", "donneuse", "donneur"), ("ar_MA", "التوزيع", "الموزّعة", "الموزّع"),
    ("en", "dealer", "dealer", "dealer")])
def test_the_dealer_s_tab_follows_the_seat_s_gender(language: str, unsaid: str, she: str,
                                                    he: str) -> None:
    """The dealer's tab says «donneuse» of a woman, «donneur» of a man and, unsaid, a word
    that fits both (it said «donneur» of everyone)."""
    from rami_desktop import i18n
    from tests.i18n.masculine import masculine

    i18n.set_language(language)
    try:
        assert [hud.dealer_word(g) for g in ("", "she", "he")] == [unsaid, she, he]
        assert not masculine(unsaid, language) and not masculine(she, language)
    finally:
        i18n.set_language("en")
