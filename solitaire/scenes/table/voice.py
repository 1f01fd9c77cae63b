"""The table spoken for a player who hears it (issue 36): the board's focus as it moves, each
move as it is played, what undo takes back, and the keys a player by ear needs.

Keys (on the table, in every game and the Duel): R repeats the last line; T reads the whole
table, pile by pile; I says the score and moves (and the time); 1 to 9 and 0 put the focus on
column 1 to 10; S on the stock, W on the waste, F on the next foundation, C on the next free
cell; Shift with a rank (A, 2 to 9, 0 for ten, J, Q, K) on the next face-up card of that rank.

The words are ``play.spoken``'s; this part only knows when to say them, and asks nothing of
the speech when it is off (a sighted player's table pays nothing for it).
"""

from __future__ import annotations

import pygame

from solitaire import i18n
from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Move, Pile
from solitaire.play import spoken
from solitaire.scenes.table.board_focus import BoardFocus
from solitaire.scenes.table.interface import Table

COLUMN_KEYS = {getattr(pygame, f"K_{n}"): (n - 1) % 10 for n in range(10)}  # 1..9, then 0: the tenth
PILE_KEYS = {pygame.K_s: STOCK, pygame.K_w: WASTE, pygame.K_f: FOUNDATION, pygame.K_c: CELL}
RANK_KEYS = {pygame.K_a: 1, pygame.K_0: 10, pygame.K_j: 11, pygame.K_q: 12, pygame.K_k: 13,
             **{getattr(pygame, f"K_{n}"): n for n in range(2, 10)}}
#: The same keys by where they are on the keyboard, for a layout whose letters are not Latin:
#: with an Arabic layout T types "ف", and it is still the key the README names. A Latin layout's
#: own letters come first (an AZERTY player's Q is Q).
BY_PLACE = {getattr(pygame, f"KSCAN_{name.upper()}"): getattr(pygame, f"K_{name}")
            for name in "acfijkqrstw0123456789"}
KNOWN = frozenset(BY_PLACE.values())


class Voice:
    """When the table speaks, and its keys."""

    def __init__(self, table: Table, board: BoardFocus) -> None:
        self.table = table
        self.board = board
        self.was: spoken.Before | None = None

    @property
    def speech(self):
        return self.table.app.speech

    def opened(self, name: str) -> None:
        """The table opens: which game, the focused place and how to reach the cards."""
        if self.speech.wanted:
            self.speech.say(spoken.joined([name, self.board.spoken(), self.table.app.t("speech.keys")]))

    # -- moves -------------------------------------------------------------------------------
    def before(self, move: Move) -> None:
        """A move is about to be played: what its words need of the table before it."""
        self.was = spoken.before(self.table.game, move) if self.speech.wanted else None

    def moved(self) -> None:
        if self.was is not None:
            self.speech.say(spoken.move_words(self.was, self.table.game))
            self.was = None

    def undo_line(self) -> str:
        """What undo will take back, said once it has (asked before it goes)."""
        game = self.table.game
        return spoken.undo_words(game) if self.speech.wanted and game.history else ""

    # -- the focus ---------------------------------------------------------------------------
    def say_place(self) -> None:
        if self.speech.wanted:
            self.speech.say(self.board.spoken())

    def after_key(self, key: int, held: tuple[Pile, int] | None, holding: tuple[Pile, int] | None) -> None:
        """A key the board had: an arrow says where the focus is now (at an edge too, where it
        stays); Shift+Enter that picked cards up says which."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.say_place()
        elif self.speech.wanted and holding not in (None, held):
            pile, count = holding
            self.speech.say(self.table.app.t("speech.picked", place=spoken.place_words(self.table.game, pile, count)))

    def focus(self, pile: Pile, depth: int = 1) -> None:
        """The board's focus put on ``pile`` (and said)."""
        self.board.put(pile, depth)
        group = self.table.group
        if group.focused is self.board:
            group.focus(self.board, visible=True)  # shown, if it was not
            self.say_place()
        else:
            group.focus(self.board, visible=True)

    # -- keys --------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """A key of the table's voice; True if it was one. Plain letters only: Ctrl and Alt
        combinations stay the table's and the system's."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        game = self.table.game
        key = event.key if event.key in KNOWN else BY_PLACE.get(getattr(event, "scancode", 0), event.key)
        if event.mod & pygame.KMOD_SHIFT:
            if key not in RANK_KEYS:
                return False
            self._jump_to_rank(RANK_KEYS[key])
        elif key == pygame.K_r:
            self.speech.repeat()
        elif key == pygame.K_t:
            self.speech.say_lines(spoken.table_reading(game, self._piles()))
        elif key == pygame.K_i:
            self.speech.say(self.table.spoken_figures())
        elif key in COLUMN_KEYS and COLUMN_KEYS[key] < len(game.tableau):
            self.focus(Pile(TABLEAU, COLUMN_KEYS[key]))
        elif key in PILE_KEYS:
            return self._next_of_kind(PILE_KEYS[key])
        else:
            return False
        return True

    def _piles(self) -> list[Pile]:
        """The board's places in reading order: each row right to left in a right-to-left
        language (the Arabic table reads from its stock and column 1, on the right)."""
        rows = self.board.places()
        return [pile for row in rows for pile in (row[::-1] if i18n.is_rtl() else row)]

    def _next_of_kind(self, kind: str) -> bool:
        """The focus on the next pile of ``kind`` after the focused one (the first, else)."""
        piles = [pile for pile in self._piles() if pile.kind == kind]
        if not piles:
            return False
        current = self.board.place()[0]
        after = piles.index(current) + 1 if current in piles else 0
        self.focus(piles[after % len(piles)])
        return True

    def _jump_to_rank(self, rank: int) -> None:
        """The focus on the next face-up card of ``rank`` after the focused place, round the
        table; said so when there is none."""
        places = spoken.rank_places(self.table.game, self._piles(), rank)
        if not places:
            self.speech.say(self.table.app.t("speech.no_rank", rank=spoken.rank_words(rank)))
            return
        here = self.board.place()
        order = [(pile, depth) for pile in self._piles() for depth in range(60, 0, -1)]
        position = order.index(here) if here in order else -1
        later = [place for place in places if order.index(place) > position]
        self.focus(*(later or places)[0])
