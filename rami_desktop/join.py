"""``python -m rami_desktop.join``: a joiner with no window (a bot, or a seat played from the
terminal). The command lives in :mod:`rami_desktop.commands.join`; this name is the one players and
the docs type."""

import sys

from rami_desktop.commands.join import main

if __name__ == "__main__":
    sys.exit(main())
