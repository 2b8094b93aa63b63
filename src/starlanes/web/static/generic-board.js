// The board of a game without a module of its own: its text rendering.
export const needsContent = false;

export function render(box, ctx) {
  const pre = document.createElement("pre");
  pre.className = "text-board";
  pre.textContent = ctx.text || "";
  box.replaceChildren(pre);
}

export function refs(text) {
  return text.split(/\s+/).slice(1).map((w) => (w.includes("=") ? w.split("=")[1] : w));
}
