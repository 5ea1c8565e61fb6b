"""The game's seeded random generator (design: one generator per game, stored in the state).

SplitMix64: its whole state is one integer, so a clone or a JSON round trip continues the
same sequence. Never Python's global ``random``.
"""

from __future__ import annotations

from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
T = TypeVar("T")

_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (docs/performance.md, "The compiled core"):
then :meth:`Rng.below` works on 32-bit halves (:meth:`Rng._below_halves`)."""
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_HALVES_BELOW: Final = 1 << 30
"""The largest ``n`` (excluded) that :meth:`Rng._below_halves` takes: its products stay below
2**62."""
_SURE_BELOW: Final = _SPAN - _HALVES_BELOW
"""Every draw below this is accepted by :meth:`Rng.below` for ``n <= 2**30`` (its limit,
2**64 - 2**64 % n, is above it)."""


def next_state(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A small seeded generator. Its state (:attr:`state`, a plain int) is kept in two slots,
    ``hi`` and ``lo``, so that the state is ``(hi << 32) | lo``: the compiled core keeps its two
    32-bit halves, which it draws from without making a Python integer (:meth:`_below_halves`);
    the pure core keeps the whole state in ``lo`` (``hi`` is 0), on which it works faster."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int) -> None:
        state = seed & _MASK
        self.hi = state >> 32 if _COMPILED else 0
        self.lo = state & _M32 if _COMPILED else state

    @property
    def state(self) -> int:
        """The whole 64-bit state (what the game stores, a clone or a JSON round trip keeps)."""
        return (self.hi << 32) | self.lo

    @state.setter
    def state(self, value: int) -> None:
        self.hi = value >> 32 if _COMPILED else 0
        self.lo = value & _M32 if _COMPILED else value

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1), by rejection sampling."""
        if n <= 1:
            return 0
        if _COMPILED:
            if n < _HALVES_BELOW:
                return self._below_halves(n)
            state = self.state
            while True:  # (a draw this wide is rare: the search's seeds)
                state, x = next_state(state)
                if x < _SPAN - _SPAN % n:
                    self.state = state
                    return x % n
        state = self.lo  # (the pure core's whole state)
        while True:
            # next_state, written out here: this runs once per decision of a simulation.
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = z ^ (z >> 31)
            # Rejected when x >= 2**64 - 2**64 % n: never below _SURE_BELOW for a small n,
            # so that the limit is worked out only for the rare draw above it.
            if (x < _SURE_BELOW and n <= _HALVES_BELOW) or x < _SPAN - _SPAN % n:
                self.lo = state
                return x % n

    def _below_halves(self, n: int) -> int:
        """:meth:`below` computed on the two 32-bit halves of the state (``hi`` and ``lo``) and
        of each product (the same numbers, 1 < n < 2**30). The compiled core keeps an integer
        below 2**62 in a machine word and makes a Python object of any larger one, for every
        operation: on halves, no step of SplitMix64 makes one, and a draw costs a tenth as
        much there. Pure Python works faster on the whole numbers (fewer operations), so only
        the compiled core takes this way (tests/test_rng.py checks both give the same
        draws)."""
        s_hi = self.hi
        s_lo = self.lo
        w = (1 << 32) % n  # 2**32 mod n
        while True:
            s_lo += 0x7F4A7C15  # + _GAMMA, with the carry into the high half
            s_hi = (s_hi + 0x9E3779B9 + (s_lo >> 32)) & _M32
            s_lo &= _M32
            # z = (s ^ (s >> 30)) * _MIX1
            hi, lo = _times(
                s_hi ^ (s_hi >> 30), s_lo ^ (((s_hi << 2) | (s_lo >> 30)) & _M32),
                0xBF58, 0x476D, 0x1CE4, 0xE5B9,
            )
            # z = (z ^ (z >> 27)) * _MIX2
            hi, lo = _times(
                hi ^ (hi >> 27), lo ^ (((hi << 5) | (lo >> 27)) & _M32),
                0x94D0, 0x49BB, 0x1331, 0x11EB,
            )
            # x = z ^ (z >> 31)
            lo ^= ((hi << 1) | (lo >> 31)) & _M32
            hi ^= hi >> 31
            # x < limit (= 2**64 - 2**64 % n) unless 2**64 - 1 - x < 2**64 % n, which needs
            # every bit of the high half set.
            if hi != _M32 or _M32 - lo >= (w * w) % n:
                self.hi = s_hi
                self.lo = s_lo
                return ((hi % n) * w + lo) % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]


def _times(hi: int, lo: int, b3: int, b2: int, b1: int, b0: int) -> tuple[int, int]:
    """(hi * 2**32 + lo) times the constant whose 16-bit quarters are ``b3 b2 b1 b0``, modulo
    2**64, as its two 32-bit halves (for :meth:`Rng._below_halves`): the number is cut in
    16-bit quarters too, so that every product is of two numbers below 2**16 (the compiled
    core multiplies in a machine word only numbers below 2**30)."""
    a3 = hi >> 16
    a2 = hi & _M16
    a1 = lo >> 16
    a0 = lo & _M16
    low = a0 * b0 + ((a1 * b0 + a0 * b1) << 16)
    high = (
        (low >> 32) + a2 * b0 + a1 * b1 + a0 * b2
        + ((a3 * b0 + a2 * b1 + a1 * b2 + a0 * b3) << 16)
    )
    return high & _M32, low & _M32
