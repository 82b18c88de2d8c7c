// The setup board. In an edition with a free setup (classic, the Ultimate editions, Narnia)
// a game begins with each player arranging their army: the server sends this seat an
// "arrange" message (its setup area, row by row from its back row, and its pieces with the
// edition's names) and takes back a setup line (one character a square, "." for a square
// the server deals). Nothing here ever holds another seat's setup: the message tells only
// whether the others are ready. Uses app.js's `me`, `$` and `button`.
"use strict";

const setupBoard = {
  msg: null,          // the latest arrange message
  squares: [],        // the setup area's squares in setup-line order
  cells: [],          // the character on each of them ("." empty)
  picked: null,       // {tray: char} or {cell: index}: what the next click places or swaps
  sending: false,     // the line is on its way to the server
  focus: null,        // the square holding the grid's tab stop
};

const EMPTY_CELL = ".";

function rankLabel(ch) { return ch === "0" ? "10" : ch; }

function pieceName(ch) {
  const p = setupBoard.msg.pieces.find((x) => x.char === ch);
  return p ? p.name : "";
}

function left(ch) {
  const p = setupBoard.msg.pieces.find((x) => x.char === ch);
  return p ? p.count - setupBoard.cells.filter((c) => c === ch).length : 0;
}

// Called by app.js for each "arrange" message, and when the game begins.
function arrangeShow(msg) {
  const board = setupBoard;
  const squares = msg.rows.flat();
  const fresh = !board.msg || board.squares.join() !== squares.join();
  board.msg = msg;
  board.squares = squares;
  board.sending = false;
  if (msg.line !== null) board.cells = [...msg.line];
  else if (fresh) {
    // An arrangement not yet sent survives a reload of the page (kept in this tab only).
    const draft = sessionStorage.getItem(draftKey()) || "";
    board.cells = draft.length === squares.length ? [...draft] : squares.map(() => EMPTY_CELL);
    board.picked = null;
  }
  document.body.dataset.phase = "arranging";
  seats(msg.seats);
  $("#board").hidden = true;
  $("#arrange").hidden = false;
  $("#arrange").dataset.seat = msg.seat;
  $("#controls").replaceChildren();
  $("#decision").textContent = msg.line !== null ? t("Your setup is sent.") : t("Arrange your army.");
  build();
  draw();
}

function arrangeHide() {
  if (!setupBoard.msg) return;
  setupBoard.msg = null;
  $("#arrange").hidden = true;
  $("#board").hidden = false;
}

// The server refused the line: it can be changed and sent again.
function arrangeRefused() {
  setupBoard.sending = false;
  if (setupBoard.msg) draw();
}

// -- the line ----------------------------------------------------------------------------
function currentLine() { return setupBoard.cells.join(""); }

// A typed or saved line read like the server reads it; throws an Error saying what is wrong.
function readLine(text) {
  const chars = [...text].filter((c) => !" /\t".includes(c)).map((c) => (c === "?" ? "." : c.toUpperCase()));
  const n = setupBoard.squares.length;
  if (chars.length !== n) throw new Error(t("a setup line here has {n} characters (one a square), this one {count}", {n, count: chars.length}));
  const used = {};
  chars.forEach((c, i) => {
    if (c === EMPTY_CELL) return;
    const p = setupBoard.msg.pieces.find((x) => x.char === c);
    if (!p) throw new Error(t("position {at} ({square}): '{char}' is not a piece of this army", {at: i + 1, square: setupBoard.squares[i], char: c}));
    used[c] = (used[c] || 0) + 1;
    if (used[c] > p.count) throw new Error(t("position {at} ({square}): one {piece} too many (the army has {count})", {at: i + 1, square: setupBoard.squares[i], piece: p.name, count: p.count}));
  });
  return chars;
}

function useLine(text) {
  try {
    setupBoard.cells = readLine(text);
    setupBoard.picked = null;
    $("#arrange-error").textContent = "";
  } catch (e) { $("#arrange-error").textContent = e.message; }
  draw();
}

function draftKey() { return "legends:draft:" + me.code; }

// -- named setups, kept in this browser per edition --------------------------------------
function savedKey() { return "legends:setups:" + setupBoard.msg.rules; }

