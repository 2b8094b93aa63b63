"""starlanes: an engine for space strategy board games.

Rules enforced by the machine, bots that play well, matches saved and replayed, hidden
information kept hidden, and a lab that runs thousands of games. See ``starlanes.core`` for the
protocol, ``starlanes.registry`` for the games, ``starlanes.ai`` for bots.

``available_games`` and ``get_game`` are imported from the registry when first used, so that
importing any part of the package (``starlanes.core.errors``, the command line) does not load the
registry and the core with it (issue 16).
"""

from typing import TYPE_CHECKING

from starlanes.lazy import lazy_names

__all__ = ["__version__", "available_games", "get_game"]

__version__ = "0.1.0"

__getattr__ = lazy_names(__name__, {"available_games": "registry", "get_game": "registry"})

if TYPE_CHECKING:
    from starlanes.registry import available_games, get_game
