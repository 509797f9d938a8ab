"""Where the game keeps its files: settings, the autosaved match, statistics, the kept rounds
and logs.

By default the folders come from platformdirs (app name "Rami", no app author). The environment
variable ``RAMI_HOME``, when set and not empty, puts everything under that one folder, in the
sub-folders ``config/``, ``data/`` and ``logs/``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from rami_desktop.storage import problems
from rami_desktop.storage.private import PRIVATE_FILE, private_folder

log = logging.getLogger(__name__)

APP_NAME = "Rami"
ENV_HOME = "RAMI_HOME"

SETTINGS_NAME = "settings.json"
MATCH_NAME = "match.json"
STATS_NAME = "stats.json"
LOG_NAME = "rami.log"
ROUNDS_NAME = "rounds"


@dataclass(frozen=True)
class Paths:
    """The game's folders and files. Nothing is created until :meth:`ensure` or a write."""

    config_dir: Path
    data_dir: Path
    log_dir: Path

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Paths:
        """Return the paths for this user, honouring ``RAMI_HOME``.

        Args:
            environ: the environment to read (default: ``os.environ``).
        """
        env = os.environ if environ is None else environ
        home = env.get(ENV_HOME, "").strip()
        if home:
            return cls.under(Path(home).expanduser())
        return cls(
            config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data_dir=platformdirs.user_data_path(APP_NAME, appauthor=False),
            log_dir=platformdirs.user_log_path(APP_NAME, appauthor=False),
        )

    @classmethod
    def under(cls, home: Path | str) -> Paths:
        """Return the paths with everything under one folder (as ``RAMI_HOME`` does)."""
        root = Path(home)
        return cls(config_dir=root / "config", data_dir=root / "data", log_dir=root / "logs")

    @property
    def settings_file(self) -> Path:
        """The settings (``settings.json`` in the config folder)."""
        return self.config_dir / SETTINGS_NAME

    @property
    def match_file(self) -> Path:
        """The autosaved match (``match.json`` in the data folder)."""
        return self.data_dir / MATCH_NAME

    @property
    def match_backup(self) -> Path:
        """The previous autosave (``match.json.bak``), the last good one."""
        return self.data_dir / (MATCH_NAME + ".bak")

    @property
    def stats_file(self) -> Path:
        """The statistics (``stats.json`` in the data folder)."""
        return self.data_dir / STATS_NAME

    @property
    def rounds_dir(self) -> Path:
        """The kept rounds, one file each (``rounds/`` in the data folder)."""
        return self.data_dir / ROUNDS_NAME

    @property
    def log_file(self) -> Path:
        """The log file (``rami.log`` in the log folder)."""
        return self.log_dir / LOG_NAME

    def ensure(self) -> list[str]:
        """Create the folders if needed and check they can be written; never raises.

        Returns:
            Problem codes (``config_dir_unwritable``, ``data_dir_unwritable``,
            ``log_dir_unwritable``), empty when every folder is usable.
        """
        found: list[str] = []
        checked: dict[Path, bool] = {}
        for code, folder in (
            (problems.CONFIG_DIR_UNWRITABLE, self.config_dir),
            (problems.DATA_DIR_UNWRITABLE, self.data_dir),
            (problems.LOG_DIR_UNWRITABLE, self.log_dir),
        ):
            if folder not in checked:
                checked[folder] = folder_is_writable(folder)
            if not checked[folder]:
                found.append(code)
        return found


def folder_is_writable(folder: Path) -> bool:
    """Create ``folder`` if needed and prove it is writable by creating a file in it.

    A real write is tried because permission bits say nothing for an administrator and nothing
    about read-only media.
    """
    try:
        private_folder(folder)
        probe = folder / f".write-test-{os.getpid()}-{secrets.token_hex(4)}"
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(probe)
    except (OSError, ValueError) as exc:
        log.warning("folder %s is not writable: %s", folder, exc)
        return False
    return True


def default_paths() -> Paths:
    """Return the paths for this user and environment (see :meth:`Paths.from_environment`)."""
    return Paths.from_environment()
