"""The one-file executable: built by ``tools/build_exe.py``, it runs from any folder, finds its
fonts and levels inside the bundle and writes only to the per-user folder (``SOLITAIRE_HOME``).

One build for the module (about 20–60 s), then a handful of short runs of the executable.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import exe_contents  # noqa: E402
import exe_launcher  # noqa: E402

EXE_NAME = "solitaire.exe" if sys.platform == "win32" else "solitaire"
CODE = "KL1-D1N-AAAAAAB"


def _tree(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build once into a temp folder; return (executable, build output)."""
    base = tmp_path_factory.mktemp("build")
    dist, work = base / "dist", base / "work"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_exe.py"), "--dist", str(dist), "--work", str(work)],
        capture_output=True, text=True, encoding="utf-8", errors="replace", timeout=900,
    )
    assert done.returncode == 0, f"build failed:\n{done.stdout}\n{done.stderr}"
    exe = dist / EXE_NAME
    assert exe.is_file()
    return exe, done.stdout


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """The cache the Linux executable unpacks itself into (``tools/exe_launcher.py``): one for
    the module, so only its first run unpacks."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def places(tmp_path, cache):
    """Separate folders for the working directory, the screenshots and the player's data; the cache."""
    folders = {name: tmp_path / name for name in ("cwd", "shots", "home")}
    for folder in folders.values():
        folder.mkdir()
    folders["cache"] = cache
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SOLITAIRE_HOME=str(folders["home"]), XDG_CACHE_HOME=str(folders["cache"]))
    return folders, env


def _run(exe: Path, args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=120)


def test_build_prints_its_figures(built):
    exe, output = built
    assert f"executable: {exe}" in output
    size = re.search(r"^size: ([\d.]+) MB", output, re.M)
    import build_exe

    assert size and float(size.group(1)) <= build_exe.SIZE_TARGET_MB, output
    assert re.search(r"^start-up \(median of 5 smoke starts\): [\d.]+ s", output, re.M), output
    assert ("first start (unpacking into the cache): " in output) == build_exe.LAUNCHER, output
    assert exe.stat().st_size <= build_exe.SIZE_TARGET_MB * 1e6


