// The lobby: the games, a form to create a match (params and seats), the join links, my matches.
import { api, copyText, created, el, joinLink, remember, rememberCreated, seatColour, seats, watchLink } from "./api.js";

function paramInput(p) {
  const id = `param-${p.name}`;
  const attrs = { id, name: p.name, "data-param": p.name, "data-type": p.type };
  if (p.choices && p.choices.length) {
    const select = el("select", attrs, p.choices.map((c) => el("option", { value: c, selected: c === p.default }, c)));
    return select;
  }
  if (p.type === "bool") return el("input", { ...attrs, type: "checkbox", checked: !!p.default });
  if (p.type === "int" || p.type === "float") {
    return el("input", {
      ...attrs, type: "number", inputmode: p.type === "int" ? "numeric" : "decimal",
      step: p.type === "int" ? "1" : "any", min: p.min ?? undefined, max: p.max ?? undefined, value: String(p.default),
    });
  }
  const value = Array.isArray(p.default) ? p.default.join(",") : String(p.default ?? "");
  return el("input", { ...attrs, type: "text", value, placeholder: p.type === "tuple[int, ...]" ? "1,2,3" : "" });
}

function readParam(input, p) {
  if (input.type === "checkbox") return input.checked;
  const raw = input.value.trim();
  if (p.type === "int") {
    if (!/^-?[0-9]+$/.test(raw)) throw new Error(`${p.name}: a whole number, please`);
    const n = Number(raw);
    if (p.min !== null && p.min !== undefined && n < p.min) throw new Error(`${p.name}: at least ${p.min}`);
    if (p.max !== null && p.max !== undefined && n > p.max) throw new Error(`${p.name}: at most ${p.max}`);
    return n;
  }
  if (p.type === "float") {
    const n = Number(raw);
    if (raw === "" || !Number.isFinite(n)) throw new Error(`${p.name}: a number, please`);
    return n;
  }
  if (p.type === "tuple[int, ...]") {
    if (raw === "") return [];
    const items = raw.split(",").map((x) => x.trim());
    if (!items.every((x) => /^-?[0-9]+$/.test(x))) throw new Error(`${p.name}: whole numbers separated by commas`);
    return items.map(Number);
  }
  return raw;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function createForm(game, onCreated) {
  const error = el("p", { class: "error", role: "alert" });
  const seatList = el("div", { class: "seats" });
  const count = el("select", { id: "players", "aria-label": "players" });
  for (let n = game.min_players; n <= game.max_players; n++) count.append(el("option", { value: n }, `${n} players`));
  const seatChoice = (i) => el("label", { class: "seat-row" },
    el("span", { class: "swatch", style: `background:${seatColour(i)}` }), `Seat ${i}`,
    el("select", { "data-seat": i },
      el("option", { value: "human" }, "a person (join link)"),
      game.agents.map((a) => el("option", { value: a }, `bot: ${a}`))));
  const drawSeats = () => {
    const n = Number(count.value);
    const old = [...seatList.querySelectorAll("select")].map((s) => s.value);
    seatList.replaceChildren(...Array.from({ length: n }, (_, i) => seatChoice(i)));
    seatList.querySelectorAll("select").forEach((s, i) => { if (old[i]) s.value = old[i]; });
  };
  count.addEventListener("change", drawSeats);
  drawSeats();

  const rows = game.params.map((p) => {
    const input = paramInput(p);
    const row = el("div", { class: "param" },
      el("label", { for: input.id }, p.name.split("_").map((w, i, all) => (i < all.length - 1 ? [w, "_", el("wbr")] : w))), input,
      el("small", {}, p.description || ""));
    input.addEventListener("change", () => {
      let changed = false;
      try {
        changed = !same(readParam(input, p), p.default);
      } catch (e) {
        changed = true;
      }
      row.classList.toggle("changed", changed);
    });
    return { p, input, row };
  });

  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const params = {};
    try {
      for (const { p, input } of rows) {
        const value = readParam(input, p);
        if (!same(value, p.default)) params[p.name] = value;
      }
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    const seatSpecs = [...seatList.querySelectorAll("select")].map((s) => s.value);
    button.disabled = true;
    try {
      const made = await api("POST", "/api/matches", { body: { game: game.id, params, seats: seatSpecs } });
      remember({ match: made.match_id, seat: "gm", token: made.gm_token, game: game.id, gm: true });
      rememberCreated({ match: made.match_id, game: game.id, seats: made.seats, spectator: made.spectator_code });
      onCreated(made, game);
    } catch (e) {
      error.textContent = `${e.kind}: ${e.message}`;
    } finally {
      button.disabled = false;
    }
  };
  const button = el("button", { type: "submit", class: "primary" }, "Create match");
  return el("form", { class: "create", onsubmit: submit, "data-game": game.id },
    el("div", { class: "seat-head" }, count),
    seatList,
    el("details", { class: "params" },
      el("summary", {}, `Rules: ${game.params.length} parameters (defaults are the rule document's)`),
      rows.map((r) => r.row)),
    error,
    button);
}

function linkRow(attrs, who, link, label, go, goText) {
  const status = el("span", { class: "copied", "aria-live": "polite" });
  return el("li", attrs, who,
    el("input", { class: "link", readonly: true, value: link, "aria-label": label, onfocus: (e) => e.target.select() }),
    el("button", { type: "button", onclick: async () => {
      status.textContent = (await copyText(link)) ? "copied" : "select and copy the link";
    } }, "Copy"),
    el("a", { class: "button", href: go }, goText),
    status);
}

export function invitesPanel(made, gameName) {
  const match = made.match_id || made.match;
  const rows = made.seats.map((s) => {
    const swatch = el("span", { class: "swatch", style: `background:${seatColour(s.seat)}` });
    if (s.kind !== "human" || !s.invite) {
      return el("li", { class: "invite" }, swatch, `Seat ${s.seat}: bot ${s.agent || ""}`);
    }
    return linkRow({ class: "invite", "data-seat": s.seat }, [swatch, el("span", { class: "who" }, `Seat ${s.seat}`)],
      joinLink(match, s.invite), `join link of seat ${s.seat}`, `#/join/${match}/${s.invite}`, "Play here");
  });
  const code = made.spectator_code || made.spectator;
  if (code) {
    rows.push(linkRow({ class: "invite watch", "data-watch": "" }, el("span", { class: "who" }, "Spectators"),
      watchLink(match, code), "watch link", `#/watch/${match}/${code}`, "Watch"));
  }
  return el("section", { class: "panel invites" },
    el("h2", {}, `${gameName} match ${match}`),
    el("p", {}, "Send each player the link of their seat; a link seats one browser, once. Take a seat yourself with Play here. "
      + "The watch link shows the board and what every seat sees (no hidden cards, no sealed choices) to anyone who has it."),
    el("ul", {}, rows));
}

async function myMatches(box) {
  const held = seats();
  if (!held.length) {
    box.replaceChildren(el("p", { class: "muted" }, "No matches yet in this browser."));
    return;
  }
  let list = [];
  try {
    list = await api("GET", "/api/my-matches", { headers: { "X-Tokens": held.map((s) => s.token).join(",") } });
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  const invites = created();
  const rows = [];
  for (const m of list) {
    const mine = m.me || {};
    const seat = mine.gm ? "gm" : mine.seat;
    const status = m.outcome
      ? (m.outcome.winners.length ? `over: seat ${m.outcome.winners.join(", ")} won` : "over: a draw")
      : (m.to_act.includes(seat) ? "your turn" : `waiting for seat ${m.to_act.join(", ")}`);
    const made = invites.find((c) => c.match === m.match_id);
    rows.push(el("li", { class: "match-row" },
      el("a", { href: `#/play/${m.match_id}/${seat}` },
        `${m.game} · ${m.match_id} · ${seat === "gm" ? "game master" : `seat ${seat}`}`),
      el("span", { class: m.outcome ? "muted" : (status === "your turn" ? "badge" : "muted") }, status),
      made && seat === "gm" ? el("button", { type: "button", class: "small", onclick: () => {
        box.parentElement.after(invitesPanel(made, m.game));
      } }, "links") : null,
      made && made.spectator && seat === "gm" ? el("a", { class: "watch", href: `#/watch/${m.match_id}/${made.spectator}` }, "watch") : null));
  }
  box.replaceChildren(rows.length ? el("ul", { class: "matches" }, rows) : el("p", { class: "muted" }, "No matches yet in this browser."));
}

export async function showLobby(root) {
  root.replaceChildren(el("p", { class: "muted" }, "Loading the games…"));
  let games;
  try {
    games = await api("GET", "/api/games");
  } catch (e) {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
    return null;
  }
  const result = el("div", { id: "created" });
  const mine = el("div", { class: "my-matches" });
  const cards = games.map((g) => el("article", { class: "game", "data-game": g.id },
    el("h3", {}, g.name),
    el("p", {}, g.description),
    el("p", { class: "muted" }, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}-${g.max_players} players`),
    // the form is built when opened: one game's fields at a time (two games' params share names,
    // and so would their inputs' ids)
    el("details", { class: "new", ontoggle: (event) => {
      const box = event.currentTarget;
      if (box.open && !box.querySelector("form, .create")) {
        box.append(createForm(g, (made, game) => {
          result.replaceChildren(invitesPanel(made, game.name));
          result.scrollIntoView({ behavior: "smooth", block: "start" });
          myMatches(mine);
        }));
      }
    } },
      el("summary", { class: "button" }, "New match"))));
  root.replaceChildren(
    el("div", { class: "lobby" },
      el("section", { class: "panel" }, el("h2", {}, "Games"), el("div", { class: "games" }, cards)),
      result,
      el("section", { class: "panel" }, el("h2", {}, "My matches"), mine)));
  myMatches(mine);
  return null;
}
