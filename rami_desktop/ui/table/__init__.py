"""The card table, in small pieces: the game controller (pure logic), the layout, the card
sprites and their animations, drag-and-drop, the bot runner, the HUD and keyboard control.

:class:`rami_desktop.ui.scenes.table.TableScene` puts them together.
"""
