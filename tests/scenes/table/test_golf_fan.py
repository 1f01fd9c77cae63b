"""Golf's pile fanned along its row (``[layout] foundation_fan``, beside KPatience, which fans it
too): the cards gone stay in sight, a player counts them (GO-4); the fan stops at the table's far
edge, mirrored in Arabic, and a card dropped on the fan's last card lands on the pile."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solitaire.core import DRAW, FOUNDATION, STOCK, TABLEAU, Game, Pile, parse_code, ruleset
from solitaire.view.layout import Layout, Slot

HOME = Pile(FOUNDATION, 0)


@pytest.fixture
def services(services):
    """No store: nothing is written to disk after each move."""
    return replace(services, store=None)


def golf_with_pile(count: int) -> Game:
    """Golf with ``count`` cards on its pile (the stock turned onto it, then columns' cards)."""
    game = Game.deal(parse_code("GO1-D1N-AAAAAAB"))
    cards = [card for column in game.tableau for card in column] + game.stock + game.foundations[0]
    game.foundations[0] = cards[:count]
    return game


@pytest.mark.parametrize("rtl", [False, True])
@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (3840, 2160)])
def test_GO4_the_pile_fans_along_its_row_to_the_tables_edge(size, rtl):
    layout = Layout(ruleset("golf"), size, top=48, rtl=rtl)
    origin = layout.pile_origin(HOME)
    stock = layout.pile_rect(Pile(STOCK))
    far = max(layout.pile_rect(Pile(TABLEAU, c)).right for c in range(7))
    near = min(layout.pile_rect(Pile(TABLEAU, c)).left for c in range(7))
    few = layout.card_positions(golf_with_pile(5))
    xs = [few[Slot(HOME, i)][0] for i in range(5)]
    step = int(layout.card[0] * 0.24)
    assert xs == [origin[0] + (-i if rtl else i) * step for i in range(5)]  # each card's rank in sight
    assert all(few[Slot(HOME, i)][1] == origin[1] for i in range(5))
    full = layout.card_positions(golf_with_pile(52))
    xs = [full[Slot(HOME, i)][0] for i in range(52)]
    assert min(xs) >= near and max(xs) + layout.card[0] <= far  # within the columns' span
    assert not any(stock.colliderect((x, origin[1], *layout.card)) for x in xs)  # never over the stock
    assert xs[0] == origin[0] and len(set(xs)) > 20  # the oldest stacked at the pile's place, the last fanned


def test_no_fan_where_the_level_does_not_ask():
    game = Game.deal(parse_code("TP1-D1N-AAAAAAB"))
    game.apply(DRAW)
    game.apply(DRAW)
    layout = Layout(game.rules, (1280, 720), top=48)
    positions = layout.card_positions(game)
    assert {positions[Slot(HOME, i)] for i in range(len(game.foundations[0]))} == {layout.pile_origin(HOME)}


def test_GO7_a_card_dropped_on_the_fans_last_card_lands_on_the_pile(app, driver):
    app.settings = app.settings.updated(status_line=False)
    play = app.open("play", code=parse_code("GO1-D1N-AAAAAAB"))
    driver.settle(2)
    for _ in range(6):
        play.play(DRAW)
        driver.settle(0.5)
    pile = play.game.foundations[0]
    top = play.view.by_slot[Slot(HOME, len(pile) - 1)]
    w, h = play.layout.card
    assert not play.layout.pile_rect(HOME).colliderect((round(top.pos[0]), round(top.pos[1]), w, h))
    move = next(m for m in play.game.legal_moves() if m.src.kind == TABLEAU)
    column = play.game.tableau[move.src.index]
    sprite = play.view.by_slot[Slot(move.src, len(column) - 1)]
    moved = column[-1]
    driver.drag((round(sprite.pos[0]) + w // 2, round(sprite.pos[1]) + 8),
                (round(top.pos[0]) + w // 2 + w // 4, round(top.pos[1]) + h // 2))
    assert play.game.foundations[0][-1] == moved
