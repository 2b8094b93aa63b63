"""Randomness that lives inside the game state.

``Rng`` is a tiny, serialisable PCG-style generator (64-bit LCG with an xorshift output).
Everything random in a game goes through it: dice, shuffles, coin flips. Its whole state is
one integer, so cloning and saving a game costs nothing extra, and a match is reproduced
from its seed and action log.

Tests force outcomes with ``Rng.force([...])``: the next ``randint`` calls return those
values (each must be within the requested range) before the generator resumes.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

__all__ = ["Rng", "derive_seed"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed derived deterministically from ``seed`` and ``parts`` (e.g. a game index)."""
    x = _splitmix(seed & _MASK64)
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        x = _splitmix(x ^ (value & _MASK64))
    return x >> 1


class Rng(msgspec.Struct, kw_only=True):
    """Seeded generator kept in the game state. ``state`` is the only real state."""

    state: int
    forced: list[int] = msgspec.field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=_splitmix(seed & _MASK64))

    def force(self, values: Sequence[int]) -> None:
        """Make the next ``randint`` calls return ``values`` in order (for tests)."""
        self.forced.extend(values)

    def _next32(self) -> int:
        s = self.state
        self.state = (s * _MULT + _INC) & _MASK64
        x = ((s >> 18) ^ s) >> 27
        rot = s >> 59
        x &= 0xFFFFFFFF
        return ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both inclusive)."""
        if self.forced:
            value = self.forced.pop(0)
            if not low <= value <= high:
                raise ValueError(f"forced value {value} outside [{low}, {high}]")
            return value
        span = high - low + 1
        if span <= 0:
            raise ValueError(f"empty range [{low}, {high}]")
        # rejection sampling keeps the distribution exactly uniform
        limit = (1 << 32) - ((1 << 32) % span)
        r = self._next32()
        while r >= limit:
            r = self._next32()
        return low + r % span

    def die(self, sides: int = 6) -> int:
        """One roll of a ``sides``-sided die, 1..sides."""
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` rolls of a ``sides``-sided die."""
        return [self.randint(1, sides) for _ in range(count)]

    def random(self) -> float:
        """A float in [0, 1) (not affected by ``force``)."""
        return ((self._next32() << 21) ^ (self._next32() >> 11)) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def coin(self) -> bool:
        return self.randint(0, 1) == 1

    def fork(self, *parts: int | str) -> Rng:
        """An independent generator derived from this one's state and ``parts``."""
        return Rng.from_seed(derive_seed(self.state, *parts))
