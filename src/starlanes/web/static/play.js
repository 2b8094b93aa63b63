// The play page of one seat: the board, whose turn it is, the legal actions, what happened.
import { api, ApiError, el, seatColour } from "./api.js";
import { drawActions } from "./actions.js";
import * as generic from "./generic-board.js";

const boards = new Map();

async function boardModule(game) {
  if (!boards.has(game)) {
    boards.set(game, import(`/games/${encodeURIComponent(game)}/board.js`).catch(() => generic));
  }
  return boards.get(game);
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

export async function showPlay(root, who, crumb) {
  const match = who.match;
  const auth = who.token ? { token: who.token } : {};
  const withQuery = (path, extra) => {
    const params = new URLSearchParams(extra || {});
    if (who.spectator) params.set("spectator", who.spectator);
    const s = params.toString();
    return `/api/matches/${encodeURIComponent(match)}${path}${s ? `?${s}` : ""}`;
  };

  const state = {
    summary: null, view: null, text: "", actions: [], stateId: -1, events: [], lastEvent: 0,
    picked: null, busy: false, closed: false, socket: null, retry: 0, everOpened: false, content: null, board: null, confirming: false,
  };
  const watching = who.seat === "spectator";
  const master = who.seat === "gm";

  const boardBox = el("div", { class: "board", id: "board" });
  const status = el("div", { class: "status", id: "status", "aria-live": "polite" });
  const sealed = el("div", { class: "sealed", id: "sealed" });
  const result = el("div", { class: "result", id: "result" });
  const pickBar = el("div", { class: "pick", id: "pick" });
  const actionsBox = el("div", { class: "actions", id: "actions" });
  const typed = el("input", { id: "typed", type: "text", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
    placeholder: "or type an action", "aria-label": "type an action" });
  const error = el("p", { class: "error", id: "error", role: "alert" });
  const eventsList = el("ol", { class: "events", id: "events" });
  const textView = el("pre", { class: "text-view" });
  const resignBox = el("div", { class: "resign", id: "resign" });

  const submitTyped = (e) => {
    e.preventDefault();
    const text = typed.value.trim();
    if (!text) {
      error.textContent = "Type an action first, e.g. one of the buttons' texts.";
      return;
    }
    submit(text);
  };

  const gmBox = el("div", { class: "gm-forms", id: "gm-forms" });
  const typedForm = el("form", { class: "typed", onsubmit: submitTyped }, typed, el("button", { type: "submit" }, "Send"));
  // a spectator sees the board and what every seat sees: no actions, no text box, no resign
  const actPanel = master
    ? el("section", { class: "panel act-panel gm-panel", id: "gm" },
      el("h3", {}, "Game master"), pickBar, actionsBox, typedForm, error, gmBox)
    : watching
    ? el("section", { class: "panel watch-note", id: "watching" },
      el("b", {}, "Watching"), " — you see what every seat sees: the board and the public events, never a seat's hidden cards or sealed choices.",
      error)
    : el("section", { class: "panel act-panel" },
      pickBar, actionsBox, typedForm, error, resignBox);
  root.replaceChildren(el("div", { class: `play${watching ? " watching" : ""}` },
    el("section", { class: "board-wrap" }, boardBox),
    el("aside", { class: "side" },
      status, result, sealed, actPanel,
      el("section", { class: "panel" }, el("h3", {}, "What happened"), eventsList),
      el("details", { class: "panel" }, el("summary", {}, "Text view"), textView))));

  const mySeat = typeof who.seat === "number" ? who.seat : Number.isInteger(Number(who.seat)) ? Number(who.seat) : null;

  function chip(s) {
    return el("span", { class: "chip", style: `--c:${seatColour(s)}` }, `Seat ${s}${s === mySeat ? " (you)" : ""}`);
  }

  function drawStatus() {
    const view = state.view;
    if (!view || !state.summary) return;
    const game = state.summary.game;
    // who first, the long match id last: a phone's narrow header cuts the id, not the seat
    crumb(`${game} · ${mySeat !== null ? `seat ${mySeat}` : watching ? "watching" : master ? "game master" : who.seat} · ${match}`);
    const toAct = view.to_act || [];
    const submitted = view.submitted || [];
    let line;
    if (view.outcome) {
      line = el("span", {}, "The game is over.");
    } else if (mySeat !== null && toAct.includes(mySeat)) {
      line = el("span", { class: "your-turn" }, submitted.length ? "Your choice" : "Your turn");
    } else if (toAct.length) {
      line = el("span", {}, "Waiting for ", toAct.map((s, i) => [i ? ", " : "", chip(s)]));
    } else {
      line = el("span", {}, "Waiting");
    }
    status.dataset.step = String(state.stateId);
    status.dataset.turn = view.outcome ? "over" : mySeat !== null && toAct.includes(mySeat) ? "mine" : "wait";
    const unjoined = (state.summary.seats || []).filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
    status.replaceChildren(el("div", { class: "turn-line" }, line),
      ...(unjoined.length ? [el("div", { class: "muted" }, `Not joined yet: ${unjoined.map((s) => `seat ${s}`).join(", ")}`)] : []),
      el("div", { class: "muted small" }, `step ${state.stateId}`));

    sealed.replaceChildren();
    if (!view.outcome && submitted.length) {
      const waiting = toAct.length;
      const others = submitted.filter((s) => s !== mySeat);
      const parts = [];
      if (mySeat !== null && submitted.includes(mySeat)) {
        parts.push(el("div", {}, "You chose ", el("b", { class: "my-sealed" }, view.my_sealed || "?"),
          ", sealed: the others cannot see it. You may change it until everyone has chosen."));
      }
      if (others.length) {
        parts.push(el("div", {}, others.map((s, i) => [i ? ", " : "", chip(s)]),
          ` submitted a sealed choice.`));
      }
      parts.push(el("div", { class: "waiting" }, waiting ? `Submitted, waiting for ${plural(waiting, "more choice", "more choices")}.` : "All chosen."));
      sealed.replaceChildren(el("div", { class: "panel sealed-box" }, parts));
    }

    result.replaceChildren();
    if (view.outcome) {
      const w = view.outcome.winners || [];
      const head = !w.length ? "A draw" : w.includes(mySeat) ? "You win!" : `${w.map((s) => `Seat ${s}`).join(" and ")} ${w.length > 1 ? "win" : "wins"}`;
      result.replaceChildren(el("div", { class: `panel outcome ${w.includes(mySeat) ? "won" : ""}` },
        el("h2", {}, head), el("p", {}, view.outcome.reason),
        view.outcome.scores ? el("p", { class: "muted" }, `scores: ${view.outcome.scores.join(" · ")}`) : null,
        el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
    }
  }

  // resigning ends the game for every seat: it asks first, in the page (a phone's dialogs are easy to tap through)
  function drawResign() {
    if (mySeat === null || !state.view || state.view.outcome) {
      resignBox.replaceChildren();
      return;
    }
    if (!state.confirming) {
      resignBox.replaceChildren(el("button", { type: "button", class: "small quiet", id: "resign-ask",
        onclick: () => { state.confirming = true; drawResign(); } }, "Resign…"));
      return;
    }
    resignBox.replaceChildren(el("div", { class: "confirm", role: "alertdialog", "aria-label": "resign?" },
      el("span", {}, "Give up this match? Every other seat wins; this cannot be undone."),
      el("button", { type: "button", class: "small danger", id: "resign-yes", onclick: resign }, "Yes, resign"),
      el("button", { type: "button", class: "small", id: "resign-no",
        onclick: () => { state.confirming = false; drawResign(); } }, "No, play on")));
  }

  async function resign() {
    if (state.busy) return;
    state.busy = true;
    error.textContent = "";
    try {
      await api("POST", withQuery("/resign"), auth);
      state.confirming = false;
      await refresh();
    } catch (e) {
      error.textContent = e.message;
      error.dataset.kind = e.kind || "";
    } finally {
      state.busy = false;
    }
  }

  function refsOf(text) {
    if (state.board && state.board.refs) return state.board.refs(text, ctx());
    return text.split(/\s+/).slice(1);
  }

  function pick(ref) {
    state.picked = state.picked === ref ? null : ref;
    drawBoard();
    drawActionList();
  }

  function ctx() {
    return {
      view: state.view, text: state.text, content: state.content, seat: mySeat, picked: state.picked,
      active: activeRefs(), actions: state.actions, pick, seatColour,
    };
  }

  function activeRefs() {
    const set = new Set();
    if (!state.board || !state.board.refs) return set;
    for (const a of state.actions) for (const r of state.board.refs(a.text, { view: state.view, content: state.content })) set.add(r);
    return set;
  }

  function drawBoard() {
    if (!state.view || !state.board) return;
    try {
      state.board.render(boardBox, ctx());
    } catch (e) {
      generic.render(boardBox, ctx());
      boardBox.prepend(el("p", { class: "error" }, `The board could not be drawn (${e.message}); the text view follows.`));
    }
  }

  function drawActionList() {
    pickBar.replaceChildren();
    if (state.picked) {
      pickBar.append(el("span", {}, "Actions with ", el("b", {}, state.picked)),
        el("button", { type: "button", class: "small", onclick: () => pick(state.picked) }, "show all"));
    }
    if (watching) return;
    if (!state.actions.length && !state.picked) {
      const view = state.view;
      const note = !view ? "" : view.outcome ? "The game is over."
        : master ? "No listed GM action now (close appears when a decision waits on seats); a ruling or ending the game is always possible below."
          : mySeat === null ? "You are watching." : "Not your turn: the board updates by itself.";
      actionsBox.replaceChildren(el("p", { class: "muted" }, note));
      return;
    }
    drawActions(actionsBox, state.actions, { refsOf, picked: state.picked, submit, busy: () => state.busy });
  }

  function addEvents(list) {
    for (const e of list) {
      if (e.state_id !== undefined && e.state_id <= state.lastEvent && state.events.some((x) => x.state_id === e.state_id && x.text === e.text)) continue;
      state.events.push(e);
      if (e.state_id !== undefined) state.lastEvent = Math.max(state.lastEvent, e.state_id);
    }
    const last = state.events.slice(-60);
    eventsList.replaceChildren(...last.map((e) => el("li", {}, e.text)).reverse());
  }

  async function refresh() {
    const [summary, view, actions] = await Promise.all([
      api("GET", withQuery(""), auth),
      api("GET", withQuery("/view"), auth),
      mySeat !== null || master ? api("GET", withQuery("/actions"), auth) : Promise.resolve({ actions: [] }),
    ]);
    state.summary = summary;
    state.view = view.view;
    state.text = view.text;
    state.stateId = view.state_id;
    state.actions = actions.state_id === undefined || actions.state_id === view.state_id ? actions.actions : [];
    if (actions.state_id !== undefined && actions.state_id !== view.state_id) return refresh();
    textView.textContent = view.text;
    if (!state.board) {
      state.board = await boardModule(summary.game);
      if (state.board.needsContent !== false && state.board !== generic) {
        try {
          state.content = await api("GET", withQuery("/content"), auth);
        } catch (e) {
          state.content = null;
        }
      }
    }
    if (state.picked && !activeRefs().has(state.picked) && !(state.board.known && state.board.known(state.picked, ctx()))) state.picked = null;
    drawStatus();
    drawBoard();
    drawActionList();
    drawResign();
    drawGm();
  }

  // the GM's two free-text actions: a ruling, and ending the game; each asks first, in the page
  const gm = { built: false, ask: null, ruling: null, reason: null, winners: [], rulingError: null, endError: null,
    rulingForm: null, endForm: null, rulingConfirm: null, endConfirm: null };

  function quoted(text) {
    return JSON.stringify(text);
  }

  function endGameText() {
    const winners = gm.winners.filter((b) => b.checked).map((b) => b.value);
    const reason = gm.reason.value.trim() || "ended by the GM";
    return `end-game${winners.length ? ` winners=${winners.join(",")}` : ""} reason=${quoted(reason)}`;
  }

  function confirmBox(question, yesId, yes, onYes) {
    return el("div", { class: "confirm", role: "alertdialog", "aria-label": question },
      el("span", {}, question),
      el("button", { type: "button", class: "small danger", id: yesId, onclick: onYes }, yes),
      el("button", { type: "button", class: "small", onclick: () => { gm.ask = null; drawGm(); } }, "Cancel"));
  }

  function buildGm() {
    gm.ruling = el("input", { id: "gm-ruling-text", type: "text", maxlength: "2000", autocomplete: "off",
      placeholder: "e.g. Seat 0 may take back the last move", "aria-label": "ruling text" });
    gm.rulingError = el("p", { class: "error", id: "gm-ruling-error", role: "alert" });
    gm.rulingConfirm = el("div", { class: "resign" });
    gm.rulingForm = el("form", { class: "gm-form", id: "gm-ruling", onsubmit: (e) => {
      e.preventDefault();
      gm.rulingError.textContent = gm.ruling.value.trim() ? "" : "Write the ruling first.";
      gm.ask = gm.ruling.value.trim() ? "ruling" : null;
      drawGm();
    } }, el("h4", {}, "Ruling"), el("div", { class: "typed" }, gm.ruling, el("button", { type: "submit", id: "gm-ruling-ask" }, "Post…")),
    gm.rulingConfirm, gm.rulingError);
    const seats = (state.summary && state.summary.seats) || [];
    gm.winners = seats.map((s) => el("input", { type: "checkbox", value: String(s.seat), id: `gm-winner-${s.seat}` }));
    gm.reason = el("input", { id: "gm-end-reason", type: "text", autocomplete: "off", placeholder: "reason, e.g. agreed at the table",
      "aria-label": "why the game ends" });
    gm.endError = el("p", { class: "error", id: "gm-end-error", role: "alert" });
    gm.endConfirm = el("div", { class: "resign" });
    gm.endForm = el("form", { class: "gm-form", id: "gm-end", onsubmit: (e) => {
      e.preventDefault();
      gm.endError.textContent = "";
      gm.ask = "end";
      drawGm();
    } }, el("h4", {}, "End the game"),
    el("div", { class: "winners" }, "Winners (none: a draw): ",
      seats.map((s, i) => el("label", { class: "chip", style: `--c:${seatColour(s.seat)}` }, gm.winners[i], ` Seat ${s.seat}`))),
    el("div", { class: "typed" }, gm.reason, el("button", { type: "submit", id: "gm-end-ask" }, "End…")),
    gm.endConfirm, gm.endError);
    gmBox.replaceChildren(gm.rulingForm, gm.endForm);
    gm.built = true;
  }

  function drawGm() {
    if (!master || !state.summary) return;
    if (state.view && state.view.outcome) {
      gmBox.replaceChildren();
      gm.built = false;
      return;
    }
    if (!gm.built) buildGm();
    gm.rulingConfirm.replaceChildren(gm.ask === "ruling"
      ? confirmBox(`Post this ruling to every seat? ${quoted(gm.ruling.value.trim())}`, "gm-ruling-yes", "Yes, post it", async () => {
        const text = `ruling ${quoted(gm.ruling.value.trim())}`;
        gm.ask = null;
        drawGm();
        if (await submit(text, gm.rulingError)) gm.ruling.value = "";
      })
      : []);
    gm.endConfirm.replaceChildren(gm.ask === "end"
      ? confirmBox(`End the game for every seat? ${endGameText()}`, "gm-end-yes", "Yes, end it", async () => {
        const text = endGameText();
        gm.ask = null;
        drawGm();
        await submit(text, gm.endError);
      })
      : []);
  }

  async function catchUp() {
    try {
      const list = await api("GET", withQuery("/events", { since: String(state.lastEvent) }), auth);
      addEvents(list);
    } catch (e) {
      /* the events are a convenience: the board is what matters */
    }
  }

  // send one action; its error goes to `errorBox` (the actions' line unless a form names its own)
  async function submit(text, errorBox = error) {
    if (state.busy) return false;
    state.busy = true;
    error.textContent = "";
    errorBox.textContent = "";
    actionsBox.classList.add("busy");
    try {
      const done = await api("POST", withQuery("/actions"), { ...auth, body: { action: text, state_id: state.stateId } });
      typed.value = "";
      state.picked = null;
      addEvents((done.events || []).map((e) => ({ ...e, state_id: done.state_id })));
      await refresh();
      return true;
    } catch (e) {
      if (e instanceof ApiError) {
        errorBox.textContent = e.kind === "StaleState"
          ? "The match moved on before your action arrived; here is the new position. Choose again."
          : `${e.message}`;
        errorBox.dataset.kind = e.kind;
        if (e.kind === "StaleState" || e.kind === "NotYourTurn") await refresh().catch(() => {});
      } else {
        errorBox.textContent = String(e.message || e);
      }
      return false;
    } finally {
      state.busy = false;
      actionsBox.classList.remove("busy");
    }
  }

  function net(text) {
    const n = document.getElementById("net");
    if (!n) return;
    n.hidden = !text;
    n.textContent = text || "";
  }

  function connect() {
    if (state.closed || !who.token && !who.spectator) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const qs = who.token ? `token=${encodeURIComponent(who.token)}` : `spectator=${encodeURIComponent(who.spectator)}`;
    const socket = new WebSocket(`${proto}//${location.host}/api/matches/${encodeURIComponent(match)}/ws?${qs}`);
    state.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      state.everOpened = true;
      const reconnecting = state.retry > 0;
      state.retry = 0;
      net("");
      if (reconnecting) {
        refresh().catch(() => {});
        catchUp();
      }
    });
    socket.addEventListener("message", (msg) => {
      let data;
      try {
        data = JSON.parse(msg.data);
      } catch (e) {
        return;
      }
      if (data.type !== "update") return;
      if (data.events) addEvents(data.events.map((e) => ({ state_id: data.state_id, ...e })));
      if (data.state_id !== state.stateId || !state.view) {
        refresh().catch((e) => { error.textContent = e.message; });
      }
    });
    socket.addEventListener("close", () => {
      if (state.closed) return;
      state.retry += 1;
      const wait = Math.min(10000, 500 * 2 ** Math.min(state.retry, 5));
      net(opened || state.everOpened ? "reconnecting…" : "offline: retrying…");
      setTimeout(connect, wait);
    });
  }

  root.querySelector(".board-wrap").addEventListener("click", (e) => {
    if (e.target === boardBox || e.target.classList.contains("board-wrap")) {
      if (state.picked) pick(state.picked);
    }
  });

  try {
    await refresh();
  } catch (e) {
    root.replaceChildren(el("section", { class: "panel" }, el("h2", {}, "Cannot open the match"),
      el("p", { class: "error", role: "alert" }, e.message), el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
    return null;
  }
  await catchUp();
  connect();
  return () => {
    state.closed = true;
    if (state.socket) state.socket.close();
    net("");
  };
}
