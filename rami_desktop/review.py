"""``python -m rami_desktop.review``: the review of a saved game. The command lives in
:mod:`rami_desktop.commands.review`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.review import main

if __name__ == "__main__":
    sys.exit(main())
