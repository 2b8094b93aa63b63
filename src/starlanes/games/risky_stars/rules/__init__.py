"""What Risky Stars actions do, one module per part of the rules: ``setup``, ``turn`` (turns,
rounds, production, muster, the end), ``economy`` (buying, placing, upgrades, heroes),
``movement`` (the move and arrival), ``combat`` (volleys and resolution), ``alliances``.
Every function assumes ``legality.why_not`` accepted the action."""
