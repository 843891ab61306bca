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
import errno
import json
import logging
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from diloti_desktop.i18n import _

log = logging.getLogger(__name__)


def write_json_atomic(path: Path, data: object, indent: int | None = 2) -> None:
    """Write ``data`` as UTF-8 JSON to ``path`` so that readers see the old or the new file.

    ``indent`` None writes it on one line, several times faster to encode (the
    standard library's C encoder does not indent): for a large file written often.

    The JSON is built before anything touches the disk, so data that JSON cannot hold
    raises ``TypeError`` or ``ValueError`` and leaves ``path`` untouched. Disk trouble
    raises ``OSError``, also leaving ``path`` untouched and no temporary file behind.
    """
    text = json.dumps(data, ensure_ascii=False, indent=indent, sort_keys=True, allow_nan=False)
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


#: A save is a few kilobytes, the largest file the game keeps; anything far larger is
#: not ours. Each kind of file passes its own, smaller limit where it can.
MAX_FILE_BYTES: Final = 4 * 1024 * 1024
#: No file of the game nests JSON more than a few levels deep (a save: about eight).
MAX_JSON_DEPTH: Final = 64
_FOLDER_ERRORS: Final = frozenset({errno.ENOTDIR, errno.ENAMETOOLONG, errno.ELOOP})


def folder_unusable(path: Path) -> bool:
    """Whether the folder that should hold ``path`` cannot be searched (missing is fine).

    Such a folder is reported once, by :func:`check_folder`, rather than once per file.
    """
    parent = path.parent
    try:
        status = os.stat(parent)
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True
    return not stat.S_ISDIR(status.st_mode) or not os.access(parent, os.X_OK)


def read_regular_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> bytes | None:
    """The bytes of the regular file ``path``; ``None`` if there is no file.

    Opened without blocking and checked before reading, so a FIFO, a device or a folder
    in the file's place is refused at once instead of hanging start-up or filling memory;
    a file over ``max_bytes`` is refused unread. A folder that cannot be searched (a path
    too long, no permission, a file in its place) reads as no file: :func:`check_folder`
    tells the player about it once.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        if (isinstance(error, OSError) and error.errno in _FOLDER_ERRORS) or folder_unusable(
                path):
            log.warning("cannot reach %s: %s", path, error)
            return None
        if isinstance(error, OSError) and error.errno == errno.EISDIR:
            raise UnreadableFile(_("a folder is where the file should be"),
                                 f"a folder: {error}") from error
        reason = _("the file could not be opened: {error}").format(error=os_reason(error))
        raise UnreadableFile(reason, str(error)) from error
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise UnreadableFile(
                _("a folder is where the file should be") if stat.S_ISDIR(status.st_mode)
                else _("it is not an ordinary file"), f"{kind} (mode {status.st_mode:o})")
        if status.st_size > max_bytes:
            raise UnreadableFile(_("the file is far too large"), f"{status.st_size} bytes")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise UnreadableFile(_("the file is far too large"), f"over {total} bytes")
        return b"".join(chunks)
    except OSError as error:
        reason = _("the file could not be read: {error}").format(error=os_reason(error))
        raise UnreadableFile(reason, str(error)) from error
    finally:
        os.close(fd)


def decode_text(raw: bytes) -> str:
    """UTF-8 text, with or without a byte order mark; raises :class:`UnreadableFile`."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(_("the file is not text"), str(error)) from error


_JSON_STRING: Final = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: Every byte but brackets, for bytes.translate to drop; then "{}" reads as "[]".
_NOT_BRACKETS: Final = bytes(code for code in range(256) if code not in b"[]{}")
_SQUARE: Final = bytes.maketrans(b"{}", b"[]")


