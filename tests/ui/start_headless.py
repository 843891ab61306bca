"""The game's start, headless, then a visit to every screen that reads a player's file.

``start_and_visit()`` runs the app's own start path (:func:`app.read_before_window`, the
window, :func:`app.open_first_screens`), draws the start menu, then opens and draws the
Statistics, Learn and New game screens and comes back to the menu. It returns every
sentence the player was shown on the way. Run as a script (``python -m
tests.ui.start_headless``), it does the same in a fresh process (another user, another
data folder) and prints that list as JSON: exit status 0 means the game started.
"""

from __future__ import annotations

import json
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def start_and_visit() -> list[str]:
    """Start the game on the current data folder; return what the player was told."""
    from diloti_desktop import app
    from diloti_desktop.ui.learn import learn
    from diloti_desktop.ui.menus.menu import MainMenuScene, NewGameScene
    from diloti_desktop.ui.menus.statistics import StatisticsScene
    from tests.ui.driver import make_app

    settings, notices = app.read_before_window(smoke=False)
    shell, ctx = make_app(settings=settings)
    try:
        app.open_first_screens(ctx, notices, smoke=False)
        shell.draw()
        menu = ctx.scenes.scenes()[0]
        assert isinstance(menu, MainMenuScene)
        told = [menu.message] if menu.message else []
        ctx.nav.menus.open_statistics()
        shell.draw()
        statistics = ctx.scenes.top
        assert isinstance(statistics, StatisticsScene)
        told += [statistics.message] if statistics.message else []
        ctx.scenes.pop(statistics)
        ctx.nav.learn.open_learn()
        shell.draw()
        problem = learn.puzzles_problem()
        told += [problem] if problem else []
        lessons = [b for b in ctx.scenes.top.buttons() if b.key.startswith("lesson:")]
        assert lessons and all(b.enabled for b in lessons), "the lessons are out of reach"
        ctx.scenes.pop(ctx.scenes.top)
        ctx.scenes.push(NewGameScene(ctx))
        shell.draw()
        ctx.scenes.pop(ctx.scenes.top)
        menu.resume()  # notices of the screens just visited
        shell.draw()
        told += [menu.message] if menu.message and menu.message not in told else []
        return told
    finally:
        ctx.close_session()


if __name__ == "__main__":
    print(json.dumps(start_and_visit()))
    sys.exit(0)
