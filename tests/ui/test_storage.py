"""The user data folder, atomic JSON writes, settings and the interrupted game."""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import gettext
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from diloti_desktop import i18n
from diloti_desktop.player_data import files, storage
from diloti_desktop.player_data.files import os_reason
from diloti_desktop.player_data.storage import Settings

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
    original = storage.settings_path().read_bytes()
    settings, message = storage.load_settings()
    assert settings == Settings(card_size="large", fullscreen=True)
    # Reported once, on screen: the three dropped values by name, and where the file went.
    assert message is not None
    for name in ("animation_speed", "sound_enabled", "volume"):
        assert name in message
    assert "card_size" not in message and "from_a_newer_version" not in message
    (kept,) = data_dir.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == original and str(kept) in message
    # The repaired settings were written back, so the next start is quiet.
    assert storage.load_settings() == (Settings(card_size="large", fullscreen=True), None)


def test_wrong_values_are_reported_at_every_start_while_the_file_cannot_be_repaired(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir.mkdir()
    storage.settings_path().write_text(json.dumps({"volume": "loud"}), encoding="utf-8")
    monkeypatch.setattr(storage, "write_json_atomic", _refuse_writes)
    for _start in range(2):
        settings, message = storage.load_settings()
        assert settings == Settings() and message is not None and "volume" in message
    assert json.loads(storage.settings_path().read_text(encoding="utf-8")) == {"volume": "loud"}
    assert not list(data_dir.glob("*.corrupt-*"))  # no copy piles up at each start


def _refuse_writes(path: Path, data: object) -> None:
    raise PermissionError(13, "Permission denied", str(path))


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


# --- files that are not files, leftovers, folders that refuse writes ----------------------


def _in_thread(function: object) -> object:
    """Run ``function`` on a thread and fail (instead of hanging) if it blocks."""
    import threading

    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(function()),  # type: ignore[operator]
                              daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading blocked"
    return result[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_named_settings_json_is_refused_without_blocking(data_dir: Path) -> None:
    data_dir.mkdir()
    os.mkfifo(storage.settings_path())
    settings, message = _in_thread(storage.load_settings)  # type: ignore[misc]
    assert settings == Settings()
    assert message is not None and "not an ordinary file" in message
    (kept,) = data_dir.glob("settings.json.corrupt-*")
    assert kept.is_fifo() and not storage.settings_path().exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_in_place_of_the_saved_game_is_set_aside(data_dir: Path) -> None:
    data_dir.mkdir()
    os.mkfifo(storage.saved_game_path())
    game, message = _in_thread(storage.load_game)  # type: ignore[misc]
    assert game is None and message is not None and "could not be restored" in message
    (kept,) = data_dir.glob("saved_game.json.corrupt-*")
    assert kept.is_fifo()


def test_a_folder_in_place_of_a_file_is_moved_aside_with_its_contents(data_dir: Path) -> None:
    data_dir.mkdir()
    storage.saved_game_path().mkdir()
    (storage.saved_game_path() / "keep.txt").write_text("mine", encoding="utf-8")
    game, message = storage.load_game()
    assert game is None and message is not None and "folder" in message
    (kept,) = data_dir.glob("saved_game.json.corrupt-*")
    assert (kept / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert storage.save_game({"turn": 1}) is None  # and saving works again


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_without_reading_it(data_dir: Path) -> None:
    data_dir.mkdir()
    storage.settings_path().symlink_to("/dev/zero")
    settings, message = _in_thread(storage.load_settings)  # type: ignore[misc]
    assert settings == Settings() and message is not None
    assert Path("/dev/zero").exists()  # only our link was moved


def test_a_huge_file_is_refused_before_it_is_read(data_dir: Path) -> None:
    data_dir.mkdir()
    with open(storage.saved_game_path(), "wb") as stream:
        stream.truncate(files.MAX_FILE_BYTES + 1)
    game, message = storage.load_game()
    assert game is None and message is not None and "too large" in message
    (kept,) = data_dir.glob("saved_game.json.corrupt-*")
    assert kept.stat().st_size == files.MAX_FILE_BYTES + 1


def test_orphaned_temporary_files_are_removed_and_nothing_else(data_dir: Path) -> None:
    data_dir.mkdir()
    old = [data_dir / ".saved_game.json.abc123.tmp", data_dir / ".settings.json.x_9.tmp",
           data_dir / ".progress.json.Qw3_zz.tmp"]  # any JSON file written atomically
    young = data_dir / ".saved_game.json.new.tmp"  # another copy of the game writing now
    others = [data_dir / "saved_game.json", data_dir / ".notes.txt.a.tmp",
              data_dir / "saved_game.json.corrupt-20260101T000000Z", data_dir / "notes.tmp",
              data_dir / ".saved_game.json.a-b.tmp"]
    for path in [*old, young, *others]:
        path.write_text("x", encoding="utf-8")
    (data_dir / ".settings.json.dir.tmp").mkdir()  # not a regular file: left alone
    now = 1_000_000.0
    for path in [*old, *others]:
        os.utime(path, (now - 3600, now - 3600))
    os.utime(young, (now - 5, now - 5))
    removed = storage.remove_orphaned_temporaries(now=now)
    assert sorted(removed) == sorted(old)
    assert not any(path.exists() for path in old)
    assert young.exists() and all(path.exists() for path in others)
    assert (data_dir / ".settings.json.dir.tmp").is_dir()


def test_removing_orphans_from_a_missing_folder_is_quiet(data_dir: Path) -> None:
    assert storage.remove_orphaned_temporaries() == []


def test_a_failed_save_names_the_folder_and_the_reason(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert storage.save_game({"turn": 1}) is None
    monkeypatch.setattr(files.tempfile, "mkstemp", _no_space)
    message = storage.save_game({"turn": 2})
    assert message is not None
    assert str(data_dir) in message and "the disk is full" in message
    assert storage.load_game() == ({"turn": 1}, None)  # the last good save is intact
    assert not list(data_dir.glob(".*.tmp"))


def _no_space(*args: object, **kwargs: object) -> tuple[int, str]:
    raise OSError(28, "No space left on device")


def test_a_folder_where_the_save_should_be_makes_saving_fail_with_a_message(
        data_dir: Path) -> None:
    storage.saved_game_path().mkdir(parents=True)
    message = storage.save_game({"turn": 1})
    assert message is not None and str(data_dir) in message
    assert not list(data_dir.glob(".*.tmp"))


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="permissions do not bind root (CI runs as root)")
def test_a_read_only_folder_makes_saving_fail_with_a_message(data_dir: Path) -> None:
    assert storage.save_game({"turn": 1}) is None
    data_dir.chmod(0o500)
    try:
        message = storage.save_game({"turn": 2})
    finally:
        data_dir.chmod(0o700)
    assert message is not None and str(data_dir) in message
    assert storage.load_game() == ({"turn": 1}, None)


def test_refusing_a_game_sets_it_aside_in_one_sentence(data_dir: Path) -> None:
    assert storage.save_game({"turn": 1}) is None
    original = storage.saved_game_path().read_bytes()
    message = storage.refuse_game("the saved position is impossible: it has no cards")
    (kept,) = data_dir.glob("saved_game.json.corrupt-*")
    assert kept.read_bytes() == original and not storage.saved_game_path().exists()
    assert message.count(". ") == 0 and message.endswith(".")
    assert "no cards" in message and str(kept) in message


@contextlib.contextmanager
def _mounted_read_only(data_dir: Path) -> Iterator[Path]:
    """``data_dir`` made a real read-only file system (a read-only bind mount), for root.

    Permissions do not bind root, and CI runs as root: a read-only mount binds everyone.
    Skipped where mounting is not allowed (no privileges, no ``mount``).
    """
    import shutil
    import subprocess

    data_dir.mkdir(parents=True, exist_ok=True)
    mount = shutil.which("mount")
    if mount is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root and mount")
    done = subprocess.run([mount, "--bind", "-o", "ro", str(data_dir), str(data_dir)],
                          capture_output=True, check=False, timeout=30)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here: {done.stderr.decode(errors='replace').strip()}")
    try:
        probe = data_dir / "probe"
        try:
            probe.write_text("x", encoding="utf-8")
        except OSError:
            yield data_dir
        else:
            pytest.skip("the bind mount did not become read-only")
    finally:
        subprocess.run([shutil.which("umount") or "umount", str(data_dir)],
                       capture_output=True, check=False, timeout=30)


def test_a_really_read_only_folder_fails_every_save_with_its_reason(data_dir: Path) -> None:
    assert storage.save_game({"turn": 1}) is None
    assert storage.save_settings(Settings(volume=0.3)) is None
    with _mounted_read_only(data_dir):
        game_message = storage.save_game({"turn": 2})
        settings_message = storage.save_settings(Settings(volume=0.5))
        assert storage.load_game() == ({"turn": 1}, None)  # reading still works
        assert storage.load_settings() == (Settings(volume=0.3), None)
        assert storage.remove_orphaned_temporaries() == []
    assert game_message is not None and str(data_dir) in game_message
    assert "the disk is read-only" in game_message
    assert settings_message is not None and "could not be saved" in settings_message
    assert sorted(p.name for p in data_dir.iterdir()) == ["saved_game.json", "settings.json"]


_SAVING_FOREVER = """
import sys
sys.path.insert(0, sys.argv[1])
from diloti_desktop.player_data import storage
turn = 0
while True:
    turn += 1
    storage.save_game({"turn": turn, "padding": "x" * 20000})
    print(turn, flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "kill") or os.name != "posix", reason="POSIX kill")
def test_killed_mid_save_the_last_save_survives_and_leftovers_go_at_start(
        data_dir: Path) -> None:
    import random
    import signal
    import subprocess
    import sys
    import time

    repo = Path(__file__).resolve().parents[2]
    rng = random.Random(11)
    for _kill in range(8):
        child = subprocess.Popen([sys.executable, "-c", _SAVING_FOREVER, str(repo)],
                                 stdout=subprocess.PIPE, env={**os.environ})
        assert child.stdout is not None
        child.stdout.readline()  # it has saved at least once
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        child.stdout.close()
        game, message = storage.load_game()
        assert message is None and game is not None and game["turn"] >= 1
    leftovers = list(data_dir.glob(".saved_game.json.*.tmp"))
    removed = storage.remove_orphaned_temporaries(now=time.time() + 3600)
    assert sorted(removed) == sorted(leftovers)
    assert not list(data_dir.glob(".*.tmp"))


@pytest.mark.parametrize(("code", "words"), [(errno.EISDIR, "folder"), (errno.ENOSPC, "full"),
                                             (errno.EACCES, "permission"),
                                             (errno.EROFS, "read-only")])
def test_the_system_s_refusals_are_told_in_the_player_s_language(code: int, words: str) -> None:
    """The save-failure warning once quoted the system's English ("Is a directory")."""
    error = OSError(code, os.strerror(code))
    assert words in os_reason(error)
    try:
        i18n.set_language("el")
        greek = os_reason(error)
        assert greek != os_reason(OSError(errno.EBADF, "x")) and os.strerror(code) not in greek
        assert any("α" <= letter <= "ω" for letter in greek)
    finally:
        i18n.set_language("en")
    assert "Bad file" in os_reason(OSError(errno.EBADF, "Bad file descriptor"))