def _nesting_over(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests deeper than ``limit`` (or its brackets do not pair).

    Checked before parsing so that no depth reaches Python's recursion limit. Strings are
    dropped, then every other byte but brackets; each pass then removes the innermost
    pairs, one level: built-in byte operations throughout, a pass per level (at most
    ``limit``), never a Python step per character.
    """
    raw = _JSON_STRING.sub(b"", text.encode("utf-8", "surrogatepass"))
    brackets = raw.translate(_SQUARE, _NOT_BRACKETS)
    if b"[" * (limit + 1) in brackets:  # the usual attack, found in one search
        return True
    for _level in range(limit):
        if not brackets:
            return False
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            return True
        brackets = shorter
    return bool(brackets)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes, depth: int = MAX_JSON_DEPTH) -> object:
    """The JSON value of ``raw`` (UTF-8, a BOM allowed): raises :class:`UnreadableFile`.

    Bounded: nesting over ``depth`` is refused before parsing; NaN and Infinity, which
    JSON does not have, are refused; whole numbers of more than 4,300 digits too (Python's
    own limit on converting text to int).
    """
    text = decode_text(raw)
    if _nesting_over(text, depth):
        raise UnreadableFile(_("the file is damaged"), f"nested deeper than {depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise UnreadableFile(_("the file is damaged"), f"invalid JSON: {error}") from error


def read_json_object(path: Path, max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any] | None:
    """The JSON object in ``path``; ``None`` if there is no file.

    Raises :class:`UnreadableFile` when the file exists but is not a JSON object.
    """
    raw = read_regular_file(path, max_bytes)
    if raw is None:
        return None
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise UnreadableFile(
            _("the file does not hold the expected data"),
            f"expected a JSON object, found {type(data).__name__}",
        )
    return data


def os_reason(error: BaseException) -> str:
    """Why the operating system refused, in the player's language (the system's own text,
    "Is a directory", would be English whatever the game speaks)."""
    reasons = {
        errno.EACCES: _("you have no permission there"),
        errno.EPERM: _("you have no permission there"),
        errno.ENOSPC: _("the disk is full"),
        errno.EDQUOT: _("the disk is full"),
        errno.EROFS: _("the disk is read-only"),
        errno.EISDIR: _("it is a folder, not a file"),
        errno.ENOTDIR: _("a part of the path is not a folder"),
        errno.ENAMETOOLONG: _("the path is too long"),
        errno.ENOENT: _("the folder does not exist"),
        errno.EIO: _("the disk could not be read or written"),
    }
    code = getattr(error, "errno", None)
    if isinstance(code, int) and code in reasons:
        return reasons[code]
    detail = getattr(error, "strerror", None) or str(error) or type(error).__name__
    # TRANSLATORS: an error the game has no sentence for; {detail} is the system's words.
    return _("the system refused ({detail})").format(detail=detail)


def shown_path(path: Path | str, limit: int = 300) -> str:
    """``path`` for a message: shortened in the middle when very long, on one line."""
    text = str(path).replace("\n", "\\n").replace("\r", "\\r")
    if len(text) <= limit:
        return text
    return f"{text[:limit // 3]}…{text[-(limit - limit // 3):]}"


def refuse(path: Path, error: UnreadableFile) -> str:
    """Set a damaged player file aside and say so in one translated sentence.

    The same outcome for every kind of file that has no sentence of its own: the file is
    renamed ``NAME.corrupt-<UTC time>`` (never deleted), the sentence names it and the
    reason, and the caller goes on with its defaults.
    """
    log.warning("%s is unusable (%s); setting it aside", path, error.detail)
    kept = set_aside(path)
    if kept is None:
        return _("The file {name} could not be read ({reason}), so the game goes on without "
                 "it; it could not be moved aside.").format(name=shown_path(path),
                                                           reason=error.reason)
    return _("The file {name} could not be read ({reason}), so the game goes on without "
             "it; the damaged file was kept as {kept}.").format(
                 name=path.name, reason=error.reason, kept=shown_path(kept))


def check_folder(folder: Path) -> str | None:
    """``None`` when the player's files can be kept in ``folder``, else why not (translated).

    Creates the folder if needed and writes a small file there (removed at once), so a
    path too long, a folder without permission, a file in its place, a read-only or a
    full disk are all found at start, and told once.
    """
    try:
        if os.path.lexists(folder) and not os.path.isdir(folder):
            reason = _("it is a file, not a folder")
        else:
            folder.mkdir(parents=True, exist_ok=True)
            # Named like an interrupted write's temporary, so that a leftover goes at the
            # next start (storage.remove_orphaned_temporaries).
            fd, name = tempfile.mkstemp(dir=folder, prefix=".settings.json.", suffix=".tmp")
            try:
                os.write(fd, b"{}\n" * 1024)
                os.fsync(fd)
            finally:
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.unlink(name)
            return None
    except (OSError, ValueError) as error:
        log.warning("the data folder %s cannot be used: %s", folder, error)
        reason = os_reason(error) if isinstance(error, OSError) else str(error)
    return _("The game's data folder {folder} cannot be used ({reason}): settings, games and "
             "statistics will not be kept until this is fixed.").format(
                 folder=shown_path(folder), reason=reason)


def set_aside(path: Path) -> Path | None:
    """Rename a damaged ``path`` to ``<name>.corrupt-<UTC time>``; return the new path.

    Never overwrites an earlier copy (a counter is appended when the name is taken).
    Returns ``None`` when the file cannot be moved.
    """
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    base = f"{path.name}.corrupt-{stamp}"
    for attempt in range(1000):
        target = path.with_name(base if attempt == 0 else f"{base}-{attempt}")
        if os.path.lexists(target):  # never raises: a name too long fails below
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
