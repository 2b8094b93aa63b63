"""A fixed, dense integer index of a game's actions, for a ``Discrete`` action space with masks.

A game's actions have typed fields (names, card numbers, counts) whose values depend on the
content and on the state, so no finite list of "every action" can be read off the types. The
index used here is fixed in *size* and stable in *meaning* without such a list:

* the index is cut into one **block per action type** (in the order of ``action_types``): a type
  without fields (``end``, ``pass``) has a block of one slot; any other type a block sized from
  play (``calibrated_blocks``: four times the most legal actions of that verb seen in one state
  of a few seeded random games, a power of two, at least 64), or as the caller says
  (``block=1024`` for all, ``blocks={"move": 4096}`` for one verb); after the blocks comes a
  shared **spill** region (``spill`` slots; the env's default is half the largest block, at
  least 1024);
* a legal action's **home slot** in its type's block comes from a stable hash of its field
  values (``action_hash``: integers mixed in as numbers, other values through
  ``crc32(msgpack)``), the same in every state, process and machine;
* in one state, the first legal action (in the order of the legal list) whose home slot is free
  takes it; the actions whose home was taken probe the next slots of their block, round by
  round (all at once, in list order); an action whose block is full goes to the spill region.

So ``assign(legal)`` is a bijection between a state's legal actions and the set slots of its
mask; the verb is told by the block (apart from the rare spilled action), and an action keeps its
slot from state to state unless it collided in that state. Only a state with more actions beyond
their blocks than the spill region holds raises ``ActionSpaceOverflow`` (naming the verbs and the
option to raise); nothing is dropped silently.

Templates (``ActionTemplate`` with integer ranges) are hashed with NumPy over their ranges
without building their actions, so a state with tens of thousands of legal actions (risky-stars'
moves) costs milliseconds.

A game may give a tighter index of its own: a ruleset method ``rl_action_index(params,
players)`` returning an object with this module's ``ActionIndex`` protocol (or ``None``: the
game declares it cannot have a fixed action space, and ``starlanes.rl.env`` refuses it with
``NoFixedActionSpace``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, Protocol, runtime_checkable

import msgspec
import numpy as np
import numpy.typing as npt

from starlanes.core.actions import Action
from starlanes.core.decision import Withdraw
from starlanes.core.errors import StarlanesError
from starlanes.core.gm import Close
from starlanes.core.legal import ActionTemplate, LegalActions
from starlanes.core.params import Params
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import GM

__all__ = [
    "CALIBRATION",
    "DEFAULT_SPILL",
    "ActionIndex",
    "ActionSpaceOverflow",
    "HashedActionIndex",
    "NoFixedActionSpace",
    "Slots",
    "action_hash",
    "calibrated_blocks",
    "head_hash",
    "legal_counts",
]

DEFAULT_SPILL = 1024
CALIBRATION = {"games": 2, "max_actions": 300, "margin": 4, "min_block": 64}
"""Calibration: ``games`` random games of at most ``max_actions`` actions (seeds 0, 1, ..);
a verb's block is ``margin`` times its most legal actions in one state, at least ``min_block``."""

Slots = npt.NDArray[np.int64]

_MASK = (1 << 64) - 1
_PRIME = 0x100000001B3  # FNV-1a's 64-bit prime
_MIX = 0x9E3779B97F4A7C15
_NOT_INT = 1 << 40  # marks a hashed non-integer value, so "7" and 7 differ
_ROUNDS = 16  # probing rounds done for all at once; the rare rest probe one by one
_SMALL = 512  # lists up to this long are placed in plain Python (NumPy's overhead dominates)
_HASHES: dict[Action, int] = {}  # action -> action_hash: the same actions come back state after state
_TEMPLATES: dict[Any, npt.NDArray[np.uint64]] = {}
_CACHE_LIMIT = 200_000


class ActionSpaceOverflow(StarlanesError):
    """A state has more legal actions beyond their blocks than the spill region holds."""


class NoFixedActionSpace(StarlanesError):
    """The game declares (``rl_action_index`` returning ``None``) that it has no fixed action space."""


