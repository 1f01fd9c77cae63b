"""The game loop: fixed-step logic, one draw per displayed frame, and sleep when idle.

Logic advances in fixed steps (``step`` seconds) taken from an accumulator of real time; the
time of one frame is capped (``max_frame``) so a stall never turns into a burst of catch-up
steps. ``draw`` gets ``alpha`` = the fraction of a step left in the accumulator, to place moving
things between two logic states.

When the top scene says nothing moves (``wants_frames()`` is False) the loop sleeps on the
event queue (``wait_for_event``) until an event arrives or until the scene's ``next_wake()`` (a clock
that shows seconds). The time slept is then given to the scene in a single ``update`` call —
an idle scene has nothing to integrate, only clocks to advance — and the fixed steps resume.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from solitaire.app.scene import App

log = logging.getLogger(__name__)


IDLE_POLL = 1 / 30  # seconds between looks at the event queue while idle


def wait_for_event(timeout: int | None = None) -> pygame.event.Event:
    """``pygame.event.wait`` without its cost: pygame-ce's wait looks at the queue every
    millisecond (measured: ~2.5 % of a core on X11 while nothing happens). Sleeping a frame's
    time between looks costs ~0.1 % and delays the first input after an idle spell by at most
    one frame. ``timeout`` in milliseconds; NOEVENT when it passes.
    """
    deadline = None if timeout is None else time.perf_counter() + timeout / 1000
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return event
        pause = IDLE_POLL
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return event
            pause = min(pause, left)
        time.sleep(pause)


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
        if wake is None:
            first = self.wait_event()
        else:
            first = self.wait_event(max(1, int(wake * 1000)))
        slept = self.now() - started
        self.stats.idle_waits += 1
        self.stats.idle_seconds += slept
        app.stack.update(slept)
        self.accumulator = 0.0
        self.clock.tick()  # the next frame's time starts now, not before the wait
        events = [] if first.type == pygame.NOEVENT else [first]
        return events + list(self.get_events())

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
                app.dispatch(event)
                if not app.running:
                    break
            pending = []
            if not app.running or not len(app.stack):
                break
            self.advance(app, frame_time)
            surface = app.display.surface
            app.stack.draw(surface, self.alpha)
            app.display.flip(app.stack.wake_area() if timed_wake else None)
            timed_wake = False
            self.stats.frames += 1
            if max_frames is not None and self.stats.frames >= max_frames:
                break
            if max_frames is None and not app.stack.wants_frames():
                pending = self.wait_idle(app)
                timed_wake = not pending
        if screenshot:
            app.display.screenshot(screenshot)
        return self.stats.frames
