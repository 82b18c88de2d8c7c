// Watching a game without a seat, beside app.js. A spectator's browser says {"type": "watch"}
// instead of a seat's hello and is sent the spectator's messages (what every seat knows), which
// app.js draws as it draws a seat's; this script only connects, turns the board (it is drawn
// from the first seat's side, and from the other for the flip button), says "watching" where a
// seat's controls would be, and shows the players how many watch.
"use strict";

window.watch = (() => {
  const $ = (sel) => document.querySelector(sel);
  // The spectator's stand-in for a seat's token: requests made with it say "watch" instead.
  const WATCHING = "watching";
  const state = {on: false, flipped: false};

  // Requests the page makes for its seat (the move list, an earlier board, the end's replay and
  // record) are made for the spectator: {watch: true} in place of a token.
  const seatApi = api;
  api = (path, body) => {
    if (state.on && body && body.token === WATCHING) {
      const rest = {...body, watch: true};
      delete rest.token;
      return seatApi(path, rest);
    }
    return seatApi(path, body);
  };

  // A spectator's connection is a seat's (app.js) but for its first message, and a board
  // turned by the flip button before app.js draws it.
  const seatHello = helloMessage;
  helloMessage = () => (state.on ? {type: "watch", lang: document.documentElement.lang}
    : seatHello());
  const seatArrived = arrived;
  arrived = (msg) => {
    if (!state.on) return seatArrived(msg);
    if (msg.type === "state" && state.flipped && msg.flipped) [msg.svg, msg.flipped] = [msg.flipped, msg.svg];
    receive(msg);
    watching(msg);
  };

  // -- the spectator's page ----------------------------------------------------------------
  function start(code, push) {
    state.on = true;
    document.body.dataset.watching = "true";
    $("#watching").hidden = false;
    $("#download-mine").hidden = true;  // a spectator has no record of their own
    openTable(code, "spectator", WATCHING, push);
  }

  // After app.js has drawn a message: "watching" where a seat's controls would be.
  function watching(msg) {
    if (msg.type === "offer") {
      $("#endings").hidden = true;  // the offer's line is in the log; nothing to answer
      return;
    }
    if (msg.type === "welcome") {
      $("#endings").hidden = true;
      if (msg.arranging) $("#decision").textContent = t("The players are arranging their setups.");
      return;
    }
    if (msg.type !== "state") return;
    const v = msg.view;
    $("#endings").hidden = true;
    if (v.over) return;
    document.body.dataset.phase = "watching";
    $("#decision").textContent = v.to_move ? t("Watching: {seat} to move.", {seat: v.to_move}) : t("Watching.");
  }

  function flip() {
    state.flipped = !state.flipped;
    const shown = me.shown;
    if (!shown || !shown.flipped || document.body.dataset.revealed) return;
    [shown.svg, shown.flipped] = [shown.flipped, shown.svg];
    $("#board").innerHTML = shown.svg;
    fit($("#board svg"));
    if (window.access) window.access.board(shown, me.seat);
  }

  // -- the players: how many watch -----------------------------------------------------------
  function count(n) {
    const box = $("#watchers");
    box.hidden = !n || state.on;
    box.textContent = n === 1 ? t("1 person is watching") : t("{count} people are watching", {count: n});
  }

  document.addEventListener("legends:message", (ev) => {
    const msg = ev.detail;
    if (msg.type === "watchers" || (msg.type === "state" && msg.watchers !== undefined)) count(msg.watchers);
  });

  // -- the lobby: a Watch button, and a full game's link opens watching ----------------------
  async function opened() {
    await window.i18nReady;
    $("#watch").addEventListener("click", () => {
      const code = $("#join-code").value.trim().toUpperCase();
      if (code) start(code, true);
      else $("#lobby-error").textContent = t("Enter the code of the game to watch.");
    });
    $("#flip").addEventListener("click", flip);
    const m = location.pathname.match(/^\/game\/([A-Za-z0-9-]+)$/);
    if (!m) return;
    const code = m[1].toUpperCase();
    if (recall(code)) return;  // this browser holds a seat there
    try {
      const info = await api(`/api/games/${encodeURIComponent(code)}/watch`);
      if (!info.free) start(info.code, false);  // no seat to take: watch it
    } catch (e) { /* no such game: the lobby says so when joining */ }
  }

  window.addEventListener("DOMContentLoaded", opened);
  return {start, WATCHING, get on() { return state.on; }};
})();
