"""A Duel being played (DU-1 … DU-6), with no display: the 3-2-1 count, the race clock, our
moves and the rival's, End, and the result.

Our side is player 0 of a core :class:`~solitaire.core.duel.Race`, so every point is kept by
kind for the DU-4 summary; the rival (``play.rival``) is player 1, whose moves reach the race
through the one checker of a rival's moves (``RivalSide``): a move the core refuses ends the
rival's game. The Duel screen (``scenes.duel``) draws this and forwards input to it; a test
plays it to its result with nothing on screen (``tests/play``).

The duel owns race time. Once the deal has landed, a 3-2-1 count starts both clocks; then race
time follows the frame clock, or, with ``fast``, jumps ``FAST_STEP`` a frame but never past a
moment a computer side is still thinking (``race_clock.race_step_length``), so a headless duel
is over in seconds and plays the same on any machine. Once we have ended while the rival plays
on, the duel waits for it (``waiting``); against the computer ``hurry`` ("See the result now")
plays the computer's remaining race on the simulated clock: the same moves at the same race
times as waiting, so the same result. A network rival's clock is the one both machines agreed
on (``Rival.race_clock``). Leaving the duel is End at that moment (DU-4), and the race is
decided there: our total against the rival's at that time (``conclude``).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from solitaire import i18n
from solitaire.core import Game, GameCode, Move, Refusal
from solitaire.core.duel import Breakdown, DuelResult, Race, RivalEvent, RivalLost, notation, race_mode
from solitaire.play.computer import AutoPlayer, is_end, is_undo
from solitaire.play.race_clock import FAST_STEP, HURRY_STEP, race_step_length, settled
from solitaire.play.rival import ME, RIVAL, Rival, RivalSide
from solitaire.play.session import pick_deal
from solitaire.store import Store

COUNT_SECONDS = 3.0  # the 3-2-1 before both clocks start
OUTCOMES = {"you": "won", "opponent": "lost", "tie": "tied"}  # a result's winner, as the statistics count it


def duel_deal(winnable: bool) -> GameCode:
    """A fresh duel deal: any, or (``winnable``) one of the Duel pool's verified deals."""
    return pick_deal(*race_mode(), winnable)


def new_race(code: GameCode, seconds: float | None = None) -> Race:
    """The race on ``code``'s deal; ``seconds``: a shorter one (a network host's
    ``--race-seconds``, for both)."""
    race = Race(code)
    if seconds is not None:
        race.limit = float(seconds)
    return race


