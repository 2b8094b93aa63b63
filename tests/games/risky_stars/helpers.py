"""Shared test helpers: map data as plain JSON-ready dicts, and writing them to files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from starlanes.games.risky_stars.maps import StarMap, map_from_json, map_to_json, sample_map

FIXTURES = Path(__file__).parent / "fixtures"
PUBLISHED_SAMPLE = FIXTURES / "sample-2p-published.json"


def sample_data() -> dict[str, Any]:
    """The shipped sample map as a fresh, mutable dict."""
    data: dict[str, Any] = json.loads(map_to_json(sample_map()))
    return copy.deepcopy(data)


def from_data(data: dict[str, Any], check_rules: bool = False) -> StarMap:
    return map_from_json(json.dumps(data), "test.json", check_rules=check_rules)


def write(tmp_path: Path, data: Any, name: str = "map.json") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)
