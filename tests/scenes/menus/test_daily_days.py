"""A day of the streak calendar opened (DD-6), and the week's first day by language (DD-4): a
click or the keyboard opens a day's deals and games, and a past day's deal plays as an ordinary
game that leaves the day, the streak and the board as they were."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

import pygame
import pytest

from solitaire import i18n
from solitaire.core import Game
from solitaire.core.daily import daily_deal, daily_key, daily_modes, utc_today
from solitaire.core.save import play_log
from solitaire.scenes.menus.daily_calendar import first_weekday, month_cells
from solitaire.scenes.menus.daily_day import DailyDayScene
from solitaire.scenes.menus.daily_stats import DailyStatsScene
from solitaire.solver.api import solve
from solitaire.store import Outcome
from solitaire.store.daily import DailyPlay
from tests.scenes.conftest import Driver

pygame.init()
TODAY = utc_today()
PAST = TODAY - timedelta(3)


def _played_days(store) -> None:
    """A won day three days back (Klondike draw 1) and a day lost before it (FreeCell)."""
    store.end_game("klondike-d1-standard", Outcome(True, 640, 212.0, 131), DailyPlay(PAST, ()))
    store.end_game("freecell-d1-standard", Outcome(False, 40, 95.0, 22), DailyPlay(PAST - timedelta(1), ()))


def _daily_page(app) -> DailyStatsScene:
    page = app.open("daily_stats", today=TODAY, url="ws://127.0.0.1:9")
    app.stack.on_resize(app.display.size)
    return page


def test_DD6_a_click_on_a_past_day_opens_its_deals_and_your_games(app, driver):
    _played_days(app.services.store)
    page = _daily_page(app)
    driver.click(_cell(page, PAST).center)
    day = driver.scene
    assert isinstance(day, DailyDayScene) and day.day == PAST and page.cursor == PAST
    assert day.deals == [daily_deal(game, draw, PAST) for game, draw in daily_modes()]
    assert day.results() == {"klondike-d1-standard": app.services.store.daily_results()[PAST.isoformat()]
                             ["klondike-d1-standard"]}
    assert day.title == f"Daily deals of {PAST.day} {calendar.month_name[PAST.month]} {PAST.year}"
    driver.draw()


def test_DD6_a_day_to_come_opens_nothing(app, driver):
    page = _daily_page(app)
    page.open_day(TODAY + timedelta(1))
    assert app.stack.top is page


def _cell(page: DailyStatsScene, day: date) -> pygame.Rect:
    page.month = (day.year, day.month)
    _, days = month_cells(*page.month, page.boxes["calendar"], page.rtl, page.first_weekday)
    return dict(days)[day]


@pytest.mark.parametrize("lang, back", [("en", pygame.K_LEFT), ("ar", pygame.K_RIGHT)])
def test_DD6_the_arrow_keys_move_a_day_as_the_calendar_reads_and_enter_opens_it(make_app, lang, back):
    app = make_app(lang=lang)
    driver = Driver(app)
    page = _daily_page(app)
    page.group.focus(page.picker, visible=True)
    driver.key(back)
    driver.key(back)
    assert page.cursor == TODAY - timedelta(2)
    driver.key(pygame.K_UP)
    assert page.cursor == TODAY - timedelta(9) and page.month == (page.cursor.year, page.cursor.month)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)  # never past today
    assert page.cursor == TODAY
    driver.key(back)
    driver.draw()  # the focus ring on the day under the keyboard
    driver.key(pygame.K_SPACE)
    assert isinstance(app.stack.top, DailyDayScene) and app.stack.top.day == TODAY - timedelta(1)
    driver.draw()


def test_DD6_a_past_days_deal_played_again_is_an_ordinary_game(app, driver):
    store = app.services.store
    _played_days(store)
    before = (store.daily_results(), store.daily_streaks(TODAY))
    played = store.stats("klondike-d1-standard").played
    app.open("title")
    page = _daily_page(app)
    page.open_day(PAST)
    day = driver.scene
    button = day.play_buttons[daily_modes().index(("klondike", 1))]
    driver.draw()
    driver.click(button.rect.center)
    play = driver.scene
    assert play.game.code == daily_deal("klondike", 1, PAST) and play.session.daily is None
    assert [type(scene).__name__ for scene in app.stack.scenes] == ["TitleScene", "PlayScene"]
    play_log(play.game, solve(Game.deal(play.game.code), 10.0).moves)
    play.session.played()
    play.session.record_win()
    assert (store.daily_results(), store.daily_streaks(TODAY)) == before
    assert store.stats("klondike-d1-standard").played == played + 1  # C-11: an ordinary game of its mode


def test_DD6_a_day_shows_and_replays_the_deal_its_result_was_played_on(app, driver):
    """A result keeps its deal's code: the day shows and plays that deal, even where the pools
    shipped now would give the day another; a result from before codes were kept (FreeCell's
    here) shows the day's deal."""
    store = app.services.store
    played = daily_deal("klondike", 1, PAST - timedelta(30))  # another deal than the day's own now
    assert played != daily_deal("klondike", 1, PAST)
    store.end_game("klondike-d1-standard", Outcome(True, 640, 212.0, 131), DailyPlay(PAST, (), str(played)))
    store.end_game("freecell-d1-standard", Outcome(False, 40, 95.0, 22), DailyPlay(PAST, ()))
    app.open("title")
    page = _daily_page(app)
    page.open_day(PAST)
    day = driver.scene
    klondike, freecell = daily_modes().index(("klondike", 1)), daily_modes().index(("freecell", 1))
    assert day.deals[klondike] == played and day.deals[freecell] == daily_deal("freecell", 1, PAST)
    driver.draw()
    driver.click(day.play_buttons[klondike].rect.center)
    play = driver.scene
    assert play.game.code == played and play.session.daily is None  # an ordinary game of that code


