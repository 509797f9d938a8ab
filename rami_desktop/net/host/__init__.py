"""A table hosted here: the host's session (the one game, some seats played from other
computers), who holds which seat, what each seat is told, what is held until it is kept, the
bots standing in, the hosting (listening, advertising, the door) and the invite far away."""
