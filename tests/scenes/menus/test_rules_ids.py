"""The rules screen names the rules each paragraph explains, so the id a refused move's message
cites can be looked up there (issue 11)."""

import pytest

from solitaire import i18n
from solitaire.core import ruleset
from solitaire.scenes.menus.rules import paragraphs, rules_blocks
from tests.test_rule_ids import rule_ids

GAMES = ["klondike", "double", "thoughtful", "duel"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_paragraph_of_the_rules_names_rules_that_exist(app, game_id):
    page = ruleset(game_id).extra["rules_page"]
    assert len(page["paragraphs"]) == len(paragraphs(app, f"rules.{game_id}"))
    named = [rule for ids in page["paragraphs"] for rule in ids]
    named += [rule for ids in page["scoring"].values() for rule in ids]
    assert set(named) <= set(rule_ids())
    assert set(page["scoring"]) == set(ruleset(game_id).scorings)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_a_refusal_can_cite_is_on_the_games_rules_page(app, game_id):
    app.settings = app.settings.updated(show_rule_numbers=True)
    rules = ruleset(game_id)
    shown = " ".join(text for kind, text, _ in rules_blocks(app, game_id) if kind == "ids")
    cited = set(rules.rule_ids.values())
    if not rules.auto_complete:
        cited.discard(rules.rule_ids["auto"])  # no auto-complete to refuse
    assert {rule for rule in cited if rule not in shown} == set()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_paragraph_is_followed_by_its_rule_ids_in_both_languages(app, game_id):
    app.settings = app.settings.updated(show_rule_numbers=True)
    for language, word in (("en", "Rules"), ("ar", "القواعد")):
        i18n.set_language(language)
        try:
            blocks = rules_blocks(app, game_id)
            game_paragraphs = paragraphs(app, f"rules.{game_id}")
        finally:
            i18n.set_language("en")
        followed = [blocks[at + 1][0] for at, block in enumerate(blocks)
                    if block[0] == "para" and block[1] in game_paragraphs]
        assert followed == ["ids"] * len(game_paragraphs)
        assert all(text.startswith(word) for kind, text, _ in blocks if kind == "ids")


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_ids_on_the_rules_page_unless_rule_numbers_are_shown(app, game_id):
    """Issue 22: "Rules C-4 · K-10" under the paragraphs read as internal numbers."""
    assert not app.settings.show_rule_numbers
    assert [block for block in rules_blocks(app, game_id) if block[0] == "ids"] == []
