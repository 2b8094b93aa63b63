"""Randomness that lives inside the game state.

``Rng`` is a tiny, serialisable PCG-style generator (64-bit LCG with an xorshift output).
Everything random in a game goes through it: dice, shuffles, coin flips. Its whole state is
two integers (the LCG's state and its increment, which selects the stream), so cloning and
saving a game costs nothing extra, and a match is reproduced from its seed and action log.

Seeds: ``new_seed()`` draws 128 bits from the operating system (``secrets``); the whole seed
goes into the generator, whatever its size. A seed below 2**64 gives the generator it always
gave (the stream of every reproducible ``--seed N`` game, test and saved match is unchanged);
a larger seed is hashed (BLAKE2b) into both the 64-bit state and the 63-bit stream, so a seed
from ``new_seed()`` leaves 127 bits to guess: never brute-forced from what a seat sees.
``derive_seed`` keeps that width: a wide seed derives wide seeds.

Tests force outcomes with ``Rng.force([...])``: the next ``randint`` calls return those
values (each must be within the requested range) before the generator resumes.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

__all__ = ["SEED_BITS", "Rng", "derive_seed", "new_seed"]

T = TypeVar("T")

SEED_BITS = 128
"""Random bits in a seed from ``new_seed()``."""

_MASK64 = (1 << 64) - 1
_MASK32 = 0xFFFFFFFF
_WIDE = 1 << 64  # seeds from here on are hashed whole into state and stream
_MULT = 6364136223846793005
_INC = 1442695040888963407


def new_seed() -> int:
    """A fresh seed of ``SEED_BITS`` random bits from the operating system (never guessable)."""
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _int_bytes(value: int) -> bytes:
    return value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True)


def _wide_digest(seed: int, label: bytes, parts: Sequence[int | str] = ()) -> bytes:
    h = hashlib.blake2b(digest_size=16, person=label)
    for chunk in (_int_bytes(seed), *(b"i" + _int_bytes(p) if isinstance(p, int) else b"s" + p.encode()
                                      for p in parts)):
        h.update(len(chunk).to_bytes(8, "little"))
        h.update(chunk)
    return h.digest()


def derive_seed(seed: int, *parts: int | str) -> int:
    """A seed derived deterministically from ``seed`` and ``parts`` (e.g. a game index): 63 bits
    for a seed below 2**64 (as always), 128 bits (top bit set) for a wider seed."""
    if seed >= _WIDE:
        return int.from_bytes(_wide_digest(seed, b"starlanes-seed", parts), "little") | (1 << 127)
    x = _splitmix(seed & _MASK64)
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        x = _splitmix(x ^ (value & _MASK64))
    return x >> 1


class Rng(msgspec.Struct, kw_only=True):
    """Seeded generator kept in the game state. ``state`` and ``inc`` are the only real state."""

    state: int
    inc: int = _INC
    forced: list[int] = msgspec.field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator of ``seed``; every bit of a seed of any size changes it."""
        if seed >= _WIDE:
            digest = _wide_digest(seed, b"starlanes-rng")
            return cls(state=int.from_bytes(digest[:8], "little"), inc=int.from_bytes(digest[8:], "little") | 1)
        return cls(state=_splitmix(seed & _MASK64))

    def force(self, values: Sequence[int]) -> None:
        """Make the next ``randint`` calls return ``values`` in order (for tests)."""
        self.forced.extend(values)

    def _next32(self) -> int:
        s = self.state
        self.state = (s * _MULT + self.inc) & _MASK64
        x = (((s >> 18) ^ s) >> 27) & _MASK32
        rot = s >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & _MASK32

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both inclusive), for a range of any size."""
        if self.forced:
            value = self.forced.pop(0)
            if not low <= value <= high:
                raise ValueError(f"forced value {value} outside [{low}, {high}]")
            return value
        span = high - low + 1
        if span <= 0:
            raise ValueError(f"empty range [{low}, {high}]")
        if span > 0x100000000:
            return low + self._below_wide(span)
        # rejection sampling keeps the distribution exactly uniform (the step is inlined: hot path)
        limit = 0x100000000 - 0x100000000 % span
        inc = self.inc
        s = self.state
        while True:
            x = (((s >> 18) ^ s) >> 27) & _MASK32
            rot = s >> 59
            r = ((x >> rot) | (x << ((-rot) & 31))) & _MASK32
            s = (s * _MULT + inc) & _MASK64
            if r < limit:
                self.state = s
                return low + r % span

    def _below_wide(self, span: int) -> int:
        """Uniform in ``[0, span)`` for ``span`` above 2**32: enough 32-bit words for the span's
        bit length, rejection above it (fewer than two tries on average)."""
        bits = (span - 1).bit_length()
        words = (bits + 31) // 32
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self._next32()
            r >>= words * 32 - bits
            if r < span:
                return r

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
        """An independent generator derived from this one's state, stream and ``parts``."""
        key = self.state if self.inc == _INC else self.state | (self.inc << 64)
        return Rng.from_seed(derive_seed(key, *parts))
