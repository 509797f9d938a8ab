"""The coach's words: every text a lesson names, as msgids marked for translation.

The lessons (JSON data) name their texts by key; the user interface translates the msgid and
fills its fields: ``{cards}`` (the cards the step points at, in the language's card words),
``{bot}`` (the name of the player's opponent) and the numbers of
:func:`rami_desktop.play.tutorial.facts.coach_values` (``{points}``, ``{bar}``, ``{base}``,
``{bot_points}``, ``{penalty}``, ``{bot_cards}``).
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark a string for translation without translating it (the catalogs' extractor reads it)."""
    return message


TEXTS: dict[str, str] = {
    # 1. draw and discard
    "draw_discard.title": N_("Draw and discard"),
    "draw_discard.welcome": N_(
        "Welcome! These 14 cards at the bottom are your hand. {bot} sits across the table. "
        "You deal, so you play first."),
    "draw_discard.draw": N_(
        "Every turn begins with one card drawn. Click the stock, the face-down pile, to take "
        "its top card."),
    "draw_discard.draw.wrong": N_("First draw: click the face-down pile, the stock."),
    "draw_discard.discard": N_(
        "You have 15 cards now. A turn ends with one discard onto the talaj: drag the {cards}, "
        "which goes with nothing, onto the talaj."),
    "draw_discard.discard.wrong": N_(
        "Discard the {cards}: keep the cards that may make combinations."),
    "draw_discard.bot": N_("Now {bot} plays the same way: it draws, then discards."),
    "draw_discard.talaj": N_(
        "{bot}'s discard lies on top of the talaj. That top card may be taken only to lay it in "
        "the same turn; lesson 5 shows how."),
    "draw_discard.again": N_("Your turn again: draw from the stock."),
    "draw_discard.again.wrong": N_("A turn begins with one card: take the stock's top card."),
    "draw_discard.useless": N_("The {cards} does not help you: discard it."),
    "draw_discard.useless.wrong": N_("Discard the {cards} you just drew."),
    "draw_discard.end": N_(
        "That is a whole turn: draw one card, lay if you can, discard one. Next: making "
        "combinations."),
    # 2. a tria and a série
    "tria_serie.title": N_("A tria and a série"),
    "tria_serie.intro": N_(
        "A tria is 3 or 4 cards of one rank, each of a different suit. A série is 3 or more "
        "cards in a row of one suit."),
    "tria_serie.draw": N_("Draw from the stock to begin your turn."),
    "tria_serie.draw.wrong": N_("Begin with a draw: click the stock."),
    "tria_serie.tria": N_(
        "Your three queens make a tria. Click {cards} to select them, then drag them together "
        "onto the table."),
    "tria_serie.tria.wrong": N_(
        "Select the three queens {cards} and drag them onto the table together."),
    "tria_serie.serie": N_(
        "The five clubs {cards} make a série. Select them, then press the Lay button."),
    "tria_serie.serie.wrong": N_("Select the five clubs {cards}, then press Lay."),
    "tria_serie.count": N_(
        "Together they make {points} points. Your first laying, the opening, needs {base} "
        "points or more, with a tria and a série that hold no joker."),
    "tria_serie.discard": N_("Discard the {cards} to end the turn: your laying then holds."),
    "tria_serie.discard.wrong": N_("Discard the {cards} onto the talaj to end your turn."),
    "tria_serie.end": N_(
        "You are down! From now on you may lay any combination and add cards to the ones on "
        "the table."),
    # 3. counting an opening
    "opening_count.title": N_("Counting an opening"),
    "opening_count.values": N_(
        "Card points: 2 to 10 count their number; jack, queen and king count 10; the ace "
        "counts 10, but only 1 in a low série such as A-2-3."),
    "opening_count.rule": N_(
        "To open you need {base} points in one turn, with a tria and a série that are franche "
        "(no joker) and made of your own cards, not of a card taken from the talaj."),
    "opening_count.draw": N_("Draw from the stock."),
    "opening_count.draw.wrong": N_("Draw first: click the stock."),
    "opening_count.tria": N_("Lay the tria {cards}: three 8s make 24 points."),
    "opening_count.tria.wrong": N_("Lay the three 8s first: {cards}."),
    "opening_count.low_serie": N_(
        "Now the série {cards}: here the ace counts 1, so it makes 1+2+3+4 = 10."),
    "opening_count.low_serie.wrong": N_("Lay the série of clubs {cards}."),
    "opening_count.short": N_(
        "{points} points so far: not yet {base}. A discard now would be refused."),
    "opening_count.high_serie": N_("Lay the série {cards}: 40 points more."),
    "opening_count.high_serie.wrong": N_("Lay the diamonds {cards} to pass {base}."),
    "opening_count.joker": N_(
        "{points} points: the opening is made. The {cards} would make a combination too, but "
        "one that holds a joker counts 0: keep them for later."),
    "opening_count.discard": N_("Discard the {cards}: the discard makes the opening hold."),
    "opening_count.discard.wrong": N_("Keep the joker and its cards: discard the {cards}."),
    "opening_count.end": N_(
        "Opened with {points} points. The counter above your hand adds them up for you as you "
        "lay."),
    # 4. the rising bar
    "rising_bar.title": N_("The rising bar"),
    "rising_bar.intro": N_("{bot} deals and plays first this time. Watch what it lays."),
    "rising_bar.bot": N_("{bot} draws and opens."),
    "rising_bar.risen": N_(
        "{bot} opened with {bot_points} points. From now on an opening needs one point more "
        "than that: the bar is {bar} for this round."),
    "rising_bar.draw": N_("Your turn: draw from the stock."),
    "rising_bar.draw.wrong": N_("Draw from the stock first."),
    "rising_bar.tria": N_("Lay the tria {cards}."),
    "rising_bar.tria.wrong": N_("Lay the three 8s first: {cards}."),
    "rising_bar.serie": N_("Lay the série {cards}: the ace after the king counts 10."),
    "rising_bar.serie.wrong": N_("Lay the hearts {cards}."),
    "rising_bar.short": N_(
        "{points} points: enough for {base}, but not for the bar of {bar}. You need more."),
    "rising_bar.more": N_("Lay the série {cards} too: every franche combination counts."),
    "rising_bar.more.wrong": N_("Lay the clubs {cards} to pass the bar."),
    "rising_bar.discard": N_("{points} points: over the bar. Discard the {cards}."),
    "rising_bar.discard.wrong": N_("Discard the {cards} to open."),
    "rising_bar.end": N_(
        "The bar only concerns players who have not opened yet, and it goes back to {base} at "
        "each new round."),
    # 5. the talaj
    "talaj.title": N_("The talaj"),
    "talaj.intro": N_(
        "The talaj is the discard pile. Its cards may be taken in two ways: the first card, "
        "and the top card."),
    "talaj.bot_first": N_("{bot} deals and plays first. Its discard is the round's first card."),
    "talaj.first": N_(
        "The first card may be taken into your hand freely, by anyone but the dealer, until "
        "play comes back to the dealer. Take it."),
    "talaj.first.wrong": N_("Take the first card from the talaj: it fits your diamonds."),
    "talaj.first_kept": N_("Keep it for later and discard the {cards}."),
    "talaj.first_kept.wrong": N_("Discard the {cards}."),
    "talaj.bot_top": N_("{bot} plays."),
    "talaj.top": N_(
        "{bot} discarded the queen of hearts. It completes your hearts: take the talaj's top "
        "card, but only because you will lay it this turn."),
    "talaj.top.wrong": N_("Take the top card of the talaj: you can lay it now."),
    "talaj.tria": N_(
        "A card taken from the top must be laid in the same turn: you cannot discard before. "
        "Lay the tria {cards} first."),
    "talaj.tria.wrong": N_("Lay the tria {cards}."),
    "talaj.serie": N_("Lay the série {cards}."),
    "talaj.serie.wrong": N_("Lay the spades {cards}."),
    "talaj.lay_top": N_(
        "{points} points, one short. Lay {cards} with the queen you took: it may go in another "
        "combination, not in the tria and série of your own cards."),
    "talaj.lay_top.wrong": N_("Lay the hearts {cards} with the card you took."),
    "talaj.lay_first": N_("The first card was yours to keep: lay {cards}."),
    "talaj.lay_first.wrong": N_("Lay the diamonds {cards}."),
    "talaj.discard": N_("Discard the {cards}. One card will be left in your hand."),
    "talaj.discard.wrong": N_("Discard the {cards}."),
    "talaj.bot_lock": N_("{bot} plays."),
    "talaj.lock": N_(
        "The 9 of spades would fit your série, but with one card left in hand the talaj is "
        "locked: draw from the stock."),
    "talaj.lock.wrong": N_("With one card left in hand you may not take from the talaj."),
    "talaj.lock.other": N_("Draw from the stock: the talaj is locked for you now."),
    "talaj.lock_discard": N_("Discard the {cards}."),
    "talaj.lock_discard.wrong": N_("Discard the {cards} you drew."),
    "talaj.end": N_(
        "First card: free to keep. Top card: only to lay it at once. One card left: no talaj."),
    # 6. jokers
    "jokers.title": N_("Jokers"),
    "jokers.intro": N_(
        "The joker stands for any one missing card, at most one joker in a combination."),
    "jokers.draw": N_("Draw from the stock."),
    "jokers.draw.wrong": N_("Draw from the stock first."),
    "jokers.tria": N_("Lay the tria {cards}."),
    "jokers.tria.wrong": N_("Lay the three kings {cards}."),
    "jokers.serie": N_("Lay the série {cards}."),
    "jokers.serie.wrong": N_("Lay the clubs {cards}."),
    "jokers.lay_joker": N_("Now lay {cards}: the joker stands for the 5 of hearts."),
    "jokers.lay_joker.wrong": N_("Lay {cards}, the joker in the middle."),
    "jokers.zero": N_(
        "Still {points} points: a combination with a joker counts 0 for the opening."),
    "jokers.discard": N_("Discard the {cards}."),
    "jokers.discard.wrong": N_("Discard the {cards}."),
    "jokers.bot": N_("{bot} plays."),
    "jokers.draw_again": N_("Draw from the stock."),
    "jokers.draw_again.wrong": N_(
        "Take the stock's card: the card you need may be there, and the talaj's would not "
        "fit this turn."),
    "jokers.swap": N_(
        "You drew the {cards}, the card the joker stands for. Drop it on the joker: the joker "
        "comes back to your hand."),
    "jokers.swap.wrong": N_("Drag the {cards} onto the joker on the table."),
    "jokers.keep": N_("The joker is yours again: keep it and discard the {cards}."),
    "jokers.keep.wrong": N_("Keep the joker: discard the {cards}."),
    "jokers.end": N_(
        "A joker won back may be laid later in any combination. Once you are down you may "
        "take any joker on the table this way: in a série with the exact card it stands for, "
        "in a tria with a card of a missing suit."),
    # 7. going out
    "going_out.title": N_("Going out and penalties"),
    "going_out.intro": N_(
        "You go out by laying every card but one and discarding that last one. The first to "
        "go out wins the round."),
    "going_out.bot": N_("{bot} plays first and opens."),
    "going_out.draw": N_("Draw from the stock."),
    "going_out.draw.wrong": N_("Draw from the stock first."),
    "going_out.tria": N_("Lay the tria {cards}."),
    "going_out.serie": N_("Lay the série {cards}."),
    "going_out.hearts": N_("Lay the série {cards}."),
    "going_out.nines": N_("Lay the tria {cards}."),
    "going_out.lay.wrong": N_("Lay {cards}: every combination goes down this turn."),
    "going_out.last": N_(
        "{points} points. Only the {cards} is left: discard it to go out. Going out at once "
        "needs only {base} points, even when the bar has risen."),
    "going_out.last.wrong": N_("Discard your last card, the {cards}."),
    "going_out.penalty": N_(
        "You won the round! {bot}, who was down, pays 10 a card and 20 a joker: {penalty} "
        "points. A player never down pays 100."),
    "going_out.end": N_(
        "Penalties add up from round to round; whoever reaches the target is out of the match."),
}

