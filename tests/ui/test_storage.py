"""The user data folder, atomic JSON writes, settings and the interrupted game."""

from __future__ import annotations

import dataclasses
import gettext
import json
import os
from pathlib import Path

import pytest

from diloti_desktop import i18n, storage
from diloti_desktop.storage import Settings

# --- where the files live ----------------------------------------------------------------


def test_env_override_wins(tmp_path: Path) -> None:
    environ = {storage.DATA_DIR_ENV: str(tmp_path), "XDG_DATA_HOME": "/elsewhere"}
    assert storage.user_data_dir("linux", environ) == tmp_path


def test_the_fixture_points_every_file_at_the_override(data_dir: Path) -> None:
    assert storage.user_data_dir() == data_dir
    assert storage.settings_path().parent == data_dir
    assert storage.saved_game_path().parent == data_dir


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {"XDG_DATA_HOME": "/xdg"}, Path("/xdg/diloti-desktop")),
        ("linux", {}, Path("~/.local/share/diloti-desktop")),
        ("linux", {"XDG_DATA_HOME": "relative/path"}, Path("~/.local/share/diloti-desktop")),
        ("freebsd14", {}, Path("~/.local/share/diloti-desktop")),
        ("darwin", {"XDG_DATA_HOME": "/xdg"}, Path("~/Library/Application Support/Diloti Desktop")),
        ("win32", {"APPDATA": "/roaming"}, Path("/roaming/Diloti Desktop")),
        ("win32", {}, Path("~/AppData/Roaming/Diloti Desktop")),
    ],
)
def test_platform_folders(
    platform: str, environ: dict[str, str], expected: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", "/home/player")
    expected = Path(str(expected).replace("~", "/home/player"))
    assert storage.user_data_dir(platform, environ) == expected


# --- atomic writes -----------------------------------------------------------------------


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "data.json"
    storage.write_json_atomic(path, {"a": 1})
    storage.write_json_atomic(path, {"a": 2, "text": "West played 9♥"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 2, "text": "West played 9♥"}
    assert [p.name for p in path.parent.iterdir()] == ["data.json"]


def test_a_failed_write_keeps_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data.json"
    storage.write_json_atomic(path, {"version": "old"})

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        storage.write_json_atomic(path, {"version": "new"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": "old"}
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]


def test_data_json_cannot_hold_raises_before_touching_the_disk(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    storage.write_json_atomic(path, {"ok": True})
    with pytest.raises(TypeError):
        storage.write_json_atomic(path, {"bad": object()})
    with pytest.raises(ValueError):
        storage.write_json_atomic(path, {"bad": float("nan")})
    assert json.loads(path.read_text(encoding="utf-8")) == {"ok": True}
    assert len(list(tmp_path.iterdir())) == 1


# --- settings ------------------------------------------------------------------------------


def test_missing_settings_give_defaults_without_a_message(data_dir: Path) -> None:
    assert storage.load_settings() == (Settings(), None)
    assert not data_dir.exists()  # loading creates nothing


def test_settings_round_trip() -> None:
    settings = Settings(
        animation_speed="fast",
        sound_enabled=False,
        volume=0.25,
        card_size="large",
        four_colour_suits=True,
        fullscreen=True,
        language="el",
    )
    assert storage.save_settings(settings) is None
    assert storage.load_settings() == (settings, None)


def test_settings_validate_and_clamp() -> None:
    assert Settings(volume=7).volume == 1.0
    assert Settings(volume=-0.5).volume == 0.0
    assert dataclasses.replace(Settings(), volume=0.4).volume == 0.4
    with pytest.raises(ValueError, match="animation_speed"):
        Settings(animation_speed="warp")
    with pytest.raises(ValueError, match="card_size"):
        Settings(card_size="huge")
    with pytest.raises(ValueError, match="volume"):
        Settings(volume=float("nan"))
    with pytest.raises(ValueError, match="fullscreen"):
        Settings(fullscreen="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="language"):
        Settings(language="../../etc")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings().volume = 0.1  # type: ignore[misc]


def test_animation_factor() -> None:
    factors = [
        Settings(animation_speed=speed).animation_factor for speed in storage.ANIMATION_SPEEDS
    ]
    assert factors[0] == 0  # "off"
    assert factors[1:] == sorted(factors[1:])  # fast < normal < slow
    assert Settings().animation_factor == 1.0


def test_bad_values_fall_back_one_by_one(data_dir: Path) -> None:
    data_dir.mkdir()
    storage.settings_path().write_text(
        json.dumps(
            {
                "volume": "loud",
                "card_size": "large",
                "sound_enabled": 1,
                "fullscreen": True,
                "animation_speed": "ludicrous",
                "from_a_newer_version": 42,
            }
        ),
        encoding="utf-8",
    )
    settings, message = storage.load_settings()
    assert message is None
    assert settings == Settings(card_size="large", fullscreen=True)
    assert storage.settings_path().exists()  # a readable file is not set aside


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"",
        b"[1, 2, 3]",
        b'"just a string"',
        b"\xff\xfe\x00garbage",
        b"[" * 100_000,
    ],
    ids=["broken", "empty", "list", "string", "binary", "deeply-nested"],
)
def test_corrupt_settings_are_set_aside(data_dir: Path, content: bytes) -> None:
    data_dir.mkdir()
    storage.settings_path().write_bytes(content)
    settings, message = storage.load_settings()
    assert settings == Settings()
    assert message is not None and "defaults" in message
    assert not storage.settings_path().exists()
    (kept,) = data_dir.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == content
    assert str(kept) in message


def test_earlier_corrupt_copies_are_never_overwritten(data_dir: Path) -> None:
    data_dir.mkdir()
    for round_number in range(3):
        storage.settings_path().write_text(f"broken {round_number}", encoding="utf-8")
        _settings, message = storage.load_settings()
        assert message is not None
    kept = sorted(path.read_text(encoding="utf-8") for path in data_dir.glob("*.corrupt-*"))
    assert kept == ["broken 0", "broken 1", "broken 2"]


def test_a_fresh_save_after_corruption_loads_cleanly(data_dir: Path) -> None:
    data_dir.mkdir()
    storage.settings_path().write_text("{", encoding="utf-8")
    storage.load_settings()
    assert storage.save_settings(Settings(volume=0.1)) is None
    assert storage.load_settings() == (Settings(volume=0.1), None)


def test_messages_go_through_the_translation_layer(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "_translation", _Shouting())
    data_dir.mkdir()
    storage.settings_path().write_text("{", encoding="utf-8")
    _settings, message = storage.load_settings()
    assert message is not None and message.startswith("YOUR SETTINGS COULD NOT BE READ")
    assert "THE FILE IS DAMAGED" in message


class _Shouting(gettext.NullTranslations):
    """A stand-in catalog that upper-cases every message (placeholders are kept)."""

    def gettext(self, message: str) -> str:
        return message.upper().replace("{REASON}", "{reason}").replace("{KEPT}", "{kept}")


def test_an_unwritable_folder_gives_a_message_instead_of_raising(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the folder should be", encoding="utf-8")
    message = storage.save_settings(Settings())
    assert message is not None and "could not be saved" in message


# --- the interrupted game ------------------------------------------------------------------


def test_no_saved_game() -> None:
    assert storage.load_game() == (None, None)
    assert storage.clear_game() is None


def test_saved_game_round_trip_and_clear() -> None:
    game = {"seed": 12345, "moves": ["9h", "Kx"], "players": ["You", "West"], "score": [3, 1]}
    assert storage.save_game(game) is None
    assert storage.load_game() == (game, None)
    assert storage.clear_game() is None
    assert storage.load_game() == (None, None)
    assert not storage.saved_game_path().exists()


@pytest.mark.parametrize(
    "content",
    [
        "{",
        "[]",
        json.dumps({"kind": "something else", "version": 1, "game": {}}),
        json.dumps({"kind": "diloti-desktop saved game", "version": 99, "game": {}}),
        json.dumps({"kind": "diloti-desktop saved game", "version": 1, "game": [1]}),
        json.dumps({"seed": 1}),
    ],
    ids=["broken", "list", "wrong-kind", "future-version", "game-not-object", "no-envelope"],
)
def test_corrupt_saved_game_is_set_aside(data_dir: Path, content: str) -> None:
    data_dir.mkdir()
    storage.saved_game_path().write_text(content, encoding="utf-8")
    game, message = storage.load_game()
    assert game is None
    assert message is not None and "could not be restored" in message
    (kept,) = data_dir.glob("saved_game.json.corrupt-*")
    assert kept.read_text(encoding="utf-8") == content
    assert storage.load_game() == (None, None)


def test_saving_a_game_replaces_the_previous_one() -> None:
    storage.save_game({"turn": 1})
    storage.save_game({"turn": 2})
    assert storage.load_game() == ({"turn": 2}, None)
