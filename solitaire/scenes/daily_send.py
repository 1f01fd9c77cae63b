"""Sending daily games to the duel server's board (DD-5) from a screen, in the background.

A game goes as its moves (``OnlineClient.daily_submit``); the server replays and scores them. The
win panel of a daily deal sends the game just won and shows its place on the day's board; the
Daily page of Statistics sends the best games of the days the server still takes. Neither waits:
the client's threads do the talking and the screen polls once a frame. A server that cannot be
reached costs nothing: the game is kept in the store and goes the next time the Daily page opens.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from solitaire.core.daily import daily_key, daily_modes
from solitaire.net.online_messages import DailyScore, Welcome
from solitaire.scenes.online_common import connect, is_failure
from solitaire.store.daily import LOG_DAYS, DailyResult, check_day

if TYPE_CHECKING:
    from solitaire.net.online import OnlineClient


def send_days(client: OnlineClient, days: Mapping[str, Mapping[str, DailyResult]], today: date) -> None:
    """Send the best game of each daily mode of the days the server takes (today, yesterday)."""
    for name, modes in days.items():
        if (today - check_day(name)).days >= LOG_DAYS:
            continue
        for game, draw in daily_modes():
            result = modes.get(daily_key(game, draw))
            if result is not None and result.log:
                client.daily_submit(game, draw, name, result.log)


class DailySend:
    """One daily game on its way to the board; ``score`` is the server's judgement once it came."""

    def __init__(self, app: Any, game: str, draw: int, day: date, log: tuple[str, ...]) -> None:
        self.game, self.draw, self.day, self.log = game, draw, day, log
        self.client: OnlineClient | None = connect(app)
        self.score: DailyScore | None = None

    def update(self) -> bool:
        """Take what the server said; True once the judgement has come (the caller redraws)."""
        if self.client is None:
            return False
        for message in self.client.poll():
            if isinstance(message, Welcome):
                self.client.daily_submit(self.game, self.draw, self.day.isoformat(), self.log)
            elif isinstance(message, DailyScore):
                self.score = message
                self.close()
                return True
            elif is_failure(message):
                self.close()
                return False
        return False

    @property
    def waiting(self) -> bool:
        return self.client is not None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client = None