#: the coach's words for some kinds of mistake, by the engine's refusal code (the others get
#: the engine's own words, or the step's explanation)
MISTAKES: dict[str, str] = {
    "draw_first": N_("Every turn begins with a draw: take a card before you lay or discard."),
    "unplayable_pickup": N_(
        "You could not lay that talaj card this turn: draw from the stock instead."),
}

#: what the coach says when a turn played its own way reached the lesson's goal, by outcome
PRAISE: dict[str, str] = {
    "down": N_("Well played: that works too. You opened with {points} points."),
    "out": N_("You went out! Well played: that is even better than the lesson's way."),
}

#: what the closing page says: the biggest differences of the other games, one item each
CLOSING: tuple[str, ...] = (
    N_("Talaj (this course): whoever reaches 300 penalty points is out; the last player left "
       "wins."),
    N_("Rami Talaj: the same end at 300. The player after the dealer starts with 15 cards; a "
       "tria's joker is won back only when the tria then holds four real cards, and that joker "
       "must be laid in the same turn; a joker as the last discard doubles the penalties."),
    N_("Tallage: the match stops at 201, 500 or 1000 and the lowest total wins. Losers pay the "
       "value of their hand; laying the whole hand at once before anyone else is down, a Rami "
       "sec, makes every other player pay 200."),
    N_("Simple: 13 cards; nothing is laid before going out, the whole hand at once; the "
       "talaj's top card goes into the hand freely; the lowest total wins at 201, 500 or 1000."),
    N_("Choose the game and change any of its rules in New game, under Rules."),
)

#: the closing page's title
CLOSING_TITLE = N_("Other ways to play")
