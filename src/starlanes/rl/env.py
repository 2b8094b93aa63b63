"""A PettingZoo AEC environment over any registered ruleset.

``StarlanesEnv(game)`` drives one match through the core protocol only (``setup``,
``to_act``, ``legal_actions``, ``apply_unchecked``, ``view``, ``outcome``), so every game that
registers works without code of its own here. Agents are ``seat_0`` .. ``seat_{N-1}``.

* **Turns**: the agent to act is the lowest seat the decision awaits. A sealed decision (all
  seats choose at once, in secret) is played in AEC order: each awaited seat steps in turn, its
  choice is sealed by the core, the next seat's observation shows *that* it chose (the view's
  ``submitted``) and never *what*, and the decision closes with the last choice. A decision the
  GM closes (``closes="gm"`` or ``"deadline"``) is closed by the env, as the GM, once every seat
  has chosen (as a table without a GM does in ``core.session``).
* **Actions**: a ``Discrete(index.size)`` space (``starlanes.rl.index``); the observation's
  ``action_mask`` marks the slots of the agent's legal actions (all zero for an agent that is
  not to act). A slot that is not legal now raises ``InvalidAction`` and changes nothing.
* **Observations**: ``{"observation": float32[obs_size], "action_mask": int8[index.size]}``,
  the observation encoded from the seat's own view (``starlanes.rl.encode``), never the state.
* **Rewards**: zero until the game ends; then, with ``reward="win"``, +1 for each winner and -1
  for every other seat (a draw, no winners: 0 for all); with ``reward="score"``, the outcome's
  scores (the win rewards when the game gives none).
* **Truncation**: after ``max_steps`` env steps (default: the game's declared ``max_actions``)
  every agent is truncated, with reward 0.
* **Seeds**: ``reset(seed=s)`` plays the match of seed ``s``; a ``reset()`` without a seed plays
  the next seed (the constructor's ``seed``, then +1 each episode), so a run is reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from starlanes.core.actions import Action
from starlanes.core.errors import StarlanesError
from starlanes.core.gm import Close
from starlanes.core.legal import LegalActions
from starlanes.core.params import Params
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import GM, GameState, Outcome

from .encode import CLIP, DEFAULT_OBS_SIZE, HashedViewEncoder, ViewEncoder, leaf_count
from .index import DEFAULT_SPILL, ActionIndex, HashedActionIndex, NoFixedActionSpace, Slots, calibrated_blocks

__all__ = ["InvalidAction", "Reward", "StarlanesEnv", "action_index_for", "agent_name", "view_encoder_for"]

Reward = Literal["win", "score"]
Obs = dict[str, npt.NDArray[Any]]


class InvalidAction(StarlanesError):
    """An action slot that is not one of the acting agent's legal actions now."""


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def action_index_for(game: Ruleset[Any, Any, Any], params: Params, players: int, block: int | None = None,
                     blocks: Mapping[str, int] | None = None, spill: int | None = None) -> ActionIndex:
    """The game's own index (``rl_action_index(params, players)``) if it has one, else the generic
    hashed index, its blocks ``block`` slots each or (``None``) calibrated from play, ``blocks``
    overriding verbs, then a spill region of ``spill`` slots (``None``: half the largest block, at
    least ``DEFAULT_SPILL``). ``NoFixedActionSpace`` when the game's hook returns ``None``."""
    hook = getattr(game, "rl_action_index", None)
    if callable(hook):
        index = hook(params, players)
        if index is None:
            raise NoFixedActionSpace(f"{game.spec.id} declares that it has no fixed action space "
                                     "(its rl_action_index returns None)")
        if not isinstance(index, ActionIndex):
            raise StarlanesError(f"{game.spec.id}: rl_action_index returned a {type(index).__name__}, "
                                 "not an ActionIndex (size, assign, label)")
        return index
    sizes = calibrated_blocks(game, params, players) if block is None else {}
    sizes.update(blocks or {})
    uniform = 1024 if block is None else block
    if spill is None:
        spill = max(DEFAULT_SPILL, max(sizes.values(), default=uniform) // 2)
    return HashedActionIndex(game.spec.id, game.action_types, uniform, sizes, spill)


def view_encoder_for(game: Ruleset[Any, Any, Any], params: Params, players: int,
                     size: int | None = None) -> ViewEncoder:
    """The game's own encoder (``rl_view_encoder(params, players)``) if it has one, else feature
    hashing into ``size`` slots (``None``: ``observation_size``)."""
    hook = getattr(game, "rl_view_encoder", None)
    if callable(hook):
        encoder = hook(params, players)
        if not isinstance(encoder, ViewEncoder):
            raise StarlanesError(f"{game.spec.id}: rl_view_encoder returned a {type(encoder).__name__}, "
                                 "not a ViewEncoder (size, encode)")
        return encoder
    return HashedViewEncoder(observation_size(game, params, players) if size is None else size)


def observation_size(game: Ruleset[Any, Any, Any], params: Params, players: int) -> int:
    """The default size of the hashed observation: four times the leaves of the largest opening
    view of the match of seed 0 (views grow as a game goes on), a power of two, at least
    ``DEFAULT_OBS_SIZE``."""
    state = game.setup(params, players, seed=0)
    leaves = max(leaf_count(game.view(state, seat)) for seat in range(players))
    return max(DEFAULT_OBS_SIZE, 1 << max(0, (4 * leaves - 1).bit_length()))


class StarlanesEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One match of a starlanes game as a PettingZoo ``AECEnv`` (see the module)."""

    def __init__(self, game: str | Ruleset[Any, Any, Any], params: Mapping[str, Any] | Params | None = None,
                 seats: int | None = None, seed: int = 0, max_steps: int | None = None,
                 obs_size: int | None = None, action_block: int | None = None,
                 action_blocks: Mapping[str, int] | None = None, action_spill: int | None = None,
                 reward: Reward = "win", render_mode: str | None = None,
                 index: ActionIndex | None = None, encoder: ViewEncoder | None = None) -> None:
        super().__init__()
        if isinstance(game, str):
            from starlanes.registry import get_game

            game = get_game(game)
        self.game: Ruleset[Any, Any, Any] = game
        self.params: Params = game.params_from(params)
        players = game.spec.min_players if seats is None else seats
        if players not in game.spec.players:
            raise StarlanesError(f"{game.spec.id} is for {game.spec.min_players}-{game.spec.max_players} "
                                 f"seats, not {players}")
        if reward not in ("win", "score"):
            raise StarlanesError(f"reward is 'win' or 'score', not {reward!r}")
        if render_mode is not None and render_mode != "ansi":
            raise StarlanesError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.players = players
        self.max_steps = game.spec.max_actions if max_steps is None else max_steps
        if self.max_steps < 1:
            raise StarlanesError(f"max_steps must be at least 1, not {self.max_steps}")
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        # ``index`` and ``encoder`` given: shared with another env of the same game (BatchEnv)
        self.index = index if index is not None else action_index_for(
            game, self.params, players, action_block, action_blocks, action_spill)
        self.encoder = encoder if encoder is not None else view_encoder_for(game, self.params, players, obs_size)
        self.metadata: dict[str, Any] = {"name": f"starlanes_{game.spec.id.replace('-', '_')}_v0",
                                         "render_modes": ["ansi"], "is_parallelizable": False}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        n = self.index.size
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-CLIP, CLIP, (self.encoder.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._next_seed = seed
        self.game_state: GameState | None = None
        self.steps = 0
        self._legal: LegalActions = LegalActions()
        self._owner: npt.NDArray[np.int64] = np.full(self.index.size, -1, dtype=np.int64)
        self._mask: npt.NDArray[np.int8] = np.zeros(self.index.size, dtype=np.int8)
        self.agents: list[str] = []

    # -------------------------------------------------------------- spaces
    @property
    def action_size(self) -> int:
        """Slots of the ``Discrete`` action space (and of the mask)."""
        return self.index.size

    @property
    def obs_size(self) -> int:
        """Values of the observation vector."""
        return self.encoder.size

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return str(self.metadata["name"])

    # ------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = int(seed)
        self.seed_used = self._next_seed
        self._next_seed += 1
        self.game_state = self.game.setup(self.params, self.players, seed=self.seed_used)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._skip_agent_selection = None
        self._advance()

    def _state(self) -> GameState:
        if self.game_state is None:
            raise StarlanesError("call reset() before using the environment")
        return self.game_state

    def _advance(self) -> None:
        """Close what the GM would close, then end the game, truncate it or select the next seat."""
        state = self._state()
        game = self.game
        self._legal = LegalActions()
        self._owner = np.full(self.index.size, -1, dtype=np.int64)
        self._mask = np.zeros(self.index.size, dtype=np.int8)
        while True:
            outcome = game.outcome(state)
            if outcome is not None:
                self._finish(outcome)
                return
            to_act = game.to_act(state)
            if to_act:
                break
            decision = game.decision(state)
            if decision is not None and decision.closes != "all" and state.sealed:
                game.apply_unchecked(state, GM, Close())
                continue
            raise StarlanesError(f"{game.spec.id}: nobody is to act at step {state.step} but the game "
                                 "is not over")
        if self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated_at": self.steps}
            return
        seat = min(to_act)
        self.agent_selection = agent_name(seat)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise StarlanesError(f"{game.spec.id}: seat {seat} is awaited at step {state.step} but has no "
                                 "legal action")
        self._legal = legal
        self._index_legal()

    def _index_legal(self) -> None:
        """Give the acting seat's legal actions (``self._legal``) their slots and mask."""
        slots = np.asarray(self.index.assign(self._legal), dtype=np.int64)
        self._owner[slots] = np.arange(len(slots), dtype=np.int64)
        self._mask[slots] = 1

    def _finish(self, outcome: Outcome) -> None:
        rewards = self.outcome_rewards(outcome)
        for a in self.agents:
            self.rewards[a] = rewards[self._seat[a]]
            self.terminations[a] = True
            self.infos[a] = {"outcome": outcome.reason, "winners": list(outcome.winners)}

    def outcome_rewards(self, outcome: Outcome) -> list[float]:
        """Each seat's reward for ``outcome`` (see the module)."""
        if self.reward_kind == "score" and outcome.scores is not None:
            return [float(s) for s in outcome.scores]
        if not outcome.winners:
            return [0.0] * self.players
        return [1.0 if s in outcome.winners else -1.0 for s in range(self.players)]

    # -------------------------------------------------------------- acting
    def observe(self, agent: str) -> Obs:
        seat = self._seat[agent]
        view = self.game.view(self._state(), seat)
        if agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask = self._mask.copy()
        else:
            mask = np.zeros(self.index.size, dtype=np.int8)
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self.decode(action)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_unchecked(self._state(), self._seat[agent], chosen)
        self.steps += 1
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()

    def decode(self, slot: int | np.integer[Any] | None) -> Action:
        """The legal action of the acting agent at ``slot``; ``InvalidAction`` if there is none."""
        if slot is None or isinstance(slot, bool) or not isinstance(slot, int | np.integer):
            raise InvalidAction(f"{self.agent_selection} is to act: an action is a slot number "
                                f"0..{self.index.size - 1}, not {slot!r}")
        number = int(slot)
        position = int(self._owner[number]) if 0 <= number < self.index.size else -1
        if position < 0:
            where = self.index.label(number) if 0 <= number < self.index.size else "outside the index"
            raise InvalidAction(f"{self.agent_selection}: slot {number} ({where}) is not a legal action now; "
                                f"{len(self._legal)} are, marked in the action_mask")
        return self._legal[position]

    def seat_of(self, agent: str) -> int:
        """The seat number of ``agent`` (``seat_3`` -> 3)."""
        return self._seat[agent]

    def legal(self) -> dict[int, Action]:
        """Slot -> legal action of the acting agent now (empty once the episode has ended); builds
        every action, so for tests and tools rather than the training loop."""
        slots = np.flatnonzero(self._owner >= 0)
        return {int(s): self._legal[int(self._owner[s])] for s in slots}

    def legal_slots(self) -> Slots:
        """The slots of the acting agent's legal actions now, ascending (the mask's set entries)."""
        return np.flatnonzero(self._mask)

    def slot_of(self, action: Action) -> int:
        """The slot of one of the acting agent's legal actions now."""
        if action not in self._legal:
            raise InvalidAction(f"'{action.text()}' is not a legal action of {self.agent_selection} now")
        position = self._legal.index(action)
        return int(np.flatnonzero(self._owner == position)[0])

    # -------------------------------------------------------------- output
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        from rich.text import Text

        from starlanes.registry import renderer_for

        seat = self._seat[self.agent_selection]
        board = renderer_for(self.game).render(self.game.view(self._state(), seat).game, seat)
        return Text.from_markup(board).plain

    def close(self) -> None:
        self.game_state = None
