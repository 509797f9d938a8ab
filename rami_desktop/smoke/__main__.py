"""``python -m rami_desktop.smoke``: run the smoke test."""

import sys

from rami_desktop.smoke.runner import run

sys.exit(run())
