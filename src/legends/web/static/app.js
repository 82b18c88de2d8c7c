// The page: a lobby to start or join a game, then the table. Everything drawn comes from the
// server's messages for this seat (its view, its events, its picture of the board); the page
// only groups the legal actions the view lists so they can be chosen by clicking.
"use strict";

const $ = (sel) => document.querySelector(sel);
const SVGNS = "http://www.w3.org/2000/svg";

const me = {
  code: null, seat: null, token: null, ws: null, view: null, options: null,
  selected: null,      // square of the piece whose actions are shown
  power: null,         // {src, key, targets} while choosing a power's target
  swapFirst: null,     // first square of a setup switch
  closing: false, retry: 0, pieces: new Map(), rules: "legends",
  shown: null,         // the last state message, shown again if an action is refused
  revealed: null,      // after the end: the board with both armies shown (endings.js)
  decision: null,      // the decision number of that state: every action sent echoes it
  editions: {},        // edition name -> its title ("Classic Stratego")
};

// -- lobby -------------------------------------------------------------------------------
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function remember(code, seat, token) {
  localStorage.setItem("legends:" + code, JSON.stringify({seat, token}));
}

function recall(code) {
  try { return JSON.parse(localStorage.getItem("legends:" + code) || "null"); }
  catch (e) { return null; }
}

async function lobby() {
  // A form sent before the editions have loaded is held, and sent once it can be handled
  // (not as a plain HTML form, which would only reload the lobby).
  const held = new Set();
  const hold = (ev) => { ev.preventDefault(); held.add(ev.target); };
  document.querySelectorAll("#lobby form").forEach((f) => f.addEventListener("submit", hold));
  const opts = await api("/api/options");
  const rules = $("#rules");
  // The list shows each edition's short title whole; its description is written beside it.
  for (const r of opts.rulesets) {
    me.editions[r.name] = r.title || r.description.split(":")[0];
    const o = new Option(me.editions[r.name], r.name);
    o.dataset.seats = JSON.stringify({2: r.seats, ...r.team_seats});
    o.dataset.about = r.about ?? r.description.slice(me.editions[r.name].length + 1).trim();
    rules.add(o);
  }
  const about = () => { $("#rules-about").textContent = rules.selectedOptions[0].dataset.about || ""; };
  rules.addEventListener("change", about);
  about();
  // The numbers of players the chosen edition is played by (Stratego Legends: also team
  // games of 4, 6 or 8), and the sides offered: that game's seats (the first moves first).
  const players = $("#players");
  const counts = () => {
    const byCount = JSON.parse(rules.selectedOptions[0].dataset.seats);
    const keep = players.value;
    players.replaceChildren(...Object.keys(byCount).map((n) => new Option(n, n)));
    players.value = keep in byCount ? keep : "2";
    $("#players-row").hidden = Object.keys(byCount).length < 2;
    sides();
  };
  const sides = () => {
    const seats = JSON.parse(rules.selectedOptions[0].dataset.seats)[players.value];
    const side = $("#side");
    side.replaceChildren(...seats.map((s, i) => new Option(i ? s : t("{seat} (moves first)", {seat: s}), s)),
                         new Option(seats.length > 2 ? t("any, at random") : t("either, at random"), "random"));
  };
  rules.addEventListener("change", counts);
  players.addEventListener("change", sides);
  counts();
  const opponent = $("#opponent");
  for (const p of opts.players) opponent.add(new Option(t("the computer ({player})", {player: p}), p));
  opponent.value = opts.players.includes("search") ? "search" : opts.players[0];
  opponent.addEventListener("change", () => { $("#auto-pass").checked = opponent.value !== "human"; });
  if (opts.positions.length) {
    $("#position-row").hidden = false;
    for (const p of opts.positions) $("#position").add(new Option(p, p));
  }
  $("#new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const limit = f.turn_limit.value.trim();
    try {
      const g = await api("/api/games", {
        rules: f.rules.value, players: Number(f.players.value), opponent: f.opponent.value,
        side: f.side.value,
        turn_limit: limit ? Number(limit) : null, auto_pass: f.auto_pass.checked,
        position: f.position.value || null, name: f.name.value, private: f.private.checked,
        clock: window.endings ? window.endings.clockField(f) : null,
        ...(window.ratings ? window.ratings.fields(f) : {})});
      enter(g.code, g.seat, g.token, true);
    } catch (e) { $("#lobby-error").textContent = e.message; }
  });
  $("#join-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const code = ev.target.code.value.trim().toUpperCase();
    const known = recall(code);
    if (known) return enter(code, known.seat, known.token, true);
    try {
      const g = await api(`/api/games/${encodeURIComponent(code)}/join`,
                          {name: ev.target.name.value, ...(window.ratings ? window.ratings.fields() : {})});
      enter(g.code, g.seat, g.token, true);
    } catch (e) { $("#lobby-error").textContent = e.message; }
  });
  document.querySelectorAll("#lobby form").forEach((f) => f.removeEventListener("submit", hold));
  held.forEach((f) => f.requestSubmit());
}

