"""Screenshots of Learn to play: each lesson at its key step (docs/screens.md), or every step of
every lesson in English, French and darija with a montage of them, and the illustrated rules and
the controls.

Usage (from the project root)::

    .venv/bin/python tools/tutorial_screens.py [out_dir]            # docs/screens.md's shots
    .venv/bin/python tools/tutorial_screens.py --steps DIR [--montage FILE]
        # every step of every lesson in the three languages into DIR (one PNG a step, the
        # lesson's end and its round summary too), a contact sheet per lesson and language, and
        # a small montage of them all (default DIR/montage.png)

The lessons are played as a player would, with posted mouse events. Without ``DISPLAY`` (or
with ``SDL_VIDEODRIVER=dummy``) the game draws off screen; with ``DISPLAY`` set (an Xvfb
server) it draws in a real window, which is what the screenshots show.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from rami_desktop import i18n
from rami_desktop.app import App
from rami_desktop.engine.actions import Discard, Draw, Lay, Swap
from rami_desktop.play.tutorial.lessons import load_lessons
from rami_desktop.play.tutorial.model import Step, StepKind, Target
from rami_desktop.ui.routes import Route

DT = 1 / 60
SIZE = (1280, 800)
LANGS = ("en", "fr", "ar_MA")
#: (lesson key, the step shown (0-based), language)
SHOTS: tuple[tuple[str, int, str], ...] = (
    ("draw_discard", 2, "en"),
    ("tria_serie", 3, "fr"),
    ("opening_count", 5, "ar_MA"),
    ("rising_bar", 2, "en"),
    ("talaj", 5, "fr"),
    ("jokers", 9, "ar_MA"),
    ("going_out", 7, "en"),
)

#: (file name, route, language) of the help screens
HELP_SHOTS: tuple[tuple[str, Route, str], ...] = (
    ("rules", Route.RULES_HELP, "en"),
    ("rules", Route.RULES_HELP, "ar_MA"),
    ("controls", Route.CONTROLS_HELP, "fr"),
)


class Player:
    """Posts mouse events to an app, frame by frame."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        self.app.step(DT, events or [])
        for _ in range(n - 1):
            self.app.step(DT, [])

    def click(self, pos: tuple[int, int]) -> None:
        self.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                           buttons=(0, 0, 0)),
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        for k in range(1, 6):
            p = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1),
                                             buttons=(1, 0, 0)))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(3, events)

    def enter(self) -> None:
        self.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                           unicode="\r", scancode=0)])


def _sprite(scene: object, code: str, skip: int = 0) -> pygame.Rect:
    found = [s for s in scene.table.board.in_zone("hand") if s.spec.code == code]  # type: ignore
    return found[skip].rect.move(4, 8)


