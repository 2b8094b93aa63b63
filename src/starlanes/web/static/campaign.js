// Campaigns (Star Kingdoms) in the browser: #/campaign-new (the GM creates one, or imports an
// export), #/campaign/<match>/<seat> (a nation: its creation form while the GM has not approved
// it, planets, map, orders checked as typed, sheets, messages pushed live) and
// #/campaign/<match>/gm (who has submitted, the queue with approvals, GM actions, "process turn",
// deadlines, invitations re-issued or revoked, every sheet, export). API: docs/server.md "Campaigns".
import { api, copyText, el, joinLink, remember, rememberCreated, created } from "./api.js";
import { creationForm } from "./campaign-form.js";

const enc = encodeURIComponent;

function download(name, type, data) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function fetchBytes(path, token) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = (await response.json()).message || message;
    } catch (e) {
      message = response.statusText;
    }
    throw new Error(message);
  }
  return response.blob();
}

// replaceChildren that leaves out the parts a page does not have (null, false)
function fill(node, ...parts) {
  node.replaceChildren(...parts.flat().filter((p) => p !== null && p !== undefined && p !== false));
}

function deadlineText(iso) {
  if (!iso) return "";
  const when = new Date(iso);
  return `Deadline: ${when.toLocaleString()} (${iso.replace("+00:00", " UTC")})`;
}

// The GM link: opened in any browser it makes that browser the campaign's GM (the token is kept in
// its localStorage, as in the browser that created the campaign). Keep it secret.
export function gmLink(match, token) {
  return `${location.origin}${location.pathname}#/campaign-new/gm/${enc(match)}/${enc(token)}`;
}