function enter(code, seat, token, push) {
  remember(code, seat, token);
  openTable(code, seat, token, push);
}

// The table of game `code` for `seat` (a spectator's too: watch.js), then its connection.
function openTable(code, seat, token, push) {
  Object.assign(me, {code, seat, token});
  if (push) history.pushState({}, "", "/game/" + code);
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#code").textContent = code;
  document.querySelectorAll(".dialog-code").forEach((el) => { el.textContent = code; });
  document.body.dataset.phase = "table";
  connect();
}

// -- the connection ----------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${me.code}`);
  me.ws = ws;
  $("#connection").textContent = t("connecting…");
  ws.onopen = () => {
    me.retry = 0;
    $("#connection").textContent = t("connected");
    ws.send(JSON.stringify(helloMessage()));
  };
  ws.onmessage = (ev) => arrived(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    $("#connection").textContent = t("disconnected");
    if (me.closing || ev.code === 4403) return;
    if (ev.code === 4408) {
      // Closed after a long silence: come back when the person does.
      $("#connection").textContent = t("disconnected while idle: click or press a key to reconnect");
      const back = () => { removeEventListener("pointerdown", back); removeEventListener("keydown", back); connect(); };
      addEventListener("pointerdown", back);
      addEventListener("keydown", back);
      return;
    }
    me.retry = Math.min(me.retry + 1, 10);
    setTimeout(connect, 300 * me.retry);
  };
}

// The first message on a connection, and what is done with each one sent to it: a seat's
// (watch.js puts a spectator's in their place while watching).
function helloMessage() {
  return {type: "hello", token: me.token, lang: document.documentElement.lang};
}

function arrived(msg) { receive(msg); }

function send(action) {
  $("#error").textContent = "";
  // The server applies one action per decision number: a second click, a second tab or a
  // retry after reconnecting that answers the same state again is refused, not applied.
  me.ws.send(JSON.stringify({type: "action", action, decision: me.decision}));
  // The next state may come only when this seat is next asked (or the game ends): until
  // then nothing here can be chosen.
  $("#decision").textContent = t("Sent; waiting…");
  $("#controls").replaceChildren();
  $("#question").close();
  clearMarks();
  me.options = parseOptions([]);
  if (window.access) window.access.refresh();  // the squares' labels lose their choices
  document.body.dataset.phase = "waiting";
}

function receive(msg) {
  // For the other scripts of the page (the move list), after this one has drawn the message.
  setTimeout(() => document.dispatchEvent(new CustomEvent("legends:message", {detail: msg})));
  if (msg.type === "welcome") {
    me.seat = msg.seat;
    me.rules = msg.rules;
    const title = me.editions[msg.rules] || msg.rules;
    $("#edition").textContent = title;
    document.title = `${title} · ${msg.code}`;
    $("#log").replaceChildren();
    log(msg.log, msg.log_passes);
    seats(msg.seats);
  } else if (msg.type === "arrange") {
    arrangeShow(msg);  // the setup board: arrange.js
  } else if (msg.type === "state") {
    arrangeHide();
    document.body.dataset.states = String(Number(document.body.dataset.states || 0) + 1);
    log(msg.lines, msg.passes);
    if (window.access) window.access.announce(msg, me.seat);  // moves, attacks, whose turn
    seats(msg.seats);
    show(msg);
  } else if (msg.type === "seats") {
    seats(msg.seats);
  } else if (msg.type === "error") {
    if (document.body.dataset.phase === "arranging") arrangeRefused();
    if (me.shown && document.body.dataset.phase === "waiting") show(me.shown);
    $("#error").textContent = msg.message;
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  }
  if (window.endings) window.endings.receive(msg);  // resigning, draw offers, clocks
}

