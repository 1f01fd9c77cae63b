"""``bench --layout`` (issue 22): the card sizes it prints are the real scenes' own."""

from __future__ import annotations

import pygame
import pytest

from solitaire.benches import layout as bench_layout
from solitaire.core.rules import REGISTRY


def test_card_sizes_come_from_the_scenes_and_match_the_anchors(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench_layout, "SIZES", ((1920, 1059),))
    try:
        bench_layout.run_layout_bench()
    finally:
        pygame.display.quit()
    rows = {line[2:24].strip(): line[24:].strip() for line in capsys.readouterr().out.splitlines()[2:]}
    assert set(rows) == {rules.name for rules in map(REGISTRY.get, REGISTRY.ids())}
    width = {name: int(size.split("×")[0]) for name, size in rows.items()}
    assert width["Klondike"] >= 164 and width["Thoughtful Solitaire"] >= 164  # KPatience's, here
    assert width["Duel"] < width["Klondike"]  # the Duel's panels take their share of the width


def test_the_chooser_bench_draws_every_games_picture(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34: the title's pictures, each drawn once, all of them within a few frames."""
    monkeypatch.setattr(bench_layout, "CHOOSER_SIZES", ((1280, 720),))
    try:
        bench_layout.run_chooser_bench()
    finally:
        pygame.display.quit()
    line = capsys.readouterr().out.splitlines()[1]
    games = len(REGISTRY.title_games())
    assert line.startswith(f"  1280×720: {games} games, pictures ")
    frames = int(line.split(" frames")[0].rsplit(" ", 1)[1])
    assert 1 <= frames <= games + 1 and line.endswith(" MB") and not line.endswith(" 0.0 MB")
