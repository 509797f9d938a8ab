"""How a game is kept: the save and its resume, the commit before a move is told, a finished
round's file and the statistics (kept before told: docs/nothing-lost.md)."""