// Passes ("beige passes (attack)") are most of a game's lines. They are kept but folded away
// (the log then tells the story: moves, attacks, reveals, powers) until "show passes" is
// ticked; the server says which lines they are, since the lines are in the reader's language.
function log(lines, passes) {
  const list = $("#log");
  const folded = new Set(passes || []);
  for (const [i, line] of lines.entries()) {
    const li = document.createElement("li");
    li.textContent = line;
    if (folded.has(i)) li.className = "pass";
    list.append(li);
  }
  $("#pass-count").textContent = String(list.querySelectorAll("li.pass").length);
  list.scrollTop = list.scrollHeight;
}

function seats(all) {
  const parts = Object.entries(all).map(([seat, s]) => {
    const who = s.kind === "computer" ? t("computer ({player})", {player: s.player})
      : (s.taken ? personName(s.name) : t("waiting for a player"));
    return seat === me.seat ? t("{seat}: {who} (you)", {seat, who}) : t("{seat}: {who}", {seat, who});
  });
  const text = parts.join(" · ");
  $("#seats").textContent = text;
  // Repeated in the dialogs, which may cover the panel beside the board.
  document.querySelectorAll(".dialog-seats").forEach((el) => { el.textContent = text; });
  const waiting = Object.values(all).some((s) => s.kind === "human" && !s.taken);
  const many = Object.keys(all).length > 2;
  $("#code-hint").textContent = !waiting ? "" : many ? t("(give this code to the other players)")
    : t("(give this code to your opponent)");
}

// -- the state of the game ---------------------------------------------------------------
function parseOptions(list) {
  const o = {moves: {}, powers: {}, choices: [], pass: false, swaps: {}, count: list.length};
  for (const text of list) {
    const w = text.split(" ");
    if (text === "pass") o.pass = true;
    else if (w[0] === "choose") o.choices.push(w.slice(1).join(" "));
    else if (w[0] === "swap") { (o.swaps[w[1]] ||= []).push(w[2]); (o.swaps[w[2]] ||= []).push(w[1]); }
    else if (w.length === 1 && w[0].includes("-")) { const [s, d] = w[0].split("-"); (o.moves[s] ||= []).push(d); }
    else { ((o.powers[w[0]] ||= {})[w[1]] ||= []).push(w.slice(2)); }
  }
  return o;
}

function show(msg) {
  me.shown = msg;
  me.decision = msg.decision;
  me.view = msg.view;
  me.options = parseOptions(msg.view.options);
  me.selected = null; me.power = null; me.swapFirst = null;
  // Once the game is over and both armies were shown (endings.js), a later state message (a
  // reconnect, a count of watchers) keeps that board rather than hiding them again.
  $("#board").innerHTML = (msg.view.over && me.revealed) || msg.svg;
  fit($("#board svg"));
  if (window.access) window.access.board(msg, me.seat);  // square labels, keys, zoom
  const v = msg.view;
  document.body.dataset.toMove = v.to_move || "";
  document.body.dataset.turn = String(v.turn);
  if (v.over) return finished(v);
  if (v.to_move !== me.seat) {
    $("#decision").textContent = v.to_move ? t("Waiting for {seat}…", {seat: v.to_move}) : "";
    $("#controls").replaceChildren();
    $("#question").close();
    document.body.dataset.phase = "waiting";
    return;
  }
  document.body.dataset.phase = "deciding";
  $("#decision").textContent = msg.turn_label
    ? t("{turn}: {prompt}", {turn: msg.turn_label, prompt: msg.prompt || v.decision})
    : t("Turn {turn}: {prompt}", {turn: v.turn, prompt: msg.prompt || v.decision});
  redraw();
}

