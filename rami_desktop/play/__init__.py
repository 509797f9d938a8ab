"""The game behind every screen, by responsibility (docs/dev/architecture.md).

- :mod:`.view`: what one seat may know (the seat view, the story told to a viewer, what a
  screen shows, the rules' terms the screens use), built by the session and sent to joiners.
- :mod:`.game`: what a game is made of (the config, the people, the hand orders, the key).
- :mod:`.keep`: how it is kept (saves and resume, kept before told, round files, statistics).
- :mod:`.review`: a round afterwards (the round's and the match's review, the replay).
- :mod:`.session`: the one game (the match, the seats, the bot driver and its worker).
- :mod:`.table`: the one table every screen talks to over a seat view, and the helpers the
  screens use (staging, the advisor, the clock, the hand's order on screen).
- :mod:`.tutorial`: the lessons and the coach (the one reader of a whole round outside the
  session, on purpose: :mod:`.tutorial.open_hand_coach`).

The parts import one way: view, game <- keep <- review <- session <- table <- tutorial (the
lessons, the run and the coach's facts import only the engine; the open-hand coach puts a
lesson on a table). Nothing here imports pygame nor the network.
"""
