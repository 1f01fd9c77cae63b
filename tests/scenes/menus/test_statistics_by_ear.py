"""Statistics heard (issue 36): the chart of the last games said as counts and each result newest
first; the daily calendar's month as the days played and won, and the day under the keyboard as
the arrows move it (its month first when that changes); New game's line about a scoring said
with it, and again as it changes. Read back from the speech log, in English and Arabic."""

from __future__ import annotations

from datetime import date, timedelta

import pygame
import pytest

from solitaire import i18n
from solitaire.app.speech import Speech
from solitaire.core.daily import utc_today
from solitaire.store import Outcome
from solitaire.store.daily import DailyPlay

TODAY = utc_today()


def heard(app, tmp_path) -> list[str]:
    app.speech.wait()
    return (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines()


def listen(app, tmp_path) -> None:
    app.speech = Speech(log_path=str(tmp_path / "speech.log"), on=True)


def key(scene, name: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0))


@pytest.mark.parametrize("lang, chart", [
    ("en", "Last 20 games: 2 won, 1 lost. Newest first: lost 120, won 745, won 300"),
    ("ar", "آخر الألعاب (20): الفوز: 2، الخسارة: 1. من الأحدث: خسارة 120، فوز 745، فوز 300"),
])
def test_the_chart_of_the_last_games_is_said(make_app, tmp_path, lang, chart):
    app = make_app(lang=lang)
    store = app.services.store
    for won, score in ((True, 300), (True, 745), (False, 120)):
        store.record_result("klondike-d1-standard", won, score, 200.0, 110)
    listen(app, tmp_path)
    app.open("statistics", game_id="klondike")
    said = heard(app, tmp_path)[-1]
    assert said.startswith(f"{lang}\t") and f" {chart}. " in said, said  # after the figures, before the choices
    assert (" Played 3. Won 2. " if lang == "en" else " الألعاب 3. مرات الفوز 2. ") in said


def test_an_empty_chart_and_the_duels_are_said_too(make_app, tmp_path):
    app = make_app()
    app.services.store.record_duel("hard", "tied", 812)
    app.services.store.record_duel("hard", "won", 950)
    listen(app, tmp_path)
    stats = app.open("statistics", game_id="klondike")
    assert " Fewest moves —. Last 20 games. No games played in this mode yet. Klondike. " in heard(app, tmp_path)[-1]
    stats._set_game("duel")
    stats._set_mode("hard")
    assert heard(app, tmp_path)[-1].endswith("Last 20 games: 1 won, 0 lost, 1 tied. Newest first: won 950, tied 812")


def played_days(store) -> tuple[date, date]:
    """Today won (Klondike) and yesterday lost (FreeCell)."""
    store.end_game("klondike-d1-standard", Outcome(True, 640, 212.0, 131), DailyPlay(TODAY, ()))
    store.end_game("freecell-d1-standard", Outcome(False, 40, 95.0, 22), DailyPlay(TODAY - timedelta(1), ()))
    return TODAY, TODAY - timedelta(1)


def month_line(lang: str, day: date, won: list[int], lost: list[int]) -> str:
    month = i18n.t(f"daily.month.{day.month}")
    played = len(won) + len(lost)
    if lang == "ar":
        counts = {0: "لم تلعب أي يوم", 1: "لعبت في يوم واحد، وفزت في ", 2: "لعبت في يومين، وفزت في "}[played]
        counts += {0: "", 1: "يوم واحد"}[len(won)] if played else ""
        parts = [f"{month} {day.year}: {counts}"] + ([f"أيام الفوز: {won[0]}"] if won else []) \
            + ([f"لعبت ولم تفز: {lost[0]}"] if lost else [])
    else:
        counts = "no day played" if not played else f"played on {played} day{'s' * (played > 1)}, won on {len(won)}"
        parts = [f"{month} {day.year}: {counts}"] + ([f"Won: {won[0]}"] if won else []) \
            + ([f"Played, not won: {lost[0]}"] if lost else [])
    return ". ".join(parts)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_daily_calendar_is_said_month_and_day(make_app, tmp_path, lang):
    app = make_app(lang=lang)
    won, lost = played_days(app.services.store)
    listen(app, tmp_path)
    page = app.open("daily_stats", today=TODAY)
    app.stack.on_resize(app.display.size)
    same_month = lost.month == won.month
    opening = heard(app, tmp_path)[-1]
    assert month_line(lang, TODAY, [won.day], [lost.day] if same_month else []) in opening, opening
    streaks = ("Current streak 1. Best streak 1" if lang == "en" else "السلسلة الحالية 1. أطول سلسلة 1")
    assert streaks in opening

    page.group.focus(page.picker, visible=True)  # the calendar takes the focus: today, won
    today = f"{TODAY.day} {i18n.t(f'daily.month.{TODAY.month}')} {TODAY.year}"
    assert heard(app, tmp_path)[-1] == (f"en\t{today}, today: won" if lang == "en" else f"ar\t{today}، اليوم: فزت")

    key(page, pygame.K_RIGHT if lang == "ar" else pygame.K_LEFT)  # a day back (Right in Arabic: the weeks read from the right)
    said = heard(app, tmp_path)
    yesterday = f"{lost.day} {i18n.t(f'daily.month.{lost.month}')} {lost.year}"
    assert said[-1] == (f"en\t{yesterday}: played, not won" if lang == "en" else f"ar\t{yesterday}: لعبت ولم تفز")
    if not same_month:  # the month it moved into is said first
        assert said[-2] == f"{lang}\t" + month_line(lang, lost, [], [lost.day])

    page.cursor = date(TODAY.year, TODAY.month, 1)  # from the 1st, a day back is the month before
    key(page, pygame.K_RIGHT if lang == "ar" else pygame.K_LEFT)
    said = heard(app, tmp_path)
    before = TODAY.replace(day=1) - timedelta(1)
    assert said[-2] == f"{lang}\t" + month_line(lang, before, [], [lost.day] if before == lost else [])
    assert said[-1].startswith(f"{lang}\t{before.day} {i18n.t(f'daily.month.{before.month}')} {before.year}")

    page.next.on_click()  # the month buttons: Next month says the month it shows
    assert heard(app, tmp_path)[-1] == f"{lang}\t" + month_line(lang, TODAY, [won.day], [lost.day] if same_month else [])


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_new_games_line_about_a_scoring_is_said_with_it_and_as_it_changes(make_app, tmp_path, lang):
    app = make_app(lang=lang)
    listen(app, tmp_path)
    window = app.open("new_game", game_id="double")
    window.group.focus(window.scoring_choice, visible=True)
    standard, vegas = (i18n.t(f"new_game.about.double.{name}") for name in ("standard", "vegas"))
    said = heard(app, tmp_path)[-1]
    assert said.startswith(f"{lang}\t{i18n.t('new_game.scoring')}: {i18n.t('scoring.standard')}") \
        and said.endswith(" ".join(standard.split())), said
    key(window, pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT)
    said = heard(app, tmp_path)
    assert said[-1] == f"{lang}\t" + " ".join(vegas.split())
    assert said[-2] == f"{lang}\t{i18n.t('new_game.scoring')}: {i18n.t('scoring.vegas')}"  # not Standard's line
