"""A small widget set drawn with pygame primitives, with keyboard focus navigation.

Every label is a message id (translated with :func:`rami_desktop.i18n._` at draw time, so a
language switch shows at once) or a callable returning the final text. All text is drawn with
:func:`rami_desktop.ui.text.render`. Rows (toggle, choice, slider, stepper) put their label on
the reading side and their control on the other, mirrored in right-to-left languages.

A :class:`WidgetGroup` owns the widgets of a scene: it routes mouse events, keeps the focus
(Tab / Shift+Tab / arrows), activates with Enter or Space and leaves Escape to the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rami_desktop import i18n
from rami_desktop.ui import text as text_mod
from rami_desktop.ui import theme

Text = str | Callable[[], str]

# ---------------------------------------------------------------------------------------------
# text helpers


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a message id for extraction without translating it (it is translated when drawn)."""
    return message


def _(message: str) -> str:
    """Translate a message now (looks the translator up at call time, so a language switch
    made after import applies)."""
    return i18n._(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form, at call time."""
    fn = getattr(i18n, "ngettext", None)
    if fn is None:
        return singular if n == 1 else plural
    return fn(singular, plural, n)


def tr(label: Text | None) -> str:
    """Return the text of a label now: a message id is translated, a callable is called."""
    if label is None:
        return ""
    if callable(label):
        return str(label())
    return i18n._(label) if label else ""


def is_rtl() -> bool:
    """Whether the current language reads right to left (False until i18n says otherwise)."""
    fn = getattr(i18n, "is_rtl", None)
    try:
        return bool(fn()) if fn is not None else False
    except Exception:  # a half-written i18n must not break the UI
        return False


_TEXT_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}


def clear_text_cache() -> None:
    """Forget rendered text (call after a language or font change)."""
    _TEXT_CACHE.clear()


def render_text(text: str, size: int, color: tuple[int, int, int], *, bold: bool = False,
                max_width: int | None = None, align: str = "start") -> pygame.Surface:
    """Render text through :mod:`rami_desktop.ui.text`, cached."""
    key = (text, size, color, bold, max_width, align, is_rtl())
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 800:
            _TEXT_CACHE.clear()
        size = max(8, int(size))
        try:
            surf = text_mod.render(text, size, color, bold=bold, max_width=max_width, align=align)
        except TypeError:  # an older render() without some keyword
            surf = text_mod.render(text, size, color)
        _TEXT_CACHE[key] = surf
    return surf


def fit_text(text: str, size: int, color: tuple[int, int, int], max_width: int, *,
             bold: bool = False) -> pygame.Surface:
    """Render one line, shrinking the font (down to 60%) until it fits ``max_width``."""
    size = int(size)
    surf = render_text(text, size, color, bold=bold)
    floor = max(8, int(size * 0.6))
    while surf.get_width() > max_width and size > floor:
        size -= 1
        surf = render_text(text, size, color, bold=bold)
    if surf.get_width() > max_width > 0:
        # still too wide: clip rather than overflow
        clipped = pygame.Surface((max_width, surf.get_height()), pygame.SRCALPHA)
        clipped.blit(surf, (0, 0) if not is_rtl() else (max_width - surf.get_width(), 0))
        surf = clipped
    return surf


def blit_aligned(surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect,
                 align: str = "start") -> pygame.Rect:
    """Blit ``surf`` vertically centred in ``rect``; align start/center/end (start is the
    reading side: left, or right in right-to-left languages)."""
    if align == "center":
        dest = surf.get_rect(center=rect.center)
    else:
        at_left = (align == "start") != is_rtl()
        dest = (surf.get_rect(midleft=rect.midleft) if at_left
                else surf.get_rect(midright=rect.midright))
    surface.blit(surf, dest)
    return dest


def split_row(rect: pygame.Rect, control_width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Split a row into (label, control) rects; the control is on the end side."""
    control_width = min(control_width, rect.w)
    if is_rtl():
        control = pygame.Rect(rect.x, rect.y, control_width, rect.h)
        label = pygame.Rect(control.right, rect.y, rect.w - control_width, rect.h)
    else:
        control = pygame.Rect(rect.right - control_width, rect.y, control_width, rect.h)
        label = pygame.Rect(rect.x, rect.y, rect.w - control_width, rect.h)
    return label, control


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """Draw the keyboard focus ring around a rect."""
    pad = theme.px(4, scale)
    pygame.draw.rect(surface, theme.BRASS_LIGHT, rect.inflate(pad * 2, pad * 2),
                     width=max(2, theme.px(3, scale)), border_radius=theme.radius(scale) + pad)
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(pad * 2 - 2, pad * 2 - 2),
                     width=max(1, theme.px(2, scale)), border_radius=theme.radius(scale) + pad)


