import pygame
import pytest

from solitaire.app.loop import Loop
from solitaire.app.speech_notice import Overlay
from solitaire.app.scene import Scene, SceneStack


class FakeClock:
    def __init__(self, frame_ms):
        self.frame_ms = list(frame_ms)
        self.calls = []

    def tick(self, fps=0):
        self.calls.append(fps)
        return self.frame_ms.pop(0) if fps and self.frame_ms else 0


class FakeDisplay:
    surface = None
    shots = []

    def __init__(self):
        self.flipped = []

    def flip(self, area=None):
        self.flipped.append(area)

    def screenshot(self, path):
        self.shots.append(path)


class FakeAudio:
    """An audio device that is open (``awake``) until the loop lets it rest."""

    def __init__(self):
        self.awake = True
        self.calls = []
        self.prepared = 0

    def prepare(self):
        self.prepared += 1

    def rest(self):
        self.awake = False
        self.calls.append("rest")

    def wake(self):
        self.awake = True
        self.calls.append("wake")


class FakeApp:
    def __init__(self, scene):
        self.stack = SceneStack()
        self.stack.push(scene)
        self.display = FakeDisplay()
        self.audio = FakeAudio()
        self.running = True
        self.events = []
        self.tidied = 0
        self.overlay = Overlay()
        self.text = None

    def tidy(self):
        self.tidied += 1

    def dispatch(self, event):
        self.events.append(event)
        if event.type == pygame.QUIT:
            self.running = False


class Counting(Scene):
    def __init__(self, busy=True, wake=None):
        super().__init__(app=None)
        self.busy, self.wake = busy, wake
        self.dts, self.alphas = [], []

    def update(self, dt):
        self.dts.append(dt)

    def draw(self, surface, alpha):
        self.alphas.append(alpha)

    def wants_frames(self):
        return self.busy

    def next_wake(self):
        return self.wake


def test_fixed_steps_counted_from_frame_times():
    scene = Counting()
    loop = Loop(step=0.01, max_frame=0.25)
    app = FakeApp(scene)
    assert loop.advance(app, 0.025) == 2
    assert loop.alpha == pytest.approx(0.5)
    assert loop.advance(app, 0.005) == 1
    assert loop.accumulator == pytest.approx(0.0, abs=1e-9)
    assert scene.dts == [0.01] * 3


def test_frame_time_cap_limits_catch_up():
    scene = Counting()
    loop = Loop(step=1 / 128, max_frame=0.25)
    assert loop.advance(FakeApp(scene), 3.0) == 32


def test_run_uses_clock_tick_with_fps_and_draws_once_per_frame():
    scene = Counting()
    clock = FakeClock([16, 17, 16])
    loop = Loop(step=1 / 120, fps=60, clock=clock, get_events=lambda: [])
    app = FakeApp(scene)
    assert loop.run(app, max_frames=3, screenshot="x.png") == 3
    assert clock.calls.count(60) == 3
    assert len(scene.alphas) == 3 and all(0 <= a <= 1 for a in scene.alphas)
    assert app.display.shots[-1] == "x.png"
    assert loop.stats.steps == 5  # 49 ms of 8.33 ms steps


def test_idle_scene_blocks_on_event_wait_with_the_wake_timeout():
    scene = Counting(busy=False, wake=1.0)
    waits = []

    def wait_event(timeout=None):
        waits.append(timeout)
        if len(waits) == 1:
            return pygame.event.Event(pygame.NOEVENT)
        return pygame.event.Event(pygame.QUIT)

    loop = Loop(clock=FakeClock([16] * 5), wait_event=wait_event, get_events=lambda: [],
                now=lambda: float(len(waits)))  # each wait takes a second
    app = FakeApp(scene)
    app.audio.awake = False  # the audio device already rests: nothing else to wait for
    loop.run(app)
    assert waits == [1000, 1000]
    assert loop.stats.idle_waits == 2
    assert app.tidied == 2  # memory given back before each sleep (``App.tidy`` decides if any)
    assert app.audio.prepared == 2  # the sounds made while idle, not before the first frame
    assert 1.0 in scene.dts  # the slept second reaches the scene in one update
    assert app.events[-1].type == pygame.QUIT


