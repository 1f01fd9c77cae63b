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
    spec_args, build_args = build_exe.split_args(build_exe.pyinstaller_args(Path("dist"), Path("build"), launcher=False))
    assert build_args == ["--noconfirm", "--distpath", "dist", "--workpath", "build"]
    assert spec_args[0].endswith("game.py") and "--onefile" in spec_args and "--specpath" in spec_args


def test_linux_builds_a_folder_for_the_launcher_to_pack():
    """Issue 33 item 9: on Linux PyInstaller builds a folder under the work folder (its bootloader
    starts Python from files on the disk), which ``tools/exe_launcher.py`` packs into DIST/solitaire."""
    spec_args, build_args = build_exe.split_args(build_exe.pyinstaller_args(Path("dist"), Path("build"), launcher=True))
    assert build_args == ["--noconfirm", "--distpath", str(Path("build") / "folder"), "--workpath", "build"]
    assert "--onedir" in spec_args and "--onefile" not in spec_args
    assert build_exe.LAUNCHER == sys.platform.startswith("linux")


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


#: Left out of the executable (issue 33 item 9), with what the game uses instead.
NEVER_USED = ("pygame._sdl2", "pygame.freetype", "pygame._freetype", "pygame.ftfont", "websockets.legacy",
              "websockets.auth", "websockets.trio", "websockets.cli", "websockets.__main__", "_pydecimal")


def test_the_modules_left_out_of_the_executable_are_imported_by_nothing_of_the_game():
    """A module the spec leaves out must stay unused: an import of one anywhere in the package
    (at any depth, read with ast) would fail in the executable only."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_layers import imported_modules

    excluded = named("--exclude-module")
    assert set(NEVER_USED) <= excluded
    package = ROOT / "solitaire"
    for path in package.rglob("*.py"):
        if "benches" in path.parts:  # left out of the executable themselves
            continue
        for line, module in imported_modules(path):
            hit = [gone for gone in NEVER_USED if module == gone or module.startswith(gone + ".")]
            assert not hit, f"{path.relative_to(ROOT)}:{line} imports {module}, which the executable leaves out"


def test_the_contents_report_puts_each_kind_of_file_in_its_group():
    import exe_contents

    groups = {name: exe_contents.group_of(name) for name in (
        "PYZ.pyz", "libpython3.11.so.1.0", "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
        "prismatoid.libs/libgiomm-2-3ae7397a.68.so.1.3.0", "prism/_native/libprism.so", "libcrypto.so.3",
        "pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6", "pygame_ce.libs/libtiff-9370c332.so.6.3.0",
        "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "assets/fonts/DejaVuSans.ttf", "levels/klondike.toml",
        "libuuid.so.1")}
    assert groups["libpython3.11.so.1.0"] == groups["python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so"]
    assert groups["prism/_native/libprism.so"] == groups["prismatoid.libs/libgiomm-2-3ae7397a.68.so.1.3.0"]
    assert groups["pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6"].startswith("SDL_mixer")
    assert groups["pygame_ce.libs/libtiff-9370c332.so.6.3.0"].startswith("SDL_image")
    assert groups["pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10"].startswith("SDL, SDL_ttf")
    assert groups["libuuid.so.1"] == exe_contents.OTHER
    assert len(set(groups.values())) == 10
    rows = [(name, 10, 20) for name in groups]
    assert sum(packed for packed, _, _ in exe_contents.by_group(rows).values()) == 10 * len(rows)
