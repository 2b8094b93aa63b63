// Retrograde's table in the browser, laid out as on the play area: the homeworlds in the middle
// of each side, each player's other assets beside theirs, the uncontrolled Stellar Gate between
// the two sides, each asset's orbitals stacked away from the centre of the table (lowest next to
// the card, outermost farthest) with the spacecraft and debris in them. Under the table: hands
// (the opponent's as card backs), decks and discards.

import { html, svg } from "/board-kit.js";

const HIDDEN = "?";
const NOBODY = -1;
const BAND = 34; // one orbital's height
const CARD_H = 92;
const CLASS = { fighter: "fig", corvette: "cor", frigate: "fri", cruiser: "cru" };

// how many of an action's arguments name cards (the rest are orbitals, power, amounts)
const CARD_ARGS = {
  burn: 1, transfer: 2, attack: 2, bombard: 2, sweep: 1, clean: 1, boost: 2, research: 1, repair: 2,
  place: 2, found: 1, allocate: 2, cannibalize: 2, swap: 3, flip: 1, follow: 1, sacrifice: 1,
};

// ---------------------------------------------------------------- the card book
const books = new WeakMap();

// Every card of the book by key, whatever nesting the content uses ({asset: [...], spacecraft: [...]}).
function book(content) {
  if (!content || typeof content !== "object") return new Map();
  if (books.has(content)) return books.get(content);
  const cards = new Map();
  const walk = (value, kind) => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, kind));
    else if (value && typeof value === "object") {
      if (typeof value.key === "string" && typeof value.name === "string") cards.set(value.key, { kind, ...value });
      else for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(content, "");
  books.set(content, cards);
  return cards;
}

export function refs(text) {
  const words = text.split(/\s+/);
  const n = CARD_ARGS[words[0]] || 0;
  return words.slice(1, 1 + n).filter((w) => /^[0-9]+$/.test(w));
}

export function known(ref, ctx) {
  const t = ctx.view && ctx.view.game && ctx.view.game.table;
  return !!t && Number(ref) >= 0 && Number(ref) < t.cards.length;
}

