"""The network duel's waiting screens (issues 15 and 25), on 127.0.0.1: the host's game runs the
duel server and shows a code that leads to its room there; the friend's bad code, a room not
open or a host not there is refused in a line; once both are there the online race follows; the
server stops when the host leaves, leaving no thread behind."""

from __future__ import annotations

import socket
import threading
import time

import pygame
import pytest

from solitaire import i18n, main
from solitaire.entry.hosting import HOSTED, HostedServers
from solitaire.app import clipboard
from solitaire.net.code import BadDuelCode, DuelAddress, parse_address
from solitaire.net.online import OnlineClient, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.scenes.duel import connection_banner
from solitaire.scenes.duel.net_lobby import NetLobbyScene
from solitaire.scenes.duel.new_duel import NewDuelScene
from solitaire.scenes.online_common import my_name
from solitaire.scenes.duel.online_race import OnlineRaceScene
from solitaire.scenes.duel.online_results import OnlineResultsScene
from solitaire.server.hosted import HostedServer
from tests.server.helpers import LOCAL, Raw
from tests.server.test_hosted import hosting_client, stopped
from tests.server.test_online_client import next_of

pygame.init()


def frames(app, until, limit=3000):
    for _ in range(limit):
        app.stack.update(1 / 60)
        if until():
            return
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def hosting(app) -> NetLobbyScene:
    """The host's waiting screen, its server on 127.0.0.1 (a free port), once its room is made."""
    scene = app.open("net_lobby", role="host", address=LOCAL, port=0)
    frames(app, lambda: scene.address is not None)
    return scene


def friend(code: str, name: str = "Bob") -> OnlineClient:
    address = parse_address(code)
    client = OnlineClient(address.url, new_key(), name)
    client.start()
    next_of(client, Welcome)
    client.join_room(address.room)
    return client


def test_the_host_shows_a_code_that_leads_to_its_server_and_the_race_follows(app, driver):
    app.open("title")
    scene = hosting(app)
    server = scene.server
    assert parse_address(scene.address.code) == scene.address and scene.address.host == LOCAL
    assert scene._status() == "Waiting for an opponent…"
    driver.draw()
    bob = friend(scene.address.code)
    try:
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        race = app.stack.top
        assert race.duel.rival.name.startswith("Bob") and scene not in app.stack.scenes
        assert next_of(bob, Matched).opponent["name"] == my_name(app)[:20]
        driver.draw()
        race.online.end()  # both press End: the host's server decides the race, unrated
        bob.end()
        frames(app, lambda: isinstance(app.stack.top, OnlineResultsScene))
        assert app.stack.top.rating_line == app.t("online.unrated")
        # counted with the network duels, not the online ones (they have a row each in Statistics)
        assert app.services.store.duel_stats("network").played == 1 and app.services.store.duel_stats("online").played == 0
    finally:
        bob.close()
    app.stack.clear()  # the host leaves the race (or quits): the server stops with it
    assert stopped(server)


def test_cancel_stops_the_server_and_leaves_no_thread(app, driver):
    scene = hosting(app)
    server, port = scene.server, scene.address.port
    driver.key(pygame.K_ESCAPE)
    frames(app, lambda: app.stack.top is not scene)
    assert stopped(server)
    probe = socket.socket()
    try:
        assert probe.connect_ex((LOCAL, port)) != 0  # nobody listens there any more
    finally:
        probe.close()


def test_a_bad_code_is_refused_in_a_line_and_a_good_one_joins(app, driver):
    server = HostedServer(LOCAL, 0).start()
    ann, code = hosting_client(server)
    try:
        scene = app.open("net_lobby", role="join")
        scene.join("KXAA-AAOC")
        assert scene.client is None and "“O” is not in duel codes" in scene.field.error
        scene.join(code)
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        assert app.stack.top.duel.rival.name.startswith("Ann")
    finally:
        ann.close()
    assert stopped(server)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        return probe.getsockname()[1]


def test_a_room_not_open_or_no_host_there_is_one_line_and_may_try_again(app, driver):
    server = HostedServer(LOCAL, 0).start()
    try:
        scene = app.open("net_lobby", role="join")
        scene.join(DuelAddress(LOCAL, server.port, "ZZZZZ").code)
        frames(app, lambda: scene.field.error)
        assert scene.field.error == app.t("net.join.no_room") and scene.client is None and scene.field.enabled
        scene.join(DuelAddress(LOCAL, free_port(), "ZZZZZ").code)
        frames(app, lambda: scene.field.error)
        assert scene.field.error == app.t("net.error.unreachable") and scene.field.enabled
        driver.draw()
    finally:
        server.stop()
    assert stopped(server)


def test_the_join_field_keeps_the_focus_after_a_refused_code(app, driver):
    """The field was disabled while the code was tried, which let the focus go at the next
    event: typing after "no such room" went nowhere (issue 31)."""
    server = HostedServer(LOCAL, 0).start()
    try:
        scene = app.open("net_lobby", role="join")
        assert scene.group.focused is scene.field
        scene.field.set_value(DuelAddress(LOCAL, server.port, "ZZZZZ").code)
        driver.key(pygame.K_RETURN)
        driver.move((1, 1))  # an event while the code is tried
        frames(app, lambda: scene.field.error)
        assert scene.group.focused is scene.field
        driver.key(pygame.K_BACKSPACE)
        assert scene.field.error == ""  # the key reached the field
    finally:
        server.stop()
    assert stopped(server)


