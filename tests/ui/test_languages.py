"""Choosing the language: the picker, the system's language on first start, switching at once.

Driven like a player: clicks on the settings' language row, then a look at what the
screens draw (every rendered label is recorded).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.player_data import storage
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.menus.settings import SettingsScene
from diloti_desktop.ui.table.dialogs import PauseScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui import gallery_sweep, scene_gallery
from tests.ui.driver import Driver, make_app

LANGUAGE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: Dialogs holding a question: the settings cannot be opened while one is up, so the
#: language never changes under them (they are built with the words of the moment).
QUESTIONS = {"ChooserScene", "MovesListScene", "ConfirmScene", "UnsavedGameScene",
             "QuestionScene", "ErrorScene"}
#: A lesson's or puzzle's answer to a wrong try is said once, in the words of the moment,
#: and kept until the next step; the language never changes under it either: a lesson or
#: puzzle has no way to the settings (its Menu and Esc leave it).
TRIED = ", wrong try"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every label rendered from now on."""
    labels: list[str] = []
    render = theme.text

    def recording(label: str, *args: object, **kwargs: object) -> pygame.Surface:
        labels.append(label)
        return render(label, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", recording)
    return labels



def pick_language(driver: Driver, language: str) -> None:
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    scene._layout()
    row = next(r for r in scene.form.rows if r.key == "language")
    index = next(i for i, (value, _label) in enumerate(row.options) if value == language)
    driver.click(row.boxes[index].center)


def test_the_picker_names_each_language_in_itself(driver: Driver, drawn: list[str]) -> None:
    driver.click(next(b.box.center for b in driver.top.buttons()  # type: ignore[union-attr]
                      if b.key == "settings"))
    driver.frames()
    for name in ("English", "Ελληνικά", "Français", "Italiano", "Español", "Deutsch"):
        assert name in drawn


def test_switching_applies_at_once_and_is_saved(driver: Driver, drawn: list[str]) -> None:
    driver.click(next(b.box.center for b in driver.top.buttons()  # type: ignore[union-attr]
                      if b.key == "settings"))
    drawn.clear()
    pick_language(driver, "el")
    driver.frames()
    assert "Ρυθμίσεις" in drawn and "Γλώσσα" in drawn and "Settings" not in drawn
    assert pygame.display.get_caption()[0] == "Δηλωτή"
    saved = json.loads(storage.settings_path().read_text(encoding="utf-8"))
    assert saved["language"] == "el"
    driver.key(pygame.K_ESCAPE)
    drawn.clear()
    driver.shell.draw()
    assert isinstance(driver.top, MainMenuScene)
    assert "Νέα παρτίδα" in drawn and "New game" not in drawn
    # And back to English, again without a restart.
    driver.click(next(b.box.center for b in driver.top.buttons() if b.key == "settings"))
    pick_language(driver, "en")
    driver.key(pygame.K_ESCAPE)
    drawn.clear()
    driver.shell.draw()
    assert "New game" in drawn
    assert pygame.display.get_caption()[0] == "Diloti"


def test_switching_during_a_game_rewords_the_table_underneath(driver: Driver,
                                                              drawn: list[str]) -> None:
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.click(next(b.box.center for b in driver.top._buttons() if b.key == "settings"))
    pick_language(driver, "de")
    driver.key(pygame.K_ESCAPE)  # back to the pause menu
    driver.key(pygame.K_ESCAPE)  # back to the table
    assert isinstance(driver.top, TableScene)
    drawn.clear()
    driver.shell.draw()
    assert "Sie sind am Zug" in drawn
    assert not {"Your turn", "Hint", "Menu"} & set(drawn)


def test_the_first_start_follows_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LANGUAGE_ENV:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    settings, message = storage.load_settings()
    assert (settings.language, message) == ("it", None)
    storage.save_settings(Settings(language="fr"))
    assert storage.load_settings()[0].language == "fr"  # a saved choice wins
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    storage.settings_path().unlink()
    assert storage.load_settings()[0].language == "en"  # a language the game cannot speak


@pytest.mark.slow
def test_no_screen_keeps_english_text_after_switching(drawn: list[str]) -> None:
    """Every gallery state, built in English, switched to Greek, shows no English label."""
    shell, ctx = make_app(size=(1024, 640), settings=Settings(animation_speed="off",
                                                              sound_enabled=False))
    ctx.persist = False
    english = _english_messages()
    i18n.set_language("el")
    greek = {i18n._(message) for message in english}
    i18n.set_language("en")
    stale: list[str] = []
    with gallery_sweep.drawing_only():
        for shot in scene_gallery.shots():
            if shot.name.endswith(TRIED):
                continue
            ctx.update_settings(Settings(animation_speed="off", sound_enabled=False))
            scenes = scene_gallery.stage(shell, ctx, shot)
            if type(scenes[-1]).__name__ in QUESTIONS:
                if ctx.session is not None:
                    ctx.session.close()
                continue
            ctx.update_settings(Settings(animation_speed="off", sound_enabled=False,
                                         language="el"))
            drawn.clear()
            for scene in scenes:
                scene.update(0.0)
            shell.draw()
            stale += [f"{shot.name}: {label!r}" for label in drawn
                      if label in english and label not in greek]
            if ctx.session is not None:
                ctx.session.close()
    assert not stale


@functools.cache
def _english_messages() -> frozenset[str]:
    """The catalog's source messages that read as words (not "10♦", "{label}  ({key})")."""
    import gettext

    translation = gettext.translation(i18n.DOMAIN, localedir=str(i18n.LOCALE_DIR),
                                      languages=["el"])
    catalog: dict[object, str] = translation._catalog  # type: ignore[attr-defined]
    return frozenset(key for key, value in catalog.items()
                     if isinstance(key, str) and key and key != value and "{" not in key)


def test_the_last_move_line_is_told_again_after_switching(driver: Driver) -> None:
    """The table's line about the last move was narrated when the move was played; a
    language switch tells it again in the new language."""
    from diloti_desktop.controller import HUMAN, GameConfig, GameSession
    from diloti_desktop.controller.narration import describe_turn
    from diloti_desktop.rules import Position
    from tests.ui.driver import random_players

    position = Position.parse("rules=2p turn=1 hands=6S9C/KC2S loose=6D2C4H9S played=1")
    session = GameSession(GameConfig(position.rules, (HUMAN, "Novice"), 3), position,
                          player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.until(lambda: session.is_human_turn() and driver.table.accepting())
    table = driver.table
    english = table.animations.account
    assert english and english == describe_turn(session.history[-1].events, 2)
    try:
        driver.ctx.update_settings(dataclasses.replace(driver.ctx.settings, language="el"))
        driver.frames(1)
        greek = table.animations.account
        assert greek != english and greek == describe_turn(session.history[-1].events, 2)
        assert greek.startswith("Ο Βορράς")
    finally:
        driver.ctx.update_settings(dataclasses.replace(driver.ctx.settings, language="en"))
