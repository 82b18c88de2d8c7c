// The lobby on the start page, beside app.js: open games (seeks) to post, take or cancel, the
// account's challenges to accept or decline, the public games in progress to watch; a game
// link's invitation (who challenges, to what); and the rematch offered at the end of a game.
//
// Everything here asks the server over HTTP (never the websocket), so it works whichever
// server process answers: the poster of a seek asks every few seconds how it stands (which
// also keeps it listed), and a page at the end of a game asks how the rematch stands.
"use strict";

window.lobbyBoard = (() => {
  const $ = (sel) => document.querySelector(sel);
  const POLL = 3000;        // milliseconds between the lobby's looks at the server
  const REMATCH_POLL = 2000;
  const REMATCH_FOR = 30 * 60 * 1000;  // a page left open at the end stops asking after this
  const state = {
    seek: null,             // {id, key, code}: this page's open seek
    timer: null, rematchTimer: null, rematchShown: false,
    editions: {},           // name -> title
  };

  function signedIn() {
    return Boolean(window.account && window.account.current().signed_in);
  }

  function title(edition) { return state.editions[edition] || edition; }

  function clockText(clock) {
    return clock ? t("{minutes} min + {increment} s", {minutes: clock.minutes, increment: clock.increment})
      : t("no clock");
  }

  // Seated in game `code`: the page opens it, as any game of this browser's.
  function go(code, seat, token) {
    remember(code, seat, token);
    location.assign("/game/" + code);
  }

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function actionButton(text, label, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (label) b.setAttribute("aria-label", label);
    b.addEventListener("click", onclick);
    return b;
  }

  // -- posting a seek or a challenge -------------------------------------------------------
  function gameFields() {
    const f = $("#seek-form");
    const minutes = f.clock_minutes.value.trim();
    const inc = f.clock_increment.value.trim();
    const rated = f.rated.checked && signedIn();
    const out = {
      rules: f.rules.value, rated, name: $("#name").value, setup: null,
      clock: minutes ? {minutes: Number(minutes), increment: inc ? Number(inc) : 0} : null,
      ...(window.ratings ? {player: window.ratings.secret()} : {}),
    };
    return out;
  }

  async function postSeek(ev) {
    ev.preventDefault();
    $("#seek-error").textContent = "";
    const f = $("#seek-form");
    const fields = gameFields();
    if (fields.rated) {
      if (f.low.value.trim()) fields.low = Number(f.low.value);
      if (f.high.value.trim()) fields.high = Number(f.high.value);
    }
    try {
      const s = await api("/api/lobby/seeks", fields);
      remember(s.code, s.seat, s.token);
      state.seek = {id: s.id, key: s.key, code: s.code};
      sessionStorage.setItem("legends:seek", JSON.stringify(state.seek));
      waiting(true);
      await refresh();
    } catch (e) { $("#seek-error").textContent = e.message; }
  }

  function waiting(on) {
    $("#seek-waiting").hidden = !on;
    $("#seek-post").disabled = on;
    if (on) $("#seek-cancel").focus();
  }

  async function cancelSeek() {
    const s = state.seek;
    if (!s) return;
    try { await api(`/api/lobby/seeks/${s.id}/cancel`, {key: s.key}); } catch (e) { /* gone anyway */ }
    forgetSeek();
    await refresh();
  }

  function forgetSeek() {
    state.seek = null;
    sessionStorage.removeItem("legends:seek");
    waiting(false);
  }

  // The poster's page asks how its seek stands: taken, it goes to the game.
  async function checkSeek() {
    const s = state.seek;
    if (!s) return;
    try {
      const got = await api(`/api/lobby/seeks/${s.id}`, {key: s.key});
      if (got.state === "taken") {
        const known = recall(s.code);
        forgetSeek();
        if (known) location.assign("/game/" + s.code);
      } else if (got.state === "gone") forgetSeek();
    } catch (e) { forgetSeek(); }
  }

  async function challenge() {
    $("#seek-error").textContent = "";
    const to = $("#challenge-to").value.trim();
    if (!signedIn()) { $("#seek-error").textContent = t("Sign in to challenge a player by name."); return; }
    if (!to) { $("#seek-error").textContent = t("Enter the name of the player to challenge."); return; }
    try {
      const c = await api("/api/lobby/challenges", {...gameFields(), to});
      remember(c.code, c.seat, c.token);
      $("#challenge-to").value = "";
      await refresh();
    } catch (e) { $("#seek-error").textContent = e.message; }
  }

  // -- the lists ------------------------------------------------------------------------------
  function seekRows(seeks) {
    return seeks.map((s) => {
      const tr = document.createElement("tr");
      tr.dataset.seek = s.id;
      const range = s.rated && (s.low !== null || s.high !== null)
        ? t(" (opponents {low}–{high})", {low: s.low ?? "", high: s.high ?? ""}) : "";
      tr.append(cell(personName(s.name)), cell(s.rating === null ? "–" : String(s.rating)),
                cell(title(s.edition)), cell(clockText(s.clock)),
                cell((s.rated ? t("rated") : t("casual")) + range));
      // On a phone the rated column gives way: the clock's cell says it instead.
      const phone = document.createElement("span");
      phone.className = "phone-only";
      phone.textContent = s.rated ? t("rated") : t("casual");
      tr.children[3].append(phone);
      const td = document.createElement("td");
      if (state.seek && state.seek.id === s.id) {
        td.textContent = t("yours");
      } else {
        td.append(actionButton(t("Play"), t("Play {name}'s game of {edition}", {name: personName(s.name), edition: title(s.edition)}),
                               () => take(s)));
      }
      tr.append(td);
      return tr;
    });
  }

  async function take(s) {
    $("#seek-error").textContent = "";
    try {
      const g = await api(`/api/lobby/seeks/${s.id}/take`, {
        name: $("#name").value, ...(window.ratings ? window.ratings.fields() : {})});
      go(g.code, g.seat, g.token);
    } catch (e) { $("#seek-error").textContent = e.message; await refresh(); }
  }

  function liveRows(games) {
    return games.map((g) => {
      const tr = document.createElement("tr");
      tr.dataset.game = g.code;
      const players = g.players.map(personName).join(t(" vs "));
      tr.append(cell(title(g.edition)), cell(players),
                cell(g.arranging ? t("arranging") : String(g.turn)), cell(String(g.watchers)));
      const td = document.createElement("td");
      const a = document.createElement("a");
      a.href = "/game/" + g.code;
      a.textContent = t("Watch");
      a.setAttribute("aria-label", t("Watch {players}", {players}));
      td.append(a);
      tr.append(td);
      return tr;
    });
  }

  function challengeItems(ch) {
    const items = [];
    for (const c of ch.to_me) {
      const li = document.createElement("li");
      li.dataset.challenge = c.id;
      const text = document.createElement("span");
      text.textContent = t("{name} challenges you: {edition}, {clock}, {rated}.", {
        name: c.from, edition: title(c.edition), clock: clockText(c.clock),
        rated: c.rated ? t("rated") : t("casual")});
      li.append(text, " ",
                actionButton(t("Accept"), t("Accept {name}'s challenge", {name: c.from}), () => answer(c, "accept")), " ",
                actionButton(t("Decline"), t("Decline {name}'s challenge", {name: c.from}), () => answer(c, "decline")));
      items.push(li);
    }
    for (const c of ch.from_me) {
      if (c.answer === "accepted") {
        const known = recall(c.code);
        if (known && !sessionStorage.getItem("legends:opened:" + c.code)) {
          sessionStorage.setItem("legends:opened:" + c.code, "1");
          location.assign("/game/" + c.code);
        }
      }
      if (c.answer === "cancelled") continue;
      const li = document.createElement("li");
      li.dataset.challenge = c.id;
      const text = document.createElement("span");
      text.textContent = c.answer === "declined" ? t("{name} declined your challenge.", {name: c.to})
        : c.answer === "accepted" ? t("{name} accepted your challenge.", {name: c.to})
        : t("You challenged {name}: waiting for an answer.", {name: c.to});
      li.append(text);
      if (!c.answer) li.append(" ", actionButton(t("Cancel"), t("Cancel your challenge to {name}", {name: c.to}), () => answer(c, "cancel")));
      if (c.answer === "accepted") {
        const a = document.createElement("a");
        a.href = "/game/" + c.code;
        a.textContent = t("open the game");
        li.append(" ", a);
      }
      items.push(li);
    }
    return items;
  }

  async function answer(c, word) {
    $("#seek-error").textContent = "";
    try {
      const got = await api(`/api/lobby/challenges/${c.id}`, {answer: word});
      if (got.token) return go(got.code, got.seat, got.token);
    } catch (e) { $("#seek-error").textContent = e.message; }
    await refresh();
  }

  async function refresh() {
    if ($("#lobby").hidden) return;
    const edition = $("#lobby-edition").value;
    let data;
    try {
      data = await api("/api/lobby" + (edition ? "?edition=" + encodeURIComponent(edition) : ""));
    } catch (e) { return; }
    $("#seek-list").replaceChildren(...seekRows(data.seeks));
    $("#seek-empty").hidden = data.seeks.length > 0;
    $("#seek-table").hidden = data.seeks.length === 0;
    $("#live-list").replaceChildren(...liveRows(data.games));
    $("#live-empty").hidden = data.games.length > 0;
    $("#live-table").hidden = data.games.length === 0;
    const ch = data.challenges;
    const items = ch ? challengeItems(ch) : [];
    $("#challenge-list").replaceChildren(...items);
    $("#challenges").hidden = items.length === 0;
  }

  function ratedChoice() {
    const can = signedIn();
    const box = $("#seek-rated");
    box.disabled = !can;
    if (!can) box.checked = false;
    $("#seek-rated-hint").hidden = can;
    $("#seek-range").hidden = !box.checked;
  }

  async function tick() {
    await checkSeek();
    await refresh();
    ratedChoice();
  }

  // -- a game's link: the invitation ------------------------------------------------------------
  async function invitation(code) {
    let inv;
    try { inv = await api(`/api/games/${encodeURIComponent(code)}/invitation`); } catch (e) { return; }
    const box = $("#invitation");
    const from = inv.from.map(personName).join(", ") || t("a player");
    box.textContent = t("{name} invites you to play {edition}: {clock}, {rated}.", {
      name: from, edition: title(inv.edition), clock: clockText(inv.clock),
      rated: inv.rated ? t("rated") : t("casual")});
    box.hidden = false;
  }

  // -- at the table: the invitation link, while a seat is free --------------------------------
  function inviteLink(seatsNow) {
    const free = Object.values(seatsNow).some((s) => s.kind === "human" && !s.taken);
    const box = $("#invite-box");
    box.hidden = !free || Boolean(window.watch && window.watch.on);
    if (box.hidden) return;
    const link = `${location.origin}/game/${me.code}`;
    $("#invite-link").href = link;
    $("#invite-link").textContent = link;
  }

  // -- the end: rematch -------------------------------------------------------------------------
  function rematchOffered(seats) {
    if (state.rematchShown || (window.watch && window.watch.on)) return;
    if (!seats || Object.keys(seats).length !== 2 || !me.token) return;
    state.rematchShown = true;
    $("#rematch-box").hidden = false;
    lookRematch(false);
    state.rematchTimer = setInterval(() => lookRematch(false), REMATCH_POLL);
    setTimeout(() => clearInterval(state.rematchTimer), REMATCH_FOR);
  }

  async function lookRematch(offer) {
    let got;
    try {
      got = await api(`/api/games/${me.code}/rematch`, {token: me.token, offer});
    } catch (e) {
      $("#rematch-line").textContent = e.message;
      return;
    }
    if (got.code) {
      clearInterval(state.rematchTimer);
      $("#rematch-line").textContent = t("The rematch begins…");
      return go(got.code, got.seat, got.token);
    }
    const button = $("#rematch");
    if (!got.offered_by) {
      button.hidden = false;
      button.textContent = t("Rematch");
      $("#rematch-line").textContent = "";
    } else if (got.offered_by === me.seat) {
      button.hidden = true;
      $("#rematch-line").textContent = t("Rematch offered: waiting for your opponent…");
    } else {
      button.hidden = false;
      button.textContent = t("Accept the rematch");
      $("#rematch-line").textContent = t("Your opponent offers a rematch.");
    }
  }

  document.addEventListener("legends:message", (ev) => {
    const msg = ev.detail;
    if (msg.type === "welcome" || msg.type === "seats") inviteLink(msg.seats);
    if (msg.type === "state") {
      inviteLink(msg.seats);
      if (msg.view.over) rematchOffered(msg.seats);
    }
  });

  // -- start ----------------------------------------------------------------------------------
  async function opened() {
    await window.i18nReady;
    if (window.account) await window.account.ready;
    const m = location.pathname.match(/^\/game\/([A-Za-z0-9-]+)$/);
    $("#rematch").addEventListener("click", () => lookRematch(true));
    $("#invite-copy").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText($("#invite-link").href); } catch (e) { /* select it by hand */ }
    });
    let opts;
    try { opts = await api("/api/options"); } catch (e) { return; }
    for (const r of opts.rulesets) {
      state.editions[r.name] = r.title || r.name;
      $("#seek-rules").add(new Option(state.editions[r.name], r.name));
      $("#lobby-edition").add(new Option(state.editions[r.name], r.name));
    }
    if (m) {
      if (!recall(m[1].toUpperCase())) await invitation(m[1].toUpperCase());
      $("#lobby-board").hidden = true;  // a game's link is about that game
      return;
    }
    if (location.pathname !== "/") return;
    $("#seek-form").addEventListener("submit", postSeek);
    $("#seek-cancel").addEventListener("click", cancelSeek);
    $("#challenge-send").addEventListener("click", challenge);
    $("#seek-rated").addEventListener("change", ratedChoice);
    $("#lobby-edition").addEventListener("change", refresh);
    try { state.seek = JSON.parse(sessionStorage.getItem("legends:seek") || "null"); } catch (e) { state.seek = null; }
    if (state.seek) waiting(true);
    ratedChoice();
    await tick();
    state.timer = setInterval(() => { if (!$("#lobby").hidden) tick(); }, POLL);
  }

  window.addEventListener("DOMContentLoaded", opened);
  return {refresh};
})();
