"""The stage the screens play on: the scene and what it is given (Scene, Context, the stack),
and the routes by which scenes reach each other without importing each other."""
