"""Moving between screens: the few transitions several scenes share.

The scene modules import each other only through these functions (imported when called),
so that no two scene modules depend on each other at import time.
"""

from __future__ import annotations

import dataclasses

from diloti_desktop.controller import GameConfig, GameSession
from diloti_desktop.ui.context import AppContext


def main_menu(ctx: AppContext) -> None:
    """Leave any game (it stays saved, or the player is asked) and show the start menu."""
    from diloti_desktop.ui.notice import leave_safely
    from diloti_desktop.ui.scenes.menu import MainMenuScene

    def leave() -> None:
        ctx.close_session()
        ctx.scenes.reset(MainMenuScene(ctx))

    leave_safely(ctx, leave, quitting=False)


def play(ctx: AppContext, session: GameSession) -> None:
    """Show ``session`` on the table, over the start menu."""
    from diloti_desktop.ui.scenes.menu import MainMenuScene
    from diloti_desktop.ui.scenes.table import TableScene

    if ctx.session is not session:
        ctx.resume_session(session)
    ctx.scenes.reset(MainMenuScene(ctx))
    ctx.scenes.push(TableScene(ctx, session))


def new_game(ctx: AppContext, config: GameConfig) -> None:
    """Start a new match with ``config`` and show it."""
    play(ctx, ctx.new_session(config))


def rematch(ctx: AppContext, config: GameConfig) -> None:
    """The same players and rules again, with a fresh deal."""
    new_game(ctx, dataclasses.replace(config, seed=ctx.seed_source()))


def open_rules(ctx: AppContext) -> None:
    """The rules summary, over the current screen."""
    from diloti_desktop.ui.scenes.rules_screen import RulesScene

    ctx.scenes.push(RulesScene(ctx))


def open_settings(ctx: AppContext) -> None:
    """The settings, over the current screen."""
    from diloti_desktop.ui.scenes.settings import SettingsScene

    ctx.scenes.push(SettingsScene(ctx))
