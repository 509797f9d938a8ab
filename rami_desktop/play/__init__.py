"""The session layer: a match's configuration and seats, and the one driver of the bots.

It sits between the bots and everything that runs a game (the table, the simulator, the text
mode, the smoke test): it imports the engine and the bots only.
"""
