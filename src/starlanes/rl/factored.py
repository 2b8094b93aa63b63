"""A factored AEC environment: a ranged choice (a count, a power) is made in extra steps.

Some games list an action for every count (risky-stars moves any number of armies, so a late
state lists tens of thousands of ``move`` actions): a flat index must be as large as the
largest such list. ``FactoredEnv`` chooses an action from a template in two parts, so its
action space stays small whatever the counts:

1. the **head**: every plain legal action, and one head per ``ActionTemplate`` (its verb and
   fixed fields, its ranged fields open), has a slot in a hashed index of heads
   (``HashedActionIndex.assign_heads``; blocks calibrated on heads). A plain action, or a
   template of one action, is played at once;
2. the **position** in the chosen template (``0 .. len-1``, the order of ``LegalActions``:
   the last ranged field fastest) is chosen by the same agent in base ``digit_base`` (64),
   most significant digit first, one env step a digit, each digit's mask holding only the
   digits that stay inside the template. After the last digit the action is played.

The action space is ``Discrete(heads.size + digit_base)``: head slots, then the digit slots.
Every legal action is reached by exactly one sequence of choices (the tests check it). The
observation is the seat's view encoded as in ``StarlanesEnv`` followed by ``CHOICE`` values
that say where the agent is in a choice: [choosing a position (0/1), digits left, the position
so far, the template's size], then a one-hot (hashed into ``HEAD_SLOTS`` values) of the chosen
head's verb and fixed fields. Rewards, truncation (counted in env steps, digits included),
sealed decisions and seeds are as in ``StarlanesEnv``.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from starlanes.core.actions import Action
from starlanes.core.errors import StarlanesError
from starlanes.core.legal import ActionTemplate
from starlanes.core.params import Params
from starlanes.core.ruleset import Ruleset

from .encode import CLIP
from .env import InvalidAction, StarlanesEnv
from .index import DEFAULT_SPILL, HashedActionIndex, Slots, calibrated_blocks

__all__ = ["CHOICE", "HEAD_SLOTS", "FactoredEnv", "head_index_for"]

HEAD_SLOTS = 64
CHOICE = 4 + HEAD_SLOTS


def head_index_for(game: Ruleset[Any, Any, Any], params: Params, players: int, block: int | None = None,
                   blocks: Mapping[str, int] | None = None, spill: int | None = None) -> HashedActionIndex:
    """The hashed index of heads: blocks calibrated on heads (``block``: all the same size),
    ``blocks`` overriding verbs, a spill of half the largest block (at least 1024)."""
    sizes = calibrated_blocks(game, params, players, heads=True) if block is None else {}
    sizes.update(blocks or {})
    uniform = 1024 if block is None else block
    if spill is None:
        spill = max(DEFAULT_SPILL, max(sizes.values(), default=uniform) // 2)
    return HashedActionIndex(game.spec.id, game.action_types, uniform, sizes, spill)


class FactoredEnv(StarlanesEnv):
    """``StarlanesEnv`` with ranged choices made digit by digit (see the module)."""

    def __init__(self, game: str | Ruleset[Any, Any, Any], params: Mapping[str, Any] | Params | None = None,
                 seats: int | None = None, seed: int = 0, digit_base: int = 64, **kwargs: Any) -> None:
        if digit_base < 2:
            raise StarlanesError(f"digit_base must be at least 2, not {digit_base}")
        if isinstance(game, str):
            from starlanes.registry import get_game

            game = get_game(game)
        resolved = game.params_from(params)
        players = game.spec.min_players if seats is None else seats
        if "index" not in kwargs and players in game.spec.players:
            kwargs["index"] = head_index_for(game, resolved, players, kwargs.pop("action_block", None),
                                             kwargs.pop("action_blocks", None), kwargs.pop("action_spill", None))
        heads = kwargs.get("index")
        if heads is not None and not isinstance(heads, HashedActionIndex):
            raise StarlanesError(f"a factored env needs a HashedActionIndex of heads, not {type(heads).__name__}")
        super().__init__(game, resolved, seats, seed, **kwargs)
        assert isinstance(self.index, HashedActionIndex)
        self.heads: HashedActionIndex = self.index
        self.digit_base = digit_base
        n = self.heads.size + digit_base
        self.metadata["name"] = self.metadata["name"].replace("_v0", "_factored_v0")
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-CLIP, CLIP, (self.encoder.size + CHOICE,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._items: list[Action | ActionTemplate] = []
        self._template: ActionTemplate | None = None
        self._digits_left = 0
        self._prefix = 0

    @property
    def size(self) -> int:
        """Slots of the action space: the heads, then ``digit_base`` digits."""
        return self.heads.size + self.digit_base

    @property
    def action_size(self) -> int:
        return self.size

    @property
    def obs_size(self) -> int:
        return self.encoder.size + CHOICE

    # ------------------------------------------------------------ choices
    def _advance(self) -> None:
        self._template = None
        self._digits_left = 0
        self._prefix = 0
        self._items = []
        super()._advance()  # ends, truncates or selects the seat and lists its actions (_index_legal)
        if len(self._mask) != self.size:  # the game ended or was truncated: nothing to choose
            self._owner = np.full(self.size, -1, dtype=np.int64)
            self._mask = np.zeros(self.size, dtype=np.int8)

    def _index_legal(self) -> None:
        self._items = [i for i in self._legal.items if not isinstance(i, ActionTemplate) or len(i)]
        self._owner = np.full(self.size, -1, dtype=np.int64)
        self._mask = np.zeros(self.size, dtype=np.int8)
        slots = self.heads.assign_heads(self._items)
        self._owner[slots] = np.arange(len(slots), dtype=np.int64)
        self._mask[slots] = 1

    def _digit_mask(self) -> None:
        assert self._template is not None
        base = self.digit_base
        most = (len(self._template) - 1) // base ** (self._digits_left - 1) - self._prefix * base
        self._mask = np.zeros(self.size, dtype=np.int8)
        self._mask[self.heads.size:self.heads.size + min(base - 1, most) + 1] = 1

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        slot = self._checked(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self._template is None:
            item = self._items[int(self._owner[slot])]
            if isinstance(item, ActionTemplate) and len(item) > 1:
                self._template = item
                self._digits_left = _digits(len(item), self.digit_base)
                self._prefix = 0
                self._digit_mask()
                self.steps += 1
                self._truncate_if_due()
                return
            chosen = item[0] if isinstance(item, ActionTemplate) else item
        else:
            self._prefix = self._prefix * self.digit_base + (slot - self.heads.size)
            self._digits_left -= 1
            if self._digits_left:
                self._digit_mask()
                self.steps += 1
                self._truncate_if_due()
                return
            chosen = self._template[self._prefix]
        self.game.apply_unchecked(self._state(), self.seat_of(agent), chosen)
        self.steps += 1
        self._advance()
        self._accumulate_rewards()

    def _truncate_if_due(self) -> None:
        if self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated_at": self.steps}
            self._mask = np.zeros(self.size, dtype=np.int8)

    def _checked(self, slot: int | np.integer[Any] | None) -> int:
        if slot is None or isinstance(slot, bool) or not isinstance(slot, int | np.integer):
            raise InvalidAction(f"{self.agent_selection} is to act: an action is a slot number "
                                f"0..{self.size - 1}, not {slot!r}")
        number = int(slot)
        if not (0 <= number < self.size and self._mask[number]):
            what = "a digit" if self._template is not None else "a head"
            raise InvalidAction(f"{self.agent_selection}: slot {number} is not legal now; {what} is chosen, "
                                f"{int(self._mask.sum())} slots are, marked in the action_mask")
        return number

    # ------------------------------------------------------- observations
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        base = super().observe(agent)
        choice = np.zeros(CHOICE, dtype=np.float32)
        acting = agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent))
        if acting and self._template is not None:
            choice[:4] = np.clip((1.0, self._digits_left, self._prefix, len(self._template)), -CLIP, CLIP)
            head = f"{self._template.cls.verb} {sorted(self._template.fixed.items())!r}".encode()
            choice[4 + zlib.crc32(head) % HEAD_SLOTS] = 1.0
        mask = self._mask.copy() if acting else np.zeros(self.size, dtype=np.int8)
        return {"observation": np.concatenate([base["observation"], choice]), "action_mask": mask}

    # -------------------------------------------------------------- tools
    def decode(self, slot: int | np.integer[Any] | None) -> Action:
        """Not one slot here: see ``sequences``."""
        raise StarlanesError("a factored env plays a sequence of choices: use sequences()")

    def legal(self) -> dict[int, Action]:
        raise StarlanesError("a factored env plays a sequence of choices: use sequences()")

    def slot_of(self, action: Action) -> int:
        raise StarlanesError("a factored env plays a sequence of choices: use sequences()")

    def sequences(self) -> dict[tuple[int, ...], Action]:
        """Every sequence of slots that plays a legal action of the acting agent now (from a
        head), and its action; builds every action, so for tests and tools."""
        out: dict[tuple[int, ...], Action] = {}
        for slot in np.flatnonzero(self._owner >= 0).tolist():
            item = self._items[int(self._owner[slot])]
            if not isinstance(item, ActionTemplate):
                out[(slot,)] = item
            elif len(item) == 1:
                out[(slot,)] = item[0]
            else:
                k = _digits(len(item), self.digit_base)
                for position, action in enumerate(item):
                    digits = [(position // self.digit_base ** (k - 1 - d)) % self.digit_base for d in range(k)]
                    out[(slot, *(self.heads.size + d for d in digits))] = action
        return out

    def legal_slots(self) -> Slots:
        return np.flatnonzero(self._mask)


def _digits(n: int, base: int) -> int:
    """Digits in base ``base`` of the positions ``0 .. n-1`` (at least one)."""
    k = 1
    while base ** k < n:
        k += 1
    return k