def _arrow(surface: pygame.Surface, color: tuple[int, int, int], center: tuple[int, int],
           size: int, direction: int) -> None:
    """Draw a small triangle pointing left (-1) or right (+1)."""
    cx, cy = center
    h = size
    w = int(size * 0.8)
    if direction > 0:
        pts = [(cx - w // 2, cy - h // 2), (cx + w // 2, cy), (cx - w // 2, cy + h // 2)]
    else:
        pts = [(cx + w // 2, cy - h // 2), (cx - w // 2, cy), (cx + w // 2, cy + h // 2)]
    pygame.draw.polygon(surface, color, pts)


def _is_click(event: pygame.event.Event) -> bool:
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
        getattr(event, "button", 1) == 1


# ---------------------------------------------------------------------------------------------
# widgets


class Widget:
    """Base widget: a rect, hover and enabled state; focusable unless told otherwise."""

    focusable = True
    captures_text = False

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hovered = False
        self.scale = 1.0
        self.clip: pygame.Rect | None = None  # set by a scroll area: the visible part

    def can_focus(self) -> bool:
        """Whether keyboard focus may rest here."""
        return self.focusable and self.visible and self.enabled

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the widget (and in the visible part of a scroll area)."""
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        return self.clip is None or self.clip.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle a mouse event; return True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hit(event.pos)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Handle a key while focused, before navigation; return True when consumed."""
        return False

    def activate(self) -> None:
        """Enter or Space while focused."""

    def adjust(self, direction: int) -> bool:
        """Left/Right while focused (direction in reading order); True when handled."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations."""

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        """Draw; ``focus`` is the focused widget when the focus ring is to be shown."""

    def children(self) -> Sequence[Widget]:
        """Widgets inside this one (containers only)."""
        return ()


class Label(Widget):
    """A line (or wrapped paragraph) of text."""

    focusable = False

    def __init__(self, text: Text, size: int = theme.FONT_BODY, color: theme.Color = theme.INK,
                 *, align: str = "start", bold: bool = False, wrap: bool = False) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.color = color
        self.align = align
        self.bold = bold
        self.wrap = wrap

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        size = theme.px(self.size, self.scale)
        if self.wrap:
            surf = render_text(tr(self.text), size, self.color, bold=self.bold,
                               max_width=self.rect.w, align=self.align)
            r = surf.get_rect(top=self.rect.top)
            if self.align == "center":
                r.centerx = self.rect.centerx
            elif (self.align == "start") != is_rtl():
                r.left = self.rect.left
            else:
                r.right = self.rect.right
            surface.blit(surf, r)
        else:
            surf = fit_text(tr(self.text), size, self.color, self.rect.w, bold=self.bold)
            blit_aligned(surface, surf, self.rect, self.align)


class Panel(Widget):
    """A cream panel with an optional title along its top."""

    focusable = False

    def __init__(self, title: Text | None = None) -> None:
        super().__init__()
        self.title = title

    def title_height(self) -> int:
        """Height taken by the title band."""
        return theme.px(48, self.scale) if self.title else 0

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, self.scale)
        if self.title:
            pad = theme.px(18, self.scale)
            band = pygame.Rect(self.rect.x + pad, self.rect.y, self.rect.w - 2 * pad,
                               self.title_height())
            surf = fit_text(tr(self.title), theme.px(theme.FONT_SUBHEADING, self.scale),
                            theme.ACCENT_DARK, band.w, bold=True)
            blit_aligned(surface, surf, band, "start")
            y = band.bottom - theme.px(4, self.scale)
            pygame.draw.line(surface, theme.CREAM_EDGE, (band.x, y), (band.right, y),
                             max(1, theme.px(2, self.scale)))


class Separator(Widget):
    """A thin horizontal rule across its rect (between sections)."""

    focusable = False

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        y = self.rect.centery
        pygame.draw.line(surface, theme.CREAM_EDGE, (self.rect.x, y), (self.rect.right, y),
                         max(1, theme.px(2, self.scale)))


class Button(Widget):
    """A push button: hover, pressed, disabled, focus ring; ``selected`` for tabs."""

    STYLES = ("primary", "secondary", "tab")

    def __init__(self, label: Text, on_click: Callable[[], None] | None = None, *,
                 style: str = "secondary", size: int = theme.FONT_BODY) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.style = style
        self.size = size
        self.pressed = False
        self.selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hit(event.pos)
            if not self.hovered:
                self.pressed = False
            return False
        if _is_click(event) and self.enabled:
            inside = self.hit(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and inside:
                self.pressed = True
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                was = self.pressed
                self.pressed = False
                if was and inside:
                    self.activate()
                    return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def _colors(self) -> tuple[theme.Color, theme.Color, theme.Color]:
        """Return (body, text, edge) colours for the current state."""
        if not self.enabled:
            return theme.CREAM_DARK, theme.INK_DISABLED, theme.CREAM_EDGE
        if self.style == "primary":
            body = theme.ACCENT_DARK if self.pressed else (
                theme.ACCENT_LIGHT if self.hovered else theme.ACCENT)
            return body, theme.CREAM, theme.ACCENT_DARK
        if self.style == "tab" and self.selected:
            return theme.ZELLIGE, theme.CREAM, theme.ZELLIGE
        body = theme.CREAM_EDGE if self.pressed else (
            theme.WHITE if self.hovered else theme.CREAM)
        return body, theme.INK, theme.CREAM_EDGE

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        s = self.scale
        rect = self.rect.move(0, theme.px(2, s)) if self.pressed else self.rect
        body, ink, edge = self._colors()
        corner = theme.radius(s)
        if self.enabled and not self.pressed:
            theme.draw_shadow(surface, self.rect, s, corner)
        pygame.draw.rect(surface, body, rect, border_radius=corner)
        pygame.draw.rect(surface, edge, rect, width=max(1, theme.px(2, s)), border_radius=corner)
        if self.style == "primary" and self.enabled:
            # a brass line under the top edge: a little warmth
            inner = rect.inflate(-corner * 2, 0)
            y = rect.y + theme.px(3, s)
            pygame.draw.line(surface, theme.ACCENT_LIGHT, (inner.x, y), (inner.right, y),
                             max(1, theme.px(1, s)))
        pad = theme.px(12, s)
        surf = fit_text(tr(self.label), theme.px(self.size, s), ink, rect.w - 2 * pad,
                        bold=self.style == "primary")
        surface.blit(surf, surf.get_rect(center=rect.center))
        if focus is self:
            draw_focus_ring(surface, rect, s)


class _Row(Widget):
    """A labelled row: label on the reading side, a control on the other."""

    def __init__(self, label: Text | None, *, control_width: int = 250) -> None:
        super().__init__()
        self.label = label
        self.control_width = control_width
        self.pressed = False

    def control_rect(self) -> pygame.Rect:
        """The rect of the control part."""
        if not self.label:
            return self.rect.copy()
        width = min(theme.px(self.control_width, self.scale), int(self.rect.w * 0.55))
        return split_row(self.rect, width)[1]

    def label_rect(self) -> pygame.Rect:
        """The rect of the label part."""
        if not self.label:
            return pygame.Rect(self.rect.x, self.rect.y, 0, self.rect.h)
        width = min(theme.px(self.control_width, self.scale), int(self.rect.w * 0.55))
        return split_row(self.rect, width)[0]

    def draw_row(self, surface: pygame.Surface, focus: Widget | None) -> None:
        """Draw the hover band, the label and the focus ring."""
        s = self.scale
        if self.hovered and self.enabled and self.label:
            band = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(band, (*theme.CREAM_EDGE, 70), band.get_rect(),
                             border_radius=theme.radius(s))
            surface.blit(band, self.rect)
        if self.label:
            lr = self.label_rect().inflate(-theme.px(16, s), 0)
            ink = theme.INK if self.enabled else theme.INK_DISABLED
            surf = fit_text(tr(self.label), theme.px(theme.FONT_BODY, s), ink, lr.w)
            blit_aligned(surface, surf, lr, "start")
        if focus is self:
            draw_focus_ring(surface, self.rect, s)


class Toggle(_Row):
    """An on/off switch with a label (a checkbox)."""

    def __init__(self, label: Text | None, value: bool = False,
                 on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__(label, control_width=110)
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        """Set the value and report it."""
        self.value = bool(value)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if _is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
            elif self.pressed:
                self.pressed = False
                self.set(not self.value)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        return False

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def adjust(self, direction: int) -> bool:
        if self.enabled:
            self.set(direction > 0)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        ctrl = self.control_rect()
        w, h = theme.px(58, s), theme.px(30, s)
        pill = pygame.Rect(0, 0, w, h)
        if self.label:
            inset = theme.px(4, s)
            pill.centery = ctrl.centery
            if is_rtl():
                pill.left = ctrl.left + inset
            else:
                pill.right = ctrl.right - inset
        else:
            pill.center = ctrl.center
        on = self.value
        if not self.enabled:
            body = theme.CREAM_DARK
        else:
            body = theme.FELT_LIGHT if on else theme.CREAM_EDGE
        pygame.draw.rect(surface, body, pill, border_radius=h // 2)
        pygame.draw.rect(surface, theme.INK_SOFT if self.enabled else theme.CREAM_EDGE, pill,
                         width=max(1, theme.px(1, s)), border_radius=h // 2)
        knob_r = h // 2 - theme.px(4, s)
        to_end = on != is_rtl()  # "on" puts the knob on the end side
        kx = pill.right - h // 2 if to_end else pill.left + h // 2
        pygame.draw.circle(surface, theme.WHITE, (kx, pill.centery), knob_r)
        pygame.draw.circle(surface, theme.INK_SOFT, (kx, pill.centery), knob_r,
                           max(1, theme.px(1, s)))


class Choice(_Row):
    """A value chosen by cycling with left/right arrows (or clicking the value)."""

    def __init__(self, label: Text | None, options: Sequence[tuple[Any, Text]], value: Any = None,
                 on_change: Callable[[Any], None] | None = None, *,
                 control_width: int = 250) -> None:
        super().__init__(label, control_width=control_width)
        self.options: list[tuple[Any, Text]] = list(options)
        values = [v for v, _ in self.options]
        self.value = value if value in values else (values[0] if values else None)
        self.on_change = on_change

    def set_options(self, options: Sequence[tuple[Any, Text]]) -> None:
        """Replace the options, keeping the value when still offered."""
        self.options = list(options)
        values = [v for v, _ in self.options]
        if self.value not in values and values:
            self.value = values[0]

    def index(self) -> int:
        """Index of the current value."""
        for i, (v, _) in enumerate(self.options):
            if v == self.value:
                return i
        return 0

    def set(self, value: Any) -> None:
        """Set the value and report it."""
        self.value = value
        if self.on_change is not None:
            self.on_change(value)

    def step(self, direction: int) -> None:
        """Go to the next (+1) or previous (-1) option, wrapping."""
        if not self.options or not self.enabled:
            return
        self.set(self.options[(self.index() + direction) % len(self.options)][0])

    def value_text(self) -> str:
        """The text of the current value."""
        if not self.options:
            return ""
        return tr(self.options[self.index()][1])

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        ctrl = self.control_rect().inflate(-theme.px(8, self.scale), -theme.px(8, self.scale))
        aw = min(theme.px(30, self.scale), ctrl.w // 4)
        left = pygame.Rect(ctrl.x, ctrl.y, aw, ctrl.h)
        right = pygame.Rect(ctrl.right - aw, ctrl.y, aw, ctrl.h)
        return left, right

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if _is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
                return True
            if not self.pressed:
                return True
            self.pressed = False
            left, right = self._arrow_rects()
            forward = 1 if not is_rtl() else -1
            if left.collidepoint(event.pos):
                self.step(-forward)
            elif right.collidepoint(event.pos):
                self.step(forward)
            else:
                self.step(1)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        return False

    def activate(self) -> None:
        self.step(1)

    def adjust(self, direction: int) -> bool:
        self.step(direction)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        box = self.control_rect().inflate(-theme.px(8, s), -theme.px(8, s))
        fill = theme.WHITE if self.enabled else theme.CREAM_DARK
        pygame.draw.rect(surface, fill, box, border_radius=theme.radius(s))
        pygame.draw.rect(surface, theme.CREAM_EDGE, box, width=max(1, theme.px(2, s)),
                         border_radius=theme.radius(s))
        left, right = self._arrow_rects()
        ink = theme.ACCENT if self.enabled else theme.INK_DISABLED
        size = theme.px(14, s)
        _arrow(surface, ink, left.center, size, -1)
        _arrow(surface, ink, right.center, size, +1)
        mid = pygame.Rect(left.right, box.y, right.left - left.right, box.h)
        surf = fit_text(self.value_text(), theme.px(theme.FONT_BODY, s),
                        theme.INK if self.enabled else theme.INK_DISABLED, mid.w)
        surface.blit(surf, surf.get_rect(center=mid.center))
        if focus is self and not self.label:
            draw_focus_ring(surface, self.rect, s)


class NumberStepper(_Row):
    """A whole number changed with − and + (or from a list of usual values)."""

    def __init__(self, label: Text | None, value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], None] | None = None, *, step: int = 1,
                 values: Sequence[int] | None = None, control_width: int = 200) -> None:
        super().__init__(label, control_width=control_width)
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.step_size = step
        self.values = list(values) if values else None
        self.on_change = on_change

    def set_range(self, minimum: int, maximum: int) -> None:
        """Change the limits, clamping the value (reported if it changes)."""
        self.minimum, self.maximum = minimum, maximum
        clamped = max(minimum, min(maximum, self.value))
        if clamped != self.value:
            self.set(clamped)

    def set(self, value: int) -> None:
        """Set the value and report it."""
        self.value = int(value)
        if self.on_change is not None:
            self.on_change(self.value)

    def step(self, direction: int) -> None:
        """Go up (+1) or down (-1) one step, within the limits."""
        if not self.enabled:
            return
        if self.values:
            allowed = sorted(v for v in set(self.values) if self.minimum <= v <= self.maximum)
            if direction > 0:
                nxt = [v for v in allowed if v > self.value]
                new = nxt[0] if nxt else self.value
            else:
                prv = [v for v in allowed if v < self.value]
                new = prv[-1] if prv else self.value
        else:
            new = max(self.minimum, min(self.maximum, self.value + direction * self.step_size))
        if new != self.value:
            self.set(new)

    def _button_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(minus, plus) rects; mirrored in right-to-left languages."""
        box = self.control_rect().inflate(-theme.px(8, self.scale), -theme.px(8, self.scale))
        d = box.h
        first = pygame.Rect(box.x, box.y, d, d)
        last = pygame.Rect(box.right - d, box.y, d, d)
        return (last, first) if is_rtl() else (first, last)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if _is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
                return True
            if not self.pressed:
                return True
            self.pressed = False
            minus, plus = self._button_rects()
            if minus.collidepoint(event.pos):
                self.step(-1)
            elif plus.collidepoint(event.pos):
                self.step(1)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        return False

    def activate(self) -> None:
        self.step(1)

    def adjust(self, direction: int) -> bool:
        self.step(direction)
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.step(1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(-1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        box = self.control_rect().inflate(-theme.px(8, s), -theme.px(8, s))
        fill = theme.WHITE if self.enabled else theme.CREAM_DARK
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.CREAM_EDGE, box, width=max(1, theme.px(2, s)),
                         border_radius=box.h // 2)
        minus, plus = self._button_rects()
        for r, sign in ((minus, -1), (plus, 1)):
            room = self.value > self.minimum if sign < 0 else self.value < self.maximum
            can = self.enabled and room
            c = theme.ACCENT if can else theme.CREAM_EDGE
            pygame.draw.circle(surface, c, r.center, r.h // 2 - theme.px(2, s))
            arm = max(3, r.h // 5)
            thick = max(2, theme.px(3, s))
            pygame.draw.line(surface, theme.WHITE, (r.centerx - arm, r.centery),
                             (r.centerx + arm, r.centery), thick)
            if sign > 0:
                pygame.draw.line(surface, theme.WHITE, (r.centerx, r.centery - arm),
                                 (r.centerx, r.centery + arm), thick)
        mid = pygame.Rect(min(minus.right, plus.right), box.y,
                          box.w - 2 * minus.w, box.h)
        surf = fit_text(str(self.value), theme.px(theme.FONT_BODY, s),
                        theme.INK if self.enabled else theme.INK_DISABLED, mid.w, bold=True)
        surface.blit(surf, surf.get_rect(center=mid.center))
        if focus is self and not self.label:
            draw_focus_ring(surface, self.rect, s)


class Slider(_Row):
    """A value from 0 to 1 (volume), dragged or changed with the arrows."""

    def __init__(self, label: Text | None, value: float = 1.0,
                 on_change: Callable[[float], None] | None = None, *, step: float = 0.05) -> None:
        super().__init__(label, control_width=300)
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.step_size = step
        self.dragging = False

    def set(self, value: float) -> None:
        """Set the value (clamped to 0..1) and report it."""
        self.value = round(max(0.0, min(1.0, value)), 4)
        if self.on_change is not None:
            self.on_change(self.value)

    def _track(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(track, percent text) rects."""
        ctrl = self.control_rect().inflate(-theme.px(16, self.scale), 0)
        tw = theme.px(60, self.scale)
        if is_rtl():
            text = pygame.Rect(ctrl.x, ctrl.y, tw, ctrl.h)
            track = pygame.Rect(text.right + theme.px(8, self.scale), ctrl.centery - 3,
                                ctrl.w - tw - theme.px(8, self.scale), 6)
        else:
            text = pygame.Rect(ctrl.right - tw, ctrl.y, tw, ctrl.h)
            track = pygame.Rect(ctrl.x, ctrl.centery - 3, ctrl.w - tw - theme.px(8, self.scale), 6)
        return track, text

    def _value_at(self, x: int) -> float:
        track, _ = self._track()
        t = (x - track.x) / max(1, track.w)
        return 1.0 - t if is_rtl() else t

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.hit(event.pos):
            track, _ = self._track()
            if track.inflate(theme.px(24, self.scale), self.rect.h).collidepoint(event.pos):
                self.dragging = True
                self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def adjust(self, direction: int) -> bool:
        if self.enabled:
            self.set(self.value + direction * self.step_size)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        track, text_rect = self._track()
        h = max(4, theme.px(8, s))
        track = pygame.Rect(track.x, track.centery - h // 2, track.w, h)
        pygame.draw.rect(surface, theme.CREAM_EDGE, track, border_radius=h // 2)
        fw = round(track.w * self.value)
        fill = (pygame.Rect(track.right - fw, track.y, fw, h) if is_rtl()
                else pygame.Rect(track.x, track.y, fw, h))
        if fw > 0:
            pygame.draw.rect(surface, theme.ACCENT if self.enabled else theme.INK_DISABLED, fill,
                             border_radius=h // 2)
        kx = fill.left if is_rtl() else fill.right
        r = theme.px(11, s)
        pygame.draw.circle(surface, theme.BRASS, (kx, track.centery), r)
        pygame.draw.circle(surface, theme.INK_SOFT, (kx, track.centery), r, max(1, theme.px(1, s)))
        surf = fit_text(f"{round(self.value * 100)}%", theme.px(theme.FONT_SMALL, s),
                        theme.INK_SOFT, text_rect.w)
        blit_aligned(surface, surf, text_rect, "end")


class TextInput(Widget):
    """A one-line text field (player names, deal codes); the caret stays at the end."""

    captures_text = True

    def __init__(self, value: str = "", on_change: Callable[[str], None] | None = None, *,
                 max_length: int = 16, placeholder: Text | None = None) -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change
        self.max_length = max_length
        self.placeholder = placeholder
        self.blink = 0.0

    def set(self, value: str) -> None:
        """Set the text and report it."""
        self.value = value[: self.max_length]
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.enabled and self.hit(event.pos):
            self.blink = 0.0
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            room = self.max_length - len(self.value)
            if room > 0 and event.text.isprintable():
                self.set(self.value + event.text[:room])
            self.blink = 0.0
            return True
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

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        s = self.scale
        box = self.rect.inflate(-theme.px(8, s), -theme.px(8, s))
        focused = focus is self or getattr(focus, "_text_focus", None) is self
        pygame.draw.rect(surface, theme.WHITE if self.enabled else theme.CREAM_DARK, box,
                         border_radius=theme.radius(s))
        edge = theme.ZELLIGE if focused else (theme.INK_SOFT if self.hovered else theme.CREAM_EDGE)
        pygame.draw.rect(surface, edge, box, width=max(1, theme.px(2, s)),
                         border_radius=theme.radius(s))
        inner = box.inflate(-theme.px(20, s), 0)
        size = theme.px(theme.FONT_BODY, s)
        if self.value:
            surf = fit_text(self.value, size, theme.INK, inner.w - theme.px(6, s))
        else:
            surf = fit_text(tr(self.placeholder), size, theme.INK_DISABLED, inner.w)
        dest = blit_aligned(surface, surf, inner, "start")
        if focused and self.blink < 0.55:
            if not self.value:
                x = inner.right if is_rtl() else inner.left
            else:
                x = dest.left - 2 if is_rtl() else dest.right + 2
            h = theme.px(22, s)
            pygame.draw.line(surface, theme.INK, (x, box.centery - h // 2),
                             (x, box.centery + h // 2), max(1, theme.px(2, s)))


class ScrollArea(Widget):
    """A clipped, scrolling column of widgets placed at rects relative to its content top."""

    focusable = False

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self.decorations: list[tuple[Widget, pygame.Rect]] = []
        self.content_height = 0
        self.scroll = 0
        self._drag: tuple[int, int] | None = None
        self._mouse: tuple[int, int] = (-1, -1)  # last pointer position seen
        self._last_hit: Widget | None = None  # the child that took the last click

    def set_content(self, items: list[tuple[Widget, pygame.Rect]], content_height: int,
                    decorations: list[tuple[Widget, pygame.Rect]] | None = None) -> None:
        """Place widgets (rects with x relative to the area, y relative to the content top);
        decorations are drawn but never focused."""
        self.items = items
        self.decorations = decorations or []
        self.content_height = content_height
        self.set_scroll(self.scroll)

    def max_scroll(self) -> int:
        """How far the content can scroll."""
        return max(0, self.content_height - self.rect.h)

    def set_scroll(self, value: int) -> None:
        """Scroll to a position (clamped) and place the children."""
        self.scroll = max(0, min(self.max_scroll(), int(value)))
        for widget, rel in self.items + self.decorations:
            widget.rect = rel.move(self.rect.x, self.rect.y - self.scroll)
            widget.clip = self.rect
            widget.scale = self.scale

    def ensure_visible(self, widget: Widget) -> None:
        """Scroll so that a child is fully visible."""
        for w, rel in self.items:
            if w is widget:
                pad = theme.px(10, self.scale)
                if rel.top - pad < self.scroll:
                    self.set_scroll(rel.top - pad)
                elif rel.bottom + pad > self.scroll + self.rect.h:
                    self.set_scroll(rel.bottom + pad - self.rect.h)
                return

    def children(self) -> Sequence[Widget]:
        return [w for w, _ in self.items]

    def _thumb(self) -> pygame.Rect | None:
        if self.max_scroll() <= 0:
            return None
        w = theme.px(8, self.scale)
        x = self.rect.x if is_rtl() else self.rect.right - w
        h = max(theme.px(30, self.scale), self.rect.h * self.rect.h // self.content_height)
        y = self.rect.y + (self.rect.h - h) * self.scroll // self.max_scroll()
        return pygame.Rect(x, y, w, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._mouse):
                self.set_scroll(self.scroll - event.y * theme.px(48, self.scale))
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._last_hit = None
        thumb = self._thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and thumb:
            grab = thumb.inflate(theme.px(12, self.scale), 0)
            if grab.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None and thumb:
            y0, s0 = self._drag
            span = max(1, self.rect.h - thumb.h)
            self.set_scroll(s0 + (event.pos[1] - y0) * self.max_scroll() / span)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                not self.rect.collidepoint(event.pos):
            # let children forget a press that ends outside
            for w in self.children():
                if hasattr(w, "pressed"):
                    w.pressed = False
            return False
        consumed = False
        for w in reversed(self.children()):
            if w.handle_event(event):
                consumed = True
                if event.type != pygame.MOUSEMOTION:
                    self._last_hit = w
                    break
        return consumed

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        old = surface.get_clip()
        surface.set_clip(self.rect.clip(old) if old else self.rect)
        for w, _ in self.decorations:
            if w.rect.colliderect(self.rect):
                w.draw(surface, focus)
        for w in self.children():
            if w.rect.colliderect(self.rect.inflate(0, theme.px(12, self.scale))):
                w.draw(surface, focus)
        surface.set_clip(old)
        thumb = self._thumb()
        if thumb:
            track = pygame.Rect(thumb.x, self.rect.y, thumb.w, self.rect.h)
            pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=thumb.w // 2)
            pygame.draw.rect(surface, theme.INK_SOFT, thumb, border_radius=thumb.w // 2)


# ---------------------------------------------------------------------------------------------
# focus and routing


class WidgetGroup:
    """The widgets of a scene, in focus order, with keyboard navigation.

    Tab / Shift+Tab and Up / Down move the focus; Left / Right adjust the focused control (or
    move the focus when it has nothing to adjust); Enter / Space activate. Escape is left to the
    scene. The focus ring shows only after a key was used.
    """

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.keyboard = False
        self.scale = 1.0

    def add(self, widget: Widget) -> Any:
        """Add a widget (returned, for chaining)."""
        self.widgets.append(widget)
        widget.scale = self.scale
        return widget

    def set_scale(self, scale: float) -> None:
        """Set the UI scale of every widget."""
        self.scale = scale
        for w in self._all():
            w.scale = scale

    def _all(self) -> list[Widget]:
        out: list[Widget] = []
        for w in self.widgets:
            out.append(w)
            out.extend(w.children())
        return out

    def _parent(self, widget: Widget) -> Widget | None:
        for w in self.widgets:
            if widget in w.children():
                return w
        return None

    def focus_order(self) -> list[Widget]:
        """Focusable widgets in order (containers' children in place)."""
        out: list[Widget] = []
        for w in self.widgets:
            kids = w.children()
            if kids:
                if w.visible:
                    out.extend(k for k in kids if k.can_focus())
            elif w.can_focus():
                out.append(w)
        return out

    def focus(self, widget: Widget | None) -> None:
        """Give the focus to a widget (scrolling it into view)."""
        self.focused = widget
        if widget is not None:
            parent = self._parent(widget)
            if isinstance(parent, ScrollArea):
                parent.ensure_visible(widget)

    def move_focus(self, delta: int) -> None:
        """Move the focus forward (+1) or back (-1), wrapping."""
        order = self.focus_order()
        if not order:
            self.focused = None
            return
        if self.focused in order:
            i = (order.index(self.focused) + delta) % len(order)
        else:
            i = 0 if delta > 0 else len(order) - 1
        self.focus(order[i])

    def focus_visible(self) -> Widget | None:
        """The focused widget if the ring is to be shown (keyboard mode), else None."""
        if self.focused is not None and not self.focused.can_focus():
            return None
        if self.focused is not None and self.focused.captures_text:
            return self.focused  # a text field shows its caret whatever the input
        return self.focused if self.keyboard else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an event; return True when a widget or the navigation consumed it."""
        if self.focused is not None and not self.focused.can_focus():
            self.focused = None
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            consumed = False
            for w in self.widgets:
                consumed = w.handle_event(event) or consumed
            return consumed
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            hit: Widget | None = None
            for w in reversed(self.widgets):
                if w.handle_event(event):
                    hit = w
                    break
            if hit is not None and event.type == pygame.MOUSEBUTTONDOWN:
                target = getattr(hit, "_last_hit", None) if hit.children() else hit
                if target is not None and target.can_focus():
                    self.focused = target
                elif self.focused is not None and self.focused.captures_text:
                    self.focused = None
            elif event.type == pygame.MOUSEBUTTONDOWN and self.focused is not None \
                    and self.focused.captures_text:
                self.focused = None
            # a release elsewhere clears the pressed state of every widget
            if event.type == pygame.MOUSEBUTTONUP:
                for w in self._all():
                    if hasattr(w, "pressed"):
                        w.pressed = False
                    if getattr(w, "dragging", False):
                        w.dragging = False
            return hit is not None
        if event.type == pygame.TEXTINPUT:
            if self.focused is not None and self.focused.captures_text:
                return self.focused.handle_key(event)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        self.keyboard = True
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        f = self.focused
        if f is not None and f.captures_text and key == pygame.K_ESCAPE:
            self.focused = None  # Escape leaves a text field before leaving the screen
            return True
        if f is not None and f.handle_key(event):
            return True
        if key in (pygame.K_DOWN,):
            self.move_focus(1)
            return True
        if key in (pygame.K_UP,):
            self.move_focus(-1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            direction = 1 if key == pygame.K_RIGHT else -1
            if is_rtl():
                direction = -direction
            if f is not None and f.adjust(direction):
                return True
            self.move_focus(direction)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if f is None:
                self.move_focus(1)
                return True
            if f.captures_text:
                self.move_focus(1)
                return True
            f.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance every widget."""
        for w in self._all():
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget in order."""
        focus = self.focus_visible()
        for w in self.widgets:
            w.draw(surface, focus)
