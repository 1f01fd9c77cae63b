import pytest

from solitaire.app.tween import EASINGS, Tween, Tweener


def test_value_follows_easing_at_given_times():
    tween = Tween(0.0, 100.0, 1.0, "linear")
    tween.update(0.25)
    assert tween.value == pytest.approx(25.0)
    tween.update(0.5)
    assert tween.value == pytest.approx(75.0)
    leftover = tween.update(0.5)
    assert tween.value == 100.0 and tween.done and leftover == pytest.approx(0.25)


def test_position_tween_with_delay():
    tween = Tween((0.0, 0.0), (10.0, 20.0), 1.0, "out_cubic", delay=0.5)
    tween.update(0.4)
    assert tween.value == (0.0, 0.0)
    tween.update(0.6)  # 0.5 s into the tween itself
    expected = EASINGS["out_cubic"](0.5)
    assert tween.value == pytest.approx((10 * expected, 20 * expected))


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints(name):
    # pytweening's bounce and elastic miss 1.0 by < 1 %; a Tween still ends exactly on `end`.
    assert EASINGS[name](0.0) == pytest.approx(0.0, abs=1e-9)
    assert EASINGS[name](1.0) == pytest.approx(1.0, abs=1e-2)
    tween = Tween(3.0, 7.0, 0.5, name)
    tween.update(0.5)
    assert tween.value == 7.0


def test_on_complete_runs_once_with_exact_end_value():
    seen = []
    tween = Tween(0.0, 1.0, 0.1, "out_back", on_complete=lambda: seen.append(tween.value))
    for _ in range(5):
        tween.update(0.05)
    assert seen == [1.0]


def test_cancel_stops_without_callback_and_key_replaces():
    done = []
    tweener = Tweener()
    first = tweener.tween(0, 1, 1.0, on_complete=lambda: done.append(1), key="card")
    second = tweener.tween(0, 1, 1.0, key="card")
    assert first.cancelled and len(tweener) == 1
    tweener.update(2.0)
    assert done == [] and second.done and not tweener.active
    third = tweener.tween(0, 1, 1.0)
    third.cancel()
    tweener.update(0.1)
    assert not tweener.active


def test_finish_jumps_to_the_end():
    tweener = Tweener()
    tween = tweener.tween(0.0, 5.0, 3.0)
    tweener.finish()
    assert tween.value == 5.0 and not tweener.active