// Files past z (aa, ab, ...) on a team game's wide board.
function isSquare(text) { return /^[a-z]{1,2}[0-9]{1,2}$/.test(text); }

// Controls, highlights and the question dialog for the current decision and selection; then
// the squares' labels say what may be chosen (access.js).
function redraw() {
  drawChoices();
  if (window.access) window.access.refresh();
}

function drawChoices() {
  const o = me.options;
  clearMarks();
  const controls = $("#controls");
  controls.replaceChildren();
  const squareChoices = o.choices.filter(isSquare);
  const swapping = Object.keys(o.swaps).length > 0;
  // A question: answered in a dialog (squares may also be clicked on the board).
  const question = o.choices.length > 0 && !swapping;
  if (question) {
    ask((me.shown && me.shown.prompt) || me.view.decision, o);
    squareChoices.forEach((sq) => mark(sq, "target"));
    return;
  }
  $("#question").close();
  if (swapping) {
    Object.keys(o.swaps).forEach((sq) => mark(sq, "selectable"));
    if (me.swapFirst) { mark(me.swapFirst, "selected"); o.swaps[me.swapFirst].forEach((sq) => mark(sq, "target")); }
    controls.append(button(t("Done switching"), () => send("choose done"), "done", "choose done"));
    return;
  }
  const pieces = new Set([...Object.keys(o.moves), ...Object.keys(o.powers)]);
  pieces.forEach((sq) => mark(sq, "selectable"));
  if (o.pass) controls.append(button(label("pass", t("Pass")), () => send("pass"), "pass", "pass"));
  const sel = me.selected;
  if (!sel) return;
  mark(sel, "selected");
  if (me.power) {
    const {src, key, targets} = me.power;
    targets.filter((t) => t.length === 1).forEach((t) => mark(t[0], "target"));
    for (const tg of targets) {
      const option = [src, key, ...tg].join(" ");
      controls.append(button(label(option, `${key} → ${tg.join(", ")}`), () => send(option), "power", option));
    }
    controls.append(button(t("Back"), () => { me.power = null; redraw(); }));
    return;
  }
  (o.moves[sel] || []).forEach((sq) => mark(sq, "target"));
  const direct = directMoves(sel);
  Object.keys(direct).forEach((sq) => mark(sq, "target"));
  const names = powerNames();
  for (const [key, targets] of Object.entries(o.powers[sel] || {})) {
    if (Object.values(direct).some((a) => a.startsWith(`${sel} ${key} `))) continue;
    const alone = targets.length === 1 && targets[0].length === 0;
    const b = button(alone ? label(`${sel} ${key}`, names[key] || key) : names[key] || key, () => {
      if (alone) return send(`${sel} ${key}`);
      me.power = {src: sel, key, targets};
      redraw();
    }, "power");
    b.dataset.action = key;
    controls.append(b);
  }
}

// A power's name ("Distance Strike"), from the state message: chosen before its target.
function powerNames() {
  return (me.shown && me.shown.powers) || {};
}

// Outside Stratego Legends a piece's "power" with one square as its target is a way of
// moving (a Scout's long move): its squares are chosen on the board like any move.
function directMoves(sel) {
  const out = {};
  if (me.rules === "legends" || !sel) return out;
  for (const [key, targets] of Object.entries(me.options.powers[sel] || {})) {
    if (targets.every((t) => t.length === 1 && isSquare(t[0]))) {
      for (const [sq] of targets) if (!(me.options.moves[sel] || []).includes(sq)) out[sq] = `${sel} ${key} ${sq}`;
    }
  }
  return out;
}

// What a person reads for an option (the state's labels, from the server's wording), or
// the given fallback. The option string itself is what is sent.
function label(option, fallback) {
  const labels = me.shown && me.shown.labels;
  return (labels && labels[option]) || fallback;
}

// data-action: the answer's own word ("keep", a square, a piece name), as the page always
// had it; data-option: the whole option string sent.
function button(text, onclick, cls, option) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  b.dataset.action = option ? option.replace(/^choose /, "") : text;
  if (option) b.dataset.option = option;
  b.addEventListener("click", onclick);
  return b;
}

