"""Issue 12: every bad value on the command line is one line on stderr and exit 2.

Called in the test process (``game.main``), which is what ``python game.py ...`` runs: each of
these gave a traceback or "internal error" before.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
from solitaire.core.position import MAX_DEAL_FILE_BYTES
from solitaire.core.quote import QUOTE_LIMIT

BIG = "9" * 5000
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def big_deal(tmp_path: Path) -> str:
    path = tmp_path / "deal.json"
    path.write_text('{"game": "klondike", "draw": ' + BIG + "}")
    return str(path)


def exit_status(argv: list[str]) -> int:
    try:
        return game.main(argv)
    except SystemExit as stop:  # argparse's way out
        return int(stop.code or 0)


@pytest.mark.parametrize("argv", [
    ["deal", "KL1-D²N-AAAAAAB"],
    ["replay", "KL1-D³N-AAAAAAB", "s"],
    ["--code", "KL1-D¹N-AAAAAAB"],
    ["--size", "99999999999999999999x10"],
    ["--size", "1280×720"],
    ["--size", "0x600"],
    ["--size", "١٢٨٠x٧٢٠"],
    ["--frames", "²"],
    ["--screenshot", "/nonexistent/x.png", "--smoke"],
    ["--smoke", "--scene", "no-such-scene"],
    ["--no-such-option"],
    ["bench", "--no-such-option"],
], ids=lambda argv: " ".join(argv))
def test_a_bad_value_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_an_integer_of_thousands_of_digits_in_a_deal_file_is_one_line(command: str, big_deal: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status([command, "--deal", big_deal]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid JSON" in err


@pytest.mark.parametrize("scene", ["win", "menu", "confirm", "notice"])
def test_a_scene_asked_for_alone_starts_or_says_why_not_in_one_line(scene: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    status = exit_status(["--smoke", "--frames", "2", "--scene", scene, "--screenshot", str(tmp_path / "s.png")])
    err = capsys.readouterr().err
    assert status in (0, 2) and "Traceback" not in err and "internal error" not in err, err
    assert (status == 0) == (tmp_path / "s.png").exists()
    assert status == 0 or err.count("\n") == 1


def test_a_good_size_still_reads(tmp_path: Path) -> None:
    shot = tmp_path / "s.png"
    assert exit_status(["--smoke", "--frames", "2", "--size", "1000x640", "--screenshot", str(shot)]) == 0
    import pygame

    assert pygame.image.load(str(shot)).get_size() == (1000, 640)


# Issue 23 -------------------------------------------------------------------------------------


def tool(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``python game.py ARGV`` in its own process: a hang fails the test (timeout), never the run."""
    env = dict(os.environ, SOLITAIRE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "game.py"), *argv], env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("argv", [["deal"], ["replay"], ["solve"], ["replay", "s"]], ids=" ".join)
