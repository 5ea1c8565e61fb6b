"""The game's seeded random generator (design: one generator per game, stored in the state).

SplitMix64: its whole state is one integer, so a clone or a JSON round trip continues the
same sequence. Never Python's global ``random``.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
T = TypeVar("T")


def next_state(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A small seeded generator. ``state`` is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1), by rejection sampling."""
        if n <= 1:
            return 0
        limit = _SPAN - _SPAN % n
        state = self.state
        while True:
            # next_state, written out here: this runs once per decision of a simulation.
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]
