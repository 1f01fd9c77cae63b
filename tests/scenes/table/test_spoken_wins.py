"""The table by ear (issue 36; the whole games won by keys and checked line by line are
``test_keyboard_wins``'s): a move's words ("7 of hearts to column 3, turned the queen of
spades"), the table's keys (repeat, read the table, score, jump to a pile or a rank), undo and a
refusal said, Arabic lines in Arabic, and no speech said once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from solitaire import i18n
from solitaire.app.speech import Speech
from solitaire.core import CELL, TABLEAU, Game, Pile, parse_code, parse_request
from solitaire.core.position import game_from_json
from solitaire.play import spoken
from tests.scenes.table.test_freecell_spider_play import SPIDER_LINE, near_the_end
from tests.scenes.table.test_keyboard_wins import LINES, play_line_by_keyboard


@pytest.fixture
def services(services):
    return replace(services, store=None)


@pytest.fixture
def heard(app, tmp_path, monkeypatch):
    """The app speaking, every line said read back from the speech log the environment names."""
    path = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(path))
    app.speech = Speech(on=True)
    app.settings = app.settings.updated(status_line=False)

    def lines() -> list[str]:
        app.speech.wait()
        return path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return lines


def start(app, driver, code):
    play = app.open("play", code=parse_code(code))
    driver.settle(3)
    driver.key(pygame.K_TAB)
    return play


def test_the_move_line_names_the_card_turned_up():
    game_line = LINES["klondike"]
    game = Game.deal(parse_code(game_line["code"]))
    said = []
    for text in game_line["moves"][:2]:
        move = game.resolve(parse_request(text))
        was = spoken.before(game, move)
        game.apply(move)
        said.append(spoken.move_words(was, game))
    assert said == ["Ace of clubs to foundation 1", "Ace of spades to foundation 2, turned the jack of spades"]


def test_the_table_keys_repeat_read_and_jump(app, driver, heard):
    play = start(app, driver, LINES["klondike"]["code"])
    opening = heard()[-2]  # before the board's focus (Tab) was said
    assert opening == "en\tKlondike, Draw 1. Stock, 24 cards. Arrows move on the table, Enter plays, T reads the table, R repeats"
    game = play.game
    driver.key(pygame.K_3)  # the third column
    assert heard()[-1] == "en\tColumn 3, 7 of spades, 2 cards face down under it"
    driver.key(pygame.K_r)  # said again
    assert heard()[-2:] == ["en\tColumn 3, 7 of spades, 2 cards face down under it"] * 2
    driver.key(pygame.K_s)
    assert heard()[-1] == "en\tStock, 24 cards"
    driver.key(pygame.K_f)
    assert (play.board.pile, heard()[-1]) == (Pile("f", 0), "en\tFoundation 1, empty")
    driver.key(pygame.K_a, pygame.KMOD_SHIFT)  # the next face-up ace: column 1's
    assert (play.board.pile, heard()[-1]) == (Pile(TABLEAU, 0), "en\tColumn 1, ace of clubs")
    driver.key(pygame.K_a, pygame.KMOD_SHIFT)  # and the next: column 7's
    assert (play.board.pile, heard()[-1]) == (Pile(TABLEAU, 6), "en\tColumn 7, ace of spades, 6 cards face down under it")
    driver.key(pygame.K_q, pygame.KMOD_SHIFT)
    assert heard()[-1] == "en\tNo face-up queen on the table"
    driver.key(pygame.K_i)
    assert heard()[-1] == "en\tScore 0, Moves 0, Time 0:00"
    before = len(heard())
    driver.key(pygame.K_t)  # the whole table, a line a pile
    reading = heard()[before:]
    assert reading == ["en\t" + line for line in spoken.table_reading(game, play.voice._piles())]
    assert len(reading) == 1 + 1 + 4 + 7 and reading[-1] == "en\tColumn 7, 6 cards face down, ace of spades"


def test_undo_and_a_refusal_are_said(app, driver, heard):
    play = start(app, driver, LINES["klondike"]["code"])
    play.play(play.game.resolve(parse_request("t1>f1")))
    assert heard()[-1] == "en\tAce of clubs to foundation 1"
    driver.key(pygame.K_u)
    assert heard()[-1] == "en\tTaken back: ace of clubs to foundation 1"
    driver.key(pygame.K_2)
    driver.key(pygame.K_RETURN, pygame.KMOD_SHIFT)
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)  # the 8 of spades on the ace of clubs: refused, said why
    refusal = play.game.check(play.game.resolve(parse_request("t2>t1")))
    assert heard()[-1] == "en\t" + i18n.refusal_text(refusal)[:1].upper() + i18n.refusal_text(refusal)[1:]


def test_arabic_lines_are_in_arabic(make_app, tmp_path):
    path = tmp_path / "speech.log"
    app = make_app(lang="ar", status_line=False)
    app.speech = Speech(log_path=str(path), on=True)
    from tests.scenes.conftest import Driver

    driver = Driver(app)
    start(app, driver, LINES["klondike"]["code"])
    driver.key(pygame.K_7)
    app.speech.wait()
    last = path.read_text(encoding="utf-8").splitlines()[-1]
    assert last == "ar\tالعمود 7، الآس البستوني، تحتها 6 أوراق مقلوبة"


def test_no_speech_is_said_once_and_the_game_plays_on(tmp_path):
    said: list[str] = []

    class Broken:
        reason = "no speech server"

        def start(self) -> bool:
            return False

    speech = Speech(Broken(), log_path=str(tmp_path / "log"), on=True, warn=said.append)
    speech.say("Column 1, empty")
    speech.say("Column 2, empty")
    speech.wait()
    speech.close()
    assert said == ["No speech output is available (no speech server); the game plays on without it."]
    assert (tmp_path / "log").read_text(encoding="utf-8") == "en\tColumn 1, empty\nen\tColumn 2, empty\n"


def test_an_arabic_refusal_names_its_cards_in_words(make_app, tmp_path):
    path = tmp_path / "speech.log"
    app = make_app(lang="ar", status_line=False)
    app.speech = Speech(log_path=str(path), on=True)
    from tests.scenes.conftest import Driver

    driver = Driver(app)
    play = start(app, driver, LINES["klondike"]["code"])
    play.play(play.game.resolve(parse_request("t2>t1")))  # the 8 of spades on the ace of clubs
    app.speech.wait()
    last = path.read_text(encoding="utf-8").splitlines()[-1]
    assert last.startswith("ar\t") and "8 البستوني" in last and "الآس السباتي" in last and "♠" not in last
    assert play.hud.toast.text.count("♠") == 1  # on screen, the card as its corner shows it


def test_spider_to_its_win_by_ear_says_the_whole_suit_going_home(app, driver, heard):
    """SP-4 by ear: the last run joined says the suit went home, the card it turned, the win."""
    play = app.open("play", game=game_from_json(near_the_end()))
    driver.settle(3)
    driver.key(pygame.K_TAB)
    play_line_by_keyboard(driver, play, SPIDER_LINE, app.speech.log_path and Path(app.speech.log_path))
    assert heard()[-1] == "en\t2 of spades with 1 card on it to column 1, a whole suit went home, you won!"
    assert "en\t6 of spades with 1 card on it to column 1, turned the 3 of spades" in heard()


def test_a_spider_row_dealt_and_a_free_cell_are_said(app, driver, heard):
    play = start(app, driver, "SP1-D2N-AAAAAAB")
    driver.key(pygame.K_SPACE)
    assert heard()[-1] == "en\tA row dealt on the columns"
    play = start(app, driver, "FC1-MS-1")
    assert play.board.pile == Pile(CELL, 0)  # the first place of the top row
    driver.key(pygame.K_c)  # the next free cell
    assert heard()[-1] == "en\tFree cell 2, empty" and play.board.pile == Pile(CELL, 1)
    driver.key(pygame.K_w)  # FreeCell has no waste: the key does nothing, and says nothing
    assert heard()[-1] == "en\tFree cell 2, empty"


def test_a_hint_is_said_as_the_move_it_gives():
    game = Game.deal(parse_code(LINES["klondike"]["code"]))
    assert spoken.hint_words(game, game.resolve(parse_request("t1>f1"))) == "Hint: ace of clubs to foundation 1"
    assert spoken.hint_words(game, game.resolve(parse_request("s"))) == "Hint: stock"


def test_the_keys_are_found_by_place_on_an_arabic_layout(app, driver, heard):
    play = start(app, driver, LINES["klondike"]["code"])
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=ord("ف"), mod=0, unicode="ف", scancode=pygame.KSCAN_T))
    assert heard()[-1] == "en\t" + spoken.table_reading(play.game, play.voice._piles())[-1]  # T read the table


def test_an_arabic_table_is_read_from_the_right(make_app, tmp_path):
    path = tmp_path / "speech.log"
    app = make_app(lang="ar", status_line=False)
    app.speech = Speech(log_path=str(path), on=True)
    from tests.scenes.conftest import Driver

    driver = Driver(app)
    start(app, driver, LINES["klondike"]["code"])
    app.speech.wait()  # the log is written on the speech's own thread
    before = len(path.read_text(encoding="utf-8").splitlines())
    driver.key(pygame.K_t)
    app.speech.wait()
    read = [line.split("\t")[1].split("،")[0] for line in path.read_text(encoding="utf-8").splitlines()[before:]]
    assert read[:3] == ["كومة السحب", "الأوراق المسحوبة", "كومة الأساس 1"] and read[6:8] == ["العمود 1", "العمود 2"]
