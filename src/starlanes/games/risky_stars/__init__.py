"""risky-stars: conquest of star systems joined by hyperspace lanes (rules/risky-stars.md).

Read top-down. The groundwork: ``spec`` (params and the spec), ``maps`` (the
``risky-stars-map/1`` content schema, its loader and the topology), ``validate`` (every map rule,
each violation named), ``mapgen`` (seeded map generator), ``combat`` (one d10 exchange and whole
fights, exact), ``montecarlo`` (NumPy estimates for big armies), ``odds`` (the odds report).
The ruleset: ``board`` (the map's indexes for play), ``state`` and ``view`` (what exists, what a
seat sees), ``actions`` and ``events`` (what players say, what happens), ``economy`` (yields and
costs), ``legality`` (the one predicate and the list), ``rules/`` (setup, turns and rounds, the
economy's actions, movement, combat, alliances), ``describe`` (words for people) and ``game``
(the ``Ruleset``). House rules and every gap decided: ``docs/rulings/risky-stars.md``.
"""
