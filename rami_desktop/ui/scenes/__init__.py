"""The screens and overlays of the game: each a Scene object pushed on the stack, built by route
(:mod:`rami_desktop.ui.routes`); scenes never import each other."""