function short(name, max) {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

// ---------------------------------------------------------------- drawing
export function render(box, ctx) {
  const view = ctx.view.game;
  const t = view.table;
  const cards = book(ctx.content);
  const me = Number.isInteger(view.me) && view.me >= 0 ? view.me : (ctx.seat ?? 0);
  const other = t.seats === 2 ? 1 - me : (me + 1) % t.seats;
  const colour = (s) => (s >= 0 ? ctx.seatColour(s) : "#9aa3ad");
  const keyOf = (uid) => t.cards[uid] ?? HIDDEN;
  const card = (uid) => cards.get(keyOf(uid));
  const pretty = (key) => key.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  const nameOf = (uid) => (keyOf(uid) === HIDDEN ? "face-down card" : (card(uid) || {}).name || pretty(keyOf(uid)));
  const targets = new Set();
  if (ctx.picked && ctx.actions) {
    for (const a of ctx.actions) {
      const r = refs(a.text);
      if (r.includes(ctx.picked)) r.forEach((x) => targets.add(x));
    }
  }
  const cls = (uid) => {
    const ref = String(uid);
    return ["ref", ctx.active.has(ref) ? "active" : "", ctx.picked === ref ? "picked" : "", targets.has(ref) && ctx.picked !== ref ? "target" : ""].join(" ");
  };
  const clickable = (g, uid) => {
    g.setAttribute("data-ref", String(uid));
    g.addEventListener("click", (e) => { e.stopPropagation(); ctx.pick(String(uid)); });
    return g;
  };

  const side = (seat) => t.assets.filter((a) => a.controller === seat);
  const mine = side(me);
  const theirs = side(other);
  const neutral = t.assets.filter((a) => a.controller === NOBODY || (a.controller !== me && a.controller !== other));
  const orbitalsOf = (a) => {
    if (!a.face_up) return [];
    const c = card(a.uid);
    return c && c.orbitals ? c.orbitals : (a.debris || []).map(() => null);
  };
  const depth = (list) => Math.max(0, ...list.map((a) => orbitalsOf(a).length));
  const topDepth = depth(theirs);
  const midDepth = depth(neutral);
  const botDepth = depth(mine);
  // rows: opponent (orbitals above its cards), the gate (orbitals above), me (orbitals below)
  const pad = 14;
  const widest = Math.max(theirs.length, mine.length, neutral.length, 1);
  const W = Math.max(460, Math.min(1000, widest * 192 + 2 * pad));
  const topCardsY = pad + topDepth * BAND;
  const midY = topCardsY + CARD_H + 28;
  const midCardsY = midY + midDepth * BAND;
  const botCardsY = midCardsY + CARD_H + 28;
  const height = botCardsY + CARD_H + botDepth * BAND + pad + 4;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img", "aria-label": "Retrograde table", class: "retrograde" });
  root.append(svg("style", {}, `
    .retrograde .ref.target > rect.frame { stroke: #fff; stroke-dasharray: 6 4; stroke-width: 3; }
    .retrograde .ref.picked > rect.frame { stroke: #fff; stroke-width: 4; }
    .retrograde .ref:hover > rect.frame { stroke: #fff; }
  `));
  root.append(svg("rect", { x: 0, y: midY - 16, width: W, height: midCardsY + CARD_H + 12 - (midY - 16), fill: "#ffffff", opacity: 0.025 }));

  // a row of assets: the homeworld in the middle, the others beside it (alternating sides)
  const arrange = (list) => {
    const home = list.filter((a) => a.homeworld_of >= 0 && a.homeworld_of === a.controller);
    const rest = list.filter((a) => !home.includes(a));
    const row = [...home];
    rest.forEach((a, i) => (i % 2 ? row.unshift(a) : row.push(a)));
    return row;
  };

  const drawShip = (s, x, y, w) => {
    const c = card(s.uid) || {};
    const g = clickable(svg("g", { class: cls(s.uid) }), s.uid);
    const armor = (c.armor || 0) + (s.armor_bonus || 0);
    const limit = (c.delta_vee || 0) + (s.dv_bonus || 0);
    g.append(svg("rect", { class: "frame", x, y: y + 3, width: w, height: BAND - 6, rx: 6, fill: "#10182b", stroke: colour(s.owner), "stroke-width": 2 }));
    g.append(svg("text", { x: x + 6, y: y + 16, "font-size": 11, "font-weight": 700, fill: "#fff" }, `#${s.uid} ${short(c.name || nameOf(s.uid), Math.max(6, Math.floor(w / 8) - 4))}`));
    if (w >= 96) {
      g.append(svg("text", { x: x + 6, y: y + 27, "font-size": 9.5, fill: "#b8c3dc" },
        c.name ? `${CLASS[c.class] || c.class || ""} a${c.accuracy} dv ${s.dv}/${limit}${s.damage ? "" : ` arm ${armor}`}` : `dv ${s.dv}`));
    }
    if (s.damage) {
      g.append(svg("text", { x: x + w - 6, y: y + 27, "text-anchor": "end", "font-size": 10, "font-weight": 700, fill: "#ff7b7b" }, `dmg ${s.damage}/${armor}`));
    }
    g.append(svg("title", {}, `#${s.uid} ${c.name || ""} (seat ${s.owner}): ${c.class || ""}, accuracy ${c.accuracy}, armor ${armor}, delta-vee ${s.dv}/${limit}, damage ${s.damage}`));
    return g;
  };

  const drawAsset = (a, x, y, w, up) => {
    const c = card(a.uid) || {};
    const orbitals = orbitalsOf(a);
    const ships = t.ships.filter((s) => s.asset === a.uid);
    // orbitals: index 0 (lowest) next to the card
    orbitals.forEach((dv, o) => {
      const oy = up ? y - (o + 1) * BAND : y + CARD_H + o * BAND;
      const here = ships.filter((s) => s.orbital === o);
      const debris = (a.debris && a.debris[o]) || [];
      root.append(svg("rect", { x, y: oy + 1, width: w, height: BAND - 2, rx: 4, fill: o === 0 ? "#1b2a4a" : "#16213a", stroke: "#2c3a5a" }));
      root.append(svg("text", { x: x + 4, y: oy + 13, "font-size": 9, fill: "#8d99b3" }, dv === null ? `o${o}` : `dv${dv}`));
      if (debris.length) root.append(svg("text", { x: x + 4, y: oy + 27, "font-size": 10, fill: "#e0b25b", "font-weight": 700 }, `✕${debris.length}`));
      const inner = w - 30;
      const each = here.length ? Math.min(inner, (inner - (here.length - 1) * 3) / here.length) : 0;
      here.forEach((s, k) => root.append(drawShip(s, x + 27 + k * (each + 3), oy, each)));
    });
    const g = clickable(svg("g", { class: cls(a.uid) }), a.uid);
    const stroke = a.controller >= 0 ? colour(a.controller) : "#9aa3ad";
    g.append(svg("rect", { class: "frame", x, y, width: w, height: CARD_H, rx: 9, fill: a.face_up ? "#22305a" : "#2a2238", stroke, "stroke-width": 3, opacity: a.tapped ? 0.65 : 1 }));
    if (!a.face_up) {
      g.append(svg("text", { x: x + w / 2, y: y + 30, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" },
        keyOf(a.uid) === HIDDEN ? "face-down asset" : short(nameOf(a.uid), 18)));
      g.append(svg("text", { x: x + w / 2, y: y + 50, "text-anchor": "middle", "font-size": 11, fill: "#c9b8e8" },
        `#${a.uid} · ${a.counters}${c.cost ? `/${c.cost}` : ""} counters`));
    } else {
      g.append(svg("text", { x: x + 8, y: y + 18, "font-size": 12.5, "font-weight": 700, fill: "#fff" }, short(`${c.name || nameOf(a.uid)}`, Math.floor(w / 7.5))));
      g.append(svg("text", { x: x + 8, y: y + 34, "font-size": 10.5, fill: "#c8d2ea" }, `#${a.uid}${c.homeworld || a.homeworld_of >= 0 ? " homeworld" : ""}${a.tapped ? " · tapped" : ""}${a.razed ? " · razed" : ""}`));
      if (c.name) {
        g.append(svg("text", { x: x + 8, y: y + 49, "font-size": 10.5, fill: "#c8d2ea" }, `pop ${c.population} · factory ${c.factory} · resist ${c.resistance}`));
        g.append(svg("text", { x: x + 8, y: y + 63, "font-size": 10, fill: "#9fb0d4" }, `builds ${(c.classes || []).map((k) => CLASS[k] || k).join(",") || "-"}`));
      }
      if (a.damage) g.append(svg("text", { x: x + w - 8, y: y + 34, "text-anchor": "end", "font-size": 11, "font-weight": 700, fill: "#ff7b7b" }, `dmg ${a.damage}/${c.resistance ?? "?"}`));
    }
    // what lies beside the asset: upgrades and face-down slips, as small cards along its foot
    const extras = [
      ...(a.upgrades || []).map((u) => ({ uid: u.uid, label: short((card(u.uid) || {}).name || "upgrade", 12), fill: "#2f4a3a" })),
      ...(a.ship_slips || []).concat(a.upgrade_slips || []).map((sl) => ({
        uid: sl.uid, fill: "#3a2d4f",
        label: keyOf(sl.uid) === HIDDEN ? `? ${sl.counters}` : `${short(nameOf(sl.uid), 9)} ${sl.counters}/${(card(sl.uid) || {}).cost ?? "?"}`,
      })),
    ];
    const ew = extras.length ? Math.min(w - 12, (w - 12 - (extras.length - 1) * 3) / extras.length) : 0;
    extras.forEach((e, k) => {
      const eg = clickable(svg("g", { class: cls(e.uid) }), e.uid);
      eg.append(svg("rect", { class: "frame", x: x + 6 + k * (ew + 3), y: y + CARD_H - 22, width: ew, height: 17, rx: 3, fill: e.fill, stroke: "#0b0f1a" }));
      eg.append(svg("text", { x: x + 9 + k * (ew + 3), y: y + CARD_H - 10, "font-size": 9.5, fill: "#fff" }, short(e.label, Math.max(3, Math.floor(ew / 6)))));
      eg.append(svg("title", {}, `#${e.uid} ${nameOf(e.uid)}`));
      root.append(eg);
    });
    g.append(svg("title", {}, `#${a.uid} ${nameOf(a.uid)}${c.text ? `: ${c.text}` : ""}`));
    root.insertBefore(g, root.children[2] || null);
  };

  const drawRow = (list, y, up) => {
    const row = arrange(list);
    if (!row.length) return;
    const gap = 12;
    const w = Math.min(180, (W - 2 * pad - (row.length - 1) * gap) / row.length);
    const total = row.length * w + (row.length - 1) * gap;
    let x = (W - total) / 2;
    for (const a of row) {
      drawAsset(a, x, y, w, up);
      x += w + gap;
    }
  };
  drawRow(theirs, topCardsY, true);
  drawRow(neutral, midCardsY, true);
  drawRow(mine, botCardsY, false);
  const label = (text, y, seat) => root.append(svg("text", { x: pad, y, "font-size": 12, "font-weight": 700, fill: colour(seat) }, text));
  label(`seat ${other}`, topCardsY + CARD_H + 16, other);
  label(`seat ${me}${Number.isInteger(view.me) && view.me >= 0 ? " (you)" : ""}`, botCardsY - 8, me);
  box.replaceChildren(root, panel(view, ctx, card, nameOf, me, other));
}

function panel(view, ctx, card, nameOf, me, other) {
  const t = view.table;
  const counts = (s) => html("div", { class: `rg-seat${t.current === s ? " current" : ""}` },
    html("span", { class: "swatch", style: `background:${ctx.seatColour(s)}` }),
    html("b", {}, `Seat ${s}${s === view.me ? " (you)" : ""}`),
    html("span", {}, `hand ${t.hands[s].length} · deck ${t.decks[s].length} · discard ${t.discards[s].length}${t.gate_streak[s] ? ` · gate held ${t.gate_streak[s]}` : ""}`));
  const hand = (s) => t.hands[s].map((uid) => {
    const c = card(uid);
    const hidden = (t.cards[uid] ?? HIDDEN) === HIDDEN;
    const active = ctx.active.has(String(uid));
    return html("button", {
      type: "button", "data-ref": String(uid), class: `rg-card${hidden ? " back" : ""}${active ? " active" : ""}${ctx.picked === String(uid) ? " picked" : ""}`,
      title: hidden ? "a card you cannot see" : `${c ? c.name : nameOf(uid)}${c && c.text ? `: ${c.text}` : ""}`,
      onclick: () => ctx.pick(String(uid)),
    }, hidden ? html("span", { class: "back-mark" }, "✦") : [
      html("b", {}, `#${uid} ${c ? c.name : nameOf(uid)}`),
      c ? html("small", {}, c.kind === "spacecraft"
        ? `${CLASS[c.class] || c.class} acc ${c.accuracy} arm ${c.armor} dv ${c.delta_vee} pop ${c.population} cost ${c.cost}`
        : c.kind === "upgrade" ? `upgrade cost ${c.cost} resist ${c.resistance}` : `asset cost ${c.cost ?? "-"} pop ${c.population} factory ${c.factory}`) : null,
    ]);
  });
  const phase = ["maneuvers", "research", "repair", "construction: place spacecraft", "construction: place upgrades",
    "construction: place assets", "construction: allocate", "construction: cleanup"][t.phase] || `phase ${t.phase}`;
  const prompt = t.prompts && t.prompts.length ? t.prompts[0] : null;
  return html("div", { class: "rg-panel" },
    html("style", {}, `
      .rg-panel { display: grid; gap: .45rem; padding: .4rem .5rem .3rem; font-size: .85rem; }
      .rg-seat { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
      .rg-seat.current b { color: var(--accent); }
      .rg-hand { display: flex; gap: .35rem; flex-wrap: wrap; }
      .rg-card { display: grid; text-align: left; gap: .1rem; padding: .3rem .5rem; max-width: 15rem; font-size: .8rem; }
      .rg-card small { color: var(--muted); }
      .rg-card.back { width: 2.4rem; height: 3.2rem; place-items: center; background: repeating-linear-gradient(45deg, #3a2d4f 0 6px, #2a2238 6px 12px); }
      .rg-card.active { border-color: var(--accent-2); }
      .rg-card.picked { border-color: #fff; background: #2a3a60; }
    `),
    html("div", { class: "muted" }, `turn ${t.turn} · seat ${t.current}'s ${phase}${prompt ? ` · ${prompt.kind}` : ""}`),
    counts(other),
    html("div", { class: "rg-hand", "aria-label": `seat ${other}'s hand` }, hand(other)),
    counts(me),
    html("div", { class: "rg-hand", "aria-label": "your hand" }, hand(me)));
}
