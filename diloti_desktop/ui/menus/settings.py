"""Settings: animation speed, sound, volume, card size, suit colours, court cards, fullscreen,
language.

Each change applies at once and is saved (atomically, by :mod:`storage`).
"""

from __future__ import annotations

import pygame

from diloti_desktop.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    _,
    format_percent,
    pgettext,
    supported,
)
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, Choice, Form

VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


class SettingsScene(Scene):
    """The player's preferences."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.form = Form()
        self.placed: tuple[Box, int] | None = None
        self._rebuild()

    def _rebuild(self) -> None:
        settings = self.ctx.settings
        volume = min(VOLUMES, key=lambda v: abs(v - settings.volume))
        rows: list[Choice[object]] = [
            Choice("animation_speed", _("Animation speed"),
                   # TRANSLATORS: the animation speed's first choice: cards jump at once.
                   [("off", pgettext("animation speed", "off")), ("fast", _("fast")),
                    ("normal", _("normal")),
                    ("slow", _("slow"))], settings.animation_speed),
            Choice("sound_enabled", _("Sound"), [(False, _("off")), (True, _("on"))],
                   settings.sound_enabled),
            Choice("volume", _("Volume"),
                   [(v, format_percent(v)) for v in VOLUMES],
                   volume,
                   enabled=settings.sound_enabled),
            Choice("card_size", _("Card size"),
                   [("small", _("small")), ("medium", _("medium")), ("large", _("large"))],
                   settings.card_size),
            Choice("four_colour_suits", _("Suit colours"),
                   [(False, _("red and black")), (True, _("four colours"))],
                   settings.four_colour_suits),
            Choice("card_faces", _("Court cards"),
                   [("illustrated", _("pictures")), ("drawn", _("letters"))],
                   settings.card_faces),
            Choice("tutor", _("Tutor (warns before a costly move)"),
                   [(False, _("off")), (True, _("on"))], settings.tutor),
            Choice("fullscreen", _("Fullscreen (F11)"), [(False, _("off")), (True, _("on"))],
                   settings.fullscreen),
            Choice("language", _("Language"), list(LANGUAGES.items()),
                   supported(settings.language) or SOURCE_LANGUAGE),
        ]
        self.form.set_rows(rows)
        self.form.buttons.set_buttons([Button("done", _("Done"), primary=True)])

    def _layout(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.026))
        box = panel(width, height, 0.85, 0.8, max_w=round(unit * 1.4))
        inner = box.inflate(-4 * size, -4 * size)
        inner = Box(inner.x, inner.y + round(size * 2.2), inner.w, inner.h - round(size * 2.2))
        self.form.layout(inner, round(size * 2.5), round(inner.w * 0.28), round(size * 2.5),
                         size)
        self.placed = (box, size)
        return box, size

    def handle(self, event: InputEvent) -> None:
        """Apply a change, or close."""
        self._layout()
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        result = self.form.handle(event)
        if isinstance(result, tuple):
            key, value = result
            changed, _problems = Settings.from_dict({**self.ctx.settings.to_dict(), key: value})
            self.ctx.update_settings(changed)
            self.ctx.play_sound(Sound.CLICK)
            self._rebuild()
        elif result == "done":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.scenes.pop(self)

    def resume(self) -> None:
        """Fullscreen may have been toggled with F11 meanwhile."""
        self._rebuild()

    def retranslate(self) -> None:
        """The language changed: reword the rows."""
        self._rebuild()

    def update(self, dt: float) -> bool:
        """Follow changes made elsewhere (F11), and place the form for the window's size."""
        changed = False
        fullscreen = next((r for r in self.form.rows if r.key == "fullscreen"), None)
        if fullscreen is not None and fullscreen.value != self.ctx.settings.fullscreen:
            self._rebuild()
            changed = True
        self._layout()
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        box, size = self.placed or self._layout()
        theme.screen_frame(surface, box, _("Settings"), size, alpha=235)
        self.form.draw(surface, size)
