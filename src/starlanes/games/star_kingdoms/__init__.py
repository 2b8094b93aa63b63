"""Star Kingdoms (rules v2.6.8): content, economy, projects, technology and the order language.

The groundwork of part 1 that does not depend on the core protocol: the galaxy and catalogue as
validated data (:mod:`.galaxy`, :mod:`.catalogue`), the galaxy generator (:mod:`.galaxygen`), the
economy, projects and technology as pure functions (:mod:`.economy`, :mod:`.projects`,
:mod:`.tech`), and the order language (:mod:`.orders`).  Params are in :mod:`.spec`; rulings in
``docs/rulings/star-kingdoms.md``.  The game is not registered yet.
"""
