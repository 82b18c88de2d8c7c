// The page's words in the reader's language. Every string the page writes goes through
// t("English text with {name} placeholders", {name: value}); the page's own text is marked in
// index.html: an element with data-i18n has its text (white space collapsed) translated, so
// mark elements that hold text only; data-i18n-attr="title,aria-label" lists the attributes
// to translate. The English text is the message id, as in the server's catalogues.
//
// The language: the one chosen in the switch (kept in localStorage), else the first of the
// browser's languages we have, else English. It is kept in a cookie too, so the server answers
// every request in it, and the websocket's hello says it (the server then makes this seat's
// log lines, prompts and errors in it). Choosing another reloads the page, so that everything,
// the server's words included, is in the new one.
//
// window.i18nReady settles once the catalogue is in and the page translated; app.js waits for
// it before it writes anything.
"use strict";

(function () {
  const NAMES = {en: "English", de: "Deutsch", nl: "Nederlands"};
  const KEY = "legends:lang";
  const COOKIE = "legends-lang";
  let messages = {};

  function ours(code) {
    const base = String(code || "").toLowerCase().split(/[-_.@]/)[0];
    return Object.prototype.hasOwnProperty.call(NAMES, base) ? base : null;
  }

  function chosen() {
    let saved = null;
    try { saved = ours(localStorage.getItem(KEY)); } catch (e) { /* storage refused */ }
    if (saved) return saved;
    for (const code of navigator.languages || [navigator.language]) {
      if (ours(code)) return ours(code);
    }
    return "en";
  }

  const lang = chosen();
  document.documentElement.lang = lang;
  document.cookie = `${COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Strict`;

  window.t = function t(text, vars) {
    const own = Object.prototype.hasOwnProperty.call(messages, text) && messages[text]
      ? messages[text] : text;
    return own.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  };

  // A seat's name as stored, in the reader's words: the computer's are stored in English
  // ("computer (search)", also in records), and a seat without a name is "anonymous".
  window.personName = function personName(name) {
    if (!name) return window.t("anonymous");
    const m = /^computer \(([\w-]+)\)$/.exec(name);
    return m ? window.t("computer ({player})", {player: m[1]}) : name;
  };

  const collapse = (text) => text.replace(/\s+/g, " ").trim();

  // The marked text of root (the page, or a part added later) in the reader's language.
  function translate(root) {
    root.querySelectorAll("[data-i18n]").forEach((el) => {
      if (!el.dataset.i18n) el.dataset.i18n = collapse(el.textContent);  // the English, kept
      if (el.dataset.i18n) el.textContent = window.t(el.dataset.i18n);
    });
    root.querySelectorAll("[data-i18n-attr]").forEach((el) => {
      for (const name of el.dataset.i18nAttr.split(",").map((s) => s.trim())) {
        const key = `i18nOrig${name.replace(/[^a-z]/gi, "")}`;
        if (!(key in el.dataset) && el.hasAttribute(name)) {
          el.dataset[key] = collapse(el.getAttribute(name));
        }
        if (el.dataset[key]) el.setAttribute(name, window.t(el.dataset[key]));
      }
    });
  }
  window.i18nTranslate = translate;

  function languageSwitch() {
    const slot = document.getElementById("language-slot");
    if (!slot) return;
    const label = document.createElement("label");
    label.className = "language";
    const select = document.createElement("select");
    select.id = "language";
    for (const [code, name] of Object.entries(NAMES)) {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      option.selected = code === lang;
      select.append(option);
    }
    select.addEventListener("change", () => {
      try { localStorage.setItem(KEY, select.value); } catch (e) { /* storage refused */ }
      document.cookie = `${COOKIE}=${select.value}; path=/; max-age=31536000; SameSite=Strict`;
      location.reload();
    });
    label.append(window.t("Language") + " ", select);
    slot.replaceChildren(label);
  }

  async function load() {
    if (lang !== "en") {
      try {
        const res = await fetch(`/api/messages/${lang}`);
        if (res.ok) messages = await res.json();
      } catch (e) { /* not reachable: the page stays in English */ }
    }
    translate(document);
    languageSwitch();
  }

  window.i18nReady = load();
})();
