"""Start the game: ``rami`` or ``python -m rami_desktop`` (see ``--help`` for the check modes)."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from rami_desktop.commands.arguments import (
    OneLineParser,
    given,
    quiet_logs,
    safe_output,
    shown,
    whole_number,
)
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.i18n import LANGUAGES
from rami_desktop.storage.settings import clamp_window


def _size(text: str) -> tuple[int, int]:
    """WxH, brought within the sizes a settings file may hold (640x400 to 7680x4320)."""
    parts = text.lower().split("x")
    try:
        if len(parts) != 2:
            raise ValueError(text)
        width, height = int(parts[0]), int(parts[1])
    except ValueError as exc:  # also a number of thousands of digits
        raise argparse.ArgumentTypeError("size must look like 1280x800") from exc
    return clamp_window((width, height))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    p = OneLineParser(prog="rami", description="Rami: Moroccan rummy.")
    p.add_argument("--autoplay", action="store_true", help="every seat a bot; start at once")
    p.add_argument("--seed", type=whole_number(0, 2**32 - 1), default=None,
                   help="the first round's deal (later rounds stay secret)")
    p.add_argument("--players", type=whole_number(2, 6), default=None,
                   help="number of players (2-6)")
    p.add_argument("--preset", choices=PRESET_NAMES, default="talaj", help="the rules preset")
    p.add_argument("--frames", type=whole_number(1, 10**9), default=None,
                   help="quit after N frames")
    p.add_argument("--screenshot", type=given, default=None, metavar="PATH",
                   help="save the last frame as a PNG before quitting")
    p.add_argument("--perf", action="store_true",
                   help="print 'frame_ms p50=.. p99=.. max=..' at exit")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default=None, metavar="CODE",
                   help="language: en, fr or ar_MA")
    p.add_argument("--size", type=_size, default=None, metavar="WxH", help="window size")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--replay", type=given, default=None, metavar="FILE",
                   help="replay a kept round file face up")
    p.add_argument("--smoke-test", action="store_true",
                   help="render every screen once in every language, then exit")
    return p.parse_args(argv)


def smoke_test(size: tuple[int, int] | None = None) -> int:
    """Render every screen once in every language and play rounds; 0 when all went well."""
    from rami_desktop import smoke

    return int(smoke.run(size) or 0)


def screenshot_problem(path: str) -> str | None:
    """Why a screenshot cannot be saved at ``path`` (checked before any window opens; the
    frame is written beside it and renamed over it, so a FIFO made there later is never
    opened)."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        return f"{path} is a folder"
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        return f"{path} is not a regular file (a FIFO or a device)"
    if not os.path.isdir(folder):
        return f"no folder {folder}"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the exit status."""
    safe_output()
    args = parse_args(argv)
    if args.smoke_test:
        return smoke_test(args.size)
    if args.screenshot:
        problem = screenshot_problem(args.screenshot)
        if problem:
            print(f"rami: cannot save the screenshot: {shown(problem)}", file=sys.stderr)
            return 2
    replay = None
    if args.replay:
        from rami_desktop.play.review.replay import Replay
        from rami_desktop.storage.round_files import read_round

        with quiet_logs():  # the refusal is its one line, the reason its last word
            replay, problem = read_round(args.replay, Replay.of_record)
        if replay is None:
            print(f"rami: cannot replay {shown(args.replay)}: "
                  f"{(problem or '').replace('_', ' ')}", file=sys.stderr)
            return 2
    import pygame

    from rami_desktop.app import App
    from rami_desktop.ui.routes import Route

    app = App(args.size, fullscreen=True if args.fullscreen else None)
    if args.lang:
        app.set_language(args.lang, save=False)
    if args.autoplay:
        from rami_desktop.play.game.config import autoplay_config  # the match's modules

        players = args.players if args.players is not None else 4
        app.stack.push(app.scene(Route.MENU))
        app.stack.apply_pending()
        app.start_game(autoplay_config(args.preset, players, args.seed), remember=False)
    elif replay is not None:
        app.stack.push(app.scene(Route.MENU))
        app.stack.push(app.scene(Route.REPLAY, replay))
    else:
        app.stack.push(app.first_scene())
    status = 0
    try:
        app.run(max_frames=args.frames)
        if args.screenshot:
            try:
                app.save_screenshot(args.screenshot)
            except (OSError, pygame.error) as exc:  # the file could not be written after all
                print(f"rami: cannot save the screenshot: {shown(exc)}", file=sys.stderr)
                status = 2
    finally:
        if args.perf:
            print(app.perf_line(), flush=True)
        app.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
