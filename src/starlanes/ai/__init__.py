"""Agents that play any ruleset through the core protocol."""
