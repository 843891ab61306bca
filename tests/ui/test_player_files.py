"""Every file the game reads, damaged every way: the game starts, nothing is deleted, the
player is told.

One Hypothesis property per file kind: random JSON of any shape, depth, size and number
range, a valid file with one value replaced by random JSON, random bytes, and a FIFO, a
folder or a device in the file's place. Each example runs the game's own start path
headless (:mod:`tests.ui.start_headless`) and visits every screen that reads a file.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diloti_desktop.player_data import files, learning_progress, storage
from diloti_desktop.rules.__main__ import main as rules_main
from tests.controller.save_cases import envelope, good_game
from tests.ui.start_headless import start_and_visit

EXAMPLES = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow, HealthCheck.data_too_large])

# -- what goes into the file -------------------------------------------------------------
scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**500), max_value=10**500)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
           | st.integers(0, 300_000).map(lambda n: "é" * n))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=6),
                           max_leaves=30)


def _nested(value: Any, depth: int) -> bytes:
    """``value`` inside ``depth`` levels of lists and objects, written as text (json.dumps
    itself would recurse too deep)."""
    opening = "".join('[' if level % 2 else '{"k": ' for level in range(depth))
    closing = "".join(']' if level % 2 else '}' for level in reversed(range(depth)))
    return (opening + json.dumps(value) + closing).encode()


def _replace_somewhere(document: Any, path: list[int], value: Any) -> Any:
    """``document`` with the value at a path (indices into its keys or items) replaced."""
    if not path or not isinstance(document, dict | list) or not document:
        return value
    if isinstance(document, dict):
        key = sorted(document)[path[0] % len(document)]
        return {**document, key: _replace_somewhere(document[key], path[1:], value)}
    index = path[0] % len(document)
    return [*document[:index], _replace_somewhere(document[index], path[1:], value),
            *document[index + 1:]]


def contents(valid: dict[str, Any]) -> st.SearchStrategy[bytes | str]:
    """Bytes for the file, or "fifo", "folder", "device" for something else in its place."""
    as_json = st.builds(lambda v: json.dumps(v, ensure_ascii=False).encode("utf-8", "replace"),
                        json_values)
    deep = st.builds(_nested, json_values, st.integers(0, 3000))
    mutated = st.builds(lambda p, v: json.dumps(_replace_somewhere(valid, p, v)).encode(),
                        st.lists(st.integers(0, 50), max_size=5), json_values)
    good = json.dumps(valid).encode()
    broken = st.one_of(
        st.binary(max_size=200),
        st.integers(0, len(good)).map(lambda n: good[:n]),       # truncated
        st.just(b"\xef\xbb\xbf" + good),                          # with a BOM: still good
        st.builds(lambda: b"[" * 100_000 + b"]" * 100_000),
        st.sampled_from(["fifo", "folder", "device"]))
    return st.one_of(as_json, deep, mutated, broken)


def _place(path: Path, content: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == "fifo":
        os.mkfifo(path)
    elif content == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept", encoding="utf-8")
    elif content == "device":
        path.symlink_to("/dev/zero")
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    """Each entry of ``folder``: its bytes, or what it is."""
    found: dict[str, bytes | str] = {}
    for entry in folder.iterdir() if folder.is_dir() else ():
        mode = entry.lstat().st_mode
        if stat.S_ISLNK(mode):
            found[entry.name] = f"link to {os.readlink(entry)}"
        elif stat.S_ISFIFO(mode):
            found[entry.name] = "fifo"
        elif stat.S_ISDIR(mode):
            found[entry.name] = "folder:" + ",".join(sorted(p.name for p in entry.iterdir()))
        elif entry.name != "logs":
            found[entry.name] = entry.read_bytes()
    return found


def _check_start(data_dir: Path, name: str, content: bytes | str) -> None:
    """Start with ``content`` as ``name``: the game starts, nothing is lost, and whatever
    was set aside or copied is named to the player."""
    for entry in list(data_dir.iterdir()) if data_dir.exists() else ():
        _remove(entry)
    _place(data_dir / name, content)
    before = _snapshot(data_dir)[name]
    told = start_and_visit()
    after = _snapshot(data_dir)
    kept = [n for n in after if n.startswith(f"{name}.corrupt-")]
    # Nothing deleted: the original is where it was, or kept byte for byte beside it.
    assert after.get(name) == before or any(after[n] == before for n in kept), (after, told)
    # Told: every copy set aside is named in a sentence the player saw.
    for copy in kept:
        assert any(str(data_dir / copy) in sentence for sentence in told), (copy, told)
    if after.get(name) != before:
        assert told, "the file changed and the player was told nothing"


def _remove(entry: Path) -> None:
    if entry.is_dir() and not entry.is_symlink():
        for inner in entry.iterdir():
            _remove(inner)
        entry.rmdir()
    else:
        entry.unlink()


VALID_SETTINGS = {**storage.Settings().to_dict(), "language": "el"}
VALID_STATS = {"kind": "diloti-desktop statistics", "version": 1, "groups": [
    {"players": 2, "opponents": "Casual", "assisted": False, "played": 3, "won": 2,
     "rounds": 9, "points": 80, "xeris_made": 2, "xeris_conceded": 1, "best_round": 14,
     "streak": 1, "best_streak": 2}]}
VALID_PROGRESS = {"version": 1, "lessons": ["play"], "puzzles": ["p1"], "welcomed": True}
VALID_SETUP = {"kind": "diloti-desktop new game setup", "version": 1, "rules": "4p,t101",
               "levels": {"1": "Casual", "2": "Expert", "3": "Master"}}
VALID_SAVE = json.loads(envelope(good_game()))


@given(content=contents(VALID_SETTINGS))
@EXAMPLES
def test_settings_any_damage(data_dir: Path, content: bytes | str) -> None:
    _check_start(data_dir, "settings.json", content)


@given(content=contents(VALID_SAVE))
@EXAMPLES
def test_saved_game_any_damage(data_dir: Path, content: bytes | str) -> None:
    _check_start(data_dir, "saved_game.json", content)


@given(content=contents(VALID_STATS))
@EXAMPLES
def test_statistics_any_damage(data_dir: Path, content: bytes | str) -> None:
    _check_start(data_dir, "stats.json", content)


@given(content=contents(VALID_PROGRESS))
@EXAMPLES
def test_progress_any_damage(data_dir: Path, content: bytes | str) -> None:
    _check_start(data_dir, "progress.json", content)


@given(content=contents(VALID_SETUP))
@EXAMPLES
def test_new_game_setup_any_damage(data_dir: Path, content: bytes | str) -> None:
    _check_start(data_dir, "new_game.json", content)


SHIPPED = learning_progress.PUZZLES_PATH.read_bytes()


@given(content=contents(json.loads(SHIPPED)))
@EXAMPLES
def test_shipped_puzzles_any_damage(tmp_path_factory: pytest.TempPathFactory,
                                    monkeypatch: pytest.MonkeyPatch,
                                    content: bytes | str) -> None:
    """The shipped file is the installation's: never moved; the Learn screen says why
    there are no puzzles, and the lessons stay open (checked by start_and_visit)."""
    path = tmp_path_factory.mktemp("install") / "puzzles.json"
    _place(path, content)
    monkeypatch.setattr(learning_progress, "PUZZLES_PATH", path)
    told = start_and_visit()
    puzzles, problem = learning_progress.load_puzzles()
    assert (puzzles == []) == (problem is not None)
    if problem is not None:
        assert problem in told and str(path) in problem
    if isinstance(content, bytes):
        assert path.read_bytes() == content


@given(content=contents({"transcript": "start ..."}))
@EXAMPLES
def test_replay_any_damage(tmp_path_factory: pytest.TempPathFactory,
                           capsys: pytest.CaptureFixture[str], content: bytes | str) -> None:
    """``rules replay``: one line and status 2 for whatever is not a transcript."""
    path = tmp_path_factory.mktemp("replay") / "round.txt"
    _place(path, content)
    assert rules_main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("invalid: ")
    assert len(err) < 400


# -- the few cases named in the issue, each checked exactly --------------------------------
def test_progress_nested_100000_deep_is_set_aside_and_told(data_dir: Path) -> None:
    text = '{"lessons": ' + "[" * 100_000 + "]" * 100_000 + "}"
    _check_start(data_dir, "progress.json", text.encode())
    (kept,) = data_dir.glob("progress.json.corrupt-*")
    assert kept.read_text(encoding="utf-8") == text


def test_huge_figures_and_names_in_the_statistics_are_refused(data_dir: Path) -> None:
    for group in ({"points": 10**400, "rounds": 1}, {"opponents": "x" * 20_400}):
        document = json.loads(json.dumps(VALID_STATS))
        document["groups"][0].update(group)
        _check_start(data_dir, "stats.json", json.dumps(document).encode())
        assert list(data_dir.glob("stats.json.corrupt-*"))


@pytest.mark.parametrize("language", ["zz", "pt_BR"])
def test_a_language_the_game_does_not_speak_is_named_and_reset(data_dir: Path,
                                                                language: str) -> None:
    _check_start(data_dir, "settings.json", json.dumps({"language": language}).encode())
    settings, message = storage.load_settings()
    assert settings.language == "en" and message is None  # repaired once, told once


def test_a_bom_before_a_valid_file_is_read(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "stats.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(VALID_STATS).encode())
    statistics, message = __import__("diloti_desktop.player_data.stats",
                                     fromlist=["x"]).load_stats()
    assert message is None and len(statistics.groups) == 1


@pytest.mark.parametrize("reader", [
    lambda: storage.load_settings(), lambda: storage.load_game(),
    lambda: learning_progress.load_progress()])
def test_a_huge_file_is_refused_unread(data_dir: Path, reader: Callable[[], object]) -> None:
    data_dir.mkdir()
    for name in ("settings.json", "saved_game.json", "progress.json"):
        (data_dir / name).write_bytes(b" " * (files.MAX_FILE_BYTES + 1))
    reader()
    assert len(list(data_dir.glob("*.corrupt-*"))) == 1


def _transcript() -> str:
    import random

    from diloti_desktop.rules import Ruleset, legal_moves, new_match, play_unchecked
    from diloti_desktop.rules.transcript import format_transcript

    start, _events = new_match(Ruleset(), random.Random(3))
    position, moves = start, []
    for _ in range(6):
        move = next(iter(legal_moves(position)))
        moves.append((position.turn, move))
        position = play_unchecked(position, move)
    return format_transcript(start, moves, end=position)


@pytest.mark.parametrize("name", ["round.txt", "a\nround.txt"])
def test_replay_reads_an_export_with_a_bom_and_names_odd_paths_on_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + _transcript().encode())
    assert rules_main(["replay", str(path)]) == 0
    assert "replayed 6 moves (matches its end line)" in capsys.readouterr().out
    path.write_bytes(b"\xef\xbb\xbf" + _transcript().encode()[:-30])  # damaged end line
    assert rules_main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    missing = tmp_path / f"gone {name}"
    assert rules_main(["replay", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # the newline in the name is shown escaped
    assert ("\\n" in err) == ("\n" in name)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_replay_refuses_a_device_at_once(capsys: pytest.CaptureFixture[str],
                                         device: str) -> None:
    assert rules_main(["replay", device]) == 2
    assert capsys.readouterr().err == f"invalid: cannot read {device}: it is not an ordinary file\n"
