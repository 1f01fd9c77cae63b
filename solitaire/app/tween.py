"""Tweens: values that move from A to B over time, eased by pytweening functions.

Time is passed in (``update(dt)``), never read from a clock, so animation is exact and testable
by hand. A tween animates a float or a tuple of floats (a 2D position, a colour). ``update``
returns the part of ``dt`` it did not need, so a caller chaining tweens keeps them on time
whatever the step size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Union

import pytweening

Value = Union[float, tuple[float, ...]]
Easing = Callable[[float], float]

EASINGS: dict[str, Easing] = {
    "linear": pytweening.linear,
    "in_quad": pytweening.easeInQuad,
    "out_quad": pytweening.easeOutQuad,
    "in_out_quad": pytweening.easeInOutQuad,
    "in_cubic": pytweening.easeInCubic,
    "out_cubic": pytweening.easeOutCubic,
    "in_out_cubic": pytweening.easeInOutCubic,
    "out_quart": pytweening.easeOutQuart,
    "in_out_sine": pytweening.easeInOutSine,
    "out_back": pytweening.easeOutBack,
    "out_elastic": pytweening.easeOutElastic,
    "out_bounce": pytweening.easeOutBounce,
}


def _ease(ease: str | Easing) -> Easing:
    return EASINGS[ease] if isinstance(ease, str) else ease


def lerp(start: Value, end: Value, k: float) -> Value:
    """Linear interpolation of floats or equal-length tuples (k may overshoot for easeOutBack)."""
    if isinstance(start, tuple):
        return tuple(a + (b - a) * k for a, b in zip(start, end))  # type: ignore[arg-type]
    return start + (end - start) * k  # type: ignore[operator]


class Tween:
    """One value eased from ``start`` to ``end`` in ``duration`` seconds after ``delay``.

    ``on_update(value)`` runs on every update (use it to move a sprite); ``on_complete()`` runs
    once, at the end, with the final value already set exactly to ``end``.
    """

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        ease: str | Easing = "out_cubic",
        *,
        delay: float = 0.0,
        on_update: Callable[[Value], None] | None = None,
        on_complete: Callable[[], None] | None = None,
        key: object = None,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.ease = _ease(ease)
        self.delay = max(0.0, delay)
        self.on_update = on_update
        self.on_complete = on_complete
        self.key = key
        self.elapsed = 0.0
        self.value: Value = start
        self.done = False
        self.cancelled = False

    @property
    def active(self) -> bool:
        return not self.done

    def cancel(self) -> None:
        """Stop where it is; no completion callback runs."""
        self.cancelled = True
        self.done = True

    @property
    def progress(self) -> float:
        """Linear progress 0..1 of the tween itself (the delay not counted)."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        total = self.delay + self.duration
        if self.elapsed >= total:
            self.value = self.end
            self.done = True
            if self.on_update:
                self.on_update(self.value)
            if self.on_complete:
                self.on_complete()
            return self.elapsed - total
        if self.elapsed >= self.delay:
            self.value = lerp(self.start, self.end, self.ease(self.progress))
            if self.on_update:
                self.on_update(self.value)
        return 0.0

    def value_at(self, alpha: float, step: float) -> Value:
        """The value ``alpha`` of a step later, for drawing between fixed updates."""
        if self.done or self.duration == 0:
            return self.value
        k = min(1.0, max(0.0, (self.elapsed + alpha * step - self.delay) / self.duration))
        return lerp(self.start, self.end, self.ease(k))


class Tweener:
    """Owns the running animations of a scene.

    Adding an animation with a ``key`` cancels the running one with the same key, so a card
    that is sent somewhere else mid-flight simply turns towards its new place.
    """

    def __init__(self) -> None:
        self._running: list[Tween] = []

    def add(self, animation: Tween) -> Tween:
        if animation.key is not None:
            self.cancel(animation.key)
        self._running.append(animation)
        return animation

    def tween(self, start: Value, end: Value, duration: float, ease: str | Easing = "out_cubic",
              **kwargs: object) -> Tween:
        """Shortcut for ``add(Tween(...))``."""
        tween = Tween(start, end, duration, ease, **kwargs)  # type: ignore[arg-type]
        self.add(tween)
        return tween

    def cancel(self, key: object) -> None:
        """Cancel the animations with this key."""
        for animation in self._running:
            if animation.key == key:
                animation.cancel()
        self._running = [a for a in self._running if not a.done]

    def cancel_all(self) -> None:
        for animation in self._running:
            animation.cancel()
        self._running.clear()

    def finish(self) -> None:
        """Jump every animation to its end, running the callbacks (e.g. when covered)."""
        for _ in range(100):
            if not self._running:
                return
            self.update(1e6)

    def update(self, dt: float) -> None:
        # Callbacks may add animations; those start on the next update.
        for animation in list(self._running):
            animation.update(dt)
        self._running = [a for a in self._running if not a.done]

    @property
    def active(self) -> bool:
        """True while anything is moving: the loop keeps drawing frames."""
        return bool(self._running)

    def __len__(self) -> int:
        return len(self._running)
