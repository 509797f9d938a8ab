"""The game behind every screen, in four parts (docs/DEVELOPING.md, "Layout").

- :mod:`.session`: the one game (the match, the seats, the seed, the bot driver, autosave and
  resume, statistics, the round review and replay).
- :mod:`.view`: what one seat may know (the seat view, the story told to a viewer, what a
  screen shows), built by the session and sent to joiners.
- :mod:`.table`: the one table every screen talks to over a seat view, and the helpers the
  screens use (staging, the advisor, the clock, the hand's order on screen, the rulebook).
- :mod:`.tutorial`: the lessons and the coach (the one reader of a whole round outside the
  session, on purpose: :mod:`.tutorial.open_hand_coach`).

The parts import one way: view <- session <- table <- tutorial (the lessons, the run and the
coach's facts import only the engine; the open-hand coach puts a lesson on a table).
Nothing here imports pygame nor the network.
"""
