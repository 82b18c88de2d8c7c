// The page's words in the reader's language. Every string the page writes goes through
// t("English text with {name} placeholders", {name: value}).
"use strict";

window.t = function t(text, vars) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
};
