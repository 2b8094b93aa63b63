"""The starlanes engine core: the protocol every ruleset implements and the framework around it.

Read in this order: ``spec`` (GameSpec), ``params`` (tunable rules), ``state`` (state base,
events, outcome, views), ``actions`` (typed actions with a text form), ``decision`` (what a state awaits; sealed
choices), ``gm`` (the GM as an actor), ``legal`` (lazy lists of legal actions), ``rng`` (randomness in
the state), ``ruleset`` (the protocol and its checks), ``match`` (append-only log, replay,
save/load, undo), ``store`` (matches kept by id; stale appends refused), ``session`` (the loop
that drives seats, for the terminal and the server), ``errors`` (the one error hierarchy), ``schema``
(JSON Schemas of actions, events and views).

Every name here is imported from its module when first used (``starlanes.lazy``), so importing
one module of the core (``starlanes.core.errors``, say) imports that module alone, and a command
that only lists games or prints help starts without the rest (issue 16);
``from starlanes.core import Match`` works as always.
"""

from typing import TYPE_CHECKING

from starlanes.lazy import lazy_names

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

# Where each name lives.
_HOME = {
    "Action": "actions",
    "ActionCodec": "actions",
    "Decision": "decision",
    "Pending": "decision",
    "Withdraw": "decision",
    "ContentError": "errors",
    "GameOver": "errors",
    "IllegalAction": "errors",
    "MatchError": "errors",
    "NoSuchMatch": "errors",
    "NotYourTurn": "errors",
    "ParseError": "errors",
    "PathError": "errors",
    "StaleState": "errors",
    "StarlanesError": "errors",
    "UnknownName": "errors",
    "UsageError": "errors",
    "Actor": "gm",
    "Close": "gm",
    "EndGame": "gm",
    "GM_ACTIONS": "gm",
    "Ruling": "gm",
    "ActionTemplate": "legal",
    "LegalActions": "legal",
    "LogEntry": "match",
    "Match": "match",
    "ParamInfo": "params",
    "Params": "params",
    "param": "params",
    "param_infos": "params",
    "params_from_dict": "params",
    "params_to_dict": "params",
    "parse_params": "params",
    "Rng": "rng",
    "derive_seed": "rng",
    "new_seed": "rng",
    "Ruleset": "ruleset",
    "Session": "session",
    "Chance": "spec",
    "GameSpec": "spec",
    "Information": "spec",
    "Event": "state",
    "EventData": "state",
    "GM": "state",
    "GameState": "state",
    "Note": "state",
    "Observer": "state",
    "Outcome": "state",
    "SeatView": "state",
    "Viewer": "state",
    "view_hash": "state",
    "FileStore": "store",
    "MatchStore": "store",
}

__getattr__ = lazy_names(__name__, _HOME)  # the names, imported when first used

if TYPE_CHECKING:
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
    from .match import LogEntry, Match
    from .params import (
        ParamInfo,
        Params,
        param,
        param_infos,
        params_from_dict,
        params_to_dict,
        parse_params,
    )
    from .rng import Rng, derive_seed, new_seed
    from .ruleset import Ruleset
    from .session import Session
    from .spec import Chance, GameSpec, Information
    from .state import (
        GM,
        Event,
        EventData,
        GameState,
        Note,
        Observer,
        Outcome,
        SeatView,
        Viewer,
        view_hash,
    )
    from .store import FileStore, MatchStore
