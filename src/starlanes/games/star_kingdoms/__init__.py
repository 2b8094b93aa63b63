"""Star Kingdoms (rules v2.6.8): a GM-run campaign of nations, played by written orders.

The galaxy and catalogue as validated data (:mod:`.galaxy`, :mod:`.catalogue`), the galaxy
generator (:mod:`.galaxygen`), the economy, projects and technology as pure functions
(:mod:`.economy`, :mod:`.projects`, :mod:`.tech`), the order language (:mod:`.orders`), the turn
(:mod:`.pipeline`: economy, movement, battles, planets, works, organisations), the sheets
(:mod:`.sheets`), the GM's actions (:mod:`.gm`) and the ruleset (:mod:`.game`). Params and the
game's spec are in :mod:`.spec`; rulings in ``docs/rulings/star-kingdoms.md``.
"""
