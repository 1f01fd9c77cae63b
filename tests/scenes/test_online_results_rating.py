"""The online results say what the server said of the rating (issue 31): a provisional rating
is marked so (DU-10); a race that moved no rating says why (DU-7 to DU-11: a room, aborted,
quick losses, too fast) in the player's language; a result the server could not save yet says
it keeps it and will save it. Every line is drawn inside the panel, in English and Arabic."""

from __future__ import annotations

import pytest

from solitaire.net.online_messages import Result

SIZE = (1280, 720)


def side(total: int) -> dict:
    return {"score": total - 100, "bonus": 100, "total": total, "foundation": 30, "ended": True}


def result(**fields) -> Result:
    base = dict(duel="d1", you=side(900), opponent=side(700), winner="you", opponent_name="Bob",
                rating={"before": 1000, "after": 1151}, tier="silver")
    return Result(**{**base, **fields})


def drawn(make_app, lang: str, told: Result):
    app = make_app(SIZE, lang)
    scene = app.open("online_results", result=told, opponent="Bob")
    app.stack.on_resize(SIZE)
    app.stack.draw(app.display.surface, 1.0)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_DU10_a_provisional_rating_is_marked_so(make_app, lang):
    app, scene = drawn(make_app, lang, result(provisional=True))
    assert scene.rating_line.endswith(app.t("online.provisional")) and "1151" in scene.rating_line
    assert scene.note == ""
    _, established = drawn(make_app, lang, result())
    assert app.t("online.provisional") not in established.rating_line


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("why", ["room", "aborted", "quick_losses", "opponent_quick_losses", "too_fast",
                                 "opponent_too_fast"])
def test_DU7_DU8_DU9_DU11_a_race_that_moved_no_rating_says_why(make_app, lang, why):
    app, scene = drawn(make_app, lang, result(rating={"before": 1000, "after": 1000}, unrated=why))
    assert scene.rating_line == app.t("online.rating.unrated", number=1000, tier=app.t("online.tier.silver"))
    assert scene.note == app.t(f"online.unrated.{why}") and not scene.note.startswith("online.")
    rows = app.text.wrap(scene.note, 10, scene.boxes["note"].w)
    assert len(rows) <= 3 and scene.boxes["note"].bottom <= scene.boxes["rating"].top


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_result_not_saved_yet_says_the_server_keeps_it(make_app, lang):
    app, scene = drawn(make_app, lang, result(saved=False))
    assert scene.note == app.t("online.unsaved")
    app, scene = drawn(make_app, lang, result(saved=False, unrated="aborted", rating={"before": 1000, "after": 1000}))
    assert scene.note == f"{app.t('online.unrated.aborted')} {app.t('online.unsaved')}"
