"""The illustrated rules: card pictures of each combination, a worked opening count and a
picture for each talaj rule, then every rule in words.

Opened from a table, it shows that table's own rules (its threshold, jokers per combination,
target, teams); opened from the menu, a tab per preset shows each preset's defaults.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.play.view.terms import PRESET_NAMES, Rules
from rami_desktop.ui.help.help_page import HelpOverlay
from rami_desktop.ui.help.rules_pictures import RulesPictures
from rami_desktop.ui.widgets import Text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


class RulesGuideOverlay(HelpOverlay):
    """The illustrated rules of a table, or of each preset.

    Args:
        ctx: the game context.
        rules: a table's rules (shown alone), or the name of the preset whose tab opens first.
    """

    def __init__(self, ctx: Context, rules: Rules | str = "talaj") -> None:
        self.table_rules = rules if isinstance(rules, Rules) else None
        name = rules if isinstance(rules, str) and rules in PRESET_NAMES else "talaj"
        super().__init__(ctx, N_("Rules"), PRESET_NAMES.index(name))

    @property
    def preset(self) -> str:
        """The preset shown (the table's preset for a table's rules)."""
        return self.table_rules.preset if self.table_rules else PRESET_NAMES[self.selected]

    def select(self, index: int | str) -> None:
        """Show another preset's tab (by place or by name)."""
        super().select(PRESET_NAMES.index(index) if isinstance(index, str) else index)

    @property
    def shown(self) -> Rules | str:
        """The rules on the page: the table's, or the selected preset's name."""
        return self.table_rules or PRESET_NAMES[self.selected]

    def tab_labels(self) -> list[Text]:
        if self.table_rules is not None:
            return []
        return [partial(preset_title, name) for name in PRESET_NAMES]

    def build_page(self, width: int) -> pygame.Surface:
        return RulesPictures(self.shown, self.ctx.card_art, self.scale).page(width)