def test_a_fifo_as_a_deal_file_is_one_line_and_exit_2_not_a_hang(argv: list[str], tmp_path: Path) -> None:
    """``mkfifo f; game.py deal --deal f`` waited for a writer for ever."""
    fifo = tmp_path / "deal.json"
    os.mkfifo(fifo)
    done = tool(argv[0], "--deal", str(fifo), *argv[1:], home=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "not a regular file" in done.stderr


@pytest.mark.parametrize("name", ["/dev/zero", "folder"])
def test_a_device_or_a_folder_as_a_deal_file_is_one_line(name: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = name if name.startswith("/") else str(tmp_path)
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    assert exit_status(["deal", "--deal", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("not a regular file" in err or "a folder" in err), err


def test_a_deal_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_DEAL_FILE_BYTES + 1)  # sparse: its size alone says no
    assert exit_status(["solve", "--deal", str(big)]) == 2
    assert f"larger than {MAX_DEAL_FILE_BYTES} bytes" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["long", "/dev/null", "/dev/full"])
def test_a_screenshot_that_cannot_be_written_is_one_line_and_exit_2(target: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A 300-character name gave a traceback; /dev/null and /dev/full an internal error and crash.log."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    path = str(tmp_path / ("a" * 300 + ".png")) if target == "long" else target
    if target != "long" and not os.path.exists(target):
        pytest.skip(f"no {target} here")
    assert exit_status(["--smoke", "--frames", "2", "--screenshot", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err
    assert len(err) < 200 and not (tmp_path / "crash.log").exists()


def test_a_screenshot_the_disk_refuses_after_the_run_is_one_line_and_exit_2(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The picture is written once the run is over: a disk full by then is said in one line, and
    the run has ended as every run does (its settings saved)."""
    import pygame

    def full_disk(surface: object, path: str) -> None:
        raise pygame.error(f"Error writing to datastream: {os.strerror(28)}")

    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    monkeypatch.setattr(pygame.image, "save", full_disk)
    assert exit_status(["--smoke", "--frames", "2", "--size", "1000x640", "--screenshot", str(tmp_path / "s.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err and "internal error" not in err, err
    assert json.loads((tmp_path / "settings.json").read_text())["window_size"] == [1000, 640]


LONG = "x" * 100_000


@pytest.mark.parametrize("argv", [
    ["deal", "KL1-" + LONG],
    ["replay", "KL1-D1N-AAAAAAB", "t" + LONG],
    ["replay", "KL1-D1N-AAAAAAB", "t" + "9" * 5000 + ">t1"],
    ["solve", "KL1-D1N-AAAAAAB", "--budget", LONG],
    ["--size", LONG],
    ["--frames", "9" * 5000],
    ["--lang", LONG],
    ["--duel", "computer:" + LONG],
    ["--duel", "host:" + "9" * 5000],
    ["--duel", "join:1.2.3.4:" + "9" * 5000 + ":AAAAAAA"],
    ["--duel", "join:" + LONG],
    ["deal", "KL1-D1N-AAAAAAB", LONG],
], ids=lambda argv: f"{argv[0]} {argv[-1][:12]}…")
def test_an_error_line_quotes_at_most_about_60_characters_of_the_bad_value(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A code or a move of 100 KB gave an error line of 100 KB."""
    assert exit_status(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err[:300]
    assert len(err) < 300, err
    longest = QUOTE_LIMIT + 8  # argparse's own messages: each word clipped, its punctuation kept
    assert "x" * (longest + 1) not in err and "9" * (longest + 1) not in err


@pytest.mark.parametrize("deal", [
    {"game": LONG},
    {"game": "klondike", "draw": LONG},
    {"game": "klondike", "scoring": LONG},
    {"game": "klondike", "code": LONG},
    {"game": "klondike", "tableau": [[LONG]] + [[]] * 6, "stock": [], "waste": [], "foundations": [[]] * 4},
    {"game": "klondike", "tableau": [["AS"]] + [[]] * 6, "stock": [LONG], "waste": [], "foundations": [[]] * 4},
])
def test_a_long_string_in_a_deal_file_is_quoted_short(deal: dict, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A 900 KB string in a deal file gave a 900 KB error line."""
    path = tmp_path / ("d" * 200 + ".json")
    path.write_text(json.dumps(deal))
    assert exit_status(["deal", "--deal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300, err[:300]


MS_BIG = "FC1-MS-" + "9" * 5000


@pytest.mark.parametrize("argv", [
    ["deal", MS_BIG],
    ["replay", MS_BIG, "t1>f"],
    ["solve", MS_BIG],
    ["--code", MS_BIG],
], ids=lambda argv: argv[0])
def test_a_freecell_deal_number_of_thousands_of_digits_is_one_line(argv: list[str],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: int() read the number before its length was checked, and Python refuses to
    read 5,000 digits: a traceback."""
    assert exit_status(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "Microsoft deal number" in err, err[:300]


def test_a_freecell_deal_number_of_thousands_of_digits_in_a_deal_files_code_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"game": "freecell", "code": MS_BIG}))
    assert exit_status(["deal", "--deal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err[:300]


@pytest.mark.parametrize("code", ["KL1\nD1N", "KL1-D1N-AAAA\x1b[2JAAB", "KL1\tD1N\r"])
def test_control_characters_in_a_code_are_quoted_in_one_line(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: ``--code $'KL1\\nD1N'`` printed a two-line error; an escape reached the terminal."""
    assert exit_status(["--code", code]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\r" not in err and "\t" not in err, err
    assert "\\" in err, err  # each written as its escape


@pytest.mark.parametrize("argv", [
    ["bench", "--opponent", "--deals", "99999999999999999999"],
    ["bench", "--opponent", "--deals", "100001"],
    ["bench", "--server", "--against", "README.md"],
    ["bench", "--server", "--against", "solitaire/__init__.py"],
    ["bench", "--db", "postgresql://postgres@127.0.0.1:1/x"],  # issue 35: --db goes with --store
    ["bench", "--store", "--db", "mysql://x"],
    ["bench", "--store", "--db", "postgresql://postgres@127.0.0.1:1/x"],  # no database answers there
], ids=lambda argv: " ".join(argv[1:]))
def test_a_bench_asked_for_what_it_cannot_do_is_refused_at_once(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: both were taken and the bench ran on (an opponent bench of 10^20 deals, a
    server bench against a file that is no game.py). Before the fix this test runs the bench."""
    monkeypatch.chdir(ROOT)
    assert exit_status(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err


def test_another_checkouts_game_py_is_what_against_takes() -> None:
    from solitaire.benches.command import _is_game_py

    assert _is_game_py(ROOT / "game.py")
    assert not _is_game_py(ROOT / "README.md") and not _is_game_py(ROOT / "solitaire")
