"""Names of a package that load with their module when first used (PEP 562).

A package that lists its public names for readers but should not import their modules until one
is used (so that ``starlanes games`` reads a game's ``spec`` without its rules, and
``import starlanes.core`` does not import the match store) writes::

    __getattr__ = lazy_names(__name__, {"SPEC": "spec", "make_ruleset": "game"})

with the same names imported under ``TYPE_CHECKING`` for the type checker. A name is imported from
``<package>.<module>`` on first use and kept in the package, so later uses cost nothing.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``homes`` comes from the submodule
    ``homes[name]``; any other name is an ``AttributeError`` as usual."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
