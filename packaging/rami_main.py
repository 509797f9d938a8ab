"""The entry script of the PyInstaller bundle (see ``build.spec``): start the game."""

from __future__ import annotations

import sys

from rami_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
