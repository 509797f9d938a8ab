"""The card table, in small pieces: the game controller (the engine match, saves), the view
(engine state to card sprites), the pointer (mouse to intent), the keyboard, the layout, the
sprites and their animations, the bots (through the play driver), the opening counter, the hint
and refusal words (the engine's answers said), the painter and the HUD.

:class:`rami_desktop.ui.scenes.table.TableScene` puts them together.
"""
