"""A one-line text field."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.storage.names import name_character
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import paste_text
from rami_desktop.ui.kit.text import line_height, text_width
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import blit_aligned, fit_text

#: what a masked field shows for each character
MASK = "\u2022"


class TextInput(Widget):
    """A one-line text field (player names, deal codes); the caret stays at the end; Ctrl+V
    (Cmd+V) pastes the clipboard's first line; Ctrl+A (Cmd+A) selects the whole text, which
    what is typed or pasted next replaces and Backspace or Delete clears (a ``provisional``
    value too: a default name, "Player 1"). A ``masked`` field
    (a secret: the family server's admin token) shows a dot for each character."""

    captures_text = True

    def __init__(self, value: str = "", on_change: Callable[[str], None] | None = None, *,
                 max_length: int = 16, placeholder: Text | None = None,
                 masked: bool = False, provisional: Callable[[], bool] | None = None) -> None:
        super().__init__()
        self.value = value
        self.masked = masked
        #: whether the value is a default the player did not type ("Player 1"): shown as
        #: selected when focused, the first thing typed replaces it, Backspace clears it
        self.provisional = provisional
        self.on_change = on_change
        self.max_length = max_length
        self.placeholder = placeholder
        self.blink = 0.0
        self.selected = False  # the whole text is selected (Ctrl+A)
        self._caret_drawn: bool | None = None  # None: not drawn focused last time
        #: fields drawn at one text size (the seats' names): none shows bigger than another
        self.size_group: list[TextInput] = []
        self._size: tuple[tuple[object, ...], int] = ((), 0)

    def set(self, value: str) -> None:
        """Set the text and report it."""
        self.value = value[: self.max_length]
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.enabled and self.hit(event.pos):
            self.blink = 0.0
            self.selected = False
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        command = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_a and command:
            self.selected = bool(self.value)
            return True
        if event.key == pygame.K_v and command:
            self.insert(paste_text())
            return True
        if self.replaced() and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.selected = False
            self.set("")
            self.blink = 0.0
            return True
        if event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                             pygame.K_LMETA, pygame.K_RMETA):
            self.selected = False
        if event.key == pygame.K_BACKSPACE:
            if self.value:
                if event.mod & pygame.KMOD_CTRL:
                    self.set(self.value.rstrip().rsplit(" ", 1)[0] if " " in
                             self.value.rstrip() else "")
                else:
                    self.set(self.value[:-1])
            self.blink = 0.0
            return True
        # keep Space for typing (it arrives as TEXTINPUT), swallow caret keys
        return event.key in (pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                             pygame.K_END, pygame.K_DELETE)

    def insert(self, text: str) -> None:
        """Add typed or pasted text at the end (the characters the game's fonts draw, see
        :func:`rami_desktop.storage.names.name_character`; as many as fit); a selected value
        (Ctrl+A) is replaced."""
        text = "".join(c for c in text if name_character(c))
        if self.replaced() and text:
            self.selected = False
            self.value = ""
        room = self.max_length - len(self.value)
        if room > 0 and text:
            self.set(self.value + text[:room])
        self.blink = 0.0

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def replaced(self) -> bool:
        """Whether what is typed next replaces the whole value (selected, or a default)."""
        return bool(self.value) and (self.selected or (
            self.provisional is not None and self.provisional()))

    def text_size(self, height: int) -> int:
        """The body's text size, smaller where the field is too low for its line (a seat's row
        among six at a large interface scale), down to 60 %."""
        size = theme.px(theme.FONT_BODY, self.scale)
        floor = max(8, int(size * 0.6))
        while size > floor and line_height(size) > height:
            size -= 1
        return size

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The white box and the room for the text inside it."""
        s = self.scale
        box = self.rect.inflate(-theme.px(8, s), -theme.px(8, s))
        return box, box.inflate(-theme.px(20, s), 0)

    def own_size(self) -> int:
        """The largest text size (down to 60 %) at which this field's text, or its
        placeholder, fits its box."""
        box, inner = self._boxes()
        base = self.text_size(box.h - theme.px(4, self.scale))
        text = self.shown_text() or tr(self.placeholder)
        width = inner.w - (theme.px(6, self.scale) if self.value else 0)
        key = (text, width, base)
        if self._size[0] == key:
            return self._size[1]
        size, floor = base, max(8, int(theme.px(theme.FONT_BODY, self.scale) * 0.6))
        while size > floor and text_width(text, size) > width:
            size -= 1
        self._size = (key, size)
        return size

    def shared_size(self) -> int:
        """The text size drawn: the smallest any visible field of :attr:`size_group` needs, so
        that «Zineb» is never drawn bigger than «Khadija» below it."""
        sizes = [f.own_size() for f in self.size_group if f is not self and f.visible]
        return min([self.own_size(), *sizes])

    def shown_text(self) -> str:
        """The text as drawn: the value, or a dot for each of its characters when masked."""
        return MASK * len(self.value) if self.masked else self.value

    def caret_shown(self) -> bool:
        """Whether the blinking caret is in its visible half."""
        return self.blink < 0.55

    def wants_redraw(self) -> bool:
        """The caret of a focused field blinks: a redraw each time it shows or hides."""
        return self._caret_drawn is not None and self._caret_drawn != self.caret_shown()

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        s = self.scale
        box, inner = self._boxes()
        focused = focus is self or getattr(focus, "_text_focus", None) is self
        pygame.draw.rect(surface, theme.WHITE if self.enabled else theme.CREAM_DARK, box,
                         border_radius=theme.radius(s))
        edge = theme.ZELLIGE if focused else (theme.INK_SOFT if self.hovered else theme.CREAM_EDGE)
        pygame.draw.rect(surface, edge, box, width=max(1, theme.px(2, s)),
                         border_radius=theme.radius(s))
        size = self.shared_size()
        if self.value:
            # at the size shared with the other names: a name too long even so is clipped
            surf = fit_text(self.shown_text(), size, theme.INK, inner.w - theme.px(6, s),
                            keep_end=True, shrink=False)
        else:
            surf = fit_text(tr(self.placeholder), size, theme.INK_DISABLED, inner.w,
                            shrink=False)
        if self.replaced() and focused:
            mark = pygame.Rect(0, 0, surf.get_width() + theme.px(4, s), surf.get_height())
            mark.center = (surf.get_rect(midright=inner.midright) if is_rtl()
                           else surf.get_rect(midleft=inner.midleft)).center
            pygame.draw.rect(surface, theme.CREAM_DARK, mark, border_radius=theme.px(3, s))
        dest = blit_aligned(surface, surf, inner, "start")
        self._caret_drawn = self.caret_shown() if focused else None
        if focused and self.caret_shown():
            if not self.value:
                x = inner.right if is_rtl() else inner.left
            else:
                x = dest.left - 2 if is_rtl() else dest.right + 2
            h = theme.px(22, s)
            pygame.draw.line(surface, theme.INK, (x, box.centery - h // 2),
                             (x, box.centery + h // 2), max(1, theme.px(2, s)))
