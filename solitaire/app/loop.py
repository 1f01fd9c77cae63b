"""The game loop: fixed-step logic, one draw per displayed frame, and sleep when idle.

Logic advances in fixed steps (``step`` seconds) taken from an accumulator of real time; the
time of one frame is capped (``max_frame``) so a stall never turns into a burst of catch-up
steps. ``draw`` gets ``alpha`` = the fraction of a step left in the accumulator, to place moving
things between two logic states.

When the top scene says nothing moves (``wants_frames()`` is False) the loop sleeps on the
event queue (``wait_for_event``) until an event arrives or until the scene's ``next_wake()`` (a clock
that shows seconds). The time slept is then given to the scene in a single ``update`` call —
an idle scene has nothing to integrate, only clocks to advance — and the fixed steps resume.

A still table must cost nothing (issue 22: 0.5-0.9 % of a core, against Aisleriot's 0 %): under
X11 the idle wait sleeps on the X server's connection instead of looking at the queue 30 times
a second, and once the table has been quiet for ``AUDIO_REST`` seconds the audio device is
closed (it mixes silence ~86 times a second while open); the first event after reopens it.
"""

from __future__ import annotations

import logging
import select
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from solitaire.app import native
from solitaire.app.scene import App

log = logging.getLogger(__name__)


IDLE_POLL = 1 / 30  # seconds between looks at the event queue while idle (no X connection)
IDLE_CHECK = 0.5
"""Seconds between looks at the queue while sleeping on the X connection: for what does not come
through it (a timer's event, SDL's quit on SIGTERM, a device plugged in)."""
AUDIO_REST = 1.5  # seconds of a quiet table after which the audio device is closed


def wait_for_event(timeout: int | None = None) -> pygame.event.Event:
    """``pygame.event.wait`` without its cost: pygame-ce's wait looks at the queue every
    millisecond (measured: ~2.5 % of a core on X11 while nothing happens). Under X11 this
    sleeps until the X server sends something (input, exposure, a resize): ~0.03 % of a core,
    and the first input after an idle spell is seen at once. Elsewhere it sleeps a frame's time
    between looks (~0.2 %; the first input waits at most one frame). ``timeout`` in
    milliseconds; NOEVENT when it passes.
    """
    deadline = None if timeout is None else time.perf_counter() + timeout / 1000
    connection = native.x_connection()
    while True:
        event = pygame.event.poll()  # reads all the X server has sent: nothing waits unread
        if event.type != pygame.NOEVENT:
            return event
        pause = IDLE_POLL if connection is None else IDLE_CHECK
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return event
            pause = min(pause, left)
        if connection is None:
            time.sleep(pause)
        else:
            select.select([connection], [], [], pause)


class Ticker(Protocol):
    def tick(self, framerate: float = 0) -> int: ...


@dataclass
class LoopStats:
    frames: int = 0
    steps: int = 0
    idle_waits: int = 0
    idle_seconds: float = 0.0


@dataclass
class Loop:
    """Runs an :class:`App` until it quits or ``max_frames`` frames have been drawn.

    ``fixed_frame_time`` replaces measured time by a constant (smoke runs and screenshots are
    then deterministic and do not sleep). ``clock``, ``wait_event``, ``get_events`` and ``now``
    are the pygame/time functions, replaceable in tests.
    """

    step: float = 1 / 120
    max_frame: float = 0.25
    fps: int = 60
    fixed_frame_time: float | None = None
    clock: Ticker = field(default_factory=pygame.time.Clock)
    wait_event: Callable[..., pygame.event.Event] = wait_for_event
    get_events: Callable[[], list[pygame.event.Event]] = pygame.event.get
    now: Callable[[], float] = time.perf_counter
    accumulator: float = 0.0
    stats: LoopStats = field(default_factory=LoopStats)
    #: When the table last became still (after input or motion); timed wakes of a clock do not
    #: count as motion. The audio device rests ``AUDIO_REST`` seconds after.
    quiet_since: float = 0.0

    def advance(self, app: App, frame_time: float) -> int:
        """Add one frame's time and run the fixed steps it pays for; returns their count."""
        self.accumulator += min(max(frame_time, 0.0), self.max_frame)
        steps = 0
        while self.accumulator >= self.step and app.running:
            app.stack.update(self.step)
            self.accumulator -= self.step
            steps += 1
        self.stats.steps += steps
        return steps

    @property
    def alpha(self) -> float:
        return min(1.0, self.accumulator / self.step)

    def wait_idle(self, app: App) -> list[pygame.event.Event]:
        """Sleep on the event queue; give the slept time to the scene; return the events."""
        wake = app.stack.next_wake()
        started = self.now()
        first = self._sleep(app, wake)
        slept = self.now() - started
        self.stats.idle_waits += 1
        self.stats.idle_seconds += slept
        app.stack.update(slept)
        self.accumulator = 0.0
        self.clock.tick()  # the next frame's time starts now, not before the wait
        events = [] if first.type == pygame.NOEVENT else [first]
        events += self.get_events()
        if events:
            app.audio.wake()  # before the events are handled: the sound they make is not late
        return events

    def _wait(self, seconds: float | None) -> pygame.event.Event:
        return self.wait_event() if seconds is None else self.wait_event(max(1, int(seconds * 1000)))

    def _sleep(self, app: App, wake: float | None) -> pygame.event.Event:
        """Wait for an event or ``wake`` seconds; the audio device is closed on the way once
        the table has been quiet for ``AUDIO_REST`` seconds."""
        now = self.now()
        rest_in = self.quiet_since + AUDIO_REST - now
        if not app.audio.awake or (wake is not None and wake <= rest_in):
            return self._wait(wake)
        first = self._wait(max(0.0, rest_in))
        if first.type != pygame.NOEVENT:
            return first
        app.audio.rest()
        if wake is None:
            return self._wait(None)
        left = wake - (self.now() - now)
        return self._wait(left) if left > 0 else first

    def run(self, app: App, max_frames: int | None = None, screenshot: str | None = None) -> int:
        """Run frames until the app quits (or ``max_frames``); returns the number drawn."""
        pending: list[pygame.event.Event] = []
        timed_wake = False  # the last idle wait ended on the scene's clock, not on input
        self.clock.tick()
        while app.running:
            if self.fixed_frame_time is not None:
                frame_time = self.fixed_frame_time
            else:
                frame_time = self.clock.tick(self.fps) / 1000.0
            for event in pending + list(self.get_events()):
                if app.overlay.take(event):  # the speech's notice (issue 36): the scenes never see it
                    continue
                app.dispatch(event)
                if not app.running:
                    break
            pending = []
            if not app.running or not len(app.stack):
                break
            self.advance(app, frame_time)
            app.overlay.update(frame_time)
            surface = app.display.surface
            app.stack.draw(surface, self.alpha)
            app.overlay.draw(surface, app.text)
            app.display.flip(app.stack.wake_area() if timed_wake else None)
            self.stats.frames += 1
            if max_frames is not None and self.stats.frames >= max_frames:
                break
            if max_frames is None and not app.stack.wants_frames() and not app.overlay.showing:
                if not timed_wake:
                    self.quiet_since = self.now()
                app.audio.prepare()
                app.tidy()
                pending = self.wait_idle(app)
                timed_wake = not pending
            else:
                timed_wake = False
        if screenshot:
            app.display.screenshot(screenshot)
        return self.stats.frames