def test_frozen_game_runs_anywhere_and_writes_only_to_the_player_folder(built, places):
    exe, _ = built
    folders, env = places
    beside = _tree(exe.parent)
    shot = folders["shots"] / "out.png"

    done = _run(exe, ["--smoke", "--frames", "2", "--screenshot", str(shot)], folders["cwd"], env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert shot.is_file()
    import pygame

    assert min(pygame.image.load(str(shot)).get_size()) > 0

    # A new window size is remembered, in the player's folder; a one-off --lang is not.
    done = _run(exe, ["--lang", "ar", "--size", "1024x700", "--smoke", "--frames", "1"], folders["cwd"], env)
    assert done.returncode == 0, done.stdout + done.stderr
    settings = json.loads((folders["home"] / "settings.json").read_text(encoding="utf-8"))
    assert settings["window_size"] == [1024, 700] and settings.get("language") is None

    done = _run(exe, ["--fullscreen", "--smoke", "--frames", "1"], folders["cwd"], env)
    assert done.returncode == 0, done.stdout + done.stderr

    assert _tree(exe.parent) == beside, "the executable wrote files beside itself"
    assert _tree(folders["cwd"]) == set(), "the executable wrote files in the working folder"
    assert _tree(folders["shots"]) == {"out.png"}
    if exe_launcher.is_launcher(exe):  # and its one folder in the cache, unpacked at the first start
        assert {path.name for path in (folders["cache"] / "solitaire").iterdir()} == {exe_launcher.cache_id(exe)}


@pytest.mark.skipif(sys.platform == "win32", reason="the Windows build is windowed: no console output")
def test_frozen_tools_print_json(built, places):
    exe, _ = built
    folders, env = places
    done = _run(exe, ["deal", CODE], folders["cwd"], env)
    assert done.returncode == 0, done.stdout + done.stderr
    deal = json.loads(done.stdout)
    assert deal["code"] == CODE
    assert len(deal["tableau"]) == 7
    assert _tree(folders["cwd"]) == set()


def test_frozen_game_leaves_the_benches_to_the_source(built, places):
    """The executable holds no bench (issue 33 item 9): ``bench`` says so in one line, exit 2."""
    exe, _ = built
    folders, env = places
    done = _run(exe, ["bench", "--core"], folders["cwd"], env)
    assert done.returncode == 2 and "benches run from the source" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_frozen_game_carries_prism_and_speaks_through_it(built, places):
    """Issue 36: the executable carries Prism's native library, its cffi extension and the
    libraries it needs, and ``--speak`` reaches Prism (the prismatoid package "not installed" was
    the executable's line before): speech is then connected, or, where this machine has no speech
    engine, refused for that reason, never for a missing package. The lines said are logged."""
    exe, _ = built
    names = set(exe_contents.files(exe))
    assert {"prism/_native/libprism.so", "prism/_native/_prism_cffi.abi3.so"} <= names or sys.platform != "linux"
    assert any(name.startswith("_cffi_backend") for name in names)
    folders, env = places
    log = folders["home"] / "speech.log"
    done = _run(exe, ["--smoke", "--speak", "--frames", "3"], folders["cwd"], dict(env, SOLITAIRE_SPEECH_LOG=str(log)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "not installed" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert log.read_text(encoding="utf-8").startswith("en\tSolitaire. ")


def test_frozen_solver_worker_starts(built, places):
    """Thoughtful asks its worker process whether the deal can be won: in the executable that
    process is the executable again, which needs multiprocessing.freeze_support() (regression).
    """
    exe, _ = built
    folders, env = places
    done = _run(exe, ["--smoke", "--frames", "30", "--code", "TF1-D1N-AAAAAAB"], folders["cwd"], env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stderr.lower() and "Traceback" not in done.stderr, done.stderr


def test_frozen_game_has_the_online_client_and_the_server_a_host_runs(built, places):
    """The online duel from the executable: its client (websockets: ssl, http, email, …) was once
    excluded from the bundle to save space. A network duel's host runs the duel server inside
    the game (issue 25): the executable holds it, its database and its ratings. ``game.py
    server`` (its NATS cluster) runs from source: the executable says so in one line."""
    exe, _ = built
    folders, env = places
    done = _run(exe, ["--duel", "online:ws://127.0.0.1:9", "--smoke", "--autoplay", "easy"], folders["cwd"], env)
    assert done.returncode == 2 and "no connection to ws://127.0.0.1:9" in done.stderr, done.stderr
    done = _run(exe, ["server", "--port", "0"], folders["cwd"], env)
    assert done.returncode == 2 and "requirements-server.txt" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    hosting = subprocess.Popen([str(exe), "--duel", "host:0", "--listen", "127.0.0.1", "--race-seconds", "5",
                                "--smoke", "--autoplay", "easy", "--fast"], cwd=folders["cwd"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = json.loads(hosting.stdout.readline() or "null")
        assert first is not None and set(first) == {"duel_code", "port"}, hosting.stderr.read()
        joined = subprocess.run([sys.executable, str(ROOT / "game.py"), "--duel", f"join:{first['duel_code']}",
                                 "--smoke", "--autoplay", "easy", "--fast"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120, env=dict(env, SOLITAIRE_HOME=str(folders["cwd"] / "friend")))
        hosted, err = hosting.communicate(timeout=60)
    finally:
        if hosting.poll() is None:
            hosting.kill()
    assert hosting.returncode == joined.returncode == 0, err + joined.stderr
    assert json.loads(hosted)["you"] == json.loads(joined.stdout)["opponent"]  # raced through the bundled server


def test_the_executable_carries_the_notices_of_everything_it_bundles(built, places):
    """Issue 37: every library, extension and data file in the executable is the game's own or a
    work the notices list (its ``carried`` patterns); the licence texts inside it are the
    checkout's, byte for byte; ``--licenses`` prints them and ``--version`` the one version."""
    from fnmatch import fnmatch

    from solitaire import __version__
    from solitaire.app import notices

    exe, output = built
    assert f"version: {__version__}" in output
    carried = exe_contents.files(exe)
    ours = ("game", "solitaire.*", "assets/*", "levels/*")
    patterns = [pattern.lower() for work in notices.works() for pattern in work.carried]
    unnoticed = [name for name in carried if not any(fnmatch(name, own) for own in ours)
                 and not any(fnmatch(name.lower(), pattern) for pattern in patterns)]
    assert unnoticed == []
    licences = ROOT / "assets" / "licenses"
    for path in sorted(licences.iterdir()):
        assert carried[f"assets/licenses/{path.name}"] == path.read_bytes(), path.name
    assert carried["assets/fonts/LICENSE-DejaVu.txt"] == (ROOT / "assets/fonts/LICENSE-DejaVu.txt").read_bytes()

    folders, env = places
    if sys.platform != "win32":  # the Windows build is windowed: no console output
        assert _run(exe, ["--version"], folders["cwd"], env).stdout == f"Solitaire {__version__}\n"
        printed = _run(exe, ["--licenses"], folders["cwd"], env)
        assert printed.returncode == 0 and printed.stdout == notices.licenses_report()


@pytest.mark.skipif(sys.platform != "linux", reason="Linux's executable loads these from the system")
def test_the_linux_executable_takes_openssl_sqlite_and_the_cxx_runtime_from_the_system(built):
    """Issue 33 item 9: libraries every Linux it runs on has (``build_exe.LEFT_OUT_FILES``) are not
    carried; what needs them still works (the online duel over wss:// in the next test, a host's
    server in the one before)."""
    from fnmatch import fnmatch

    import build_exe

    exe, _ = built
    names = exe_contents.files(exe)
    system = ("libssl.so*", "libcrypto.so*", "libstdc++.so*", "libgcc_s.so*", "libsqlite3.so*")
    assert set(system) <= set(build_exe.LEFT_OUT_FILES)
    assert [name for name in names if any(fnmatch(name.rsplit("/", 1)[-1], pattern) for pattern in system)] == []
    assert any(name.startswith("python3.11/lib-dynload/_ssl.") for name in names)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="makes its certificate with openssl")
def test_frozen_game_plays_online_over_wss(built, places):
    """The executable's client (its ``_ssl`` with the system's OpenSSL on Linux) races a source
    game through a wss:// server with a certificate it trusts through ``SSL_CERT_FILE``."""
    exe, _ = built
    folders, env = places
    cert, key = folders["home"] / "cert.pem", folders["home"] / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    server = subprocess.Popen([sys.executable, "game.py", "server", "--data", str(folders["cwd"].parent / "data"),
                               "--port", "0", "--count-seconds", "0.2", "--one-address", "--race-seconds", "5",
                               "--tls-cert", str(cert), "--tls-key", str(key)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = json.loads(server.stdout.readline() or "null")["listening"]
        assert url.startswith("wss://127.0.0.1:")
        trusting = dict(env, SSL_CERT_FILE=str(cert))
        play = ["--duel", f"online:{url}", "--smoke", "--autoplay", "easy", "--fast"]
        frozen = subprocess.Popen([str(exe), *play, "--name", "Frozen"], cwd=folders["cwd"], env=trusting,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        source = subprocess.run([sys.executable, "game.py", *play, "--name", "Source"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120, env=dict(trusting, SOLITAIRE_HOME=str(folders["cwd"].parent / "friend")))
        out, err = frozen.communicate(timeout=60)
    finally:
        server.terminate()
        server.wait(10)
    assert frozen.returncode == source.returncode == 0, err + source.stderr
    frozen_line, source_line = (json.loads(text.strip().splitlines()[-1]) for text in (out, source.stdout))
    assert (frozen_line["opponent_name"], source_line["opponent_name"]) == ("Source", "Frozen")
    assert frozen_line["duel"] == source_line["duel"] and frozen_line["you"] == source_line["opponent"]
