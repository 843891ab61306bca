"""A data folder that cannot be checked, created or written: the game starts on its
defaults and says so once, as root and as an ordinary user.

Permissions do not bind root, and CI runs as root: each case also runs the game's start
(:mod:`tests.ui.start_headless`) in a subprocess as the user ``nobody`` (``setpriv``).
Those are skipped, with the reason, only where no other user or no ``setpriv`` exists.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from diloti_desktop.player_data import storage
from tests.ui.start_headless import start_and_visit

REPO = Path(__file__).resolve().parents[2]
SETTINGS = json.dumps({"version": 1, "volume": 0.3}).encode()


def _nobody() -> tuple[int, int] | None:
    try:
        entry = pwd.getpwnam("nobody")
    except KeyError:
        return None
    return entry.pw_uid, entry.pw_gid


@pytest.fixture
def base() -> Iterator[Path]:
    """A folder every user can reach (pytest's own are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="diloti-folder-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def _full_disk(folder: Path) -> Iterator[Path]:
    """``folder`` on a 64 KiB file system filled to the last byte (needs root to mount)."""
    folder.mkdir()
    mount = shutil.which("mount")
    if mount is None or os.geteuid() != 0:
        pytest.skip("a full file system needs root and mount")
    done = subprocess.run([mount, "-t", "tmpfs", "-o", "size=64k,mode=0777", "tmpfs",
                           str(folder)], capture_output=True, check=False, timeout=30)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {done.stderr.decode().strip()}")
    try:
        with contextlib.suppress(OSError), open(folder / "filler", "wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
        yield folder
    finally:
        subprocess.run([shutil.which("umount") or "umount", str(folder)],
                       capture_output=True, check=False, timeout=30)


def too_long(base: Path) -> Path:
    return base.joinpath(*["d" * 200] * 25)  # about 5,000 characters


def a_file(base: Path) -> Path:
    path = base / "not-a-folder"
    path.write_text("mine", encoding="utf-8")
    return path


def no_permission(base: Path) -> Path:
    locked = base / "locked"
    locked.mkdir(mode=0o700)
    return locked / "data"


def read_only(base: Path) -> Path:
    folder = base / "read-only"
    folder.mkdir(mode=0o755)
    (folder / "settings.json").write_bytes(SETTINGS)
    folder.chmod(0o555)
    return folder


CASES: dict[str, Callable[[Path], Path]] = {
    "too long": too_long, "a file": a_file, "no permission": no_permission,
    "read-only": read_only}


def _assert_told_once(told: list[str], folder: Path) -> None:
    sentences = [s for s in told if "data folder" in s and "cannot be used" in s]
    assert len(sentences) == 1, told
    assert str(folder)[:60] in sentences[0]


def _snapshot(folder: Path) -> dict[str, bytes]:
    try:
        return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    except OSError:
        return {}


# -- as an ordinary user ------------------------------------------------------------------
def _start_as_nobody(folder: Path) -> list[str]:
    ids = _nobody()
    setpriv = shutil.which("setpriv")
    if ids is None or setpriv is None:
        pytest.skip("no other user (nobody) or no setpriv to run the game as one")
    environment = {**os.environ, storage.DATA_DIR_ENV: str(folder), "HOME": "/tmp",
                   "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [setpriv, f"--reuid={ids[0]}", f"--regid={ids[1]}", "--clear-groups",
         sys.executable, "-m", "tests.ui.start_headless"],
        cwd=REPO, env=environment, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    told: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return told


@pytest.mark.parametrize("case", sorted(CASES))
def test_as_an_ordinary_user_the_game_starts_and_says_so(base: Path, case: str) -> None:
    folder = CASES[case](base)
    before = _snapshot(folder)
    _assert_told_once(_start_as_nobody(folder), folder)
    assert _snapshot(folder) == before  # nothing deleted, nothing changed
    if case == "a file":
        assert folder.read_text(encoding="utf-8") == "mine"


def test_as_an_ordinary_user_a_full_disk_is_told(base: Path) -> None:
    with _full_disk(base / "full") as folder:
        _assert_told_once(_start_as_nobody(folder), folder)


# -- as root, in this process --------------------------------------------------------------
@pytest.mark.parametrize("case", ["too long", "a file"])
def test_as_root_the_game_starts_and_says_so(base: Path, case: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = CASES[case](base)
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    _assert_told_once(start_and_visit(), folder)


def test_as_root_a_full_disk_is_told(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _full_disk(base / "full") as folder:
        monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
        _assert_told_once(start_and_visit(), folder)
        assert storage.save_settings(storage.Settings()) is not None  # and saving says why


def test_as_root_a_read_only_mount_is_told(data_dir: Path) -> None:
    from tests.ui.test_storage import _mounted_read_only

    data_dir.mkdir()
    (data_dir / "settings.json").write_bytes(SETTINGS)
    with _mounted_read_only(data_dir):
        told = start_and_visit()
        _assert_told_once(told, data_dir)
        assert storage.load_settings()[0].volume == 0.3  # still read
    assert (data_dir / "settings.json").read_bytes() == SETTINGS
