"""Issue 12: every bad value on the command line is one line on stderr and exit 2.

Called in the test process (``game.main``), which is what ``python game.py ...`` runs: each of
these gave a traceback or "internal error" before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import game

BIG = "9" * 5000


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
