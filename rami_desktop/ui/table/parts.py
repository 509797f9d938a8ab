"""The parts of one table screen, handed together to those who draw or read them."""

from __future__ import annotations

from dataclasses import dataclass

from rami_desktop.play.table.table_game import TableGame
from rami_desktop.ui.kit.card_art import CardArt
from rami_desktop.ui.table.buttons import TableButtons
from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.follow import Follow
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.table.table_model import TableModel
from rami_desktop.ui.table.table_view import TableView


@dataclass(frozen=True)
class TableParts:
    """A table screen's parts: the game and the ways of showing it.

    Attributes:
        session: the game.
        model: the selection, cursor, message and hint of the screen.
        view: the layout and the combinations' places.
        board: the card sprites.
        follow: the journal, the spread talaj, the turn cue, "wait for me".
        control: the table's commands.
        buttons: the buttons.
        art: the card pictures.
    """

    session: TableGame
    model: TableModel
    view: TableView
    board: SpriteBoard
    follow: Follow
    control: TableControl
    buttons: TableButtons
    art: CardArt
