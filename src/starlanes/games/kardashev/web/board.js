// Kardashev's board in the browser: the hexagon of 37 flat-topped hex cells, north at the top
// (the blue zone's 19 inner cells tinted blue, the white zone's outer ring grey), each cell's
// tile (its symbols as coloured pips, a destroyed planet hatched, empty space dark, unexplored
// space plain), the colony (a disc) and fleet (a triangle) on it in their owners' colours with
// their levels, and an attack being resolved in red; below it each seat's role, cards, supplies,
// score and technologies, and the round (tiles on offer, bids, turn slots, what is awaited, the
// bag's counts). Drawn from the seat's view alone (ctx.view.game, a KardashevView) and the
// game's static content (techs.json, roles.json: names only). A cell is a board thing: a click
// on it keeps the legal actions that name it (written q,r, as the actions write cells).

import { html, svg } from "/board-kit.js";

const S = 56; // a hex's circumradius, in the drawing's units
const ROOT3 = Math.sqrt(3);
const NEUTRAL = "#9aa3ad";
const ORDER = ["military", "food", "matter", "energy"];
const SYMBOL = {
  food: { letter: "F", fill: "#3fae5a", name: "food" },
  matter: { letter: "M", fill: "#b9c2d6", name: "matter" },
  energy: { letter: "E", fill: "#f2c230", name: "energy" },
  military: { letter: "X", fill: "#d8434b", name: "military" },
};
const CELL = /^-?[0-9]+,-?[0-9]+$/;

// ---------------------------------------------------------------- what an action involves
function cellsOfList(value) {
  const n = value.split(",");
  const out = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push(`${n[i]},${n[i + 1]}`);
  return out;
}

// The board things an action names: its cells (q,r; a cells= or shares= list cell by cell; a
// move's path= is how it goes, not what it is about), and a pick's turn slot and drawn tile.
export function refs(text) {
  const words = text.trim().split(/\s+/);
  if (words[0] === "pick") {
    const out = [];
    if (/^[0-9]+$/.test(words[1] || "")) out.push(`slot ${words[1]}`);
    if (/^[1-9][0-9]*$/.test(words[2] || "")) out.push(`tile ${words[2]}`);
    return out;
  }
  const out = [];
  for (const w of words.slice(1)) {
    const eq = w.indexOf("=");
    const key = eq < 0 ? "" : w.slice(0, eq);
    const value = eq < 0 ? w : w.slice(eq + 1);
    if (key === "path") continue;
    if (CELL.test(value)) out.push(value);
    else if ((key === "cells" || key === "shares") && /^-?[0-9]+(,-?[0-9]+)*$/.test(value)) out.push(...cellsOfList(value));
  }
  return out;
}

function gameOf(ctx) {
  const game = ctx && ctx.view && ctx.view.game;
  return game && Array.isArray(game.cells) ? game : null;
}

export function known(ref, ctx) {
  const view = gameOf(ctx);
  if (!view) return false;
  if (CELL.test(ref)) return view.cells.some((c) => `${c.q},${c.r}` === ref);
  const tile = /^tile ([0-9]+)$/.exec(ref);
  if (tile) return Number(tile[1]) >= 1 && Number(tile[1]) <= (view.offer || []).length;
  const slot = /^slot ([0-9]+)$/.exec(ref);
  return !!slot && Number(slot[1]) >= 1 && Number(slot[1]) <= (view.slots || []).length;
}

// ---------------------------------------------------------------- names from the content
function contentFile(content, name) {
  return content && typeof content === "object" && content[name] && typeof content[name] === "object" ? content[name] : {};
}

const pretty = (key) => String(key).split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

function roleName(content, key) {
  if (key === null || key === undefined) return "no role yet";
  const role = contentFile(content, "roles.json")[key];
  return role && role.name ? role.name : pretty(key);
}

function techLabel(content, key) {
  const tech = contentFile(content, "techs.json")[key];
  return tech && tech.name ? `${tech.name} ${tech.level}${tech.tech_action ? "*" : ""}` : pretty(key);
}

