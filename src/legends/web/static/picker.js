// A searchable picker for a question with many answers (Psychic Devourer's "name the piece
// you are attacking" has about two hundred): a text field that filters as you type, the
// answers under their group headings, arrow keys to move, Enter to answer, Escape to clear
// the filter. The list scrolls inside the dialog, so the question stays in view.
"use strict";

// More answers than this and buttons alone would run off the screen.
const PICKER_AT = 12;

// answers: [{option, label, group}] in the server's order; choose(option) answers.
function buildPicker(box, answers, choose) {
  const input = document.createElement("input");
  input.type = "search";
  input.id = "picker-filter";
  input.autocomplete = "off";
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-expanded", "true");
  input.setAttribute("aria-controls", "picker-list");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-label", t("Type to filter the answers"));
  input.placeholder = t("Type to filter the answers");
  const list = document.createElement("div");
  list.id = "picker-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", t("Answers"));
  const count = document.createElement("p");
  count.id = "picker-count";
  count.className = "hint";
  count.setAttribute("aria-live", "polite");
  box.replaceChildren(input, count, list);

  // Groups in the order their first answer comes; answers without a group come last.
  const groups = new Map();
  answers.forEach((a) => {
    const key = a.group || "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  });
  const order = [...groups.keys()].sort((x, y) => (x === "") - (y === ""));
  const rows = [];
  let n = 0;
  for (const key of order) {
    let parent = list;
    if (key) {
      parent = document.createElement("div");
      parent.setAttribute("role", "group");
      const head = document.createElement("div");
      head.className = "picker-head";
      head.id = `picker-g${rows.length}`;
      head.setAttribute("role", "presentation");
      head.textContent = key;
      parent.setAttribute("aria-labelledby", head.id);
      parent.append(head);
      list.append(parent);
    }
    for (const a of groups.get(key)) {
      const row = document.createElement("div");
      row.setAttribute("role", "option");
      row.id = `picker-o${n++}`;
      row.className = "picker-option";
      row.textContent = a.label;
      row.dataset.option = a.option;
      row.dataset.search = `${a.label} ${key}`.toLowerCase();
      row.addEventListener("click", () => choose(a.option));
      parent.append(row);
      rows.push(row);
    }
  }

  let active = null;
  const visible = () => rows.filter((r) => !r.hidden);
  const activate = (row) => {
    if (active) active.setAttribute("aria-selected", "false");
    active = row;
    if (!row) { input.removeAttribute("aria-activedescendant"); return; }
    row.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", row.id);
    row.scrollIntoView({block: "nearest"});
  };
  const filter = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const r of rows) r.hidden = !words.every((w) => r.dataset.search.includes(w));
    list.querySelectorAll("[role=group]").forEach((g) => {
      g.hidden = !g.querySelector("[role=option]:not([hidden])");
    });
    const shown = visible();
    count.textContent = t("{shown} of {all} answers", {shown: shown.length, all: rows.length});
    activate(shown.includes(active) ? active : shown[0] || null);
  };
  input.addEventListener("input", filter);
  input.addEventListener("keydown", (ev) => {
    const shown = visible();
    const i = shown.indexOf(active);
    // Home and End stay with the text field (moving in the typed text).
    const go = {ArrowDown: i + 1, ArrowUp: i - 1, PageDown: i + 10, PageUp: i - 10}[ev.key];
    if (go !== undefined) {
      ev.preventDefault();
      if (shown.length) activate(shown[Math.max(0, Math.min(shown.length - 1, go))]);
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      if (active) choose(active.dataset.option);
    } else if (ev.key === "Escape") {
      // The question must be answered: Escape clears the filter, it does not close it.
      ev.preventDefault();
      input.value = "";
      filter();
    }
  });
  filter();
  return input;
}

window.picker = {PICKER_AT, buildPicker};
