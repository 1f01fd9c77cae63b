"""The Linux executable's form (issue 33 item 9): one file that unpacks itself once, not at every start.

PyInstaller's one-file bootloader unpacks its whole archive (50 MB) into a new temporary folder at
every start, then starts Python in a second process: 0.3 s of CPU before the game's first line,
3.7x the source's whole start to its window. On Linux ``tools/build_exe.py`` builds the game with
PyInstaller as a folder instead (``--onedir``: its bootloader runs Python in its own process from
files already on the disk) and ships that folder as one file made here: a short POSIX shell
script followed by the folder as a tar archive packed with xz. The script::

    1. names the folder for this build: ``$XDG_CACHE_HOME/solitaire/exe-VERSION-HASH`` (when that
       variable is an absolute path, as the XDG specification asks; else ``$HOME/.cache``; HASH:
       the first 12 hex digits of the archive's SHA-256, so two builds never share one);
    2. when it is not there, unpacks the archive (``tail -c +N FILE | tar -xJf -``, which needs tar
       and xz, on every desktop Linux) into a new folder beside it, renames that folder to the
       build's name (a rename: a start sees the whole folder or none; of two first starts at once
       the second's copy is removed), then removes the other builds' folders (earlier versions)
       unless a running process started from one (``/proc/*/exe``), and scratch folders a killed
       first start left over an hour ago;
    3. replaces itself with the folder's executable (``exec``), passing its arguments.

So the first start unpacks (about 1 s of CPU for xz), later ones only start; the cost is the
unpacked folder in the player's cache (about 45 MB), which a later version replaces and which
may be deleted at any time (the next start unpacks it again). Nothing else is written.

``payload_files(exe)`` reads the files back out of such an executable without unpacking it on
the disk (``tools/exe_contents.py`` and the tests read what it carries with it).
"""

from __future__ import annotations

import hashlib
import io
import lzma
import os
import re
import stat
import tarfile
from pathlib import Path

#: The folder's bootloader is named so inside the archive, its libraries and data under ``INTERNAL``.
INTERNAL = "_internal"
#: xz's preset for the archive. Measured on the 44.7 MB tar of the folder: -9 14.17 MB, -9e 14.19,
#: -6 14.24, each unpacked in 0.67 s of CPU (once, at the first start); zlib at 9 (gzip, as
#: PyInstaller's one-file archive packs) 17.9 MB.
PRESET = 9
#: The width of the archive's offset in the script, so the script's length does not depend on it.
OFFSET_DIGITS = 10

SCRIPT = """#!/bin/sh
# Solitaire {version}: this file is a shell script followed by the game (a folder built by
# PyInstaller, packed with tar and xz). It unpacks that folder once into the cache folder below
# and starts the game from it; later starts only start it (tools/exe_launcher.py says why).
id=exe-{version}-{digest}
case $XDG_CACHE_HOME in /*) base=$XDG_CACHE_HOME/solitaire ;;  # a relative one is ignored (XDG)
*) if [ -n "$HOME" ]; then base=$HOME/.cache/solitaire; else base=${{TMPDIR:-/tmp}}/solitaire-$(id -u); fi ;;
esac
dir=$base/$id
if [ ! -x "$dir/{name}" ]; then
  mkdir -p "$base" 2>/dev/null && tmp=$(mktemp -d "$base/.unpacking-XXXXXX" 2>/dev/null) || {{
    echo "solitaire: cannot write to $base to unpack the game" >&2; exit 1; }}
  if ! tail -c +{offset:0{digits}d} "$0" | tar -xJf - -C "$tmp" 2>/dev/null; then
    rm -rf "$tmp"
    echo "solitaire: cannot unpack the game into $base (tar and xz are needed; is the disk full?)" >&2
    exit 1
  fi
  if ! mv -T "$tmp" "$dir" 2>/dev/null; then  # another start unpacked it first, or a damaged copy is there
    if [ -x "$dir/{name}" ]; then rm -rf "$tmp"; else rm -rf "$dir" && mv -T "$tmp" "$dir"; fi
  fi
  # earlier builds' folders go, but not one a running game still starts from (Linux's /proc),
  # nor a scratch folder that another first start may still be filling (one left by a killed
  # start goes an hour later)
  running=$(ls -l /proc/[0-9]*/exe 2>/dev/null)
  for old in "$base"/exe-*; do
    [ "$old" = "$dir" ] || case $running in *" -> $old/"*) ;; *) rm -rf "$old" ;; esac
  done
  find "$base" -maxdepth 1 -name '.unpacking-*' -mmin +60 -exec rm -rf {{}} + 2>/dev/null
fi
exec "$dir/{name}" "$@"
exit 127
"""


def pack_folder(folder: Path) -> bytes:
    """The folder (PyInstaller's ``--onedir`` output) as a tar archive packed with xz: sorted
    names, no owners, times of 0, so the same folder packs to the same bytes."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path in [folder, *sorted(folder.rglob("*"))]:
            info = tar.gettarinfo(str(path), arcname=path.relative_to(folder).as_posix() or ".")
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0
            if info.isreg():
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
            else:
                tar.addfile(info)
    return lzma.compress(raw.getvalue(), format=lzma.FORMAT_XZ, preset=PRESET)


def script(name: str, version: str, payload: bytes) -> bytes:
    """The shell script that goes before ``payload`` (its length fixed by ``OFFSET_DIGITS``)."""
    digest = hashlib.sha256(payload).hexdigest()[:12]
    text = SCRIPT.format(name=name, version=version, digest=digest, offset=0, digits=OFFSET_DIGITS)
    offset = len(text.encode("utf-8")) + 1  # tail -c +N counts from 1
    return SCRIPT.format(name=name, version=version, digest=digest, offset=offset,
                         digits=OFFSET_DIGITS).encode("utf-8")


def write(folder: Path, out: Path, version: str) -> Path:
    """Make ``out``, the one executable file, from PyInstaller's folder (its bootloader named ``out.name``)."""
    if not (folder / out.name).is_file():
        raise SystemExit(f"build failed: no {out.name} in {folder}")
    payload = pack_folder(folder)
    out.write_bytes(script(out.name, version, payload) + payload)
    out.chmod(out.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return out


def is_launcher(exe: Path) -> bool:
    with exe.open("rb") as handle:
        return handle.read(64).startswith(b"#!/bin/sh\n# Solitaire ")


def cache_id(exe: Path) -> str:
    """The name of the folder ``exe`` unpacks into (``exe-VERSION-HASH``)."""
    with exe.open("rb") as handle:
        found = re.search(rb"^id=(exe-\S+)$", handle.read(4096), re.M)
    if found is None:
        raise ValueError(f"{exe} is not a launcher made by tools/exe_launcher.py")
    return found.group(1).decode()


def payload_files(exe: Path) -> dict[str, bytes]:
    """Every regular file of the packed folder, by its path inside the folder, read in memory."""
    data = exe.read_bytes()
    found = re.search(rb"tail -c \+(\d+) ", data[:4096])
    if found is None:
        raise ValueError(f"{exe} is not a launcher made by tools/exe_launcher.py")
    raw = lzma.decompress(data[int(found.group(1)) - 1:])
    files = {}
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        for member in tar.getmembers():
            if member.isreg():
                handle = tar.extractfile(member)
                files[os.path.normpath(member.name)] = handle.read() if handle else b""
    return files
