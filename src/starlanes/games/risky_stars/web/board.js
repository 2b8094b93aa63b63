// Risky Stars' board in the browser: each star system a disc holding its bodies (each body a
// ring of its regions, coloured by holder, with the units there), lane mouths on the rim of
// their system with the lanes between them, and a panel of the players' holdings, stockpiles and
// production. Drawn from the seat's view alone (the map travels in the view: view.star_map).

import { html, svg } from "/board-kit.js";

const NEUTRAL = "#3a4560";
const RES = ["P", "M", "F"];
const CLASS = { 1: "I", 2: "II", 3: "III" };

// ---------------------------------------------------------------- the map's indexes and geometry
const layouts = new WeakMap();

// Locations are numbered as the engine numbers them: every region in map order, then every lane
// mouth (lane order, end a before end b); a mouth's id is `<lane>:<system>`.
export function topology(map) {
  const locations = [];
  const systemOf = [];
  const bodyOf = [];
  const bodies = [];
  map.systems.forEach((s, si) => s.bodies.forEach((b) => {
    const bi = bodies.length;
    bodies.push({ body: b, system: si, regions: [] });
    b.regions.forEach((r) => { bodies[bi].regions.push(locations.length); locations.push(r.id); systemOf.push(si); bodyOf.push(bi); });
  }));
  const regionCount = locations.length;
  const sysIndex = new Map(map.systems.map((s, i) => [s.id, i]));
  const mouths = [];
  for (const lane of map.lanes) {
    const a = locations.length;
    locations.push(`${lane.id}:${lane.a}`); systemOf.push(sysIndex.get(lane.a)); bodyOf.push(-1);
    locations.push(`${lane.id}:${lane.b}`); systemOf.push(sysIndex.get(lane.b)); bodyOf.push(-1);
    mouths.push({ lane: lane.id, a, b: a + 1, sa: sysIndex.get(lane.a), sb: sysIndex.get(lane.b) });
  }
  const index = new Map(locations.map((id, i) => [id, i]));
  const bodyIndex = new Map(bodies.map((b, i) => [b.body.id, i]));
  return { locations, systemOf, bodyOf, bodies, regionCount, mouths, index, bodyIndex };
}

function radiusOf(system) {
  const regions = system.bodies.reduce((n, b) => n + b.regions.length, 0);
  return Math.round(Math.min(170, 48 + 17 * Math.sqrt(regions)));
}

// Featured systems in the middle, home systems on a ring, every other system beside the systems
// its lanes lead to; then a few rounds of pushing overlapping discs apart.
export function layout(map) {
  if (layouts.has(map)) return layouts.get(map);
  const T = topology(map);
  const n = map.systems.length;
  const radius = map.systems.map(radiusOf);
  const homes = map.systems.map((s, i) => i).filter((i) => map.systems[i].kind === "home");
  const ring = 320 + 45 * homes.length;
  const pos = map.systems.map(() => ({ x: 0, y: 0 }));
  const fixed = new Set();
  homes.forEach((si, k) => {
    const a = -Math.PI / 2 + (2 * Math.PI * k) / homes.length;
    pos[si] = { x: ring * Math.cos(a), y: ring * Math.sin(a) };
    fixed.add(si);
  });
  map.systems.forEach((s, si) => { if (s.kind === "featured") { pos[si] = { x: 0, y: 0 }; fixed.add(si); } });
  const near = map.systems.map(() => []);
  for (const m of T.mouths) { near[m.sa].push(m.sb); near[m.sb].push(m.sa); }
  const seen = new Map();
  map.systems.forEach((s, si) => {
    if (fixed.has(si)) return;
    const ends = near[si].filter((j) => fixed.has(j));
    let x = 0;
    let y = 0;
    for (const j of ends) { x += pos[j].x; y += pos[j].y; }
    if (ends.length) { x /= ends.length; y /= ends.length; }
    let len = Math.hypot(x, y);
    const key = ends.slice().sort().join(",");
    const k = seen.get(key) || 0;
    seen.set(key, k + 1);
    if (len < 1) { // between two opposite homes: to one side, then the other
      const a = (k % 2 ? Math.PI : 0) + Math.floor(k / 2) * 0.5;
      x = Math.cos(a); y = Math.sin(a); len = 1;
    }
    const out = ring * 1.05 + 60 * Math.floor(k / 2);
    const spread = (k % 2 ? -1 : 1) * (k ? 0.22 : 0);
    const a = Math.atan2(y, x) + spread;
    pos[si] = { x: out * Math.cos(a), y: out * Math.sin(a) };
  });
  for (let round = 0; round < 80; round++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[j].x - pos[i].x;
        const dy = pos[j].y - pos[i].y;
        const d = Math.hypot(dx, dy) || 1;
        const need = radius[i] + radius[j] + 40;
        if (d >= need) continue;
        const push = (need - d) / 2;
        const ux = dx / d;
        const uy = dy / d;
        if (!fixed.has(i)) { pos[i].x -= ux * push * (fixed.has(j) ? 2 : 1); pos[i].y -= uy * push * (fixed.has(j) ? 2 : 1); }
        if (!fixed.has(j)) { pos[j].x += ux * push * (fixed.has(i) ? 2 : 1); pos[j].y += uy * push * (fixed.has(i) ? 2 : 1); }
        moved = true;
      }
    }
    if (!moved) break;
  }
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  pos.forEach((p, i) => {
    x0 = Math.min(x0, p.x - radius[i] - 30); y0 = Math.min(y0, p.y - radius[i] - 30);
    x1 = Math.max(x1, p.x + radius[i] + 30); y1 = Math.max(y1, p.y + radius[i] + 30);
  });
  // each mouth on its system's rim, facing the far system
  const mouthAt = new Map();
  for (const m of T.mouths) {
    for (const [loc, here, there] of [[m.a, m.sa, m.sb], [m.b, m.sb, m.sa]]) {
      const a = Math.atan2(pos[there].y - pos[here].y, pos[there].x - pos[here].x);
      mouthAt.set(loc, { x: pos[here].x + radius[here] * Math.cos(a), y: pos[here].y + radius[here] * Math.sin(a) });
    }
  }
  const result = { T, pos, radius, mouthAt, box: [x0, y0, x1 - x0, y1 - y0].map((v) => Math.round(v)) };
  layouts.set(map, result);
  return result;
}

