"""A real Duel deal played to where a card on a foundation can come back to a column and go home
again (DU-12's farming loop: K-6 pays the trip home, nothing stops the trip back), as move texts
in replay notation, for the core's, the saves' and the server's tests alike."""

from __future__ import annotations

import random

from solitaire.core import FOUNDATION, TABLEAU, Game, parse_code

CODE = parse_code("DU2-D3N-AAAAAAB")


def farm_line(code=CODE) -> tuple[list[str], str, str]:
    """The moves that bring ``code``'s deal (played: a card home where one goes, else a random
    legal move, seeded) to a foundation card that can come back; the move taking it back and
    the one sending it home again."""
    game, rng, line = Game.deal(code), random.Random(code.deal), []
    for _ in range(300):
        moves = game.legal_moves()
        back = [m for m in moves if m.src.kind == FOUNDATION and m.dst.kind == TABLEAU]
        if back:
            game.apply(back[0])
            home = next(m for m in game.legal_moves()
                        if m.dst.kind == FOUNDATION and m.src.kind == TABLEAU and m.src.index == back[0].dst.index)
            return line, str(back[0]), str(home)
        home = [m for m in moves if m.dst.kind == FOUNDATION]
        move = home[0] if home else rng.choice(moves)
        game.apply(move)
        line.append(str(move))
    raise AssertionError(f"{code}: no card came back from a foundation in 300 moves")
