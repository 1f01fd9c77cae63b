"""The Linux executable's launcher (issue 33 item 9, ``tools/exe_launcher.py``): one file that
unpacks its folder into the player's cache at the first start only, then starts from there.

Tried on a small folder whose "bootloader" is a shell script that prints where it runs and its
arguments (tests/test_build.py runs the real one)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import exe_launcher  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32" or shutil.which("xz") is None,
                                reason="the launcher is a POSIX shell script that unpacks with tar and xz")


def _folder(tmp_path: Path, says: str) -> Path:
    folder = tmp_path / f"folder-{says}"
    (folder / "_internal" / "assets").mkdir(parents=True)
    (folder / "_internal" / "assets" / "note.txt").write_text(says)
    game = folder / "solitaire"
    game.write_text('#!/bin/sh\necho "$(cat "$(dirname "$0")/_internal/assets/note.txt") $0 $*"\n')
    game.chmod(0o755)
    return folder


def _start(exe: Path, cache: Path | str, *args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ["PATH"], "XDG_CACHE_HOME": str(cache), **({"HOME": str(home)} if home else {})}
    return subprocess.run([str(exe), *args], cwd=exe.parent, env=env, capture_output=True, text=True, timeout=30)


def test_the_first_start_unpacks_into_the_cache_and_later_ones_reuse_it(tmp_path):
    exe = exe_launcher.write(_folder(tmp_path, "one"), tmp_path / "solitaire", "1.2.0")
    cache = tmp_path / "cache"
    first = _start(exe, cache, "--lang", "ar", "two words")
    assert first.returncode == 0, first.stderr
    place = cache / "solitaire" / exe_launcher.cache_id(exe)
    assert first.stdout == f"one {place}/solitaire --lang ar two words\n"
    assert sorted(p.name for p in (cache / "solitaire").iterdir()) == [place.name]  # no scratch folder left
    (place / "_internal" / "assets" / "note.txt").write_text("kept")  # a later start does not unpack again
    assert _start(exe, cache).stdout == f"kept {place}/solitaire \n"
    assert exe_launcher.payload_files(exe) == {"solitaire": (place / "solitaire").read_bytes(),
                                               "_internal/assets/note.txt": b"one"}


def test_a_new_build_replaces_the_old_ones_folder_and_a_damaged_folder_is_unpacked_again(tmp_path):
    cache = tmp_path / "cache"
    old = exe_launcher.write(_folder(tmp_path, "old"), tmp_path / "solitaire", "1.1.0")
    assert _start(old, cache).returncode == 0
    old_id = exe_launcher.cache_id(old)
    new = exe_launcher.write(_folder(tmp_path, "new"), tmp_path / "solitaire", "1.1.0")  # same version, other files
    assert exe_launcher.cache_id(new) != old_id and exe_launcher.cache_id(new).startswith("exe-1.1.0-")
    assert _start(new, cache).stdout.startswith("new ")
    place = cache / "solitaire" / exe_launcher.cache_id(new)
    assert sorted(p.name for p in (cache / "solitaire").iterdir()) == [place.name]
    (place / "solitaire").unlink()  # damaged: its bootloader deleted
    assert _start(new, cache).stdout.startswith("new ")
    assert (place / "solitaire").is_file()


def test_a_cache_it_cannot_write_says_so_in_one_line(tmp_path):
    exe = exe_launcher.write(_folder(tmp_path, "one"), tmp_path / "solitaire", "1.2.0")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = _start(exe, blocker)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"solitaire: cannot write to {blocker}/solitaire to unpack the game\n"


def test_a_damaged_file_says_so_in_one_line_and_leaves_nothing(tmp_path):
    exe = exe_launcher.write(_folder(tmp_path, "one"), tmp_path / "solitaire", "1.2.0")
    exe.write_bytes(exe.read_bytes()[:-200])  # cut short: xz finds its archive incomplete
    cache = tmp_path / "cache"
    done = _start(exe, cache)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert "cannot unpack the game" in done.stderr
    assert list((cache / "solitaire").iterdir()) == []


def test_without_an_absolute_xdg_cache_home_it_unpacks_under_home(tmp_path):
    """The XDG specification: a relative ``XDG_CACHE_HOME`` is ignored (it would unpack into
    whatever folder the game was started from); ``$HOME/.cache`` then."""
    exe = exe_launcher.write(_folder(tmp_path, "one"), tmp_path / "solitaire", "1.2.0")
    home = tmp_path / "home"
    for cache in ("", "relative/cache"):
        done = _start(exe, cache, home=home)
        assert done.stdout == f"one {home}/.cache/solitaire/{exe_launcher.cache_id(exe)}/solitaire \n", done.stderr
    assert not (tmp_path / "relative").exists()


def test_an_earlier_builds_folder_stays_while_a_game_runs_from_it(tmp_path):
    """A player who starts a new version while the old one still runs: the old one's folder holds
    libraries it may still load, so it stays until a later first start finds it unused."""
    cache = tmp_path / "cache"
    folder = tmp_path / "folder-running"
    (folder / "_internal").mkdir(parents=True)
    shutil.copy2(shutil.which("sleep"), folder / "solitaire")  # a real binary: /proc/PID/exe names it
    old = exe_launcher.write(folder, tmp_path / "solitaire", "1.1.0")
    running = subprocess.Popen([str(old), "30"], env={"PATH": os.environ["PATH"], "XDG_CACHE_HOME": str(cache)})
    try:
        old_place = cache / "solitaire" / exe_launcher.cache_id(old)
        for _ in range(200):  # until the launcher has replaced itself with the folder's binary
            if os.path.realpath(f"/proc/{running.pid}/exe") == str(old_place / "solitaire"):
                break
            time.sleep(0.05)
        (tmp_path / "new").mkdir()
        new = exe_launcher.write(_folder(tmp_path, "new"), tmp_path / "new" / "solitaire", "1.2.0")
        assert _start(new, cache).stdout.startswith("new ")
        assert old_place.is_dir()  # in use: kept
    finally:
        running.kill()
        running.wait()
    (tmp_path / "newer").mkdir()
    newer = exe_launcher.write(_folder(tmp_path, "newer"), tmp_path / "newer" / "solitaire", "1.3.0")
    assert _start(newer, cache).stdout.startswith("newer ")
    assert sorted(p.name for p in (cache / "solitaire").iterdir()) == [exe_launcher.cache_id(newer)]


def test_a_scratch_folder_a_killed_first_start_left_goes_after_an_hour(tmp_path):
    cache = tmp_path / "cache" / "solitaire"
    stale, fresh = cache / ".unpacking-stale", cache / ".unpacking-fresh"
    stale.mkdir(parents=True)
    fresh.mkdir()
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    exe = exe_launcher.write(_folder(tmp_path, "one"), tmp_path / "solitaire", "1.2.0")
    assert _start(exe, tmp_path / "cache").returncode == 0
    assert not stale.exists() and fresh.is_dir()  # a fresh one may be another start's, still unpacking
