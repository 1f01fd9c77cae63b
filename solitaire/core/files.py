"""Reading a small file that a player names (a deal file) or the game keeps (settings,
statistics, saves) without ever hanging on it.

``open()`` on a FIFO waits for a writer for ever, and reading ``/dev/zero`` never ends. So the
file is opened without blocking, checked to be a regular file, and read only up to a limit,
checked first on its size, so that a huge file costs nothing. The store and the deal-file
reader each turn the exceptions into their own (a damaged file set aside; one line, exit 2).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class UnusableFile(ValueError):
    """The path names something that cannot be a small file of ours: a folder, a FIFO or a
    device, or a file over the size limit. The message says which."""


def read_small_file(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``max_bytes`` of them.

    Raises FileNotFoundError when there is no such file (a parent that is not a folder
    included: nothing is there either), UnusableFile for a folder, anything but a regular file
    or a file larger than ``max_bytes``, and OSError for what the system will not let us read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except NotADirectoryError as error:
        raise FileNotFoundError(errno.ENOENT, "no such file (a parent is not a folder)", str(path)) from error
    except IsADirectoryError as error:
        raise UnusableFile("a folder, not a file") from error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnusableFile("a folder, not a file" if stat.S_ISDIR(info.st_mode) else "not a regular file")
        if info.st_size > max_bytes:
            raise UnusableFile(f"larger than {max_bytes} bytes")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:  # it grew while we read
        raise UnusableFile(f"larger than {max_bytes} bytes")
    return data
