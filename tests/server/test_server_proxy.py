"""Behind a proxy or load balancer (README's deployment): a connection from a trusted proxy is
counted against the address its X-Forwarded-For names, so one player's limits are not everyone's
(issue 25 item 9's per-address limits); from anyone else the header is ignored."""

from __future__ import annotations

import secrets
from contextlib import ExitStack
from dataclasses import replace

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from solitaire.net.online_messages import VERSION
from solitaire.server.cli import build_parser
from solitaire.server.service import player_address
from tests.server.helpers import QUICK, running_server

PROXY = frozenset({"10.0.0.5"})


@pytest.mark.parametrize("peer, forwarded, address", [
    ("10.0.0.5", "203.0.113.7", "203.0.113.7"),
    ("10.0.0.5", "1.2.3.4, 203.0.113.7", "203.0.113.7"),  # the client claimed 1.2.3.4: the proxy saw .7
    ("10.0.0.5", " 2001:db8::1 ", "2001:db8::1"),
    ("10.0.0.5", None, "10.0.0.5"),
    ("10.0.0.5", "unknown", "10.0.0.5"),  # a proxy that names no address counts as itself
    ("198.51.100.9", "203.0.113.7", "198.51.100.9"),  # not a trusted proxy: its header is a claim
])
def test_a_trusted_proxys_forwarded_address_is_the_players(peer, forwarded, address):
    assert player_address(peer, forwarded, PROXY) == address


def answer(sockets: ExitStack, url: str, forwarded: str) -> str:
    """What the server says to a hello sent through a proxy that forwarded ``forwarded``."""
    ws = sockets.enter_context(connect(url, open_timeout=5, close_timeout=1,
                                       additional_headers={"X-Forwarded-For": forwarded}))
    ws.send('{"type":"hello","version":%d,"key":"%s","name":"P"}' % (VERSION, secrets.token_urlsafe(32)))
    return ws.recv(5)


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_limit(tmp_path):
    settings = replace(QUICK, per_address=1, trusted_proxies=frozenset({"127.0.0.1"}))
    with running_server(tmp_path, settings) as (url, _), ExitStack() as sockets:
        assert '"welcome"' in answer(sockets, url, "203.0.113.7")
        assert '"welcome"' in answer(sockets, url, "203.0.113.8")
        with pytest.raises(ConnectionClosed) as closed:
            answer(sockets, url, "203.0.113.7")
        assert closed.value.rcvd.code == 1008  # one connection from that address at once


def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(tmp_path):
    with running_server(tmp_path, replace(QUICK, per_address=1)) as (url, _), ExitStack() as sockets:
        assert '"welcome"' in answer(sockets, url, "203.0.113.7")
        with pytest.raises(ConnectionClosed):
            answer(sockets, url, "203.0.113.8")  # both are 127.0.0.1, whatever they claim


def test_the_command_line_takes_trusted_proxies():
    args = build_parser().parse_args(["--data", "d", "--trusted-proxy", "10.0.0.5", "--trusted-proxy", "10.0.0.6"])
    assert args.trusted_proxy == ["10.0.0.5", "10.0.0.6"]
    assert build_parser().parse_args(["--data", "d"]).trusted_proxy == []
