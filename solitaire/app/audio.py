"""Sound effects synthesised at start-up, and a mixer wrapper that can always run muted.

No sample files and no numpy: each effect is a few lines of additive synthesis written into a
16-bit ``array``. They are short and quiet on purpose (a card game is played for hours).
``python -m solitaire.app.audio OUTDIR`` writes them as WAV files for listening.
"""

from __future__ import annotations

import logging
import os
import cmath
import math
import random
import sys
import time
import wave
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import accumulate, repeat
from operator import add, mul, rshift, sub
from pathlib import Path

import pygame

from solitaire.app import events

log = logging.getLogger(__name__)

RATE = 44100
SOUND_NAMES = ("pickup", "place", "flip", "deal", "shuffle", "refuse", "win")

_TABLE_BITS = 12
_TABLE = [math.sin(2 * math.pi * i / (1 << _TABLE_BITS)) for i in range(1 << _TABLE_BITS)]
_MASK = (1 << _TABLE_BITS) - 1


def _silence(seconds: float, rate: int) -> list[float]:
    return [0.0] * int(seconds * rate)


def _mix(buf: list[float], sound: list[float], at: float, rate: int, gain: float = 1.0) -> None:
    """Add ``sound`` into ``buf`` starting at ``at`` seconds (clipped to the buffer)."""
    start = int(at * rate)
    end = min(len(buf), start + len(sound))
    if end <= start:
        return
    buf[start:end] = map(add, buf[start:end], map(mul, sound, repeat(gain, end - start)))


def _envelope_attack(out: list[float], attack: float, rate: int) -> list[float]:
    """Linear fade-in over ``attack`` seconds, so no effect starts with a click."""
    attack_n = min(len(out), int(attack * rate))
    for i in range(attack_n):
        out[i] *= i / attack_n
    return out


def _tone(freq: float, seconds: float, rate: int, decay: float, attack: float = 0.004,
          glide_to: float | None = None) -> list[float]:
    """A sine with a short attack and an exponential decay (``decay`` = time constant, s).

    Without a glide the damped sine is a running product of one complex number, which
    ``itertools.accumulate`` computes in C. ``glide_to`` bends the pitch exponentially towards
    another frequency (what makes a low sine sound like a soft knock); that path is a plain loop
    and is used only for very short sounds.
    """
    n = int(seconds * rate)
    r = math.exp(-1.0 / (decay * rate))
    if not glide_to:
        step = cmath.rect(r, 2 * math.pi * freq / rate)
        out = [z.imag for z in accumulate(repeat(step, n - 1), mul, initial=1 + 0j)]
        return _envelope_attack(out, attack, rate)
    size = 1 << _TABLE_BITS
    table, mask = _TABLE, _MASK
    phase, inc, env = 0.0, freq * size / rate, 1.0
    k_inc = (glide_to / freq) ** (1.0 / n)
    out = [0.0] * n
    for i in range(n):
        out[i] = table[int(phase) & mask] * env
        phase += inc
        inc *= k_inc
        env *= r
    return _envelope_attack(out, attack, rate)


def _noise(seconds: float, rate: int, rng: random.Random, decay: float,
           width: int = 1, attack: float = 0.0) -> list[float]:
    """Decaying noise, darkened by a moving average ``width`` samples wide (1 = white).

    Random bytes, prefix sums and ``map`` keep every per-sample step in C.
    """
    n = int(seconds * rate)
    raw = array("b", rng.randbytes(n + width))
    sums = list(accumulate(raw, initial=0))
    boxed = map(sub, sums[width:], sums)
    scale = 1.0 / (128.0 * math.sqrt(width))
    env = accumulate(repeat(math.exp(-1.0 / (decay * rate)), n - 1), mul, initial=scale)
    return _envelope_attack(list(map(mul, boxed, env)), attack, rate)


def _pickup(rate: int, rng: random.Random) -> list[float]:
    buf = _silence(0.09, rate)
    _mix(buf, _noise(0.085, rate, rng, decay=0.022, width=10, attack=0.012), 0.0, rate, 0.9)
    _mix(buf, _tone(2300, 0.012, rate, decay=0.003), 0.0, rate, 0.12)
    return buf


def _place(rate: int, rng: random.Random) -> list[float]:
    buf = _silence(0.12, rate)
    _mix(buf, _tone(190, 0.12, rate, decay=0.028, attack=0.002, glide_to=105), 0.0, rate, 0.75)
    _mix(buf, _noise(0.03, rate, rng, decay=0.006, width=6), 0.0, rate, 0.45)
    return buf


