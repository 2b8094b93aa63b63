"""Star Kingdoms at war (part 2 groundwork): units and their statistics, space and ground battles,
planets under attack, and battle odds.

Every module here is a set of pure functions over small records, so the turn pipeline (which
decides *who* fights, from relationships and movement) calls them with the forces it has gathered
and writes what they return into the campaign state and the sheets:

- :mod:`.params`: every number of the combat rules as a tunable field (``WarParams``);
- :mod:`.units`: a unit's design (class, flexible modules, variant, module tech levels) and the
  statistics it gives (UNIT-*);
- :mod:`.battle`: the battle engine shared by space and ground combat (COMB-05..17, GRND-04);
- :mod:`.ground`: rounds per turn by mobility, militia, ground devastation (GRND-*, MIL-*);
- :mod:`.planet`: blockade rating, bombardment, devastation, planetary defence fire (BLK-*,
  BOMB-*, DEV-*, PDEF-*);
- :mod:`.odds`: many simulated battles between two fleets, with confidence intervals;
- :mod:`.vbattle`: the same space battles fought all at once with NumPy (the odds tool's engine
  from 50 runs on; the scalar :mod:`.battle` stays the reference, ruling 252).
"""
