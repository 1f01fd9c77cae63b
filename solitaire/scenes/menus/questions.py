"""The questions asked before a game is given up: restart and a new deal (issue 11's policy,
see ``session``). The play scene's buttons and keys and the game menu ask them the same way:
a game with moves is not given up without a Yes; one with none is replaced at once.
"""

from __future__ import annotations

from typing import Any, Callable

from solitaire.scenes.menus.confirm import ask
from solitaire.scenes.menus.new_game import new_deal_question
from solitaire.scenes.menus.play_table import PlayTable


def ask_restart(app: Any, play: PlayTable, restart: Callable[[], None] | None = None) -> None:
    """Restart the same deal (K-8); a game with moves counts as lost, so the player is asked.
    ``restart`` is what Yes does (by default the play scene's session restarts).
    """
    restart = restart or play.session.restart
    if play.session.at_stake():
        ask(app, app.t("menu.restart_confirm"), restart,
            yes_label=app.t("menu.restart"), no_label=app.t("menu.cancel"))
    else:
        restart()


def ask_demo(app: Any, play: PlayTable) -> None:
    """Menu → Demo (C-13): the computer takes this game over, which gives up a game with moves
    (a lost game), so the player is asked first; one with none is handed over at once."""
    if play.session.at_stake():
        ask(app, app.t("demo.confirm"), play.start_demo, yes_label=app.t("menu.demo"),
            no_label=app.t("menu.cancel"))
    else:
        play.start_demo()


def ask_new_game(app: Any, play: PlayTable) -> None:
    """The New game window where the game has one; else another deal in this mode, asked
    first when it gives up a game with moves.
    """
    if app.can_open("new_game"):
        app.open("new_game", game_id=play.game.rules.id, play=play)
    elif play.session.at_stake():
        g = play.game
        ask(app, new_deal_question(app, g.rules.id, g.draw, g.scoring.name), play.new_deal,
            yes_label=app.t("new_game.start"), no_label=app.t("menu.cancel"))
    else:
        play.new_deal()
