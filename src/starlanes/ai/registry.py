"""Agents by spec string: ``random``, ``mcts:iterations=400``, ``space-risk:heuristic``.

A spec is a name optionally followed by options: ``name[:key=value[,key=value...]]``.
Name parts are separated by ``:``; every ``:`` or ``,`` separated part containing ``=`` is an
option. Generic agents are listed in ``GENERIC``; game-specific agents come from the game's
registry entry (``GameEntry.agents``; a ruleset that is not registered under its id may still
offer them through an ``agents()`` method) and are named ``<game-id>:<name>``. An unknown name or option is
an ``UnknownName`` error listing the valid ones. Each entry lists its valid options, and the
factory receives the options as strings (it converts and validates them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from starlanes.core.errors import ParseError, UnknownName
from starlanes.core.ruleset import Ruleset
from starlanes.registry import entry_ids, get_entry

from .base import Agent, AgentFactory
from .greedy import GREEDY_OPTIONS, make_greedy
from .mcts import SEARCH_OPTIONS, make_ismcts, make_mcts
from .random_agent import make_random

__all__ = ["GENERIC", "AgentEntry", "agent_names", "game_agents", "make_agent", "parse_agent_spec"]


@dataclass(frozen=True)
class AgentEntry:
    factory: AgentFactory
    doc: str
    options: Mapping[str, str] = field(default_factory=dict)  # option -> description


# Generic agents, usable with every ruleset: add one entry per agent.
GENERIC: dict[str, AgentEntry] = {
    "random": AgentEntry(make_random, "uniformly random legal actions (seeded)"),
    "greedy": AgentEntry(make_greedy, "one ply of look-ahead scored by the ruleset's evaluate()",
                         GREEDY_OPTIONS),
    "mcts": AgentEntry(make_mcts, "UCT search, future dice resampled every iteration", SEARCH_OPTIONS),
    "ismcts": AgentEntry(make_ismcts, "information-set MCTS over determinizations of its own view",
                         SEARCH_OPTIONS),
}


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=400,c=1.4"`` -> ``("mcts", {"iterations": "400", "c": "1.4"})``."""
    text = spec.strip()
    if not text:
        raise ParseError("empty agent spec")
    name_parts: list[str] = []
    options: dict[str, str] = {}
    for chunk in text.split(":"):
        for part in chunk.split(","):
            part = part.strip()
            if not part:
                continue
            if "=" in part:
                key, _, value = part.partition("=")
                if not key or not value:
                    raise ParseError(f"agent spec '{spec}': option '{part}' must be key=value")
                options[key.strip()] = value.strip()
            else:
                if options:
                    raise ParseError(f"agent spec '{spec}': the name must come before the options")
                name_parts.append(part)
    if not name_parts:
        raise ParseError(f"agent spec '{spec}' has no agent name")
    return ":".join(name_parts), options


def game_agents(game: Ruleset[Any, Any, Any]) -> dict[str, AgentFactory]:
    """The game's own agents by name, from its registry entry; a ruleset that is not registered
    under its spec id offers them through its ``agents()`` method, if it has one."""
    if game.spec.id in entry_ids():
        return get_entry(game.spec.id).agent_factories()
    hook = getattr(game, "agents", None)
    return dict(hook()) if callable(hook) else {}


def _entries(game: Ruleset[Any, Any, Any]) -> dict[str, AgentEntry]:
    entries = dict(GENERIC)
    for name, factory in game_agents(game).items():
        doc = (getattr(factory, "__doc__", None) or "").strip().splitlines()
        options = getattr(factory, "options", {})
        entries[name] = AgentEntry(factory, doc[0] if doc else "", options)
    return entries


def agent_names(game: Ruleset[Any, Any, Any]) -> dict[str, AgentEntry]:
    """Every agent usable with ``game``, by name."""
    return _entries(game)


def make_agent(spec: str, game: Ruleset[Any, Any, Any], seat: int, seed: int) -> Agent:
    """Build the agent named by ``spec`` for ``seat`` of ``game``."""
    name, options = parse_agent_spec(spec)
    entries = _entries(game)
    entry = entries.get(name)
    if entry is None:
        raise UnknownName("agent", name, entries)
    for key in options:
        if key not in entry.options:
            raise UnknownName(f"option of agent {name}", key, entry.options)
    return entry.factory(game, seat, seed, options)