function symbolsText(symbols) {
  const list = ORDER.filter((s) => (symbols || []).includes(s));
  return list.length ? list.map((s) => SYMBOL[s].letter).join("+") : "empty";
}

function tileName(symbols, back) {
  return symbols && symbols.length ? `planet ${symbolsText(symbols)} (back: ${back})` : "empty space";
}

// ---------------------------------------------------------------- the board's geometry
function centre(q, r) {
  return { x: 1.5 * S * q, y: ROOT3 * S * (r + q / 2) };
}

function hexPoints(x, y, size) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function cellName(view, index) {
  const c = view.cells[index];
  return c ? `${c.q},${c.r}` : "?";
}

function cellTitle(cell, name) {
  const where = `${name} (${cell.zone} zone)`;
  let tile;
  if (cell.tile === null || cell.tile === undefined) tile = "unexplored";
  else if (cell.tile === "destroyed") tile = `destroyed planet${(cell.terraformed || []).length ? `, terraformed ${symbolsText(cell.terraformed)}` : ""}`;
  else if (cell.tile === "empty") tile = "empty space";
  else {
    const added = (cell.terraformed || []).filter((s) => !(cell.symbols || []).includes(s));
    tile = `planet ${symbolsText(cell.symbols)}${added.length ? `, terraformed ${symbolsText(added)}` : ""} (back: ${cell.back})`;
  }
  const pieces = [];
  if (cell.colony !== null && cell.colony !== undefined && cell.colony_level) pieces.push(`seat ${cell.colony}'s level-${cell.colony_level} colony`);
  if (cell.fleet !== null && cell.fleet !== undefined && cell.fleet_level) pieces.push(`seat ${cell.fleet}'s level-${cell.fleet_level} fleet`);
  return `${where}: ${tile}${pieces.length ? `; ${pieces.join(", ")}` : ""}`;
}

