"""The command lines besides the game's own window (``rami``: :mod:`rami_desktop.__main__`):
the text mode, the simulator, the solver, the review of a saved game, the rules scenarios, the
host's tables (``rami-host``) and the headless joiner, and the parser they share (a refusal is
one line and exit 2). Each runs as ``python -m rami_desktop.NAME`` (the short modules at the
package's root) or ``python -m rami_desktop.commands.NAME``; nothing of the game imports them.
"""