// ---------------------------------------------------------------- what an action involves
function mapOf(ctx) {
  const view = ctx && ctx.view && ctx.view.game;
  return view && view.star_map && Array.isArray(view.star_map.systems) ? view.star_map : null;
}

// The board things an action names: its locations and bodies (not its counts, seats or heroes).
export function refs(text, ctx) {
  const map = mapOf(ctx);
  const words = text.split(/\s+/).slice(1);
  if (!map) return words.filter((w) => !/^[0-9]+$/.test(w));
  const T = layout(map).T;
  return words.filter((w) => T.index.has(w) || T.bodyIndex.has(w));
}

export function known(ref, ctx) {
  const map = mapOf(ctx);
  if (!map) return false;
  const T = layout(map).T;
  return T.index.has(ref) || T.bodyIndex.has(ref);
}

// ---------------------------------------------------------------- drawing
function wedge(x, y, r0, r1, a0, a1) {
  const p = (r, a) => `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${p(r0, a0)} L${p(r1, a0)} A${r1},${r1} 0 ${large} 1 ${p(r1, a1)} L${p(r0, a1)} A${r0},${r0} 0 ${large} 0 ${p(r0, a0)} Z`;
}

function armies(view, loc) {
  const out = [];
  view.units.forEach((row, s) => { if (row[loc]) out.push([s, row[loc]]); });
  return out;
}

function locationTitle(view, id, loc) {
  const owner = view.owner[loc];
  const here = armies(view, loc).map(([s, u]) => `seat ${s}: ${u}`).join(", ");
  const fight = view.combats.find((c) => c.at === loc);
  return `${id}: ${owner >= 0 ? `held by seat ${owner}` : "unowned"}${here ? `; armies ${here}` : ""}${fight ? "; open combat" : ""}`;
}

