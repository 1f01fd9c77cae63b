"""Card backs: the patterned backs (lattice, diamonds) in each colour. ``BackArt`` is the
backs' part of ``CardArt``: it reads the card size and radius ``CardArt`` keeps.
"""

from __future__ import annotations

import pygame

from solitaire.view.paint import mask_to, rrect, rrect_mask, sample_factor, supersample


class BackArt:
    # -- backs --

    def _render_back(self, name: str) -> pygame.Surface:
        w, h = self._size
        f = sample_factor(w)
        base, light, accent = {
            "blue": ((22, 54, 112), (54, 98, 176), (150, 186, 236)),
            "red": ((112, 22, 40), (150, 40, 58), (224, 176, 96)),
            "green": ((18, 84, 62), (38, 122, 90), (196, 226, 170)),
        }[name]

        def draw(s: pygame.Surface, f: float) -> None:
            full = pygame.Rect(0, 0, s.get_width(), s.get_height())
            rrect(s, self.style.border, full, self._radius * f)
            border = round(self.border_width() * f)
            rrect(s, self.style.card, full.inflate(-2 * border, -2 * border), (self._radius - 1) * f)
            inner = full.inflate(-round(w * 0.12 * f), -round(w * 0.12 * f))
            radius = self._radius * 0.6 * f
            pattern = pygame.Surface(s.get_size(), pygame.SRCALPHA)
            pattern.fill(base)
            line = max(1, round(f * max(1.0, w / 90)))
            if name == "red":
                self._diamonds(pattern, inner, w * 0.11 * f, light, accent, line)
            else:
                self._lattice(pattern, inner, w * 0.1 * f, light, accent, line)
            mask_to(pattern, rrect_mask(s.get_size(), inner, radius))
            s.blit(pattern, (0, 0))
            frame = inner.inflate(-round(w * 0.07 * f), -round(w * 0.07 * f))
            rrect(s, accent, frame, radius * 0.6, line)
            rrect(s, accent, inner, radius, line)

        return supersample(self._size, f, draw, self.style.border)

    @staticmethod
    def _lattice(s: pygame.Surface, area: pygame.Rect, step: float, light: tuple[int, int, int],
                 accent: tuple[int, int, int], line: int) -> None:
        """Diagonal trellis with a dot at every crossing, centred on the card."""
        cx, cy = area.center
        n = int(max(area.w, area.h) / step) + 2
        for i in range(-n, n + 1):
            d = i * step
            pygame.draw.line(s, light, (cx + d - area.h, cy - area.h), (cx + d + area.h, cy + area.h), line)
            pygame.draw.line(s, light, (cx + d + area.h, cy - area.h), (cx + d - area.h, cy + area.h), line)
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x = cx + (i + j) * step / 2
                y = cy + (j - i) * step / 2
                if area.left - step < x < area.right + step and area.top - step < y < area.bottom + step:
                    pygame.draw.circle(s, accent, (x, y), line * 1.4)

    @staticmethod
    def _diamonds(s: pygame.Surface, area: pygame.Rect, step: float, light: tuple[int, int, int],
                  accent: tuple[int, int, int], line: int) -> None:
        """Argyle: alternating shaded diamonds outlined in gold, centred on the card."""
        cx, cy = area.center
        half_w, half_h = step / 2, step * 0.7
        cols = int(area.w / step) + 3
        rows = int(area.h / (half_h * 2)) + 3
        for j in range(-rows, rows + 1):
            for i in range(-cols, cols + 1):
                x = cx + i * step + (half_w if j % 2 else 0)
                y = cy + j * half_h
                points = [(x, y - half_h), (x + half_w, y), (x, y + half_h), (x - half_w, y)]
                if (i + j) % 2 == 0:
                    pygame.draw.polygon(s, light, points)
                pygame.draw.polygon(s, accent, points, max(1, line // 2))
