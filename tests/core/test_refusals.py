"""Every refused move names a rule of the game being played, and says why in words.

Issue 11: Thoughtful cited Double's DS-8, Double cited Klondike's K-4, and the sentences ended
with an id a player cannot read. Here every refusal each game can give is met (by trying every
move in positions along random games) and checked: its rule id is the game's own or a common
one (C-*), and neither the English nor the Arabic sentence holds an id.
"""

from __future__ import annotations

import random
import re

import pytest

from solitaire import i18n
from solitaire.entry.cli import play_text
from solitaire.core import (
    CELL, DRAW, FOUNDATION, STOCK, TABLEAU, WASTE, Game, GameCode, IllegalMove, Move, Pile,
    parse_code, parse_request, ruleset,
)
from solitaire.core.errors import REASONS, TOPIC_OF, Refusal
from solitaire.core.rules import REGISTRY

from tests.positions import build
from tests.test_rule_ids import rule_ids

# The ids docs/RULES.md defines.
RULES_MD = set(rule_ids())
# The games, learnt from the registry: a game added as a level file is checked here unchanged.
GAMES = REGISTRY.ids()
# The prefixes of the rules each game's refusals may cite: those its level file names, and the
# common rules. DU-1 makes each duellist's game a Klondike (K-1), so the Duel's file names K-4.
OWN = {game: {rule.partition("-")[0] for rule in ruleset(game).rule_ids.values()} for game in GAMES}
RULE_ID = re.compile(r"\b(" + "|".join(sorted({p for prefixes in OWN.values() for p in prefixes} | {"G"})) + r")-\d")


def belongs(rule: str, game_id: str) -> bool:
    prefix = rule.partition("-")[0]
    return prefix in OWN[game_id] | {"C"} and rule in RULES_MD


def every_try(game: Game) -> list[Refusal]:
    """The refusals of every move between any two piles (and one pile too many), with any
    count that could matter, and of every "where does it go" request (``f``, ``t``, ``*``).
    """
    piles = ([Pile(STOCK), Pile(WASTE)] + [Pile(TABLEAU, i) for i in range(len(game.tableau) + 1)]
             + [Pile(FOUNDATION, i) for i in range(len(game.foundations) + 1)]
             + [Pile(CELL, i) for i in range(len(game.cells) + 1)])
    out = []
    for src in piles:
        size = len(game.pile(src)) if game._exists(src) else 0
        counts = sorted({1, 2, size, size + 1} - {0})
        for count in counts:
            for dst in piles:
                refused = game.check(Move(src, dst, count))
                if refused:
                    out.append(refused)
            if src.kind == STOCK or (count != 1 and src.kind != TABLEAU):
                continue  # the notation gives a count to columns only
            for where in ("f", "t", "*", "c"):
                text = f"{src}:{count}>{where}" if count != 1 else f"{src}>{where}"
                try:
                    game.resolve(parse_request(text))
                except IllegalMove as error:
                    out.append(error.refusal)
    return out


def refusals_met(game_id: str) -> list[Refusal]:
    """Every refusal met in a game of every mode played at random, and once the whole stock has
    been drawn; plus those of undo and auto-complete. (The race's own refusals, DU-1 and DU-4,
    are tested in test_duel.py.)
    """
    rules = ruleset(game_id)
    met: list[Refusal] = []
    for draw in rules.draws:
        for scoring in rules.scorings:
            code = GameCode(game_id, draw, scoring, 1)
            game = Game.deal(code)
            met.append(game.undo_refusal())
            rng = random.Random(draw)
            for _ in range(20):
                met += every_try(game)
                moves = game.legal_moves()
                if not moves:
                    break
                game.apply(DRAW if DRAW in moves and rng.random() < 0.4 else rng.choice(moves))
            drawn = Game.deal(code)
            while drawn.check(DRAW) is None and drawn.stock:
                drawn.apply(DRAW)
            met += every_try(drawn)
            for text in ("a", "u"):
                try:
                    play_text(Game.deal(code), text)
                except IllegalMove as error:
                    met.append(error.refusal)
    return met