function savedSetups() {
  try { return JSON.parse(localStorage.getItem(savedKey()) || "{}") || {}; }
  catch (e) { return {}; }
}

function storeSetups(all) { localStorage.setItem(savedKey(), JSON.stringify(all)); }

// -- changing the arrangement ------------------------------------------------------------
function editable() { return setupBoard.msg && setupBoard.msg.line === null && !setupBoard.sending; }

function clickCell(i) {
  if (!editable()) return;
  const b = setupBoard, p = b.picked;
  if (p && p.tray !== undefined) {
    b.cells[i] = p.tray;                       // a piece already there goes back to the tray
    if (left(p.tray) <= 0) b.picked = null;    // several of a rank are placed click by click
  } else if (p && p.cell !== undefined) {
    [b.cells[p.cell], b.cells[i]] = [b.cells[i], b.cells[p.cell]];
    b.picked = null;
  } else {
    b.picked = b.cells[i] !== EMPTY_CELL ? {cell: i} : null;
  }
  draw();
}

function clickTray(ch) {
  if (!editable()) return;
  const b = setupBoard, p = b.picked;
  if (p && p.cell !== undefined) {            // a placed piece clicked back into the tray
    b.cells[p.cell] = EMPTY_CELL;
    b.picked = null;
  } else {
    b.picked = p && p.tray === ch ? null : {tray: ch};
  }
  draw();
}

function randomFill() {
  const b = setupBoard;
  const rest = [];
  for (const p of b.msg.pieces) for (let k = left(p.char); k > 0; k--) rest.push(p.char);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  b.cells = b.cells.map((c) => (c === EMPTY_CELL && rest.length ? rest.pop() : c));
  b.picked = null;
  draw();
}

function ready() {
  if (!editable()) return;
  setupBoard.sending = true;
  $("#error").textContent = "";
  me.ws.send(JSON.stringify({type: "arrange", line: currentLine()}));
  draw();
}

// Take the sent line back to change it (while another seat still arranges); the board keeps it.
function unready() {
  const b = setupBoard;
  if (!b.msg || b.msg.line === null || b.sending) return;
  b.sending = true;
  sessionStorage.setItem(draftKey(), currentLine());  // kept if the page is reloaded meanwhile
  $("#error").textContent = "";
  me.ws.send(JSON.stringify({type: "unready"}));
  draw();
}

