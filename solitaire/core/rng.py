"""The project's own random generator, so a deal code means the same cards forever (G-2).

Python's ``random`` may change between versions; this never does. The generator is SplitMix64
(Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):

    state += 0x9E3779B97F4A7C15
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)                       (all arithmetic modulo 2**64)

The shuffle is Fisher–Yates from the last position down; ``below(n)`` draws an unbiased integer
in [0, n) by rejecting the top sliver of the 64-bit range that ``% n`` would favour. A deal is
seeded with its deal number alone, so games of the same decks hold the same cards at deal N
(Thoughtful is Klondike dealt face up, TF-1); a game of two decks shuffles its 104 cards.
Golden tests in tests/core/test_rng.py pin the outputs.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(cards: list[int], seed: int) -> list[int]:
    """A new list: ``cards`` shuffled by Fisher–Yates driven by SplitMix64(seed)."""
    rng = SplitMix64(seed)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
