"""``python -m rami_desktop.conformance``: the rules scenarios runner. The command lives in
:mod:`rami_desktop.commands.conformance`; this name is the one players and the docs type."""

import sys

from rami_desktop.commands.conformance import main

if __name__ == "__main__":
    sys.exit(main())
