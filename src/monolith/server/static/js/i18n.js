// UI strings: JSON dictionaries under /static/i18n/, a remembered language choice.
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "ru", name: "Русский" },
];
const KEY = "monolith.lang";
let lang = "en";
let dict = {};
let fallback = {};
const listeners = new Set();

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.some((l) => l.code === nav) ? nav : "en";
}

async function load(code) {
  const res = await fetch(`/static/i18n/${code}.json`);
  if (!res.ok) throw new Error(`no dictionary for ${code}`);
  return res.json();
}

export async function initI18n() {
  fallback = await load("en");
  await setLang(initial(), false);
}

export async function setLang(code, notify = true) {
  dict = code === "en" ? fallback : await load(code);
  lang = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  if (notify) for (const fn of listeners) fn(code);
}

export function getLang() {
  return lang;
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// t("key", {n: 3}) -> the string with {n} filled in; plural forms as "key.one"/"key.few"/"key.many".
export function t(key, params = {}) {
  let s = dict[key] ?? fallback[key];
  if (s === undefined && typeof params.n === "number") {
    const form = new Intl.PluralRules(lang).select(params.n);
    s = dict[`${key}.${form}`] ?? dict[`${key}.other`] ?? fallback[`${key}.${form === "one" ? "one" : "other"}`];
  }
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}
