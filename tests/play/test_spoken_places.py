"""TriPeaks' and Pyramid's places said by ear (issue 36): a pile at a place (``[tableau] places``
in the level file) is said by its row (the places of one height, the top row first) and its place
in the row, with whether its card can be played (TP-2, PY-2: free, or covered by how many), and
the table is read a row a line. Made from the level file's places, never from the game's name."""

from __future__ import annotations

import pytest

from solitaire import i18n
from solitaire.core import FOUNDATION, STOCK, TABLEAU, Game, Move, Pile, parse_code, ruleset
from solitaire.play import spoken
from tests.positions import build, cards

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
HOME, S = Pile(FOUNDATION, 0), Pile(STOCK)


@pytest.fixture(params=["en", "ar"])
def language(request):
    assert i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def peaks() -> Game:
    """TriPeaks with its bottom row cleared: 1 face down under 4 and 5 (face down), which lie
    under 10, 11 and 12 (face up, free); 7 of diamonds on the pile."""
    game = Game(ruleset("tripeaks"), 1, "standard")
    for number, text in {1: "KS", 4: "QH", 5: "JD", 10: "7H", 11: "8C", 12: "9S"}.items():
        game.tableau[number - 1] = cards(text)
        game.hidden[number - 1] = int(number < 10)
    game.foundations[0] = cards("7D")
    game.stock = cards("2C")
    return game


EXPECTED_PEAKS = {
    "en": ["Row 1, card 1 of 3, face down, covered by 2 cards", "Row 1, card 2 of 3, empty",
           "Row 3, card 2 of 9, 8 of clubs, free", "8 of clubs to foundation 1",
           "Row 2, card 1 of 6, face down, covered by 1 card",
           ["Stock, 1 card", "Row 1: face down; empty; empty", "Row 2: face down; face down; empty; empty; empty; empty",
            "Row 3: 7 of hearts, free; empty; 9 of spades, free" + "; empty" * 6, "Row 4: " + "; ".join(["empty"] * 10),
            "Foundation 1, 8 of clubs"]],
    "ar": ["الصف 1، الورقة 1 من 3، مقلوبة، تغطيها ورقتان", "الصف 1، الورقة 2 من 3، فارغة",
           "الصف 3، الورقة 2 من 9، 8 السباتي، حرة", "8 السباتي إلى كومة الأساس 1",
           "الصف 2، الورقة 1 من 6، مقلوبة، تغطيها ورقة واحدة",
           ["كومة السحب، ورقة واحدة", "الصف 1: مقلوبة؛ فارغة؛ فارغة", "الصف 2: مقلوبة؛ مقلوبة؛ فارغة؛ فارغة؛ فارغة؛ فارغة",
            "الصف 3: 7 القلوب، حرة؛ فارغة؛ 9 البستوني، حرة" + "؛ فارغة" * 6, "الصف 4: " + "؛ ".join(["فارغة"] * 10),
            "كومة الأساس 1، 8 السباتي"]],
}


def test_TP2_a_tripeaks_place_is_said_by_row_free_or_covered_and_read_row_by_row(language):
    game = peaks()
    first, empty, free, move_line, after, reading = EXPECTED_PEAKS[language]
    assert spoken.place_words(game, T(1)) == first
    assert spoken.place_words(game, T(2)) == empty
    assert spoken.place_words(game, T(11)) == free
    refused = {"en": "Row 2, card 1 of 6 is covered by 2 cards: a card can be played once no card lies on it",
               "ar": "الصف 2، الورقة 1 من 6 تغطيها ورقتان: لا تُلعب الورقة إلا إذا لم تبقَ عليها ورقة"}[language]
    assert spoken.refusal_words(game, game.check(Move(T(4), HOME))) == refused  # not "pile 4"
    move = Move(T(11), HOME)
    was = spoken.before(game, move)
    game.apply(move)
    assert spoken.move_words(was, game) == move_line
    assert spoken.place_words(game, T(4)) == after  # one of the two on it has gone
    piles = [S, *(T(i) for i in range(1, 29)), HOME]
    assert spoken.table_reading(game, piles) == reading  # the rows where the first pile comes


def pyramid(places: dict[int, str]) -> Game:
    return build("pyramid", tableau=[places.get(number, "") for number in range(1, 29)], stock="AD")


EXPECTED_PYRAMID = {
    "en": ["Row 6, card 1 of 6, queen of clubs, covered by 2 cards", "Row 7, card 2 of 7, 7 of clubs, free",
           "Hint: 6 of hearts and 7 of clubs leave", "Row 6, card 1 of 6, queen of clubs, free",
           "Row 7: 6 of hearts, free; 7 of clubs, free" + "; empty" * 5, "Row 1, card 1 of 1, empty"],
    "ar": ["الصف 6، الورقة 1 من 6، الملكة السباتي، تغطيها ورقتان", "الصف 7، الورقة 2 من 7، 7 السباتي، حرة",
           "تلميح: تغادر 6 القلوب و7 السباتي", "الصف 6، الورقة 1 من 6، الملكة السباتي، حرة",
           "الصف 7: 6 القلوب، حرة؛ 7 السباتي، حرة" + "؛ فارغة" * 5, "الصف 1، الورقة 1 من 1، فارغة"],
}


def test_PY2_a_pyramid_place_is_said_by_row_and_by_how_many_cover_it(language):
    game = pyramid({16: "QC", 22: "6H", 23: "7C"})
    covered, free, hint, uncovered, row_seven, top = EXPECTED_PYRAMID[language]
    assert spoken.place_words(game, T(16)) == covered
    assert spoken.place_words(game, T(23)) == free
    assert spoken.table_reading(game, [T(i) for i in range(1, 29)])[6] == row_seven
    assert spoken.place_words(game, T(1)) == top
    move = Move(T(22), T(23))
    assert spoken.hint_words(game, move) == hint
    game.apply(move)
    assert spoken.place_words(game, T(16)) == uncovered
    one = {"en": "Row 6, card 1 of 6, queen of clubs, covered by 1 card",
           "ar": "الصف 6، الورقة 1 من 6، الملكة السباتي، تغطيها ورقة واحدة"}[language]
    assert spoken.place_words(pyramid({16: "QC", 22: "6H"}), T(16)) == one


def test_columns_side_by_side_are_still_said_as_columns():
    game = build("klondike", tableau=["ks QH", "", "", "", "", "", ""])
    assert spoken.place_words(game, T(1)) == "Column 1, queen of hearts, 1 card face down under it"
    refusal = game.check(Move(T(1), T(2)))
    assert spoken.refusal_words(game, refusal) == ("An empty column takes only a King, alone or with the cards on it, so not the queen of hearts")
    assert spoken.table_reading(game, [T(1), T(2)]) == ["Column 1, 1 card face down, queen of hearts", "Column 2, empty"]


def test_TP6_the_figures_said_name_the_run_as_the_top_bar_shows_it(language):
    game = Game.deal(parse_code("TP1-D1N-AAAAAAB"))
    game.apply(next(m for m in game.legal_moves() if m.src.kind != STOCK))
    assert i18n.t("hud.run", n=1) in spoken.figures(game)
    assert i18n.t("hud.run", n=0) not in spoken.figures(Game.deal(parse_code("GO1-D1N-AAAAAAB")))
