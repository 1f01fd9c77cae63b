"""Layout from levels/: card size follows the window, right-to-left mirrors, fans squeeze."""

import pytest

from solitaire.core import FOUNDATION, STOCK, TABLEAU, Game, Pile, parse_code
from solitaire.core.position import game_from_json
from solitaire.view.layout import Layout, Slot


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAB", "DS1-D1N-AAAAAAB", "TF1-D1N-AAAAAAB"])
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
