"""What the Duel says as it runs, for a player who hears it (issue 36): the 3-2-1 count and Go,
the time left at each whole minute and each of the last ten seconds, and the opponent's cards
home each time that changes. Pure: it is told the race's figures each step and answers the
lines that are new since the last step (the screen speaks them).
"""

from __future__ import annotations

import math

from solitaire import i18n
from solitaire.play.spoken import counted

#: The last seconds said one by one.
LAST_SECONDS = 10


def whole_seconds(seconds: float) -> int:
    """The clock's figure: rounded up, as the countdown shows it (0 only when time is out)."""
    return max(0, math.ceil(seconds - 1e-9))


class DuelWords:
    """The Duel's running lines, each said once."""

    def __init__(self, rival_name: str) -> None:
        self.rival_name = rival_name
        self.count: int | None = None  # the count's number last said
        self.went = False  # Go said
        self.second: int | None = None  # the clock's figure at the last step
        self.minute = 0  # the clock's minutes (rounded up) at the last one said
        self.home: int | None = None  # the opponent's cards home, as last said

    def step(self, started: bool, count_left: float, seconds_left: float, over: bool,
             rival_home: int) -> list[str]:
        """The lines that are new now."""
        if not started:
            number = max(1, math.ceil(count_left))
            if number == self.count:
                return []
            self.count = number
            return [str(number)]
        lines = []
        if not self.went:
            self.went = True
            self.home = rival_home
            lines.append(i18n.t("speech.duel.go"))
        if not over:
            lines += self._clock(whole_seconds(seconds_left))
        if rival_home != self.home:
            self.home = rival_home
            lines.append(counted("speech.duel.rival", rival_home, name=self.rival_name))
        return lines

    def _clock(self, left: int) -> list[str]:
        """At the start the time the race has; then each minute the clock passes (said at the
        minute's figure, as 3:00 shows); then each of the last ten seconds."""
        minutes = math.ceil(left / 60)
        if self.second is None:
            self.second, self.minute = left, minutes
            return [counted("speech.duel.minutes", minutes) if left % 60 == 0
                    else counted("speech.duel.seconds", left)]
        lines = []
        if left > LAST_SECONDS and minutes != self.minute:
            self.minute = minutes
            lines.append(counted("speech.duel.minutes", minutes))
        elif 0 < left <= LAST_SECONDS and left != self.second:
            lines.append(str(left))
        self.second = left
        return lines
