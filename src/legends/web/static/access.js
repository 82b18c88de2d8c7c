// The board for the keyboard and for screen readers, and zoom for boards too big to read.
// One tab stop for the whole board; the arrow keys then move between squares (a roving
// tabindex), Enter or Space chooses a square as a click does, Escape clears the choice. Each
// square is labelled from this seat's view alone (what the state message says it may know).
// A live region reads out the new log lines (moves, attacks, reveals) and whose turn it is.
"use strict";

const access = {
  focus: null,    // the square that holds the board's tab stop
  inBoard: false, // whether the keyboard is on the board (kept across a redrawn picture)
  zoom: 1,        // 1: the whole board in view; more: bigger squares, panned by scrolling
  said: "",       // the last turn announced (said once, not on every message)
  view: null, seat: null,
};

const TERRAINS = {D: "desert", F: "forest", M: "marsh", N: "mountain", P: "plains",
                  T: "town", W: "water"};
// The smallest square, in CSS pixels, at which the board's text stays legible on a phone
// (a team game's boards also carry a seat number in a corner, so need larger squares).
const LEGIBLE = {two: 36, team: 52};

function terrainName(letter) {
  const name = TERRAINS[letter] || "plains";
  return {desert: t("desert"), forest: t("forest"), marsh: t("marsh"), mountain: t("mountain"),
          plains: t("plains"), town: t("town"), water: t("water")}[name];
}

function terrainAt(view, sq) {
  const m = /^([a-z]{1,2})(\d{1,2})$/.exec(sq);
  if (!m) return "P";
  const f = m[1].length === 1 ? m[1].charCodeAt(0) - 97
    : (m[1].charCodeAt(0) - 96) * 26 + m[1].charCodeAt(1) - 97;
  const row = view.board.rows[view.board.height - Number(m[2])] || "";
  return row[f] || "P";
}

// "e4, your Marshal", "d7, an unknown gray piece", "e5, empty, water": from the view only.
function squareLabel(sq, view, seat) {
  const p = view.pieces.find((x) => x.square === sq);
  if (!p) return t("{square}, empty, {terrain}", {square: sq, terrain: terrainName(terrainAt(view, sq))});
  if (p.name == null) return t("{square}, an unknown {side} piece", {square: sq, side: p.controller});
  const strength = p.current != null && p.current !== p.strength ? `${p.strength}→${p.current}`
    : p.strength != null ? String(p.strength) : "";
  if (p.controller === seat) {
    return strength ? t("{square}, your {piece} ({strength})", {square: sq, piece: p.name, strength})
      : t("{square}, your {piece}", {square: sq, piece: p.name});
  }
  return strength ? t("{square}, {side}'s {piece} ({strength})", {square: sq, side: p.controller, piece: p.name, strength})
    : t("{square}, {side}'s {piece}", {square: sq, side: p.controller, piece: p.name});
}

function tiles() { return [...document.querySelectorAll("#board svg use[data-square]:not(.piece)")]; }
function tileAt(sq) { return document.querySelector(`#board svg use[data-square="${sq}"]:not(.piece)`); }

// A freshly drawn picture: every square gets its label and a place in the tab order.
function board(msg, seat) {
  access.view = msg.view;
  access.seat = seat;
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", t("the board, {seat}'s side at the bottom", {seat}));
  // A piece's picture is described by its square's label; its tooltip stays for the mouse.
  svg.querySelectorAll(".piece, text, g.panel, g.legend, .last, .arrow").forEach((el) => el.setAttribute("aria-hidden", "true"));
  const all = tiles();
  if (!all.some((el) => el.dataset.square === access.focus)) {
    const own = msg.view.pieces.find((p) => p.controller === seat);
    access.focus = own ? own.square : (all[0] && all[0].dataset.square);
  }
  for (const el of all) {
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", el.dataset.square === access.focus ? "0" : "-1");
  }
  refresh();
  zoomApply();
  squeezeShortNames(svg);
  if (access.inBoard) focusSquare(access.focus);
}

