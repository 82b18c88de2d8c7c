// The move list beside the board: this seat's turns in notation (from the server's
// /moves, built from what this seat was shown), and stepping back through the boards this seat
// was shown (/seen) with a click or the arrow keys. The live board stays underneath and keeps
// being updated; "Back to the game" (or Escape) shows it again.
"use strict";

// In a scope of its own: the page's scripts share one global scope (app.js's mark, step, ...).
(() => {
const moveList = {
  moments: [],      // the moments (this seat's messages) a ply points at, ascending, 0 first
  latest: 0,        // the moment of the latest message
  at: null,         // the moment looked at (null: the live game)
  fresh: null,      // a pending refresh of the list
  plies: {},        // moment -> the last ply it told of, in words
};

function plyButton(ply, onPly) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "ply";
  // The squares ("b4-b5") never break across lines; the outcome after them may.
  const [squares, ...rest] = ply.text.split(" ");
  b.append(Object.assign(document.createElement("span"), {className: "sq", textContent: squares}));
  if (rest.length) b.append(" " + rest.join(" "));
  b.dataset.moment = String(ply.moment);
  b.addEventListener("click", () => onPly(ply));
  return b;
}

// The list's rows from a move list ({players, turns}; each ply names its moment), a click on a
// ply calling onPly(ply); yours: the seat to mark "(you)" (also the archive's replay, which
// has none). Two players: a row per round, each side's turn in its own column (as a chess
// move list), the row numbered by its first turn as the status line counts turns ("Turn 13":
// row 13, the reply is turn 14). More: a row per turn, naming its seat.
function moveRows(data, onPly, yours) {
  const pairs = data.players.length === 2;
  const rows = [];
  let row = null;
  for (const turn of data.turns) {
    const number = turn.turn ? (pairs ? turn.turn - ((turn.turn + 1) % 2) : turn.turn) : 0;
    if (!row || !pairs || row.dataset.number !== String(number) || turn.turn === 0) {
      row = document.createElement("tr");
      row.dataset.number = String(number);
      const th = document.createElement("th");
      th.textContent = turn.turn ? `${number}.` : t("setup");
      row.append(th);
      if (pairs) row.append(document.createElement("td"), document.createElement("td"));
      else row.append(document.createElement("td"));
      rows.push(row);
    }
    const col = pairs ? Math.max(0, data.players.indexOf(turn.seat)) : 0;
    const cell = row.children[1 + col];
    if (!pairs && turn.seat) {
      const who = document.createElement("span");
      who.className = "seat";
      who.textContent = turn.seat === yours ? t("{seat} (you)", {seat: turn.seat}) : turn.seat;
      cell.append(who);
    }
    cell.dataset.turn = String(turn.turn);
    if (turn.label) cell.title = turn.label;
    turn.plies.forEach((p) => cell.append(plyButton(p, onPly)));
    if (!turn.plies.length) cell.append(Object.assign(document.createElement("span"), {className: "pending", textContent: "…"}));
  }
  return rows;
}

function drawMoves(data) {
  const body = $("#move-list tbody");
  const rows = moveRows(data, (ply) => lookAt(ply.moment), me.seat);
  body.replaceChildren(...rows);
  const seen = new Set([0]);
  moveList.plies = {};
  data.turns.forEach((turn) => turn.plies.forEach((p) => {
    seen.add(p.moment);
    moveList.plies[p.moment] = turn.seat
      ? t("turn {turn} ({seat}): {ply}", {turn: turn.turn, seat: turn.seat, ply: p.text})
      : t("turn {turn}: {ply}", {turn: turn.turn, ply: p.text});
  }));
  moveList.moments = [...seen].sort((a, b) => a - b);
  moveList.latest = data.latest;
  mark();
  if (moveList.at === null) {
    const box = $("#move-list-box");
    box.scrollTop = box.scrollHeight;
  }
}

async function refreshMoves() {
  if (!me.token) return;
  try {
    drawMoves(await api(`/api/games/${me.code}/moves`, {token: me.token}));
  } catch (e) { /* the list is a convenience: the game goes on without it */ }
}

function mark() {
  document.querySelectorAll("#move-list .ply").forEach((b) => {
    b.classList.toggle("current", moveList.at !== null && Number(b.dataset.moment) === moveList.at);
  });
  const cur = $("#move-list .ply.current");
  if (!cur) return;
  // Scrolled within the list only (the page stays where it is, showing the board).
  const box = $("#move-list-box");
  const top = cur.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + cur.offsetHeight - box.clientHeight;
}

async function lookAt(moment) {
  if (moment >= moveList.latest) return backToGame();
  const f = await api(`/api/games/${me.code}/seen`, {token: me.token, moment});
  moveList.at = f.moment;
  // Shown before fitting: a hidden picture has no size to measure.
  $("#past").hidden = false;
  $("#board").hidden = true;
  $("#past-board").innerHTML = f.svg;
  fit($("#past-board svg"));
  const i = moveList.moments.indexOf(f.moment);
  // (The turn's words are the server's, as the status line shows them.)
  const what = moveList.plies[f.moment] || f.turn_label || String(f.turn);
  $("#past-what").textContent = f.moment === 0 ? t("The start, as you saw it")
    : t("After {what} ({at} of {of})", {what, at: i, of: moveList.moments.length - 1});
  document.body.dataset.looking = String(f.moment);
  // On a phone the list is under the board: bring the board into view.
  const r = $("#past").getBoundingClientRect();
  if (r.top < 0 || r.top > innerHeight / 2) $("#past").scrollIntoView({block: "start"});
  mark();
}

function backToGame() {
  moveList.at = null;
  $("#past").hidden = true;
  $("#board").hidden = false;
  delete document.body.dataset.looking;
  mark();
}

// One step along the plies (and the start); past the last one is the game itself.
function step(by) {
  const list = moveList.moments;
  if (!list.length) return;
  // The game now is the latest moment (a ply that led to it, or past the list's end).
  const now = list.indexOf(moveList.latest);
  let i = moveList.at === null ? (now < 0 ? list.length : now) : list.indexOf(moveList.at);
  if (i < 0) i = list.findIndex((m) => m > moveList.at);
  i += by;
  if (i >= list.length || list[i] >= moveList.latest) return backToGame();
  lookAt(list[Math.max(0, i)]);
}

window.moveRows = moveRows;  // a building block of the archive's replay (archive.js)
window.addEventListener("DOMContentLoaded", () => {
  if (!$("#move-list")) return;
  $("#past-back").addEventListener("click", backToGame);
  $("#past-prev").addEventListener("click", () => step(-1));
  $("#past-next").addEventListener("click", () => step(1));
  document.addEventListener("legends:message", (ev) => {
    const msg = ev.detail;
    // While the players arrange their setups there are no moves yet (the server refuses the
    // list until the game begins: asking then only logged a 400 for each seat).
    if (msg.type !== "state" && !(msg.type === "welcome" && !msg.arranging)) return;
    // One request for a burst of messages.
    clearTimeout(moveList.fresh);
    moveList.fresh = setTimeout(refreshMoves, 60);
  });
  document.addEventListener("keydown", (ev) => {
    if (document.body.dataset.phase === "lobby" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest && ev.target.closest("input, select, textarea, #board, #arrange, dialog")) return;
    if ($("#end").open) return;  // the end screen has its own replay
    if (ev.key === "ArrowLeft") step(-1);
    else if (ev.key === "ArrowRight") step(1);
    else if (ev.key === "Home") { if (moveList.moments.length) lookAt(moveList.moments[0]); }
    else if (ev.key === "End" || (ev.key === "Escape" && moveList.at !== null)) backToGame();
    else return;
    ev.preventDefault();
  });
});
})();
