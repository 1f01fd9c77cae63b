"""Crash-safe JSON files.

A player's record must survive a crash, a power cut or a kill at any instant, so every file is
written whole to a temporary file in the same folder, flushed to the disk, and only then renamed
over the old one. `os.replace` is atomic within one file system, so a reader sees either the whole
old file or the whole new one, never a mix. The folder is synced afterwards so the rename itself
survives a power cut.

A writer killed mid-write leaves its temporary file behind; the names are recognisable
(`.<target>.<random>.writing`) so `remove_stale_temp_files` can sweep them on the next start.
"""

from __future__ import annotations

import errno
import json
import math
import os
import tempfile
from pathlib import Path

MAX_FILE_BYTES = 8 * 1024 * 1024
"""No document of ours comes near this; a bigger file is damage, and reading it would stall."""

TEMP_SUFFIX = ".writing"


class DamagedFileError(ValueError):
    """The file exists but cannot be used: unreadable, not JSON, too large or the wrong shape."""


def write_json_atomic(path: Path, obj: object) -> None:
    """Replace `path` with `obj` as JSON so that a crash leaves either the old or the new file.

    The object is serialised before the disk is touched, so a value JSON cannot hold raises
    (TypeError or ValueError) without side effects. Disk errors (read-only, full) raise OSError
    and leave no temporary file behind.
    """
    data = (json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=1) + "\n").encode("utf-8")
    folder = path.parent
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        _remove_quietly(Path(temp_name))
        raise
    _sync_folder(folder)


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> object:
    """Return the parsed JSON in `path`.

    A missing file (or a missing folder) raises FileNotFoundError: nothing saved yet is not damage. Anything else that
    stops the file from being used raises DamagedFileError with the reason: a size over
    `max_bytes` (checked before reading, so a huge file costs nothing), an I/O error, invalid
    UTF-8, invalid JSON, NaN or Infinity, or nesting too deep to parse.
    """
    try:
        with open(path, "rb") as file:
            if os.fstat(file.fileno()).st_size > max_bytes:
                raise DamagedFileError(f"larger than {max_bytes} bytes")
            data = file.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except NotADirectoryError as error:
        raise FileNotFoundError(errno.ENOENT, "no such file (a parent is not a folder)", str(path)) from error
    except OSError as error:
        raise DamagedFileError(f"cannot be read: {error}") from error
    if len(data) > max_bytes:
        raise DamagedFileError(f"larger than {max_bytes} bytes")
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_refuse_constant,
                          parse_float=_finite_float)
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(f"not valid JSON: {error}") from error


def remove_stale_temp_files(folder: Path) -> list[Path]:
    """Delete temporary files that a killed writer left in `folder`; return what was removed.

    Only one game process writes a data folder at a time, so at start-up every such file is
    the remains of an interrupted write whose target still holds the previous complete version.
    """
    removed: list[Path] = []
    for temp in folder.glob(f".*{TEMP_SUFFIX}"):
        if _remove_quietly(temp):
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
