"""One game in play: dealing, applying a move, undoing it, and the game's text form.

Every game is played by this one class; what differs between the games is only their Ruleset,
read from ``levels/``. ``Game`` is composed of one job a file: the state
(table.py), the checks that refuse a move naming the rule (checks.py), the move lists and the
"where does it go" choices (targets.py), and here the engine: a move is checked, applied, and
recorded with copies of the piles it touched, so undo restores the exact state, score included
(C-9). The move counter never goes back. A move undone can be played again by redo until a new
move is made (C-12).
"""

from __future__ import annotations

from . import checks, targets
from .checks import check_parts
from .cards import card_text
from .codes import GameCode
from .errors import IllegalMove, Refusal
from .moves import FOUNDATION, STOCK, TABLEAU, WASTE, Move, parse_request
from .msdeal import ms_deal_order
from .predicates import is_whole_suit
from .rng import shuffled
from .rules import ruleset
from .table import Table, new_record


class Game(Table):
    """The state of one deal and the rules that move it."""

    # The checks and the move lists, composed from their modules (each takes the table).
    refuse = checks.refuse
    undo_refusal = checks.undo_refusal
    redo_refusal = checks.redo_refusal
    check = checks.check
    _exists = checks.exists
    _check_draw = checks.check_draw
    _check_source = checks.check_source
    legal_moves = targets.legal_moves
    foundation_for = targets.foundation_for
    tableau_target = targets.tableau_target
    resolve = targets.resolve
    auto_complete_ready = targets.auto_complete_ready
    auto_complete_next = targets.auto_complete_next

    # ----------------------------------------------------------------------------- dealing
    @classmethod
    def deal(cls, code: GameCode) -> Game:
        """The exact deal a game code names (G-1, G-2).

        The game's deck (rules.deck: spades A–K, hearts, diamonds, clubs, as many times as it
        has decks, or Spider's suits over again, SP-1) is shuffled by ``rng.shuffled`` with the
        deal number as seed, or put in Microsoft's order for an ``MS`` code (FC-6), then dealt
        from its front row by row, as at a table: the first row gives one card to every column,
        the next one card to every column still short of its size, and so on. What is left is
        the stock, its first card drawn first.
        """
        rules = ruleset(code.game)
        game = cls(rules, code.draw, code.scoring, code)
        deck = ms_deal_order(code.deal) if code.ms else shuffled(rules.deck(code.draw), code.deal)
        position = 0
        for row in range(max(rules.columns)):
            for column, size in enumerate(rules.columns):
                if row < size:
                    game.tableau[column].append(deck[position])
                    position += 1
        game.hidden = list(rules.dealt_hidden)
        game.stock = deck[position:][::-1]
        if rules.stock == "to_foundation":  # GO-4: the stock's first card starts the foundation
            game.foundations[0].append(game.stock.pop())
        return game

    # ----------------------------------------------------------------------------- applying
    def apply(self, move: Move) -> None:
        """Play ``move`` or raise IllegalMove. Scores it, flips what it uncovers, records undo;
        being a new move, it leaves nothing to redo (C-12)."""
        (src_kind, src_index), (dst_kind, dst_index), count = move  # read once, for the check and the move (see _play)
        refused = check_parts(self, move, src_kind, src_index, dst_kind, dst_index, count)
        if refused:
            raise IllegalMove(refused)
        self._play(move, src_kind, src_index, dst_kind, dst_index, count)
        if self.undone:
            self.undone.clear()

    def _play(self, move: Move, src_kind: str, src_index: int, dst_kind: str, dst_index: int, count: int) -> None:
        """Play a checked move, its fields read already, and record it for undo. A move of cards
        is taken back by moving them back, so its record needs no copy of its two piles; what a
        move changes beyond that is gathered as it goes: ``copies``, each pile changed otherwise
        (a click's stock and waste, a dealt row's columns, a completed suit's column and
        foundation) with its cards from before, the newest first (undo puts them back in that
        order, so a pile copied twice ends as it first was), and ``turned``, each column whose
        face-down count it changes with the count before (``Record``).

        Every move of a game or a search comes through here: a move of cards is played in
        place, not in a method of its own, and the move's fields are read by the caller, once
        for the check and the move (a Move's five fields cost ~1,100 instructions more to read
        than a plain tuple's: cachegrind, issue 24), and kept for undo as a plain tuple.
        """
        score, recycles, streak = self.score, self.recycles, self.streak
        scoring = self.scoring
        if src_kind == STOCK:
            moved = ()
            copies, turned = self._click_stock()
            self.streak = 0  # TP-6: a click on the stock ends the run
            if scoring.stock_turn:
                self.score = scoring.add(self.score, scoring.stock_turn)
        elif dst_kind != FOUNDATION and self.pairs_leave:  # PY-3: a card and its partner leave together
            moved, turned = (), ()
            copies = self._play_pair(src_kind, src_index, dst_kind, dst_index)
        else:
            moved = (src_kind, src_index, dst_kind, dst_index, count)
            from_pile = self.tableau[src_index] if src_kind == TABLEAU else self.pile_at(src_kind, src_index)
            to_pile = self.tableau[dst_index] if dst_kind == TABLEAU else self.pile_at(dst_kind, dst_index)
            if count == 1:  # most moves: one card popped and appended, not sliced (~1,100 instructions)
                to_pile.append(from_pile.pop())
            else:
                to_pile.extend(from_pile[-count:])
                del from_pile[-count:]
            if dst_kind == FOUNDATION:
                if src_kind == WASTE:
                    delta = scoring.waste_to_foundation
                else:
                    delta = scoring.column_to_foundation
                    if scoring.streak and src_kind == TABLEAU:
                        delta += scoring.streak * self.streak  # TP-6: each card of a run one step more
                        self.streak += 1
                trips = self.trips_home
                if trips is not None:  # DU-12: a card back home again scores nothing (C-4: one card a move)
                    card = to_pile[-1]
                    trips[card] += 1
                    if trips[card] > 1:
                        delta = 0
            elif src_kind == WASTE:
                delta = scoring.waste_to_column
            else:
                delta = scoring.foundation_to_column if src_kind == FOUNDATION else 0
            if delta:
                self.score = scoring.add(self.score, delta)
            copies = turned = ()
            if src_kind == TABLEAU and from_pile and self.hidden[src_index] == len(from_pile):
                turned = (self._turn_up(src_index),)
            elif not from_pile and self.covers and src_kind == TABLEAU:
                turned = self._uncovered(src_index)
            if dst_kind == TABLEAU and self.rules.whole_suits_leave:
                suit_copies: list = []
                turned += self._take_whole_suit(dst_index, suit_copies)
                copies = tuple(suit_copies)
        if scoring.per_move:
            self.score = scoring.add(self.score, scoring.per_move)
        if self.module_points is not None:
            self.score = scoring.add(self.score, self.module_points(self, move))
        self.history.append(new_record((move, moved, copies, turned, score, recycles, streak)))
        self.log.append(move)
        self.moves += 1

    def _click_stock(self) -> tuple[tuple, tuple]:
        """A click on the stock: cards turned onto the waste (K-3), the waste recycled first
        when the stock is empty, or a row dealt (SP-5); the copies of the piles it changes and
        the columns it turns."""
        stock, waste = self.stock, self.waste
        if self.rules.stock == "to_foundation":  # GO-4: one card turned onto the foundation
            home = self.foundations[0]
            copies = ((STOCK, 0, tuple(stock)), (FOUNDATION, 0, tuple(home)))
            home.append(stock.pop())
            return copies, ()
        copies = ((STOCK, 0, tuple(stock)), (WASTE, 0, tuple(waste)))
        if self.rules.deals_rows:
            return self._deal_row(copies)
        if not stock:
            self._recycle()
            if not self.rules.deal_on_recycle:
                return copies, ()
        take = min(self.draw, len(stock))
        waste.extend(stock[: -take - 1 : -1])
        del stock[-take:]
        return copies, ()

    def _play_pair(self, src_kind: str, src_index: int, dst_kind: str, dst_index: int) -> tuple:
        """PY-3: both cards of a checked pair onto the foundation, the moving card first, each
        scored as a card from its pile to the foundation; the copies of the three piles it changes,
        the newest first (``Record``: undo puts them back)."""
        home = self.foundations[0]
        copies = ((FOUNDATION, 0, tuple(home)), (dst_kind, dst_index, tuple(self.pile_at(dst_kind, dst_index))),
                  (src_kind, src_index, tuple(self.pile_at(src_kind, src_index))))
        scoring = self.scoring
        for kind, index in ((src_kind, src_index), (dst_kind, dst_index)):
            home.append(self.pile_at(kind, index).pop())
            delta = scoring.column_to_foundation if kind == TABLEAU else scoring.waste_to_foundation
            if delta:
                self.score = scoring.add(self.score, delta)
        return copies

    def _deal_row(self, talon: tuple) -> tuple[tuple, tuple]:
        """SP-5: one card from the stock, face up, onto every column, left to right; the copies
        of the piles it changes (the columns, then ``talon``'s copies of the stock and waste)
        and the columns turned by the suits it completes."""
        copies = [(TABLEAU, index, tuple(column)) for index, column in enumerate(self.tableau)]
        copies += talon
        for column in self.tableau:
            if self.stock:
                column.append(self.stock.pop())
        turned: tuple = ()
        for index in range(len(self.tableau)):
            turned += self._take_whole_suit(index, copies)
        return tuple(copies), turned

    def _uncovered(self, emptied: int) -> tuple[tuple[int, int], ...]:
        """C-6, TP-2: the piles the emptied pile lay on whose top card no pile covers any more,
        turned face up where it lies face down; each turned pile with its count before."""
        turned = ()
        tableau, hidden = self.tableau, self.hidden
        for under in self.rules.covers[emptied]:
            cards = tableau[under]
            if cards and hidden[under] == len(cards) and not self.rules.is_covered(tableau, under):
                turned += (self._turn_up(under),)
        return turned

    def _turn_up(self, column: int) -> tuple[int, int]:
        """C-6: an uncovered face-down card turns face up; the column and its count before."""
        before = self.hidden[column]
        self.hidden[column] = before - 1
        self.score = self.scoring.add(self.score, self.scoring.flip)
        return column, before

    def _take_whole_suit(self, column: int, copies: list) -> tuple:
        """SP-4: a King-to-Ace run of one suit, face up on top of a column, leaves the table
        for the first empty foundation, as part of the move that completed it; the column and
        the foundation are copied first into ``copies`` (the newest first); the column is
        returned if that turns its next card up.
        """
        cards = self.tableau[column]
        if len(cards) - self.hidden[column] < 13 or not is_whole_suit(cards[-13:]):
            return ()
        index = next(index for index, pile in enumerate(self.foundations) if not pile)
        home = self.foundations[index]
        copies[:0] = ((FOUNDATION, index, ()), (TABLEAU, column, tuple(cards)))
        home.extend(reversed(cards[-13:]))  # the Ace at the bottom, as every foundation (C-4)
        del cards[-13:]
        self.score = self.scoring.add(self.score, self.scoring.column_to_foundation)
        if cards and self.hidden[column] == len(cards):
            return (self._turn_up(column),)
        return ()

    def _recycle(self) -> None:
        """K-3 / DS-5 / TF-4: the waste goes back to the stock in order, unshuffled."""
        cost = self.scoring.recycle_cost(self.draw, self.recycles)
        self.stock[:] = self.waste[::-1]
        self.waste.clear()
        self.recycles += 1
        if cost:
            self.score = self.scoring.add(self.score, -cost)

    def undo(self) -> bool:
        """Take back the last move, score included (C-9); False when there is none to take back.

        The move counter does not go back.
        """
        if not self.history:
            return False
        move, moved, piles, turned, self.score, self.recycles, self.streak = self.history.pop()  # a Record, unpacked once
        if piles:  # a move of cards copies none: no loop begun (~150 instructions)
            for kind, index, cards in piles:  # the newest copy first: a pile copied twice ends as it first was
                self.pile_at(kind, index)[:] = cards
        if moved:  # a move of cards: they go back where they came from
            src_kind, src_index, dst_kind, dst_index, count = moved
            from_pile = self.tableau[src_index] if src_kind == TABLEAU else self.pile_at(src_kind, src_index)
            to_pile = self.tableau[dst_index] if dst_kind == TABLEAU else self.pile_at(dst_kind, dst_index)
            if count == 1:  # as _play moves them, in line in both: a helper's call costs ~400 instructions
                from_pile.append(to_pile.pop())
            else:
                from_pile.extend(to_pile[-count:])
                del to_pile[-count:]
            if dst_kind == FOUNDATION and self.trips_home is not None:  # DU-12: that trip home taken back
                self.trips_home[from_pile[-1]] -= 1
        if turned:
            for column, hidden in reversed(turned):
                self.hidden[column] = hidden
        self.log.append(None)
        self.undone.append(move)
        return True

    def redo(self) -> bool:
        """Play the last move undone again (C-12): checked and scored as any move (undo restored
        the position it was played from, so it scores what it scored then) and counted, the move
        counter never going back; the moves undone before it stay to redo. False when there is
        none; IllegalMove if the position no longer allows it.
        """
        if not self.undone:
            return False
        move = self.undone[-1]
        refused = self.check(move)
        if refused:
            raise IllegalMove(refused)
        self._play(move, move.src.kind, move.src.index, move.dst.kind, move.dst.index, move.count)
        self.undone.pop()
        return True

    def play_text(self, text: str) -> None:
        """Apply one move written in notation (``moves``): the tools' ``replay``, and an online
        player's own table (``net.mirror``). IllegalMove or ValueError says why not."""
        request = parse_request(text)
        if request.action == "undo":
            if not self.undo():
                raise IllegalMove(self.undo_refusal())
        elif request.action == "redo":
            if not self.redo():
                raise IllegalMove(self.redo_refusal())
        elif request.action == "auto":
            if not self.auto_complete_ready():
                raise IllegalMove(self._auto_refusal())
            while (move := self.auto_complete_next()) is not None:
                self.apply(move)
        else:
            self.apply(self.resolve(request))

    def _auto_refusal(self) -> Refusal:
        if not self.rules.auto_complete:
            return self.refuse("no_auto_complete", game=self.rules)
        if self.won:
            return self.refuse("already_won")
        return self.refuse("auto_not_ready")

    # ----------------------------------------------------------------------------- text form
    def to_json(self) -> dict:
        """The public state JSON of ``deal`` and ``replay``: piles bottom to top, face-down cards
        in lower case. A game with free cells has ``cells`` too.
        """
        state = {
            "code": str(self.code) if self.code else None,
            "game": self.rules.id,
            "draw": self.draw,
            "scoring": self.scoring.name,
            "tableau": [
                [card_text(c, i >= self.hidden[col]) for i, c in enumerate(cards)]
                for col, cards in enumerate(self.tableau)
            ],
            "stock": [card_text(c, top and self.rules.stock_top_in_sight)
                      for top, c in zip([False] * (len(self.stock) - 1) + [True], self.stock)],
            "waste": [card_text(c) for c in self.waste],
            "foundations": [[card_text(c) for c in pile] for pile in self.foundations],
            "score": self.score,
            "score_text": self.score_text,
            "moves": self.moves,
            "recycles": self.recycles,
            "won": self.won,
        }
        if self.cells:
            state["cells"] = [[card_text(c) for c in cell] for cell in self.cells]
        been_home = self.been_home()
        if been_home:  # DU-12: taken back from home, they score nothing going home again. Only when there
            # are: a key always there would change every Duel position's text, which seeds Hard's retries.
            state["been_home"] = [card_text(c) for c in been_home]
        return state
