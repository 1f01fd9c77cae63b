"""Layout from levels/: card size follows the window, right-to-left mirrors, fans squeeze."""

import pytest

from solitaire.core import FOUNDATION, STOCK, TABLEAU, Game, Pile, parse_code, ruleset
from solitaire.core.position import game_from_json
from solitaire.view.corner import rank_reach
from solitaire.view.layout import Layout, Slot
from tests.view.columns import DEEPEST, with_column


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "DS1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB", "YU1-D1N-AAAAAAB",
                                  "GO1-D1N-AAAAAAB"])
def test_every_pile_fits_the_window(size, code):
    game = Game.deal(parse_code(code))
    layout = Layout(game.rules, size, top=48)
    for pile in layout.piles():
        rect = layout.pile_rect(pile)
        assert 0 <= rect.left and rect.right <= size[0] and 48 <= rect.top and rect.bottom <= size[1], (pile, rect)
    # no two piles overlap
    rects = [layout.pile_rect(p) for p in layout.piles()]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_double_solitaire_card_size_at_1280x720():
    layout = Layout(Game.deal(parse_code("DS1-D1N-AAAAAAB")).rules, (1280, 720), top=48)
    assert layout.card[0] >= 80  # 9 columns and the 4×2 foundation grid fit with readable cards


def test_right_to_left_mirrors_the_table():
    game = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    ltr = Layout(game.rules, (1280, 800), top=48)
    rtl = Layout(game.rules, (1280, 800), top=48, rtl=True)
    w = ltr.card[0]
    for pile in ltr.piles():
        a, b = ltr.pile_origin(pile), rtl.pile_origin(pile)
        assert a[1] == b[1] and abs((a[0] + w / 2) - (1280 - (b[0] + w / 2))) <= 1
    assert rtl.pile_origin(Pile(STOCK))[0] > rtl.pile_origin(Pile(FOUNDATION, 0))[0]  # stock top right


def test_a_tall_column_squeezes_so_its_last_card_stays_on_screen():
    run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"]
    hidden = ["kd", "qd", "jd", "td", "9d", "8d"]
    state = Game.deal(parse_code("KL1-D1N-AAAAAAB")).to_json()
    used = {c.upper() for c in run + hidden}
    rest = [c for col in state["tableau"] for c in col] + state["stock"]
    rest = [c.lower() for c in rest if c.upper() not in used]
    state["tableau"] = [hidden + run] + [[] for _ in range(6)]
    state["stock"] = rest
    game = game_from_json(state)
    layout = Layout(game.rules, (960, 600), top=40)
    positions = layout.card_positions(game)
    last = positions[Slot(Pile(TABLEAU, 0), len(hidden + run) - 1)]
    assert last[1] + layout.card[1] <= 600
    first_up = positions[Slot(Pile(TABLEAU, 0), len(hidden))]
    second_up = positions[Slot(Pile(TABLEAU, 0), len(hidden) + 1)]
    assert second_up[1] - first_up[1] >= 0.1 * layout.card[1]  # the index strip stays readable


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("code", list(DEEPEST))
@pytest.mark.parametrize("index_scale", [1.0, 1.6])
def test_the_deepest_column_never_runs_off_screen(size, code, index_scale):
    """Issue 22: cards are sized from the width, so a deep column squeezes its fan instead; even
    with the cards of a drop preview over it, its last card ends on screen, above the band at
    the bottom kept for the status pill."""
    game = with_column(code, DEEPEST[code])
    top, foot = (48, 36) if size[1] < 1000 else (96, 110)
    layout = Layout(game.rules, size, top=top, index_scale=index_scale, foot=foot)
    positions = layout.card_positions(game)
    last = positions[Slot(Pile(TABLEAU, 0), len(DEEPEST[code]) - 1)]
    assert last[1] + layout.card[1] <= size[1] - foot  # above the status pill's band too
    down, up = layout.column_steps(game, 0, extra=3)
    bottom = layout.pile_origin(Pile(TABLEAU, 0))[1] + game.hidden[0] * down
    assert bottom + (len(DEEPEST[code]) - game.hidden[0] + 2) * up + layout.card[1] <= size[1]
    assert up >= 1 and down >= 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("code", list(DEEPEST))
