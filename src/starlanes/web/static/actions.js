// Legal actions as things to click: grouped by verb; actions that differ only in one number
// (a template's range, e.g. "place Vega-3 count=2" .. "count=7") become one stepper.
import { el } from "./api.js";

const NUMBER = /^(?:([A-Za-z_][\w-]*)=)?(-?[0-9]+)$/;

// Split the actions of one verb into plain ones and ranged families.
export function families(actions, isRef) {
  const shapes = new Map();
  for (const a of actions) {
    const words = a.text.split(/\s+/);
    let at = -1;
    for (let i = words.length - 1; i > 0; i--) {
      const m = NUMBER.exec(words[i]);
      if (m && !isRef(words[i], a.text, i)) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      shapes.set(`plain:${a.text}`, { plain: a });
      continue;
    }
    const m = NUMBER.exec(words[at]);
    const key = [...words.slice(0, at), m[1] ? `${m[1]}=#` : "#", ...words.slice(at + 1)].join(" ");
    if (!shapes.has(key)) shapes.set(key, { key, words, at, name: m[1] || "", items: [] });
    shapes.get(key).items.push({ value: Number(m[2]), action: a });
  }
  // a keyword family ("place X count=2..7") and its plain form ("place X": the keyword's
  // default) make one stepper, the plain form one below the family's least value
  for (const shape of shapes.values()) {
    if (shape.plain || !shape.name) continue;
    const bare = [...shape.words.slice(0, shape.at), ...shape.words.slice(shape.at + 1)].join(" ");
    const plain = shapes.get(`plain:${bare}`);
    const least = Math.min(...shape.items.map((i) => i.value));
    if (plain && plain.plain && !shape.items.some((i) => i.value === least - 1)) {
      shape.items.push({ value: least - 1, action: plain.plain });
      plain.merged = shape;
    }
  }
  const out = [];
  const placed = new Set();
  for (const shape of shapes.values()) {
    const target = shape.merged || shape;
    if (placed.has(target)) continue;
    placed.add(target);
    if (target.plain) {
      out.push(target);
    } else if (target.items.length < 3) {
      for (const item of target.items) out.push({ plain: item.action });
    } else {
      target.items.sort((x, y) => x.value - y.value);
      out.push(target);
    }
  }
  return out;
}

function stepper(shape, submit, busy) {
  const values = shape.items.map((i) => i.value);
  let index = values.length - 1; // the most, as a person usually wants (all reinforcements, all dice)
  const label = el("span", { class: "what" });
  const output = el("output", { class: "value" });
  const go = el("button", { type: "button", class: "act primary-soft", "data-action": "" });
  const minus = el("button", { type: "button", class: "step", "aria-label": "fewer" }, "−");
  const plus = el("button", { type: "button", class: "step", "aria-label": "more" }, "+");
  const draw = () => {
    const item = shape.items[index];
    output.textContent = String(item.value);
    const text = item.action.text;
    go.textContent = text;
    go.dataset.action = text;
    go.title = item.action.description || "";
    label.textContent = item.action.description || "";
    minus.disabled = index === 0;
    plus.disabled = index === values.length - 1;
  };
  minus.addEventListener("click", () => { index = Math.max(0, index - 1); draw(); });
  plus.addEventListener("click", () => { index = Math.min(values.length - 1, index + 1); draw(); });
  go.addEventListener("click", () => { if (!busy()) submit(go.dataset.action); });
  draw();
  return el("div", { class: "family", "data-shape": shape.key },
    el("div", { class: "stepper" }, minus, output, plus, go),
    label);
}

function button(action, submit, busy) {
  return el("button", {
    type: "button", class: "act", "data-action": action.text, title: action.description || "",
    onclick: () => { if (!busy()) submit(action.text); },
  }, el("span", { class: "t" }, action.text), action.description ? el("span", { class: "d" }, action.description) : null);
}

// Draw the actions into `box`. `refsOf(text)` names the board things an action involves;
// `picked` (a board thing or null) keeps only the actions that involve it.
export function drawActions(box, actions, { refsOf, picked, submit, busy }) {
  const refs = new Map(actions.map((a) => [a.text, new Set(refsOf(a.text))]));
  const isRef = (word, text) => refs.get(text).has(word.includes("=") ? word.split("=")[1] : word);
  const shown = picked ? actions.filter((a) => refs.get(a.text).has(picked)) : actions;
  const byVerb = new Map();
  for (const a of shown) {
    const verb = a.verb || a.text.split(/\s+/)[0];
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(a);
  }
  const groups = [];
  for (const [verb, list] of byVerb) {
    const items = families(list, isRef).map((f) => (f.plain ? button(f.plain, submit, busy) : stepper(f, submit, busy)));
    const open = byVerb.size <= 2 || items.length <= 6 || !!picked;
    groups.push(el("details", { class: "verb", open, "data-verb": verb },
      el("summary", {}, el("b", {}, verb), el("span", { class: "count" }, String(list.length))),
      el("div", { class: "items" }, items)));
  }
  if (!groups.length) {
    box.replaceChildren(el("p", { class: "muted" }, picked ? `No action of yours involves ${picked} now.` : "Nothing to do now."));
  } else {
    box.replaceChildren(...groups);
  }
}
