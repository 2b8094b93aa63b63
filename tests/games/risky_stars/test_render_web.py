"""The browser board (web/board.js), run by Node on a small stand-in for the DOM: it draws every
region, body and lane mouth of the map from the seat's view, with the units there, and names the
board things each action involves."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest
from tests.games.risky_stars.test_render import played

import starlanes.web
from starlanes.games.risky_stars.board import board_of
from starlanes.games.risky_stars.game import make_ruleset
from starlanes.registry import get_entry
from starlanes.web import board_module

GAME = make_ruleset()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node is needed to run the browser board")

FAKE_DOM = """
class Node {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.className = ""; this.listeners = {}; }
  setAttribute(k, v) { this.attrs[k] = v; }
  append(...items) { for (const c of items) this.children.push(c); }
  replaceChildren(...items) { this.children = items; }
  addEventListener(kind, f) { this.listeners[kind] = f; }
  get text() { return this.children.map((c) => (c instanceof Node ? c.text : String(c))).join(""); }
}
class TextNode extends Node { constructor(t) { super("#text"); this.value = t; } get text() { return this.value; } }
globalThis.Node = Node;
globalThis.document = {
  createElementNS: (ns, tag) => new Node(tag),
  createElement: (tag) => new Node(tag),
  createTextNode: (t) => new TextNode(t),
};
function walk(n, f) { if (n instanceof Node) { f(n); n.children.forEach((c) => walk(c, f)); } }
"""

SCRIPT = """
const board = await import(process.argv[2]);
const input = JSON.parse(require_fs.readFileSync(process.argv[3], "utf8"));
const picked = [];
const ctx = { view: input.view, content: null, seat: input.seat, picked: null, active: new Set(), actions: [],
              pick: (r) => picked.push(r), seatColour: (s) => `hsl(${s * 60}, 70%, 50%)` };
const box = new Node("div");
board.render(box, ctx);
const out = { region: [], mouth: [], body: [], numbers: [], titles: [] };
walk(box, (n) => {
  const cls = n.attrs.class || "";
  for (const k of ["region", "mouth", "body"]) if (cls.startsWith(`ref ${k}`)) out[k].push(n.attrs["data-ref"]);
  if (n.tag === "title") out.titles.push(n.text);
});
walk(box.children[0], (n) => { if (n.tag === "text" && /^[0-9]+$/.test(n.text)) out.numbers.push(Number(n.text)); });
const first = [];
walk(box, (n) => { if (!first.length && (n.attrs.class || "").startsWith("ref region")) first.push(n); });
first[0].listeners.click({ stopPropagation() {} });
out.picked = picked;
out.panel = box.children[1].text;
out.refs = input.actions.map((a) => board.refs(a, ctx));
out.known = [board.known(input.known[0], ctx), board.known(input.known[1], ctx)];
console.log(JSON.stringify(out));
"""


def run_board(tmp_path: Path, view: Any, seat: int, actions: list[str], known: list[str]) -> dict[str, Any]:
    module = board_module("risky-stars")
    assert module is not None
    copy = tmp_path / "board.mjs"  # an ES module for Node, whatever the folder's package.json says
    kit = Path(starlanes.web.__file__).parent / "static" / "board-kit.js"  # the boards' shared module
    (tmp_path / "board-kit.mjs").write_text(kit.read_text(encoding="utf-8"), encoding="utf-8")
    source = module.read_text(encoding="utf-8").replace('from "/board-kit.js"', 'from "./board-kit.mjs"')
    copy.write_text(source, encoding="utf-8")
    data = tmp_path / "input.json"
    data.write_bytes(msgspec.json.encode({"view": msgspec.to_builtins(view), "seat": seat, "actions": actions,
                                          "known": known}))
    runner = tmp_path / "run.mjs"
    runner.write_text("import * as require_fs from 'node:fs';\n" + FAKE_DOM + SCRIPT, encoding="utf-8")
    assert NODE is not None
    done = subprocess.run([NODE, str(runner), copy.as_uri(), str(data)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_entry_names_the_board() -> None:
    folder = get_entry("risky-stars").web_folder()
    assert folder is not None and (folder / "board.js").is_file()


@pytest.mark.parametrize("players", [2, 6])
def test_the_board_draws_every_region_body_and_mouth_with_its_units(tmp_path: Path, players: int) -> None:
    state = played(players, 200)
    b = board_of(state.star_map)
    view = GAME.view(state, 1)
    out = run_board(tmp_path, view, 1, [], ["h1", "nowhere"])
    assert sorted(out["region"]) == sorted(b.locations[:b.n_regions])
    assert sorted(out["mouth"]) == sorted(b.locations[b.n_regions:])
    assert sorted(out["body"]) == sorted(body.id for body in b.bodies)
    shown = sorted(out["numbers"])
    on_board = sorted(sum(row[loc] for row in state.units) for loc in range(len(b.locations))
                      if any(row[loc] for row in state.units))
    assert shown == on_board  # one count per occupied location, the sum of the armies there
    assert out["picked"] == [b.locations[0]]
    assert "Seat 1 (you)" in out["panel"] and f"round {state.round} of" in out["panel"]
    assert any(t.startswith(f"{b.locations[0]}: ") for t in out["titles"])


def test_refs_name_the_locations_and_bodies_of_an_action(tmp_path: Path) -> None:
    state = played(2, 0)
    b = board_of(state.star_map)
    region, mouth, body = b.locations[0], b.locations[b.n_regions], b.bodies[0].id
    actions = [f"move {region} {mouth} 3", f"buy {region} 12", f"upgrade {body}", f"hero h3 {body}", "propose 1", "end"]
    out = run_board(tmp_path, GAME.view(state, 0), 0, actions, [mouth, "h1"])
    assert out["refs"] == [[region, mouth], [region], [body], [body], [], []]
    assert out["known"] == [True, False]  # h1 is a system and a hero, not a board location
