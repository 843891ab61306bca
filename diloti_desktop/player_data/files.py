"""Safe file handling for the player's files: atomic writes, careful reads, setting aside.

Standard library only. :func:`write_json_atomic` writes through a temporary file in the
same folder, flushed to disk and renamed over the old one, so a crash mid-write leaves
the previous file intact. :func:`read_json_object` reads only a regular file of bounded
size, opened without blocking, so a FIFO, a device or a folder in a file's place is
refused at once. A damaged file is never deleted: :func:`set_aside` renames it and
:func:`keep_copy` copies it, to ``<name>.corrupt-<UTC time>``, never over an earlier copy.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from diloti_desktop.i18n import _

log = logging.getLogger(__name__)


def write_json_atomic(path: Path, data: object) -> None:
    """Write ``data`` as UTF-8 JSON to ``path`` so that readers see the old or the new file.

    The JSON is built before anything touches the disk, so data that JSON cannot hold
    raises ``TypeError`` or ``ValueError`` and leaves ``path`` untouched. Disk trouble
    raises ``OSError``, also leaving ``path`` untouched and no temporary file behind.
    """
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True, allow_nan=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class UnreadableFile(Exception):
    """Internal: the file exists but holds nothing usable.

    ``reason`` is a translated phrase for the player; ``detail`` goes to the log.
    """

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


#: A settings file or save is a few kilobytes; anything far larger is not ours.
MAX_FILE_BYTES: Final = 4 * 1024 * 1024


def read_regular_file(path: Path) -> bytes | None:
    """The bytes of the regular file ``path``; ``None`` if there is no file.

    Opened without blocking and checked before reading, so a FIFO, a device or a folder
    in the file's place is refused at once instead of hanging start-up or filling memory.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        if path.is_dir():
            raise UnreadableFile(_("a folder is where the file should be"),
                                  f"a folder: {error}") from error
        reason = _("the file could not be opened: {error}").format(error=error.strerror or error)
        raise UnreadableFile(reason, str(error)) from error
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise UnreadableFile(
                _("a folder is where the file should be") if stat.S_ISDIR(status.st_mode)
                else _("it is not an ordinary file"), f"{kind} (mode {status.st_mode:o})")
        if status.st_size > MAX_FILE_BYTES:
            raise UnreadableFile(_("the file is far too large"), f"{status.st_size} bytes")
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_FILE_BYTES:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_FILE_BYTES:
            raise UnreadableFile(_("the file is far too large"), f"over {total} bytes")
        return b"".join(chunks)
    except OSError as error:
        reason = _("the file could not be read: {error}").format(error=error.strerror or error)
        raise UnreadableFile(reason, str(error)) from error
    finally:
        os.close(fd)


def read_json_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; ``None`` if there is no file.

    Raises :class:`UnreadableFile` when the file exists but is not a JSON object.
    """
    raw = read_regular_file(path)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise UnreadableFile(_("the file is not text"), str(error)) from error
    except (ValueError, RecursionError) as error:
        raise UnreadableFile(_("the file is damaged"), f"invalid JSON: {error}") from error
    if not isinstance(data, dict):
        raise UnreadableFile(
            _("the file does not hold the expected data"),
            f"expected a JSON object, found {type(data).__name__}",
        )
    return data


def set_aside(path: Path) -> Path | None:
    """Rename a damaged ``path`` to ``<name>.corrupt-<UTC time>``; return the new path.

    Never overwrites an earlier copy (a counter is appended when the name is taken).
    Returns ``None`` when the file cannot be moved.
    """
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    base = f"{path.name}.corrupt-{stamp}"
    for attempt in range(1000):
        target = path.with_name(base if attempt == 0 else f"{base}-{attempt}")
        if target.exists():
            continue
        try:
            # os.link refuses to replace a target that appeared since the check, where
            # os.rename would silently overwrite it on POSIX; rename is the fallback for
            # file systems without hard links (and for folders).
            try:
                os.link(path, target)
            except FileExistsError:
                continue
            except OSError:
                os.rename(path, target)
            else:
                os.unlink(path)
        except OSError as error:
            log.warning("could not set aside %s: %s", path, error)
            return None
        return target
    log.warning("could not set aside %s: too many earlier copies", path)
    return None


def keep_copy(path: Path) -> Path | None:
    """Copy ``path`` to a new ``<name>.corrupt-<UTC time>`` file; ``None`` if that fails."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    try:
        raw = read_regular_file(path)
    except UnreadableFile:
        return None
    if raw is None:
        return None
    for attempt in range(1000):
        target = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{attempt}" if attempt else ""))
        try:
            with open(target, "xb") as stream:
                stream.write(raw)
        except FileExistsError:
            continue
        except OSError as error:
            log.warning("could not keep a copy of %s: %s", path, error)
            return None
        return target
    return None
