"""A stand-in for the rules core's saved game.

The real core validates its own saves; the store only needs some `validate` that raises on an
impossible game, so these tests use a small one (52 distinct cards, sane counters, a deal code).
"""

from __future__ import annotations

import random
import re

DECK = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
CODE = re.compile(r"[A-Z0-9]{8}")


def validate_game(game: dict[str, object]) -> dict[str, object]:
    """Accept a saved game only if it describes a possible deal; raise ValueError otherwise."""
    cards = game.get("cards")
    if not isinstance(cards, list) or sorted(cards) != sorted(DECK):
        raise ValueError("the cards are not one whole deck")
    for name in ("score", "moves"):
        if type(game.get(name)) is not int:
            raise ValueError(f"{name} is not a whole number")
    if game["moves"] < 0:  # type: ignore[operator]
        raise ValueError("negative moves")
    if type(game.get("seconds")) not in (int, float) or game["seconds"] < 0:  # type: ignore[operator]
        raise ValueError("bad time")
    history = game.get("undo")
    if not isinstance(history, list) or not all(isinstance(step, str) for step in history):
        raise ValueError("bad undo history")
    if not isinstance(game.get("code"), str) or not CODE.fullmatch(game["code"]):  # type: ignore[arg-type]
        raise ValueError("bad deal code")
    return game


def make_game(seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    cards = DECK[:]
    rng.shuffle(cards)
    return {"cards": cards, "score": rng.randint(-52, 300), "moves": rng.randint(0, 200),
            "seconds": round(rng.uniform(0, 900), 2), "undo": [f"t{rng.randint(1, 7)}f" for _ in range(5)],
            "code": "".join(rng.choice("ABCDEFGH0123456789") for _ in range(8))}
