"""The status line's words (issue 11): a deal that cannot be won from its first position says
"This deal cannot be won", not "No longer winnable"."""

import time

from solitaire import i18n
from solitaire.core import DRAW, Game, parse_code
from solitaire.play.advisor import Advisor
from solitaire.solver.messages import WinnabilityAnswer

UNWINNABLE = "TF1-D3N-AAAAAAC"  # the solver proves it lost at once (game.py solve: "lost", 1 node)


class AnsweringWorker:
    """A solver worker that answers every winnability question with the next verdict given."""

    def __init__(self, *verdicts: str) -> None:
        self.verdicts = list(verdicts)
        self.pending: list[int] = []

    def submit(self, kind, state_json, budget) -> int:
        self.pending.append(len(self.pending) + 100)
        return self.pending[-1]

    def poll(self) -> list[WinnabilityAnswer]:
        answers = [WinnabilityAnswer(ticket, self.verdicts.pop(0)) for ticket in self.pending]
        self.pending = []
        return answers

    def cancel(self) -> None:
        self.pending = []



def asked(advisor: Advisor, game: Game) -> str:
    advisor.ask_status(game, True)
    advisor.poll(0.0)
    return advisor.status_key


def test_a_deal_lost_from_the_start_cannot_be_won_and_says_so_after_moves_too():
    advisor = Advisor(AnsweringWorker("not winnable", "not winnable"))
    game = Game.deal(parse_code(UNWINNABLE))
    assert asked(advisor, game) == "status.deal_not_winnable"
    game.apply(DRAW)
    assert asked(advisor, game) == "status.deal_not_winnable"


def test_a_deal_that_was_winnable_is_no_longer_winnable():
    advisor = Advisor(AnsweringWorker("winnable", "not winnable"))
    game = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    assert asked(advisor, game) == "status.winnable"
    game.apply(DRAW)
    assert asked(advisor, game) == "status.not_winnable"


def test_another_deal_forgets_the_last_ones_verdict():
    advisor = Advisor(AnsweringWorker("not winnable", "not winnable"))
    assert asked(advisor, Game.deal(parse_code(UNWINNABLE))) == "status.deal_not_winnable"
    later = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    later.apply(DRAW)
    assert asked(advisor, later) == "status.not_winnable"


def test_the_play_scene_shows_the_words_in_both_languages(app, driver):
    app.open("play", code=UNWINNABLE)
    scene = driver.scene
    deadline = time.monotonic() + 30
    while scene.hints.advisor.status_ticket is not None and time.monotonic() < deadline:
        driver.settle(0.05)
        time.sleep(0.01)
    assert scene.game.moves == 0 and scene.hints.advisor.status == "not winnable"
    assert app.t(scene.hints.advisor.status_key) == "This deal cannot be won"
    driver.draw()
    i18n.set_language("ar")
    try:
        assert app.t(scene.hints.advisor.status_key) == "هذه التوزيعة غير قابلة للحل"
        driver.draw()
    finally:
        i18n.set_language("en")


def test_a_resumed_game_of_a_lost_deal_asks_about_the_first_position_and_says_cannot_be_won():
    """Continue brings back a game past move 0: its lost position leads to a question about
    the deal's first position, whose answer decides the words (issue 11)."""
    worker = AnsweringWorker("not winnable", "not winnable")
    advisor = Advisor(worker)
    game = Game.deal(parse_code(UNWINNABLE))
    game.apply(DRAW)
    assert asked(advisor, game) == "status.not_winnable"
    assert advisor.busy  # the deal's own question is in flight
    advisor.poll(0.0)
    assert advisor.status_key == "status.deal_not_winnable"


def test_a_resumed_game_of_a_winnable_deal_stays_no_longer_winnable():
    advisor = Advisor(AnsweringWorker("not winnable", "winnable"))
    game = Game.deal(parse_code("TF1-D1N-AAAAAAB"))
    game.apply(DRAW)
    assert asked(advisor, game) == "status.not_winnable"
    advisor.poll(0.0)
    assert advisor.status_key == "status.not_winnable" and not advisor.busy
