"""C-12: redo plays again the moves undo took back, until a new move is made; ``r`` in the
``replay`` notation, the Duel's race, and saved games."""

import json
import random

import pytest

from solitaire.entry.cli import run
from solitaire.core import DRAW, FOUNDATION, TABLEAU, WASTE, BadDeal, Game, GameCode, IllegalMove, Move, Pile
from solitaire.core.duel import Points, Race, notation
from solitaire.core.save import load_save, save_data

T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731 - columns numbered from 1 as in the notation
W = Pile(WASTE)
ALL = ["klondike", "double", "thoughtful", "duel"]


def state(game: Game) -> dict:
    """The position and score: everything but the move counter, which never goes back."""
    data = game.to_json()
    del data["moves"]
    return data


@pytest.mark.parametrize("game_id", ALL)
def test_C12_redo_plays_the_undone_moves_again_in_order_with_their_points(table, game_id):
    g = table(game_id, tableau=["9C", "as 8H"], waste="7C", foundations=[])
    g.apply(Move(T(2), T(1)))  # flips A♠: +5
    after_one = state(g)
    g.apply(Move(W, T(1)))  # waste to column: +5 (Vegas: 0)
    after_two = state(g)
    g.undo()
    g.undo()
    assert g.can_redo and g.moves == 2
    assert g.redo() and state(g) == after_one
    assert g.redo() and state(g) == after_two and g.score == after_two["score"]
    assert g.moves == 4  # C-12: a redo is a move played again, counted as one; undo never lowered it
    assert not g.redo() and not g.can_redo


@pytest.mark.parametrize("game_id", ALL)
def test_C12_a_new_move_leaves_nothing_to_redo(table, game_id):
    g = table(game_id, tableau=["9C", "as 8H"], waste="7C", foundations=[])
    g.apply(Move(T(2), T(1)))
    g.undo()
    g.apply(Move(W, T(2)))  # 7♣ on the 8♥ back in column 2
    assert not g.can_redo and not g.redo()
    refusal = g.redo_refusal()
    assert refusal.rule == "C-12" and refusal.reason == "nothing_to_redo"


def test_C12_redo_of_a_recycle_costs_what_it_cost(table):
    g = table("klondike", waste="2C 3C 4C", draw=3)
    g.score = 50
    g.apply(DRAW)  # a recycle in draw 3: -20
    assert g.score == 30
    g.undo()
    assert g.score == 50 and g.recycles == 0
    g.redo()
    assert g.score == 30 and g.recycles == 1


def test_C12_redo_reaches_as_far_back_as_undo_did():
    """Double Solitaire undoes at most 200 moves (DS-9): redo gives back exactly those."""
    g = Game.deal(GameCode("double", 1, "standard", 5))
    for _ in range(230):
        g.apply(DRAW)
    reached = 0
    while g.undo():
        reached += 1
    assert reached == 200
    redone = 0
    while g.redo():
        redone += 1
    assert redone == 200 and len(g.stock) + len(g.waste) == 59


@pytest.mark.parametrize("game_id, draw", [("klondike", 3), ("double", 1), ("thoughtful", 1), ("duel", 3)])
def test_C12_random_undo_and_redo_walk_the_same_states(game_id, draw):
    """Undo then redo, in any mix, gives back each position exactly, and redo is there exactly
    while moves undone wait (none once a new move is played)."""
    rng = random.Random(game_id)
    for deal in range(20):
        game = Game.deal(GameCode(game_id, draw, "standard", deal))
        played, undone = [state(game)], []
        for _ in range(150):
            roll = rng.random()
            if roll < 0.25 and game.undo():
                undone.append(played.pop())
                assert state(game) == played[-1]
            elif roll < 0.45 and undone:
                assert game.redo()
                played.append(undone.pop())
                assert state(game) == played[-1]
            elif game.legal_moves():
                game.apply(rng.choice(game.legal_moves()))
                played.append(state(game))
                undone.clear()
            assert game.can_redo == bool(undone)


def test_C12_replay_r_redoes_and_says_when_there_is_nothing(capsys):
    assert run(["replay", "KL1-D1N-AAAAAAB", "s", "s", "u", "u", "r", "r"]) == 0
    redone = json.loads(capsys.readouterr().out)
    assert run(["replay", "KL1-D1N-AAAAAAB", "s", "s"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert redone["moves"] == 4 and played["moves"] == 2
    assert {**redone, "moves": 0} == {**played, "moves": 0}
    assert run(["replay", "KL1-D1N-AAAAAAB", "s", "u", "s", "R"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith('move 4 "R": C-12: there is no move to redo')


def test_C12_a_saved_game_keeps_what_redo_can_play():
    game = Game.deal(GameCode("klondike", 3, "standard", 9))
    start = game.to_json()
    for _ in range(3):
        game.apply(DRAW)
    game.undo()
    game.undo()
    game.redo()  # the log alone would read this as a new move and forget the DRAW after it
    data = json.loads(json.dumps(save_data(game, start, 3.0)))
    assert data["redo"] == ["s"]
    loaded, _, _ = load_save(data)
    assert loaded.to_json() == game.to_json() and loaded.undone == game.undone == [DRAW]
    assert loaded.redo() and game.redo() and loaded.to_json() == game.to_json()


def test_C12_a_save_from_before_redo_loads_and_a_bad_redo_list_is_dropped_and_named():
    game = Game.deal(GameCode("klondike", 3, "standard", 9))
    start = game.to_json()
    game.apply(DRAW)
    data = save_data(game, start, 1.0)
    older = {key: value for key, value in data.items() if key != "redo"}
    loaded, _, _ = load_save(older)
    assert loaded.to_json() == game.to_json() and not loaded.can_redo
    for redo, said in ((["t1>t2"], "saved redo move 1 \"t1>t2\""), ("s", "'redo' must be a list")):
        repairs: list[str] = []  # issue 32: the list is dropped alone, and named; the game is kept
        loaded, _, _ = load_save({**data, "redo": redo}, repairs)
        assert loaded.to_json() == game.to_json() and not loaded.can_redo
        assert len(repairs) == 1 and said in repairs[0]


def test_C12_DU3_a_redo_in_a_race_scores_as_the_move_played_and_the_peer_agrees():
    """In a network duel a redo travels as the move it is: the peer's copy plays it through its
    own checks, and both copies count the same points, kind by kind, and the same moves."""
    code = GameCode("duel", 3, "standard", 1)
    mine, peer = Race(code), Race(code)
    game = mine.games[0]
    game.tableau[0], game.hidden[0] = [0], 0  # the Ace of spades alone in column 1
    peer.games[1].tableau[0], peer.games[1].hidden[0] = [0], 0
    home = Move(T(1), Pile(FOUNDATION, 0))
    sent = []
    mine.apply(0, home)
    sent.append(notation(home))
    mine.undo(0)
    sent.append(notation(None))
    redone = mine.redo(0)
    assert redone == home
    sent.append(notation(redone))
    assert sent == ["t1>f1", "u", "t1>f1"]
    for text in sent:
        peer.play(1, text)
    assert mine.breakdown(0).points == peer.breakdown(1).points == Points(foundation=20, taken_back=-10)
    assert game.score == peer.games[1].score == 10 and game.moves == peer.games[1].moves == 2
    assert mine.redo(0) is None
    with pytest.raises(IllegalMove, match="C-12"):
        peer.play(1, "r")
