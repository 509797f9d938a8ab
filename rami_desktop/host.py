"""``python -m rami_desktop.host``: ``rami-host``'s tables with no window. The command lives in
:mod:`rami_desktop.commands.host`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.host import main

if __name__ == "__main__":
    sys.exit(main())