async function openGmLink(root, match, token) {
  try {
    const page = await api("GET", `/api/campaigns/${enc(match)}`, { token });
    if (page.role !== "gm") throw new Error("this link holds a nation's token, not the GM's");
    remember({ match, seat: "gm", token, game: "star-kingdoms", gm: true });
    location.replace(`#/campaign/${enc(match)}/gm`);
  } catch (e) {
    root.replaceChildren(el("section", { class: "panel" }, el("h2", {}, "Cannot open the GM page"),
      el("p", { class: "error", role: "alert" }, e.message), el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
  }
  return null;
}

// ------------------------------------------------------------------ creating a campaign
export async function showNewCampaign(root) {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[1] === "gm" && parts[2] && parts[3]) return openGmLink(root, parts[2], parts[3]);
  const error = el("p", { class: "error", role: "alert", id: "new-error" });
  const out = el("div", { id: "new-result" });
  const num = (id, value, min, max) => el("input", { id, type: "number", value: String(value), min, max, step: "1" });
  const factions = num("new-factions", 4, 2, 20);
  const turns = num("new-turns", 40, 1, 1000);
  const seed = num("new-seed", 0, 0, undefined);
  const closes = el("select", { id: "new-closes" },
    el("option", { value: "gm", selected: true }, "the GM processes each turn"),
    el("option", { value: "all" }, "processed when every nation has submitted"));
  const names = el("textarea", { id: "new-nations", rows: 4, placeholder: "one nation a line (optional)" });
  const creation = el("select", { id: "new-creation" },
    el("option", { value: "standard", selected: true }, "standard starts, ready to play"),
    el("option", { value: "forms" }, "each player's creation form, approved by the GM"));
  const galaxy = el("input", { id: "new-galaxy", type: "file", accept: ".json,application/json" });
  const name = el("input", { id: "new-name", type: "text", maxlength: 200, placeholder: "campaign name" });
  const importFile = el("input", { id: "import-file", type: "file", accept: ".json,application/json" });

  async function made(answer) {
    rememberCreated({ match: answer.match_id, game: "star-kingdoms", seats: answer.seats, nations: answer.nations,
      spectator: answer.spectator_code });
    remember({ match: answer.match_id, seat: "gm", token: answer.gm_token, game: "star-kingdoms", gm: true });
    out.replaceChildren(invitations(answer.match_id, answer.nations, answer.seats),
      el("p", {}, el("a", { id: "new-gm-link", href: `#/campaign/${enc(answer.match_id)}/gm` }, "Open the GM page")),
      gmLinkBox(answer.match_id, answer.gm_token));
  }

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    try {
      const body = {
        factions: Number(factions.value), turns: Number(turns.value), galaxy_seed: Number(seed.value || 0),
        turn_closes: closes.value, name: name.value.trim(), creation: creation.value,
        nations: names.value.split("\n").map((n) => n.trim()).filter(Boolean),
      };
      if (galaxy.files && galaxy.files[0]) {
        try {
          body.galaxy = JSON.parse(await galaxy.files[0].text());
        } catch (e) {
          throw new Error(`the galaxy file ${galaxy.files[0].name} is not JSON (${e.message})`);
        }
      }
      await made(await api("POST", "/api/campaigns", { body }));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  async function importIt() {
    error.textContent = "";
    try {
      const file = importFile.files && importFile.files[0];
      if (!file) throw new Error("choose an export file first");
      let body;
      try {
        body = JSON.parse(await file.text());
      } catch (e) {
        throw new Error(`${file.name} is not JSON (${e.message})`);
      }
      await made(await api("POST", "/api/campaigns/import", { body }));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  const row = (label, input) => el("label", { class: "param" }, el("span", {}, label), input);
  root.replaceChildren(el("section", { class: "panel campaign-new" },
    el("h2", {}, "New Star Kingdoms campaign"),
    el("form", { class: "create", id: "new-form", onsubmit: create },
      row("Nations", factions), row("Turns", turns), row("Galaxy seed (0: random)", seed),
      row("Galaxy file (optional)", galaxy), row("Turns close", closes), row("Nations made by", creation),
      row("Name", name),
      el("label", {}, "Nation names", names),
      el("button", { class: "primary", type: "submit", id: "new-create" }, "Create the campaign")),
    el("details", {}, el("summary", {}, "Import an exported campaign"),
      el("div", { class: "typed" }, importFile, el("button", { type: "button", id: "import-go", onclick: importIt },
        "Import"))),
    error, out));
  return null;
}

function gmLinkBox(match, token) {
  const link = gmLink(match, token);
  const copied = el("span", { class: "copied" });
  return el("p", { class: "invite" }, el("strong", {}, "GM link (secret: it runs the campaign from any browser)"),
    el("input", { type: "text", readonly: true, value: link, size: 40, id: "gm-link", "aria-label": "GM link" }),
    el("button", { type: "button", class: "small", onclick: async () => {
      copied.textContent = (await copyText(link)) ? "copied" : "copy it by hand";
    } }, "Copy"), copied);
}

function invitations(match, nations, seats) {
  const list = el("ul", { id: "invites", class: "invites" });
  for (const seat of seats) {
    if (!seat.invite) continue;
    const nation = (nations || []).find((n) => n.seat === seat.seat);
    const link = joinLink(match, seat.invite);
    const copied = el("span", { class: "copied" });
    list.append(el("li", { class: "invite", "data-seat": seat.seat },
      el("strong", {}, nation ? nation.name : `Seat ${seat.seat}`),
      el("input", { type: "text", readonly: true, value: link, size: 40, "aria-label": "invitation link" }),
      el("button", { type: "button", class: "small", onclick: async () => {
        copied.textContent = (await copyText(link)) ? "copied" : "copy it by hand";
      } }, "Copy"), copied));
  }
  return el("div", {}, el("h3", {}, "Invitations (one per nation, each used once)"), list);
}

// ------------------------------------------------------------------ the map
export function drawMap(map) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "campaign-map");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "known systems and wormholes");
  const systems = map.systems || [];
  if (!systems.length) return svg;
  const adj = new Map(systems.map((s) => [s.id, []]));
  for (const w of map.wormholes || []) {
    if (adj.has(w.a)) adj.get(w.a).push(w.b);
    if (adj.has(w.b)) adj.get(w.b).push(w.a);
  }
  // rings by jumps from the first own system
  const start = (systems.find((s) => s.own) || systems[0]).id;
  const depth = new Map([[start, 0]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    for (const next of adj.get(at) || []) {
      if (adj.has(next) && !depth.has(next)) {
        depth.set(next, depth.get(at) + 1);
        queue.push(next);
      }
    }
  }
  let far = Math.max(0, ...depth.values());
  for (const s of systems) if (!depth.has(s.id)) depth.set(s.id, far + 1);
  far = Math.max(...depth.values());
  const rings = new Map();
  for (const s of systems) {
    const d = depth.get(s.id);
    if (!rings.has(d)) rings.set(d, []);
    rings.get(d).push(s);
  }
  const pos = new Map();
  const step = 70;
  for (const [d, members] of rings) {
    members.forEach((s, i) => {
      const angle = (2 * Math.PI * i) / members.length + d * 0.6;
      pos.set(s.id, [d * step * Math.cos(angle), d * step * Math.sin(angle)]);
    });
  }
  const size = (far + 1) * step + 40;
  svg.setAttribute("viewBox", `${-size} ${-size} ${2 * size} ${2 * size}`);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  for (const w of map.wormholes || []) {
    const a = pos.get(w.a);
    const b = pos.get(w.b);
    if (!a || !b) continue;
    add("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "lane", "data-wormhole": w.id });
  }
  for (const s of systems) {
    const [x, y] = pos.get(s.id);
    const g = add("g", { class: `system${s.own ? " own" : ""}${s.surveyed === null ? " charted" : ""}`,
      "data-system": s.id });
    const circle = document.createElementNS(NS, "circle");
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("r", s.own ? 11 : 8);
    const title = document.createElementNS(NS, "title");
    title.textContent = `${s.name}${s.planets.length ? `: ${s.planets.join(", ")}` : ""}` +
      (s.surveyed === null ? " (charted only)" : ` (surveyed turn ${s.surveyed})`);
    circle.append(title);
    const label = document.createElementNS(NS, "text");
    label.setAttribute("x", x);
    label.setAttribute("y", y + 24);
    label.setAttribute("text-anchor", "middle");
    label.textContent = s.name;
    g.append(circle, label);
  }
  return svg;
}

// ------------------------------------------------------------------ shared pieces
function sheetViewer(match, token, isGm) {
  const list = el("div", { id: "sheets", class: "sheet-list" });
  const frame = el("iframe", { id: "sheet-frame", class: "sheet-frame", sandbox: "", title: "feedback sheet" });
  const tools = el("div", { class: "typed", id: "sheet-tools" });
  const error = el("p", { class: "error", role: "alert", id: "sheet-error" });
  let shown = null;

  async function open(turn, nation) {
    error.textContent = "";
    try {
      const qs = isGm && nation ? `?nation=${enc(nation)}` : "";
      const sheet = await api("GET", `/api/campaigns/${enc(match)}/sheets/${turn}${qs}`, { token });
      shown = sheet;
      frame.srcdoc = sheet.html;
      frame.dataset.turn = String(turn);
      frame.dataset.nation = sheet.nation;
      tools.replaceChildren(
        el("span", { class: "muted" }, `${sheet.nation}, turn ${turn}`),
        el("button", { type: "button", class: "small", id: "sheet-html",
          onclick: () => download(`${sheet.filename}.html`, "text/html", shown.html) }, "HTML"),
        el("button", { type: "button", class: "small", id: "sheet-md",
          onclick: () => download(`${sheet.filename}.md`, "text/markdown", shown.markdown) }, "Markdown"),
        el("button", { type: "button", class: "small", id: "sheet-pdf", onclick: async () => {
          try {
            download(`${sheet.filename}.pdf`, "application/pdf",
              await fetchBytes(`/api/campaigns/${enc(match)}/sheets/${turn}/pdf${qs}`, token));
          } catch (e) {
            error.textContent = e.message;
          }
        } }, "PDF"));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  async function refresh() {
    try {
      const sheets = await api("GET", `/api/campaigns/${enc(match)}/sheets`, { token });
      const button = (s) => el("button", {
        type: "button", class: "small", "data-sheet": `${s.turn}:${s.nation}`,
        onclick: () => open(s.turn, s.nation),
      }, isGm ? (s.nation === "_gm" ? "GM overview" : s.nation) : `Turn ${s.turn}`);
      if (isGm) { // one row per turn, the newest first: a long campaign has hundreds of sheets
        const turns = [...new Set(sheets.map((s) => s.turn))].sort((a, b) => b - a);
        list.replaceChildren(...turns.map((t) => el("div", { class: "sheet-turn", "data-turn": t },
          el("span", { class: "muted" }, `Turn ${t}:`), sheets.filter((s) => s.turn === t).map(button))));
      } else {
        list.replaceChildren(...sheets.map(button));
      }
      list.dataset.count = String(sheets.length);
    } catch (e) {
      error.textContent = e.message;
    }
  }

  return { node: el("section", { class: "panel" }, el("h3", {}, isGm ? "Sheets" : "Your sheets"), list, tools, error,
    frame), refresh };
}

function messagesBox(match, token, nations) {
  const list = el("ol", { id: "messages", class: "messages" });
  const error = el("p", { class: "error", role: "alert", id: "message-error" });
  const shown = new Map(); // id -> message, from the first load and the live channel's pushes
  const draw = () => {
    const messages = [...shown.values()].sort((a, b) => a.id - b.id);
    list.replaceChildren(...messages.map((m) => el("li", { "data-message": m.id },
      el("span", { class: "muted small" }, `turn ${m.turn}, ${m.from.name} to ${m.to.map((t) => t.name).join(", ")}` +
        (m.cc_gm ? " (GM copied)" : "")), el("div", { class: "message-text" }, m.text))));
    list.dataset.count = String(messages.length);
  };
  const add = (messages) => {
    for (const m of messages) shown.set(m.id, m);
    draw();
  };
  const refresh = async () => {
    try {
      add(await api("GET", `/api/campaigns/${enc(match)}/messages`, { token }));
    } catch (e) {
      error.textContent = e.message;
    }
  };
  if (nations === null) {
    return { node: el("section", { class: "panel" }, el("h3", {}, "Messages copied to the GM"), list, error), refresh,
      add };
  }
  const boxes = el("div", { id: "message-to", class: "message-to" });
  const setNations = (known) => {
    const ticked = new Set([...boxes.querySelectorAll("input:checked")].map((b) => b.value));
    boxes.replaceChildren(...(known.length ? known.map((n) => el("label", {},
      el("input", { type: "checkbox", value: n.id, checked: ticked.has(n.id), "data-to": n.id }), n.name))
      : [el("span", { class: "muted" }, "You have met no nation yet.")]));
  };
  setNations(nations);
  const cc = el("input", { type: "checkbox", id: "message-cc" });
  const text = el("textarea", { id: "message-text", rows: 3, maxlength: 20000, placeholder: "your message" });
  const send = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const to = [...boxes.querySelectorAll("input:checked")].map((b) => b.value);
    try {
      await api("POST", `/api/campaigns/${enc(match)}/messages`, { token, body: { to, text: text.value, cc_gm: cc.checked } });
      text.value = "";
      await refresh();
    } catch (e) {
      error.textContent = e.message;
    }
  };
  const node = el("section", { class: "panel" }, el("h3", {}, "Messages"), list,
    el("form", { id: "message-form", onsubmit: send }, boxes, text,
      el("label", {}, cc, " copy the GM"), el("button", { type: "submit", id: "message-send" }, "Send")), error);
  return { node, refresh, setNations, add };
}

function liveSocket(match, token, onUpdate, onMessages, onSignedOut) {
  let socket = null;
  let closed = false;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${proto}//${location.host}/api/matches/${enc(match)}/ws?token=${enc(token)}`);
    socket.onmessage = (event) => {
      try {
        const data = JSON.parse(event.data);
        if (data.type === "update") {
          if (data.messages) onMessages(data.messages);
          onUpdate(data.state_id);
        }
      } catch (e) {
        // a message that is not JSON is ignored
      }
    };
    socket.onclose = (event) => {
      if (event.code === 4401) { // the token was revoked (the GM gave the seat a new link)
        onSignedOut();
        return;
      }
      if (!closed) setTimeout(connect, 2000);
    };
  };
  connect();
  return () => {
    closed = true;
    if (socket) socket.close();
  };
}

// ------------------------------------------------------------------ a nation's page
function planetsTable(nation) {
  const rows = nation.planets.map((p) => el("tr", { "data-planet": p.id, "data-name": p.name, "data-home": p.homeworld ? "yes" : "no" },
    el("td", {}, p.name, p.homeworld ? el("span", { class: "badge home" }, "home") : null),
    el("td", {}, p.system),
    ...["industrial", "academic", "shipyard", "military"].map((d) => el("td", { class: "num" }, String(p.districts[d]))),
    el("td", {}, p.projects.length ? el("ul", { class: "plain" }, p.projects.map((j) =>
      el("li", {}, `${j.slot}: ${j.label} L${j.level}, ${j.progress}/${j.target}`))) : el("span", { class: "muted" }, "none"))));
  return el("table", { class: "campaign-table", id: "planets" },
    el("thead", {}, el("tr", {}, ["Planet", "System", "Ind", "Aca", "Yard", "Mil", "Projects"].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows));
}

export async function showCampaign(root, { match, token, gm }, crumb) {
  const status = el("div", { id: "campaign-status", class: "status" });
  const nationBox = el("section", { class: "panel", id: "nation" });
  const mapBox = el("section", { class: "panel", id: "map" });
  const sheets = sheetViewer(match, token, gm);
  const side = el("div", { class: "side" });
  const mainCol = el("div", { class: "campaign-main" });
  root.replaceChildren(el("div", { class: "campaign" }, mainCol, side));
  let stateId = -1;
  let messages = null;
  let ordersPart = null;
  let gmPart = null;
  let creation = null;

  async function load() {
    const page = await api("GET", `/api/campaigns/${enc(match)}`, { token });
    stateId = page.state_id;
    status.dataset.step = String(page.state_id);
    status.dataset.turn = String(page.turn);
    const over = page.ended ? [el("p", { class: "outcome" }, `The campaign is over: ${page.ended}`)] : [];
    if (gm) {
      crumb(`${page.name || "campaign"}: game master`);
      fill(status, el("div", { class: "turn-line" }, `Turn ${page.turn} of ${page.turns}`),
        el("div", { id: "deadline", class: "muted" }, deadlineText(page.deadline) || "No deadline: the turn waits for you."),
        ...over);
      gmPart.update(page);
    } else {
      const n = page.nation;
      crumb(`${n.name}: turn ${page.turn}`);
      status.dataset.submitted = page.submitted ? "yes" : "no";
      fill(status,
        el("div", { class: "turn-line" }, `${n.name}: turn ${page.turn} of ${page.turns}`),
        el("div", {}, `${n.credits} credits` + (n.income !== null ? `, income ${n.income}` : "") +
          `; science points: physics ${n.sp.physics}, engineering ${n.sp.engineering}, xenology ${n.sp.xenology}`),
        page.deadline ? el("div", { id: "deadline" }, deadlineText(page.deadline)) : null,
        el("div", { class: page.submitted ? "waiting" : "muted", id: "submitted" },
          page.submitted ? "Your orders for this turn are in (you may replace them until the turn closes)."
            : "No orders submitted for this turn yet."), ...over);
      fill(nationBox, el("h3", {}, "Planets"), planetsTable(n),
        el("h3", {}, "Technology"),
        el("p", { id: "techs" }, n.techs.map((t) => `${t.name} ${t.level}`).join(", ")),
        n.supplementals.length ? el("p", {}, `Supplementals: ${n.supplementals.join(", ")}`) : null,
        n.orgs.length ? el("p", {}, `Organisations: ${n.orgs.map((o) => `${o.name} (${o.type}, Power ${o.power})`).join(", ")}`) : null,
        n.units.length ? el("div", {}, el("h3", {}, "Ships and detachments"), el("table", { class: "campaign-table", id: "units" },
          el("thead", {}, el("tr", {}, ["Name", "Kind", "Class", "Level", "Where", "Damage"].map((h) => el("th", {}, h)))),
          el("tbody", {}, n.units.map((u) => el("tr", { "data-unit": u.name },
            el("td", {}, u.name), el("td", {}, u.unit), el("td", {}, u.class), el("td", { class: "num" }, String(u.level)),
            el("td", {}, u.where), el("td", { class: "num" }, String(u.damage))))))) : null,
        page.gm_items.length ? el("div", {}, el("h3", {}, "Waiting for the GM"),
          el("ul", {}, page.gm_items.map((i) => el("li", {}, `#${i.id} ${i.subject}${i.decided ? ` - ${i.answer}` : ""}`)))) : null);
      mapBox.replaceChildren(el("h3", {}, "Known space"), drawMap(page.map));
      status.dataset.approved = page.approved ? "yes" : "no";
      if (!page.approved) {
        status.append(el("div", { class: "waiting", id: "awaiting" }, page.has_form
          ? "Your nation awaits the GM's approval; until then you may change its creation form below."
          : "Create your nation below: the GM approves it, then you give orders."));
        await creation.open();
      }
      creation.node.hidden = !!page.approved;
      ordersPart.node.hidden = !page.approved;
      ordersPart.update(page);
      messages.setNations(page.nations);
    }
    await sheets.refresh();
  }

  if (gm) {
    gmPart = gmPanel(match, token, () => load());
    messages = messagesBox(match, token, null);
    mainCol.append(status, gmPart.node, sheets.node);
    side.append(messages.node);
  } else {
    ordersPart = ordersEditor(match, token, () => load());
    creation = creationForm(match, token, () => load());
    messages = messagesBox(match, token, []);
    mainCol.append(status, creation.node, nationBox, ordersPart.node, sheets.node);
    side.append(mapBox, messages.node);
  }
  try {
    await load();
  } catch (e) {
    root.replaceChildren(el("section", { class: "panel" }, el("h2", {}, "Cannot open the campaign"),
      el("p", { class: "error", role: "alert" }, e.message), el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
    return null;
  }
  await messages.refresh();
  const stop = liveSocket(match, token, (step) => {
    if (step !== stateId || gm) load().catch(() => {}); // the GM's page: a join or an invitation too
  }, (pushed) => messages.add(pushed), () => {
    root.replaceChildren(el("section", { class: "panel", id: "signed-out" }, el("h2", {}, "Signed out"),
      el("p", { class: "error", role: "alert" }, "This browser's token of the campaign is no longer valid: the GM gave "
        + "the seat a new invitation link. Ask the GM for it."), el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
  });
  return () => {
    stop();
  };
}

function ordersEditor(match, token, reload) {
  const area = el("textarea", { id: "orders", rows: 10, spellcheck: "false", class: "orders",
    placeholder: "one order a line, e.g. build industrial district on <your homeworld>" });
  const lines = el("ol", { id: "order-lines", class: "order-lines" });
  const summary = el("p", { id: "orders-check", class: "muted" });
  const result = el("p", { id: "orders-status", role: "status" });
  const submit = el("button", { class: "primary", type: "button", id: "orders-submit", disabled: true }, "Submit orders");
  let timer = null;
  let serial = 0;
  let turn = null;

  const check = async () => {
    const mine = ++serial;
    const text = area.value;
    try {
      const checked = await api("POST", `/api/campaigns/${enc(match)}/check`, { token, body: { orders: text } });
      if (mine !== serial) return; // a newer check is on its way
      lines.replaceChildren(...checked.lines.map((l) => el("li", {
        value: l.line, "data-line": l.line, "data-ok": l.accepted ? "yes" : "no", class: l.accepted ? "ok" : "bad",
      }, el("code", {}, l.text), " ", el("span", { class: "reason" }, l.accepted ? (l.reason || "accepted") : l.reason))));
      const bad = checked.lines.filter((l) => !l.accepted).length;
      summary.textContent = checked.lines.length === 0 ? "No orders: your projects carry on."
        : bad ? `${bad} line(s) refused: fix them to submit.` : `All ${checked.lines.length} order(s) accepted.`;
      summary.dataset.ok = checked.ok ? "yes" : "no";
      submit.disabled = !checked.ok;
    } catch (e) {
      if (mine === serial) summary.textContent = e.message;
    }
  };
  area.addEventListener("input", () => {
    submit.disabled = true;
    summary.dataset.ok = "pending"; // until the check of this text answers
    result.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  submit.addEventListener("click", async () => {
    submit.disabled = true;
    try {
      await api("POST", `/api/campaigns/${enc(match)}/orders`, { token, body: { orders: area.value } });
      result.textContent = "Submitted.";
      result.className = "ok-text";
      await reload();
    } catch (e) {
      result.textContent = e.message;
      result.className = "error";
    } finally {
      submit.disabled = summary.dataset.ok !== "yes";
    }
  });
  const node = el("section", { class: "panel", id: "orders-box" }, el("h3", {}, "Orders"), area, summary, lines,
    el("div", { class: "typed" }, submit), result);
  return {
    node,
    update(page) {
      if (turn !== page.turn) { // a new turn: start from the orders in (none yet)
        turn = page.turn;
        area.value = page.orders || "";
        lines.replaceChildren();
        check();
      }
    },
  };
}

// ------------------------------------------------------------------ the GM's page
function gmPanel(match, token, reload) {
  const nations = el("table", { class: "campaign-table", id: "gm-nations" });
  const queue = el("ul", { id: "gm-queue" });
  const process = el("button", { class: "primary", type: "button", id: "gm-process" }, "Process the turn");
  const processError = el("p", { class: "error", role: "alert", id: "gm-process-error" });
  const action = el("input", { type: "text", id: "gm-action", list: "gm-verbs", size: 50,
    placeholder: 'e.g. meet zabanian-empire kethri-concord, note NATION "text"' });
  const verbs = el("datalist", { id: "gm-verbs" });
  const actionError = el("p", { class: "error", role: "alert", id: "gm-action-error" });
  const invites = el("div", { id: "gm-invites" });
  const deadline = el("input", { type: "datetime-local", id: "gm-deadline", "aria-label": "deadline of this turn" });
  const deadlineError = el("p", { class: "error", role: "alert", id: "gm-deadline-error" });
  const gmAct = async (text, errorNode) => {
    errorNode.textContent = "";
    try {
      await api("POST", `/api/campaigns/${enc(match)}/gm`, { token, body: { action: text } });
      await reload();
    } catch (e) {
      errorNode.textContent = e.message;
    }
  };
  const quote = (text) => JSON.stringify(text); // an action's text: double quotes, JSON escapes
  const setDeadline = async (clear) => {
    deadlineError.textContent = "";
    try {
      let value = null;
      if (!clear) {
        if (!deadline.value) throw new Error("pick a date and time first");
        value = new Date(deadline.value).toISOString(); // the browser's local time, sent as UTC
      }
      await api("PUT", `/api/campaigns/${enc(match)}/deadline`, { token, body: { deadline: value } });
      await reload();
    } catch (e) {
      deadlineError.textContent = e.message;
    }
  };

  process.addEventListener("click", async () => {
    processError.textContent = "";
    process.disabled = true;
    try {
      await api("POST", `/api/campaigns/${enc(match)}/process`, { token });
      await reload();
    } catch (e) {
      processError.textContent = e.message;
    } finally {
      process.disabled = false;
    }
  });
  const act = async (event) => {
    event.preventDefault();
    actionError.textContent = "";
    try {
      await api("POST", `/api/campaigns/${enc(match)}/gm`, { token, body: { action: action.value } });
      action.value = "";
      await reload();
    } catch (e) {
      actionError.textContent = e.message;
    }
  };
  const exportIt = async () => {
    try {
      download(`campaign-${match}.json`, "application/json",
        await fetchBytes(`/api/campaigns/${enc(match)}/export`, token));
    } catch (e) {
      actionError.textContent = e.message;
    }
  };
  const inviteError = el("p", { class: "error", role: "alert", id: "gm-invite-error" });
  const drawInvites = async () => {
    let rows;
    try {
      rows = await api("GET", `/api/campaigns/${enc(match)}/invitations`, { token });
    } catch (e) {
      inviteError.textContent = e.message;
      return;
    }
    const kept = created().find((c) => c.match === match) || { seats: [] };
    const linkOf = (r) => {
      const seat = (kept.seats || []).find((s) => s.seat === r.seat);
      return seat && seat.invite && r.link_id && seat.link_id === r.link_id ? joinLink(match, seat.invite) : null;
    };
    const keep = (seat, invite, linkId) => {
      const entry = created().find((c) => c.match === match) || { match, game: "star-kingdoms", seats: [] };
      entry.seats = (entry.seats || []).filter((s) => s.seat !== seat);
      if (invite) entry.seats.push({ seat, kind: "human", invite, link_id: linkId });
      rememberCreated(entry);
    };
    const row = (r) => {
      const link = linkOf(r);
      const state = r.joined ? "joined" : r.link_id ? "link not used yet" : "no link";
      const copied = el("span", { class: "copied" });
      const field = link ? el("input", { type: "text", readonly: true, value: link, size: 36,
        "aria-label": "invitation link", "data-link": r.seat }) : null;
      return el("li", { class: "invite", "data-seat": r.seat, "data-state": r.joined ? "joined" : r.link_id ? "open" : "none" },
        el("strong", { class: "who" }, r.name), el("span", { class: "muted small" }, state),
        field, field ? el("button", { type: "button", class: "small", onclick: async () => {
          copied.textContent = (await copyText(link)) ? "copied" : "copy it by hand";
        } }, "Copy") : null, copied,
        el("button", { type: "button", class: "small", "data-reissue": r.seat, onclick: async () => {
          if (r.joined && !confirm(`A new link signs out the player of ${r.name}. Go on?`)) return;
          inviteError.textContent = "";
          try {
            const made = await api("POST", `/api/campaigns/${enc(match)}/invitations/${r.seat}`, { token });
            keep(r.seat, made.invite, made.link_id);
            await drawInvites();
          } catch (e) {
            inviteError.textContent = e.message;
          }
        } }, r.link_id ? "New link" : "Make a link"),
        r.link_id || r.joined ? el("button", { type: "button", class: "small", "data-revoke": r.seat, onclick: async () => {
          if (!confirm(`Revoke ${r.name}'s link${r.joined ? " and sign out its player" : ""}?`)) return;
          inviteError.textContent = "";
          try {
            await api("DELETE", `/api/campaigns/${enc(match)}/invitations/${r.seat}`, { token });
            keep(r.seat, null, null);
            await drawInvites();
          } catch (e) {
            inviteError.textContent = e.message;
          }
        } }, "Revoke") : null);
    };
    invites.replaceChildren(el("ul", { class: "invites", id: "invites" }, rows.map(row)), inviteError,
      gmLinkBox(match, token));
    invites.dataset.joined = String(rows.filter((r) => r.joined).length);
  };
  const node = el("section", { class: "panel", id: "gm" },
    el("h3", {}, "Game master"), nations, el("h3", {}, "Queue"), queue,
    el("div", { class: "typed" }, process), processError,
    el("div", { class: "typed" }, el("span", {}, "Process automatically at"), deadline,
      el("button", { type: "button", id: "gm-deadline-set", onclick: () => setDeadline(false) }, "Set"),
      el("button", { type: "button", id: "gm-deadline-clear", onclick: () => setDeadline(true) }, "Clear")),
    deadlineError,
    el("form", { class: "typed", id: "gm-action-form", onsubmit: act }, action, verbs,
      el("button", { type: "submit", id: "gm-action-go" }, "Do")), actionError,
    el("div", { class: "typed" }, el("button", { type: "button", id: "gm-export", onclick: exportIt }, "Export the campaign")),
    el("details", { id: "gm-invitations" }, el("summary", {}, "Invitations (one link per nation)"), invites));
  const approval = (q) => {
    const note = el("input", { type: "text", size: 30, "data-note": q.nation, placeholder: "what to change (to send back)",
      "aria-label": "note to the player" });
    const error = el("span", { class: "error", role: "alert" });
    return el("div", { class: "typed approval" },
      el("button", { type: "button", class: "small primary", "data-approve": q.nation,
        onclick: () => gmAct(`approve ${q.nation}${note.value.trim() ? ` note=${quote(note.value.trim())}` : ""}`, error) },
      "Approve"), note,
      el("button", { type: "button", class: "small", "data-send-back": q.nation, onclick: () => {
        if (!note.value.trim()) {
          error.textContent = "say what the player must change first";
          return;
        }
        gmAct(`send-back ${q.nation} ${quote(note.value.trim())}`, error);
      } }, "Send back"), error);
  };
  return {
    node,
    update(page) {
      verbs.replaceChildren(...page.gm_actions.map((v) => el("option", { value: v })));
      nations.replaceChildren(
        el("thead", {}, el("tr", {}, ["Nation", "Joined", "Orders", "Credits", "Planets"].map((h) => el("th", {}, h)))),
        el("tbody", {}, page.nations.map((n) => el("tr", { "data-nation": n.id, "data-submitted": n.submitted ? "yes" : "no" },
          el("td", {}, n.name, el("span", { class: "muted small" }, ` ${n.id}`)), el("td", {}, n.joined ? "yes" : "not yet"),
          el("td", {}, n.submitted ? "submitted" : n.approved ? "waiting" : "awaiting approval"),
          el("td", { class: "num" }, String(n.credits)), el("td", { class: "num" }, String(n.planets))))));
      queue.replaceChildren(...(page.queue.length ? page.queue.map((q) => el("li", { "data-item": q.item, "data-kind": q.kind },
        q.item ? `#${q.item} ` : "", `${q.nation}: ${q.text}`, q.blocking ? el("span", { class: "badge" }, "blocking") : null,
        q.kind === "approve-nation" ? approval(q) : null))
        : [el("li", { class: "muted" }, "Nothing waits for you.")]));
      process.disabled = !!page.ended;
      drawInvites();
    },
  };
}
