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
