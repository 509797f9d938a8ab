"""The screens and overlays of the game (each a Scene object pushed on the stack)."""
