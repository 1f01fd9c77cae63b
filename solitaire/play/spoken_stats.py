"""Statistics in words for a player who hears them (issue 36): the chart of the last games as
counts and results, newest first; the daily calendar's month as the days played and won, and
the day under the keyboard with what happened on it.

Pure Python and the strings only (``i18n``); the scenes hand in what they draw and speak the
result.
"""

from __future__ import annotations

from solitaire import i18n
from solitaire.play.spoken import counted, joined

OUTCOMES = ("won", "lost", "tied")


def chart_words(heading: str, results: list[tuple[str, str]], empty: str, extra: str = "") -> str:
    """The chart of recent results: ``heading`` ("Last 20 games"), how many of each outcome, then
    each result newest first ("won 745"). ``results``: (outcome, score as shown), oldest first,
    as the chart draws them; ``empty``: what the chart says when there is none; ``extra``: a
    line of its legend (Vegas: the running total)."""
    if not results:
        return joined([heading, empty])
    counts = i18n.t("list.separator").join(
        i18n.t(f"speech.chart.{outcome}", n=n) for outcome in OUTCOMES
        if (n := sum(1 for said, _ in results if said == outcome)) or outcome != "tied")
    newest = i18n.t("list.separator").join(i18n.t(f"speech.chart.result.{outcome}", score=score)
                                           for outcome, score in reversed(results))
    return joined([f"{heading}: {counts}", extra, i18n.t("speech.chart.newest", results=newest)])


def month_words(month: str, won: list[int], played: list[int]) -> str:
    """A month of the daily calendar: "December 2026: played on 5 days, won on 3. Won: 1, 2, 4.
    Played, not won: 3, 5". ``won``, ``played``: the days of the month (played: every day with
    a game, won or not)."""
    lost = [day for day in played if day not in won]
    days = i18n.t("list.separator")
    parts = [f"{month}: {i18n.t('list.separator').join([counted('speech.calendar.played', len(played)), counted('speech.calendar.won', len(won))])}"
             if played else f"{month}: {i18n.t('speech.calendar.none_played')}"]
    if won:
        parts.append(i18n.t("speech.calendar.days_won", days=days.join(map(str, won))))
    if lost:
        parts.append(i18n.t("speech.calendar.days_lost", days=days.join(map(str, lost))))
    return joined(parts)


def day_words(date_words: str, state: str, today: bool) -> str:
    """The day under the keyboard: "Saturday 5 December 2026, today: won". ``state``: "won",
    "played" (not won), "none" (not played) or "later" (a day to come)."""
    name = i18n.t("speech.calendar.today", date=date_words) if today else date_words
    return i18n.t("speech.calendar.day", date=name, state=i18n.t(f"speech.calendar.{state}"))