def _flip(rate: int, rng: random.Random) -> list[float]:
    buf = _silence(0.06, rate)
    _mix(buf, _noise(0.04, rate, rng, decay=0.007, width=2, attack=0.001), 0.0, rate, 0.55)
    _mix(buf, _tone(1400, 0.03, rate, decay=0.006, attack=0.001, glide_to=900), 0.004, rate, 0.3)
    return buf


def _click(rate: int, rng: random.Random, width: int) -> list[float]:
    return _noise(0.012, rate, rng, decay=0.0025, width=width, attack=0.0005)


def _deal(rate: int, rng: random.Random) -> list[float]:
    buf = _silence(0.42, rate)
    for i in range(6):
        at = i * 0.062 + rng.uniform(-0.006, 0.006)
        _mix(buf, _noise(0.05, rate, rng, decay=0.012, width=9, attack=0.004), max(0.0, at),
             rate, 0.55)
    return buf


def _shuffle(rate: int, rng: random.Random) -> list[float]:
    """A riffle: clicks that speed up then slow down, quieter at the ends."""
    length = 0.62
    buf = _silence(length, rate)
    count = 46
    for i in range(count):
        x = i / (count - 1)
        at = 0.03 + (length - 0.08) * (0.5 - 0.5 * math.cos(math.pi * x))
        at += rng.uniform(-0.003, 0.003)
        gain = (0.25 + 0.45 * math.sin(math.pi * x)) * rng.uniform(0.6, 1.0)
        _mix(buf, _click(rate, rng, width=rng.randint(2, 4)), max(0.0, at), rate, gain)
    _mix(buf, _noise(0.6, rate, rng, decay=0.25, width=16, attack=0.08), 0.0, rate, 0.12)
    return buf


def _refuse(rate: int, rng: random.Random) -> list[float]:
    buf = _silence(0.28, rate)
    for at, freq in ((0.0, 233.1), (0.12, 196.0)):
        _mix(buf, _tone(freq, 0.13, rate, decay=0.05, attack=0.01), at, rate, 0.5)
        _mix(buf, _tone(freq * 2, 0.1, rate, decay=0.03, attack=0.01), at, rate, 0.12)
    return buf


