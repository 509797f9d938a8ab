"""A small widget set drawn with pygame primitives, with keyboard focus navigation.

Every label is a message id (translated with :func:`rami_desktop.i18n._` at draw time, so a
language switch shows at once) or a callable returning the final text. All text is drawn with
:func:`rami_desktop.ui.kit.text.render`. Rows (toggle, choice, slider, stepper) put their label on
the reading side and their control on the other, mirrored in right-to-left languages.

A :class:`WidgetGroup` owns the widgets of a scene: it routes mouse events, keeps the focus
(Tab / Shift+Tab / arrows), activates with Enter or Space and leaves Escape to the scene.
One idea per module; this package re-exports the public names.
"""

from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.button import Button
from rami_desktop.ui.widgets.choice import Choice
from rami_desktop.ui.widgets.drawing import (
    blit_aligned,
    clear_text_cache,
    common_size,
    cut_texts,
    draw_focus_ring,
    draw_scroll_bar,
    fit_block,
    fit_label,
    fit_text,
    forget_cut_texts,
    render_text,
    scroll_bar,
    split_row,
)
from rami_desktop.ui.widgets.group import WidgetGroup
from rami_desktop.ui.widgets.label import Label, Separator
from rami_desktop.ui.widgets.panel import Panel
from rami_desktop.ui.widgets.row import Row
from rami_desktop.ui.widgets.scroll import ScrollArea
from rami_desktop.ui.widgets.slider import Slider
from rami_desktop.ui.widgets.stepper import NumberStepper
from rami_desktop.ui.widgets.text_input import TextInput
from rami_desktop.ui.widgets.toggle import Toggle

__all__ = [
    "Button",
    "Choice",
    "Label",
    "NumberStepper",
    "Panel",
    "Row",
    "ScrollArea",
    "Separator",
    "Slider",
    "Text",
    "TextInput",
    "Toggle",
    "Widget",
    "WidgetGroup",
    "blit_aligned",
    "clear_text_cache",
    "common_size",
    "cut_texts",
    "draw_focus_ring",
    "draw_scroll_bar",
    "fit_block",
    "fit_label",
    "fit_text",
    "forget_cut_texts",
    "render_text",
    "scroll_bar",
    "split_row",
    "tr",
]
