"""Kardashev (rules/kardashev.md): hex exploration, sealed bids, six roles with technology trees.

The protocol-independent groundwork: content as data (``content``, ``effects``), the hex board
and fleet movement (``board``), prices (``costs``), combat arithmetic (``combat``), scoring and
the end of the game (``scoring``), the technology tree (``techs``) and the params (``spec``).
The ruleset itself (state, actions, turn loop) plugs these in; rulings: docs/rulings/kardashev.md.
"""