def test_DD6_todays_deal_from_the_calendar_is_todays_daily_game(app, driver):
    app.open("title")
    page = _daily_page(app)
    page.open_day(TODAY)
    driver.draw()
    driver.click(driver.scene.play_buttons[daily_modes().index(("freecell", 1))].rect.center)
    play = driver.scene
    assert play.game.code == daily_deal("freecell", 1, TODAY) and play.session.daily == TODAY
    assert daily_key("freecell", 1) == play.session.slot


def test_DD4_the_week_starts_on_saturday_in_arabic_and_monday_in_english():
    assert first_weekday("en") == calendar.MONDAY and first_weekday("ar") == calendar.SATURDAY
    box = pygame.Rect(0, 0, 700, 700)
    heads, days = month_cells(2026, 12, box, rtl=True, first=first_weekday("ar"))
    assert [weekday for weekday, _ in heads] == [5, 6, 0, 1, 2, 3, 4]
    assert heads[0][1].right == 700  # Saturday reads first, from the right
    # Tuesday 1 December 2026 is the week's fourth day from Saturday: the fourth cell from the right
    assert dict(days)[date(2026, 12, 1)] == pygame.Rect(300, 100, 100, 100)
    assert dict(days)[date(2026, 12, 5)] == pygame.Rect(600, 200, 100, 100)  # a Saturday opens a week
    i18n.set_language("ar")
    try:
        names = [i18n.t(f"daily.weekday.{weekday}") for weekday, _ in heads]
    finally:
        i18n.set_language("en")
    assert names == ["السبت", "الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة"]


def test_DD4_the_arabic_daily_page_lays_its_weeks_from_saturday(make_app):
    app = make_app(lang="ar")
    page = _daily_page(app)
    assert page.first_weekday == calendar.SATURDAY
    saturday = TODAY - timedelta((TODAY.weekday() - calendar.SATURDAY) % 7)
    if saturday.month == TODAY.month:  # the week's first day sits at the right edge of the grid
        assert _cell(page, saturday).right == pytest.approx(page.boxes["calendar"].right, abs=1)
    Driver(app).draw()
