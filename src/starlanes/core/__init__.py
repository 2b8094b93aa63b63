"""The starlanes engine core: the protocol every ruleset implements and the framework around it.

Read in this order: ``spec`` (GameSpec), ``params`` (tunable rules), ``state`` (state base,
events, outcome, views), ``actions`` (typed actions with a text form), ``rng`` (randomness in
the state), ``ruleset`` (the protocol and its checks), ``match`` (log, replay, save/load,
undo), ``errors`` (the one error hierarchy), ``dice`` (exact dice probabilities).
"""

from .actions import Action, ActionCodec
from .errors import (
    ContentError,
    GameOver,
    IllegalAction,
    MatchError,
    NotYourTurn,
    ParseError,
    StarlanesError,
    UnknownName,
)
from .match import LogEntry, Match
from .params import ParamInfo, Params, param, param_infos, params_from_dict, params_to_dict, parse_params
from .rng import Rng, derive_seed
from .ruleset import Ruleset
from .spec import Chance, GameSpec, Information
from .state import GM, Event, GameState, Observer, Outcome, SeatView, Viewer

__all__ = [
    "GM",
    "Action",
    "ActionCodec",
    "Chance",
    "ContentError",
    "Event",
    "GameOver",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Information",
    "LogEntry",
    "Match",
    "MatchError",
    "NotYourTurn",
    "Observer",
    "Outcome",
    "ParamInfo",
    "Params",
    "ParseError",
    "Rng",
    "Ruleset",
    "SeatView",
    "StarlanesError",
    "UnknownName",
    "Viewer",
    "derive_seed",
    "param",
    "param_infos",
    "params_from_dict",
    "params_to_dict",
    "parse_params",
]
