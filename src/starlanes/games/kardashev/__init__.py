"""Kardashev (rules/kardashev.md): hex exploration, sealed bids, six roles with technology trees.

The groundwork is protocol-independent: content as data (``content``, ``effects``), the hex board
and fleet movement (``board``), prices (``costs``), combat arithmetic (``combat``), scoring and
the end of the game (``scoring``), the technology tree (``techs``) and the params (``spec``).
The ruleset (``game``) wires the core protocol to the state (``state``), the actions
(``actions``), the one legality predicate and its listing (``legality``), the rules by phase
(``rules/``: ``round`` for setup, bids and the end, ``turn``, ``fleet``, ``harvest``), the
events (``events``) and the views (``view``). Rulings: docs/rulings/kardashev.md.
"""