function ask(text, o) {
  const dlg = $("#question");
  $("#question-text").textContent = msgPrompt(text);
  const box = $("#question-choices");
  const groups = (me.shown && me.shown.groups) || {};
  const answers = o.choices.map((value) => {
    const option = `choose ${value}`;
    return {option, label: label(option, value), group: groups[option] || ""};
  });
  if (o.pass) answers.push({option: "pass", label: label("pass", t("pass")), group: ""});
  const many = window.picker && answers.length > window.picker.PICKER_AT;
  box.classList.toggle("many", Boolean(many));
  let first = null;
  if (many) first = window.picker.buildPicker(box, answers, send);
  else {
    box.replaceChildren(...answers.map((a) => button(a.label, () => send(a.option), "choice", a.option)));
    first = box.querySelector("button");
  }
  if (!dlg.open) dlg.show();
  dlg.scrollTop = 0;
  // The keyboard goes to the answers, unless the player is on the board and the answers are
  // squares (chosen there as well).
  const onBoard = window.access && window.access.onBoard() && o.choices.some(isSquare);
  // On a phone the dialog comes under the board: brought into view, unless squares on the
  // board answer it too (the board stays where the player is looking).
  if (first && !onBoard) first.focus({preventScroll: o.choices.some(isSquare)});
}

// The question as the state words it (the prompt), else the decision's name.
function msgPrompt(text) { return (me.shown && me.shown.prompt) || text; }

// -- the board ---------------------------------------------------------------------------
// On a narrow screen the picture's panel (turn, curse slot, destroyed pieces) and terrain
// legend move from beside the board to under it, so the squares get the whole width.
const NARROW = window.matchMedia("(max-width: 600px)");

function fit(svg) {
  if (!svg) return;
  const panel = svg.querySelector(":scope > g.panel");
  const legend = svg.querySelector(":scope > g.legend");
  if (!svg.dataset.box) {
    svg.dataset.box = [svg.getAttribute("viewBox"), svg.getAttribute("width"), svg.getAttribute("height")].join("|");
  }
  const [box, w0, h0] = svg.dataset.box.split("|");
  for (const g of [panel, legend]) if (g) g.removeAttribute("transform");
  if (panel) flowPanel(panel, 0, 0);  // back to one column
  svg.setAttribute("viewBox", box);
  svg.setAttribute("width", w0);
  svg.setAttribute("height", h0);
  // A team game's long board: the panel goes under it, and the page gives it the full width.
  const wide = Number(w0) > 2 * Number(h0);
  const table = svg.closest("#table");
  if (table && svg.closest("#board, #past-board")) table.classList.toggle("wide", wide);
  if (!(NARROW.matches || wide) || !panel) return;
  const tiles = [...svg.querySelectorAll("use[data-square]:not(.piece)")];
  const rect = svg.querySelector("defs rect[id^='t-']");
  if (!tiles.length || !rect) return;
  const size = Number(rect.getAttribute("width"));
  let w = 0, h = 0;
  for (const tl of tiles) {
    w = Math.max(w, Number(tl.getAttribute("x")) + size);
    h = Math.max(h, Number(tl.getAttribute("y")) + size);
  }
  for (const label of svg.querySelectorAll(":scope > text.c")) {
    const b = label.getBBox();
    h = Math.max(h, b.y + b.height);
  }
  const left = Math.min(...tiles.map((tl) => Number(tl.getAttribute("x"))));
  const top = h + size * 0.15;
  // On a phone the panel's text is drawn larger, to stay legible (at least 11 CSS pixels).
  const k = NARROW.matches ? 1.6 : 1;
  const used = wide ? flowPanel(panel, size, (w - left) / k) * k : 0;
  const p = panel.getBBox();
  panel.setAttribute("transform", `translate(${left - p.x * k},${top - p.y * k}) scale(${k})`);
  let bottom = top + p.height * k;
  if (legend) {
    const l = legend.getBBox();
    // Beside the panel; on a phone (one column), under it.
    const under = NARROW.matches && !wide;
    const lx = wide ? left + used + size * 0.5 : under ? left : left + (w - left) * 0.62;
    const ly = under ? bottom + size * 0.2 : top;
    legend.setAttribute("transform", `translate(${lx - l.x * k},${ly - l.y * k}) scale(${k})`);
    bottom = Math.max(bottom, ly + l.height * k);
  }
  bottom += size * 0.1;
  svg.setAttribute("viewBox", `0 0 ${w} ${bottom}`);
  svg.setAttribute("width", String(Math.round(w)));
  svg.setAttribute("height", String(Math.round(bottom)));
}

