"""Issue 31, the computer's End (DU-4) with cards face down: a line ends when it sends a card home
beyond the count or turns a face-down card, so the End searches bound a line's length by the
nearer of the two (``stuck.Floors``: cards that must come out of the foundations first, each home
again for a gain, a move each and one more for a turn), and look on towards a gain first. The
bound must never cut a line the complete search finds within the clock, on the player's view
(which never reads a face-down card) as on the real game."""

from __future__ import annotations

from solitaire.benches.opponent import WIDE_LIMIT, gave_up
from solitaire.core.game import Game
from solitaire.solver.opponent import escape, lines
from solitaire.solver.opponent.stuck import Floors
from solitaire.solver.player import END, PACE, Strength, decide_plan, moves_within, seen
from tests.positions import build
from tests.solver.test_end_proof import _home, _played, _with_face_down


def nine_cards_back() -> Game:
    """Seed 6061's End of deal 4725743424 (Medium, 143.4 s left: 102 moves at 1.4 s), three cards
    face down (the 7 of clubs, the Jack of spades and the Ace of hearts). The 8 of clubs can go
    home only once the 7 of clubs is turned, and the 10 of hearts on the Ace needs the Jack of
    clubs under four cards: every line that gains or turns a card first takes back five diamonds
    and four clubs (9 to 3 and 6 to 3), then rebuilds two columns and plays them all home again,
    and one card more: 27 moves. Main pressed End there (its search ran past 400,000 positions;
    the strict check found the line in 1,637,821)."""
    game = build("duel", tableau=["KH QS JD TC 9D 8C", "7c 8S 7H 6S 5H 4S 3H", "KS QH JC TD 9S 8H 7S", "KC QD",
                                  "6H 5S 4H 3S 2H", "KD", "js ah TH 9C"],
                 waste="QC JH 9H TS",
                 foundations=["AD 2D 3D 4D 5D 6D 7D 8D", "AS 2S", "AC 2C 3C 4C 5C 6C", ""])
    game.recycles = 1  # the stock has been through the waste: the player knows it
    return game


def test_DU4_seed_6061_medium_finds_the_27_move_line_past_three_face_down_cards():
    game = nine_cards_back()
    view = seen(game, 143.4)
    assert view.game.tableau != game.tableau  # the face-down cards are not the real ones
    within = moves_within(143.4, PACE[Strength.MEDIUM])
    assert within == 102
    floors_ = Floors.of(view.game, within)
    assert floors_.gain == floors_.turn == [(2, 0, 3, 2)]  # spades, hearts, diamonds, clubs: 9 cards back
    decision, plan = decide_plan(view, Strength.MEDIUM)  # its search: 12,447 positions (main: past 400,000)
    assert decision is not END
    line = (decision, *plan)
    assert len(line) == 27 and sum(move.src.kind == "f" for move in line) >= 9
    assert _home(_played(game, line)) == _home(game) + 1  # on the real cards too


def test_DU4_seed_6061_the_strict_check_counts_an_end_there_as_gave_up():
    game = nine_cards_back()
    way = escape.search(game.clone(), True, WIDE_LIMIT, True, 52, 102)
    assert way.found and way.moves <= 102
    assert _home(_played(game, way.line)) == _home(game) + 1
    assert gave_up(game, 143.4, PACE[Strength.MEDIUM], from_home=True)


FACE_DOWN = (33, 225, 348, 779, 879, 1082, 1339, 2852, 3070, 3711, 4040, 4117, 4511, 4528, 4710, 5033, 5276,
             5372, 5575, 5796, 5882, 6133, 6641, 6829, 7383, 7618, 7663, 7941)
"""Seeds of ``_with_face_down`` positions (of 8,000) with a card face down and no line unless cards
come back from home: most lines end by a turn, some by a gain; 2 to 12 moves, 1 to 8 cards back."""
CHECKED_TOO = (225, 779, 3070, 3711, 4040, 4528, 5372, 6641, 7941)
"""Those the bench's strict check (a ``Game`` played a move: slower) is asked too."""


def _agree(search, game: Game, within: int, full) -> bool:
    ours = search(game, within)
    return (ours.found, ours.moves) == ((True, full.moves) if full.moves <= within else (False, 0))


def test_DU4_with_cards_face_down_the_bound_never_cuts_a_line_the_complete_search_finds(monkeypatch):
    """Given as many moves as the complete search's shortest line, the player's bounded search
    finds a line of that length; given one fewer, none. Counting a turn as a gain (the bound where
    no card is face down), the turn's floors worked out for half the moves or with the gain's
    rules, or one move too many for a turn, makes this fail."""
    monkeypatch.setattr(lines, "QUICK", 0)  # the floors from the first position on

    def bounded(game: Game, within: int):
        return lines.search(game, True, 30_000, 52, within)

    ends = set()
    for seed in FACE_DOWN:
        game = _with_face_down(seed)
        assert any(game.hidden) and lines.search(game, True, 5_000, 0).found is False, seed
        full = lines.search(game, True, 30_000, 52)
        assert full.found, seed
        ends.add(_home(_played(game, full.line)) > _home(game))
        for within in (full.moves - 1, full.moves):
            assert _agree(bounded, game, within, full), (seed, within)
    assert ends == {True, False}  # lines that gain and lines that turn


def test_DU4_with_cards_face_down_the_strict_check_agrees_with_the_complete_search():
    def bounded(game: Game, within: int):
        return escape.search(game.clone(), True, 30_000, True, 52, within)

    for seed in CHECKED_TOO:
        game = _with_face_down(seed)
        full = lines.search(game, True, 30_000, 52)
        for within in (full.moves - 1, full.moves):
            assert _agree(bounded, game, within, full), (seed, within)
