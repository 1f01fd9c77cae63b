"""Positions from JSON: deal files (``--deal FILE``) and the start of a saved game.

A deal file is the state JSON that ``deal`` prints. Anything that cannot be a position of its
game is refused with a BadDeal that names the part that is wrong: the wrong cards, a face-down
card above a face-up one, a column ending on a hidden card (C-6 would have turned it), a
foundation out of order or on the wrong suit's slot.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .cards import SUIT, SUIT_NAMES, card_text, parse_card
from .codes import parse_code
from .errors import BadCode, BadDeal
from .files import UnusableFile, read_small_file
from .quote import clip, shown
from .game import Game
from .predicates import foundation_holds
from .rules import REGISTRY

MAX_DEAL_FILE_BYTES = 1 << 20


def load_deal_file(path: str | Path) -> Game:
    """Read and check a deal file; BadDeal with one sentence for anything wrong."""
    try:
        raw = read_small_file(path, MAX_DEAL_FILE_BYTES)
    except UnusableFile as error:  # a FIFO, a device, a folder, or too large
        raise BadDeal(f"deal file {clip(str(path))}: {error}") from None
    except OSError as error:
        raise BadDeal(f"cannot read deal file {clip(str(path))}: {error.strerror or error}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, or an integer of over 4300 digits
        raise BadDeal(f"deal file {clip(str(path))} is not valid JSON: {error}") from None
    return game_from_json(data)


def game_from_json(data: object) -> Game:
    """Build a Game from state JSON, checking that it is a legal position of its game."""
    if not isinstance(data, dict):
        raise BadDeal("a deal must be a JSON object")
    game_id = data.get("game")
    if game_id not in REGISTRY:
        raise BadDeal(f"'game' must be one of {', '.join(REGISTRY.ids())}, not {shown(game_id)}")
    rules = REGISTRY.get(game_id)
    draw = data.get("draw", rules.default_draw)
    if type(draw) is not int or draw not in rules.draws:
        raise BadDeal(f"'draw' must be one of {list(rules.draws)} for {rules.name}, not {shown(draw)}")
    scoring = data.get("scoring", "standard")
    if scoring not in rules.scorings:
        raise BadDeal(f"'scoring' must be one of {list(rules.scorings)} for {rules.name}, not {shown(scoring)}")
    code = None
    if data.get("code") is not None:
        try:
            code = parse_code(data["code"])
        except BadCode as error:
            raise BadDeal(f"'code': {error}") from None
        if (code.game, code.draw, code.scoring) != (game_id, draw, scoring):
            raise BadDeal(f"'code' {code} does not match the game, draw and scoring of the deal")

    game = Game(rules, draw, scoring, code)
    columns = _list(data, "tableau", len(rules.columns))
    for index, column in enumerate(columns):
        where = f"tableau column {index + 1}"
        cards = [_card(text, where) for text in _items(column, where)]
        faces = [up for _, up in cards]
        hidden = faces.count(False)
        if any(faces[:hidden]) or not all(faces[hidden:]):
            raise BadDeal(f"{where}: a face-down card lies on a face-up one")
        game.tableau[index] = [c for c, _ in cards]
        game.hidden[index] = hidden
        if hidden and not rules.deals_face_down:
            raise BadDeal(f"{where}: every column card is face up in {rules.name} ({rules.rule_ids['layout']})")
    for index, cards in enumerate(game.tableau):
        where = f"tableau column {index + 1}"
        covered = rules.is_covered(game.tableau, index)
        if cards and game.hidden[index] == len(cards) and not covered:
            raise BadDeal(f"{where}: its last card is face down (C-6 turns it face up)")
        if covered and rules.dealt_hidden[index] == rules.columns[index] and game.hidden[index] < len(cards):
            raise BadDeal(f"{where}: a card lies on it, so it lies face down ({rules.rule_ids['layout']})")
        if rules.face_up_built and not rules.is_built(cards[game.hidden[index]:]):
            raise BadDeal(f"{where}: its face-up cards are not in descending alternating order (C-2)")
    for key in ("stock", "waste"):
        if key not in data:
            raise BadDeal(f"'{key}' is missing (a list of cards, possibly empty)")
    game.stock = [_card(t, "stock")[0] for t in _items(data["stock"], "stock")]
    game.waste = [_card(t, "waste")[0] for t in _items(data["waste"], "waste")]
    if game.waste and rules.stock != "waste":
        raise BadDeal(f"'waste': {rules.name} has no waste ({rules.rule_ids['stock']})")
    if game.stock and rules.stock == "none":
        raise BadDeal(f"'stock': {rules.name} has no stock ({rules.rule_ids['stock']})")
    if rules.cells or "cells" in data:
        for index, cell in enumerate(_list(data, "cells", rules.cells)):
            where = f"free cell {index + 1}"
            game.cells[index] = [_card(t, where)[0] for t in _items(cell, where)]
            if len(game.cells[index]) > 1:
                raise BadDeal(f"{where}: holds one card at most ({rules.rule_ids['cells']})")
    foundations = _list(data, "foundations", rules.foundation_count)
    for index, pile in enumerate(foundations):
        where = f"foundation {index + 1}"
        cards = [_card(t, where)[0] for t in _items(pile, where)]
        fixed = rules.foundation_suit(index)
        if not foundation_holds(cards, rules.foundation_base, fixed, rules.foundation_build):  # C-4, as a move is
            if fixed is not None and any(SUIT[c] != fixed for c in cards):
                raise BadDeal(f"{where}: holds only {SUIT_NAMES[fixed]} ({rules.rule_ids['foundation_slot']})")
            raise BadDeal(f"{where}: must hold one suit from the Ace up ({rules.rule_ids['foundation']})")
        if rules.whole_suits_leave and cards and len(cards) != 13:
            raise BadDeal(f"{where}: holds a whole suit or nothing ({rules.rule_ids['whole_suits']})")
        game.foundations[index] = cards

    _check_cards(game)
    been_home = [_card(t, "'been_home'")[0] for t in _items(data.get("been_home", []), "'been_home'")]
    up = {c for column, cards in enumerate(game.tableau) for c in cards[game.hidden[column]:]}
    for c in been_home:  # DU-12: a card taken back from home lies face up in a column (C-7)
        if c not in up:
            raise BadDeal(f"'been_home': {card_text(c)} is no face-up column card (a card taken back from home is one, C-7)")
    game.count_trips_home(been_home)
    game.score = _number(data, "score", game.scoring.start, allow_negative=True)
    if game.scoring.floor is not None and game.score < game.scoring.floor:
        raise BadDeal(f"'score' cannot be below {game.scoring.floor} in standard scoring (C-10)")
    game.moves = _number(data, "moves", 0)
    game.recycles = _number(data, "recycles", 0)
    limit = game.scoring.max_recycles
    if limit >= 0 and game.recycles > limit:
        raise BadDeal(f"'recycles' cannot exceed {limit} in {game.scoring.name} scoring")
    if "won" in data and data["won"] is not game.won:
        raise BadDeal(f"'won' is {clip(json.dumps(data['won']))} but the foundations say {json.dumps(game.won)}")
    return game


def _check_cards(game: Game) -> None:
    want = Counter(game.rules.deck(game.draw))
    counts = Counter(game.all_cards())
    missing = [card_text(c) for c in range(52) if counts[c] < want[c]]
    extra = [card_text(c) for c in range(52) if counts[c] > want[c]]
    copies = {1: "once", 2: "twice"}.get(max(want.values()), f"{max(want.values())} times")
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing[:8]) + (" …" if len(missing) > 8 else ""))
        if extra:
            parts.append("too many " + " ".join(extra[:8]) + (" …" if len(extra) > 8 else ""))
        raise BadDeal(f"every card must appear {copies} in {game.rules.name}: {'; '.join(parts)}")


def _list(data: dict, key: str, length: int) -> list:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != length:
        raise BadDeal(f"'{key}' must be a list of {length} piles")
    return value


def _items(value: object, where: str) -> list:
    if not isinstance(value, list):
        raise BadDeal(f"{where} must be a list of cards")
    if len(value) > 104:
        raise BadDeal(f"{where} holds more than 104 cards")
    return value


def _card(text: object, where: str) -> tuple[int, bool]:
    try:
        return parse_card(text)  # type: ignore[arg-type]
    except ValueError as error:
        raise BadDeal(f"{where}: {error}") from None


def _number(data: dict, key: str, default: int, allow_negative: bool = False) -> int:
    value = data.get(key, default)
    if type(value) is not int or (value < 0 and not allow_negative) or abs(value) > 10**9:
        raise BadDeal(f"'{key}' must be a whole number{'' if allow_negative else ' not below 0'}, not {shown(value)}")
    return value
