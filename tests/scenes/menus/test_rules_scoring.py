"""The rules page's scoring table says what each game scores in the game's own words (issue 34):
Pyramid's points are for cards of the pyramid that leave, not "Column to foundation", and no
game is told of turning back a waste it does not have."""

from types import SimpleNamespace

import pytest

from solitaire import i18n
from solitaire.core import ruleset
from solitaire.scenes.menus.rules import scoring_rows


def rows(game_id: str, language: str) -> list[tuple[str, str]]:
    i18n.set_language(language)
    try:
        rules = ruleset(game_id)
        table = scoring_rows(SimpleNamespace(t=i18n.t), rules, rules.scoring_systems[rules.scorings[0]])
    finally:
        i18n.set_language("en")
    return [(label, value) for kind, label, value in table if kind == "row"]


def test_PY6_pyramid_scores_its_cards_that_leave_and_three_passes_in_both_languages():
    assert rows("pyramid", "en") == [("A card of the pyramid that leaves", "+1"),
                                     ("Turning the waste back over", "free; 3 passes in all")]
    assert rows("pyramid", "ar") == [("ورقة تغادر الهرم", "+1"),
                                     ("إعادة كومة المهملات إلى كومة السحب", "مجانًا؛ 3 مرات في المجموع")]


@pytest.mark.parametrize("game_id, en, ar", [
    ("tripeaks", "A card from the peaks onto the pile", "ورقة من القمم إلى الكومة"),  # TP-6
    ("golf", "A card from a column onto the pile", "ورقة من عمود إلى الكومة"),  # GO-6
])
def test_TP6_GO6_a_card_home_is_named_as_the_game_names_it(game_id, en, ar):
    assert rows(game_id, "en")[0] == (en, "+1")
    assert rows(game_id, "ar")[0] == (ar, "+1")


@pytest.mark.parametrize("game_id", ["yukon", "freecell", "spider", "golf", "tripeaks"])
def test_YU1_FC1_no_recycling_row_where_there_is_no_waste_to_turn_back(game_id):
    for language, word in (("en", "Recycling"), ("ar", "إعادة الأوراق المسحوبة")):
        assert not [label for label, _ in rows(game_id, language) if word in label]


def test_K6_klondike_keeps_its_rows():
    assert [label for label, _ in rows("klondike", "en")] == [
        "Column to foundation", "Waste to foundation", "Waste to column", "Turning a hidden card face up",
        "Recycling the waste, draw 1 or 2", "Recycling the waste, draw 3"]


def test_DU12_the_duels_table_says_a_card_home_again_scores_nothing_in_both_languages():
    assert ("A card taken back, sent home again", "+0") in rows("duel", "en")
    assert ("ورقة مسترجعة من أساس تعود إليه", "+0") in rows("duel", "ar")
    for game_id in ("klondike", "thoughtful", "double", "yukon"):  # their seeds pay every trip home (DU-12)
        assert not [label for label, _ in rows(game_id, "en") if "sent home again" in label]