@pytest.mark.parametrize("index_scale", [1.0, 1.12, 1.24])
def test_a_deep_column_zooms_the_table_out_until_every_rank_is_in_sight(size, code, index_scale):
    """Issue 22: squeezed to 0.11 of a card's height, a long fan cut the top of each rank (a
    Thoughtful column of 19 at the largest text); the table now zooms out instead, in steps,
    until each face-up card's whole rank shows, and no further."""
    game = with_column(code, DEEPEST[code])
    window = Layout(game.rules, size, top=48, index_scale=index_scale, foot=36)
    fitted = window.fitted(game)
    _, up = fitted.column_steps(game, 0)
    assert fitted.readable >= rank_reach(fitted.card[0], index_scale) or fitted.readable == int(
        fitted.card[1] * fitted.fan_up)
    assert up >= fitted.readable and fitted.zoom >= 0.5
    last = fitted.card_positions(game)[Slot(Pile(TABLEAU, 0), len(DEEPEST[code]) - 1)]
    assert last[1] + fitted.card[1] <= size[1] - 36
    if fitted.zoom < 1:  # one step larger would not do
        larger = Layout(game.rules, size, 48, index_scale=index_scale, foot=36, zoom=fitted.zoom + 0.05)
        assert not larger.ranks_in_sight(game)


@pytest.mark.parametrize("code", list(DEEPEST))
def test_a_deal_and_a_shortened_column_keep_the_window_filling_size(code):
    """Zooming out is for the deep column only: a fresh deal is as large as the window allows,
    and the table grows back once the column is short again."""
    window = Layout(Game.deal(parse_code(code)).rules, (1280, 720), top=48, index_scale=1.24)
    assert window.fitted(Game.deal(parse_code(code))) is window
    assert window.fitted(with_column(code, DEEPEST[code])).zoom < 1 or code.startswith("DS")
    short = DEEPEST[code][:len(DEEPEST[code]) - 11]
    assert window.fitted(with_column(code, short)) is window


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB"])
def test_cards_are_as_large_as_the_anchors_at_1920x1059(code):
    """Issue 22: ours were 139 px wide where KPatience's were 164 and Aisleriot's 182."""
    game = Game.deal(parse_code(code))
    assert Layout(game.rules, (1920, 1059), top=62).card[0] >= 164


def test_a_window_tall_enough_is_filled_across():
    """Sized from the width: in a 5:4 window the columns span the width, one gap at each side."""
    layout = Layout(Game.deal(parse_code("KL1-D1N-AAAAAAB")).rules, (1280, 1024), top=48)
    assert layout.left <= layout.gap + 1
    right = layout.pile_rect(Pile(TABLEAU, 6)).right
    assert 1280 - right <= layout.gap + 8


def test_panels_beside_the_table_take_their_share():
    """The Duel's level keeps room at each side for its panels; its cards are sized from the rest."""
    duel = Game.deal(parse_code("DU2-D3N-AAAAAAB")).rules
    side = int(1920 * duel.layout["panel_share"])
    beside, alone = Layout(duel, (1920, 1080), top=62), Layout(ruleset("klondike"), (1920, 1080), top=62)
    assert side >= 240 and beside.left >= side and beside.pile_rect(Pile(TABLEAU, 6)).right <= 1920 - side
    assert beside.card[0] < alone.card[0]


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("rtl", [False, True])
def test_SP5_spiders_stock_shows_each_deal_left_clear_of_the_foundations(size, rtl):
    """Issue 33: one stock card gave no sign of the five deals left (KPatience lays them side by side)."""
    game = Game.deal(parse_code("SP1-D1N-AAAAAAB"))
    layout = Layout(game.rules, size, top=48, rtl=rtl)
    places = layout.card_positions(game)
    stock = [places[Slot(Pile(STOCK), i)] for i in range(len(game.stock))]
    assert len({x for x, _ in stock}) == len(game.stock) // len(game.tableau) == 5
    assert stock[-1] == layout.pile_origin(Pile(STOCK))  # the next deal lies on the stock's place
    w, h = layout.card
    lefts = [x for x, _ in stock]
    spread = (min(lefts), max(lefts) + w)
    for f in range(len(game.foundations)):
        rect = layout.pile_rect(Pile(FOUNDATION, f))
        assert rect.right <= spread[0] or rect.left >= spread[1]  # no deal over a foundation


