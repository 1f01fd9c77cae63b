"""What the one-file build is told to hold, read from its PyInstaller command line without
building (tests/test_build.py builds it): the benches and the duel server's own process (its
NATS cluster, its command line) are left out; the server a network duel's host runs stays
(issue 33 item 9)."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_exe  # noqa: E402


def named(flag: str) -> set[str]:
    args = build_exe.pyinstaller_args(Path("dist"), Path("build"))
    return {args[i + 1] for i, arg in enumerate(args) if arg == flag}


def test_the_benches_and_the_servers_own_process_are_left_out():
    hidden, excluded = named("--hidden-import"), named("--exclude-module")
    benches = {m for m in build_exe.package_modules() if m.startswith("solitaire.benches")}
    assert {"solitaire.benches.command", "solitaire.benches.frames", "solitaire.benches.server_players"} <= benches
    assert benches <= excluded and not benches & hidden
    for module in ("solitaire.server.cluster", "solitaire.server.cli", "solitaire.server.link", "nats"):
        assert module in excluded and module not in hidden


def test_what_a_host_and_a_player_run_stays_in():
    hidden, excluded = named("--hidden-import"), named("--exclude-module")
    for module in ("solitaire.server.hosted", "solitaire.server.service", "solitaire.server.store",
                   "solitaire.entry.hosting", "solitaire.net.online", "solitaire.scenes.duel.duel", "solitaire.main"):
        assert module in hidden and module not in excluded


def test_the_spec_leaves_out_the_files_the_executable_never_opens():
    """X11's client library (the system's is the one to load), pygame's default font and the
    README's picture: found by PyInstaller, taken out of the analysis before it is packed."""
    spec = "a = Analysis(['game.py'])\npyz = PYZ(a.pure)\nexe = EXE(pyz, a.binaries, a.datas)\n"
    analysis = {"binaries": [("libX11.so.6", "/usr/lib/libX11.so.6", "BINARY"),
                             ("libbsd.so.0", "/usr/lib/libbsd.so.0", "BINARY"),
                             ("libSDL2-2.0.so.0", "/x/libSDL2-2.0.so.0", "BINARY")],
                "datas": [("pygame/freesansbold.ttf", "/x/freesansbold.ttf", "DATA"),
                          ("assets/screenshot.jpg", "/x/screenshot.jpg", "DATA"),
                          ("assets/fonts/DejaVuSans.ttf", "/x/DejaVuSans.ttf", "DATA")]}
    filtered = build_exe.filtered_spec(spec)
    assert filtered.index("left_out") < filtered.index("pyz = PYZ(")
    a = type("Analysis", (), dict(analysis))()
    exec(filtered[filtered.index("from fnmatch"):filtered.index("pyz = PYZ(")], {"a": a})
    assert [name for name, *_ in a.binaries] == ["libSDL2-2.0.so.0"]
    assert [name for name, *_ in a.datas] == ["assets/fonts/DejaVuSans.ttf"]


def test_the_build_only_flags_go_to_the_build_and_the_rest_to_the_spec():
    spec_args, build_args = build_exe.split_args(build_exe.pyinstaller_args(Path("dist"), Path("build")))
    assert build_args == ["--noconfirm", "--distpath", "dist", "--workpath", "build"]
    assert spec_args[0].endswith("game.py") and "--onefile" in spec_args and "--specpath" in spec_args


def test_prism_goes_in_with_its_native_library_and_cffi():
    """Issue 36: Prism loads ``_prism_cffi`` from ``prism/_native/`` (a folder it adds to its path
    at run time, which PyInstaller cannot follow), which loads ``libprism.so`` and needs
    ``_cffi_backend``: without them the executable said "no speech" (the prismatoid package is
    not installed). Both files go in at the place Prism looks for them."""
    args = build_exe.pyinstaller_args(Path("dist"), Path("build"))
    binaries = [args[i + 1] for i, arg in enumerate(args) if arg == "--add-binary"]
    placed = {Path(value.rsplit(os.pathsep, 1)[0]).name.split(".")[0]: value.rsplit(os.pathsep, 1)[1]
              for value in binaries}
    library = "prism" if sys.platform == "win32" else "libprism"
    assert placed.get("_prism_cffi") == placed.get(library) == "prism/_native", binaries
    assert "_cffi_backend" in named("--hidden-import")
