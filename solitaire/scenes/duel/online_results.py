"""The results of an online race (issue 25): the server's verdict — who won, both totals with
the time bonus, and your rating before -> after with its tier (or "not rated", a duel on your
own network) — then New duel or Title. With no verdict (the connection to the server lost past
its comeback window), it says so and what the server does then.

Leaving an online race does not decide it (``online_race.ask_leave``): the server ends our game
then and the opponent plays on. This screen, opened at once, keeps the race's connection and
waits for the server's verdict, showing our total and the opponent's as it grows; the verdict
and the rating change then show here. Left before it comes, the connection closes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.net.online_messages import Result
from solitaire.play.rival import ME
from solitaire.scenes.duel.name_fit import fit_name
from solitaire.scenes.duel.panel import clock_text
from solitaire.scenes.duel.results import DuelEndScene
from solitaire.scenes.menus.confirm import centred, place_row, unit
from solitaire.scenes.online_common import tier_name

if TYPE_CHECKING:
    from solitaire.play.online import OnlineRace

LEFT_POLL = 0.05  # seconds between two reads of a race left, while its result is awaited


class OnlineResultsScene(DuelEndScene):
    overlay = False  # it stands alone over the felt: the race it follows is gone
    close_on_outside_click = False

    def __init__(self, app: App, result: Result | None, opponent: str, waiting: OnlineRace | None = None,
                 **_: Any) -> None:
        super().__init__(app)
        if result is None and waiting is not None and waiting.result is not None:
            result = waiting.online.result  # made again (another language) once the result came
        self.result = result
        self.opponent = opponent
        self.waiting = waiting  # a race we left: its result is awaited here (``hear``)
        self.title = self.headline()
        t = app.t
        self.new_button = self.group.add(ui.Button(t("duel.new"), self.new_duel, primary=True,
                                                   visible=app.can_open("new_duel")))
        self.title_button = self.group.add(ui.Button(t("duel.to_title"), self.to_title))
        self.rows = [[self.new_button, self.title_button]]
        self.group.on_escape = self.to_title
        self.boxes: dict[str, pygame.Rect] = {}

    def headline(self) -> str:
        if self.result is not None:
            return self.app.t(f"duel.result.{self.result.winner}")
        return self.app.t("online.left.title" if self.pending else "online.lost.title")

    @property
    def pending(self) -> bool:
        """We left a race the server has not decided yet: its result is on its way."""
        return self.waiting is not None and self.waiting.result is None

    # -- a race left: the server's result awaited --------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.hear(dt)

    def hear(self, dt: float) -> None:
        """The race we left, stepped on the server's clock until its result comes (counted in
        the statistics as any online race's, ``OnlineRace._decide``): then it is shown."""
        if not self.pending:
            return
        assert self.waiting is not None
        self.waiting.step(dt)
        if self.waiting.result is not None:
            self.result = self.waiting.online.result
            self.title = self.headline()
            self.layout(self.size)
            self.speak_opening()  # issue 36: the verdict heard as it comes, as it would have opened

    def spoken_texts(self) -> list[str]:
        """Issue 36: what the screen shows, in its order: each side's total, why the race
        ended, the note and the rating change; a race left, both totals so far and that the
        result comes here; no verdict, why."""
        t, result = self.app.t, self.result
        if result is None and self.pending:
            assert self.waiting is not None
            race, online = self.waiting.race, self.waiting.online
            return [t("online.left.you", total=race.total(ME)),
                    t("online.left.opponent", name=self.opponent, total=online.rival.total,
                      left=clock_text(online.seconds_left)), t("online.left.detail")]
        if result is None:
            return [t("online.lost.detail")]
        lines = [self.side_line(result.you, t("duel.you")), self.side_line(result.opponent, self.opponent)]
        if result.why:
            lines.append(t(f"online.why.{result.why}"))
        rating = result.rating
        if rating and not result.unrated:  # in words: an arrow is not read well
            change = rating["after"] - rating["before"]
            line = t("speech.rating", before=rating["before"], after=rating["after"], change=f"{change:+d}",
                     tier=tier_name(self.app, result.tier))
            rated = f"{line} · {t('online.provisional')}" if result.provisional else line
        else:
            rated = self.rating_line
        return lines + [self.note, rated]

    def next_wake(self) -> float | None:
        return LEFT_POLL if self.pending else None

    def exit(self) -> None:
        """Gone before the result: the connection closes (the server keeps the result for a
        comeback window, as for a dropped connection)."""
        super().exit()
        if self.pending:
            assert self.waiting is not None
            self.waiting.conclude()

    @property
    def rating_line(self) -> str:
        """The rating before -> after; a duel on a server hosted in a player's game moves none
        (its result carries no rating) and says so."""
        assert self.result is not None
        t, rating = self.app.t, self.result.rating
        if not rating:
            return t("online.unrated")
        tier = tier_name(self.app, self.result.tier)
        if self.result.unrated:  # the server's why is the note's line (``note``)
            return t("online.rating.unrated", number=rating["after"], tier=tier)
        change = rating["after"] - rating["before"]
        line = t("online.rating", before=rating["before"], after=rating["after"], change=f"{change:+d}", tier=tier)
        return f"{line} · {t('online.provisional')}" if self.result.provisional else line

    @property
    def note(self) -> str:
        """Why no rating moved (DU-7 to DU-11), and a result the server keeps to save later."""
        assert self.result is not None
        t = self.app.t
        lines = [t(f"online.unrated.{self.result.unrated}")] if self.result.unrated else []
        return " ".join(lines + ([] if self.result.saved else [t("online.unsaved")]))

    def side_line(self, side: dict, name: str) -> str:
        return self.app.t("online.side", name=name, total=side["total"], score=side["score"], bonus=side["bonus"],
                          home=side["foundation"])

    def fitted_side_line(self, side: dict, label: str, name: str, px: int, bold: bool) -> tuple[str, int]:
        """A side's line and its size, kept readable: a long ``name`` (20 letters, "#2") is cut
        short in its ``label`` rather than the line shrunk (``name_fit``), never its number, tier
        or "recorded" (the whole label is cut where it does not hold the name)."""
        if name not in label:
            name = label
        return fit_name(self.app.text, lambda cut: self.side_line(side, label.replace(name, cut, 1)), name, px,
                        self.boxes["you"].w, bold)

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(int(size[0] * 0.9), int(u * 18))
        noted = self.result is not None and bool(self.note)
        rows = {"you": 0.8, "opponent": 0.8, "why": 0.6, "note": 1.0 if noted else 0.0, "rating": 1.2}
        h = self.title_height(u) + int(u * (sum(rows.values()) + 3.2))
        panel = centred(size, w, h)
        self.panel.layout(panel)
        inner = panel.inflate(-2 * u, 0)
        y = panel.y + self.title_height(u) + u // 3
        for name, height in rows.items():
            self.boxes[name] = pygame.Rect(inner.x, y, inner.w, int(u * height))
            y += int(u * height) + u // 4
        bw = min(int(u * 4.4), (inner.w - u) // 2)
        place_row(self.rows[0], panel.centerx, panel.bottom - int(u * 0.7) - u, bw, u, u // 2, self.rtl)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from solitaire.view import felt  # as the duel's results: the felt, drawn on demand

        surface.blit(felt.felt(surface.get_size()), (0, 0))
        super().draw(surface, alpha)

    def draw_extra(self, surface: pygame.Surface) -> None:
        t, u, result = self.app.t, unit(self.size), self.result
        px = int(u * 0.45)
        if result is None and self.pending:
            self.draw_pending(surface, px)
            return
        if result is None:  # no verdict: the connection was lost for good
            box = self.boxes["you"].union(self.boxes["rating"])
            rows = self.app.text.wrap(t("online.lost.detail"), px, box.w)
            step = self.app.text.line_step(rows, px, spacing=1.3)
            y = box.centery - step * len(rows) // 2
            for row in rows:
                self.blit_text(surface, row, px, pygame.Rect(box.x, y, box.w, step), align="centre")
                y += step
            return
        for key, side, label, name in (("you", result.you, t("duel.you"), t("duel.you")),
                                       ("opponent", result.opponent, self.opponent, result.opponent_name)):
            won = result.winner == key
            line, size = self.fitted_side_line(side, label, name, px, won)
            self.blit_text(surface, line, size, self.boxes[key], colour=ui.GOLD_TOP if won else ui.INK, bold=won,
                           align="centre", fit=False)
        if result.why:
            self.blit_text(surface, t(f"online.why.{result.why}"), int(px * 0.85), self.boxes["why"],
                           colour=ui.INK_DIM, align="centre")
        self.draw_note(surface, int(px * 0.8))
        box = self.boxes["rating"]
        surface.blit(ui.rounded_rect(box.size, max(4, box.h // 5), (0, 0, 0, 90), None,
                                     ui.SECONDARY_EDGE, ui.hairline(u)), box.topleft)
        self.blit_text(surface, self.rating_line, int(box.h * 0.45), box.inflate(-u // 2, 0),
                       colour=ui.GOLD_TOP, bold=True, align="centre")

    def draw_pending(self, surface: pygame.Surface, px: int) -> None:
        """A race we left: our total as it ended, the opponent's as the server tells it with the
        most the race has left, and that the result and the rating change come here."""
        assert self.waiting is not None
        t, race, online = self.app.t, self.waiting.race, self.waiting.online
        mine = t("online.left.you", total=race.total(ME))
        theirs = t("online.left.opponent", name=self.opponent, total=online.rival.total,
                   left=clock_text(online.seconds_left))
        for key, line in (("you", mine), ("opponent", theirs)):
            self.blit_text(surface, line, px, self.boxes[key], align="centre")
        box = self.boxes["why"].union(self.boxes["rating"])
        rows = self.app.text.wrap(t("online.left.detail"), int(px * 0.9), box.w)
        step = self.app.text.line_step(rows, int(px * 0.9), spacing=1.3)
        y = box.centery - step * len(rows) // 2
        for row in rows:
            self.blit_text(surface, row, int(px * 0.9), pygame.Rect(box.x, y, box.w, step), colour=ui.INK_DIM,
                           align="centre")
            y += step

    def draw_note(self, surface: pygame.Surface, px: int) -> None:
        """The note (``note``) in its box, on two lines at most."""
        box = self.boxes["note"]
        rows = self.app.text.wrap(self.note, px, box.w) if self.note else []
        if len(rows) > 2:
            rows = self.app.text.wrap(self.note, int(px * 0.8), box.w)
            px = int(px * 0.8)
        step = box.h // max(2, len(rows))
        y = box.centery - step * len(rows) // 2
        for row in rows:
            self.blit_text(surface, row, px, pygame.Rect(box.x, y, box.w, step), colour=ui.INK_DIM, align="centre")
            y += step
