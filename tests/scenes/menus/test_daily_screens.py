"""The daily deal's screens: the New game window's "Today's daily deal" (or the line saying a mode
has none), and Statistics -> Daily: the streak calendar, the streaks, today's result and the
server's board, with a real server started by the test on 127.0.0.1."""

from __future__ import annotations

import socket
from datetime import date, timedelta

import pygame
import pytest

from solitaire.core import Game
from solitaire.core.daily import daily_deal, utc_today
from solitaire.net.online import OnlineClient, new_key
from solitaire.net.online_messages import DailyScore, Welcome
from solitaire.scenes.menus.daily_calendar import month_cells
from solitaire.scenes.menus.daily_stats import DailyStatsScene
from solitaire.core.save import play_log
from solitaire.solver.api import solve
from solitaire.store import Outcome
from solitaire.store.daily import DailyPlay
from tests.server.helpers import running_server
from tests.scenes.online_frames import frames, next_of

pygame.init()



def test_DD1_the_new_game_window_deals_todays_daily_deal(app, driver):
    app.open("title")
    dialog = app.open("new_game", game_id="klondike")
    assert dialog.daily_button.visible and not dialog.no_daily.visible
    driver.draw()
    driver.click(dialog.daily_button.rect.center)
    play = driver.scene
    assert play.game.code == daily_deal("klondike", dialog.draw_count, utc_today())
    assert play.session.daily == utc_today()


def test_DD1_spider_says_it_has_no_daily_deal(app, driver):
    dialog = app.open("new_game", game_id="spider")
    assert not dialog.daily_button.visible and dialog.no_daily.visible
    assert dialog.no_daily.label.startswith("No daily deal in this mode")
    driver.draw()


def test_DD4_the_calendar_places_monday_first_and_mirrors_right_to_left():
    box = pygame.Rect(0, 0, 700, 700)
    heads, days = month_cells(2026, 12, box, rtl=False)
    first = dict(days)[date(2026, 12, 1)]  # a Tuesday
    assert first.x == 100 and first.y == 100 and heads[0] == (0, pygame.Rect(0, 0, 100, 100)) and len(days) == 31
    _, mirrored = month_cells(2026, 12, box, rtl=True)
    assert dict(mirrored)[date(2026, 12, 1)].right == 600  # the second column from the right
    assert dict(mirrored)[date(2026, 12, 7)].y == 200  # the next week, first from the right
    assert dict(mirrored)[date(2026, 12, 7)].right == 700


def test_DD3_DD5_statistics_daily_sends_the_days_best_game_and_shows_the_board(app, driver, tmp_path):
    today = utc_today()
    line = solve(Game.deal(daily_deal("klondike", 1, today)), 10.0).moves
    for back in (1, 2, 4):  # won days before today: a streak of 2 (today not played yet)
        app.services.store.end_game("klondike-d1-standard", Outcome(True, 600, 300.0, 150),
                           DailyPlay(today - timedelta(back), ()))
    with running_server(tmp_path / "server") as (url, _):
        app.settings = app.settings.updated(online_server=url)
        ann = OnlineClient(url, new_key(), "Ann")  # another player sent a game not won
        ann.start()
        next_of(ann, Welcome)
        ann.daily_submit("klondike", 1, today.isoformat(), line[:30])
        next_of(ann, DailyScore)
        app.services.store.end_game("klondike-d1-standard", Outcome(True, 700, 250.0, len(line)),
                           DailyPlay(today, tuple(line)))
        stats = app.open("statistics", game_id="klondike")
        app.stack.on_resize(app.display.size)
        tabs = [value for value, _ in stats.games.options]
        driver.click(stats.games.segments()[tabs.index("daily")].center)
        daily = app.stack.top
        assert isinstance(daily, DailyStatsScene)
        assert daily.streaks() == (3, 3)
        frames(app, lambda: daily.board is not None and len(daily.board.top) == 2)
        assert [entry["won"] for entry in daily.board.top] == [True, False]  # ours, judged by the server
        assert daily.board.you["place"] == 1 and daily.board.top[1]["name"] == "Ann"
        assert daily.client is None  # the board came: the connection is closed
        driver.draw()
        modes = [value for value, _ in daily.modes.options]
        driver.click(daily.modes.segments()[modes.index(("klondike", 3))].center)
        frames(app, lambda: daily.board is not None)
        assert (daily.board.game, daily.board.draw, daily.board.top, daily.board.you) == ("klondike", 3, [], {})
        driver.draw()
        ann.close()