def _win(rate: int, rng: random.Random) -> list[float]:
    """C major arpeggio up to the octave, bell-like (a sine plus a faster-fading partial)."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    buf = _silence(1.15, rate)
    for i, freq in enumerate(notes):
        at = i * 0.11
        tail = 0.9 if i == len(notes) - 1 else 0.55
        _mix(buf, _tone(freq, tail, rate, decay=tail / 3.2, attack=0.006), at, rate, 0.32)
        _mix(buf, _tone(freq * 2.0, tail * 0.5, rate, decay=tail / 9, attack=0.004), at, rate, 0.08)
    return buf


_VOICES: dict[str, Callable[[int, random.Random], list[float]]] = {
    "pickup": _pickup,
    "place": _place,
    "flip": _flip,
    "deal": _deal,
    "shuffle": _shuffle,
    "refuse": _refuse,
    "win": _win,
}


def _to_pcm(samples: list[float], channels: int, peak: float, double: bool) -> array:
    """Scale to ``peak`` of full scale, fade the last 5 ms, optionally double the sample rate
    (linear interpolation), and interleave the channels."""
    n = len(samples)
    top = max(1e-9, max(map(abs, samples)))
    fade = min(n, 120)
    for i in range(fade):
        samples[n - fade + i] *= 1.0 - (i + 1) / fade
    mono = array("h", map(int, map(mul, samples, repeat(32767 * peak / top, n))))
    frames = [mono]
    if double:
        mid = array("h", map(rshift, map(add, mono, mono[1:] + array("h", [0])), repeat(1, n)))
        frames.append(mid)
    stride = channels * len(frames)
    out = array("h", bytes(2 * n * stride))
    for f, part in enumerate(frames):
        for c in range(channels):
            out[f * channels + c::stride] = part
    return out


#: Relative loudness of each effect, so frequent sounds stay in the background.
LEVELS = {"pickup": 0.35, "place": 0.5, "flip": 0.4, "deal": 0.45, "shuffle": 0.5,
          "refuse": 0.5, "win": 0.6}


def synthesize(rate: int = RATE, channels: int = 1, seed: int = 7) -> dict[str, array]:
    """All effects as interleaved signed 16-bit PCM at ``rate``.

    At 32 kHz and above the effects are computed at half the rate and interpolated up: they
    hold almost nothing above 8 kHz, and it halves the start-up cost.
    """
    rng = random.Random(seed)
    double = rate >= 32000 and rate % 2 == 0
    base = rate // 2 if double else rate
    return {name: _to_pcm(voice(base, rng), channels, LEVELS[name], double)
            for name, voice in _VOICES.items()}


def write_wavs(outdir: str | Path, rate: int = RATE) -> list[Path]:
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, pcm in synthesize(rate, 1).items():
        path = out / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(pcm.tobytes())
        paths.append(path)
    return paths


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Hide what the C audio libraries print while probing for a device (ALSA complains
    loudly when there is none); the outcome is logged instead."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


#: The sound each report makes: a drag's lift and an undo alike sound as cards picked up.
SOUND_OF: dict[type, str] = {
    events.Dealt: "shuffle", events.PickedUp: "pickup", events.PutDown: "place",
    events.Drawn: "deal", events.Recycled: "deal", events.TurnedUp: "flip",
    events.TakenBack: "pickup", events.Refused: "refuse", events.Won: "win",
}


class Audio:
    """Plays the effects by name. Without a mixer (no audio device) every call does nothing.

    An open audio device costs CPU even in silence (SDL mixes and hands it a buffer ~86 times a
    second), so the loop lets it ``rest`` while the table is still and ``wake`` it again on the
    next event: the effects are kept as PCM and made into sounds again on the reopened device.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.pcm: dict[str, bytes] = {}
        self.available = False
        self.synthesis_seconds = 0.0
        if not self._open():
            return
        self.format: tuple[int, int, int] = pygame.mixer.get_init()
        rate, size, channels = self.format
        if size != -16:
            log.debug("mixer format %s is not signed 16-bit, running muted", size)
            return
        self.available = True  # the effects are made when first wanted (``prepare``)

    def prepare(self) -> None:
        """Make the effects now if they are not made yet: the loop asks as it first goes idle, so
        the first frame does not wait for them (~50 ms of synthesis, issue 33 item 9); a sound
        wanted before that (the deal's) makes them then."""
        if self.available and not self.pcm:
            rate, _, channels = self.format
            started = time.perf_counter()
            self.pcm = {name: data.tobytes() for name, data in synthesize(rate, channels).items()}
            self.synthesis_seconds = time.perf_counter() - started
            if pygame.mixer.get_init():
                self._load()

    @staticmethod
    def _open() -> bool:
        """Open the audio device (unless already open); False when there is none."""
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        except (pygame.error, TypeError) as exc:
            log.debug("no audio device, running muted: %s", exc)
            return False
        return True

    def _load(self) -> None:
        self.sounds = {name: pygame.mixer.Sound(buffer=data) for name, data in self.pcm.items()}
        self._apply_volume()

    @property
    def awake(self) -> bool:
        """The audio device is open (or there is none to close)."""
        return not self.available or bool(pygame.mixer.get_init())

    def rest(self) -> None:
        """Close the audio device, unless a sound still plays; ``wake`` or ``play`` reopen it."""
        if self.available and pygame.mixer.get_init() and not pygame.mixer.get_busy():
            self.sounds = {}
            pygame.mixer.quit()

    def wake(self) -> None:
        """Reopen the audio device closed by ``rest`` (with the same format: the PCM fits it)."""
        if self.awake:
            return
        if self._open() and pygame.mixer.get_init() == self.format:
            self._load()
        else:
            log.debug("the audio device did not reopen: running muted")
            self.available = False

    def _apply_volume(self) -> None:
        level = 0.0 if self.muted else self.volume
        for sound in self.sounds.values():
            sound.set_volume(level)

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; sound just switched on plays a sample, so the player hears the level."""
        unmuted = self.muted and not muted
        self.muted = muted
        self._apply_volume()
        if unmuted:
            self.play("flip")

    def listen(self, reports: events.Events) -> None:
        """Make the sounds of what the table reports."""
        reports.subscribe(self.hear)

    def hear(self, event: events.Event) -> None:
        self.play(SOUND_OF[type(event)])

    def play(self, name: str) -> None:
        if self.muted or not self.available or self.volume <= 0:
            return
        self.wake()
        self.prepare()
        sound = self.sounds.get(name)
        if sound is not None:
            sound.play()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m solitaire.app.audio OUTDIR", file=sys.stderr)
        return 2
    started = time.perf_counter()
    synthesize(RATE, 2)
    print(f"synthesis (stereo, {RATE} Hz): {1000 * (time.perf_counter() - started):.1f} ms")
    for path in write_wavs(argv[0]):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
