// The router: #/ lobby, #/join/<match>/<invite>, #/play/<match>/<seat>, #/watch/<match>/<code>,
// campaigns: #/campaign-new, #/campaign/<match>/<seat|gm>.
import { api, el, remember, seatFor } from "./api.js";
import { showCampaign, showNewCampaign } from "./campaign.js";
import { showLobby } from "./lobby.js";
import { showPlay } from "./play.js";

const root = document.getElementById("app");
let leave = null; // the current page's clean-up (closes its socket)

// which page plays a game ("play" or "campaign"), as /api/games says (the client names no game)
let pages = null;
async function pageOf(game) {
  if (!pages) {
    pages = api("GET", "/api/games").then((games) => new Map(games.map((g) => [g.id, g.page || "play"])))
      .catch((e) => { pages = null; throw e; });
  }
  return (await pages).get(game) || "play";
}

function crumb(text) {
  document.getElementById("crumb").textContent = text || "";
}

async function join(match, invite) {
  const mine = seatFor(match, null);
  const known = mine && mine.invite === invite ? mine : null;
  if (known) {
    location.replace(`#/${await pageOf(known.game)}/${match}/${known.seat}`);
    return;
  }
  root.replaceChildren(el("p", { class: "muted" }, "Joining…"));
  try {
    const joined = await api("POST", `/api/matches/${encodeURIComponent(match)}/join`, { body: { invite } });
    let game = "";
    try {
      game = (await api("GET", `/api/matches/${encodeURIComponent(match)}`, { token: joined.token })).game;
    } catch (e) {
      game = "";
    }
    remember({ match, seat: joined.seat, token: joined.token, game, invite, gm: false });
    location.replace(`#/${await pageOf(game)}/${match}/${joined.seat}`);
  } catch (e) {
    root.replaceChildren(
      el("section", { class: "panel" },
        el("h2", {}, "Cannot join this seat"),
        el("p", { class: "error", role: "alert" }, e.message),
        el("p", {}, e.status === 409
          ? "Each join link seats one player once. If this was your seat in another browser, play it there; otherwise ask the match's creator for the link of a free seat."
          : "Check the link you were given."),
        el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
  }
}

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const page = parts[0] || "";
  if (page === "join" && parts[1] && parts[2]) {
    crumb("joining");
    await join(parts[1], parts[2]);
  } else if (page === "campaign-new") {
    crumb("new campaign");
    leave = await showNewCampaign(root);
  } else if ((page === "play" || page === "campaign") && parts[1]) {
    const mine = seatFor(parts[1], parts[2]);
    if (!mine) {
      crumb("");
      root.replaceChildren(el("section", { class: "panel" },
        el("h2", {}, "No seat here"),
        el("p", {}, "This browser holds no seat of that match. Open the join link you were given."),
        el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
      return;
    }
    if (page === "campaign" || await pageOf(mine.game) === "campaign") {
      leave = await showCampaign(root, { match: parts[1], token: mine.token, gm: !!mine.gm }, crumb);
    } else {
      leave = await showPlay(root, { match: parts[1], token: mine.token, seat: mine.gm ? "gm" : mine.seat }, crumb);
    }
  } else if (page === "watch" && parts[1] && parts[2]) {
    leave = await showPlay(root, { match: parts[1], spectator: parts[2], seat: "spectator" }, crumb);
  } else {
    crumb("lobby");
    leave = await showLobby(root);
  }
}

window.addEventListener("hashchange", route);
route();
