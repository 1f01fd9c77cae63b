"""What is said at a table for a player who hears it (issue 36): the focused place, a move as it
is played, a hint, the whole table pile by pile, the score and moves.

Pure Python and the strings only: sentences are made from the rules core's state in the
current language (``solitaire.i18n``), and the app's speech (``solitaire.app.speech``) speaks
them. A move's words need the table before it (which cards moved, which columns had cards face
down): :func:`before` takes that from the game, :func:`move_words` reads the rest after.
"""

from __future__ import annotations

from typing import NamedTuple

from solitaire import i18n
from solitaire.core import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Game, Move, Pile, Refusal, Ruleset
from solitaire.core.cards import RANK, SUIT


def plural_form(n: int, language: str | None = None) -> str:
    """The plural form of ``n`` in the language: English one/other; Arabic one, two, few (3 to
    10) and other (11 and up, and 0)."""
    if (language or i18n.language()) == "ar":
        return {1: "one", 2: "two"}.get(n, "few" if 3 <= n <= 10 else "other")
    return "one" if n == 1 else "other"


def counted(key: str, n: int, **params: object) -> str:
    """``key`` in the plural form of ``n`` (``.other`` where the language has no such form)."""
    form = f"{key}.{plural_form(n)}"
    text = i18n.t(form, n=n, **params)
    return text if text != form else i18n.t(f"{key}.other", n=n, **params)


def rank_words(rank: int) -> str:
    """A rank as said: "ace", "7", "queen"."""
    return i18n.t(f"speech.rank.{rank}") if rank in (1, 11, 12, 13) else str(rank)


def card_words(card: int) -> str:
    """A card as said: "7 of hearts", "ace of spades"."""
    return i18n.t("speech.card", rank=rank_words(RANK[card]), suit=i18n.t(f"speech.suit.{SUIT[card]}"))


def placed_rows(rules: Ruleset) -> list[list[int]]:
    """A game whose piles sit at places (``[tableau] places``): its tableau piles row by row,
    a row being the piles of one height, the top row first and each row from its first place
    (the smallest x; the right-to-left table mirrors it, so it is where Arabic reads from).
    Empty for columns side by side."""
    heights = sorted({y for _, y in rules.places})
    return [sorted((index for index, (_, y) in enumerate(rules.places) if y == height),
                   key=lambda index: rules.places[index][0]) for height in heights]


def place_name(rules: Ruleset, index: int) -> str:
    """A placed pile's name as said: "row 3, card 2 of 9"."""
    for number, row in enumerate(placed_rows(rules), 1):
        if index in row:
            return i18n.t("speech.row_place", row=number, n=row.index(index) + 1, count=len(row))
    raise ValueError(f"pile {index} has no place")


def cover_words(game: Game, index: int) -> str:
    """Whether a placed pile's card can be played: "free", or "covered by 2 cards" (the piles
    lying on it that still hold a card); nothing where no pile lies on another."""
    if not game.rules.covered_by or not game.tableau[index]:
        return ""
    covering = sum(1 for above in game.rules.covered_by[index] if game.tableau[above])
    return counted("speech.covered_by", covering) if covering else i18n.t("speech.free")


def pile_words(pile: Pile, game: Game | None = None) -> str:
    """A pile's name as said: "column 3", "foundation 1", "free cell 2", "stock", "waste"; with
    the ``game``, a pile at a place by its row and place in the row: "row 3, card 2 of 9"."""
    if pile.kind == TABLEAU and game is not None and game.rules.places:
        return place_name(game.rules, pile.index)
    if pile.kind == TABLEAU:
        return i18n.t("speech.column", n=pile.index + 1)
    if pile.kind == FOUNDATION:
        return i18n.t("speech.foundation", n=pile.index + 1)
    if pile.kind == CELL:
        return i18n.t("speech.cell", n=pile.index + 1)
    return i18n.t("speech.stock" if pile.kind == STOCK else "speech.waste")


def sentence(parts: list[str]) -> str:
    """Parts said one after the other, as one line starting with a capital."""
    text = i18n.t("list.separator").join(part for part in parts if part)
    return text[:1].upper() + text[1:]


def pass_words(game: Game) -> str:
    """"pass 2 of 3", where the game's ``[layout] pass_count`` shows it on the table (PY-4)."""
    if not game.rules.layout.get("pass_count", False) or game.passes is None:
        return ""
    return i18n.t("speech.pass", n=game.passes[0], total=game.passes[1])