// -- drawing -----------------------------------------------------------------------------
// The panel's parts are made once per game; draw() brings them up to date.
function build() {
  const box = $("#arrange");
  if (box.dataset.built === setupBoard.squares.join()) return;
  box.dataset.built = setupBoard.squares.join();
  box.replaceChildren();
  const el = (tag, props = {}, ...kids) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...kids);
    return e;
  };
  const status = el("p", {id: "arrange-status"});
  const change = button(t("Change my setup"), unready, "unready");
  change.hidden = true;
  // One tab stop for the grid; the arrow keys move between its squares, Enter picks a piece
  // and Enter on a second square swaps the two (as two clicks do).
  const grid = el("div", {id: "arrange-grid"});
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", t("your setup area, your side at the bottom"));
  grid.addEventListener("keydown", (ev) => gridKey(ev, width));
  const width = Math.max(...setupBoard.msg.rows.map((r) => r.length));
  grid.style.gridTemplateColumns = `repeat(${width}, minmax(0, 1fr))`;
  // The player's own side at the bottom: the back row (the line's first) is drawn last.
  [...setupBoard.msg.rows].reverse().forEach((row) => {
    for (const sq of row) {
      const i = setupBoard.squares.indexOf(sq);
      const cell = el("button", {type: "button", className: "cell", draggable: true, tabIndex: -1});
      cell.dataset.cell = sq;
      cell.dataset.index = String(i);
      cell.addEventListener("click", () => { setupBoard.focus = sq; clickCell(i); });
      cell.addEventListener("dragstart", (ev) => {
        if (!editable() || setupBoard.cells[i] === EMPTY_CELL) return ev.preventDefault();
        ev.dataTransfer.setData("text/plain", "cell:" + i);
      });
      dropTarget(cell, () => i);
      grid.append(cell);
    }
  });
  const tray = el("div", {id: "arrange-tray"});
  dropTarget(tray, () => null);
  const buttons = el("div", {id: "arrange-buttons"},
    button(t("Random fill"), randomFill, "random-fill"),
    button(t("Clear"), () => { setupBoard.cells = setupBoard.cells.map(() => EMPTY_CELL); setupBoard.picked = null; draw(); }, "clear"),
    button(t("Ready"), ready, "ready"));
  const lineInput = el("input", {id: "arrange-line", spellcheck: false, autocomplete: "off"});
  lineInput.setAttribute("aria-label", t("setup line"));
  const lineRow = el("div", {className: "arrange-row"}, el("label", {htmlFor: "arrange-line", textContent: t("Setup line")}),
    lineInput, button(t("Use this line"), () => useLine(lineInput.value), "use-line"));
  const nameInput = el("input", {id: "arrange-name", maxLength: 40, placeholder: t("name")});
  nameInput.setAttribute("aria-label", t("name for this setup"));
  const saved = el("select", {id: "arrange-saved"});
  saved.setAttribute("aria-label", t("saved setups"));
  const savedRow = el("div", {className: "arrange-row"},
    nameInput, button(t("Save"), () => {
      const name = nameInput.value.trim();
      if (!name) { $("#arrange-error").textContent = t("give the setup a name to save it under"); return; }
      storeSetups({...savedSetups(), [name]: currentLine()});
      $("#arrange-error").textContent = "";
      draw();
      saved.value = name;
    }, "save-setup"),
    saved,
    button(t("Load"), () => { const line = savedSetups()[saved.value]; if (line) useLine(line); }, "load-setup"),
    button(t("Delete"), () => { const all = savedSetups(); delete all[saved.value]; storeSetups(all); draw(); }, "delete-setup"));
  const hint = el("p", {className: "hint", textContent:
    t("Click a piece, then a square (or two squares to swap them), or drag. With the keyboard: Tab to the squares, arrow keys to move, Enter on two squares to swap them. Pieces you leave in the tray are dealt at random over the empty squares when you are ready.")});
  box.append(el("h2", {textContent: t("Arrange your army")}), status, change, grid, tray, buttons, hint, lineRow, savedRow,
    el("p", {id: "arrange-error", className: "error", role: "alert"}));
}

// The arrow keys within the setup grid (its cells in reading order, ``width`` a row).
function gridKey(ev, width) {
  const step = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -width, ArrowDown: width}[ev.key];
  if (step === undefined) return;
  const cells = [...document.querySelectorAll("#arrange-grid .cell")];
  const i = cells.indexOf(ev.target);
  const next = cells[i + step];
  if (i < 0 || !next) return;
  ev.preventDefault();
  ev.stopPropagation();
  setupBoard.focus = next.dataset.cell;
  cells.forEach((c) => { c.tabIndex = c === next ? 0 : -1; });
  next.focus();
}

function dropTarget(node, index) {
  node.addEventListener("dragover", (ev) => { if (editable()) ev.preventDefault(); });
  node.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const [kind, value] = (ev.dataTransfer.getData("text/plain") || ":").split(":");
    const i = index();
    if (!editable()) return;
    setupBoard.picked = kind === "cell" ? {cell: Number(value)} : kind === "tray" ? {tray: value} : null;
    if (i !== null) return clickCell(i);
    // Dropped on the tray: a placed piece goes back to it.
    if (kind === "cell") setupBoard.cells[Number(value)] = EMPTY_CELL;
    setupBoard.picked = null;
    draw();
  });
}

