// The archive's replay of an ended game (/replay/CODE): the board with both armies from the
// start, stepped through by buttons or the keyboard (arrow keys, Home, End), the whole move list
// beside it (movelist.js's rows; a ply shows the board after it), the record to download, and
// whether the setups match the commitment made as play began, checked here with WebCrypto
// (endings.js's check). Anyone with the link may look once the game has ended; while it goes on
// the server refuses, and the page says so.
"use strict";

(() => {
  const get = (sel) => document.querySelector(sel);
  const replay = {code: "", seat: "", step: 0, of: 0, busy: false, wanted: null, plies: [], named: new Map()};

  async function read(path) {
    const res = await fetch(path);
    const data = await res.json();
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  }

  // The verdict on an ended game's record: {kind, text, short} (kind: checked, mismatch,
  // none or unchecked, as endings.js names them).
  function short(kind) {
    return {checked: t("checked"), mismatch: t("does not match"), none: t("nothing committed"),
            unchecked: t("not checked here")}[kind] || kind;
  }
  async function verdictOf(game) {
    const verdict = await window.endings.checkSetup(game.setup, game.commitment);
    return {...verdict, short: short(verdict.kind)};
  }

  async function check(code) {
    try {
      return await verdictOf(await read(`/api/games/${code}/archive?moves=false`));
    } catch (e) {
      return {kind: "unchecked", text: e.message, short: short("unchecked")};
    }
  }

  // -- stepping -------------------------------------------------------------------------------
  async function go(step) {
    step = Math.max(0, Math.min(step, replay.of));
    if (replay.busy) { replay.wanted = step; return; }  // the latest wish wins
    replay.busy = true;
    try {
      const seat = encodeURIComponent(replay.seat);
      const f = await read(`/api/games/${replay.code}/frame?step=${step}&side=${seat}`);
      replay.step = f.step;
      get("#archive-board").innerHTML = f.svg;
      fit(get("#archive-board svg"));
      get("#archive-step").textContent = f.step
        ? t("{step} / {of}: {action} ({turn})", {step: f.step, of: f.of, action: replay.named.get(f.step) ?? f.action, turn: f.turn_label})
        : t("{step} / {of}: the start", {step: 0, of: f.of});
      document.body.dataset.replayStep = String(f.step);
      mark();
    } catch (e) {
      get("#archive-error").textContent = e.message;
    } finally {
      replay.busy = false;
    }
    if (replay.wanted !== null) {
      const next = replay.wanted;
      replay.wanted = null;
      if (next !== replay.step) await go(next);
    }
  }

  // The ply that led to the board shown: the last one at or before its step.
  function mark() {
    let current = null;
    document.querySelectorAll("#archive-moves .ply").forEach((b) => {
      b.classList.remove("current");
      if (Number(b.dataset.moment) <= replay.step && replay.step > 0) current = b;
    });
    if (!current) return;
    current.classList.add("current");
    const box = get("#archive-moves-box");
    const top = current.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - current.offsetHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }

  function words(game) {
    const seats = Object.entries(game.seats).map(([seat, s]) =>
      s.kind === "computer" ? t("{seat}: {name}", {seat, name: t("computer ({player})", {player: s.player})})
        : t("{seat}: {name}", {seat, name: personName(s.name)}));
    get("#archive-players").textContent = seats.join(" · ");
    get("#archive-result").textContent = game.winner
      ? t("{winner} won ({reason}), after {turns} turns", {winner: game.winner, reason: game.why, turns: game.turns})
      : t("Nobody won ({reason}), after {turns} turns", {reason: game.why, turns: game.turns});
  }

  async function open(code) {
    window.account.only("#replay-page");
    replay.code = code;
    get("#archive-code").textContent = code;
    let game;
    try {
      game = await read(`/api/games/${code}/archive`);
    } catch (e) {
      get("#archive-error").textContent = e.message;
      return;
    }
    words(game);
    replay.of = game.steps;
    const seats = get("#archive-seat");
    seats.replaceChildren(...game.players.map((p) => new Option(p, p)));
    replay.seat = game.players[0];
    seats.value = replay.seat;
    seats.addEventListener("change", () => { replay.seat = seats.value; go(replay.step); });
    get("#archive-download").href = `/api/games/${code}/download`;
    get("#archive-download").download = `legends-${code}.json`;
    // The plies point at the step after them (the server's "step"), as moments do in a game.
    const turns = game.moves.map((turn) => ({...turn, plies: turn.plies.map((p) => ({...p, moment: p.step}))}));
    // The step's label names a ply as the move list does ("j4xj5 Major takes Scout"), not
    // only by its notation; steps the list does not show (passes, answers) keep the notation.
    replay.named = new Map(turns.flatMap((turn) => turn.plies.map((p) => [p.step, p.text])));
    get("#archive-moves tbody").replaceChildren(
      ...window.moveRows({players: game.players, turns}, (ply) => go(ply.step), null));
    get("#archive-body").hidden = false;
    await go(0);
    const verdict = await verdictOf(game);
    const line = get("#archive-check");
    line.textContent = verdict.text;
    line.className = "archive-check " + verdict.kind;
    document.body.dataset.commitment = verdict.kind;
  }

  function wire() {
    get("#archive-first").addEventListener("click", () => go(0));
    get("#archive-prev").addEventListener("click", () => go((replay.wanted ?? replay.step) - 1));
    get("#archive-next").addEventListener("click", () => go((replay.wanted ?? replay.step) + 1));
    get("#archive-last").addEventListener("click", () => go(replay.of));
    document.addEventListener("keydown", (ev) => {
      if (get("#replay-page").hidden || get("#archive-body").hidden) return;
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.target.closest && ev.target.closest("input, select, textarea, dialog")) return;
      const at = replay.wanted ?? replay.step;
      if (ev.key === "ArrowLeft") go(at - 1);
      else if (ev.key === "ArrowRight") go(at + 1);
      else if (ev.key === "Home") go(0);
      else if (ev.key === "End") go(replay.of);
      else return;
      ev.preventDefault();
    });
  }

  window.archive = {check};
  window.addEventListener("DOMContentLoaded", async () => {
    await window.i18nReady;
    const m = location.pathname.match(/^\/replay\/([A-Za-z0-9-]+)$/);
    if (!m) return;
    wire();
    await window.account.ready;
    await open(m[1].toUpperCase());
  });
})();
