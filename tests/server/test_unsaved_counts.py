"""The fairness counts see results still waiting to be saved (issue 31, a gap of items 2 and 4):
quick losses (DU-9) and rematches a day (DU-8) count a result the store refused (``unsaved``) as
they will once it is written, so a full disk is no window for staging quick losses or rematches."""

from __future__ import annotations

import random
import time

from solitaire.server.fairness import REMATCHES_A_DAY
from solitaire.server.service import DuelServer
from solitaire.server.store import DuelRecord, SideRecord, Store
from tests.server.test_fair_ratings import COUNT, finished, human_gaps, new_race, play, players
from tests.server.test_unsaved_results import FullDisk


def test_DU9_quick_losses_kept_unwritten_still_stop_the_ratings(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    loser, *others = players(store, 5)
    db = store.db
    store.db = FullDisk(db)  # type: ignore[assignment]
    told = []
    for race, other in enumerate(others):
        duel = new_race(server, other, loser)
        end = play(duel, 0, human_gaps(random.Random(race), 15))
        play(duel, 1, [1.0])  # one legal move, then End at once
        duel.end(1, COUNT + 2.0)
        results = finished(server, duel, end + 1)
        assert not results[0].saved
        told.append((results[0].unrated, results[1].unrated))
    assert len(server.unsaved) == 4 and not store.quick_losses(loser, 0)  # none written yet
    assert told == [("", "")] * 3 + [("opponent_quick_losses", "quick_losses")]
    store.db = db
    assert server.unsaved.retry(store) == 4 and len(store.quick_losses(loser, time.time() - 60)) == 4


def test_DU8_rematches_kept_unwritten_count_toward_the_day(tmp_path):
    store = Store(tmp_path)
    server = DuelServer(store)
    a, b, c = players(store, 3)
    db = store.db
    store.db = FullDisk(db)  # type: ignore[assignment]
    for n in range(REMATCHES_A_DAY):
        assert server.may_race("10.0.0.1", a, "10.0.0.2", b)
        sides = (SideRecord(a, 50, 0, 50, 4, "end"), SideRecord(b, 40, 0, 40, 3, "end"))
        assert not server.unsaved.write(store, DuelRecord(f"d{n}", "DU:3:standard:1", 240, time.time(),
                                                          time.time(), sides, "first", "", []))[1]
    assert not store.met(a, b, 0) and len(server.unsaved) == REMATCHES_A_DAY
    assert not server.may_race("10.0.0.1", a, "10.0.0.2", b) and not server.may_race("10.0.0.2", b, "10.0.0.1", a)
    assert server.may_race("10.0.0.1", a, "10.0.0.3", c)
    store.db = db
    server.unsaved.retry(store)
    assert len(store.met(a, b, 0)) == REMATCHES_A_DAY and not server.may_race("10.0.0.1", a, "10.0.0.2", b)
