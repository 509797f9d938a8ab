"""Play Rami in a terminal: ``python -m rami_desktop.cli [--preset P] [--players N] [--seed S]``.

You sit at seat 0 against the game's bots. Everything goes through the engine's API (``Match``,
``RoundState.apply``, observations) and the session layer (:mod:`rami_desktop.play`), whose bot
driver plays the bots' turns; the bots see only their observation. Type ``h`` for the commands.
The screen-free game is for testing the rules by hand and for terminals without a display; it
never imports pygame.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from rami_desktop.bots import ALL_LEVELS, Bot, levels_for
from rami_desktop.commands.arguments import OneLineParser, safe_output, shown, whole_number
from rami_desktop.engine.actions import (
    Action,
    Add,
    Discard,
    Draw,
    Lay,
    Redeal,
    Swap,
    TakeBack,
    Undo,
)
from rami_desktop.engine.cards import Card, sort_key_suit
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.i18n import LANGUAGES, _, ngettext, pgettext, set_language
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.play.game.config import GameConfig, Seat, seat_name
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.clock import PACES, TableClock
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.shown import Shown

HUMAN = 0
PROG = "python -m rami_desktop.cli"
#: the longest command line read (a command is a few characters)
MAX_LINE = 4096


class InputError(Exception):
    """The input cannot be read as commands (the message says why)."""


class Game:
    """A terminal match: reads commands from ``inp``, writes to ``out``.

    It plays the one session through a table, like a screen: it reads only the human's seat
    view (their hand, the table, the others' hand sizes; every hand once a round is over) and
    sends the human's moves as intents.
    """

    def __init__(self, preset_name: str, players: int, seed: int | None, level: str = "easy",
                 inp: TextIO | None = None, out: TextIO | None = None,
                 first_dealer: int | None = None, pace: str = "off",
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.rules = preset(preset_name)
        #: the table's pace: the pause after each bot move and before the round's result
        self.clock = TableClock(pace)
        self.sleep = sleep
        seats = (Seat(None, "human"), *(Seat(None, "bot", level) for _s in range(1, players)))
        self.session = Session(GameConfig(self.rules, seats, seed), first_dealer=first_dealer)
        self.table = Table(self.session)
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        #: each seat's name as the table shows it (a bot's is a person's, in the language
        #: now); the human's seat is "You"
        self.names = [_("You")] + [seat_name(self.table.config, s) for s in range(1, players)]
        self.view: list[Card] = []

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each bot seat (the driver's)."""
        return self.session.driver.bots

    # ---- output ----------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Write one line."""
        print(text, file=self.out, flush=True)

    @property
    def shown(self) -> Shown:
        """What the human may see now: their seat view (the public one once they are out)."""
        return self.table.shown

    @property
    def seen(self) -> Observation:
        """The human's observation of the current round."""
        return self.shown.view.observation

    def name(self, player: int) -> str:
        """The name of a round player."""
        return self.names[self.table.seat_of(player)]

    def show(self) -> None:
        """Show the table, the talaj, the bar and the human's hand (sorted, numbered)."""
        obs = self.seen
        self.say("")
        self.say(_("Round {number} ({preset}), dealer: {dealer}. Opening needs {bar} points.")
                 .format(number=self.shown.view.match.round_number,
                         preset=preset_title(self.rules.preset),
                         dealer=self.name(obs.dealer), bar=obs.bar))
        top = obs.top.code if obs.top else "-"
        first = obs.first_card.code if obs.first_card else "-"
        self.say(ngettext("Talaj top: {top}   first card: {first}   stock: {stock} card",
                          "Talaj top: {top}   first card: {first}   stock: {stock} cards",
                          obs.stock_size).format(top=top, first=first, stock=obs.stock_size))
        if obs.melds:
            self.say(_("Table:"))
            for view in obs.melds:
                mark = _(" (this turn)") if view.staged else ""
                self.say(f"  [{view.index}] {self.name(view.owner)}: "
                         f"{' '.join(view.meld.codes())}{mark}")
        else:
            self.say(_("Table: empty"))
        others = []
        for q in range(obs.n):
            status = _("down") if obs.down[q] else _("not down")
            others.append(ngettext("{name}: {count} card, {status}",
                                   "{name}: {count} cards, {status}", obs.hand_sizes[q]).format(
                name=self.name(q), count=obs.hand_sizes[q], status=status))
        self.say("; ".join(others))
        self.view = sorted(obs.hand, key=sort_key_suit)
        cards = "  ".join(f"{i}:{c.code}" for i, c in enumerate(self.view, 1))
        self.say(_("Your hand: {cards}").format(cards=cards))

    def help(self) -> None:
        """List the commands."""
        for line in (
            _("d: draw from the stock   f: take the first card   t: take the talaj top card"),
            _("m 1 2 3: lay those cards of your hand (a série in ascending order)"),
            _("a MELD 1 2 [low|high]: add cards to combination MELD"),
            _("s MELD 1: put that card in place of the joker of combination MELD"),
            _("b MELD: take back a combination laid this turn   u: undo the last laying"),
            _("x 1: discard that card (ends the turn)   r: ask for a redeal"),
            _("h: this help   q: quit"),
        ):
            self.say(line)

    # ---- input -----------------------------------------------------------------------------

    def read(self) -> str | None:
        """Read one command line (None at the end of input).

        Raises:
            InputError: a line longer than :data:`MAX_LINE` (``/dev/zero`` never ends one) or
                input that is not UTF-8 text.
        """
        print("> ", end="", file=self.out, flush=True)
        try:
            line = self.inp.readline(MAX_LINE + 1)
        except UnicodeDecodeError as exc:
            raise InputError("the input is not UTF-8 text") from exc
        if len(line) > MAX_LINE:
            raise InputError(f"a line longer than {MAX_LINE} characters")
        if any("\udc80" <= char <= "\udcff" for char in line):  # bytes a decoder escaped
            raise InputError("the input is not UTF-8 text")
        if not line:
            return None
        return line.strip()

    def cards_at(self, indices: Sequence[str]) -> tuple[Card, ...]:
        """The cards of the shown hand at 1-based positions."""
        out = []
        for text in indices:
            i = int(text)
            if not 1 <= i <= len(self.view):
                raise ValueError(text)
            out.append(self.view[i - 1])
        if len({id(c) for c in out}) != len(out) or len(set(indices)) != len(indices):
            raise ValueError("twice")
        return tuple(out)

    def parse(self, line: str, player: int) -> Action | str | None:
        """Turn a command into an action, a word (``help``, ``quit``, ``show``) or None."""
        words = line.split()
        if not words:
            return "show"
        cmd, args = words[0].lower(), words[1:]
        at = None
        if cmd == "a" and args and args[-1].lower() in ("low", "high"):
            at = args.pop().lower()
        try:
            if cmd == "d":
                return Draw(player, "stock")
            if cmd == "f":
                return Draw(player, "first")
            if cmd == "t":
                return Draw(player, "top")
            if cmd == "m" and args:
                return Lay(player, self.cards_at(args))
            if cmd == "a" and len(args) >= 2:
                return Add(player, int(args[0]), self.cards_at(args[1:]), at)
            if cmd == "s" and len(args) == 2:
                return Swap(player, int(args[0]), self.cards_at(args[1:])[0])
            if cmd == "b" and len(args) == 1:
                return TakeBack(player, int(args[0]))
            if cmd == "u" and not args:
                return Undo(player)
            if cmd == "x" and len(args) == 1:
                return Discard(player, self.cards_at(args)[0])
            if cmd == "r" and not args:
                return Redeal(player)
        except ValueError:
            return None
        if cmd in ("h", "help", "?"):
            return "help"
        if cmd in ("q", "quit"):
            return "quit"
        return None

    # ---- turns -----------------------------------------------------------------------------

    def apply(self, action: Action) -> ErrorCode | None:
        """Play the human's action at the table; return the refusal code, if any."""
        code = self.table.play(HUMAN, action).code
        self.table.take_happenings()  # told here by the commands' own lines
        return code

    def describe(self, action: Action) -> str:
        """Say what a player just did."""
        who = self.name(action.player)
        if isinstance(action, Draw):
            if action.source == "stock":
                return _("{name} draws from the stock.").format(name=who)
            if action.source == "first":
                return _("{name} takes the first card.").format(name=who)
            return _("{name} takes the talaj top card.").format(name=who)
        if isinstance(action, Lay):
            return _("{name} lays {cards}.").format(
                name=who, cards=" ".join(c.code for c in action.cards))
        if isinstance(action, Add):
            return _("{name} adds {cards} to [{meld}].").format(
                name=who, cards=" ".join(c.code for c in action.cards), meld=action.meld)
        if isinstance(action, Swap):
            return _("{name} takes the joker of [{meld}] for {card}.").format(
                name=who, meld=action.meld, card=action.card.code)
        if isinstance(action, Discard):
            return _("{name} discards {card}.").format(name=who, card=action.card.code)
        if isinstance(action, Redeal):
            return _("{name} asks for a new deal.").format(name=who)
        return _("{name} takes cards back.").format(name=who)

    def human_turn(self) -> bool:
        """Read and apply commands until the human's turn ends; False to quit."""
        player = self.table.player_of(HUMAN)
        assert player is not None
        turn = self.seen.turn
        self.show()
        while not self.seen.over and self.seen.turn == turn and self.seen.current == player:
            line = self.read()
            if line is None:
                return False
            action = self.parse(line, player)
            if action == "quit":
                return False
            if action == "help":
                self.help()
                continue
            if action == "show":
                self.show()
                continue
            if action is None or isinstance(action, str):
                self.say(_("Unknown command or card number; type h for help."))
                continue
            code = self.apply(action)
            if code is not None:
                self.say(error_message(code.value, self.rules))
                continue
            if isinstance(action, Redeal):
                self.say(_("The cards are dealt again."))
                return True
            if not isinstance(action, Discard):
                self.show()
        return True

    def bot_turn(self) -> None:
        """Let the bot whose turn it is play its whole turn (the driver ends a stuck turn)."""
        turn = self.seen.turn
        while not self.seen.over and self.seen.turn == turn:
            self.wait(self.clock.bot_wait)
            for action in self.session.step_bot().applied:
                if isinstance(action, (Draw, Lay, Add, Swap, Discard)):
                    self.say(self.describe(action))
            self.table.take_happenings()  # told above, from the bot's own actions
            self.clock.moved(self.seen.over)

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` go by (the table's pace), as the clock counts them."""
        if seconds > 0:
            self.sleep(seconds)
            self.clock.tick(seconds)

    def maybe_redeal(self) -> None:
        """Before the first move, the bots the engine lets ask for a new deal are asked."""
        for seat in self.table.ask_redeals():
            self.say(_("{name} asks for a new deal.").format(name=self.names[seat]))

    def round_end(self) -> None:
        """Report the round's result and the totals (after the pace's wait)."""
        self.clock.moved(True)
        self.wait(self.clock.end_wait or 0.0)
        self.clock.dealt()
        view = self.shown.view
        end = view.reveal
        assert end is not None
        if end.winner is None:
            self.say(_("The stock ran out: nobody scores this round."))
        else:
            self.say(_("{name} went out.").format(name=self.name(end.winner)))
        for q, pen in enumerate(end.penalties):
            seat = self.table.seat_of(q)
            self.say(_("{name}: pays {points}, total {total}").format(
                name=self.names[seat], points=pen, total=view.match.scores[seat]))

    def play(self) -> int:
        """Play until the match ends or the human quits; return the exit code."""
        self.say(_("Rami, {preset}, {players} players. Type h for help.").format(
            preset=preset_title(self.rules.preset), players=self.table.config.players))
        while True:
            if self.table.round_over:
                self.round_end()
                if self.table.match_over:
                    winners = pgettext("list separator", ", ").join(
                        self.names[s] for s in self.shown.view.match.winners)
                    self.say(_("The match is over. Winner: {names}.").format(names=winners))
                    return 0
                if self.table.player_of(HUMAN) is None:
                    self.say(_("You are out of the match."))
                    return 0
                self.say(_("Press Enter for the next round (q to quit)."))
                line = self.read()
                if line is None or line.lower().startswith("q"):
                    self.say(_("Goodbye."))
                    return 0
                self.table.next_round()
                self.table.take_happenings()
                continue
            self.maybe_redeal()
            if self.table.current_seat == HUMAN:
                if not self.human_turn():
                    self.say(_("Goodbye."))
                    return 0
            else:
                self.bot_turn()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    p = OneLineParser(prog=PROG, description="Play Rami in the terminal against bots.")
    p.add_argument("--preset", choices=PRESET_NAMES, default="talaj", help="the rules preset")
    p.add_argument("--players", type=whole_number(2, 6), default=2, help="number of players")
    p.add_argument("--seed", type=whole_number(0, 2**32 - 1), default=None,
                   help="the first round's deal (later rounds stay secret)")
    p.add_argument("--level", default="easy", choices=ALL_LEVELS,
                   help="the bots' level (expert only in the presets that offer it)")
    p.add_argument("--pace", default="off", choices=PACES,
                   help="how long the bots pause after each move (as at the table)")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                   help="the language of the words and of the bots' names (default en)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the terminal game; return the exit code."""
    safe_output()
    args = parse_args(argv)
    set_language(args.lang)
    rules = preset(args.preset)
    if not rules.min_players <= args.players <= rules.max_players:
        print(_("{preset} takes {low} to {high} players.").format(
            preset=args.preset, low=rules.min_players, high=rules.max_players), file=sys.stderr)
        return 2
    if args.level not in levels_for(args.preset):
        print(_("{preset} offers the levels {levels}.").format(
            preset=args.preset, levels=", ".join(levels_for(args.preset))), file=sys.stderr)
        return 2
    game = Game(args.preset, args.players, args.seed, args.level, pace=args.pace)
    try:
        return game.play()
    except KeyboardInterrupt:
        print(file=sys.stdout)
        return 130
    except InputError as exc:
        print(f"{PROG}: {shown(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``| head``): nothing more can be written there; the rest of
        # the output is thrown away so that Python's own flush at exit does not fail too
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"{PROG}: the output was closed", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
