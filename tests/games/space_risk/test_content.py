"""Issue 8: the board is static content served by its content id; a view names no file."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec
import pytest

from starlanes.core import GM, ContentError, Rng
from starlanes.core.schema import static_content_id
from starlanes.games.space_risk.board import board_document, board_from_data, default_board, resolve_board

from .helpers import GAME
from .test_board import small_board


def _without_about(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_about(v) for k, v in value.items() if k != "about"}
    if isinstance(value, list):
        return [_without_about(v) for v in value]
    return value


def _same_board(doc: dict[str, Any], file_doc: dict[str, Any]) -> None:
    links = {frozenset(pair) for pair in doc.pop("links")}
    file_links = {frozenset(pair) for pair in file_doc.pop("links")}
    for space in file_doc["space"]:
        space.setdefault("asteroid", False)  # the file's default, written out
    assert links == file_links
    assert doc == _without_about(file_doc)


def test_static_content_is_the_board_file_structure() -> None:
    content = GAME.static_content(GAME.default_params())
    assert list(content) == ["board"]
    data = json.loads(content["board"])
    assert data["schema"] == "space-risk-board/1"
    reach = json.loads(resources.files("starlanes.games.space_risk").joinpath("content/reach.json").read_text())
    _same_board(data, reach)
    # canonical: keys sorted, no spaces; it loads back as the same board
    assert content["board"] == msgspec.json.encode(json.loads(content["board"]), order="sorted")
    again = board_from_data(json.loads(content["board"]), "served")
    assert board_document(again) == board_document(default_board())


def test_the_view_names_the_board_by_content_id_not_by_file(tmp_path: Path) -> None:
    path = tmp_path / "rocks.json"
    path.write_text(json.dumps(small_board()))
    params = GAME.params_from({"board": str(path)})
    state = GAME.setup(params, 2, 3)
    cid = GAME.content_id(params)
    assert cid == static_content_id(GAME.static_content(params))
    served = json.loads(GAME.static_content(params)["board"])
    _same_board(served, small_board())
    for viewer in (0, 1, GM):
        view = GAME.view(state, viewer)
        assert view.game.params.board == cid
        assert str(path) not in GAME.view_to_json(view).decode()
    # the saved match still records the file's hash
    assert set(GAME.content_hashes(params)) == {"board"}


def test_determinize_finds_a_custom_board_by_its_content_id(tmp_path: Path) -> None:
    path = tmp_path / "rocks.json"
    path.write_text(json.dumps(small_board()))
    state = GAME.setup({"board": str(path)}, 2, 3)
    view = GAME.view_from_json(GAME.view_to_json(GAME.view(state, 0)))
    guess = GAME.determinize_view(view, Rng.from_seed(5))
    assert guess.owner == state.owner
    assert [a.text() for a in GAME.legal_actions(guess, 0)] == [a.text() for a in GAME.legal_actions(state, 0)]
    assert "Ash" in GAME.render(view.game, 0)


def test_an_unknown_content_id_is_a_clear_error() -> None:
    with pytest.raises(ContentError, match="no board with this content id is loaded"):
        resolve_board("0" * 64)
