"""``python -m rami_desktop.sim``: bots against bots. The command lives in
:mod:`rami_desktop.commands.sim`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.sim import main

if __name__ == "__main__":
    sys.exit(main())
