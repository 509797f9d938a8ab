"""``python -m rami_desktop.cli``: the game in a terminal (text mode). The command lives in
:mod:`rami_desktop.commands.cli`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.cli import main

if __name__ == "__main__":
    sys.exit(main())
