"""The card table, in small pieces, over one table (:mod:`rami_desktop.play.table.table`): the
screen's model (selection, cursor, press and drag, message, hint cache), the view (what the table
shows to card sprites), the control (commands to the table's moves), the pointer and the
keyboard, the layout, the sprites and their animations, the opening counter, the hint and
refusal words (the engine's answers said), the painter and the HUD.

:class:`rami_desktop.ui.scenes.table.TableScene` puts them together.
"""
