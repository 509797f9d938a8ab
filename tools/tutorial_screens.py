"""Screenshots of Learn to play for the README: each lesson at its key step, the illustrated
rules and the controls, in English, French and darija (headless).

Usage (from the project root)::

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/tutorial_screens.py [out_dir]

The lessons are played as a player would, with posted mouse events, up to the step shown.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from rami_desktop import i18n
from rami_desktop.app import App
from rami_desktop.engine.actions import Discard, Draw, Lay, Swap
from rami_desktop.play.tutorial.model import Step, StepKind, Target
from rami_desktop.ui.routes import Route

DT = 1 / 60
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
            meld = table.session.round.melds[action.meld].meld
            k = next(i for i, c in enumerate(meld.cards) if c.is_joker)
            right = place.cards[k + 1].x if k + 1 < len(place.cards) else place.cards[k].right
            player.drag(_sprite(scene, action.card.code).topleft,
                        ((place.cards[k].x + right) // 2, place.cards[k].centery))
        elif isinstance(action, Discard):
            player.drag(_sprite(scene, action.card.code).topleft, lay.talaj.center)
    player.frames(3)


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for key, shown, lang in SHOTS:
        app = App((1280, 800), settings={"language": lang, "animation_speed": "off"},
                  persist=False, fullscreen=False)
        i18n.set_language(lang)
        app.stack.clear_to(app.scene(Route.MENU))
        app.stack.push(app.scene(Route.LEARN))
        scene = app.scene(Route.TUTORIAL, key)
        app.stack.push(scene)
        player = Player(app)
        player.frames(3)
        for step in scene.lesson.steps[:shown]:
            play(player, scene, step)
            if app.stack.top is not scene:  # the round summary after going out
                player.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                     mod=0, unicode="\r", scancode=0)])
        player.frames(30)
        path = out / f"lesson-{scene.lesson.number}-{key}-{lang}.png"
        pygame.image.save(app.screen, str(path))
        print(path)
        app.close()
    for name, route, lang in HELP_SHOTS:
        app = App((1280, 800), settings={"language": lang}, persist=False, fullscreen=False)
        i18n.set_language(lang)
        app.stack.clear_to(app.scene(Route.MENU))
        app.stack.push(app.scene(route))
        Player(app).frames(2)
        path = out / f"{name}-{lang}.png"
        pygame.image.save(app.screen, str(path))
        print(path)
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screens")))