// A short name wider than its piece (wide letters at the phone's larger size) is narrowed to
// fit, rather than drawn over the next square.
function squeezeShortNames(svg) {
  if (!NARROW.matches) return;
  const rect = svg.querySelector("defs rect[id^='t-']");
  if (!rect) return;
  const room = Number(rect.getAttribute("width")) * 0.78;
  svg.querySelectorAll("text.a").forEach((el) => {
    el.removeAttribute("textLength");
    if (el.getComputedTextLength() > room) {
      el.setAttribute("textLength", String(room));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}

// After the marks change (a piece selected, its targets shown): say so in each label.
function refresh() {
  if (!access.view) return;
  const marked = (cls) => new Set([...document.querySelectorAll(`#board .mark.${cls}`)].map((m) => m.dataset.square));
  const selected = marked("selected"), target = marked("target"), selectable = marked("selectable");
  for (const el of tiles()) {
    const sq = el.dataset.square;
    const what = squareLabel(sq, access.view, access.seat);
    const state = selected.has(sq) ? t("selected") : target.has(sq) ? t("you can choose this square")
      : selectable.has(sq) ? t("you can act with this piece") : "";
    el.setAttribute("aria-label", state ? t("{what}; {state}", {what, state}) : what);
    if (selected.has(sq)) el.setAttribute("aria-pressed", "true"); else el.removeAttribute("aria-pressed");
  }
}

function focusSquare(sq) {
  const el = tileAt(sq);
  if (!el) return;
  tiles().forEach((x) => x.setAttribute("tabindex", x === el ? "0" : "-1"));
  access.focus = sq;
  el.focus({preventScroll: true});
  showFocus(sq);
  // Keep the square in view when the board is zoomed (the box scrolls, not the page).
  const box = document.querySelector("#board");
  const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.left < b.left) box.scrollLeft -= b.left - r.left;
  else if (r.right > b.right) box.scrollLeft += r.right - b.right;
  if (r.top < b.top) box.scrollTop -= b.top - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({block: "nearest"});
}

// Visible focus: a ring drawn over the square (a focused <use> draws no outline of its own).
function showFocus(sq) {
  document.querySelectorAll("#board .focus-ring").forEach((m) => m.remove());
  const el = tileAt(sq), svg = document.querySelector("#board svg");
  if (!el || !svg) return;
  const size = Number(svg.querySelector("defs rect[id^='t-']").getAttribute("width"));
  // Black on a white halo: seen on every terrain and piece colour.
  for (const cls of ["focus-ring halo", "focus-ring"]) {
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [k, v] of Object.entries({x: Number(el.getAttribute("x")) + 4, y: Number(el.getAttribute("y")) + 4,
      width: size - 8, height: size - 8, rx: 4, class: cls, "aria-hidden": "true"})) r.setAttribute(k, v);
    svg.append(r);
  }
}

// The square next to ``sq`` in the picture's direction (dx, dy), however the board is turned.
function neighbour(sq, dx, dy) {
  const el = tileAt(sq);
  const size = Number(document.querySelector("#board svg defs rect[id^='t-']").getAttribute("width"));
  const x = Number(el.getAttribute("x")) + dx * size, y = Number(el.getAttribute("y")) + dy * size;
  const next = tiles().find((o) => Math.abs(Number(o.getAttribute("x")) - x) < 1 && Math.abs(Number(o.getAttribute("y")) - y) < 1);
  return next ? next.dataset.square : sq;
}

function keydown(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const zooms = {"+": 1.25, "=": 1.25, "-": 0.8, "_": 0.8};
  if (ev.key in zooms) { ev.preventDefault(); return zoomBy(zooms[ev.key]); }
  if (ev.key === "0") { ev.preventDefault(); return zoomTo(1); }
  const el = ev.target.closest && ev.target.closest("use[data-square]");
  if (!el) return;
  const sq = el.dataset.square;
  const step = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[ev.key];
  if (step) {
    ev.preventDefault();
    ev.stopPropagation();  // not the move list's arrows
    focusSquare(neighbour(sq, ...step));
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    clicked(sq);  // app.js: as a click on the square
  } else if (ev.key === "Escape") {
    ev.preventDefault();
    me.selected = null; me.power = null; me.swapFirst = null;
    if (me.options && me.view && me.view.to_move === me.seat) redraw();
  }
}

// -- zoom and pan --------------------------------------------------------------------------
function baseZoom(svg) {
  // On a phone, "the whole board" is the smallest size its text is legible at (the box then
  // scrolls sideways); elsewhere it is the board fitted to the window.
  if (!NARROW.matches) return 1;
  const size = Number(svg.querySelector("defs rect[id^='t-']").getAttribute("width"));
  const across = Number(svg.getAttribute("viewBox").split(" ")[2]) / size;
  const fitted = document.querySelector("#board").clientWidth / across;
  const least = document.querySelector("#table").classList.contains("wide") ? LEGIBLE.team : LEGIBLE.two;
  return Math.max(1, least / fitted);
}

function zoomApply() {
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  const z = access.zoom * baseZoom(svg);
  svg.style.width = z > 1.001 ? `${z * 100}%` : "";
  svg.style.maxWidth = z > 1.001 ? "none" : "";
  svg.style.maxHeight = access.zoom > 1.001 ? "none" : "";
  document.querySelector("#board").classList.toggle("zoomed", z > 1.001);
  const out = document.querySelector("#zoom-out");
  if (out) out.disabled = access.zoom <= 1;
  document.body.dataset.zoom = access.zoom.toFixed(2);
}

function zoomTo(z, cx, cy) {
  const box = document.querySelector("#board");
  const before = access.zoom;
  access.zoom = Math.min(6, Math.max(1, z));
  // Keep the point under the pointer (or the middle) where it was.
  const r = box.getBoundingClientRect();
  const px = cx === undefined ? box.clientWidth / 2 : cx - r.left;
  const py = cy === undefined ? box.clientHeight / 2 : cy - r.top;
  const fx = (box.scrollLeft + px) / before, fy = (box.scrollTop + py) / before;
  zoomApply();
  box.scrollLeft = fx * access.zoom - px;
  box.scrollTop = fy * access.zoom - py;
  if (access.focus && access.inBoard) showFocus(access.focus);
}

function zoomBy(k, cx, cy) { zoomTo(access.zoom * k, cx, cy); }

function wireZoom() {
  const box = document.querySelector("#board");
  document.querySelector("#zoom-in").addEventListener("click", () => zoomBy(1.25));
  document.querySelector("#zoom-out").addEventListener("click", () => zoomBy(0.8));
  document.querySelector("#zoom-fit").addEventListener("click", () => zoomTo(1));
  // Ctrl+wheel (a trackpad's pinch arrives so too) zooms the board, not the page.
  box.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return;
    ev.preventDefault();
    zoomBy(Math.exp(-ev.deltaY / 300), ev.clientX, ev.clientY);
  }, {passive: false});
  // Two fingers on the board: pinch to zoom (one finger pans, as the box scrolls).
  const touches = new Map();
  let start = null;
  const spread = () => { const [a, b] = [...touches.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  box.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    touches.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
    if (touches.size === 2) start = {d: spread(), z: access.zoom};
  });
  box.addEventListener("pointermove", (ev) => {
    if (!touches.has(ev.pointerId)) return;
    touches.set(ev.pointerId, {x: ev.clientX, y: ev.clientY});
    if (touches.size === 2 && start && start.d > 0) {
      const [a, b] = [...touches.values()];
      zoomTo(start.z * spread() / start.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  });
  const lift = (ev) => { touches.delete(ev.pointerId); if (touches.size < 2) start = null; };
  box.addEventListener("pointerup", lift);
  box.addEventListener("pointercancel", lift);
}

// -- the live region --------------------------------------------------------------------
function say(text) {
  const region = document.querySelector("#announce");
  if (!region || !text) return;
  const p = document.createElement("p");
  p.textContent = text;
  region.append(p);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

// A state message: its new log lines (passes left out: most of a game's lines; and the lines
// the server marks quiet, such as the setup commitment's digest), then whose turn it is when
// that changed.
function announce(msg, seat) {
  const skip = new Set([...(msg.passes || []), ...(msg.quiet || [])]);
  (msg.lines || []).forEach((line, i) => { if (!skip.has(i)) say(line); });
  const v = msg.view;
  const turn = v.over ? "over" : `${v.to_move}|${v.turn}|${v.decision}`;
  if (turn === access.said) return;
  access.said = turn;
  if (v.over) return;  // the end dialog says it
  if (v.to_move === seat) say(t("Your turn: {prompt}", {prompt: msg.prompt || v.decision}));
  else if (v.to_move) say(t("Waiting for {seat}", {seat: v.to_move}));
}

window.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("#board");
  if (!box) return;
  box.addEventListener("keydown", keydown);
  box.addEventListener("focusin", (ev) => {
    const el = ev.target.closest("use[data-square]");
    if (el) { access.focus = el.dataset.square; showFocus(el.dataset.square); }
  });
  document.addEventListener("focusin", (ev) => { access.inBoard = Boolean(ev.target.closest && ev.target.closest("#board")); });
  box.addEventListener("focusout", (ev) => {
    if (!ev.relatedTarget || !box.contains(ev.relatedTarget)) document.querySelectorAll("#board .focus-ring").forEach((m) => m.remove());
  });
  // A pointer click on the board moves the keyboard's place there too.
  box.addEventListener("pointerdown", () => { access.inBoard = false; });
  wireZoom();
  addEventListener("resize", zoomApply);
  NARROW.addEventListener("change", () => { const svg = document.querySelector("#board svg"); if (svg) squeezeShortNames(svg); });
});

window.access = {board, refresh, onBoard: () => access.inBoard, announce, squareLabel, focusSquare, zoomTo};