def test_klondikes_stock_stays_one_pile():
    game = Game.deal(parse_code("KL1-D1N-AAAAAAB"))
    layout = Layout(game.rules, (1280, 720), top=48)
    places = layout.card_positions(game)
    xs = {places[Slot(Pile(STOCK), i)][0] for i in range(len(game.stock))}
    assert max(xs) - min(xs) <= 3


def test_piles_at_places_lie_where_their_level_file_puts_them_mirrored_in_arabic(two_peaks):
    """Issue 34's model (tests/core/model/two_peaks.toml): each pile at its own place, halves of
    a pitch too; Arabic reads the row from the other side; a pile lying on two sits between them,
    overlapping both, and is drawn after them."""
    from solitaire.view.layer import slot_key

    game = Game.deal(parse_code("ZP1-D1N-AAAAAAB"))
    for rtl in (False, True):
        layout = Layout(game.rules, (1280, 720), top=48, rtl=rtl)
        x = {pile: layout.pile_origin(Pile(TABLEAU, pile - 1))[0] for pile in range(1, 6)}
        y = {pile: layout.pile_origin(Pile(TABLEAU, pile - 1))[1] for pile in range(1, 6)}
        pitch = (layout.card[0] + layout.gap) * (-1 if rtl else 1)
        assert x[4] - x[3] == pitch and x[5] - x[4] == pitch
        assert abs(x[1] - (x[3] + x[4]) / 2) <= 1 and abs(x[2] - (x[4] + x[5]) / 2) <= 1
        assert y[1] == y[2] and abs(y[3] - y[1] - (layout.card[1] + layout.row_gap) / 2) <= 1
        for peak, row in ((1, 3), (1, 4), (2, 4), (2, 5)):
            assert layout.pile_rect(Pile(TABLEAU, peak - 1)).colliderect(layout.pile_rect(Pile(TABLEAU, row - 1)))
        for pile in layout.piles():
            rect = layout.pile_rect(pile)
            assert 0 <= rect.left and rect.right <= 1280 and 48 <= rect.top and rect.bottom <= 720, (pile, rect)

    class Resting:
        def __init__(self, pile: int) -> None:
            self.slot = Slot(Pile(TABLEAU, pile - 1), 0)

    drawn = sorted((Resting(pile) for pile in (3, 1, 5, 2, 4)), key=slot_key)
    assert [sprite.slot.pile.index + 1 for sprite in drawn] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_YU1_yukons_columns_start_at_the_top_and_a_long_one_keeps_the_cards_whole(size):
    """Yukon has no stock: its foundations stand two by two beside the columns, which start at
    the top (as Aisleriot's do) and so keep their full size where a column has grown long
    (the keyboard line's position after 40 moves, a column of 13; under the foundations they zoomed out)."""
    import json
    from pathlib import Path

    from solitaire.core import parse_request

    line = json.loads((Path(__file__).parents[1] / "scenes" / "table" / "keyboard_wins.json").read_text())["yukon"]
    game = Game.deal(parse_code(line["code"]))
    layout = Layout(game.rules, size, top=48)
    assert layout.pile_rect(Pile(TABLEAU, 0)).top == layout.pile_rect(Pile(FOUNDATION, 0)).top
    for text in line["moves"][:40]:
        game.apply(game.resolve(parse_request(text)))
    assert max(map(len, game.tableau)) >= 13
    assert layout.fitted(game).zoom == 1.0


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_GO2_golfs_cards_take_the_height_its_columns_never_outgrow(size):
    """Nothing goes onto a Golf column (GO-2): the cards are sized for the deal's five a column,
    not for columns that grow (a fifth smaller than Aisleriot's before), and the deal shows whole."""
    game = Game.deal(parse_code("GO1-D1N-AAAAAAB"))
    layout = Layout(game.rules, size, top=48, foot=size[1] // 18)
    klondike = Layout(ruleset("klondike"), size, top=48, foot=size[1] // 18)
    assert layout.card[0] > 1.15 * klondike.card[0]
    assert all(layout.column_steps(game, c)[1] == int(layout.card[1] * layout.fan_up) for c in range(7))
    assert layout.fitted(game).zoom == 1.0
