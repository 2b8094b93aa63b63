"""starlanes: an engine for space strategy board games.

Rules enforced by the machine, bots that play well, matches saved and replayed, hidden
information kept hidden, and a lab that runs thousands of games. See ``starlanes.core`` for the
protocol, ``starlanes.registry`` for the games, ``starlanes.ai`` for bots.
"""

from starlanes.registry import available_games, get_game

__all__ = ["__version__", "available_games", "get_game"]

__version__ = "0.1.0"
