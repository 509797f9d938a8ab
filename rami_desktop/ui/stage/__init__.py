"""The stage the screens play on: the scene and what it is given (Scene, Context, the stack),
and the table of routes by which scenes reach each other without importing each other (the routes
themselves: :mod:`rami_desktop.ui.routes`)."""
