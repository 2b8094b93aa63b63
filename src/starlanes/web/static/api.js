// The server's HTTP API (docs/server.md) and the seats this browser holds (localStorage).

export class ApiError extends Error {
  constructor(status, kind, message, stateId) {
    super(message);
    this.status = status;
    this.kind = kind;
    this.stateId = stateId;
  }
}

export async function api(method, path, { token, body, headers } = {}) {
  const init = { method, headers: { Accept: "application/json", ...(headers || {}) } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, "NetworkError", "the server cannot be reached; check your connection");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (e) {
      data = null;
    }
  }
  if (!response.ok) {
    const kind = (data && data.error) || `HTTP ${response.status}`;
    const message = (data && data.message) || response.statusText || "the request failed";
    throw new ApiError(response.status, kind, message, data ? data.state_id : undefined);
  }
  return data;
}

// ---- seats kept in this browser: [{match, seat, token, game, gm}] ----
const KEY = "starlanes.seats";
const CREATED = "starlanes.created";

function load(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value : [];
  } catch (e) {
    return [];
  }
}

export function seats() {
  return load(KEY);
}

export function remember(entry) {
  const list = seats().filter((s) => !(s.match === entry.match && String(s.seat) === String(entry.seat)));
  list.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
}

export function forget(match, seat) {
  const list = seats().filter((s) => !(s.match === match && String(s.seat) === String(seat)));
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function seatFor(match, seat) {
  const list = seats().filter((s) => s.match === match);
  if (seat === undefined || seat === null || seat === "") return list.find((s) => !s.gm) || list[0] || null;
  return list.find((s) => String(s.seat) === String(seat)) || null;
}

// matches this browser created: the invites to share again later
export function created() {
  return load(CREATED);
}

export function rememberCreated(entry) {
  const list = created().filter((c) => c.match !== entry.match);
  list.unshift(entry);
  localStorage.setItem(CREATED, JSON.stringify(list.slice(0, 100)));
}

export function joinLink(match, invite) {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(match)}/${encodeURIComponent(invite)}`;
}

export function watchLink(match, code) {
  return `${location.origin}${location.pathname}#/watch/${encodeURIComponent(match)}/${encodeURIComponent(code)}`;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const SEAT_COLOURS = ["#e4572e", "#2e86de", "#f4b400", "#17a589", "#8e44ad", "#d35400", "#7f8c8d", "#c0392b"];

export function seatColour(seat) {
  return seat >= 0 ? SEAT_COLOURS[seat % SEAT_COLOURS.length] : "#9aa3ad";
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    const area = el("textarea", { readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (e2) {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
