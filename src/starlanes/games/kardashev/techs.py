"""The technology tree as pure functions: what may be researched, what researching costs a
player (the other face of a card), and which effects a player's role and technologies give.

Every rule that a technology or a role changes asks ``player_effects`` for the effects of its
hook (see effects.py); nothing here or in the rules names a technology: Cloning is recognised by
its ``clone`` effect, the Generalist by its ``action-budget`` effect.

>>> from starlanes.games.kardashev.content import load_content
>>> content = load_content()
>>> research_refusal(content, "warlord", frozenset(), "wormhole")
'Wormhole needs Propellant Depot first'
>>> sorted(after_research(content, "warlord", frozenset({"harvest-rover"}), "asteroid-mining"))
['asteroid-mining']
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

import msgspec

from starlanes.games.kardashev.content import Content
from starlanes.games.kardashev.effects import ActionBudget, Clone, Effect, effects_at

__all__ = [
    "BASE_BUDGET",
    "Budget",
    "after_research",
    "clone_refusal",
    "is_clone",
    "player_effects",
    "research_refusal",
    "tech_levels",
    "turn_budget",
]


class Budget(msgspec.Struct, frozen=True):
    """Actions in one turn: base, research, and either kind (TRN 75)."""

    base: int
    research: int
    either: int

    @property
    def total(self) -> int:
        return self.base + self.research + self.either


BASE_BUDGET = Budget(1, 1, 1)


def is_clone(content: Content, tech: str) -> bool:
    """Whether ``tech`` copies another technology (a ``clone`` effect)."""
    return any(isinstance(e, Clone) for e in content.techs[tech].effects)


def research_refusal(content: Content, role: str, held: AbstractSet[str], tech: str) -> str | None:
    """Why ``role`` holding ``held`` may not research ``tech`` now, or None (K-Q01, K-Q02).

    The tech must be on the role's own card and not held; its card's required slot (one level
    below) must be held with either face. A cloned copy is no prerequisite: pass only the
    technologies actually researched."""
    card = content.roles[role]
    name = content.techs[tech].name if tech in content.techs else tech
    slot = card.slot_of(tech)
    if slot is None:
        return f"{name} is not on the {card.name} card"
    if tech in held:
        return f"{name} is already researched"
    if slot.requires is not None:
        needed = card.slot(slot.requires).faces
        if not any(face in held for face in needed):
            return f"{name} needs {' or '.join(content.techs[f].name for f in needed)} first"
    return None


def after_research(content: Content, role: str, held: AbstractSet[str], tech: str) -> frozenset[str]:
    """The technologies held after researching ``tech``: the other face of its card is lost
    (no refund, no points; K-Q03). The research must be legal (``research_refusal``)."""
    slot = content.roles[role].slot_of(tech)
    if slot is None:
        raise ValueError(f"'{tech}' is not on the {role} card")
    return frozenset(held - set(slot.faces)) | {tech}


def clone_refusal(content: Content, role: str, target: str) -> str | None:
    """Why a clone may not copy ``target``, or None: any technology of the own card except a
    clone (A#32)."""
    card = content.roles[role]
    if card.slot_of(target) is None:
        return f"{content.techs[target].name if target in content.techs else target} is not on the {card.name} card"
    if is_clone(content, target):
        return "a clone cannot copy a clone"
    return None


def player_effects(
    content: Content, role: str, held: Iterable[str], cloned: str | None = None
) -> tuple[Effect, ...]:
    """Every effect in force for a player: its role's abilities, then its technologies' effects
    in card order; a clone technology gives the effects of ``cloned`` instead of its own, and
    nothing when that technology is held anyway (no doubling, K-TE32)."""
    card = content.roles[role]
    owned = set(held)
    out: list[Effect] = list(card.abilities)
    for slot in card.card:  # ``card.techs``, slot by slot (no tuple of them built)
        for tech in slot.faces:
            if tech not in owned:
                continue
            effects = content.techs[tech].effects
            for effect in effects:  # ``is_clone`` on the effects at hand
                if isinstance(effect, Clone):
                    if cloned is not None and cloned not in owned:
                        out.extend(content.techs[cloned].effects)
                    break
            else:
                out.extend(effects)
    return tuple(out)


def turn_budget(effects: Iterable[Effect]) -> Budget:
    """The actions of a turn: 1 base, 1 research, 1 of either (TRN 75), unless an
    ``action-budget`` effect replaces it (the Generalist: any 3, K-A04)."""
    budget = BASE_BUDGET
    for effect in effects_at(effects, "action-budget"):
        assert isinstance(effect, ActionBudget)
        budget = Budget(effect.base, effect.research, effect.either)
    return budget


def tech_levels(content: Content, held: Iterable[str]) -> tuple[int, ...]:
    """Levels of the held technologies, for scoring (K-Q07; a clone scores its own level)."""
    return tuple(sorted(content.techs[t].level for t in held))