def place_words(game: Game, pile: Pile, depth: int = 1) -> str:
    """The board's focus as said: "Column 3, 7 of hearts, 4 cards face down under it"; the
    stock with its count, the waste's top card, an empty pile as empty. ``depth`` counts from
    the top of a column (1: its top card)."""
    cards = game.pile(pile)
    if pile.kind == STOCK:
        what = counted("speech.cards", len(cards)) if cards else i18n.t("speech.empty")
        if cards and game.rules.stock_top_in_sight:  # PY-4: its top card lies face up
            what = i18n.t("list.separator").join([card_words(cards[-1]), what])
        what = i18n.t("list.separator").join(part for part in (what, pass_words(game)) if part)
    elif not cards:
        what = i18n.t("speech.empty")
    elif pile.kind == TABLEAU and not game.face_up_count(pile.index) and game.rules.places and len(cards) == 1:
        what = i18n.t("speech.face_down_card")  # TP-1: a covered place's one card lies face down
    elif pile.kind == TABLEAU and not game.face_up_count(pile.index):
        what = counted("speech.face_down", game.hidden[pile.index])
    elif pile.kind == TABLEAU:
        depth = max(1, min(depth, game.face_up_count(pile.index)))
        parts = [card_words(cards[-depth])]
        if depth > 1:
            parts.append(counted("speech.on_it", depth - 1))
        if game.hidden[pile.index]:
            parts.append(counted("speech.under", game.hidden[pile.index]))
        what = i18n.t("list.separator").join(parts)
    else:
        what = card_words(cards[-1])
    if pile.kind == TABLEAU and game.rules.covered_by:  # TP-2, PY-2: whether its card can be played
        what = i18n.t("list.separator").join(part for part in (what, cover_words(game, pile.index)) if part)
    return sentence([i18n.t("speech.place", pile=pile_words(pile, game), what=what)])


def pile_reading(game: Game, pile: Pile) -> str:
    """One pile read whole, for the table's reading: a column's face-down count and then its
    face-up cards from the bottom up; any other pile as the focus says it."""
    if pile.kind != TABLEAU or not game.pile(pile):
        return place_words(game, pile)
    cards, hidden = game.pile(pile), game.hidden[pile.index]
    parts = [counted("speech.face_down", hidden)] if hidden else []
    parts += [card_words(card) for card in cards[hidden:]]
    return sentence([i18n.t("speech.place", pile=pile_words(pile),
                            what=i18n.t("list.separator").join(parts))])


def row_reading(game: Game, number: int, row: list[int]) -> str:
    """One row of placed piles read whole: "Row 2: face down; 7 of hearts, free; empty"."""
    items = []
    for index in row:
        cards = game.tableau[index]
        if not cards:
            items.append(i18n.t("speech.empty"))
            continue
        if game.hidden[index] == len(cards):  # TP-1: face down while covered
            items.append(i18n.t("speech.face_down_card"))
            continue
        covered = game.rules.covered_by and game.rules.is_covered(game.tableau, index)
        cover = i18n.t("speech.covered" if covered else "speech.free") if game.rules.covered_by else ""
        items.append(i18n.t("list.separator").join(part for part in (card_words(cards[-1]), cover) if part))
    return sentence([i18n.t("speech.row_reading", row=number, what=i18n.t("speech.items.separator").join(items))])


def table_reading(game: Game, piles: list[Pile]) -> list[str]:
    """The whole table, one line a pile, in the order ``piles`` gives (the board's); piles at
    places (TriPeaks, Pyramid) one line a row, the top row first, where the first of them comes."""
    if not game.rules.places:
        return [pile_reading(game, pile) for pile in piles]
    lines: list[str] = []
    rows_at = None
    for pile in piles:
        if pile.kind != TABLEAU:
            lines.append(pile_reading(game, pile))
        elif rows_at is None:
            rows_at = len(lines)
    rows = [row_reading(game, number, row) for number, row in enumerate(placed_rows(game.rules), 1)]
    at = len(lines) if rows_at is None else rows_at
    return lines[:at] + rows + lines[at:]


def figures(game: Game, elapsed: float | None = None) -> str:
    """Score, moves (and the time played, when given) as one line."""
    parts = [i18n.t("hud.score", score=game.score_text), i18n.t("hud.moves", moves=game.moves)]
    if game.scoring.streak:  # TP-6, as the top bar shows it
        parts.insert(1, i18n.t("hud.run", n=game.streak))
    if elapsed is not None:
        seconds = int(elapsed)
        parts.append(i18n.t("hud.time", time=f"{seconds // 60}:{seconds % 60:02d}"))
    return sentence(parts)


class Before(NamedTuple):
    """What a move's words need of the table before it."""

    move: Move
    cards: tuple[int, ...]  # the cards it moves, the bottom one first
    hidden: tuple[int, ...]  # each column's face-down count
    home: int  # cards on the foundations
    stock: int
    waste: int
    partner: int | None = None  # the card a pair's card is dropped on, which leaves with it (PY-3)


def before(game: Game, move: Move) -> Before:
    cards = () if move.src.kind == STOCK else tuple(game.pile(move.src)[-move.count:])
    return Before(move, cards, tuple(game.hidden), sum(map(len, game.foundations)),
                  len(game.stock), len(game.waste), partner_of(game, move))


def partner_of(game: Game, move: Move) -> int | None:
    """The card a move drops its card on where both leave as a pair (PY-3), else None."""
    if not game.pairs_leave or move.src.kind == STOCK or move.dst.kind == FOUNDATION:
        return None
    cards = game.pile(move.dst)
    return cards[-1] if cards else None