def test_new_duel_hosts_with_no_deal_to_choose_or_joins(app, driver, monkeypatch):
    asked = []

    def start_here(address, port, exact_port, seconds):  # on 127.0.0.1 only, on any free port
        asked.append((address, port, exact_port, seconds))
        return HostedServer(LOCAL, 0).start()

    monkeypatch.setattr(app.scenes["net_lobby"], "start_server", staticmethod(start_here))
    app.settings = app.settings.updated(player_name="Ann")  # named already: no question first
    dialog = NewDuelScene(app)
    app.stack.push(dialog)
    dialog._set_strength("host")
    assert not dialog.deal_choice.visible  # the server deals
    dialog.start()
    lobby = app.stack.top
    assert isinstance(lobby, NetLobbyScene) and lobby.role == "host"
    assert asked == [(None, 47474, False, None)]  # this computer's address, Settings' port or the next free
    frames(app, lambda: lobby.address is not None)
    server = lobby.server
    app.stack.clear()
    assert stopped(server)
    join = NewDuelScene(app)
    app.stack.push(join)
    join._set_strength("join")
    join.start()
    assert isinstance(app.stack.top, NetLobbyScene) and app.stack.top.role == "join"
    assert app.stack.top.client is None  # nothing is sent before a code is given


def test_the_host_copies_its_duel_code_to_the_clipboard(app, driver):
    """Issue 22: the host's code had no Copy button (SDL's clipboard: the dummy driver keeps one)."""
    app.display.surface  # a window exists: the clipboard belongs to it
    scene = hosting(app)
    assert scene.copy_button.visible and scene.copy_button.rect.w > 0
    driver.click(scene.copy_button.rect.center)
    assert clipboard.paste() == scene.address.code
    assert scene.copy_button.label == app.t("online.copied")
    assert not scene.copy_button.rect.colliderect(scene.boxes["big"])
    driver.draw()
    server = scene.server
    app.stack.clear()
    assert stopped(server)


def test_join_pastes_a_code_with_ctrl_v_or_the_paste_button(app, driver):
    scene = app.open("net_lobby", role="join")
    assert clipboard.copy(" KXAA-AAAC-NMMN-AACC-FKNF\n")
    driver.click(scene.paste_button.rect.center)
    assert scene.field.value == "KXAA-AAAC-NMMN-AACC-FKNF" and scene.client is None  # pasted, not sent
    scene.field.set_value("")
    scene.group.focus(scene.field)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.field.value == "KXAA-AAAC-NMMN-AACC-FKNF"
    assert clipboard.copy("") is True
    driver.click(scene.paste_button.rect.center)
    assert scene.field.error == app.t("net.join.nothing_to_paste")
    field, paste, join = scene.field.rect, scene.paste_button.rect, scene.join_button.rect
    assert field.right < paste.left < paste.right < join.left  # one row, none over another


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_join_fields_placeholder_reads_as_a_hint_not_a_code(app, lang):
    """Issue 22: "ACDE-FHJK-MNPR-TVWX-ACDE" in grey looked like a code already typed."""
    i18n.set_language(lang)
    hint = app.t("net.join.placeholder")
    with pytest.raises(BadDuelCode):
        parse_address(hint)
    assert len(hint.split()) >= 3 and not any(ch.isdigit() for ch in hint)


def test_quitting_the_game_stops_every_server_it_hosts(tmp_path, monkeypatch):
    """``main.run`` ends with no duel server thread left, whatever scene held it (``hosting``)."""
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    stopping, real = [], HostedServers.stop_all

    def stop_all(hosted):
        stopping.extend(hosted.started)
        real(hosted)

    monkeypatch.setattr(HostedServers, "stop_all", stop_all)
    assert main.run(smoke=True, frames=30, frames_given=True, duel="host:0", listen=LOCAL) == 0
    assert len(stopping) == 1 and not stopping[0].alive  # the host's lobby had started one
    assert not HOSTED.started
    assert not any(t.name == "duel-server" and t.is_alive() for t in threading.enumerate())


def test_a_friend_whose_connection_drops_is_shown_in_the_banner_until_it_comes_back(app, driver):
    """The server tells the host its friend is away (the comeback window): the Duel's red banner
    counts it down, as the peer-to-peer duel's did; coming back with the same key clears it."""
    app.open("title")
    lobby = hosting(app)
    key = new_key()
    bob = Raw(lobby.address.url)
    bob.hello("Bob", key=key)
    bob.say({"type": "room", "code": lobby.address.room})
    bob.hear_type("matched")
    frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
    race = app.stack.top
    bob.close()  # the line drops
    frames(app, lambda: race.duel.rival_side.comeback_until is not None)
    assert race.duel.rival_side.note == "net.gone" and connection_banner.seconds_left(race.duel) in (29, 30)
    driver.draw()
    again = Raw(lobby.address.url)
    try:
        again.hello("Bob", key=key)
        again.hear_type("matched")  # the same seat
        frames(app, lambda: race.duel.rival_side.comeback_until is None)
        assert race.duel.rival_side.note == "" and race.duel.result is None
    finally:
        again.close()
        server = lobby.server
        app.stack.clear()
    assert stopped(server)


@pytest.mark.parametrize("role", ["host", "join"])
def test_a_key_that_cannot_be_kept_is_one_line_and_no_server_is_left(app, role):
    """Issue 32: hosting with no key yet on a full disk or a read-only folder ended the game
    ("internal error"); here a folder takes the key file's place."""
    (app.services.store.folder / "online-key.txt").mkdir(parents=True)
    app.open("title")
    if role == "host":
        scene = app.open("net_lobby", role="host", address=LOCAL, port=0)
        frames(app, lambda: scene.problem)
        assert scene.problem == app.t("online.error.key_folder") and stopped(scene.server)
    else:
        scene = app.open("net_lobby", role="join")
        scene.join(DuelAddress(LOCAL, 9, "AAAAAAA").code)
        frames(app, lambda: scene.field.error)
        assert scene.field.error == app.t("online.error.key_folder") and scene.client is None
