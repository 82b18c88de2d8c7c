// Ratings on the page: this browser's player id, the "rated game" choice of the new-game
// form, and the leaderboard (/ratings).
//
// A browser keeps a secret of its own in localStorage and sends it as "player" when it starts
// or joins a game; the server rates the browser under a digest of it (the secret itself is
// never shown to anyone). app.js adds window.ratings.fields(form) to those requests.
"use strict";

(function () {
  const KEY = "legends:player";

  function secret() {
    let s = null;
    try { s = localStorage.getItem(KEY); } catch (e) { /* storage refused */ }
    if (!s || s.length < 16) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      s = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      try { localStorage.setItem(KEY, s); } catch (e) { /* then for this page only */ }
    }
    return s;
  }

  // The fields a new game (form given) or a join (no form) sends.
  function fields(form) {
    const out = {player: secret()};
    if (form && form.rated) out.rated = form.rated.checked;
    return out;
  }

  async function board(edition) {
    const list = document.querySelector("#ratings-list");
    const empty = document.querySelector("#ratings-empty");
    const res = await fetch(`/api/ratings/${encodeURIComponent(edition)}`);
    const data = await res.json();
    if (!res.ok) { empty.textContent = data.error || res.statusText; empty.hidden = false; return; }
    const rows = data.players.map((p, i) => {
      const tr = document.createElement("tr");
      if (p.provisional) tr.classList.add("provisional");
      const cells = [String(i + 1), personName(p.name),
                     p.provisional ? t("{rating}?", {rating: p.rating}) : String(p.rating),
                     String(p.rd), String(p.games)];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      // A computer player is told by its id, which no person can have (a name could be
      // anyone's); an account's name leads to its player page.
      const who = tr.children[1];
      if (p.computer) {
        tr.classList.add("computer");
        who.append(" ", Object.assign(document.createElement("span"),
                                 {className: "badge computer", textContent: t("computer")}));
      } else if (p.player.startsWith("account:") && p.name) {
        const a = document.createElement("a");
        a.href = "/player/" + encodeURIComponent(p.name);
        a.textContent = p.name;
        who.replaceChildren(a);
      }
      if (p.provisional) {
        tr.title = t("provisional: deviation above {rd}", {rd: data.provisional_rd});
      }
      return tr;
    });
    list.replaceChildren(...rows);
    empty.textContent = t("No rated games in this edition yet.");
    empty.hidden = rows.length > 0;
  }

  async function showBoard() {
    document.querySelector("#lobby").hidden = true;
    const section = document.querySelector("#ratings");
    section.hidden = false;
    const select = document.querySelector("#ratings-edition");
    const opts = await (await fetch("/api/options")).json();
    for (const r of opts.rulesets) select.add(new Option(r.title || r.name, r.name));
    const wanted = new URLSearchParams(location.search).get("edition");
    if (wanted && opts.rulesets.some((r) => r.name === wanted)) select.value = wanted;
    select.addEventListener("change", () => board(select.value));
    await board(select.value);
  }

  window.ratings = {fields, secret};
  window.addEventListener("DOMContentLoaded", async () => {
    await window.i18nReady;
    if (location.pathname === "/ratings") await showBoard();
  });
})();
