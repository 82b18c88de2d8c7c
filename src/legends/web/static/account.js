// Accounts on the page: the header's account area (sign up, sign in, sign out, in a dialog),
// "my games" (/my-games) with its filters and pages, each ended game linked to its replay
// (archive.js) and record, and the player page (/player/NAME).
//
// The session lives in an HttpOnly cookie the page cannot read; the page learns the account's
// name and its CSRF token from GET /api/account, and every POST it makes to this site carries
// that token in X-CSRF-Token (the server refuses a POST with the cookie but without it).
"use strict";

(function () {
  let account = {signed_in: false};
  let resolveReady;
  const ready = new Promise((resolve) => { resolveReady = resolve; });

  // Every POST to this site carries the session's CSRF token, once it is known.
  const plainFetch = window.fetch.bind(window);
  window.fetch = async function (input, init) {
    const method = ((init && init.method) || "GET").toUpperCase();
    const url = new URL(typeof input === "string" ? input : input.url, location.href);
    if (method !== "GET" && method !== "HEAD" && url.origin === location.origin) {
      await ready;
      if (account.csrf) {
        const headers = new Headers((init && init.headers) || {});
        headers.set("X-CSRF-Token", account.csrf);
        init = {...init, headers};
      }
    }
    return plainFetch(input, init);
  };

  async function call(path, body) {
    const res = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await res.json();
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  }

  const $ = (sel) => document.querySelector(sel);

  function show() {
    const signedIn = account.signed_in;
    $("#account-open").hidden = signedIn;
    $("#account-me").hidden = !signedIn;
    $("#account-out").hidden = !signedIn;
    $("#my-games-link").hidden = !signedIn;
    if (signedIn) {
      $("#account-me").textContent = account.name;
      $("#account-me").href = "/player/" + encodeURIComponent(account.name);
    }
    if (location.pathname === "/my-games") accessTokens();
    // Games started or joined while signed in are played under the account's name.
    document.querySelectorAll("#lobby input[name=name]").forEach((input) => {
      input.readOnly = signedIn;
      if (signedIn) input.value = account.name;
    });
  }

  async function refresh() {
    try { account = await call("/api/account"); } catch (e) { account = {signed_in: false}; }
    show();
  }

  function wireDialog() {
    const dialog = $("#account-dialog");
    const form = $("#account-form");
    $("#account-open").addEventListener("click", () => {
      $("#account-error").textContent = "";
      dialog.showModal();
    });
    $("#account-cancel").addEventListener("click", () => dialog.close());
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const which = ev.submitter && ev.submitter.value === "signup" ? "signup" : "signin";
      try {
        account = await call("/api/account/" + which,
                             {name: form.elements.name.value, password: form.elements.password.value});
        form.reset();
        dialog.close();
        show();
        if (location.pathname === "/my-games") await myGames();
      } catch (e) {
        $("#account-error").textContent = e.message;
      }
    });
    $("#account-out").addEventListener("click", async () => {
      try { await call("/api/account/signout", {}); } catch (e) { /* the session is gone anyway */ }
      account = {signed_in: false};
      show();
    });
  }

  const RESULTS = {won: "won", lost: "lost", drawn: "drawn", playing: "going on"};

  function when(seconds) {
    return new Date(seconds * 1000).toLocaleDateString(document.documentElement.lang || undefined);
  }

  function link(href, text, cls) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    if (cls) a.className = cls;
    return a;
  }

  // Whether an ended game's setups match the commitment made as play began, checked here
  // (window.archive.check: endings.js's check of the archive's setup).
  async function checkCell(td, code) {
    const span = document.createElement("span");
    span.className = "archive-check";
    td.append(" ", span);
    const verdict = await window.archive.check(code);
    span.textContent = verdict.short;
    span.title = verdict.text;
    span.classList.add(verdict.kind);
  }

  // A table row per game: its date, edition, opponents, result, rated (and the rating change),
  // its length in turns, and links: the game itself while it goes on; once it ended, its
  // replay and record (own games also say whether the record checks out).
  function gameRows(games, own) {
    return games.map((g) => {
      const tr = document.createElement("tr");
      tr.dataset.code = g.code;
      let rated = g.rated ? t("rated") : t("casual");
      if (g.change !== null && g.change !== undefined) {
        rated = t("rated ({change})", {change: (g.change > 0 ? "+" : "") + g.change});
      }
      const cells = [when(g.started), g.edition, g.opponents.map(personName).join(", ") || "–",
                     t(RESULTS[g.result] || g.result), rated, String(g.turns ?? "")];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      const td = document.createElement("td");
      td.className = "game-links";
      if (g.result === "playing") {
        if (own) td.append(link("/game/" + g.code, t("open")));
      } else {
        td.append(link("/replay/" + g.code, t("replay"), "game-replay"), " ",
                  link(`/api/games/${g.code}/download`, t("record"), "game-record"));
        td.lastChild.download = `legends-${g.code}.json`;
        if (own) checkCell(td, g.code);
      }
      tr.append(td);
      return tr;
    });
  }

  function only(section) {
    for (const id of ["#lobby", "#ratings", "#my-games", "#player-page", "#replay-page"]) {
      const el = $(id);
      if (el) el.hidden = id !== section;
    }
  }

  let page = 1;
  async function myGames() {
    only("#my-games");
    const form = $("#my-games-filters");
    const empty = $("#my-games-empty");
    $("#my-games-pages").hidden = true;
    if (!account.signed_in) {
      $("#my-games-list").replaceChildren();
      empty.textContent = t("Sign in to see your games.");
      empty.hidden = false;
      return;
    }
    const query = new URLSearchParams();
    for (const key of ["edition", "result", "rated", "finished", "opponent"]) {
      const value = form.elements[key].value.trim();
      if (value) query.set(key, value);
    }
    if (page > 1) query.set("page", String(page));
    try {
      const data = await call("/api/account/games?" + query);
      $("#my-games-list").replaceChildren(...gameRows(data.games, true));
      empty.textContent = t("No games to show.");
      empty.hidden = data.games.length > 0;
      $("#my-games-pages").hidden = data.page === 1 && !data.more;
      $("#my-games-prev").disabled = data.page <= 1;
      $("#my-games-next").disabled = !data.more;
      $("#my-games-page").textContent = t("page {page}", {page: data.page});
    } catch (e) {
      empty.textContent = e.message;
      empty.hidden = false;
    }
  }

  async function wireMyGames() {
    const form = $("#my-games-filters");
    const select = form.elements.edition;
    try {
      const opts = await call("/api/options");
      for (const r of opts.rulesets) select.add(new Option(r.title || r.name, r.name));
    } catch (e) { /* the filter offers "all" only */ }
    const filter = () => { page = 1; myGames(); };
    form.addEventListener("change", filter);
    let typing = null;  // the opponent's name: asked once the typing pauses
    form.elements.opponent.addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(filter, 300);
    });
    form.addEventListener("submit", (ev) => { ev.preventDefault(); filter(); });
    $("#my-games-prev").addEventListener("click", () => { page = Math.max(1, page - 1); myGames(); });
    $("#my-games-next").addEventListener("click", () => { page += 1; myGames(); });
  }

  // A rating with its deviation as a range: about 95 in 100 players of that strength would
  // be rated within two deviations of it.
  function ratingLine(r) {
    return t("{edition}: {rating} (between {low} and {high}), rated games: {games}",
             {edition: r.edition, rating: r.rating, low: r.rating - 2 * r.rd,
              high: r.rating + 2 * r.rd, games: r.games});
  }

  async function playerPage(name) {
    only("#player-page");
    try {
      const p = await call("/api/players/" + encodeURIComponent(name));
      $("#player-name").textContent = p.name;
      $("#player-joined").textContent = t("joined {date}", {date: when(p.joined)});
      const n = p.tallies;
      const counts = {played: n.played, won: n.won, drawn: n.drawn, lost: n.lost};
      $("#player-tallies").textContent = n.played === 1
        ? t("1 game played: {won} won, {drawn} drawn, {lost} lost", counts)
        : t("{played} games played: {won} won, {drawn} drawn, {lost} lost", counts);
      const ratings = p.ratings.map((r) => {
        const li = document.createElement("li");
        li.textContent = ratingLine(r);
        return li;
      });
      $("#player-ratings").replaceChildren(...ratings);
      $("#player-unrated").hidden = ratings.length > 0;
      $("#player-games").replaceChildren(...gameRows(p.games, false));
      $("#player-no-games").hidden = p.games.length > 0;
    } catch (e) {
      $("#player-name").textContent = e.message;
    }
  }

  // Personal access tokens, on "my games": a program (a bot, another app, a research agent)
  // uses the server as the account with one. Each is made with a label, a scope and a
  // lifetime, shown once (the server keeps only a digest of it), listed with when it was last
  // used and when it expires, and revoked here.
  function element(tag, props, ...children) {
    const el = Object.assign(document.createElement(tag), props || {});
    el.append(...children);
    return el;
  }

  function buildTokens() {
    const scope = element("select", {name: "scope", id: "token-scope"},
      element("option", {value: "play", textContent: t("play: start, join and play games")}),
      element("option", {value: "read", textContent: t("read: see your games")}));
    // "" is a token that never expires (sent as null); 90 days is the server's default too.
    const lasts = element("select", {name: "expires", id: "token-expires"},
      ...[["7", t("7 days")], ["30", t("30 days")], ["90", t("90 days")], ["366", t("a year")],
          ["", t("never")]].map(([value, text]) =>
        element("option", {value, textContent: text, selected: value === "90"})));
    const form = element("form", {id: "token-form"},
      element("label", {}, element("span", {textContent: t("Label")}), " ",
              element("input", {name: "label", id: "token-label", required: true, maxLength: 60,
                                placeholder: t("e.g. my bot")})),
      element("label", {}, element("span", {textContent: t("Scope")}), " ", scope),
      element("label", {}, element("span", {textContent: t("Expires after")}), " ", lasts),
      element("button", {type: "submit", id: "token-make", textContent: t("Make a token")}));
    const head = element("tr", {}, ...[t("Label"), t("Scope"), t("Made"), t("Last used"),
                                       t("Expires"), ""].map(
      (text) => element("th", {textContent: text})));
    const box = element("div", {id: "account-tokens", hidden: true},
      element("h3", {textContent: t("Access tokens")}),
      element("p", {className: "hint", textContent: t(
        "An access token lets a program (a bot, another app) use this server as your account. " +
        "Whoever holds it can do so too: keep it secret, and revoke it when it is no longer needed.")}),
      form,
      element("p", {id: "token-new", hidden: true},
              element("span", {textContent: t("Your new token, shown only this once: copy it now.")}),
              " ", element("code", {id: "token-value"})),
      element("p", {id: "token-error", role: "alert"}),
      // Six columns do not fit a phone: the table scrolls sideways in its box, not the page.
      element("div", {className: "tokens-scroll"},
              element("table", {className: "tokens-table"}, element("thead", {}, head),
                      element("tbody", {id: "token-list"}))),
      element("p", {id: "token-none", className: "hint", textContent: t("No access tokens.")}));
    const section = $("#my-games");
    const back = section.querySelector(":scope > a[href='/']");
    section.insertBefore(box, back);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("#token-error").textContent = "";
      try {
        const made = await call("/api/account/tokens",
                                {label: form.elements.label.value, scope: scope.value,
                                 expires_in_days: lasts.value ? Number(lasts.value) : null});
        $("#token-value").textContent = made.token;
        $("#token-new").hidden = false;
        form.reset();
        await accessTokens();
      } catch (e) {
        $("#token-error").textContent = e.message;
      }
    });
    return box;
  }

  // A token's scope in words (read when drawn: the catalogue is in by then).
  const SCOPE_WORDS = {play: () => t("play"), read: () => t("read")};

  // An expired token stays listed (refused when used) until it is revoked.
  function expired(tok) {
    return tok.expires !== null && tok.expires * 1000 <= Date.now();
  }

  function expiry(seconds) {
    if (seconds === null) return t("never");
    const day = when(seconds);
    return seconds * 1000 <= Date.now() ? t("expired on {date}", {date: day}) : day;
  }

  function tokenRows(tokens) {
    return tokens.map((tok) => {
      const revoke = element("button", {type: "button", className: "token-revoke",
                                        textContent: t("Revoke")});
      revoke.addEventListener("click", async () => {
        $("#token-error").textContent = "";
        const res = await fetch("/api/account/tokens/" + encodeURIComponent(tok.id),
                                {method: "DELETE"});
        if (!res.ok) $("#token-error").textContent = (await res.json()).error || res.statusText;
        await accessTokens();
      });
      return element("tr", {},
        element("td", {textContent: tok.label}),
        element("td", {textContent: SCOPE_WORDS[tok.scope] ? SCOPE_WORDS[tok.scope]() : tok.scope}),
        element("td", {textContent: when(tok.created)}),
        element("td", {textContent: tok.used === null ? t("never") : when(tok.used)}),
        element("td", {textContent: expiry(tok.expires), className: expired(tok) ? "expired" : ""}),
        element("td", {}, revoke));
    });
  }

  async function accessTokens() {
    const box = $("#account-tokens") || buildTokens();
    box.hidden = !account.signed_in;
    if (!account.signed_in) {
      $("#token-new").hidden = true;  // the token shown once goes with the account
      $("#token-value").textContent = "";
      return;
    }
    try {
      const data = await call("/api/account/tokens");
      $("#token-list").replaceChildren(...tokenRows(data.tokens));
      $("#token-none").hidden = data.tokens.length > 0;
    } catch (e) {
      $("#token-error").textContent = e.message;
    }
  }

  window.account = {current: () => account, ready, only};
  window.addEventListener("DOMContentLoaded", async () => {
    await window.i18nReady;
    try {
      wireDialog();
      await refresh();
    } finally {
      resolveReady();  // whatever happened, the page's requests must not wait forever
    }
    const player = location.pathname.match(/^\/player\/([^/]+)$/);
    if (player) await playerPage(decodeURIComponent(player[1]));
    if (location.pathname === "/my-games") {
      await wireMyGames();
      await myGames();
    }
  });
})();