def moved_words(move: Move, cards: tuple[int, ...], partner: int | None = None, game: Game | None = None) -> str:
    """"7 of hearts to column 3"; a run: "9 of clubs with 2 cards on it to column 5"; a pair:
    "6 of hearts and 7 of clubs leave"."""
    if partner is not None and cards:
        return i18n.t("speech.pair", card=card_words(cards[0]), partner=card_words(partner))
    if len(cards) > 1:
        return counted("speech.move_run", len(cards) - 1, card=card_words(cards[0]), pile=pile_words(move.dst, game))
    return i18n.t("speech.move", card=card_words(cards[0]), pile=pile_words(move.dst, game))


def move_words(was: Before, game: Game) -> str:
    """The move just played, as said: "7 of hearts to column 3, turned the queen of spades";
    a click on the stock: what it drew, or the waste turned over, or a row dealt; a whole suit
    going home (SP-4) and the win said after it."""
    parts: list[str] = []
    move = was.move
    if move.src.kind != STOCK:
        parts.append(moved_words(move, was.cards, was.partner, game))
    elif game.rules.stock == "to_foundation":  # GO-4: the stock turns its card onto the pile
        parts.append(i18n.t("speech.move", card=card_words(game.foundations[0][-1]),
                            pile=pile_words(Pile(FOUNDATION, 0))))
    elif game.rules.deals_rows:
        parts.append(i18n.t("speech.dealt"))
    else:
        if was.stock == 0:
            parts += [i18n.t("speech.recycled"), pass_words(game)]
        drawn = len(game.waste) - (0 if was.stock == 0 else was.waste)
        if drawn > 0 and game.waste:
            top = card_words(game.waste[-1])
            parts.append(i18n.t("speech.drew", card=top) if drawn == 1
                         else counted("speech.drew_more", drawn, card=top))
    home = sum(map(len, game.foundations))
    if move.dst.kind != FOUNDATION and home - was.home >= 13:
        parts.append(i18n.t("speech.suit_home"))
    for column, hidden in enumerate(game.hidden):
        if hidden < was.hidden[column] and game.tableau[column]:
            parts.append(i18n.t("speech.turned", card=card_words(game.tableau[column][hidden])))
    if game.won:
        parts.append(i18n.t("speech.won"))
    return sentence(parts)


def refusal_words(game: Game, refusal: Refusal) -> str:
    """A refused move as said, its cards in words; a covered place (TP-2, PY-2) by its row and
    place and by how many cover it, not by a pile's number."""
    if refusal.reason == "covered" and game.rules.places:
        index = int(dict(refusal.params)["number"]) - 1
        return sentence([i18n.t("speech.refusal.covered", place=place_name(game.rules, index),
                                covered=cover_words(game, index))])
    return sentence([i18n.refusal_text(refusal, card_words)])


def hint_words(game: Game, move: Move) -> str:
    """A hint as said: "Hint: 7 of hearts to column 3", or "Hint: the stock"."""
    if move.src.kind == STOCK:
        return i18n.t("speech.hint", move=pile_words(move.src))
    return i18n.t("speech.hint", move=moved_words(move, tuple(game.pile(move.src)[-move.count:]),
                                                  partner_of(game, move), game))


def undo_words(game: Game) -> str:
    """The move undo is about to take back (said before it goes): "Taken back: 7 of hearts to
    column 3"; a click on the stock by the stock's name."""
    move = game.history[-1].move
    if move.src.kind == STOCK:
        return i18n.t("speech.undone", move=pile_words(move.src))
    if game.pairs_leave and move.dst.kind != FOUNDATION:  # PY-3: the pair lies on the foundation
        card, partner = game.foundations[0][-2:]
        return i18n.t("speech.undone", move=moved_words(move, (card,), partner))
    cards = tuple(game.pile(move.dst)[-move.count:]) if len(game.pile(move.dst)) >= move.count else ()
    return i18n.t("speech.undone", move=moved_words(move, cards, game=game) if cards else pile_words(move.dst, game))


def rank_places(game: Game, piles: list[Pile], rank: int) -> list[tuple[Pile, int]]:
    """Every face-up card of ``rank`` a player can move to with the board's focus, as (pile,
    depth from the top), in the board's order: a column's face-up cards, and the top card of
    every other pile (not the stock, whose cards are face down)."""
    found = []
    for pile in piles:
        cards = game.pile(pile)
        if pile.kind == TABLEAU:
            face_up = game.face_up_count(pile.index)
            found += [(pile, depth) for depth in range(face_up, 0, -1) if RANK[cards[-depth]] == rank]
        elif pile.kind in (WASTE, FOUNDATION, CELL) and cards and RANK[cards[-1]] == rank:
            found.append((pile, 1))
    return found


def joined(parts: list[str]) -> str:
    """Sentences said one after another: a full stop between two unless one ends a sentence."""
    text = ""
    for part in (p.strip() for p in parts):
        if part:
            text += part if not text else (" " if text[-1] in ".!?؟:…" else ". ") + part
    return text


def dialog_words(title: str, texts: list[str], buttons: list[str], focused: str) -> str:
    """A dialog as it opens: its title, what it says, its buttons and where the focus is."""
    listed = i18n.t("speech.buttons", buttons=i18n.t("list.separator").join(buttons)) if buttons else ""
    return joined([title, *texts, listed, focused])