@runtime_checkable
class ActionIndex(Protocol):
    """A fixed-size index of a game's actions.

    ``size`` is the number of slots (the ``Discrete`` space); ``assign(legal)`` gives each legal
    action of one state its own slot in ``range(size)``, in the order of the list (distinct
    slots: the env decodes a slot back to its action through this assignment); ``label(slot)``
    says what a slot stands for (for people reading a policy)."""

    @property
    def size(self) -> int: ...

    def assign(self, legal: LegalActions) -> Sequence[int] | Slots: ...

    def label(self, slot: int) -> str: ...


_encode = msgspec.msgpack.Encoder().encode


def _value(v: Any) -> int:
    if type(v) is int:
        return v & _MASK
    return zlib.crc32(_encode(v)) | _NOT_INT


def _finish(h: int) -> int:
    h ^= h >> 29
    h = (h * _MIX) & _MASK
    return h ^ (h >> 32)


@cache
def _names(cls: type[Action]) -> tuple[str, ...]:
    return tuple(f.name for f in msgspec.structs.fields(cls))


@cache
def _seed(cls: type[Action]) -> int:
    return zlib.crc32(cls.verb.encode())


def action_hash(action: Action) -> int:
    """The 64-bit hash behind an action's home slot: its verb, then each field in declaration
    order, mixed FNV-style (integers as numbers, anything else as ``crc32`` of its msgpack)."""
    h = _seed(type(action))
    for name in _names(type(action)):
        h = ((h ^ _value(getattr(action, name))) * _PRIME) & _MASK
    return _finish(h)


_OPEN = 1 << 41  # marks a field left open in a template's head


def head_hash(item: ActionTemplate) -> int:
    """The hash of a template's head: its verb and fixed fields like ``action_hash``, each ranged
    field as "open" (so a head never equals one of its actions)."""
    h = _seed(item.cls)
    ranged = dict(item.ranged)
    first = item[0]
    for name in _names(item.cls):
        x = (_OPEN | zlib.crc32(name.encode())) if name in ranged else _value(getattr(first, name))
        h = ((h ^ x) * _PRIME) & _MASK
    return _finish(h)


def _template_hashes(item: ActionTemplate) -> npt.NDArray[np.uint64]:
    """``action_hash`` of every action of ``item``, in its order, without building them."""
    n = len(item)
    ranged = dict(item.ranged)
    grids: dict[str, npt.NDArray[np.int64]] = {}
    if ranged:
        axes = [np.arange(r.start, r.stop, r.step, dtype=np.int64) for r in ranged.values()]
        for name, grid in zip(ranged, np.meshgrid(*axes, indexing="ij"), strict=True):
            grids[name] = grid.reshape(-1)
    first = item[0]
    with np.errstate(over="ignore"):
        h = np.full(n, _seed(item.cls), dtype=np.uint64)
        prime = np.uint64(_PRIME)
        for name in _names(item.cls):
            if name in grids:
                h = (h ^ grids[name].view(np.uint64)) * prime
            else:
                h = (h ^ np.uint64(_value(getattr(first, name)))) * prime
        h ^= h >> np.uint64(29)
        h *= np.uint64(_MIX)
        h ^= h >> np.uint64(32)
    return h


def _cached_hash(action: Action) -> int:
    try:
        found = _HASHES.get(action)
    except TypeError:  # a field that cannot be hashed (a list): compute it each time
        return action_hash(action)
    if found is None:
        if len(_HASHES) >= _CACHE_LIMIT:
            _HASHES.clear()
        found = _HASHES[action] = action_hash(action)
    return found


def _cached_template_hashes(item: ActionTemplate) -> npt.NDArray[np.uint64]:
    key = (item.cls, tuple(item.fixed.items()), item.ranged)
    try:
        found = _TEMPLATES.get(key)
    except TypeError:
        return _template_hashes(item)
    if found is None:
        if len(_TEMPLATES) >= _CACHE_LIMIT // 10:
            _TEMPLATES.clear()
        found = _TEMPLATES[key] = _template_hashes(item)
    return found


