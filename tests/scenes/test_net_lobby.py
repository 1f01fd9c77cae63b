"""The network duel's waiting screens (issue 15), on 127.0.0.1: the host shows a code that leads
to it, says what its door turned away and waits on, and hands the rival over once the other
player is there; a joiner's bad code is refused in a line before anything is sent; Escape closes
the port."""

from __future__ import annotations

import socket
import time

import pygame
import pytest

from solitaire import i18n
from solitaire.app import clipboard
from solitaire.net.code import BadDuelCode, DuelAddress, parse_address
from solitaire.net.rival import NetworkRival
from solitaire.scenes.duel.net_lobby import NetLobbyScene, my_name
from tests.net.helpers import CODE, LOCAL, QUICK

pygame.init()


def frames(app, until, limit=3000):
    for _ in range(limit):
        app.stack.update(1 / 60)
        if until():
            return
        time.sleep(0.001)
    raise AssertionError("the condition was not reached")


def hosting(app, started):
    scene = NetLobbyScene(app, role="host", on_start=started.append, bind=LOCAL, address=LOCAL, port=0)
    app.stack.push(scene)
    return scene


def test_the_host_shows_a_code_that_leads_to_it_and_hands_over_the_rival(app, driver):
    started = []
    scene = hosting(app, started)
    code = parse_address(scene.rival.address.code)
    assert code == scene.rival.address and code.host == LOCAL
    assert scene.status == "Waiting for an opponent…"
    wrong = socket.create_connection((LOCAL, code.port))
    wrong.sendall(b'{"type": "hello", "version": 9, "name": "x", "have": 0}\n')
    frames(app, lambda: scene.problem)
    assert "version 9" in scene.problem and scene.status == "Waiting for an opponent…"
    driver.draw()
    bob = NetworkRival.join(code, "Bob", timing=QUICK)
    frames(app, lambda: (bob.lobby(), started)[1])
    assert started == [scene.rival] and scene.rival.name == "Bob"
    assert bob.name == my_name(app)
    bob.close(), scene.rival.close(), wrong.close()


def test_escape_closes_the_port(app, driver):
    scene = hosting(app, [])
    port = scene.rival.address.port
    driver.key(pygame.K_ESCAPE)
    frames(app, lambda: app.stack.top is not scene)
    probe = socket.socket()
    try:
        assert probe.connect_ex((LOCAL, port)) != 0  # nobody listens there any more
    finally:
        probe.close()


def test_a_bad_code_is_refused_in_a_line_and_a_good_one_joins(app, driver):
    started = []
    host = NetworkRival.host("Ann", CODE, address=LOCAL, port=0, exact_port=True,
                             bind=LOCAL, timing=QUICK)
    scene = NetLobbyScene(app, role="join", on_start=started.append)
    app.stack.push(scene)
    scene.join("KXAA-AAOC")
    assert scene.rival is None and "“O” is not in duel codes" in scene.field.error
    scene.join(host.address.code)
    frames(app, lambda: (host.lobby(), started)[1])
    assert started == [scene.rival] and scene.rival.name == "Ann"
    host.close(), scene.rival.close()


def test_a_refused_join_says_why_and_may_try_again(app, driver):
    host = NetworkRival.host("Ann", CODE, address=LOCAL, port=0, exact_port=True,
                             bind=LOCAL, timing=QUICK)
    scene = NetLobbyScene(app, role="join")
    app.stack.push(scene)
    scene.join(DuelAddress(LOCAL, host.address.port, "AAAAAAA" if host.address.secret != "AAAAAAA" else "CCCCCCC").plain)
    frames(app, lambda: (host.lobby(), scene.field.error)[1])
    assert scene.field.error == app.t("net.fail.secret") and scene.rival is None
    assert scene.field.enabled
    host.close()



def test_new_duel_hosts_on_its_deal_or_joins(app, driver, monkeypatch):
    from solitaire.scenes.duel import net_lobby
    from solitaire.scenes.duel.new_duel import NewDuelScene

    monkeypatch.setattr(net_lobby, "lan_address", lambda: LOCAL)
    made = []
    real = net_lobby.NetworkRival.host

    def host_here(*args, **kwargs):  # on 127.0.0.1 only, on any free port
        made.append(real(*args, **{**kwargs, "bind": LOCAL, "port": 0, "exact_port": True}))
        return made[-1]

    monkeypatch.setattr(net_lobby.NetworkRival, "host", host_here)
    app.settings = app.settings.updated(player_name="Ann")  # named already: no question first
    dialog = NewDuelScene(app)
    app.stack.push(dialog)
    dialog._set_strength("host")
    dialog._set_deal("code")
    dialog.code_field.set_value("DU2-D3N-AAAAAAB")
    dialog.start()
    lobby = app.stack.top
    assert isinstance(lobby, NetLobbyScene) and lobby.role == "host"
    assert made[0].code == CODE and made[0].seconds == 240
    bob = NetworkRival.join(made[0].address, "Bob", timing=QUICK)
    frames(app, lambda: (bob.lobby(), app.stack.top.__class__.__name__ == "DuelScene")[1])
    duel = app.stack.top
    assert duel.duel.rival is made[0] and duel.duel.code == CODE and not duel.duel.rival.pausable
    bob.close()
    app.stack.clear()
    join = NewDuelScene(app)
    app.stack.push(join)
    join._set_strength("join")
    join.start()
    assert isinstance(app.stack.top, NetLobbyScene) and app.stack.top.role == "join"


def test_the_host_copies_its_duel_code_to_the_clipboard(app, driver):
    """Issue 22: the host's code had no Copy button (SDL's clipboard: the dummy driver keeps one)."""
    app.display.surface  # a window exists: the clipboard belongs to it
    scene = hosting(app, [])
    assert scene.copy_button.visible and scene.copy_button.rect.w > 0
    driver.click(scene.copy_button.rect.center)
    assert clipboard.paste() == scene.rival.address.code
    assert scene.copied == app.t("game_code.copied")
    assert not scene.copy_button.rect.colliderect(scene.boxes["code"])
    driver.draw()
    scene.rival.close()


def test_join_pastes_a_code_with_ctrl_v_or_the_paste_button(app, driver):
    scene = NetLobbyScene(app, role="join")
    app.stack.push(scene)
    assert clipboard.copy(" KXAA-AAAC-NMMN-AACC-FKNF\n")
    driver.click(scene.paste_button.rect.center)
    assert scene.field.value == "KXAA-AAAC-NMMN-AACC-FKNF" and scene.rival is None  # pasted, not sent
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