// A team game's panel under its long board: its sections (the turn, the curse slot, each
// seat's destroyed pieces) side by side in columns, so it stays short. Returns the width
// used; a width of 0 puts every line back where the picture had it.
function flowPanel(panel, size, width) {
  const lines = [...panel.querySelectorAll("text")];
  for (const t of lines) {
    if (!t.dataset.x) Object.assign(t.dataset, {x: t.getAttribute("x"), y: t.getAttribute("y")});
    t.setAttribute("x", t.dataset.x);
    t.setAttribute("y", t.dataset.y);
  }
  if (!width || lines.length < 2) return 0;
  const sections = [];
  for (const t of lines) {
    if (t.classList.contains("h") || !sections.length) sections.push([]);
    sections[sections.length - 1].push(t);
  }
  const step = Number(lines[1].dataset.y) - Number(lines[0].dataset.y);
  const col = size * 4.2;
  const most = Math.max(1, Math.floor((width - col) / col));  // room left for the legend
  const rows = Math.max(...sections.map((x) => x.length), Math.ceil(lines.length / most));
  let c = 0, r = 0;
  for (const sec of sections) {
    if (r && r + sec.length > rows) { c += 1; r = 0; }
    for (const t of sec) {
      t.setAttribute("x", String(Number(t.dataset.x) + c * col));
      t.setAttribute("y", String((r + 1) * step));
      r += 1;
    }
  }
  return (c + 1) * col;
}

NARROW.addEventListener("change", () => document.querySelectorAll("#board svg, #replay-board svg").forEach(fit));

function tile(sq) { return $(`#board use[data-square="${sq}"]`); }

function mark(sq, cls) {
  const t = tile(sq);
  const svg = $("#board svg");
  if (!t || !svg) return;
  const size = Number(svg.querySelector("defs rect[id^='t-']").getAttribute("width"));
  const r = document.createElementNS(SVGNS, "rect");
  r.setAttribute("x", Number(t.getAttribute("x")) + 2);
  r.setAttribute("y", Number(t.getAttribute("y")) + 2);
  r.setAttribute("width", size - 4);
  r.setAttribute("height", size - 4);
  r.setAttribute("rx", 6);
  r.setAttribute("class", "mark " + cls);
  r.dataset.square = sq;
  svg.append(r);
}

function clearMarks() { document.querySelectorAll("#board .mark").forEach((m) => m.remove()); }

function clicked(sq) {
  const o = me.options;
  if (!o || !me.view || me.view.to_move !== me.seat || me.view.over) return;
  if (o.choices.includes(sq) && !Object.keys(o.swaps).length) return send(`choose ${sq}`);
  if (Object.keys(o.swaps).length) {
    if (me.swapFirst && (o.swaps[me.swapFirst] || []).includes(sq)) return send(`swap ${me.swapFirst} ${sq}`);
    me.swapFirst = o.swaps[sq] ? (me.swapFirst === sq ? null : sq) : null;
    return redraw();
  }
  if (me.power && me.power.src === me.selected) {
    const hit = me.power.targets.find((x) => x.length === 1 && x[0] === sq);
    if (hit) return send(`${me.power.src} ${me.power.key} ${sq}`);
  }
  if (me.selected && (o.moves[me.selected] || []).includes(sq)) return send(`${me.selected}-${sq}`);
  const direct = directMoves(me.selected);
  if (direct[sq]) return send(direct[sq]);
  const selectable = o.moves[sq] || o.powers[sq];
  me.selected = selectable ? (me.selected === sq ? null : sq) : null;
  me.power = null;
  redraw();
}

$("#board") && $("#board").addEventListener("click", (ev) => {
  const el = ev.target.closest("[data-square]");
  if (el) clicked(el.dataset.square);
});

