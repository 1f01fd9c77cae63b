"""Render every card face, the backs, slots, highlights and a shadow on the felt into one PNG.

    python tools/card_gallery.py OUT.png [--width W]

Used to judge the card art by eye at the sizes the layout produces.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from solitaire.app.resources import asset_path  # noqa: E402
from solitaire.view.cardart import CardArt
from solitaire.view.felt import felt  # noqa: E402
from solitaire.view.palette import HIGHLIGHTS  # noqa: E402


def gallery(width: int) -> tuple[pygame.Surface, float]:
    """The gallery image and the seconds it took to render the 52 faces."""
    height = round(width * 1.4)
    art = CardArt((width, height))
    gap = max(6, width // 8)
    label_h = max(14, width // 7)
    columns = 13
    sheet_w = gap + columns * (width + gap)
    rows_h = [height] * 4 + [height, height, height, height + height // 2]
    sheet_h = gap + sum(r + gap + label_h for r in rows_h)
    sheet = felt((sheet_w, sheet_h)).copy()
    font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), max(11, label_h - 4))

    def caption(text: str, x: int, y: int) -> None:
        sheet.blit(font.render(text, True, (230, 240, 230)), (x, y))

    start = time.perf_counter()
    faces = [art.face(card) for card in range(52)]
    seconds = time.perf_counter() - start

    y = gap
    for suit in range(4):
        caption(f"{width}x{height}" if suit == 0 else "", gap, y)
        y += label_h
        for rank in range(13):
            sheet.blit(faces[suit * 13 + rank], (gap + rank * (width + gap), y))
        y += height + gap

    caption("backs", gap, y)
    y += label_h
    x = gap
    for name in CardArt.BACKS:
        art.set_back(name)
        sheet.blit(art.back(), (x, y))
        x += width + gap
    caption("slots: tableau, foundation ♠♥♦♣ and A, stock recycle / empty, waste", x, y - label_h)
    for kind, suit in [("tableau", None), ("foundation", 0), ("foundation", 1), ("foundation", 2),
                       ("foundation", 3), ("foundation", None), ("stock-recycle", None),
                       ("stock-empty", None), ("waste", None)]:
        sheet.blit(art.slot(kind, suit), (x, y))
        x += width + gap
    y += height + gap

    caption("highlights: " + ", ".join(HIGHLIGHTS) + "; shadow under a lifted card", gap, y)
    y += label_h
    x = gap
    for name, card in zip(HIGHLIGHTS, (12, 25, 38, 51)):
        sheet.blit(art.face(card), (x, y))
        sheet.blit(art.highlight(name), (x - art.margin, y - art.margin))
        x += width + gap + art.margin
    sheet.blit(art.highlight("drop"), (x - art.margin, y - art.margin))
    sheet.blit(art.slot("tableau"), (x, y))
    x += width + gap + art.margin
    sheet.blit(art.shadow(), (x - art.margin + width // 12, y - art.margin + width // 8))
    sheet.blit(art.face(0), (x, y))
    x += width + gap * 2
    y += height + gap

    caption("a fanned column (index strip as the tableau shows it)", gap, y)
    y += label_h
    x = gap
    fan = round(height * 0.24)
    for column, cards in enumerate([(12, 24, 10, 22, 8), (51, 37, 49, 35), (0, 14, 2, 16, 4, 18)]):
        for k, card in enumerate(cards):
            sheet.blit(art.face(card), (x, y + k * (fan // 2 if len(cards) > 5 else fan)))
        x += width + gap
    for column in range(3):
        for k in range(4):
            sheet.blit(art.back(), (x, y + k * max(4, height // 20)))
        sheet.blit(art.face(9 + column * 13), (x, y + 4 * max(4, height // 20)))
        x += width + gap
    return sheet, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--width", type=int, default=110, help="card width in pixels (height is 1.4x)")
    args = parser.parse_args(argv)
    pygame.init()
    sheet, seconds = gallery(args.width)
    pygame.image.save(sheet, str(args.out))
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}); 52 faces rendered in {seconds * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
