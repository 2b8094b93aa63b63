// space-risk's board in the browser: planets as discs of their territories, each planet's orbit
// as a ring with its ships, the lanes between the orbits, owner colours and infantry counts.
// Drawn from the board content (schema space-risk-board/1) and the seat's view.

import { html, svg } from "/board-kit.js";

const SIZE = 1000;
const CENTRE = SIZE / 2;
const NEUTRAL = "#3a4560";
const KINDS = ["battleship", "transport"];

// ---------------------------------------------------------------- the board's geometry
const layouts = new WeakMap();

export function layout(content) {
  if (layouts.has(content)) return layouts.get(content);
  const names = [];
  const planetOf = [];
  content.planets.forEach((p, pi) => p.territories.forEach((t) => { names.push(t.name); planetOf.push(pi); }));
  const landCount = names.length;
  content.space.forEach((s) => { names.push(s.name); planetOf.push(-1); });
  const index = new Map(names.map((n, i) => [n, i]));
  const near = names.map(() => new Set());
  for (const [a, b] of content.links) {
    if (index.has(a) && index.has(b)) {
      near[index.get(a)].add(index.get(b));
      near[index.get(b)].add(index.get(a));
    }
  }
  // a planet's orbit: the space territory beside its land (its spaceport's launch first)
  const orbit = content.planets.map((p, pi) => {
    const launch = p.spaceport && index.get(p.spaceport.launch);
    if (launch !== undefined) return launch;
    for (let i = landCount; i < names.length; i++) {
      if ([...near[i]].some((j) => planetOf[j] === pi)) return i;
    }
    return -1;
  });
  const orbitPlanet = new Map(orbit.map((o, pi) => [o, pi]));
  const lanes = [];
  for (let i = landCount; i < names.length; i++) if (!orbitPlanet.has(i)) lanes.push(i);
  // planets joined by a lane
  const joined = content.planets.map(() => new Set());
  const laneEnds = new Map();
  for (const l of lanes) {
    const ends = [...near[l]].filter((j) => orbitPlanet.has(j)).map((j) => orbitPlanet.get(j));
    laneEnds.set(l, ends);
    if (ends.length === 2) {
      joined[ends[0]].add(ends[1]);
      joined[ends[1]].add(ends[0]);
    }
  }
  const n = content.planets.length;
  const degree = joined.map((s) => s.size);
  const top = Math.max(...degree);
  let centre = -1;
  if (n >= 4 && degree.filter((d) => d === top).length === 1 && top >= n - 1) centre = degree.indexOf(top);
  // the others in a ring, each beside a neighbour when it can be
  const ring = [];
  const left = content.planets.map((_, i) => i).filter((i) => i !== centre);
  while (left.length) {
    const last = ring[ring.length - 1];
    let next = last === undefined ? -1 : left.findIndex((i) => joined[last].has(i));
    if (next < 0) next = 0;
    ring.push(left.splice(next, 1)[0]);
  }
  const ringRadius = centre >= 0 ? 340 : 320;
  const chord = ring.length > 1 ? 2 * ringRadius * Math.sin(Math.PI / ring.length) : 400;
  const r = Math.max(55, Math.min(100, chord / 2 - 72));
  const pos = content.planets.map(() => ({ x: CENTRE, y: CENTRE, r }));
  ring.forEach((pi, k) => {
    const angle = -Math.PI / 2 - Math.PI / ring.length + (2 * Math.PI * k) / ring.length + (ring.length % 2 ? Math.PI / ring.length : 0);
    pos[pi] = { x: CENTRE + ringRadius * Math.cos(angle), y: CENTRE + ringRadius * Math.sin(angle), r };
  });
  if (centre >= 0) pos[centre] = { x: CENTRE, y: CENTRE, r: Math.min(110, r + 10) };
  const orbitGap = 26;
  const spot = new Map(); // territory index -> {x, y} of a space territory
  content.planets.forEach((_, pi) => { if (orbit[pi] >= 0) spot.set(orbit[pi], pos[pi]); });
  for (const l of lanes) {
    const ends = laneEnds.get(l);
    if (ends.length === 2) {
      const a = pos[ends[0]];
      const b = pos[ends[1]];
      const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const t = (a.r + orbitGap + (d - b.r - orbitGap)) / 2 / d;
      spot.set(l, { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    }
  }
  for (let pass = 0; pass < 4; pass++) { // lanes beside other lanes: between their neighbours
    for (const l of lanes) {
      if (spot.has(l) && laneEnds.get(l).length === 2) continue;
      const known = [...near[l]].filter((j) => spot.has(j)).map((j) => spot.get(j));
      if (known.length) {
        const x = known.reduce((s, p) => s + p.x, 0) / known.length;
        const y = known.reduce((s, p) => s + p.y, 0) / known.length;
        spot.set(l, known.length === 1 ? { x: x + (CENTRE - x) * 0.25, y: y + (CENTRE - y) * 0.25 + 40 } : { x, y });
      }
    }
  }
  lanes.forEach((l, k) => { if (!spot.has(l)) spot.set(l, { x: 60 + 80 * k, y: SIZE - 40 }); });
  const port = new Map();
  content.planets.forEach((p) => { if (p.spaceport) port.set(p.spaceport.territory, p.name); });
  const asteroid = new Set(content.space.filter((s) => s.asteroid).map((s) => s.name));
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const grow = (x, y, m) => { x0 = Math.min(x0, x - m); y0 = Math.min(y0, y - m); x1 = Math.max(x1, x + m); y1 = Math.max(y1, y + m); };
  pos.forEach((p) => grow(p.x, p.y, p.r + orbitGap + 16));
  for (const p of spot.values()) grow(p.x, p.y, 70);
  const box = [x0, y0, x1 - x0, y1 - y0].map((v) => Math.round(v));
  const result = { box, names, index, landCount, planetOf, near, orbit, orbitPlanet, lanes, pos, spot, port, asteroid, orbitGap };
  layouts.set(content, result);
  return result;
}

// ---------------------------------------------------------------- what an action involves
export function refs(text, ctx) {
  const words = text.split(/\s+/);
  const content = boardOf(ctx && ctx.content);
  const out = [];
  for (const w of words.slice(1)) {
    if (w.includes("=")) continue;
    if (/^S[0-9]+$/i.test(w)) out.push(w.toUpperCase());
    else if (!/^[0-9]+$/.test(w) && !KINDS.includes(w)) out.push(w);
  }
  if (words[0] === "build" && content) { // a build happens at the planet's spaceport
    const planet = content.planets.find((p) => p.name === words[1]);
    if (planet && planet.spaceport) out.push(planet.spaceport.territory);
  }
  return out;
}

export function known(ref, ctx) {
  const content = boardOf(ctx.content);
  return !!content && (layout(content).index.has(ref) || content.planets.some((p) => p.name === ref));
}

// the board file in the match's content: the content itself, or one of its named files
function boardOf(content) {
  if (!content || typeof content !== "object") return null;
  if (Array.isArray(content.planets)) return content;
  return Object.values(content).find((v) => v && typeof v === "object" && Array.isArray(v.planets)) || null;
}

// ---------------------------------------------------------------- drawing
function wedge(x, y, r0, r1, a0, a1) {
  const p = (r, a) => `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${p(r0, a0)} L${p(r1, a0)} A${r1},${r1} 0 ${large} 1 ${p(r1, a1)} L${p(r0, a1)} A${r0},${r0} 0 ${large} 0 ${p(r0, a0)} Z`;
}

function shipShape(ship, x, y, colour, ctx, cls) {
  const id = `S${ship.id}`;
  const g = svg("g", { class: `ref ship ${cls(id)}`, "data-ref": id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
  const body = ship.kind === 0
    ? svg("path", { d: "M-15,7 L0,-13 L15,7 L6,4 L0,9 L-6,4 Z", fill: colour, stroke: "#0b0f1a", "stroke-width": 2 })
    : svg("rect", { x: -14, y: -8, width: 28, height: 16, rx: 5, fill: colour, stroke: "#0b0f1a", "stroke-width": 2 });
  g.append(svg("circle", { r: 19, fill: "transparent" }), body);
  g.append(svg("text", { y: 24, "text-anchor": "middle", "font-size": 12, fill: "#e6ebf5", "font-weight": 600 }, id));
  if (ship.cargo) {
    g.append(svg("circle", { cx: 14, cy: -11, r: 9, fill: "#0b0f1a", stroke: colour }),
      svg("text", { x: 14, y: -7, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700 }, ship.cargo));
  }
  g.append(svg("title", {}, `${id}: ${KINDS[ship.kind] || "ship"} of seat ${ship.owner}${ship.cargo ? `, ${ship.cargo} infantry aboard` : ""}${ship.moved ? ", moved" : ""}`));
  g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(id); });
  return g;
}

export function render(box, ctx) {
  const content = boardOf(ctx.content);
  const view = ctx.view.game;
  if (!content) {
    box.replaceChildren(html("pre", { class: "text-board" }, ctx.text || ""));
    return;
  }
  const L = layout(content);
  const colour = (seat) => (seat >= 0 ? ctx.seatColour(seat) : NEUTRAL);
  const targets = new Set();
  if (ctx.picked && ctx.actions) {
    for (const a of ctx.actions) {
      const r = refs(a.text, ctx);
      if (r.includes(ctx.picked)) r.forEach((x) => targets.add(x));
    }
  }
  const cls = (ref) => [ctx.active.has(ref) ? "active" : "", ctx.picked === ref ? "picked" : "", targets.has(ref) && ctx.picked !== ref ? "target" : ""].join(" ");
  const root = svg("svg", { viewBox: L.box.join(" "), role: "img", "aria-label": content.name || "space-risk board", class: "space-risk" });
  root.append(svg("defs", {},
    svg("radialGradient", { id: "sr-core", cx: "35%", cy: "30%", r: "75%" },
      svg("stop", { offset: "0%", "stop-color": "#46577f" }), svg("stop", { offset: "100%", "stop-color": "#141b2e" })),
    svg("pattern", { id: "sr-rocks", width: 14, height: 14, patternUnits: "userSpaceOnUse" },
      svg("circle", { cx: 3, cy: 4, r: 2, fill: "#8a7a63" }), svg("circle", { cx: 10, cy: 10, r: 1.5, fill: "#6f6350" }))));
  root.append(svg("style", {}, `
    .space-risk .ref.target .hit, .space-risk .ref.target > path { stroke: #fff; stroke-dasharray: 6 4; stroke-width: 3; }
    .space-risk .ref.picked .hit, .space-risk .ref.picked > path, .space-risk .ref.picked > circle.hit { stroke: #fff; stroke-width: 4; }
    .space-risk .ref:hover .hit, .space-risk .ref:hover > path { stroke: #fff; }
  `));
  // lanes under everything
  const laneLayer = svg("g", { class: "lanes" });
  for (const l of L.lanes) {
    const p = L.spot.get(l);
    for (const j of L.near[l]) {
      if (j < L.landCount) continue;
      if (L.lanes.includes(j) && j < l) continue;
      const q = L.spot.get(j);
      if (!q) continue;
      const d = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const back = L.orbitPlanet.has(j) ? L.pos[L.orbitPlanet.get(j)].r + L.orbitGap : 0;
      const qx = q.x - ((q.x - p.x) / d) * back;
      const qy = q.y - ((q.y - p.y) / d) * back;
      laneLayer.append(svg("line", { x1: p.x, y1: p.y, x2: qx, y2: qy, stroke: L.asteroid.has(L.names[l]) ? "#8a7a63" : "#5a6e9c",
        "stroke-width": 5, "stroke-dasharray": L.asteroid.has(L.names[l]) ? "3 7" : null, "stroke-linecap": "round", opacity: 0.8 }));
    }
  }
  root.append(laneLayer);
  const shipsAt = new Map();
  for (const s of view.ships) {
    if (!shipsAt.has(s.at)) shipsAt.set(s.at, []);
    shipsAt.get(s.at).push(s);
  }
  // lane nodes
  for (const l of L.lanes) {
    const name = L.names[l];
    const p = L.spot.get(l);
    const rocky = L.asteroid.has(name);
    const g = svg("g", { class: `ref lane ${cls(name)}`, "data-ref": name });
    g.append(svg("circle", { class: "hit", cx: p.x, cy: p.y, r: 24, fill: rocky ? "url(#sr-rocks)" : "#1a2540", stroke: rocky ? "#a08c6c" : "#6f86bb", "stroke-width": 2 }));
    g.append(svg("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 12, fill: "#dfe6f5", "font-weight": 600 }, name.replace(/-/, " ")));
    g.append(svg("title", {}, `${name}${rocky ? ": asteroid field (+1 to defending dice)" : ": space lane"}`));
    g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(name); });
    root.append(g);
    (shipsAt.get(l) || []).forEach((s, k, all) => {
      const a = -Math.PI / 2 + (k - (all.length - 1) / 2) * 0.9;
      root.append(shipShape(s, p.x + 44 * Math.cos(a), p.y + 44 * Math.sin(a) - 6, colour(s.owner), ctx, cls));
    });
  }
  // planets
  content.planets.forEach((planet, pi) => {
    const { x, y, r } = L.pos[pi];
    const o = L.orbit[pi];
    const orbitR = r + L.orbitGap;
    if (o >= 0) {
      const oname = L.names[o];
      const g = svg("g", { class: `ref orbit ${cls(oname)}`, "data-ref": oname });
      g.append(svg("circle", { class: "hit", cx: x, cy: y, r: orbitR, fill: "none", stroke: "#32456f", "stroke-width": 14, opacity: 0.9 }));
      g.append(svg("title", {}, `${oname}: the orbit of ${planet.name}`));
      g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(oname); });
      root.append(g);
    }
    const terrs = planet.territories;
    const step = (2 * Math.PI) / terrs.length;
    const inner = r * 0.42;
    terrs.forEach((t, k) => {
      const i = L.index.get(t.name);
      const a0 = -Math.PI / 2 + k * step;
      const a1 = a0 + step;
      const owner = view.owner[i];
      const g = svg("g", { class: `ref land ${cls(t.name)}`, "data-ref": t.name });
      g.append(svg("path", { d: wedge(x, y, inner, r, a0 + 0.012, a1 - 0.012), fill: colour(owner), "fill-opacity": owner >= 0 ? 0.82 : 0.5, stroke: "#0b0f1a", "stroke-width": 2 }));
      const mid = (a0 + a1) / 2;
      const rr = (inner + r) / 2 + 2;
      const lx = x + rr * Math.cos(mid);
      const ly = y + rr * Math.sin(mid);
      g.append(svg("text", { x: lx, y: ly + 9, "text-anchor": "middle", "font-size": 24, "font-weight": 800, fill: "#fff", stroke: "#0b0f1a", "stroke-width": 3, "paint-order": "stroke" }, view.armies[i]));
      g.append(svg("text", { x: lx, y: ly - 11, "text-anchor": "middle", "font-size": 11, fill: "#f0f3fa", opacity: 0.85 }, t.name.split("-").pop()));
      if ([...L.near[i]].includes(o)) {
        g.append(svg("line", { x1: x + (r + 2) * Math.cos(mid), y1: y + (r + 2) * Math.sin(mid), x2: x + (orbitR - 6) * Math.cos(mid), y2: y + (orbitR - 6) * Math.sin(mid), stroke: "#8fa6d8", "stroke-width": 3 }));
      }
      if (L.port.has(t.name)) {
        const sx = x + (r - 12) * Math.cos(mid + step * 0.28);
        const sy = y + (r - 12) * Math.sin(mid + step * 0.28);
        g.append(svg("text", { x: sx, y: sy + 5, "text-anchor": "middle", "font-size": 15, fill: "#ffe082" }, "★"));
      }
      g.append(svg("title", {}, `${t.name} (${t.card}): ${owner >= 0 ? `seat ${owner}` : "nobody"}, ${view.armies[i]} infantry${L.port.has(t.name) ? ", spaceport" : ""}`));
      g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(t.name); });
      root.append(g);
    });
    const holder = view.planet_holder ? view.planet_holder[pi] : -1;
    const core = svg("g", { class: `ref core ${cls(planet.name)}`, "data-ref": planet.name });
    core.append(svg("circle", { class: "hit", cx: x, cy: y, r: inner - 3, fill: "url(#sr-core)", stroke: holder >= 0 ? colour(holder) : "#0b0f1a", "stroke-width": holder >= 0 ? 4 : 2 }));
    core.append(svg("text", { x, y: y + 1, "text-anchor": "middle", "font-size": planet.name.length > 8 ? 11 : 13, "font-weight": 700, fill: "#fff" }, planet.name));
    core.append(svg("text", { x, y: y + 16, "text-anchor": "middle", "font-size": 11, fill: "#ffe082" }, `+${planet.net_worth}`));
    core.append(svg("title", {}, `${planet.name}: worth ${planet.net_worth} a turn to whoever holds all of it for a round${holder >= 0 ? ` (seat ${holder} holds it)` : ""}`));
    core.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(planet.name); });
    root.append(core);
    (shipsAt.get(o) || []).forEach((s, k) => {
      const a = -Math.PI * 0.75 + k * (30 / orbitR) * 1.3;
      root.append(shipShape(s, x + orbitR * Math.cos(a), y + orbitR * Math.sin(a), colour(s.owner), ctx, cls));
    });
  });
  box.replaceChildren(root, players(view, content, L, ctx));
}