// Hovering a piece the viewer knows shows its text, powers and rulings (public facts).
$("#board") && $("#board").addEventListener("mouseover", async (ev) => {
  const el = ev.target.closest("[data-number]");
  if (!el) return;
  const n = el.dataset.number;
  if (!me.pieces.has(n)) me.pieces.set(n, api(`/api/pieces/${n}?rules=${encodeURIComponent(me.rules)}`));
  const p = await me.pieces.get(n);
  const info = $("#info");
  info.replaceChildren();
  const h = document.createElement("h4");
  h.textContent = p.heading;  // each edition's own terms (wording.py)
  const facts = document.createElement("p");
  facts.textContent = p.summary;
  const text = document.createElement("p");
  text.textContent = p.text;
  info.append(h, facts, text);
  for (const pw of p.powers) {
    const line = document.createElement("p");
    line.textContent = `${pw.label}: ${pw.name || pw.text}`;
    info.append(line);
  }
  for (const r of p.rulings) {
    const line = document.createElement("p");
    line.className = "ruling";
    line.textContent = t("Ruling: {text}", {text: r});
    info.append(line);
  }
});

// -- the end -----------------------------------------------------------------------------
const replay = {step: 0, of: 0};

function finished(v) {
  document.body.dataset.phase = "over";
  $("#question").close();
  $("#controls").replaceChildren();
  $("#decision").textContent = t("The game is over.");
  // A team game is won by a whole side: its seats are v.winners.
  const team = (v.winners || []).length > 1;
  const side = team ? v.winner.replace(/-\d+$/, "") : v.winner;
  const title = (v.winners || []).includes(me.seat) ? (team ? t("Your team won!") : t("You won!"))
    : !v.winner ? t("No winner")
    : team ? t("{side} ({seats}) won", {side, seats: v.winners.join(", ")}) : t("{side} won", {side});
  $("#end-title").textContent = title;
  $("#end-reason").textContent = (me.shown && me.shown.reason) || v.reason;  // the edition's words
  const dlg = $("#end");
  if (!dlg.open) dlg.showModal();
}

async function frame(step) {
  const f = await api(`/api/games/${me.code}/replay`, {token: me.token, step});
  Object.assign(replay, f);
  $("#replay-board").innerHTML = f.svg;
  fit($("#replay-board svg"));
  $("#replay-step").textContent = f.action ? t("{step} / {of}: {action}", {step: f.step, of: f.of, action: f.action})
    : t("{step} / {of}", {step: f.step, of: f.of});
}

async function download(mine) {
  const rec = await api(`/api/games/${me.code}/record`, {token: me.token, mine});
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 1)], {type: "application/json"}));
  a.download = `legends-${me.code}${mine ? "-" + me.seat : ""}.json`;
  a.click();
}

function wireLog() {
  const toggle = $("#show-passes");
  const apply = () => $("#log").classList.toggle("all", toggle.checked);
  toggle.addEventListener("change", () => { apply(); $("#log").scrollTop = $("#log").scrollHeight; });
  apply();
}

function wireEnd() {
  $("#replay-open").addEventListener("click", () => { $("#replay").classList.add("open"); frame(0); });
  $("#replay-first").addEventListener("click", () => frame(0));
  $("#replay-prev").addEventListener("click", () => frame(Math.max(0, replay.step - 1)));
  $("#replay-next").addEventListener("click", () => frame(replay.step + 1));
  $("#replay-last").addEventListener("click", () => frame(replay.of));
  $("#download-record").addEventListener("click", () => download(false));
  $("#download-mine").addEventListener("click", () => download(true));
  $("#end-close").addEventListener("click", () => $("#end").close());
}

// -- start -------------------------------------------------------------------------------
window.addEventListener("DOMContentLoaded", async () => {
  await window.i18nReady;
  wireEnd();
  wireLog();
  await lobby();
  const m = location.pathname.match(/^\/game\/([A-Za-z0-9-]+)$/);
  if (m) {
    const code = m[1].toUpperCase();
    const known = recall(code);
    if (known) return enter(code, known.seat, known.token, false);
    $("#join-code").value = code;
    $("#lobby-hint").textContent = t("Join game {code}: enter your name and press Join.", {code});
  }
});
