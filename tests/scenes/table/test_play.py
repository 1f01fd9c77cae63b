"""The play scene driven by posted mouse and key events, each checked against the core state."""

import pygame

from solitaire.core import DRAW, FOUNDATION, STOCK, TABLEAU, Pile
from solitaire.core.position import game_from_json
from solitaire.view.layout import Slot


def centre(scene, pile, index=None):
    """The middle of the visible part of a card (index None: the top card), or of an empty pile."""
    size = len(scene.game.pile(pile))
    if index is None:
        index = size - 1
    w, h = scene.layout.card
    if size == 0 or index < 0:
        x, y = scene.layout.pile_origin(pile)
        return (x + w // 2, y + h // 2)
    sprite = scene.view.by_slot[Slot(pile, index)]
    x, y = sprite.pos
    visible = h if index == size - 1 else max(6, scene.layout.card[1] // 10)
    return (int(x + w // 2), int(y + min(visible // 2, h // 2)))


def open_play(app, driver, code="KL1-D1N-AAAAAAB", game=None, **settings):
    app.settings = app.settings.updated(**settings)
    app.open("play", code=code)
    scene = driver.scene
    if game is not None:
        scene._replace_game(game)
    driver.settle(3)
    return scene


T = lambda i: Pile(TABLEAU, i - 1)  # noqa: E731


def test_one_tap_moves_a_card_to_a_good_place_K8(app, driver):
    scene = open_play(app, driver)
    assert scene.game.tableau[0] == [parse_card("7H")]
    driver.click(centre(scene, T(1)))
    assert scene.game.tableau[0] == [] and scene.game.tableau[6][-1] == parse_card("7H")
    driver.settle(1)
    assert not scene.view.in_motion()


def test_drag_a_card_onto_a_column(app, driver):
    scene = open_play(app, driver, one_tap=False)
    driver.drag(centre(scene, T(1)), centre(scene, T(7)))
    assert scene.game.tableau[6][-1] == parse_card("7H") and scene.game.moves == 1


def test_refused_drop_slides_back_and_says_the_rule_TF7(app, driver):
    scene = open_play(app, driver, show_rule_numbers=True)
    start = scene.game.to_json()
    origin = scene.view.by_slot[Slot(T(3), 2)].pos
    driver.drag(centre(scene, T(3)), centre(scene, T(5)))
    assert scene.game.to_json() == start
    assert scene.hud.toast is not None and "2 of hearts" in scene.hud.toast.text
    assert scene.hud.toast.note == "Rule C-2" and "C-2" not in scene.hud.toast.text  # the id apart, small
    driver.settle(1)
    assert scene.view.by_slot[Slot(T(3), 2)].pos == origin


def test_the_rule_number_is_not_shown_unless_asked_for(app, driver):
    """Issue 22: "Rule C-2" under the reason read as an internal number; the sentence says why."""
    assert not app.settings.show_rule_numbers  # off by default
    scene = open_play(app, driver)
    driver.drag(centre(scene, T(3)), centre(scene, T(5)))
    assert "2 of hearts" in scene.hud.toast.text and scene.hud.toast.note == ""


def test_a_menu_opening_takes_the_refusal_away(app, driver):
    scene = open_play(app, driver)
    driver.drag(centre(scene, T(3)), centre(scene, T(5)))
    assert scene.hud.toast is not None
    app.open("menu", play=scene)
    assert scene.hud.toast is None
    app.stack.pop()
    assert scene.hud.toast is None  # not back once the menu closes


def test_interactive_rules_off_keeps_quiet(app, driver):
    scene = open_play(app, driver, interactive_rules=False)
    driver.drag(centre(scene, T(3)), centre(scene, T(5)))
    assert scene.hud.toast is None


def test_select_then_click_and_escape_drops_selection_K8(app, driver):
    scene = open_play(app, driver, one_tap=False)
    driver.click(centre(scene, T(1)))
    assert scene.clicks.selection == (T(1), 1)
    driver.key(pygame.K_ESCAPE)
    assert scene.clicks.selection is None
    driver.click(centre(scene, T(1)))
    driver.click(centre(scene, T(7)))
    assert scene.game.tableau[6][-1] == parse_card("7H")


def test_stock_click_draws(app, driver):
    scene = open_play(app, driver, code="KL1-D3N-AAAAAAB")
    driver.click(centre(scene, Pile(STOCK)))
    assert len(scene.game.waste) == 3 and len(scene.game.stock) == 21


def test_tap_sends_home_and_double_tap_finds_a_column_DS8(app, driver):
    game = _position("double", {0: ["AS"], 1: ["9C"], 2: ["8H"]})
    scene = open_play(app, driver, code="DS1-D1N-AAAAAAB", game=game)
    driver.click(centre(scene, T(1)))
    assert len(scene.game.foundations[0]) == 1  # a click: to the foundation
    driver.click(centre(scene, T(3)))
    assert scene.game.tableau[2] == [parse_card("8H")]  # one click finds no foundation: stays
    driver.down(centre(scene, T(3)))
    driver.up(centre(scene, T(3)))
    assert scene.game.tableau[1][-1] == parse_card("8H")  # the double click: onto the 9♣


def test_keyboard_arrows_and_enter_play_a_move_K8(app, driver):
    scene = open_play(app, driver)
    driver.key(pygame.K_TAB)
    assert scene.group.focused is scene.board
    driver.key(pygame.K_DOWN)  # from the stock down to column 1
    assert scene.board.pile == T(1)
    driver.key(pygame.K_RETURN)
    assert scene.game.tableau[6][-1] == parse_card("7H")


def test_undo_button_and_shortcut_restore_the_state(app, driver):
    scene = open_play(app, driver)
    before = scene.game.to_json()
    driver.click(centre(scene, T(1)))
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    after = scene.game.to_json()
    assert after["tableau"] == before["tableau"] and after["moves"] == 1


def test_auto_complete_runs_by_itself_and_wins_K9(app, driver):
    columns = {0: ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"],
               1: ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"],
               2: ["AH"], 3: ["AS"]}
    foundations = {0: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC".split(), 1: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split()}
    game = _position("klondike", columns, foundations=foundations, stock_empty=True)
    scene = open_play(app, driver, game=game)
    driver.click(centre(scene, T(3)))  # A♥ home: auto-complete starts by itself
    driver.settle(8)
    assert scene.game.won and scene.game.moves == 26


def test_drag_a_foundation_card_back_to_a_column_C7(app, driver):
    game = _position("klondike", {0: ["3C"]}, foundations={0: ["AH", "2H"]})
    scene = open_play(app, driver, game=game)
    driver.drag(centre(scene, Pile(FOUNDATION, 0)), centre(scene, T(1)))
    assert scene.game.tableau[0][-1] == parse_card("2H")


def test_frames_draw_at_many_sizes(app, driver):
    scene = open_play(app, driver, code="DS1-D3V-AAAAAAB")
    for size in [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)]:
        app.display.surface = pygame.Surface(size)
        scene.on_resize(size)
        driver.draw()
        for pile in scene.layout.piles():
            rect = scene.layout.column_rect(scene.game, pile.index) if pile.kind == TABLEAU else scene.layout.pile_rect(pile)
            assert pygame.Rect(0, 0, *size).contains(rect), (size, pile)


def parse_card(text):
    from solitaire.core import parse_card as parse

    return parse(text)[0]


def _position(game_id, columns, foundations=None, stock_empty=False):
    """A legal position: the named cards where given, every other card in the stock."""
    from solitaire.core import card_text, ruleset

    rules = ruleset(game_id)
    used = [c for pile in columns.values() for c in pile] + [c for pile in (foundations or {}).values() for c in pile]
    deck = [card_text(c) for c in range(52)] * rules.decks
    for text in used:
        deck.remove(text)
    state = {
        "game": game_id, "draw": 1, "scoring": "standard",
        "tableau": [columns.get(i, []) for i in range(len(rules.columns))],
        "stock": [] if stock_empty else [t.lower() for t in deck], "waste": [],
        "foundations": [(foundations or {}).get(i, []) for i in range(rules.foundation_count)],
    }
    return game_from_json(state)


def test_hint_comes_from_the_worker_and_is_a_legal_move(app, driver):
    import time

    scene = open_play(app, driver)
    driver.key(pygame.K_h)
    deadline = time.monotonic() + 20
    while scene.hints.hint is None and time.monotonic() < deadline:
        driver.settle(0.05)
        time.sleep(0.01)
    assert scene.hints.hint is not None
    assert scene.game.check(scene.hints.hint[0]) is None
    driver.draw()  # the highlight draws


def test_no_useful_move_is_said_K8(app, driver):
    import time

    scene = open_play(app, driver)
    g = scene.game  # a lone King and nothing else to play: no move is useful
    g.tableau = [[parse_card("KS")]] + [[] for _ in range(6)]
    g.hidden, g.stock, g.waste = [0] * 7, [], []
    driver.key(pygame.K_h)
    deadline = time.monotonic() + 20
    while scene.hints.advisor.hint_ticket is not None and time.monotonic() < deadline:
        driver.settle(0.05)
        time.sleep(0.01)
    assert scene.hints.hint is None and scene.hud.toast is not None and "No useful move" in scene.hud.toast.text


def test_status_line_says_whether_a_thoughtful_deal_can_be_won(app, driver):
    import time

    from solitaire.core.pools import winnable_codes

    code = winnable_codes("thoughtful", 1, "standard")[0]
    scene = open_play(app, driver, code=str(code))
    deadline = time.monotonic() + 30
    while scene.hints.advisor.status_ticket is not None and time.monotonic() < deadline:
        driver.settle(0.05)
        time.sleep(0.01)
    assert scene.hints.advisor.status in ("winnable", "unknown")  # a pooled deal is never "not winnable"
    driver.draw()
    app.change_settings(status_line=False)
    assert scene.hints.advisor.status is None


def test_no_status_line_where_cards_are_hidden(app, driver):
    scene = open_play(app, driver, code="KL1-D1N-AAAAAAB")
    assert scene.hints.advisor.status is None and scene.hints.advisor.status_ticket is None


def test_each_draw_mode_keeps_its_own_saved_game_K7(app, driver):
    scene = open_play(app, driver, code="KL1-D1N-AAAAAAB")
    driver.click(centre(scene, T(1)))  # one move in draw 1
    draw_one = scene.game.to_json()
    scene.session.start("klondike", 3, "standard")
    assert scene.game.draw == 3 and scene.game.moves == 0  # no saved draw-3 game: a new deal
    driver.click(centre(scene, Pile(STOCK)))
    draw_three = scene.game.to_json()
    scene.session.start("klondike", 1, "standard")
    assert scene.game.to_json() == draw_one  # draw 1 resumes where it was; nothing carried over
    scene.session.start("klondike", 3, "standard")
    assert scene.game.to_json() == draw_three


def test_abandoning_a_played_game_counts_as_a_loss(app, driver):
    scene = open_play(app, driver, code="KL1-D1N-AAAAAAB")
    scene.new_deal()  # no move made: not played
    assert app.services.store.stats("klondike-d1-standard").played == 0
    driver.click(centre(scene, Pile(STOCK)))
    scene.new_deal()
    stats = app.services.store.stats("klondike-d1-standard")
    assert stats.played == 1 and stats.won == 0


def test_a_win_is_recorded_and_the_save_removed(app, driver):
    columns = {0: ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"],
               1: ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"],
               2: ["AH"], 3: ["AS"]}
    foundations = {0: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC".split(), 1: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split()}
    scene = open_play(app, driver, game=_position("klondike", columns, foundations=foundations, stock_empty=True))
    driver.click(centre(scene, T(3)))
    driver.settle(10)
    stats = app.services.store.stats("klondike-d1-standard")
    assert scene.game.won and stats.won == 1 and stats.played == 1
    assert app.services.store.continue_slot() is None


def test_the_deal_is_dealt_row_by_row_and_done_quickly(app, driver):
    """Regression: the stock's cards used to take turns in the deal's stagger, holding the
    tableau back by two thirds of a second.
    """
    app.open("play", code="KL1-D1N-AAAAAAB")
    scene = driver.scene
    driver.settle(0.25)
    stock = scene.layout.pile_origin(Pile(STOCK))
    assert scene.view.by_slot[Slot(T(1), 0)].pos != stock  # the first row is on its way
    assert scene.view.by_slot[Slot(T(7), 6)].pos == stock  # the last card waits its turn
    driver.settle(1.25)
    assert not scene.view.in_motion()


def test_winnable_deals_come_from_the_pool_where_the_mode_has_one(app, driver):
    from solitaire.core.pools import winnable_codes

    app.open("play", game_id="thoughtful", draw=3, scoring="standard", winnable=True, resume=False)
    scene = driver.scene
    assert scene.game.code in winnable_codes("thoughtful", 3, "standard") and scene.hud.toast is None
    # One-pass Vegas has no pool, so the New Game window does not offer the choice there: the
    # saved preference deals any deal, without a message about a promise nobody was made.
    scene.session.start("double", 1, "vegas", winnable=True, resume=False)
    assert scene.game.scoring.name == "vegas" and scene.hud.toast is None


def test_the_clock_wakes_the_idle_table_once_a_second_only_while_the_game_counts(app, driver):
    scene = open_play(app, driver, show_time=True)
    assert scene.next_wake() is None  # no move yet: the clock stands still
    scene.draw_stock()
    assert 0 < scene.next_wake() <= 1.0
    app.settings = app.settings.updated(show_time=False)
    assert scene.next_wake() is None


def test_the_win_panel_tells_the_deal_the_records_and_offers_the_same_deal_again(app, driver):
    """Issue 22: the win panel showed only score, time and moves, and one way on (a new game)."""
    scene = open_play(app, driver, code="KL1-D1N-AAAAAAB")
    scene.session.counted = True  # a game with moves, won: counted as the finish counts it
    scene.session.record_win()
    win = app.open("win", play=scene)
    record = app.services.store.stats(scene.session.slot)
    assert win.records == ["Deal KL1-D1N-AAAAAAB",
                           f"Best score {record.best_score}   ·   Winning streak {record.current_streak}"]
    assert record.current_streak == 1
    labels = [b.label for b in (win.same_button, win.new_button, win.menu_button)]
    assert labels == ["Same deal again", "New deal", "Menu"]
    driver.draw()
    scene.game.apply(DRAW)
    driver.click(win.same_button.rect.center)
    assert app.stack.top is scene and str(scene.game.code) == "KL1-D1N-AAAAAAB" and scene.game.moves == 0
    assert app.services.store.stats(scene.session.slot).played == 1  # the won game, counted once, not given up