class HashedActionIndex:
    """The generic index: one block per action type, home slots by a stable hash, a spill
    region (see the module)."""

    def __init__(self, game_id: str, action_types: Iterable[type[Action]], block: int = 1024,
                 blocks: Mapping[str, int] | None = None, spill: int = DEFAULT_SPILL) -> None:
        if block < 1:
            raise StarlanesError(f"rl action index: block must be at least 1, not {block}")
        if spill < 0:
            raise StarlanesError(f"rl action index: spill must be 0 or more, not {spill}")
        types = [t for t in action_types if t is not Withdraw]  # the env never revisits a sealed seat
        verbs = {t.verb: t for t in types}
        sizes = dict(blocks or {})
        for verb, size in sizes.items():
            if verb not in verbs:
                raise StarlanesError(f"rl action index: {game_id} has no action '{verb}' "
                                     f"(blocks=...); its actions: {', '.join(verbs)}")
            if size < 1:
                raise StarlanesError(f"rl action index: block of '{verb}' must be at least 1, not {size}")
        self.game_id = game_id
        self._blocks: dict[type[Action], tuple[int, int]] = {}
        self._starts: list[tuple[int, int, str]] = []
        offset = 0
        for t in types:
            size = sizes.get(t.verb, block) if _names(t) else 1
            self._blocks[t] = (offset, size)
            self._starts.append((offset, size, t.verb))
            offset += size
        self.spill = range(offset, offset + spill)
        self._size = offset + spill

    @property
    def size(self) -> int:
        return self._size

    @property
    def blocks(self) -> dict[str, int]:
        """Verb -> the size of its block."""
        return {verb: size for _, size, verb in self._starts}

    def block_of(self, verb: str) -> range:
        """The slots of ``verb``'s block."""
        for start, size, v in self._starts:
            if v == verb:
                return range(start, start + size)
        raise StarlanesError(f"rl action index: {self.game_id} has no action '{verb}'")

    def _block(self, cls: type[Action], action: Action | None = None) -> tuple[int, int]:
        found = self._blocks.get(cls)
        if found is None:
            shown = f"'{action.text()}' is a {cls.__name__}" if action is not None else cls.__name__
            raise StarlanesError(f"rl action index: {shown}, not one of {self.game_id}'s action types")
        return found

    def home(self, action: Action) -> int:
        """The slot ``action`` takes when no earlier legal action of its state took it first."""
        start, size = self._block(type(action), action)
        return start + action_hash(action) % size

    def assign(self, legal: LegalActions | Sequence[Action]) -> Slots:
        """The slot of each legal action, in the order of the list (see the module)."""
        items = legal.items if isinstance(legal, LegalActions) else tuple(legal)
        total = sum(len(i) if isinstance(i, ActionTemplate) else 1 for i in items)
        if total <= _SMALL:
            return self._assign_small(items, legal)
        hashes: list[npt.NDArray[np.uint64]] = []
        starts: list[npt.NDArray[np.int64]] = []
        sizes: list[npt.NDArray[np.int64]] = []
        plain_h: list[int] = []
        plain_start: list[int] = []
        plain_size: list[int] = []

        def flush() -> None:
            if plain_h:
                hashes.append(np.array(plain_h, dtype=np.uint64))
                starts.append(np.array(plain_start, dtype=np.int64))
                sizes.append(np.array(plain_size, dtype=np.int64))
                plain_h.clear()
                plain_start.clear()
                plain_size.clear()

        for item in items:
            if isinstance(item, ActionTemplate):
                if not len(item):
                    continue
                flush()
                start, size = self._block(item.cls)
                hashes.append(_cached_template_hashes(item))
                starts.append(np.full(len(item), start, dtype=np.int64))
                sizes.append(np.full(len(item), size, dtype=np.int64))
            else:
                start, size = self._block(type(item), item)
                plain_h.append(_cached_hash(item))
                plain_start.append(start)
                plain_size.append(size)
        flush()
        h = np.concatenate(hashes)
        start_of = np.concatenate(starts)
        size_of = np.concatenate(sizes)
        offset = (h % size_of.astype(np.uint64)).astype(np.int64)
        return self._place(h, start_of, size_of, offset, legal)

    def _assign_small(self, items: Sequence[Action | ActionTemplate], legal: LegalActions | Sequence[Action]) -> Slots:
        """``assign`` for a short list, in plain Python: the same rounds as ``_place``."""
        h: list[int] = []
        start_of: list[int] = []
        size_of: list[int] = []
        for item in items:
            if isinstance(item, ActionTemplate):
                if not len(item):
                    continue
                start, size = self._block(item.cls)
                h.extend(_cached_template_hashes(item).tolist())
                start_of.extend([start] * len(item))
                size_of.extend([size] * len(item))
            else:
                start, size = self._block(type(item), item)
                h.append(_cached_hash(item))
                start_of.append(start)
                size_of.append(size)
        return self._place_lists(h, start_of, size_of, legal)

    def assign_heads(self, items: Sequence[Action | ActionTemplate]) -> Slots:
        """One slot per item of a legal list, templates unexpanded: a plain action at its own
        home, a template at the home of its head (``head_hash``). For the factored env."""
        h: list[int] = []
        start_of: list[int] = []
        size_of: list[int] = []
        for item in items:
            if isinstance(item, ActionTemplate):
                start, size = self._block(item.cls)
                h.append(head_hash(item))
            else:
                start, size = self._block(type(item), item)
                h.append(_cached_hash(item))
            start_of.append(start)
            size_of.append(size)
        return self._place_lists(h, start_of, size_of, list(items))

    def _place_lists(self, h: list[int], start_of: list[int], size_of: list[int], legal: Sequence[Any]) -> Slots:
        """``_place`` for short lists, in plain Python: the same rounds, the same slots."""
        offset = [x % n for x, n in zip(h, size_of, strict=True)]
        slots = [-1] * len(h)
        taken: set[int] = set()
        pending = list(range(len(h)))
        for k in range(_ROUNDS):
            later = []
            for i in pending:
                slot = start_of[i] + (offset[i] + k) % size_of[i]
                if slot in taken:
                    later.append(i)
                else:
                    taken.add(slot)
                    slots[i] = slot
            pending = later
            if not pending:
                return np.array(slots, dtype=np.int64)
        return self._place(np.array(h, dtype=np.uint64), np.array(start_of, dtype=np.int64),
                           np.array(size_of, dtype=np.int64), np.array(offset, dtype=np.int64), legal)

    def _place(self, h: npt.NDArray[np.uint64], start_of: Slots, size_of: Slots, offset: Slots,
               legal: LegalActions | Sequence[Action]) -> Slots:
        n = len(h)
        slots = np.full(n, -1, dtype=np.int64)
        taken = np.zeros(self._size, dtype=np.bool_)
        pending = np.arange(n, dtype=np.int64)
        for k in range(_ROUNDS):
            cand = start_of[pending] + (offset[pending] + k) % size_of[pending]
            free = ~taken[cand]
            if free.any():
                ids = pending[free]
                uniq, first = np.unique(cand[free], return_index=True)  # the earliest in the list wins
                slots[ids[first]] = uniq
                taken[uniq] = True
                pending = pending[slots[pending] < 0]
            if not pending.size:
                return slots
        for i in pending.tolist():  # long probe chains: one by one, in list order
            start, size = int(start_of[i]), int(size_of[i])
            slot = _first_free(taken, start, size, int(offset[i]) + _ROUNDS)
            if slot < 0 and len(self.spill):
                slot = _first_free(taken, self.spill.start, len(self.spill), int(h[i] % np.uint64(len(self.spill))))
            if slot < 0:
                raise self._overflow(legal, size_of, start_of)
            slots[i] = slot
            taken[slot] = True
        return slots

    def _overflow(self, legal: LegalActions | Sequence[Action], size_of: Slots, start_of: Slots) -> ActionSpaceOverflow:
        counts: dict[str, int] = {}
        for start, size, verb in self._starts:
            here = int(np.count_nonzero(start_of == start))
            if here > size:
                counts[verb] = here
        over = ", ".join(f"{n} '{v}' for a block of {self.blocks[v]}" for v, n in counts.items()) \
            or "blocks nearly full"
        fix = ", ".join(f"'{v}': {_pow2_at_least(2 * n)}" for v, n in counts.items())
        return ActionSpaceOverflow(
            f"{self.game_id}: {len(legal)} legal actions in one state do not fit the action index "
            f"({over}; spill {len(self.spill)}); pass action_blocks={{{fix}}} or a larger action_spill "
            f"to starlanes.rl.env")

    def label(self, slot: int) -> str:
        if not 0 <= slot < self._size:
            raise StarlanesError(f"rl action index: slot {slot} is outside 0..{self._size - 1}")
        for start, size, verb in self._starts:
            if slot < start + size:
                return verb if size == 1 else f"{verb}#{slot - start}"
        return f"spill#{slot - self.spill.start}"