def test_DD4_the_calendar_turns_back_a_month_but_not_past_today(app, driver):
    daily = app.open("daily_stats", today=date(2026, 12, 2))
    app.stack.on_resize(app.display.size)
    assert not daily.next.enabled
    driver.click(daily.previous.rect.center)
    assert daily.month == (2026, 11) and daily.next.enabled
    driver.click(daily.next.rect.center)
    driver.click(daily.next.rect.center)
    assert daily.month == (2026, 12)
    driver.draw()


def inks(surface: pygame.Surface, box: pygame.Rect) -> tuple[int, int]:
    """(warm pixels, light pixels) in ``box``: an error's salmon ink (ui.ERROR) and any text's."""
    warm = light = 0
    for x in range(box.left, box.right):
        for y in range(box.top, box.bottom):
            r, g, b, _ = surface.get_at((x, y))
            warm += r - g > 60
            light += r > 150 and g > 150 and b > 130
    return warm, light


def test_the_daily_page_says_calmly_when_the_server_is_away(app, driver):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app.settings = app.settings.updated(online_server=f"ws://127.0.0.1:{port}")
    daily = app.open("daily_stats")
    frames(app, lambda: daily.problem)
    assert daily.problem == app.t("daily.board.away") and daily.client is None
    assert "ws://" not in daily.problem
    red, light = inks(driver.draw(), daily.boxes["rows"])
    assert red == 0 and light > 50  # said, and not in an error's red


def test_the_daily_page_asks_no_server_when_none_was_set_up(app, driver):
    assert app.settings.online_server == ""
    daily = app.open("daily_stats")
    app.stack.update(0.1)
    assert daily.client is None and daily.problem == ""
    surface = driver.draw()
    for box in ("board_head", "rows"):
        assert inks(surface, daily.boxes[box]) == (0, 0)  # no board, no line about one
    assert inks(surface, daily.boxes["yours"])[1] > 50  # your own game of today is said


def test_DD5_the_win_panel_of_a_daily_deal_sends_it_and_shows_its_place(app, driver, tmp_path):
    today = utc_today()
    with running_server(tmp_path / "server") as (url, _):
        app.settings = app.settings.updated(online_server=url)
        app.open("title")
        play = app.open("play", game_id="freecell", draw=1, scoring="standard", daily=today)
        line = solve(Game.deal(play.game.code), 10.0).moves
        play_log(play.game, line)
        play.session.played()  # the moves count (C-11), as the table's first move says
        play.session.record_win()
        win = app.open("win", play=play)
        app.stack.on_resize(app.display.size)
        assert win.daily is not None and any(r.startswith("Daily deal of") for r in win.records)
        frames(app, lambda: win.daily.score is not None)
        assert (win.daily.score.won, win.daily.score.score, win.daily.score.place) == (True, 520, 1)
        assert win.records[-1].endswith("place 1 on the day's board")
        assert "days won in a row 1" in win.records[-1]
        driver.draw()


def test_an_ordinary_win_sends_nothing(app):
    app.open("title")
    play = app.open("play", game_id="freecell", draw=1, scoring="standard")
    assert app.open("win", play=play).daily is None


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_daily_pages_mode_tabs_are_lettered_near_the_pages_tabs(make_app, lang):
    """Issue 33: the daily modes were 11 px under tabs of 15."""
    app = make_app((1280, 720), lang)
    daily = app.open("daily_stats")
    app.stack.on_resize(app.display.size)
    assert daily.modes.label_layout()[0] >= 0.85 * daily.tabs.label_layout()[0]