class Duel:
    """One duel from the count to its result. ``store`` (None: nothing kept) counts the result
    in the statistics, once; ``on_result`` is told it (``--smoke`` prints it). ``hand`` plays
    our side's moves that the duel itself decides (``--autoplay``): the screen gives its table's
    own play, so they animate; without one they go straight in. ``tell`` is given what the
    player should be told, as an i18n key (the screen says it)."""

    def __init__(self, race: Race, rival: Rival, *, autoplayer: AutoPlayer | None = None,
                 fast: bool = False, store: Store | None = None,
                 on_result: Callable[[Any], None] | None = None) -> None:
        self.race = race
        self.rival = rival
        self.autoplayer = autoplayer
        self.fast = fast
        self.store = store
        self.on_result = on_result
        self.hand: Callable[[Move], object] = self._play_checked
        self.hand_undo: Callable[[], object] = self.undo  # the table's undo, where a table shows our side
        self.tell: Callable[[str], None] = lambda key: None
        self.count_left = COUNT_SECONDS
        self.started = False
        self.settling = False  # a network duel at 0:00, waiting for the last moves to arrive
        self.my_moves = 0  # our side's moves told to the rival (an undo is one too)
        self.rival_side = RivalSide(race)
        self.hurried = False  # "See the result now": the rest of the computer's race simulated
        self.result: DuelResult | None = None

    @property
    def code(self) -> GameCode:
        return self.race.code

    @property
    def game(self) -> Game:
        """Our side's game."""
        return self.race.games[ME]

    @property
    def rival_game(self) -> Game:
        return self.race.games[RIVAL]

    @property
    def playing(self) -> bool:
        """We may move: the count is over, our race runs, the computer does not play our side
        and a network duel is not settling its last moves at 0:00."""
        return self.started and self.race.playing(ME) and self.autoplayer is None and not self.settling

    @property
    def waiting(self) -> bool:
        """We have finished and the rival still plays: the result waits for it."""
        return self.result is None and self.started and self.race.finished(ME) and self.race.playing(RIVAL)

    @property
    def can_hurry(self) -> bool:
        """"See the result now" is offered: waiting on a computer (a person's race cannot be
        played for them)."""
        return self.waiting and self.rival.pausable and not self.hurried

    def hurry(self) -> None:
        """Play the computer's remaining race at once, on the simulated clock (the result is
        the one waiting would give)."""
        if self.can_hurry:
            self.hurried = True

    # ----------------------------------------------------------------------------- our moves
    def refusal(self, move: Move) -> Refusal | None:
        """Why our ``move`` may not be played now (None: it may)."""
        if self.race.over:
            return self.game.refuse("race_over")
        if self.race.finished(ME):
            return self.game.refuse("race_ended")
        return self.game.check(move)

    def play(self, move: Move) -> None:
        """Our move, which ``refusal`` allowed; 52 home ends our game (DU-5: with its bonus)."""
        self.race.apply(ME, move)
        self._tell_rival(notation(move))
        self._after_mine()

    def redo(self) -> None:
        """C-12: the last move undone, played again; the rival is told the move itself, which its
        copy checks and scores as a move."""
        self._tell_rival(notation(self.race.redo(ME)))
        self._after_mine()

    def undo(self) -> bool:
        """DU-3: our last move taken back; False when there is none (or our race is over)."""
        if not self.race.playing(ME) or not self.race.undo(ME):
            return False
        self._tell_rival(notation(None))
        return True

    def _play_checked(self, move: Move) -> None:
        if self.refusal(move) is None:
            self.play(move)

    def _tell_rival(self, text: str) -> None:
        self.my_moves += 1
        self.rival.my_move(self.my_moves, text, self.race.elapsed)

    def _after_mine(self) -> None:
        if self.game.won:
            self.rival.my_end(self.race.elapsed)
            self._check_over()

    # ----------------------------------------------------------------------------- End
    def preview(self) -> Breakdown:
        """DU-4: our points now, and the time bonus if we end now."""
        return self.race.breakdown(ME)

    def end(self) -> None:
        """End (DU-4): our game stops for good, banking the time bonus."""
        if not self.race.playing(ME):
            return
        self.race.end(ME)
        self.rival.my_end(self.race.elapsed)
        self._check_over()

    def conclude(self) -> DuelResult:
        """The duel ends here if it has not: End for us, the race decided on the totals now,
        the result counted once."""
        if self.result is None:
            if self.race.playing(ME):
                self.race.end(ME)
                self.rival.my_end(self.race.elapsed)
            self._decide()
        assert self.result is not None
        return self.result

    # ----------------------------------------------------------------------------- time
    def step(self, dt: float, dealing: bool = False, auto_completing: bool = False) -> None:
        """``dt`` seconds of frame time: the count, then race time (as ``race_clock`` says),
        the rival heard, our autoplayer's move, and the race decided if it is over.
        ``dealing``: the deal still flies in on screen (the count waits for it);
        ``auto_completing``: our table plays its cards home one by one (K-9), in real time."""
        if self.result is not None:
            return
        agreed = self.rival.race_clock()  # a network duel: the clock both machines agreed on
        if not self.started:
            self._count(dt, agreed, dealing)
            return
        if agreed is not None:  # real and never paused; --fast only quickens the computer there
            moment, self.settling = settled(self.race, agreed)
            step = max(0.0, moment - self.race.elapsed)
        elif self.fast and auto_completing:
            step = dt  # auto-complete plays card by card in real time, fast or not
        else:
            simulated = HURRY_STEP if self.hurried else (FAST_STEP if self.fast else None)
            step = race_step_length(self.race, self.rival, self.autoplayer, dt, simulated)
        self.race.tick(step)
        for event in self._rival_events():
            self.rival_side.hear(event)
        if not auto_completing:
            self._autoplay()
        self._check_over()

    def _count(self, dt: float, agreed: float | None, dealing: bool) -> None:
        """The 3-2-1: on the agreed clock over the network, else once the deal has landed."""
        if agreed is not None:
            self.count_left = -agreed
        elif dealing and not self.fast:
            return
        else:
            self.count_left -= COUNT_SECONDS if self.fast else dt
        if self.count_left <= 0:
            self.started = True
            self.rival.start(self.rival_game)

    def _rival_events(self) -> list[RivalEvent]:
        try:
            return self.rival.update(self.race.elapsed)
        except Exception:  # a rival's bug must stop that rival, never the game
            logging.getLogger(__name__).exception("the rival failed")
            return [RivalLost("duel.stopped")]

    def _autoplay(self) -> None:
        """``--autoplay``: the computer plays our side, through ``hand``."""
        if self.autoplayer is None or not self.race.playing(ME) or self.settling:
            return
        decision = self.autoplayer.update(self.game, self.race.elapsed)
        if decision is None:
            return
        if is_end(decision):
            self.end()
        elif is_undo(decision) and self.game.can_undo:
            self.hand_undo()
        elif isinstance(decision, Move) and self.refusal(decision) is None:
            self.hand(decision)
        else:  # a side that cannot say a legal move stops (never a crash)
            if not isinstance(decision, Move):
                self.tell("duel.stopped")
            self.end()

    def pause(self) -> None:
        """Covered by a dialog: against the computer both clocks stop (a person's cannot)."""
        if self.rival.pausable:
            self.rival.pause()

    def resume(self) -> None:
        if self.rival.pausable:
            self.rival.resume()

    # ----------------------------------------------------------------------------- the result
    def _check_over(self) -> None:
        if self.race.over and self.result is None:
            self._decide()

    def _decide(self) -> None:
        """The race is decided: the result, counted once in the statistics; the rival freed."""
        self.result = self.race.decide((i18n.t("duel.you"), self.rival.name), self.rival.kind)
        self._free()
        if self.store is not None:
            self.store.record_duel(self.rival.kind, OUTCOMES[self.result.winner], self.result.you.breakdown.total)
        if self.on_result is not None:
            self.on_result(self.result)

    def _free(self) -> None:
        self.rival.close()
        if self.autoplayer is not None:
            self.autoplayer.close()
