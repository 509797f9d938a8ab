"""``python -m rami_desktop.solver``: the exact solver on hands typed or piped in. The command lives
in :mod:`rami_desktop.commands.solver`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.solver import main

if __name__ == "__main__":
    sys.exit(main())