def play(player: Player, scene: object, step: Step) -> None:
    """Do the step as a player would."""
    table = scene.table  # type: ignore[attr-defined]
    lay = table.view.lay
    if step.kind is StepKind.CONTINUE:
        player.click(scene.next_button.rect.center)  # type: ignore[attr-defined]
    elif step.kind is StepKind.BOT:
        for _ in range(600):
            if scene.run.step is not step:  # type: ignore[attr-defined]
                break
            player.frames()
    else:
        action = step.action
        if isinstance(action, Draw):
            spot = {"stock": lay.stock, "top": lay.talaj, "first": lay.first}[action.source]
            player.click(spot.center)
        elif isinstance(action, Lay):
            seen: Counter[str] = Counter()
            for card in action.cards:
                player.click(_sprite(scene, card.code, seen[card.code]).topleft)
                seen[card.code] += 1
            if step.aim.target is Target.LAY:
                player.click(table.buttons.lay.rect.center)
            else:
                free = table.view.flow.free
                player.drag(_sprite(scene, action.cards[0].code).topleft,
                            (free.centerx, free.y + min(free.h // 2, lay.px(60))))
        elif isinstance(action, Swap):
            place = next(p for p in table.view.flow.places if p.index == action.meld)
            meld = table.session.shown.round.melds[action.meld].meld
            k = next(i for i, c in enumerate(meld.cards) if c.is_joker)
            right = place.cards[k + 1].x if k + 1 < len(place.cards) else place.cards[k].right
            player.drag(_sprite(scene, action.card.code).topleft,
                        ((place.cards[k].x + right) // 2, place.cards[k].centery))
        elif isinstance(action, Discard):
            player.drag(_sprite(scene, action.card.code).topleft, lay.talaj.center)
    player.frames(3)


def open_lesson(key: str, lang: str, speed: str = "off") -> tuple[App, object, Player]:
    """An app showing a lesson from its start, in a language, at an animation speed."""
    app = App(SIZE, settings={"language": lang, "animation_speed": speed}, persist=False,
              fullscreen=False)
    i18n.set_language(lang)
    app.stack.clear_to(app.scene(Route.MENU))
    app.stack.push(app.scene(Route.LEARN))
    scene = app.scene(Route.TUTORIAL, key)
    app.stack.push(scene)
    player = Player(app)
    player.frames(3)
    return app, scene, player


def shoot(app: App, path: Path) -> Path:
    """Save what the window shows."""
    pygame.image.save(app.screen, str(path))
    return path


def key_shots(out: Path) -> None:
    """The gallery's shots (docs/screens.md): each lesson at its key step, the rules, the
    controls."""
    for key, shown, lang in SHOTS:
        app, scene, player = open_lesson(key, lang)
        for step in scene.lesson.steps[:shown]:  # type: ignore[attr-defined]
            play(player, scene, step)
            if app.stack.top is not scene:  # the round summary after going out
                player.enter()
        player.frames(30)
        print(shoot(app, out / f"lesson-{scene.lesson.number}-{key}-{lang}.png"))  # type: ignore
        app.close()
    for name, route, lang in HELP_SHOTS:
        app = App(SIZE, settings={"language": lang}, persist=False, fullscreen=False)
        i18n.set_language(lang)
        app.stack.clear_to(app.scene(Route.MENU))
        app.stack.push(app.scene(route))
        Player(app).frames(2)
        print(shoot(app, out / f"{name}-{lang}.png"))
        app.close()


def every_step(out: Path, key: str, lang: str) -> list[Path]:
    """Every step of one lesson in one language: one shot a step, then its summary (if the
    round ends) and the lesson's end. The cards move at the normal speed, so that Bot's steps
    show before Bot plays (it waits its pace)."""
    app, scene, player = open_lesson(key, lang, "normal")
    lesson = scene.lesson  # type: ignore[attr-defined]
    shots: list[Path] = []
    name = f"lesson-{lesson.number}-{lang}"
    for k, step in enumerate(lesson.steps, start=1):
        player.frames(1 if step.kind is StepKind.BOT else 45)  # Bot waits its pace
        shots.append(shoot(app, out / f"{name}-step{k:02d}.png"))
        play(player, scene, step)
        if scene.table.session.round_over:  # type: ignore[attr-defined]
            for _ in range(600):  # the round summary shows once the table has settled
                if app.stack.top is not scene:
                    break
                player.frames()
            if app.stack.top is not scene:
                player.frames(10)
                shots.append(shoot(app, out / f"{name}-step{k:02d}-summary.png"))
                player.enter()
    player.frames(20)
    shots.append(shoot(app, out / f"{name}-end.png"))
    app.close()
    return shots


def sheet(paths: list[Path], columns: int, tile: tuple[int, int], target: Path,
          labels: bool = True) -> Path:
    """Paste screenshots side by side, ``columns`` a row, each scaled to ``tile``."""
    rows = (len(paths) + columns - 1) // columns
    gap = 4
    out = pygame.Surface((columns * (tile[0] + gap) + gap, rows * (tile[1] + gap) + gap))
    out.fill((30, 30, 30))
    font = pygame.font.Font(None, max(12, tile[1] // 12)) if labels else None
    for i, path in enumerate(paths):
        image = pygame.transform.smoothscale(pygame.image.load(str(path)), tile)
        x = gap + (i % columns) * (tile[0] + gap)
        y = gap + (i // columns) * (tile[1] + gap)
        out.blit(image, (x, y))
        if font is not None:
            tag = font.render(path.stem.rsplit("-", 1)[-1], True, (255, 255, 0), (0, 0, 0))
            out.blit(tag, (x + 2, y + 2))
    pygame.image.save(out, str(target))
    return target


def steps_and_montage(out: Path, montage: Path) -> None:
    """Every step of every lesson in every language, a sheet per lesson and language, and a
    small montage: one row a lesson and language, one tile a step."""
    out.mkdir(parents=True, exist_ok=True)
    rows: list[list[Path]] = []
    for lesson in load_lessons():
        for lang in LANGS:
            shots = every_step(out, lesson.key, lang)
            print(sheet(shots, 4, (480, 300), out / f"sheet-{lesson.number}-{lang}.png"))
            rows.append(shots)
    width = max(len(r) for r in rows)
    tile = (72, 45)
    gap = 2
    image = pygame.Surface((width * (tile[0] + gap) + gap, len(rows) * (tile[1] + gap) + gap))
    image.fill((30, 30, 30))
    for r, shots in enumerate(rows):
        for c, path in enumerate(shots):
            small = pygame.transform.smoothscale(pygame.image.load(str(path)), tile)
            image.blit(small, (gap + c * (tile[0] + gap), gap + r * (tile[1] + gap)))
    montage.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(montage))
    print(montage)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default="docs/screens",
                        help="the gallery's shots (docs/screens.md)")
    parser.add_argument("--steps", type=Path, help="every step of every lesson, into this folder")
    parser.add_argument("--montage", type=Path, help="the montage of every step (PNG)")
    args = parser.parse_args(argv)
    pygame.init()
    if args.steps is not None:
        steps_and_montage(args.steps, args.montage or args.steps / "montage.png")
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    key_shots(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
