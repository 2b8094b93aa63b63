"""Items 18, 26, 27 (core part): a save that is not what it claims is refused in one line that
names the file and the field, within a second, and a save whose content files changed since it
was saved is refused."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from starlanes.core import MatchError, Params, param
from starlanes.core.match import MAX_MATCH_BYTES, Match
from tests.toy.duel import Duel, DuelParams, make_duel


def saved(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    match = Match.new(make_duel(), ["a", "b"], 5)
    for _ in range(4):
        seat = min(match.to_act())
        match.play(seat, match.legal_actions(seat)[0])
    path = match.save(tmp_path / "m.json")
    return path, json.loads(path.read_text())


def refused(path: Path, *fragments: str) -> str:
    start = time.perf_counter()
    with pytest.raises(MatchError) as info:
        Match.load(path, make_duel())
    assert time.perf_counter() - start < 1.0
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message, message
    for python in ("KeyError", "TypeError", "ValueError", "Traceback", "(<", "inf"):
        assert python not in message, message
    return message


def tamper(tmp_path: Path, key: str, value: Any, raw: str | None = None) -> Path:
    path, data = saved(tmp_path)
    data[key] = value
    text = json.dumps(data)
    if raw is not None:
        text = text.replace(json.dumps(value), raw)
    path.write_text(text)
    return path


def test_a_save_without_its_log_names_the_field(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    del data["log"]
    path.write_text(json.dumps(data))
    refused(path, "log: must be a list")


def test_a_non_utf8_save_is_refused_in_one_line(tmp_path: Path) -> None:
    path, _ = saved(tmp_path)
    path.write_bytes(b'{"format": "\xff\xfe starlanes"}')
    refused(path, "not UTF-8 text (byte 12 is 0xff)")


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path, _ = saved(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(Match.load(path, make_duel()).log) == 4


@pytest.mark.parametrize("raw", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_a_seed_that_is_not_a_finite_number_is_refused(tmp_path: Path, raw: str) -> None:
    refused(tamper(tmp_path, "seed", 123456, raw), "not valid JSON")


@pytest.mark.parametrize("value", [1.5, -3, "12", True, None, [1], 2**2000])
def test_a_seed_that_is_not_a_whole_number_is_refused(tmp_path: Path, value: Any) -> None:
    refused(tamper(tmp_path, "seed", value), "seed: must be a whole number")


def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "starlanes-match/1", "params": ' + "[" * 100_000 + "]" * 100_000 + "}")
    refused(path, "nested too deeply")


@pytest.mark.parametrize(("value", "fragment"), [
    ([1, 2], "params: must be an object"),
    ("hand_size=2", "params: must be an object"),
    ({"hand_size": [3]}, "params: param hand_size: a list is not a valid int"),
    ({"hand_size": "٣"}, "params: param hand_size: '٣' is not a valid int"),
    ({"hand_size": 2.5}, "params: param hand_size"),
    ({"no_such": 1}, "params: unknown param 'no_such'"),
])
def test_params_of_the_wrong_type_are_refused(tmp_path: Path, value: Any, fragment: str) -> None:
    refused(tamper(tmp_path, "params", value), fragment)


@pytest.mark.parametrize(("entry", "fragment"), [
    ([0.5, "bank"], 'log entry 1: must be [seat number or "gm", action text]'),
    ([True, "bank"], 'log entry 1: must be [seat number or "gm", action text]'),
    (["0", "bank"], 'log entry 1: must be [seat number or "gm", action text]'),
    ([7, "bank"], "log entry 1: no seat 7; seats are 0-1"),
    ([0], 'log entry 1: must be [seat number or "gm", action text]'),
    ({"seat": 0}, 'log entry 1: must be [seat number or "gm", action text]'),
])
def test_a_log_seat_that_is_not_a_seat_number_is_refused(tmp_path: Path, entry: Any, fragment: str) -> None:
    path, data = saved(tmp_path)
    data["log"][0] = entry
    path.write_text(json.dumps(data))
    refused(path, fragment)


def test_seats_must_be_names_and_fit_the_game(tmp_path: Path) -> None:
    refused(tamper(tmp_path, "seats", "ab"), "seats: must be a list")
    refused(tamper(tmp_path, "seats", ["a"]), "seats: duel is for 2-4 players, not 1")


def test_an_illegal_log_entry_names_the_file_and_the_entry(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["log"][1] = [data["log"][1][0], "play " + "9" * 500]
    path.write_text(json.dumps(data))
    message = refused(path, "log entry 2")
    assert len(message) < 400


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(MAX_MATCH_BYTES + 10)
    refused(path, "larger than 16 MiB")


def test_a_log_longer_than_the_rulesets_cap_is_refused_before_replay(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["log"] = [[0, "bank"]] * (make_duel().spec.max_actions + 1)
    path.write_text(json.dumps(data))
    refused(path, "log: ", "more than duel's cap")


def test_a_file_just_under_the_size_limit_is_judged_within_a_second(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["padding"] = "x" * (MAX_MATCH_BYTES - 2000)
    data["log"][0] = [0, "no-such-verb"]
    path.write_text(json.dumps(data))
    refused(path, "log entry 1")


def test_a_device_that_never_ends_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    start = time.perf_counter()
    with pytest.raises(MatchError, match="larger than"):
        Match.load("/dev/zero", make_duel())
    assert time.perf_counter() - start < 1.0


def test_a_wrong_game_name_in_the_file_is_one_line(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    data["game"] = ["duel"]
    path.write_text(json.dumps(data))
    with pytest.raises(MatchError, match="not a starlanes match file"):
        Match.load(path)


# ----------------------------------------------------------------- content hashes (item 27)
@dataclass(frozen=True)
class FileDuelParams(DuelParams):
    table: str = param("", "a content file whose bytes the match depends on")


class FileDuel(Duel):
    """The test ruleset with a param naming a content file, hashed as a real ruleset does."""

    spec = Duel.spec.__class__(**{**Duel.spec.__dict__, "params": FileDuelParams})

    def content_hashes(self, params: Params) -> dict[str, str]:
        assert isinstance(params, FileDuelParams)
        if not params.table:
            return {}
        return {"table": hashlib.sha256(Path(params.table).read_bytes()).hexdigest()}


def test_the_base_ruleset_has_no_content_hashes() -> None:
    assert make_duel().content_hashes(DuelParams()) == {}


def test_a_save_keeps_the_hash_of_each_content_file_and_refuses_a_changed_one(tmp_path: Path) -> None:
    table = tmp_path / "table.txt"
    table.write_text("first")
    game = FileDuel()
    match = Match.new(game, ["a", "b"], 3, FileDuelParams(table=str(table)))
    path = match.save(tmp_path / "m.json")
    data = json.loads(path.read_text())
    assert data["content_hashes"] == {"table": hashlib.sha256(b"first").hexdigest()}
    assert Match.load(path, game).content_hashes == data["content_hashes"]
    table.write_text("second")
    with pytest.raises(MatchError) as info:
        Match.load(path, game)
    assert f"table file {table} changed since the match was saved" in str(info.value)
    assert str(path) in str(info.value)


def test_a_tampered_hash_record_is_refused(tmp_path: Path) -> None:
    refused(tamper(tmp_path, "content_hashes", ["x"]), "content_hashes: must be an object")
    refused(tamper(tmp_path, "content_hashes", {"table": "00"}), "table file changed since the match was saved")
