"""risky-stars: conquest of star systems joined by hyperspace lanes (rules/risky-stars.md).

The groundwork the ruleset builds on, read top-down: ``spec`` (params), ``maps`` (the
``risky-stars-map/1`` content schema, its loader and the topology), ``validate`` (every map
rule, each violation named), ``mapgen`` (seeded map generator), ``combat`` (one d10 exchange
and whole fights, exact), ``montecarlo`` (NumPy estimates for big armies), ``odds`` (the odds
report).  House rules: ``docs/rulings/risky-stars.md``.
"""
