"""Build the game as one executable with every asset inside, then measure it.

    python tools/build_exe.py [--dist DIR] [--work DIR]

Writes ``DIR/solitaire`` (``solitaire.exe`` on Windows; default ``dist/``), keeping PyInstaller's
scratch files and generated spec under ``--work`` (default ``build/``), so nothing else in the
checkout changes. On Linux that one file is PyInstaller's folder build inside a script that
unpacks it into the player's cache at the first start only (``tools/exe_launcher.py``, issue 33
item 9); elsewhere PyInstaller's one-file form. The notices of what it carries are inside
(``assets/licenses/``: its ``--licenses`` prints them, its About page shows them). Then prints::

    executable: PATH
    version: X.Y.Z (solitaire/__init__.py's; on Windows also in the file's version resource)
    size: N.N MB (target ≤ 15 MB on Linux, 30 MB elsewhere)
    first start (unpacking into the cache): N.NN s     (Linux only)
    start-up (median of 5 smoke starts): N.NN s (target ≤ 1.0 s)

The start-up figures are wall times of ``EXE --smoke --frames 1`` with SDL's dummy video and
audio drivers and ``SOLITAIRE_HOME`` and ``XDG_CACHE_HOME`` in a scratch folder, run from a
scratch working folder: the first start, into an empty cache, then 5 more.
The exit status is non-zero, with a line saying why, when the build or a smoke start fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "solitaire"
START_TARGET_S = 1.0
STARTS = 5

#: Read at run time through ``sys._MEIPASS`` (``asset_path`` and ``levels_dir``).
DATA = ("assets", "levels")

#: Modules the game never imports but that PyInstaller would otherwise follow into the bundle.
#: Measured on Linux (one-file, stripped): with no exclusions 32 MB; the test/packaging tools
#: (pytest, setuptools, numpy through pygame's optional surfarray) are most of it (-16 MB);
#: ctypes stays: multiprocessing's shared values (the solver worker) need it. The online duel's
#: client (websockets) needs ssl, hashlib, http, email, urllib and concurrent: they stay too
#: (about +2.5 MB). A network duel's host runs the duel server inside the game (issue 25 item 6),
#: so the server's package, asyncio, sqlite3 and openskill are in the bundle too; not nats-py,
#: psycopg nor uvloop: ``game.py server`` (whose ``--nats`` cluster needs nats-py, whose ``--db``
#: needs psycopg, and whose own process runs on uvloop when it is installed, else on asyncio's loop)
#: runs from source (requirements-server.txt).
EXCLUDES = (
    # GUI toolkits and developer tools
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "unittest", "doctest", "pydoc", "pydoc_data", "pdb", "lib2to3", "PyInstaller",
    # test and packaging frameworks installed beside the game
    "pytest", "_pytest", "pluggy", "py", "iniconfig",
    "numpy", "setuptools", "pkg_resources", "distutils",
    # the server's cluster and event loop (see above), and mail, XML and terminal modules nothing of the game's uses
    "nats", "uvloop", "psycopg", "psycopg_binary", "xml", "xmlrpc", "ftplib", "smtplib", "imaplib", "poplib", "mailbox", "curses", "readline",
    # pygame's extras: examples, tests and docs, camera and MIDI
    "pygame.examples", "pygame.tests", "pygame.docs", "pygame.__pyinstaller",
    "pygame._camera_opencv", "pygame.camera", "pygame.midi", "pygame.pypm",
    # the East Asian codecs (~0.4 MB): nothing of the game reads or writes those encodings
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw", "_multibytecodec",
    # issue 33 item 9 (0.35 MB packed): pygame's second font engine (the game draws text through
    # pygame.font) and its SDL2 window and audio wrappers (the game uses pygame.display and
    # pygame.Window); websockets' deprecated and trio APIs and its command line (the game's client
    # is websockets.sync, a host's server websockets.asyncio); decimal's pure-Python copy
    # (the C one, _decimal, is in: the hosted server's statistics import it)
    "pygame._sdl2", "pygame.freetype", "pygame._freetype", "pygame.ftfont",
    "websockets.legacy", "websockets.auth", "websockets.trio", "websockets.cli", "websockets.__main__",
    "_pydecimal",
)

#: The game's own modules the executable leaves out (issue 33 item 9): the benches, which run
#: from source beside the tests, and the duel server's own process (``game.py server``: its
#: command line, its cluster on NATS, replica, backups, event loop and timer heap), which needs
#: requirements-server.txt. The duel server's modules a network duel's host runs
#: (``server.hosted`` and what it imports) stay.
SERVER_PROCESS = tuple(f"solitaire.server.{name}" for name in (
    "cli", "cluster", "link", "replica", "backups", "streams", "loop", "heap",
))


#: On Linux the executable is PyInstaller's folder inside a script that unpacks it once
#: (``tools/exe_launcher.py``), not PyInstaller's one-file form, which unpacks at every start.
LAUNCHER = sys.platform.startswith("linux")
#: Issue 33 item 9's target for the Linux file (14.2 MB); the one-file form elsewhere carries
#: its own OpenSSL, SQLite and C++ runtime and packs with zlib, not xz.
SIZE_TARGET_MB = 15.0 if LAUNCHER else 30.0


def exe_name() -> str:
    return NAME + (".exe" if sys.platform == "win32" else "")


def package_modules(package: str = NAME) -> list[str]:
    """Every module of the game's package, found on disk (no import)."""
    base = ROOT / package
    modules = []
    for path in sorted(base.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "__pycache__" in parts:
            continue
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def _benches() -> tuple[str, ...]:
    """Every bench module of the package, found by its name: the ``solitaire.benches`` folder and
    anything else named for a bench (a new bench is left out too, wherever it is put)."""
    return tuple(module for module in package_modules() if any("bench" in part for part in module.split(".")[1:]))


LEFT_OUT = _benches() + SERVER_PROCESS

#: Files PyInstaller finds for the bundle that the executable never opens (issue 33 item 9), as
#: patterns on their names inside it: X11's client library and what it needs (found through
#: ``app/native.py``'s ``ctypes`` call, which must get the system's, the one SDL talks to the X
#: server with: 0.8 MB), pygame's default font (the game draws with its own, ``assets/fonts``) and
#: the README's picture.
LEFT_OUT_FILES = ("libX11.so*", "libXau.so*", "libXdmcp.so*", "libbsd.so*", "libmd.so*",
                  "pygame/freesansbold.ttf", "assets/screenshot.jpg") + (
    # Libraries of the system's that every Linux the executable runs on has, ABI-stable, loaded
    # from the system instead (issue 33 item 9: 3.7 MB of the one-file form). The executable
    # needs glibc 2.35 or later (its libraries' newest symbol: Ubuntu 22.04, Debian 12, Fedora 36),
    # and every such Linux has OpenSSL 3 (Python's ``_ssl``/``_hashlib`` were built against 3.0,
    # whose ABI holds for 3.x: online play over wss://, a test runs it), the C++ and GCC runtimes
    # (the libraries need GLIBCXX 3.4.30 at most: GCC 12) and SQLite 3 (the server a host runs).
    # PyInstaller carries them because it carries every library but the C library's own.
    "libssl.so*", "libcrypto.so*", "libstdc++.so*", "libgcc_s.so*", "libsqlite3.so*")

#: Put into the generated spec between its analysis and its archive: the files left out.
SPEC_FILTER = """
from fnmatch import fnmatch
left_out = {patterns!r}
a.binaries = [entry for entry in a.binaries if not any(fnmatch(entry[0], p) for p in left_out)]
a.datas = [entry for entry in a.datas if not any(fnmatch(entry[0], p) for p in left_out)]
"""
#: The flags (with their values) that only the build takes, not the spec's making.
BUILD_ONLY = {"--distpath": 1, "--workpath": 1, "--noconfirm": 0}


#: Distributions compiled with mypyc: their modules import a runtime module shipped beside the
#: package (``<hash>__mypyc``) and each other from compiled code, which PyInstaller cannot see.
COMPILED = ("openskill",)  # the duel server's ratings, which a network duel's host runs

#: Packages whose native libraries PyInstaller cannot find by following imports. Prism (issue 36:
#: speech for a screen reader) loads its cffi extension from ``prism/_native/``, a folder it adds
#: to the package's path at run time, and that extension loads ``libprism.so`` (which brings the
#: GLib libraries of ``prismatoid.libs/`` for speech-dispatcher and Orca) and ``_cffi_backend``.
#: Without them the executable imports ``prism`` and then says "no speech". Every file of that
#: folder goes in as a binary at the same place (``--collect-binaries`` leaves the extension
#: out); PyInstaller follows the libraries' own dependencies from there.
NATIVE = {"prism": "_native"}
NATIVE_IMPORTS = ("_cffi_backend",)


def native_binaries() -> list[str]:
    """``--add-binary`` values (SOURCE{pathsep}DEST) for the folders of ``NATIVE``, found
    without importing the packages; none for a package that is not installed."""
    values = []
    for package, folder in NATIVE.items():
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for place in spec.submodule_search_locations:
            for path in sorted((Path(place) / folder).glob("*")):
                if path.is_file():
                    values.append(f"{path}{os.pathsep}{package}/{folder}")
    return values


def mypyc_runtimes(distribution: str) -> list[str]:
    """The top-level ``<hash>__mypyc`` modules a mypyc-compiled distribution installs."""
    return sorted({file.name.split(".")[0] for file in metadata.files(distribution) or []
                   if "__mypyc" in file.name and "/" not in str(file)})


def game_version() -> str:
    """``solitaire.__version__``, read from the file (the package is not imported here)."""
    text = (ROOT / NAME / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if found is None:
        raise SystemExit(f"build failed: no __version__ in {ROOT / NAME / '__init__.py'}")
    return found.group(1)


def version_file_text(version: str) -> str:
    """The Windows executable's version resource (its Properties → Details), in the text form
    PyInstaller's ``--version-file`` reads."""
    numbers = tuple(int(part) for part in re.findall(r"\d+", version)[:4])
    numbers += (0,) * (4 - len(numbers))
    strings = {"CompanyName": "The Solitaire authors", "FileDescription": "Solitaire", "ProductName": "Solitaire",
               "FileVersion": version, "ProductVersion": version, "InternalName": NAME,
               "OriginalFilename": NAME + ".exe", "LegalCopyright": "Copyright (c) 2026 The Solitaire authors, MIT licence"}
    table = ", ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return (f"VSVersionInfo(ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, "
            f"OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)), kids=["
            f"StringFileInfo([StringTable('040904B0', [{table}])]), "
            f"VarFileInfo([VarStruct('Translation', [1033, 1200])])])\n")


def pyinstaller_args(dist: Path, work: Path, launcher: bool = LAUNCHER) -> list[str]:
    """The PyInstaller command line (after ``python -m PyInstaller``); with ``launcher`` a folder
    built under ``WORK/folder``, which ``exe_launcher.write`` turns into ``DIST/solitaire``."""
    args = [
        str(ROOT / "game.py"),
        "--name", NAME,
        "--onedir" if launcher else "--onefile",
        "--noconfirm",
        "--log-level", "WARN",
        "--distpath", str(work / "folder" if launcher else dist),
        "--workpath", str(work),
        "--specpath", str(work),  # the generated spec stays out of the checkout
        "--paths", str(ROOT),
        # Bytecode without docstrings and asserts (as ``python -OO``; nothing reads a docstring at
        # run time, and the asserts only narrow types): a smaller archive to unpack and load.
        "--optimize", "2",
    ]
    # Scenes and language tables are imported by name (importlib), which PyInstaller cannot see:
    # name every module of the package, so a scene or language added later is never left out.
    # (Read from the file system: ``--collect-submodules`` imports the package in a subprocess
    # that does not see the checkout, and silently collects nothing.)
    for module in package_modules():
        if module not in LEFT_OUT:
            args += ["--hidden-import", module]
    for distribution in COMPILED:
        args += ["--collect-submodules", distribution]
        for module in mypyc_runtimes(distribution):
            args += ["--hidden-import", module]
    for binary in native_binaries():
        args += ["--add-binary", binary]
    for module in NATIVE_IMPORTS:
        args += ["--hidden-import", module]
    for folder in DATA:
        # SOURCE{os.pathsep}DEST is what PyInstaller 6 documents; ':' also works everywhere now.
        args += ["--add-data", f"{ROOT / folder}{os.pathsep}{folder}"]
    for module in EXCLUDES + LEFT_OUT:
        args += ["--exclude-module", module]
    if sys.platform == "win32":
        # No console window behind the game (the JSON tools then print nothing: use the source).
        # Not on Linux, which has no such thing, nor on macOS, where PyInstaller turns a windowed
        # one-file build into a deprecated .app bundle (an error from PyInstaller 7).
        args.append("--windowed")
        version_file = work / "version.txt"
        version_file.write_text(version_file_text(game_version()), encoding="utf-8")
        args += ["--version-file", str(version_file)]  # the version in the file's properties
    if sys.platform != "win32" and shutil.which("strip"):
        args.append("--strip")
    return args


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller; return the executable's path (SystemExit with a reason on failure)."""
    for folder in DATA:
        if not (ROOT / folder).is_dir():
            raise SystemExit(f"build failed: {ROOT / folder} is missing")
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit("build failed: PyInstaller is not installed "
                         "(python -m pip install -r requirements-build.txt)") from None
    dist.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    spec_args, build_args = split_args(pyinstaller_args(dist, work))
    started = time.perf_counter()
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.makespec", *spec_args], cwd=work, env=env)
    spec = work / f"{NAME}.spec"
    if done.returncode == 0:
        spec.write_text(filtered_spec(spec.read_text(encoding="utf-8")), encoding="utf-8")
        log_level = spec_args[spec_args.index("--log-level"):][:2]
        done = subprocess.run([sys.executable, "-m", "PyInstaller", str(spec), *build_args, *log_level],
                              cwd=work, env=env)
    exe = dist / exe_name()
    if done.returncode != 0:
        raise SystemExit(f"build failed: PyInstaller exited with status {done.returncode}")
    if LAUNCHER:
        import exe_launcher

        exe_launcher.write(work / "folder" / NAME, exe, game_version())
    if not exe.is_file():
        raise SystemExit(f"build failed: PyInstaller did not produce {exe}")
    print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
    return exe


def split_args(args: list[str]) -> tuple[list[str], list[str]]:
    """PyInstaller's command line as (the spec's making, the build's): ``BUILD_ONLY`` to the build."""
    spec_args, build_args = [], []
    index = 0
    while index < len(args):
        taken = 1 + BUILD_ONLY.get(args[index], 0)
        (build_args if args[index] in BUILD_ONLY else spec_args).extend(args[index:index + taken])
        index += taken
    return spec_args, build_args


def filtered_spec(text: str) -> str:
    """The generated spec with ``LEFT_OUT_FILES`` taken out of the analysis before it is packed."""
    at = text.find("pyz = PYZ(")
    if at < 0:
        raise SystemExit("build failed: the generated spec has no PYZ(...) to put the filter before")
    return text[:at] + SPEC_FILTER.format(patterns=LEFT_OUT_FILES) + text[at:]


def smoke_env(home: Path) -> dict[str, str]:
    """Dummy drivers; the player's folder, and the cache the Linux executable unpacks into, in ``home``."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SOLITAIRE_HOME=str(home), XDG_CACHE_HOME=str(home / "cache"))
    return env


def start_times(exe: Path, runs: int = STARTS) -> list[float]:
    """Wall times of 1 + ``runs`` starts of ``EXE --smoke --frames 1`` (SystemExit if one fails):
    the first, which unpacks into an empty cache, then the later ones."""
    times = []
    with tempfile.TemporaryDirectory(prefix="solitaire-home-") as home, \
            tempfile.TemporaryDirectory(prefix="solitaire-cwd-") as cwd:
        env = smoke_env(Path(home))
        for _ in range(1 + runs):
            started = time.perf_counter()
            done = subprocess.run([str(exe), "--smoke", "--frames", "1"], cwd=cwd, env=env,
                                  capture_output=True, text=True, timeout=120)
            times.append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.stderr.write(done.stdout + done.stderr)
                raise SystemExit(f"smoke start failed: {exe} exited with status {done.returncode}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the one-file executable and measure it.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the executable goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):  # "≤" on a Windows console or pipe
        sys.stdout.reconfigure(errors="replace")
    exe = build(args.dist.resolve(), args.work.resolve())
    size_mb = exe.stat().st_size / 1e6
    print(f"executable: {exe}")
    print(f"version: {game_version()}")
    print(f"size: {size_mb:.1f} MB (target ≤ {SIZE_TARGET_MB:.0f} MB)", flush=True)
    first, *later = start_times(exe)
    if LAUNCHER:
        print(f"first start (unpacking into the cache): {first:.2f} s")
    print(f"start-up (median of {STARTS} smoke starts): {statistics.median(later):.2f} s "
          f"(target ≤ {START_TARGET_S:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
