"""Issue 32: an online key that cannot be read or kept stops online play with one line, and
nothing else: the Online tab, the Daily page and hosting a network duel said "internal error"
and ended the game when the first key could not be written (a full disk, a read-only folder)."""

from __future__ import annotations

import errno
from pathlib import Path
from types import SimpleNamespace

import pytest

from solitaire import i18n
from solitaire.app.services import Services
from solitaire.scenes.online_common import connect, failure_line, is_failure
from solitaire.store import Store
from solitaire.store import player_key as player_key_module
from solitaire.store.player_key import KEY_FILE

URL = "ws://127.0.0.1:9"


def app_around(folder: Path) -> SimpleNamespace:
    services = Services.around(Store(folder))
    return SimpleNamespace(services=services, t=i18n.t, settings=services.store.settings)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_key_the_full_disk_cannot_keep_is_one_line_where_online_play_is(tmp_path, monkeypatch, language):
    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(player_key_module, "write_bytes_atomic", full)
    app = app_around(tmp_path)
    i18n.set_language(language)
    try:
        client = connect(app, URL, "me")
        [message] = client.poll()
        line = failure_line(app, message, URL)
        said = i18n.t("online.error.key_disk_full", detail="No space left on device")
    finally:
        i18n.set_language("en")
    client.close()
    assert is_failure(message) and client.closed.is_set()
    assert line == said and "\n" not in line
    assert not (tmp_path / KEY_FILE).exists()


def test_a_damaged_key_file_is_told_once_through_the_stores_notices(tmp_path):
    (tmp_path / KEY_FILE).write_bytes(b"")
    app = app_around(tmp_path)
    first = app.services.player_key()
    assert first == app.services.player_key()
    [notice] = app.services.store.take_notices()
    assert notice.kind == "key_damaged" and (tmp_path / notice.fields["aside"]).read_bytes() == b""
    assert notice.fields["aside"] in i18n.notice_text(notice)


def test_a_headless_online_duel_without_a_key_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    from solitaire.entry.online_play import run_online

    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    (tmp_path / KEY_FILE).mkdir()  # a folder in the key file's place
    assert run_online(URL, "me", None, "easy", True) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and KEY_FILE in err and "folder" in err, err