export function render(box, ctx) {
  const map = mapOf(ctx);
  const view = ctx.view && ctx.view.game;
  if (!map) {
    box.replaceChildren(html("pre", { class: "text-board" }, ctx.text || ""));
    return;
  }
  const L = layout(map);
  const T = L.T;
  const colour = (seat) => (seat >= 0 ? ctx.seatColour(seat) : NEUTRAL);
  const targets = new Set();
  if (ctx.picked && ctx.actions) {
    for (const a of ctx.actions) {
      const r = refs(a.text, ctx);
      if (r.includes(ctx.picked)) r.forEach((x) => targets.add(x));
    }
  }
  const active = ctx.active || new Set();
  const cls = (ref) => [active.has(ref) ? "active" : "", ctx.picked === ref ? "picked" : "", targets.has(ref) && ctx.picked !== ref ? "target" : ""].join(" ");
  const fighting = new Set(view.combats.map((c) => c.at));
  const root = svg("svg", { viewBox: L.box.join(" "), role: "img", "aria-label": map.name || "risky-stars map", class: "risky-stars" });
  root.append(svg("style", {}, `
    .risky-stars .ref.target .hit { stroke: #fff; stroke-dasharray: 6 4; stroke-width: 3; }
    .risky-stars .ref.picked .hit { stroke: #fff; stroke-width: 4; }
    .risky-stars .ref:hover .hit { stroke: #fff; }
    .risky-stars text { pointer-events: none; }
  `));
  const pick = (ref) => (e) => { e.stopPropagation(); ctx.pick(ref); };
  // lanes under everything
  for (const m of T.mouths) {
    const p = L.mouthAt.get(m.a);
    const q = L.mouthAt.get(m.b);
    root.append(svg("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: "#5a6e9c", "stroke-width": 4, "stroke-dasharray": "10 8", opacity: 0.8 }));
  }
  map.systems.forEach((system, si) => {
    const { x, y } = L.pos[si];
    const r = L.radius[si];
    const home = view.homes.indexOf(system.id);
    root.append(svg("circle", { cx: x, cy: y, r, fill: "#121a2c", stroke: home >= 0 ? colour(home) : system.kind === "featured" ? "#ffe082" : "#32456f", "stroke-width": home >= 0 || system.kind === "featured" ? 4 : 2 },
      svg("title", {}, `${system.id} ${system.name} (${system.kind}${home >= 0 ? ` home of seat ${home}` : ""})`)));
    root.append(svg("text", { x, y: y - r - 8, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#dfe6f5" }, `${system.id} ${system.name}`));
    const mine = T.bodies.map((b, bi) => [b, bi]).filter(([b]) => b.system === si);
    const ringR = mine.length > 1 ? r * 0.55 : 0;
    const bodyR = Math.max(14, Math.min(r * 0.42, (mine.length > 1 ? (Math.PI * ringR) / mine.length : r * 0.6) - 4));
    mine.forEach(([b, bi], k) => {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / Math.max(1, mine.length);
      const bx = x + ringR * Math.cos(a);
      const by = y + ringR * Math.sin(a);
      const regions = b.regions;
      const step = (2 * Math.PI) / regions.length;
      const inner = regions.length > 1 ? bodyR * 0.45 : 0;
      regions.forEach((loc, j) => {
        const id = T.locations[loc];
        const owner = view.owner[loc];
        const g = svg("g", { class: `ref region ${cls(id)}`, "data-ref": id });
        const a0 = -Math.PI / 2 + j * step;
        const shape = regions.length > 1
          ? svg("path", { class: "hit", d: wedge(bx, by, inner, bodyR, a0 + 0.02, a0 + step - 0.02), fill: colour(owner), "fill-opacity": owner >= 0 ? 0.85 : 0.45, stroke: fighting.has(loc) ? "#ff5252" : "#0b0f1a", "stroke-width": 2 })
          : svg("circle", { class: "hit", cx: bx, cy: by, r: bodyR, fill: colour(owner), "fill-opacity": owner >= 0 ? 0.85 : 0.45, stroke: fighting.has(loc) ? "#ff5252" : "#0b0f1a", "stroke-width": 2 });
        g.append(shape);
        const units = armies(view, loc).reduce((n, [, u]) => n + u, 0);
        if (units) {
          const mid = a0 + step / 2;
          const rr = regions.length > 1 ? (inner + bodyR) / 2 : 0;
          g.append(svg("text", { x: bx + rr * Math.cos(mid), y: by + rr * Math.sin(mid) + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", stroke: "#0b0f1a", "stroke-width": 2.5, "paint-order": "stroke" }, units));
        }
        g.append(svg("title", {}, locationTitle(view, id, loc)));
        g.addEventListener("click", pick(id));
        root.append(g);
      });
      const level = view.level[bi];
      const heroes = view.heroes[bi].map((h) => CLASS[view.hero_class[h]] || "?");
      const label = `${b.body.id}·${RES[["population", "metals", "fuel"].indexOf(b.body.resource)]}${level ? ` L${level}` : ""}${heroes.length ? ` [${heroes.join(",")}]` : ""}`;
      const core = svg("g", { class: `ref body ${cls(b.body.id)}`, "data-ref": b.body.id });
      if (regions.length > 1) core.append(svg("circle", { class: "hit", cx: bx, cy: by, r: inner - 2, fill: "#1c2740", stroke: "#0b0f1a", "stroke-width": 1 }));
      core.append(svg("text", { x: bx, y: by + bodyR + 12, "text-anchor": "middle", "font-size": 10, fill: "#c9d3ea" }, label));
      core.append(svg("title", {}, `${b.body.id} ${b.body.name}: ${b.body.kind.replace("_", " ")}${b.body.surface ? ` (${b.body.surface})` : ""}, yields ${b.body.resource}; upgrade level ${level}; heroes ${heroes.join(", ") || "none"}`));
      core.addEventListener("click", pick(b.body.id));
      root.append(core);
    });
  });
  for (const m of T.mouths) {
    for (const loc of [m.a, m.b]) {
      const id = T.locations[loc];
      const p = L.mouthAt.get(loc);
      const owner = view.owner[loc];
      const units = armies(view, loc).reduce((n, [, u]) => n + u, 0);
      const g = svg("g", { class: `ref mouth ${cls(id)}`, "data-ref": id });
      g.append(svg("rect", { class: "hit", x: p.x - 11, y: p.y - 11, width: 22, height: 22, transform: `rotate(45 ${p.x} ${p.y})`, fill: colour(owner), "fill-opacity": owner >= 0 ? 0.9 : 0.5, stroke: fighting.has(loc) ? "#ff5252" : "#0b0f1a", "stroke-width": 2 }));
      if (units) g.append(svg("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff", stroke: "#0b0f1a", "stroke-width": 2.5, "paint-order": "stroke" }, units));
      g.append(svg("title", {}, locationTitle(view, id, loc)));
      g.addEventListener("click", pick(id));
      root.append(g);
    }
  }
  box.replaceChildren(root, players(view, T, ctx));
}

function players(view, T, ctx) {
  const rows = [];
  for (let s = 0; s < view.alive.length; s++) {
    const regions = view.owner.filter((o, i) => o === s && i < T.regionCount).length;
    const units = view.units[s].reduce((a, b) => a + b, 0);
    const stock = view.stock[s].map((v, r) => `${v} ${RES[r]}`).join(" ");
    const income = view.income[s].map((v, r) => `+${v} ${RES[r]}`).join(" ");
    rows.push(html("li", { class: `rs-player${view.current === s ? " current" : ""}${view.alive[s] ? "" : " out"}` },
      html("span", { class: "swatch", style: `background:${ctx.seatColour(s)}` }),
      html("b", {}, `Seat ${s}${s === ctx.seat ? " (you)" : ""}`),
      html("span", {}, `${regions} regions · ${units} units · stock ${stock} · income ${income}`),
      view.alliance[s] >= 0 ? html("span", { class: "muted" }, ` · alliance ${view.alliance[s]} (${view.share[s]}%)`) : null,
      view.to_place[s] ? html("span", { class: "muted" }, ` · ${view.to_place[s]} to place`) : null));
  }
  const info = [html("div", { class: "rs-phase" }, `round ${view.round} of ${view.params.max_rounds}${view.over ? " · game over" : ` · seat ${view.current}'s turn${view.moved ? " (moved)" : ""}`}`)];
  if (view.offer_from >= 0) info.push(html("div", {}, `Alliance proposal from seat ${view.offer_from}: waiting for seat ${view.offer_to.join(", ")}`));
  const truces = view.truces.filter((t) => view.round <= t.until).map((t) => `seats ${t.a} and ${t.b} until round ${t.until}`);
  if (truces.length) info.push(html("div", { class: "muted" }, `Truces: ${truces.join("; ")}`));
  if (view.reserve && view.reserve.length) info.push(html("div", {}, `Your heroes: ${view.reserve.map((h) => `h${h + 1} (class ${CLASS[view.hero_class[h]] || "?"})`).join(", ")}`));
  return html("div", { class: "rs-panel" },
    html("style", {}, `
      .rs-panel { display: grid; gap: .4rem; padding: .4rem .5rem .2rem; font-size: .85rem; }
      .rs-panel ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .15rem; }
      .rs-player { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
      .rs-player.current b { color: var(--accent); }
      .rs-player.out { opacity: .5; text-decoration: line-through; }
      .rs-phase { font-weight: 600; }
    `),
    html("ul", {}, rows), info);
}
