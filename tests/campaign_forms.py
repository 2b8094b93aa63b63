"""A valid civilisation creation form for the campaign tests (server and browser), made of the
choices the server offers a nation (``GET /api/campaigns/{id}/creation``)."""

from __future__ import annotations

from typing import Any


def form(choices: dict[str, Any], name: str = "Aster Realm", **changes: Any) -> dict[str, Any]:
    """A valid creation form made of the choices the server offers."""
    data: dict[str, Any] = {
        "name": name, "player": "ann", "native": choices["natives"][0], "homeworld": choices["homeworlds"][0],
        "second_district": "academic", "l2_techs": choices["core_techs"][:choices["l2_techs"]],
        "traits": [{"name": "Crystal Spires", "category": "homeworld", "drawback": True, "text": "no rushing"},
                   {"name": "Scholars", "category": "people", "text": "Analyse costs half"},
                   {"name": "Enlightenment", "category": "ambition"}],
        "principles": [{"name": "Guild System", "adherence": 3}, {"name": "Xenophobia", "adherence": 2},
                       {"name": "Geneticists", "adherence": 1}],
        "ships": [{"class": choices["ships"][0], "name": "Pathfinder"},
                  {"class": choices["ships"][0], "name": "Seeker"}],
        "detachments": [{"class": choices["detachments"][0], "name": "First Surveyors"},
                        {"class": choices["detachments"][0], "name": "Builders"}],
        "organisation": {"name": "Exploration Society", "type": "science"},
    }
    data.update(changes)
    return data
