"""A stand-in round built from an observation, to try a bot's plan against the real rules.

The other hands and the stock hold placeholder jokers of the right sizes: the sandbox knows only
what the observation shows, so a bot checking its moves on it learns nothing hidden. Actions a
bot makes on its own cards behave there exactly as in the real round.
"""

from __future__ import annotations

from ..engine.cards import JOKER
from ..engine.observation import Observation
from ..engine.rules import FirstCard
from ..engine.state import RoundState, TableMeld, _Turn


def sandbox(obs: Observation) -> RoundState:
    """Return a round matching what ``obs`` shows, at the start of the current phase.

    Valid while nothing is staged this turn (a bot plans before it lays anything).
    """
    st = RoundState.__new__(RoundState)
    st.rules = obs.rules
    st.n = obs.n
    st.dealer = obs.dealer
    st.seed = 0
    st.partners = tuple(obs.partners)
    st.log = []
    st.redeals = 0
    hands = [[JOKER] * k for k in obs.hand_sizes]
    hands[obs.player] = list(obs.hand)
    st._deal = (hands, [], [])
    st.hands = hands
    st.talaj = list(obs.talaj)
    st.stock = [JOKER] * max(obs.stock_size, 1)
    melds: list[TableMeld] = []
    for view in obs.melds:
        while len(melds) < view.index:
            melds.append(TableMeld(view.owner, 0, None))
        melds.append(TableMeld(view.owner, 0, view.meld))
    st.melds = melds
    st.down = list(obs.down)
    st.opening_points = [None] * obs.n
    st.bar = obs.bar
    st.turn = obs.turn
    st.current = obs.current
    st.first_pos = obs.first_card_index if obs.first_card is not None else None
    st.first_owner = obs.discards[0][0] if obs.discards else None
    if obs.rules.first_card is FirstCard.NEXT_ONLY:
        st.first_turn = obs.turn - 1
    else:
        st.first_turn = obs.turn
    st.discards = list(obs.discards)
    st.taken = list(obs.taken)
    st.reshuffles = 0
    st.over = obs.over
    st.winner = None
    st.penalties = None
    st.end_reason = None
    st.rami_sec = False
    st.last_discard = obs.talaj[-1] if obs.talaj else None
    st.t = _Turn()
    if obs.has_drawn:
        st.t.drawn = True
        if obs.pickup is not None:
            st.t.pickup = obs.pickup
            st.t.pickup_baseline = obs.hand.count(obs.pickup) - 1
        st._snap()
    return st
