// A nation's civilisation creation form in the browser (Star Kingdoms S18, creation.py): the
// player fills it while the GM has not approved the nation; every change is checked on the server
// by the same code as the CLI's `add-nation` (POST /api/campaigns/<m>/creation/check) and each
// problem is listed, the fields it names marked; "Send" builds the nation (it awaits the GM).
import { api, el } from "./api.js";

const enc = encodeURIComponent;
const CATEGORY_TEXT = { homeworld: "Homeworld trait", people: "People trait", ambition: "Ambition trait" };

function select(id, values, chosen, label) {
  return el("select", { id, "aria-label": label },
    values.map((v) => el("option", { value: v, selected: v === chosen }, v)));
}

// the field a problem names: "traits[0] 'x'.category: ..." -> "traits", "l2_techs[1]: ..." -> "l2_techs"
function fieldOf(problem) {
  const m = /^([a-z_0-9]+)/.exec(problem);
  return m ? m[1] : "";
}

export function creationForm(match, token, onSent) {
  const node = el("section", { class: "panel creation", id: "creation", hidden: true });
  let built = false;
  let read = null;
  let timer = null;
  let serial = 0;

  function build(offer) {
    const c = offer.choices;
    const f = offer.form || {};
    const traits = new Map((f.traits || []).map((t) => [String(t.category || "").toLowerCase(), t]));
    const principles = f.principles || [];
    const unit = (kind, i) => ((f[kind] || [])[i] || {});
    const input = (id, value, attrs = {}) => el("input", { id, type: "text", maxlength: 80, value: value || "", ...attrs });
    const name = input("cf-name", f.name, { placeholder: "the nation's name", required: true });
    const player = input("cf-player", f.player, { placeholder: "your name or address (optional)" });
    const native = select("cf-native", c.natives, f.native || c.natives[0], "native biosphere");
    const homes = [...c.homeworlds];
    const home = select("cf-homeworld", homes, f.homeworld || homes[0], "homeworld");
    const mr = el("input", { id: "cf-mr", type: "number", min: 0, max: 100, step: 1,
      placeholder: `${c.mineral_rating} (standard)`, value: f.mineral_rating ?? "" });
    const district = select("cf-district", c.districts, f.second_district || c.districts[0], "second district");
    const techs = [...Array(c.l2_techs).keys()].map((i) =>
      select(`cf-tech-${i}`, c.core_techs, (f.l2_techs || [])[i] || c.core_techs[i % c.core_techs.length],
        `level 2 technology ${i + 1}`));
    const traitRows = c.trait_categories.map((cat) => {
      const t = traits.get(cat) || {};
      return {
        cat,
        name: input(`cf-trait-${cat}`, t.name, { placeholder: "a word or short phrase" }),
        drawback: el("input", { type: "checkbox", id: `cf-trait-${cat}-drawback`, checked: !!t.drawback }),
        text: el("input", { type: "text", id: `cf-trait-${cat}-text`, maxlength: 2000, value: t.text || "",
          placeholder: "what it means (the GM gives it its mechanics)" }),
      };
    });
    const principleInputs = [3, 2, 1].map((level, i) =>
      input(`cf-principle-${i}`, (principles[i] || {}).name, { placeholder: `principle at adherence ${level}` }));
    const extra = el("textarea", { id: "cf-principles-extra", rows: 2,
      placeholder: "more principles, one a line as: Name 2 (they need the GM's agreement)" });
    extra.value = principles.slice(3).map((p) => `${p.name} ${p.adherence}`).join("\n");
    const unitRows = (kind, classes, what) => [0, 1].map((i) => ({
      cls: select(`cf-${kind}-${i}-class`, classes, unit(kind, i).class || classes[0], `${what} ${i + 1} class`),
      name: input(`cf-${kind}-${i}-name`, unit(kind, i).name, { placeholder: `${what} ${i + 1} name` }),
    }));
    const ships = unitRows("ships", c.ships, "ship");
    const detachments = unitRows("detachments", c.detachments, "detachment");
    const org = f.organisation || {};
    const orgName = input("cf-org-name", org.name, { placeholder: "the organisation's name" });
    const orgType = select("cf-org-type", c.org_types, org.type || c.org_types[0], "organisation type");
    const orgPrinciple = input("cf-org-principle", org.principle, { placeholder: "guiding principle (Religious only)" });

    read = () => {
      const extras = extra.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
        const m = /^(.*\S)\s+(-?\d+)$/.exec(l);
        return m ? { name: m[1], adherence: Number(m[2]) } : { name: l, adherence: 0 };
      });
      const form = {
        name: name.value, player: player.value, native: native.value, homeworld: home.value,
        second_district: district.value, l2_techs: techs.map((t) => t.value),
        traits: traitRows.map((t) => ({ name: t.name.value, category: t.cat, drawback: t.drawback.checked, text: t.text.value })),
        principles: [...principleInputs.map((p, i) => ({ name: p.value, adherence: 3 - i })), ...extras],
        ships: ships.map((u) => ({ class: u.cls.value, name: u.name.value })),
        detachments: detachments.map((u) => ({ class: u.cls.value, name: u.name.value })),
        organisation: { name: orgName.value, type: orgType.value, principle: orgPrinciple.value },
      };
      if (mr.value !== "") form.mineral_rating = Number(mr.value);
      return form;
    };

    const problems = el("ul", { id: "cf-problems", class: "problems" });
    const summary = el("p", { id: "cf-check", class: "muted" });
    const result = el("p", { id: "cf-status", role: "status" });
    const send = el("button", { type: "submit", class: "primary", id: "cf-send", disabled: true }, "Send the form to the GM");
    const form = el("form", { id: "cf-form", class: "creation-form" });
    const row = (label, ...inputs) => el("div", { class: "cf-row" }, el("span", { class: "cf-label" }, label), ...inputs);
    const group = (field, title, ...rows) => el("fieldset", { "data-field": field }, el("legend", {}, title), ...rows);

    const check = async () => {
      const mine = ++serial;
      const asked = JSON.stringify(read());
      try {
        const checked = await api("POST", `/api/campaigns/${enc(match)}/creation/check`, { token, body: { form: read() } });
        if (mine !== serial) return; // a newer check is on its way
        lastChecked = asked;
        problems.replaceChildren(...checked.problems.map((p) => el("li", { class: "bad", "data-field": fieldOf(p) }, p)));
        const bad = new Set(checked.problems.map(fieldOf));
        for (const set of form.querySelectorAll("fieldset[data-field]")) {
          set.classList.toggle("bad", set.dataset.field.split(" ").some((x) => bad.has(x)));
        }
        summary.textContent = checked.ok ? "The form is complete: send it to the GM."
          : `${checked.problems.length} problem(s) to fix before sending.`;
        summary.dataset.ok = checked.ok ? "yes" : "no";
        send.disabled = !checked.ok;
      } catch (e) {
        if (mine === serial) summary.textContent = e.message;
      }
    };
    let lastChecked = null;
    const changed = () => {
      if (JSON.stringify(read()) === lastChecked) return; // a blur, a click: nothing changed
      send.disabled = true;
      summary.dataset.ok = "pending";
      result.textContent = "";
      clearTimeout(timer);
      timer = setTimeout(check, 300);
    };
    form.addEventListener("input", changed); // text, selects and check boxes all fire it
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      send.disabled = true;
      try {
        const sent = await api("POST", `/api/campaigns/${enc(match)}/creation`, { token, body: { form: read() } });
        result.textContent = `Sent: ${sent.nation.name} awaits the GM's approval.`;
        result.className = "ok-text";
        await onSent();
      } catch (e) {
        result.textContent = e.message;
        result.className = "error";
      } finally {
        send.disabled = summary.dataset.ok !== "yes";
      }
    });

    form.append(
      group("name player", "Nation", row("Name", name), row("Player", player)),
      group("native homeworld mineral_rating second_district", "Homeworld",
        row("Native biosphere", native), row("Homeworld", home), row("Mineral Rating", mr),
        row("Second district at level 2", district)),
      group("l2_techs", `Technologies at level 2 (${c.l2_techs})`, ...techs.map((t, i) => row(`Technology ${i + 1}`, t))),
      group("traits", "Traits (one of each; at least one a drawback)", ...traitRows.map((t) =>
        row(CATEGORY_TEXT[t.cat] || t.cat, t.name, el("label", { class: "small" }, t.drawback, " drawback"), t.text))),
      group("principles", "Principles", ...principleInputs.map((p, i) => row(`Adherence ${3 - i}`, p)), row("More", extra)),
      group("ships", "Ships (basic, level 1)", ...ships.map((u, i) => row(`Ship ${i + 1}`, u.cls, u.name))),
      group("detachments", "Detachments (basic, level 1)",
        ...detachments.map((u, i) => row(`Detachment ${i + 1}`, u.cls, u.name))),
      group("organisation", "Organisation", row("Name", orgName), row("Type", orgType), row("Guiding principle", orgPrinciple)),
      el("div", { class: "typed" }, send));
    node.replaceChildren(el("h3", {}, offer.form ? "Your nation's creation form" : "Create your nation"),
      el("p", { class: "muted small" }, "The GM approves the nation (and gives its traits their mechanics); "
        + "until then you may change the form and send it again."),
      form, summary, problems, result);
    check();
  }

  return {
    node,
    async open() {
      if (built) return;
      const offer = await api("GET", `/api/campaigns/${enc(match)}/creation`, { token });
      if (!offer.open) return;
      built = true;
      build(offer);
    },
  };
}
