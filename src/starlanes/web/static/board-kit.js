// What every game's board module (a game's web/board.js, served at /games/<id>/board.js) builds its
// drawing with: SVG and HTML elements from a tag, attributes and children. A board imports it as
// `import { svg, html } from "/board-kit.js";`. An attribute that is undefined, null or false is
// left out; "class" sets the class, "on<event>" adds a listener (HTML); children may be nested
// arrays, nodes or values shown as text.

export const NS = "http://www.w3.org/2000/svg";

function fill(node, children, text) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : text(String(c)));
  }
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  return fill(node, children, (s) => document.createTextNode(s));
}

export function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  return fill(node, children, (s) => s);
}