function cardName(content, L, i) {
  return i < L.landCount ? L.names[i] : `Special-${i - L.landCount + 1}`;
}

// where a turn's reinforcements came from (view.income, a record), in the terminal's words:
// "18 territories / 2 = 9, Vega 3, completed cards 4; 2 lost for want of room"
export function incomeText(income, content) {
  const parts = [income.base === Math.floor(income.held / income.divisor)
    ? `${income.held} territories / ${income.divisor} = ${income.base}`
    : `${income.held} territories: the minimum ${income.base}`];
  for (const pi of income.planets || []) {
    const planet = content && content.planets ? content.planets[pi] : null;
    if (planet) parts.push(`${planet.name} ${planet.net_worth}`);
  }
  if (income.cards) parts.push(`completed cards ${income.cards}`);
  return parts.join(", ") + (income.lost ? `; ${income.lost} lost for want of room` : "");
}

function players(view, content, L, ctx) {
  const rows = [];
  const seats = view.alive.length;
  for (let s = 0; s < seats; s++) {
    const terr = view.owner.filter((o, i) => o === s && i < L.landCount).length;
    const inf = view.owner.reduce((sum, o, i) => sum + (o === s ? view.armies[i] : 0), 0) + view.ships.filter((x) => x.owner === s).reduce((a, x) => a + x.cargo, 0);
    const ships = view.ships.filter((x) => x.owner === s).length;
    rows.push(html("li", { class: `sr-player${view.current === s ? " current" : ""}${view.alive[s] ? "" : " out"}` },
      html("span", { class: "swatch", style: `background:${ctx.seatColour(s)}` }),
      html("b", {}, `Seat ${s}${s === ctx.seat ? " (you)" : ""}`),
      html("span", {}, `${terr} terr · ${inf} inf · ${ships} ships · ${view.hand_sizes[s]} cards · ${view.stars[s]}★`),
      view.to_deploy && view.to_deploy[s] ? html("span", { class: "muted" }, ` · ${view.to_deploy[s]} to place`) : null));
  }
  const phase = `${view.phase} · round ${view.round}${view.current >= 0 ? ` · seat ${view.current}'s turn` : ""}`;
  const info = [html("div", { class: "sr-phase" }, phase)];
  if (view.pool) info.push(html("div", {}, `Reinforcements to place: ${view.pool}`));
  if (view.income && (view.pool || view.income.lost)) info.push(html("div", { class: "muted" }, `This turn: ${incomeText(view.income, content)}`));
  const mine = [];
  if (view.hand && ctx.seat != null) {
    const chips = view.hand.map((c) => {
      const name = cardName(content, L, c);
      const t = c < L.landCount ? content.planets[L.planetOf[c]].territories.find((x) => x.name === name) : null;
      return html("button", { type: "button", class: `card-chip${ctx.active.has(name) ? " active" : ""}${ctx.picked === name ? " picked" : ""}`, "data-ref": name,
        onclick: () => ctx.pick(name) }, name, html("small", {}, t ? ` ${t.card}` : " wild"));
    });
    mine.push(html("div", { class: "sr-hand" }, html("span", { class: "muted" }, "Your cards: "), chips.length ? chips : html("span", { class: "muted" }, "none")));
  }
  const missions = [];
  for (const [list, deck, label] of [[view.my_objectives, content.objectives, "Objective"], [view.my_goals, content.goals, "Goal"]]) {
    for (const i of list || []) if (deck && deck[i]) missions.push(html("li", {}, html("b", {}, `${label} ${deck[i].id}: `), `${deck[i].text} (reward ${deck[i].reward}${deck[i].stars ? `, ${deck[i].stars}★` : ""})`));
  }
  if (missions.length) mine.push(html("ul", { class: "sr-missions" }, missions));
  return html("div", { class: "sr-panel" },
    html("style", {}, `
      .sr-panel { display: grid; gap: .4rem; padding: .4rem .5rem .2rem; font-size: .85rem; }
      .sr-panel ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .15rem; }
      .sr-player { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
      .sr-player.current b { color: var(--accent); }
      .sr-player.out { opacity: .5; text-decoration: line-through; }
      .sr-phase { font-weight: 600; }
      .sr-hand { display: flex; gap: .3rem; flex-wrap: wrap; align-items: center; }
      .card-chip { padding: .15rem .45rem; font-size: .8rem; }
      .card-chip.active { border-color: var(--accent-2); }
      .card-chip.picked { border-color: #fff; background: #2a3a60; }
      .sr-missions li { color: var(--muted); }
    `),
    html("ul", {}, rows), info, mine);
}