// ---------------------------------------------------------------- drawing
export function render(box, ctx) {
  const view = gameOf(ctx);
  if (!view) {
    box.replaceChildren(html("pre", { class: "text-board" }, ctx.text || ""));
    return;
  }
  const colour = (seat) => (seat !== null && seat !== undefined && seat >= 0 ? ctx.seatColour(seat) : NEUTRAL);
  const active = ctx.active || new Set();
  const targets = new Set();
  if (ctx.picked && ctx.actions) {
    for (const a of ctx.actions) {
      const r = refs(a.text);
      if (r.includes(ctx.picked)) r.forEach((x) => targets.add(x));
    }
  }
  const cls = (ref) => [active.has(ref) ? "active" : "", ctx.picked === ref ? "picked" : "", targets.has(ref) && ctx.picked !== ref ? "target" : ""].join(" ");

  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of view.cells) {
    const p = centre(c.q, c.r);
    x0 = Math.min(x0, p.x - S); x1 = Math.max(x1, p.x + S);
    y0 = Math.min(y0, p.y - (ROOT3 / 2) * S); y1 = Math.max(y1, p.y + (ROOT3 / 2) * S);
  }
  const pad = 6;
  const root = svg("svg", {
    viewBox: [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad].map((v) => Math.round(v)).join(" "),
    role: "img", "aria-label": "Kardashev board", class: "kardashev",
  });
  root.append(svg("defs", {},
    svg("pattern", { id: "kd-rubble", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 10, height: 10, fill: "#2a1a1c" }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#6b3a3a", "stroke-width": 4 }))));
  root.append(svg("style", {}, `
    .kardashev .ref.target > polygon.hit { stroke: #fff; stroke-dasharray: 6 4; stroke-width: 3.5; }
    .kardashev .ref.picked > polygon.hit { stroke: #fff; stroke-width: 5; }
    .kardashev .ref.active > polygon.hit { stroke: #e6ebf5; }
    .kardashev .ref:hover > polygon.hit { stroke: #fff; }
  `));
  const battle = view.battle || null;
  view.cells.forEach((cell, index) => {
    const name = `${cell.q},${cell.r}`;
    const { x, y } = centre(cell.q, cell.r);
    const blue = cell.zone === "blue";
    const g = svg("g", { class: `ref kd-cell ${cls(name)}`, "data-ref": name, "data-tile": cell.tile || "unexplored" });
    let fill;
    if (cell.tile === null || cell.tile === undefined) fill = blue ? "#132650" : "#1a1e2a";
    else if (cell.tile === "destroyed") fill = "url(#kd-rubble)";
    else if (cell.tile === "empty") fill = "#090c14";
    else fill = blue ? "#1f3360" : "#262d40";
    g.append(svg("polygon", {
      class: "hit", points: hexPoints(x, y, S - 1.5), fill, stroke: blue ? "#4a78c8" : "#667089", "stroke-width": 2,
      "stroke-dasharray": cell.tile === null || cell.tile === undefined ? "5 4" : null,
    }));
    const owner = cell.colony !== null && cell.colony !== undefined && cell.colony_level ? cell.colony : null;
    if (owner !== null) {
      g.append(svg("polygon", { class: "kd-owner", points: hexPoints(x, y, S - 7), fill: "none", stroke: colour(owner), "stroke-width": 4, opacity: 0.9 }));
    }
    g.append(svg("text", { x, y: y - 0.58 * S, "text-anchor": "middle", "font-size": 16, "font-weight": 600, fill: blue ? "#a9c8ff" : "#b4bccd" }, name));
    if (cell.tile === "planet" || (cell.terraformed || []).length) {
      const shown = ORDER.filter((s) => (cell.symbols || []).includes(s) || (cell.terraformed || []).includes(s));
      // four pips must fit the hex's width at their height: smaller and closer the more there are
      const [step, radius, font] = shown.length >= 4 ? [21, 10, 13] : shown.length === 3 ? [25, 11.5, 14] : [27, 12, 15];
      shown.forEach((s, k) => {
        const px = x + (k - (shown.length - 1) / 2) * step;
        const py = y - 0.2 * S;
        const printed = (cell.symbols || []).includes(s);
        g.append(svg("circle", { class: `kd-symbol kd-${s}`, cx: px, cy: py, r: radius, fill: printed ? SYMBOL[s].fill : "#0b0f1a",
          stroke: SYMBOL[s].fill, "stroke-width": 2, "stroke-dasharray": printed ? null : "3 2" }));
        g.append(svg("text", { x: px, y: py + font * 0.36, "text-anchor": "middle", "font-size": font, "font-weight": 800,
          fill: printed ? "#0b0f1a" : SYMBOL[s].fill }, printed ? SYMBOL[s].letter : SYMBOL[s].letter.toLowerCase()));
      });
    } else if (cell.tile === "empty") {
      g.append(svg("text", { x, y: y - 0.12 * S, "text-anchor": "middle", "font-size": 13, fill: "#7b86a0" }, "empty"));
    } else if (cell.tile === "destroyed") {
      g.append(svg("text", { x, y: y - 0.1 * S, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#d58a8a" }, "✕"));
    }
    if (owner !== null) {
      const cx = x - 0.3 * S;
      const cy = y + 0.36 * S;
      g.append(svg("circle", { class: "kd-colony", "data-seat": owner, "data-level": cell.colony_level, cx, cy, r: 14, fill: colour(owner), stroke: "#0b0f1a", "stroke-width": 2 }));
      g.append(svg("text", { x: cx, y: cy + 5.5, "text-anchor": "middle", "font-size": 16, "font-weight": 800, fill: "#fff", stroke: "#0b0f1a", "stroke-width": 2.5, "paint-order": "stroke" }, cell.colony_level));
    }
    if (cell.fleet !== null && cell.fleet !== undefined && cell.fleet_level) {
      const fx = owner !== null ? x + 0.3 * S : x;
      const fy = y + 0.36 * S;
      g.append(svg("path", { class: "kd-fleet", "data-seat": cell.fleet, "data-level": cell.fleet_level,
        d: `M${fx},${fy - 16} L${fx + 16},${fy + 12} L${fx - 16},${fy + 12} Z`, fill: colour(cell.fleet), stroke: "#0b0f1a", "stroke-width": 2, "stroke-linejoin": "round" }));
      g.append(svg("text", { x: fx, y: fy + 9, "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#fff", stroke: "#0b0f1a", "stroke-width": 2.5, "paint-order": "stroke" }, cell.fleet_level));
    }
    if (battle && (battle.target === index || battle.start === index)) {
      g.append(svg("polygon", { class: battle.target === index ? "kd-attacked" : "kd-attacker", points: hexPoints(x, y, S - 3), fill: "none",
        stroke: "#ff5252", "stroke-width": 4, "stroke-dasharray": battle.target === index ? null : "8 5" }));
    }
    g.append(svg("title", {}, cellTitle(cell, name) + (battle && battle.target === index ? "; under attack" : "") + (battle && battle.start === index ? "; the attacking fleet left from here" : "")));
    g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(name); });
    root.append(g);
  });
  box.replaceChildren(root, panel(view, ctx, colour, cls));
}

// ---------------------------------------------------------------- the seats and the round
function chipOf(s, ctx) {
  return html("span", { class: "kd-who" }, html("span", { class: "swatch", style: `background:${ctx.seatColour(s)}` }),
    `seat ${s}${s === ctx.seat ? " (you)" : ""}`);
}

function join(items, sep = ", ") {
  return items.flatMap((x, i) => (i ? [sep, x] : [x]));
}

function pips(symbols) {
  const list = ORDER.filter((s) => (symbols || []).includes(s));
  if (!list.length) return [html("span", { class: "muted" }, "empty")];
  return list.map((s) => html("span", { class: "kd-pip", style: `background:${SYMBOL[s].fill}`, title: SYMBOL[s].name }, SYMBOL[s].letter));
}

function budgetText(view) {
  const player = view.seats[view.active];
  const total = view.base_used + view.research_used;
  if (player && player.role === "generalist") return `actions used: ${total} of 3 (any mix)`;
  return `actions used: ${view.base_used} base, ${view.research_used} research (${total} of 3)`;
}

function taskText(task, view, ctx) {
  const why = String(task.reason || "").replace(/-/g, " ");
  const who = chipOf(task.seat, ctx);
  if (task.kind === "gain") return [who, ` ${task.optional ? "may gain" : "gains"} ${task.amount || 1} (${(task.types || []).join("/") || "any type"}) for ${why}`];
  if (task.kind === "pay") return [who, ` pays ${task.amount} card(s) to `, task.to >= 0 ? chipOf(task.to, ctx) : "the bank", ` (${why})`];
  if (task.kind === "place") {
    const offer = task.tile >= 0 ? (view.offer || [])[task.tile] : null;
    const tile = offer ? tileName(offer.symbols, offer.back) : tileName(task.drawn, task.drawn_back);
    return [who, ` places ${tile} (${why}) on one of ${(task.cells || []).length} cells`];
  }
  if (task.kind === "support") return [who, ` chooses supporting fleets (${why}) among ${(task.cells || []).map((c) => cellName(view, c)).join(" ")}`];
  if (task.kind === "raid") return [who, ` names a resource type to raid (${why})`];
  return [who, ` ${task.kind} (${why})`];
}

function panel(view, ctx, colour, cls) {
  const content = ctx.content;
  const scores = view.scores || [];
  const ally = (s) => {
    const team = (view.teams || []).find((t) => t.includes(s) && t.length > 1);
    return team ? ` · ally of seat ${team.filter((x) => x !== s).join(", ")}` : "";
  };
  const seats = (view.seats || []).map((p, s) => html("li", {
    class: `kd-seat${view.active === s ? " current" : ""}${p.eliminated ? " out" : ""}`, "data-seat": String(s),
  },
  html("div", { class: "kd-seat-head" }, chipOf(s, ctx), html("b", {}, roleName(content, p.role)),
    html("span", { class: "muted" }, `${ally(s)} · score ${scores[s] ?? 0}${p.eliminated ? " · eliminated" : ""}`)),
  html("div", { class: "kd-hand" },
    html("span", { class: "kd-res", title: "food" }, html("span", { class: "kd-pip", style: `background:${SYMBOL.food.fill}` }, "F"), ` ${p.food}`),
    html("span", { class: "kd-res", title: "matter" }, html("span", { class: "kd-pip", style: `background:${SYMBOL.matter.fill}` }, "M"), ` ${p.matter}`),
    html("span", { class: "kd-res", title: "energy" }, html("span", { class: "kd-pip", style: `background:${SYMBOL.energy.fill}` }, "E"), ` ${p.energy}`),
    html("span", { class: "muted" }, ` · supply ${p.colonies_supply} colony / ${p.fleets_supply} fleet pieces`)),
  html("div", { class: "kd-techs muted" }, (p.techs || []).length
    ? `techs: ${p.techs.map((k) => techLabel(content, k)).join(", ")}${p.cloned ? ` (Cloning copies ${techLabel(content, p.cloned)})` : ""}`
    : "techs: none")));

  const info = [];
  info.push(html("div", { class: "kd-phase" }, `round ${view.round} · ${view.phase}${view.last_round ? ` · last round ${view.last_round}` : ""}`));
  if (view.phase === "role" && view.role_order) {
    const chosen = view.seats.filter((p) => p.role !== null && p.role !== undefined).length;
    if (chosen < view.role_order.length) info.push(html("div", {}, chipOf(view.role_order[chosen], ctx), " chooses a role"));
  }
  if ((view.offer || []).length) {
    info.push(html("div", { class: "kd-offer" }, html("span", { class: "muted" }, "tiles on offer: "),
      view.offer.map((o, i) => {
        const ref = `tile ${i + 1}`;
        return html("button", {
          type: "button", "data-ref": ref, class: `kd-tile ${cls(ref)}`, onclick: () => ctx.pick(ref),
          title: `${tileName(o.symbols, o.back)}, drawn by seat ${o.drawer}${o.taker !== null && o.taker !== undefined ? `, taken by seat ${o.taker}` : ""}`,
        }, html("b", {}, `${i + 1}`), " ", pips(o.symbols), html("small", {}, ` back ${o.back === "empty" ? "empty" : "✕"} · by `),
        html("span", { class: "swatch", style: `background:${colour(o.drawer)}` }),
        o.taker !== null && o.taker !== undefined ? [html("small", {}, " → "), html("span", { class: "swatch", style: `background:${colour(o.taker)}` })] : null);
      })));
  }
  if (view.phase === "bid") info.push(html("div", { class: "muted" }, `Sealed bids: 0 to ${view.params.max_bid} cards; nobody sees a bid until all are in.`));
  if ((view.bids || []).length) {
    info.push(html("div", {}, "bids: ", join(view.bids.map((b, s) => html("span", {}, chipOf(s, ctx), ` ${b}${view.rolls && view.rolls[s] ? ` (rolled ${view.rolls[s]})` : ""}`)))));
  }
  if (view.phase === "pick" && (view.pickers || []).length && view.picked < view.pickers.length) {
    info.push(html("div", {}, chipOf(view.pickers[view.picked], ctx), view.params.ally_variant ? " picks a tile" : " picks a turn slot and a tile"));
  }
  if ((view.slots || []).length) {
    info.push(html("div", { class: "kd-slots" }, html("span", { class: "muted" }, "turn slots: "), view.slots.map((s, i) => {
      const ref = `slot ${i + 1}`;
      return html("button", { type: "button", "data-ref": ref, class: `kd-slot ${cls(ref)}`, onclick: () => ctx.pick(ref) },
        `${i + 1}: `, s >= 0 ? chipOf(s, ctx) : "free");
    })));
  }
  if (view.phase === "turn" && (view.order || []).length) {
    info.push(html("div", {}, "turn order: ", join(view.order.map((s) => chipOf(s, ctx)), " → ")));
    if (view.active >= 0 && view.seats[view.active]) info.push(html("div", {}, chipOf(view.active, ctx), ` is active · ${budgetText(view)}`));
  }
  for (const task of view.tasks || []) info.push(html("div", { class: "kd-task" }, "waiting: ", taskText(task, view, ctx)));
  if (view.battle) {
    const b = view.battle;
    const target = view.cells[b.target] || {};
    const sum = (list) => (list || []).reduce((n, c) => n + ((view.cells[c] || {}).fleet_level || 0), 0);
    const defence = (target.colony_level || 0) + (target.fleet_level || 0) + sum(b.defence_supports);
    const attack = b.level + sum(b.attack_supports);
    info.push(html("div", { class: "kd-battle" }, "attack: ", chipOf(b.attacker, ctx),
      `'s level-${b.level} fleet from ${cellName(view, b.start)} on ${cellName(view, b.target)}: ${attack} against ${defence} (a tie holds for the defender)`));
  }
  if ((view.bag_left || []).length) {
    const total = view.bag_left.reduce((a, b) => a + b, 0);
    const kinds = view.bag_left.map((n, k) => (n ? `${symbolsText((view.bag_kinds || [])[k])} ${n}` : null)).filter(Boolean).join(", ");
    info.push(html("div", { class: "muted kd-bag" }, `bag: ${total} tiles left${kinds ? ` (${kinds})` : ""}`));
  }
  if (view.ended) info.push(html("div", { class: "kd-ended" }, `game over: ${view.ended}`));
  if ((view.teams || []).some((t) => t.length > 1)) {
    info.push(html("div", { class: "muted" }, `team scores: ${view.teams.map((t) => `${t.join("+")} ${t.reduce((n, s) => n + (scores[s] || 0), 0)}`).join(", ")}`));
  }
  const legend = html("div", { class: "kd-legend muted" },
    pips(ORDER), " military, food, matter, energy (dashed: terraformed) · ● colony, ▲ fleet, with its level, in its owner's colour · ",
    html("span", { style: "color:#9cc0ff" }, "blue"), " zone: bought tiles go there first · dashed hex: unexplored · ✕ destroyed planet");
  return html("div", { class: "kd-panel" },
    html("style", {}, `
      .kd-panel { display: grid; gap: .45rem; padding: .4rem .5rem .3rem; font-size: .85rem; }
      .kd-panel ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .35rem; }
      .kd-seat { display: grid; gap: .1rem; }
      .kd-seat-head, .kd-hand { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
      .kd-seat.current b { color: var(--accent); }
      .kd-seat.out { opacity: .5; }
      .kd-who { display: inline-flex; gap: .25rem; align-items: center; }
      .kd-pip { display: inline-grid; place-items: center; width: 1.05rem; height: 1.05rem; border-radius: 50%; color: #0b0f1a; font-size: .7rem; font-weight: 800; margin-right: .1rem; }
      .kd-res { display: inline-flex; align-items: center; }
      .kd-phase { font-weight: 600; }
      .kd-offer, .kd-slots { display: flex; gap: .3rem; flex-wrap: wrap; align-items: center; }
      .kd-tile, .kd-slot { display: inline-flex; gap: .2rem; align-items: center; padding: .15rem .45rem; font-size: .8rem; }
      .kd-tile.active, .kd-slot.active { border-color: var(--accent-2); }
      .kd-tile.target, .kd-slot.target { border-color: #fff; border-style: dashed; }
      .kd-tile.picked, .kd-slot.picked { border-color: #fff; background: #2a3a60; }
      .kd-battle { color: #ff8a8a; }
      .kd-legend { font-size: .75rem; }
    `),
    html("ul", {}, seats), info, legend);
}
