"""Crash-safe JSON files.

A player's record must survive a crash, a power cut or a kill at any instant, so every file is
written whole to a temporary file in the same folder, flushed to the disk, and only then renamed
over the old one. `os.replace` is atomic within one file system, so a reader sees either the whole
old file or the whole new one, never a mix. The folder is synced afterwards so the rename itself
survives a power cut.

A writer killed mid-write leaves its temporary file behind; the names are recognisable
(`.<target>.<random>.writing`) so `remove_stale_temp_files` can sweep them on the next start.
Another copy of the game may be writing at that moment, so only files older than any write
could take are swept.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import time
from pathlib import Path

from solitaire.core.files import UnusableFile, read_small_file

MAX_FILE_BYTES = 8 * 1024 * 1024
"""No document of ours comes near this; a bigger file is damage, and reading it would stall."""

TEMP_SUFFIX = ".writing"
STALE_TEMP_SECONDS = 600
"""A write takes milliseconds; a temporary file this old belongs to no live writer."""


class DamagedFileError(ValueError):
    """The file exists but its content cannot be used: not a plain file, not JSON, too large or the
    wrong shape. Setting it aside loses nothing."""


class UnreadableFileError(OSError):
    """The file exists but the system refuses to read it (another account's file, a folder the
    player may not enter, a failing disk). It may be perfectly good, so it must be left alone."""


def write_json_atomic(path: Path, obj: object) -> None:
    """Replace `path` with `obj` as JSON so that a crash leaves either the old or the new file.

    The object is serialised before the disk is touched, so a value JSON cannot hold raises
    (TypeError or ValueError) without side effects. Disk errors (read-only, full) raise OSError
    and leave no temporary file behind.
    """
    write_bytes_atomic(path, encode_json(obj))


def encode_json(obj: object) -> bytes:
    """The bytes `write_json_atomic` writes; TypeError or ValueError for what JSON cannot hold."""
    return (json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=1) + "\n").encode("utf-8")


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data`: temporary file, flushed to the disk, renamed over, folder synced."""
    folder = path.parent
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp_name, path)
    except BaseException:
        _remove_quietly(Path(temp_name))
        raise
    _sync_folder(folder)


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> object:
    """Return the parsed JSON in `path`.

    A missing file (or a missing folder) raises FileNotFoundError: nothing saved yet is not damage.
    A file the system will not let us read raises UnreadableFileError. Anything else that stops
    the content from being used raises DamagedFileError with the reason: not a regular file (a
    FIFO would block `open` forever, so the file is opened without blocking and checked first),
    a size over `max_bytes` (checked before reading, so a huge file costs nothing), invalid
    UTF-8, invalid JSON, NaN or Infinity, or nesting too deep to parse.
    """
    data = _read_regular_file(path, max_bytes)
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_refuse_constant,
                          parse_float=_finite_float)
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(f"not valid JSON: {error}") from error


def _read_regular_file(path: Path, max_bytes: int) -> bytes:
    try:
        return read_small_file(path, max_bytes)
    except FileNotFoundError:
        raise
    except UnusableFile as error:
        raise DamagedFileError(str(error)) from error
    except OSError as error:
        raise UnreadableFileError(error.errno, error.strerror, str(path)) from error


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete temporary files that killed writers left in `folder`; return what was removed.

    Their targets still hold the previous complete version. A temporary file younger than
    `older_than` seconds may be another copy's write in flight, and is left alone.
    """
    removed: list[Path] = []
    now = time.time()
    for temp in folder.glob(f".*{TEMP_SUFFIX}"):
        try:
            young = now - temp.lstat().st_mtime < older_than
        except OSError:
            continue
        if not young and _remove_quietly(temp):
            removed.append(temp)
    return removed


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    """Refuse numbers like 1e999 that parse to infinity: no setting or statistic means that."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def _remove_quietly(path: Path) -> bool:
    try:
        path.unlink()
    except OSError:
        return False
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename durable. Windows cannot open a folder for syncing and does not need to."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
