"""The longest columns each game can have, laid out on a deal (shared by the layout and fan tests)."""

from solitaire.core import Game, parse_code
from solitaire.core.position import game_from_json

RUN = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"]
#: The longest column each game can have: Klondike's 6 face-down cards under a King's run,
#: Double's 8, and Thoughtful's 7 face-up cards dealt in any order with a run on the last.
DEEPEST = {"KL1-D1N-AAAAAAB": ["kd", "qd", "jd", "td", "9d", "8d"] + RUN,
           "DS1-D1N-AAAAAAB": ["kd", "qd", "jd", "td", "9d", "8d", "7d", "6d"] + RUN,
           "TF1-D1N-AAAAAAB": ["KD", "QD", "JD", "TD", "9D", "8D"] + RUN}


def with_column(code: str, column: list[str]) -> Game:
    """The deal of ``code`` with ``column`` as its first column, the other columns empty."""
    state = Game.deal(parse_code(code)).to_json()
    rest = [c for pile in state["tableau"] for c in pile] + state["stock"]
    for card in column:
        rest.remove(next(c for c in rest if c.upper() == card.upper()))
    state["tableau"] = [column] + [[] for _ in state["tableau"][1:]]
    state["stock"] = [c.lower() for c in rest]
    return game_from_json(state)
