"""The keyboard's focus on a table's board, where arrow keys walk between the table's places,
Enter clicks and Shift+Enter picks cards up and puts them down (the table's shortcuts are the
scene's: ``TableScene.handle``).

The board is one stop in the Tab order; inside it the focus is a pile and a depth (how many
cards from the top of a column the focused card is), moved on screen order, so the keys follow
the mirrored table in right-to-left languages too.
"""

from __future__ import annotations

import pygame

from solitaire.app import ui
from solitaire.core import STOCK, TABLEAU, Pile, intents
from solitaire.play import spoken
from solitaire.scenes.table.interface import Table

#: Each arrow's step on screen, across and down.
ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
#: The keys that focus the board when nothing has the focus yet.
BOARD_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER)


class BoardFocus(ui.Widget):
    """The table as one stop in the Tab order; arrow keys then move between board places."""

    def __init__(self, table: Table, pile: Pile = Pile(STOCK), depth: int = 1) -> None:
        """Focus at ``pile`` and ``depth`` (a board made anew for another language keeps the
        last one's)."""
        super().__init__()
        self.table = table
        self.pile = pile
        self.depth = depth

    def reset(self) -> None:
        """Back to the first place of the top row (the stock where there is one): another
        game's places may not exist on this table.
        """
        piles = self.table.layout.piles()
        self.pile, self.depth = (Pile(STOCK) if Pile(STOCK) in piles else self.places()[0][0]), 1

    def put(self, pile: Pile, depth: int = 1) -> None:
        """The focus on ``pile``, ``depth`` cards from its top (a key that jumps there)."""
        self.pile, self.depth = pile, depth

    def place(self) -> tuple[Pile, int]:
        """The focused place and depth, back at the first place if the pile is not on this
        table (a game without a stock, FC-1).
        """
        if self.pile not in self.table.layout.piles():
            self.reset()
        return self.pile, self.depth

    def spoken(self) -> str:
        """The focused place, as a screen reader says it (issue 36)."""
        pile, depth = self.place()
        return spoken.place_words(self.table.game, pile, depth)

    def handle_key(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and self.board_key(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focused card gets its own ring, drawn by the scene."""

    def places(self) -> list[list[Pile]]:
        """Board positions in rows, each ordered left to right on screen: the piles above the
        columns, then the columns; or, where the piles lie at places (TP-1), every row of
        places as the screen shows it, top to bottom."""
        layout = self.table.layout
        if self.table.game.rules.places:
            rows: dict[int, list[Pile]] = {}
            for pile in layout.piles():
                rows.setdefault(layout.pile_origin(pile)[1], []).append(pile)
            return [sorted(rows[y], key=lambda p: layout.pile_origin(p)[0]) for y in sorted(rows)]
        top = [p for p in layout.piles() if p.kind != TABLEAU]
        columns = [p for p in layout.piles() if p.kind == TABLEAU]
        return [sorted(top, key=lambda p: (layout.pile_origin(p)[1], layout.pile_origin(p)[0])),
                sorted(columns, key=lambda p: layout.pile_origin(p)[0])]

    def board_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        self.place()
        if key in ARROW_STEPS and self.table.game.rules.places:
            self._to_place(*ARROW_STEPS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._sideways(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._vertical(key == pygame.K_UP)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter(bool(event.mod & pygame.KMOD_SHIFT))
        else:
            return False
        return True

    def _to_place(self, across: int, down: int) -> None:
        """Where piles lie at places (TP-1): the nearest place holding a card (or the stock, or
        the pile) in the arrow's direction on screen: beside it in its row, or in the next row
        above or below with a card, the one nearest across."""
        layout, game = self.table.layout, self.table.game
        x, y = layout.pile_origin(self.pile)
        held = [pile for row in self.places() for pile in row if pile.kind != TABLEAU or game.tableau[pile.index]]
        spots = [(pile, *layout.pile_origin(pile)) for pile in held if pile != self.pile]
        if across:
            ahead = [(abs(px - x), pile) for pile, px, py in spots if py == y and (px - x) * across > 0]
        else:
            rows = sorted({py for _, _, py in spots if (py - y) * down > 0}, key=lambda py: abs(py - y))
            ahead = [(abs(px - x), pile) for pile, px, py in spots if rows and py == rows[0]]
        if ahead:
            self.pile, self.depth = min(ahead, key=lambda item: (item[0], item[1].index))[1], 1

    def _sideways(self, step: int) -> None:
        rows, origin = self.places(), self.table.layout.pile_origin
        if self.pile.kind == TABLEAU:
            places = rows[1]
        else:
            places = [p for p in rows[0] if origin(p)[1] == origin(self.pile)[1]]
        i = places.index(self.pile) if self.pile in places else 0
        i = max(0, min(len(places) - 1, i + step))
        self.pile, self.depth = places[i], 1

    def _vertical(self, up: bool) -> None:
        rows, origin = self.places(), self.table.layout.pile_origin
        if self.pile.kind == TABLEAU:
            face_up = self.table.game.face_up_count(self.pile.index)
            if up and self.depth < face_up:
                self.depth += 1
            elif not up and self.depth > 1:
                self.depth -= 1
            elif up:
                self.pile, self.depth = self._nearest(rows[0]), 1
            return
        x = origin(self.pile)[0]
        same_x = sorted((p for p in rows[0] if origin(p)[0] == x), key=lambda p: origin(p)[1])
        i = same_x.index(self.pile)
        if up and i > 0:
            self.pile = same_x[i - 1]
        elif not up and i + 1 < len(same_x):
            self.pile = same_x[i + 1]
        elif not up:
            self.pile, self.depth = self._nearest(rows[1]), 1

    def _enter(self, pick: bool) -> None:
        """Enter on the focused card is a click on it (K-8's select-then-click included);
        Shift+Enter picks it up, or puts down what was picked up, in every game."""
        table, pile = self.table, self.pile
        size = len(table.game.pile(pile))
        count = intents.movable(table.game, pile, size - self.depth) if size else 0
        table.entered(pile, count, pick)

    def _nearest(self, places: list[Pile]) -> Pile:
        x = self.table.layout.pile_origin(self.pile)[0]
        return min(places, key=lambda p: abs(self.table.layout.pile_origin(p)[0] - x))
