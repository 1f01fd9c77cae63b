"""``bench --layout`` (issue 22): the card sizes it prints are the real scenes' own."""

from __future__ import annotations

import pygame
import pytest

from solitaire import bench_layout


def test_card_sizes_come_from_the_scenes_and_match_the_anchors(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench_layout, "SIZES", ((1920, 1059),))
    try:
        bench_layout.run_layout_bench()
    finally:
        pygame.display.quit()
    rows = {line.split()[0]: line.split()[1] for line in capsys.readouterr().out.splitlines()[2:]}
    assert set(rows) == {"Klondike", "Double", "Thoughtful", "Duel"}
    width = {name: int(size.split("×")[0]) for name, size in rows.items()}
    assert width["Klondike"] >= 164 and width["Thoughtful"] >= 164  # KPatience's, in this window
    assert width["Duel"] < width["Klondike"]  # the Duel's panels take their share of the width
