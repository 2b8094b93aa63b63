"""Fixed-shape numeric observations built from a seat's view, and from nothing else.

The encoder takes a ``SeatView`` (what ``Ruleset.view(state, seat)`` returns: the framework's
fields and the game's ``_view``) and never sees the state, so an observation cannot show what
the seat may not see: if the view is the same, the observation is the same.

The generic encoder is **feature hashing** of the view's JSON form (``msgspec.to_builtins``):
every leaf of the tree is named by its path (``game.armies.7``, ``to_act.0``, ``decision.kind``)
and lands in slot ``crc32(path) mod size`` of a ``float32`` vector:

* a number adds its value there (a bool adds 1 or 0), clipped to ``±CLIP``;
* a string adds 1 at the slot of its path *and* value (``decision.kind=combat``): a one-hot
  feature per distinct text;
* ``None`` (hidden, absent) adds 1 at the slot of ``path=~``, so "unknown" differs from 0;
* empty lists and maps add nothing.

List positions and map keys are part of the path, so "the armies on territory 7" is one feature
from step to step. The view's ``hash`` (a digest of the rest) is left out. Paths are hashed
incrementally (``crc32`` continues from its parent's value), so nothing is cached and the cost is
one pass over the view. Two leaves may share a slot (their values add up): with ``size`` several
times the number of leaves of a view that is rare; ``starlanes.rl.encode.leaf_count`` tells how
many a view has, to choose ``size``.

A game may give its own encoder: a ruleset method ``rl_view_encoder(params, players)`` returning
an object with this module's ``ViewEncoder`` protocol (it too receives only the view).
"""

from __future__ import annotations

import zlib
from typing import Any, Protocol, runtime_checkable

import msgspec
import numpy as np
import numpy.typing as npt

from starlanes.core.errors import StarlanesError
from starlanes.core.state import SeatView

__all__ = ["CLIP", "DEFAULT_OBS_SIZE", "HashedViewEncoder", "ViewEncoder", "leaf_count"]

DEFAULT_OBS_SIZE = 2048
CLIP = 1e6

_INDEX = [b"." + str(i).encode() for i in range(1024)]
_NULL = b"=~"


@runtime_checkable
class ViewEncoder(Protocol):
    """Turns a seat's view into a ``float32`` vector of ``size`` values (the same size always)."""

    @property
    def size(self) -> int: ...

    def encode(self, view: SeatView[Any]) -> npt.NDArray[np.float32]: ...


class HashedViewEncoder:
    """The generic encoder: feature hashing of the view's JSON form (see the module)."""

    def __init__(self, size: int = DEFAULT_OBS_SIZE) -> None:
        if size < 2:
            raise StarlanesError(f"rl observation: size must be at least 2, not {size}")
        self._size = size

    @property
    def size(self) -> int:
        return self._size

    def encode(self, view: SeatView[Any]) -> npt.NDArray[np.float32]:
        tree = msgspec.to_builtins(view)
        tree.pop("hash", None)
        slots: list[int] = []
        values: list[float] = []
        _walk(tree, 0, slots, values)
        index = np.asarray(slots, dtype=np.int64) % self._size
        out = np.bincount(index, weights=np.asarray(values, dtype=np.float64), minlength=self._size)
        np.clip(out, -CLIP, CLIP, out=out)
        return out.astype(np.float32)


_KEYS: dict[str, bytes] = {}


def _key(key: Any) -> bytes:
    text = str(key)
    found = _KEYS.get(text)
    if found is None:
        found = b"." + text.encode()
        if len(_KEYS) < 65536:  # map keys of views are names and ids: a bounded set in practice
            _KEYS[text] = found
    return found


_POSITIONS: dict[int, list[int]] = {}  # path hash of a list -> path hashes of its positions
_MEMBERS: dict[int, dict[Any, int]] = {}  # path hash of a map -> its key -> the key's path hash
_CACHE_LIMIT = 100_000  # distinct container paths of views are few; cleared if ever exceeded


def _positions(h: int, n: int) -> list[int]:
    found = _POSITIONS.get(h)
    if found is None or len(found) < n:
        found = [zlib.crc32(_INDEX[i] if i < 1024 else b"." + str(i).encode(), h) for i in range(max(n, 8))]
        if len(_POSITIONS) >= _CACHE_LIMIT:
            _POSITIONS.clear()
        _POSITIONS[h] = found
    return found


def _members(h: int) -> dict[Any, int]:
    found = _MEMBERS.get(h)
    if found is None:
        if len(_MEMBERS) >= _CACHE_LIMIT:
            _MEMBERS.clear()
        found = _MEMBERS[h] = {}
    return found


def _walk(node: Any, h: int, slots: list[int], values: list[float]) -> None:
    """Append (path hash, value) of every leaf under the container ``node`` (whose path hashes
    to ``h``); leaves are handled in the loop, so only containers cost a call. Path hashes of
    list positions and map keys are cached per parent path (they are ``crc32`` continued from
    the parent's, so the cache changes no value)."""
    crc = zlib.crc32
    if type(node) is dict:
        members = _members(h)
        hashes = []
        for k in node:
            ch = members.get(k)
            if ch is None:
                ch = members[k] = crc(_key(k), h)
                if len(members) >= _CACHE_LIMIT:
                    members.clear()
            hashes.append(ch)
        children: Any = node.values()
    else:
        n = len(node)
        if not n:
            return
        hashes = _positions(h, n)
        first = type(node[0])
        if (first is int or first is float) and all(type(x) is first for x in node):  # a list of numbers
            slots.extend(hashes[:n])
            values.extend(node)
            return
        children = node
    for ch, child in zip(hashes, children, strict=False):
        t = type(child)
        if t is int or t is float or t is bool:
            slots.append(ch)
            values.append(child)
        elif t is str:
            slots.append(crc(b"=" + child.encode(), ch))
            values.append(1.0)
        elif child is None:
            slots.append(crc(_NULL, ch))
            values.append(1.0)
        elif t is dict or t is list or t is tuple:
            _walk(child, ch, slots, values)
        else:  # to_builtins gives only the kinds above; anything else is named, not dropped
            raise StarlanesError(f"rl observation: cannot encode a {t.__name__} in a view")


def leaf_count(view: SeatView[Any]) -> int:
    """How many leaves (numbers, texts, nulls) the view has: a guide for the encoder's size."""
    tree = msgspec.to_builtins(view)
    tree.pop("hash", None)
    slots: list[int] = []
    _walk(tree, 0, slots, [])
    return len(slots)