def _first_free(taken: npt.NDArray[np.bool_], start: int, size: int, at: int) -> int:
    """The first free slot of ``start .. start+size`` from offset ``at`` on, cyclically; -1 if none."""
    block = taken[start:start + size]
    free = np.flatnonzero(~block)
    if not free.size:
        return -1
    at %= size
    later = free[free >= at]
    return start + int(later[0] if later.size else free[0])


def legal_counts(game: Ruleset[Any, Any, Any], params: Params, players: int, games: int = 3,
                 max_actions: int = 500, heads: bool = False) -> dict[str, int]:
    """The most legal actions of each verb in one state, over ``games`` random games (seeds
    0, 1, ..; at most ``max_actions`` actions each, the lowest awaited seat acting, a GM-closed
    decision closed once every seat chose). Templates are counted without being expanded;
    ``heads``: a template counts once (the factored env's heads)."""
    most: dict[str, int] = {}
    for seed in range(games):
        state = game.setup(params, players, seed=seed)
        rng = Rng.from_seed(seed)
        for _ in range(max_actions):
            if game.outcome(state) is not None:
                break
            to_act = game.to_act(state)
            if not to_act:
                decision = game.decision(state)
                if decision is None or decision.closes == "all" or not state.sealed:
                    break
                game.apply_unchecked(state, GM, Close())
                continue
            seat = min(to_act)
            counts: dict[str, int] = {}
            for item in game.legal_actions(state, seat).items:
                verb = item.cls.verb if isinstance(item, ActionTemplate) else item.verb
                if isinstance(item, ActionTemplate) and not heads:
                    counts[verb] = counts.get(verb, 0) + len(item)
                elif not isinstance(item, ActionTemplate) or len(item):
                    counts[verb] = counts.get(verb, 0) + 1
            if not counts:
                break
            for verb, n in counts.items():
                most[verb] = max(most.get(verb, 0), n)
            game.apply_unchecked(state, seat, game.sample_legal(state, seat, rng))
    return most


def calibrated_blocks(game: Ruleset[Any, Any, Any], params: Params, players: int,
                      heads: bool = False) -> dict[str, int]:
    """Block sizes from play (``CALIBRATION``): for each verb with fields, ``margin`` times the
    most legal actions of that verb seen in one state of the seeded calibration games, rounded
    up to a power of two, at least ``min_block``. The same game version, params and seat count
    give the same sizes, so the index is fixed; measured once per process. ``heads``: sizes for
    the factored env's heads (a template counts once)."""
    try:
        return dict(_calibrated(game, params, players, heads))
    except TypeError:  # params that cannot be a cache key (unhashable fields): measure again
        return dict(_calibrated.__wrapped__(game, params, players, heads))


@lru_cache(maxsize=64)
def _calibrated(game: Ruleset[Any, Any, Any], params: Params, players: int,
                heads: bool) -> tuple[tuple[str, int], ...]:
    c = CALIBRATION
    most = legal_counts(game, params, players, c["games"], c["max_actions"], heads)
    return tuple((t.verb, max(c["min_block"], _pow2_at_least(c["margin"] * most.get(t.verb, 0))))
                 for t in game.action_types if _names(t))


def _pow2_at_least(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())