def test_busy_scene_never_waits():
    scene = Counting(busy=True)

    def wait_event(timeout=None):
        raise AssertionError("a busy scene must not block")

    loop = Loop(clock=FakeClock([16] * 10), wait_event=wait_event, get_events=lambda: [])
    app = FakeApp(scene)
    scene.draw = lambda surface, alpha: setattr(app, "running", len(scene.dts) < 6)
    loop.run(app)
    assert app.tidied == 0  # never while frames are wanted
    assert loop.stats.idle_waits == 0


def test_a_clock_wake_sends_only_the_scenes_wake_area_to_the_display():
    area = pygame.Rect(0, 0, 100, 20)
    scene = Counting(busy=False, wake=1.0)
    scene.wake_area = lambda: area
    waits = []

    def wait_event(timeout=None):
        waits.append(timeout)
        return pygame.event.Event(pygame.NOEVENT if len(waits) == 1 else pygame.QUIT)

    loop = Loop(clock=FakeClock([16] * 5), wait_event=wait_event, get_events=lambda: [],
                now=lambda: float(len(waits)))
    app = FakeApp(scene)
    app.audio.awake = False
    loop.run(app)
    assert app.display.flipped == [None, area]  # the first frame whole, the clock's frame a strip


def test_waiting_sleeps_between_looks_at_the_queue(monkeypatch):
    from solitaire.app import loop as loop_module

    looks, sleeps = [], []
    monkeypatch.setattr(loop_module.pygame.event, "poll",
                        lambda: looks.append(1) or pygame.event.Event(pygame.NOEVENT if len(looks) < 4 else pygame.KEYDOWN))
    monkeypatch.setattr(loop_module.time, "sleep", sleeps.append)
    event = loop_module.wait_for_event()
    assert event.type == pygame.KEYDOWN and len(looks) == 4
    assert sleeps == [loop_module.IDLE_POLL] * 3


def test_a_still_table_lets_the_audio_device_rest_and_the_next_event_wakes_it():
    """Issue 22: an open device mixes silence ~86 times a second; a still table closes it after
    AUDIO_REST seconds and sleeps on; the event that ends the wait reopens it."""
    from solitaire.app.loop import AUDIO_REST

    scene = Counting(busy=False)
    waits = []

    def wait_event(timeout=None):
        waits.append(timeout)
        return pygame.event.Event(pygame.NOEVENT if len(waits) == 1 else pygame.QUIT)

    loop = Loop(clock=FakeClock([16] * 5), wait_event=wait_event, get_events=lambda: [],
                now=lambda: float(len(waits)) * AUDIO_REST)
    app = FakeApp(scene)
    loop.run(app)
    assert waits == [int(AUDIO_REST * 1000), None]
    assert app.audio.calls == ["rest", "wake"] and app.audio.awake


def test_a_ticking_clock_does_not_keep_the_audio_device_open():
    """Frames drawn for a clock are not motion: the device rests all the same."""
    scene = Counting(busy=False, wake=1.0)
    waits = []
    clock_time = [0.0]

    def wait_event(timeout=None):
        waits.append(timeout)
        clock_time[0] += (timeout or 1000) / 1000
        return pygame.event.Event(pygame.NOEVENT if len(waits) < 4 else pygame.QUIT)

    loop = Loop(clock=FakeClock([16] * 9), wait_event=wait_event, get_events=lambda: [],
                now=lambda: clock_time[0])
    app = FakeApp(scene)
    loop.run(app)
    assert waits == [1000, 500, 500, 1000]  # a second, then rest at 1.5 s and the second's end
    assert app.audio.calls == ["rest", "wake"]


def test_under_x11_the_wait_sleeps_on_the_x_connection(monkeypatch):
    """Issue 22: no look at the queue 30 times a second; the X server wakes the game."""
    from solitaire.app import loop as loop_module

    looks, selects = [], []
    monkeypatch.setattr(loop_module.native, "x_connection", lambda: 7)
    monkeypatch.setattr(loop_module.pygame.event, "poll",
                        lambda: looks.append(1) or pygame.event.Event(pygame.NOEVENT if len(looks) < 3 else pygame.KEYDOWN))
    monkeypatch.setattr(loop_module.select, "select", lambda r, w, x, t: selects.append((r, t)) or (r, [], []))
    monkeypatch.setattr(loop_module.time, "sleep", lambda seconds: pytest.fail("polled instead of sleeping on X"))
    assert loop_module.wait_for_event().type == pygame.KEYDOWN
    assert selects == [([7], loop_module.IDLE_CHECK)] * 2
