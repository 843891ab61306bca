"""Scenes with a lifecycle, kept on a stack.

A scene is one screen (the menu, the table) or a dialog over another (the chooser, the
round summary). Only the top scene receives input; every scene from the topmost opaque
one upwards is drawn, bottom first. Lifecycle, as in Tuxemon's state machine:

- :meth:`Scene.enter` when pushed, :meth:`Scene.exit` when removed;
- :meth:`Scene.pause` when another scene covers it, :meth:`Scene.resume` when uncovered;
- :meth:`Scene.handle` for each input event, :meth:`Scene.update` once a frame (it may
  change state and says whether the picture changed), :meth:`Scene.draw` (never changes
  state);
- :meth:`Scene.next_frame_in` tells the loop how soon the scene needs another frame, so
  an idle screen costs no CPU.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene_stack import IDLE
from diloti_desktop.ui.kit.widgets import Button, ButtonList

__all__ = ["IDLE", "Scene"]


class Scene:
    """Base class: a screen that does nothing. Subclasses override what they need."""

    #: An opaque scene hides every scene below it (they are not drawn).
    opaque = True

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Covered by another scene."""

    def resume(self) -> None:
        """Uncovered again."""

    def retranslate(self) -> None:
        """The language changed: rebuild any text kept from before (labels of rows ...).

        Text looked up with ``_()`` while drawing follows by itself; a scene that keeps
        translated strings between frames rebuilds them here.
        """

    # the frame
    def handle(self, event: InputEvent) -> None:
        """React to one input event (only the top scene gets them)."""

    def update(self, dt: float) -> bool:
        """Advance time by ``dt`` seconds; return True when the picture changed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change any state."""

    def next_frame_in(self) -> float:
        """Seconds until this scene needs another update: 0 while animating, else more."""
        return IDLE

    def damage(self) -> list[Box] | None:
        """Called once per drawn frame: the areas that changed since the last one.

        ``None`` (the default) means the whole window; a scene that can tell, such as
        the table while only cards fly, returns the boxes so that only they are sent to
        the screen (which costs more than drawing on software-rendered displays).
        """
        return None

    def pressed(self, event: InputEvent, buttons: ButtonList,
                current: Sequence[Button]) -> str | None:
        """For a dialog of buttons: the key of the button ``event`` pressed, with the click
        sound; Esc closes the scene (and gives None)."""
        buttons.set_buttons(current)
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return None
        key = buttons.handle(event)
        if key is not None:
            self.ctx.play_sound(Sound.CLICK)
        return key
