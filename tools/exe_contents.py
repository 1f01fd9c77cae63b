"""What a one-file executable built by ``tools/build_exe.py`` carries, by what it is for:

    python tools/exe_contents.py [dist/solitaire] [--top N]

Reads what the executable carries (PyInstaller's own reader, and on Linux the folder packed
after the launcher script, ``tools/exe_launcher.py``; nothing is unpacked on the disk) and prints,
for each group of entries (Python, the speech library, SDL's audio codecs, ...), its size packed
in the file and unpacked on the disk, largest first; then the ``--top`` largest entries. Every entry falls in exactly one group: the groups add up to the archive.
(Issue 33 item 9: where the megabytes are.)
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

#: Group name -> patterns on the entry's name inside the archive; the first group that matches wins.
GROUPS: dict[str, tuple[str, ...]] = {
    "the game's and the libraries' Python modules (PYZ)": ("PYZ*.pyz",),
    "Python itself (libpython, its C modules, base_library.zip)": (
        "libpython*", "python3*/lib-dynload/*", "base_library.zip", "lib-dynload/*", "*.pyd", "python3*.dll"),
    "speech: Prism, its cffi and the GLib stack its library links": (
        "prism/*", "prismatoid.libs/*", "_cffi_backend*"),
    "OpenSSL (wss:// for the online duel; hashlib)": ("libssl*", "libcrypto*"),
    "SDL_mixer and the audio codecs it links (FLAC, Vorbis, Opus, MP3, MIDI, trackers)": (
        "pygame_ce.libs/libSDL2_mixer*", "pygame_ce.libs/libFLAC*", "pygame_ce.libs/libogg*",
        "pygame_ce.libs/libvorbis*", "pygame_ce.libs/libopus*", "pygame_ce.libs/libmpg123*",
        "pygame_ce.libs/libxmp*", "pygame_ce.libs/libfluidsynth*", "pygame_ce.libs/libsndfile*",
        "pygame_ce.libs/libwavpack*", "pygame_ce.libs/libportmidi*", "pygame_ce.libs/libasound*"),
    "SDL_image and the image codecs it links (PNG, JPEG, TIFF, WebP)": (
        "pygame_ce.libs/libSDL2_image*", "pygame_ce.libs/libjpeg*", "pygame_ce.libs/libpng*",
        "pygame_ce.libs/libtiff*", "pygame_ce.libs/libwebp*", "pygame_ce.libs/libsharpyuv*"),
    "SDL, SDL_ttf, HarfBuzz and FreeType (the window, the text)": (
        "pygame_ce.libs/libSDL2-*", "pygame_ce.libs/libSDL2_ttf*", "pygame_ce.libs/libharfbuzz*",
        "pygame_ce.libs/libfreetype*", "pygame_ce.libs/libbrotli*", "pygame_ce.libs/*", "SDL2*.dll"),
    "pygame's C modules": ("pygame/*",),
    "SQLite (the duel server a network duel's host runs)": ("libsqlite3*", "sqlite3.dll"),
    "the duel server's ratings (openskill, compiled) and messages (msgspec)": (
        "*__mypyc*", "openskill/*", "msgspec/*"),
    "the C++ and GCC runtimes (FluidSynth's and Prism's)": ("libstdc++*", "libgcc_s*"),
    "fonts": ("assets/fonts/*",),
    "the game's other data (levels, licences, Unicode tables)": ("assets/*", "levels/*"),
}
OTHER = "other libraries"


def group_of(name: str) -> str:
    for group, patterns in GROUPS.items():
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            return group
    return OTHER


def files(exe: Path) -> dict[str, bytes]:
    """Every entry the executable carries, by its name inside the bundle (as PyInstaller's
    one-file archive names it: ``libpython3.11.so.1.0``, ``assets/fonts/...``, ``PYZ.pyz``), read
    in memory. On Linux (``tools/exe_launcher.py``) those are the files of the packed folder's
    ``_internal`` and the entries of its bootloader's own archive; else the one-file archive's."""
    import exe_launcher
    from PyInstaller.archive.readers import CArchiveReader

    if not exe_launcher.is_launcher(exe):
        archive = CArchiveReader(str(exe))
        return {name: archive.extract(name) or b"" for name in archive.toc}
    found = {}
    with tempfile.TemporaryDirectory(prefix="exe-contents-") as scratch:
        for path, data in exe_launcher.payload_files(exe).items():
            if "/" in path:
                found[path.split("/", 1)[1]] = data
                continue
            bootloader = Path(scratch) / path
            bootloader.write_bytes(data)
            archive = CArchiveReader(str(bootloader))
            found.update((name, archive.extract(name) or b"") for name in archive.toc)
    return found


def entries(exe: Path) -> list[tuple[str, int, int]]:
    """(name, packed bytes, unpacked bytes) of every entry the executable carries. The one-file
    archive packs each entry alone (its own size); the Linux launcher packs its folder as one xz
    stream, so an entry's packed figure there is its share of the file, in proportion to its
    size packed alone with zlib (level 6)."""
    import exe_launcher
    from PyInstaller.archive.readers import CArchiveReader

    if not exe_launcher.is_launcher(exe):
        archive = CArchiveReader(str(exe))
        return [(name, packed, unpacked) for name, (_, packed, unpacked, _, _) in archive.toc.items()]
    carried = files(exe)
    alone = {name: len(zlib.compress(data, 6)) for name, data in carried.items()}
    scale = exe.stat().st_size / max(1, sum(alone.values()))
    return [(name, round(alone[name] * scale), len(data)) for name, data in carried.items()]


def by_group(rows: list[tuple[str, int, int]]) -> dict[str, tuple[int, int, int]]:
    """Group -> (packed, unpacked, entries), largest packed first."""
    totals: dict[str, list[int]] = {}
    for name, packed, unpacked in rows:
        total = totals.setdefault(group_of(name), [0, 0, 0])
        total[0] += packed
        total[1] += unpacked
        total[2] += 1
    return {group: (t[0], t[1], t[2]) for group, t in sorted(totals.items(), key=lambda item: -item[1][0])}


def report(exe: Path, top: int = 15) -> str:
    rows = entries(exe)
    packed = sum(row[1] for row in rows)
    lines = [f"{exe}: {exe.stat().st_size / 1e6:.1f} MB; archive {packed / 1e6:.1f} MB packed, "
             f"{sum(row[2] for row in rows) / 1e6:.1f} MB unpacked, {len(rows)} entries",
             "   packed  unpacked  entries  group"]
    for group, (size, unpacked, count) in by_group(rows).items():
        lines.append(f"  {size / 1e6:5.2f} MB {unpacked / 1e6:6.2f} MB {count:6d}    {group}")
    lines.append(f"the {top} largest entries:")
    for name, size, unpacked in sorted(rows, key=lambda row: -row[1])[:top]:
        lines.append(f"  {size / 1e6:5.2f} MB {unpacked / 1e6:6.2f} MB  {name}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="What the one-file executable carries, by group.")
    parser.add_argument("exe", nargs="?", type=Path, default=ROOT / "dist" / ("solitaire.exe" if sys.platform == "win32"
                                                                             else "solitaire"))
    parser.add_argument("--top", type=int, default=15, help="how many of the largest entries to list")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        print(f"exe_contents: no executable at {args.exe} (build it: python tools/build_exe.py)", file=sys.stderr)
        return 2
    print(report(args.exe, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
