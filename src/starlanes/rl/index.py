"""A fixed, dense integer index of a game's actions, for a ``Discrete`` action space with masks.

A game's actions have typed fields (names, card numbers, counts) whose values depend on the
content and on the state, so no finite list of "every action" can be read off the types. The
index used here is fixed in *size* and stable in *meaning* without such a list:

* the index is cut into one **block per action type** (in the order of ``action_types``): a type
  without fields (``end``, ``pass``) has a block of one slot, any other type a block of
  ``block`` slots (1024 by default; ``blocks={"place": 2048}`` sets one verb's size);
* a legal action's **home slot** is ``crc32(msgpack(action)) mod size`` inside its type's block:
  a stable hash of its field values, the same in every state, process and machine;
* when two legal actions of one state share a home slot, the later one (in the order of the
  legal list) takes the next free slot of the block (linear probing), so every legal action of
  a state has its own slot.

So ``assign(legal)`` is a bijection between a state's legal actions and the set slots of its
mask, the verb is always told by the block, and an action keeps its slot from state to state
unless it collided in that state. A state with more legal actions of one type than the type's
block holds raises ``ActionSpaceOverflow`` (naming the verb, the count and the option to raise);
nothing is dropped silently.

A game may give a tighter index of its own: a ruleset method ``rl_action_index(params,
players)`` returning an object with this module's ``ActionIndex`` protocol (or ``None``: the
game declares it cannot have a fixed action space, and ``starlanes.rl.env`` refuses it with
``NoFixedActionSpace``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import msgspec

from starlanes.core.actions import Action
from starlanes.core.decision import Withdraw
from starlanes.core.errors import StarlanesError

__all__ = [
    "DEFAULT_BLOCK",
    "ActionIndex",
    "ActionSpaceOverflow",
    "HashedActionIndex",
    "NoFixedActionSpace",
]

DEFAULT_BLOCK = 1024


class ActionSpaceOverflow(StarlanesError):
    """A state has more legal actions of one type than the index has slots for that type."""


class NoFixedActionSpace(StarlanesError):
    """The game declares (``rl_action_index`` returning ``None``) that it has no fixed action space."""


@runtime_checkable
class ActionIndex(Protocol):
    """A fixed-size index of a game's actions.

    ``size`` is the number of slots (the ``Discrete`` space); ``assign(legal)`` gives each legal
    action of one state its own slot in ``range(size)``, in the order of ``legal`` (distinct
    slots: the env decodes a slot back to its action through this assignment); ``label(slot)``
    says what a slot stands for (for people reading a policy)."""

    @property
    def size(self) -> int: ...

    def assign(self, legal: Sequence[Action]) -> list[int]: ...

    def label(self, slot: int) -> str: ...


class HashedActionIndex:
    """The generic index: one block per action type, home slots by a stable hash (see the module)."""

    def __init__(self, game_id: str, action_types: Iterable[type[Action]], block: int = DEFAULT_BLOCK,
                 blocks: Mapping[str, int] | None = None) -> None:
        if block < 1:
            raise StarlanesError(f"rl action index: block must be at least 1, not {block}")
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
            size = sizes.get(t.verb, block if msgspec.structs.fields(t) else 1)
            self._blocks[t] = (offset, size)
            self._starts.append((offset, size, t.verb))
            offset += size
        self._size = offset
        self._encode = msgspec.msgpack.Encoder().encode

    @property
    def size(self) -> int:
        return self._size

    def block_of(self, verb: str) -> range:
        """The slots of ``verb``'s block."""
        for start, size, v in self._starts:
            if v == verb:
                return range(start, start + size)
        raise StarlanesError(f"rl action index: {self.game_id} has no action '{verb}'")

    def home(self, action: Action) -> int:
        """The slot ``action`` takes when no other legal action of its state took it first."""
        start, size = self._block(action)
        return start if size == 1 else start + zlib.crc32(self._encode(action)) % size

    def _block(self, action: Action) -> tuple[int, int]:
        found = self._blocks.get(type(action))
        if found is None:
            raise StarlanesError(f"rl action index: '{action.text()}' is a {type(action).__name__}, "
                                 f"not one of {self.game_id}'s action types")
        return found

    def assign(self, legal: Sequence[Action]) -> list[int]:
        taken: set[int] = set()
        slots: list[int] = []
        encode = self._encode
        blocks = self._blocks
        for action in legal:
            found = blocks.get(type(action))
            if found is None:
                found = self._block(action)  # raises with the message
            start, size = found
            slot = start if size == 1 else start + zlib.crc32(encode(action)) % size
            if slot in taken:
                slot = self._probe(slot, start, size, taken, action, legal)
            taken.add(slot)
            slots.append(slot)
        return slots

    def _probe(self, slot: int, start: int, size: int, taken: set[int], action: Action,
               legal: Sequence[Action]) -> int:
        for k in range(1, size):
            candidate = start + (slot - start + k) % size
            if candidate not in taken:
                return candidate
        count = sum(1 for a in legal if type(a) is type(action))
        if size == 1 and count == 1:
            raise StarlanesError(f"rl action index: {self.game_id} lists '{action.text()}' twice")
        raise ActionSpaceOverflow(
            f"{self.game_id}: {count} legal '{action.verb}' actions in one state, but the action index "
            f"holds {size} for '{action.verb}'; pass action_blocks={{'{action.verb}': {_next_pow2(count)}}} "
            f"(or a larger action_block) to starlanes.rl.env")

    def label(self, slot: int) -> str:
        if not 0 <= slot < self._size:
            raise StarlanesError(f"rl action index: slot {slot} is outside 0..{self._size - 1}")
        for start, size, verb in self._starts:
            if slot < start + size:
                return verb if size == 1 else f"{verb}#{slot - start}"
        raise AssertionError("unreachable: the blocks cover the index")


def _next_pow2(n: int) -> int:
    return 1 << max(0, (2 * n - 1).bit_length())
