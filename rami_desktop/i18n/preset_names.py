"""Display names of things the engine names by code (presets), in the current language."""

from __future__ import annotations

from rami_desktop.i18n import _


def preset_title(name: str) -> str:
    """The display name of a preset, translated."""
    titles = {
        "talaj": _("Talaj"),
        "rami-talaj": _("Rami Talaj"),
        "tallage": _("Tallage"),
        "simple": _("Simple"),
    }
    return titles.get(name, name)
