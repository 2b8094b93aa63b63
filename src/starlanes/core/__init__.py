"""The starlanes engine core: the protocol every ruleset implements and the framework around it.

Read in this order: ``spec`` (GameSpec), ``params`` (tunable rules), ``state`` (state base,
events, outcome, views), ``actions`` (typed actions with a text form), ``decision`` (what a state awaits; sealed
choices), ``gm`` (the GM as an actor), ``legal`` (lazy lists of legal actions), ``rng`` (randomness in
the state), ``ruleset`` (the protocol and its checks), ``match`` (append-only log, replay,
save/load, undo), ``store`` (matches kept by id; stale appends refused), ``session`` (the loop
that drives seats, for the terminal and the server), ``errors`` (the one error hierarchy), ``schema``
(JSON Schemas of actions, events and views).

``match``, ``store`` and ``session`` (and their names here: ``Match``, ``LogEntry``, ``FileStore``,
``MatchStore``, ``Session``) are imported when first used, so a command that only lists games
starts without them (issue 16); ``from starlanes.core import Match`` works as always.
"""

from typing import TYPE_CHECKING

from starlanes.lazy import lazy_names

from .actions import Action, ActionCodec
from .decision import Decision, Pending, Withdraw
from .errors import (
    ContentError,
    GameOver,
    IllegalAction,
    MatchError,
    NoSuchMatch,
    NotYourTurn,
    ParseError,
    PathError,
    StaleState,
    StarlanesError,
    UnknownName,
    UsageError,
)
from .gm import GM_ACTIONS, Actor, Close, EndGame, Ruling
from .legal import ActionTemplate, LegalActions
from .params import ParamInfo, Params, param, param_infos, params_from_dict, params_to_dict, parse_params
from .rng import Rng, derive_seed, new_seed
from .ruleset import Ruleset
from .spec import Chance, GameSpec, Information
from .state import GM, Event, EventData, GameState, Note, Observer, Outcome, SeatView, Viewer, view_hash

__all__ = [
    "GM",
    "GM_ACTIONS",
    "Action",
    "ActionCodec",
    "ActionTemplate",
    "Actor",
    "Chance",
    "Close",
    "ContentError",
    "Decision",
    "EndGame",
    "Event",
    "EventData",
    "FileStore",
    "GameOver",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Information",
    "LegalActions",
    "LogEntry",
    "Match",
    "MatchError",
    "MatchStore",
    "NoSuchMatch",
    "NotYourTurn",
    "Note",
    "Observer",
    "Outcome",
    "ParamInfo",
    "Params",
    "ParseError",
    "PathError",
    "Pending",
    "Rng",
    "Ruleset",
    "Ruling",
    "SeatView",
    "Session",
    "StaleState",
    "StarlanesError",
    "UnknownName",
    "UsageError",
    "Viewer",
    "Withdraw",
    "derive_seed",
    "new_seed",
    "param",
    "param_infos",
    "params_from_dict",
    "params_to_dict",
    "parse_params",
    "view_hash",
]

_LAZY = {"LogEntry": "match", "Match": "match", "Session": "session", "FileStore": "store", "MatchStore": "store"}

if TYPE_CHECKING:
    from .match import LogEntry, Match
    from .session import Session
    from .store import FileStore, MatchStore


__getattr__ = lazy_names(__name__, _LAZY)  # the lazily imported names (see the module docstring)