@pytest.fixture(scope="module")
def met() -> dict[str, list[Refusal]]:
    return {game_id: refusals_met(game_id) for game_id in GAMES}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_met_names_a_rule_of_its_own_game(met, game_id):
    wrong = {(r.reason, r.rule) for r in met[game_id] if not belongs(r.rule, game_id)}
    assert not wrong, f"{game_id} cites rules of other games: {sorted(wrong)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_refusals_met_cover_the_games_own_rules(met, game_id):
    """The search above reaches the refusals that differ between games (else it proves little)."""
    reasons = {r.reason for r in met[game_id]}
    rules = ruleset(game_id)
    expected = {"no_column", "no_pile", "nothing_to_undo"}
    expected |= {"no_building", "not_next_rank"} if rules.build == "none" else {"not_on_rank"}  # GO-2, GO-3
    expected |= {"alternate_colours_down": {"not_on_colour"}, "same_colour_down": {"not_on_same_colour"}}.get(rules.build, set())
    expected |= {"king_only"} if rules.empty_column == "king" else set()
    expected |= {"face_down"} if rules.deals_face_down else set()  # nothing is face down in TF-1
    expected |= {"waste_top_only", "one_at_a_time"} if rules.stock == "waste" else set()
    expected |= {"no_place"} if not rules.cells else set()  # a free cell takes any card
    expected |= {"wrong_suit_slot"} if rules.foundations in ("suit_rows", "suit_fixed") else set()
    expected |= {"no_auto_complete"} if not rules.auto_complete else set()
    expected |= {"cell_full", "cell_one_card", "run_too_long"} if rules.cells else set()
    expected |= {"suits_leave_alone"} if rules.whole_suits_leave else set()
    expected |= {"not_in_order"} if rules.runs == "ordered" and not rules.face_up_built else set()
    expected |= {"not_same_suit_run"} if rules.runs == "same_suit" else set()
    assert expected <= reasons


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_reason_a_game_can_give_names_one_of_its_rules(game_id, reason):
    if TOPIC_OF[reason] not in ruleset(game_id).refusal_topics():
        return  # e.g. only a race can be over, only a free cell be full
    assert belongs(ruleset(game_id).rule_of(reason), game_id)


def test_TF6_thoughtfuls_double_click_cites_its_own_rule_not_double_solitaires():
    g = build("thoughtful", tableau=["5H", "9C"], foundations=[])
    with pytest.raises(IllegalMove) as refused:
        g.resolve(parse_request("t1>t"))
    assert refused.value.refusal.rule == "TF-6" and refused.value.refusal.reason == "no_column"


def test_DS2_double_solitaire_cites_its_own_rule_for_a_face_down_card():
    g = build("double", tableau=["ks 9D", "TC"])
    assert g.check(Move(Pile(TABLEAU, 0), Pile(TABLEAU, 1), 2)).rule == "DS-2"


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_sentence_holds_a_rule_id(met, game_id, language):
    i18n.set_language(language)
    try:
        texts = {i18n.refusal_text(r) for r in met[game_id]}
    finally:
        i18n.set_language("en")
    assert texts and not [text for text in texts if RULE_ID.search(text)]


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_sentence_says_why_before_what(reason):
    """A sentence gives the rule in words: it has a clause that is not just the refused move."""
    assert ": " in REASONS[reason] or ", so " in REASONS[reason] or reason in {
        "no_pile", "one_at_a_time", "foundation_top_only", "foundation_to_column_only",
        "auto_not_ready", "undo_limit",
    }


def test_not_on_says_which_half_of_the_rule_is_broken_C2():
    g = build("klondike", tableau=["3C", "2D", "6C", "7S", "2H", "KD"])
    T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731
    assert g.check(Move(T(1), T(2))).reason == "not_on_rank"  # other colour, not one rank higher
    assert g.check(Move(T(3), T(4))).reason == "not_on_colour"  # one rank higher, same colour
    assert g.check(Move(T(5), T(6))).reason == "not_on"  # both
    assert g.check(Move(T(1), T(2))).text == (
        "a card goes on a card exactly one rank higher: a 3 of clubs cannot go on a 2 of diamonds")


def spend_the_undo_limit(code: str, limit: int) -> Game:
    """A game of ``limit`` + 5 stock clicks with ``limit`` of them undone."""
    game = Game.deal(parse_code(code))
    for _ in range(limit + 5):
        game.apply(DRAW)
    for _ in range(limit):
        assert game.undo()
    return game


@pytest.mark.parametrize("code,limit,rule", [("DS1-D1N-AAAAAAB", 200, "DS-9"),
                                             ("TF1-D1N-AAAAAAB", 100, "TF-6")])
def test_DS9_TF6_a_spent_undo_limit_is_said_with_its_rule(code, limit, rule):
    game = spend_the_undo_limit(code, limit)
    assert not game.undo() and game.undo_spent
    refused = game.undo_refusal()
    assert (refused.rule, refused.reason) == (rule, "undo_limit")
    assert refused.text == f"undo reaches back only {limit} moves, and you have taken all of them back"
    i18n.set_language("ar")
    try:
        assert f"آخر {limit} إجراء" in i18n.refusal_text(refused)
    finally:
        i18n.set_language("en")


def test_DS9_replay_says_the_undo_limit_not_that_there_is_nothing_to_undo():
    game = Game.deal(parse_code("DS1-D1N-AAAAAAB"))
    for _ in range(205):
        play_text(game, "s")
    for _ in range(200):
        play_text(game, "u")
    with pytest.raises(IllegalMove) as refused:
        play_text(game, "u")
    assert str(refused.value) == "DS-9: undo reaches back only 200 moves, and you have taken all of them back"


@pytest.mark.parametrize("game_id", GAMES)
def test_C9_nothing_played_is_nothing_to_undo(game_id):
    rules = ruleset(game_id)
    game = Game.deal(GameCode(game_id, rules.default_draw, rules.scorings[0], 1))
    game.apply(game.legal_moves()[0])
    game.undo()
    assert not game.undo_spent and game.undo_refusal().reason == "nothing_to_undo"