function draw() {
  const b = setupBoard, msg = b.msg;
  if (!msg) return;
  const sent = msg.line !== null;
  const others = Object.entries(msg.ready).map(([seat, ok]) => seat === me.seat
    ? (ok ? t("{seat} (you): ready", {seat}) : t("{seat} (you): arranging…", {seat}))
    : (ok ? t("{seat}: ready", {seat}) : t("{seat}: arranging…", {seat})));
  const waitingFor = Object.entries(msg.ready).filter(([s, ok]) => !ok && s !== me.seat).map(([s]) => s);
  const status = others.join(" · ");
  $("#arrange-status").textContent = !(sent && waitingFor.length) ? status
    : waitingFor.length > 1 ? t("{status} — the game begins when {seats} are ready.", {status, seats: waitingFor.join(", ")})
    : t("{status} — the game begins when {seat} is ready.", {status, seat: waitingFor[0]});
  // The grid's one tab stop: the square last moved to, else the first.
  const cellsNow = [...document.querySelectorAll("#arrange-grid .cell")];
  if (!cellsNow.some((c) => c.dataset.cell === b.focus)) b.focus = cellsNow.length ? cellsNow[0].dataset.cell : null;
  document.querySelectorAll("#arrange-grid .cell").forEach((cell) => {
    const i = Number(cell.dataset.index);
    const ch = b.cells[i];
    cell.dataset.char = ch;
    cell.replaceChildren();
    if (ch !== EMPTY_CELL) {
      const rank = document.createElement("b");
      rank.textContent = rankLabel(ch);
      const name = document.createElement("span");
      name.className = "nm";
      name.textContent = pieceName(ch);
      cell.append(rank, name);
      cell.title = t("{square}: {piece}", {square: cell.dataset.cell, piece: pieceName(ch)});
      cell.setAttribute("aria-label", t("{square}: {piece} ({rank})", {square: cell.dataset.cell, piece: pieceName(ch), rank: rankLabel(ch)}));
    } else {
      cell.title = cell.dataset.cell;
      cell.setAttribute("aria-label", t("{square}: empty", {square: cell.dataset.cell}));
    }
    cell.tabIndex = cell.dataset.cell === b.focus ? 0 : -1;
    cell.classList.toggle("picked", !!b.picked && b.picked.cell === i);
    cell.setAttribute("aria-pressed", String(!!b.picked && b.picked.cell === i));
    cell.disabled = !editable();
  });
  const tray = $("#arrange-tray");
  tray.replaceChildren();
  for (const p of msg.pieces) {
    const n = left(p.char);
    const piece = button(t("{rank} {piece} ×{count}", {rank: rankLabel(p.char), piece: p.name, count: n}),
                         () => clickTray(p.char), "tray-piece");
    piece.dataset.char = p.char;
    piece.disabled = !editable() || n <= 0;
    piece.draggable = editable() && n > 0;
    piece.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "tray:" + p.char));
    piece.classList.toggle("picked", !!b.picked && b.picked.tray === p.char);
    piece.setAttribute("aria-pressed", String(!!b.picked && b.picked.tray === p.char));
    tray.append(piece);
  }
  tray.hidden = sent;
  document.querySelectorAll("#arrange-buttons button").forEach((x) => { x.disabled = !editable(); });
  $("#arrange-buttons").hidden = sent;
  const change = $("#arrange .unready");
  change.hidden = !sent;
  change.disabled = b.sending;
  const lineInput = $("#arrange-line");
  if (document.activeElement !== lineInput) lineInput.value = currentLine();
  lineInput.readOnly = !editable();
  const saved = $("#arrange-saved");
  const keep = saved.value;
  const names = Object.keys(savedSetups()).sort();
  saved.replaceChildren(...names.map((n) => new Option(n, n)));
  if (names.includes(keep)) saved.value = keep;
  saved.disabled = !names.length;
  document.querySelectorAll("#arrange .load-setup, #arrange .delete-setup").forEach((x) => {
    x.disabled = !names.length || !editable();
  });
  // Some editions' armies fill only part of the area (Ultimate Lightning: 20 pieces on 40
  // squares): what is dealt is the pieces still in the tray, not every empty square.
  const rest = msg.pieces.reduce((n, p) => n + left(p.char), 0);
  const ready = $("#arrange .ready");
  ready.textContent = rest ? t("Ready (deal the {count} pieces left)", {count: rest}) : t("Ready");
  ready.dataset.action = "Ready";
  $("#arrange").dataset.line = currentLine();
  if (sent && !b.sending) sessionStorage.removeItem(draftKey());
  else sessionStorage.setItem(draftKey(), currentLine());
}
