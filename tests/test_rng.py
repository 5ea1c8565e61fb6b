"""The game's generator (rng.py): the compiled core's draw on 32-bit halves gives the same
numbers as the draw on whole integers."""

from __future__ import annotations

import pytest

from rootgame import rng
from rootgame.rng import Rng

_MASK = (1 << 64) - 1


def whole(state: int, n: int) -> tuple[int, int]:
    """One draw below ``n`` on whole integers (SplitMix64, rejection sampling): (state, x)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, x = rng.next_state(state)
        if x < limit:
            return state, x % n


def halves(state: int, n: int) -> tuple[int, int]:
    """One draw by ``Rng._below_halves`` from ``state`` cut in halves, as the compiled core
    keeps it (the pure core keeps the whole state in ``lo``): (state, x)."""
    r = Rng(0)
    r.hi, r.lo = state >> 32, state & 0xFFFFFFFF
    x = r._below_halves(n)
    return (r.hi << 32) | r.lo, x


def state_before_all_ones() -> int:
    """The state whose next output is 2**64 - 1 (SplitMix64's steps undone)."""

    def unshift(x: int, k: int) -> int:  # the inverse of x ^ (x >> k)
        y = x
        for _ in range(64 // k):
            y = x ^ (y >> k)
        return y

    z = unshift(_MASK, 31)
    z = unshift(z * pow(rng._MIX2, -1, 1 << 64) & _MASK, 27)
    s = unshift(z * pow(rng._MIX1, -1, 1 << 64) & _MASK, 30)
    return (s - rng._GAMMA) & _MASK


def test_halves_match_whole_integers() -> None:
    r = Rng(20261205)
    for k in range(20000):
        state = r.below(1 << 62) * 4 + r.below(4)
        n = (2, 3, 5, 7, 10, 31, 54, 100, 1000, 65537, (1 << 30) - 1)[k % 11]
        assert halves(state, n) == whole(state, n), (state, n)


@pytest.mark.parametrize("n", [3, 5, 7, 1000, (1 << 30) - 1])
def test_a_rejected_draw(n: int) -> None:
    """An output of 2**64 - 1 is at or above the limit for these ``n`` (2**64 % n > 0): it is
    drawn again, the same way on halves."""
    state = state_before_all_ones()
    assert rng.next_state(state)[1] == _MASK
    assert halves(state, n) == whole(state, n)
    assert whole(state, n)[0] != rng.next_state(state)[0]


def test_below_is_the_whole_integers_draw() -> None:
    for n in (1, 2, 6, 1 << 30, (1 << 40) + 3):
        r = Rng(99)
        assert [r.below(n) for _ in range(50)] == _draws(99, n, 50)
        assert r.state == _state_after(99, n, 50)


def test_the_state_reads_and_writes_the_whole_integer() -> None:
    """``state`` is the 64-bit integer the game stores, whichever way the core keeps it."""
    assert Rng(-1).state == _MASK
    assert Rng((1 << 64) + 5).state == 5
    r = Rng(0)
    for value in (0, 1, 0xFFFFFFFF, 1 << 32, 0x9E3779B97F4A7C15, _MASK):
        r.state = value
        assert r.state == value
        assert r.below(1000) == whole(value, 1000)[1]
        assert r.state == whole(value, 1000)[0]


def _state_after(state: int, n: int, k: int) -> int:
    for _ in range(k if n > 1 else 0):
        state = whole(state, n)[0]
    return state


def _draws(state: int, n: int, k: int) -> list[int]:
    out: list[int] = []
    for _ in range(k):
        if n <= 1:
            out.append(0)
            continue
        state, x = whole(state, n)
        out.append(x)
    return out
