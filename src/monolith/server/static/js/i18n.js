// Every word on the page, in the reader's language, with Project Fluent (@fluent/bundle, vendored):
// the server sends at /api/i18n/{lang} the pages' own words (server/messages) and the games' (their
// tables' words, log lines, menu entries, names of pieces, spaces and cards). English stands behind
// every other language for anything missing. The language choice is remembered.
import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "ru", name: "Русский" },
];
const KEY = "monolith.lang";
let lang = "en";
let bundle = null;
let english = null;
const listeners = new Set();
const cache = new Map();

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.some((l) => l.code === nav) ? nav : "en";
}

async function text(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load ${url}: ${res.status}`);
  return res.text();
}

async function load(code) {
  if (!cache.has(code)) {
    cache.set(code, (async () => {
      const b = new FluentBundle(code, { useIsolating: false });
      const errors = b.addResource(new FluentResource(await text(`/api/i18n/${code}`)));
      for (const e of errors) console.warn(`i18n ${code}:`, e.message);
      return b;
    })());
  }
  try {
    return await cache.get(code);
  } catch (e) {
    cache.delete(code);
    throw e;
  }
}

export async function initI18n() {
  english = await load("en");
  await setLang(initial(), false);
}

export async function setLang(code, notify = true) {
  bundle = code === "en" ? english : await load(code);
  lang = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  if (notify) for (const fn of [...listeners]) fn(code); // a copy: a listener may re-subscribe
}

export function getLang() {
  return lang;
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Most of the pages' calls name a message with dots ("table.your_turn"), the rest as Fluent
// does ("mono-ring"); Fluent ids have dashes where those have dots, so t() and has() read each
// dot as a dash (an attribute is asked for apart: has(key, attr)).
const fluentId = (key) => key.replaceAll(".", "-");

function lookup(id) {
  const [name, attr] = id.split(".", 2);
  for (const b of [bundle, english]) {
    const m = b?.getMessage(name);
    if (!m) continue;
    const pattern = attr ? m.attributes[attr] : m.value;
    if (pattern) return { b, pattern };
  }
  return null;
}

function format(id, args) {
  const found = lookup(id);
  if (!found) return null;
  const errors = [];
  const out = found.b.formatPattern(found.pattern, args, errors);
  if (errors.length) console.warn(`i18n ${lang}: ${id}:`, errors[0].message);
  return out;
}

// has("structure-10"), has("structure-10", "text"): whether the words exist (here or in English).
export function has(key, attr = null) {
  return lookup(attr ? `${fluentId(key)}.${attr}` : fluentId(key)) !== null;
}

// t("table.player_n", { n: 3 }): one of the page's messages, in the chosen language.
export function t(key, params = {}) {
  return format(fluentId(key), params) ?? key;
}

function attributes(id) {
  for (const b of [bundle, english]) {
    const m = b?.getMessage(id);
    if (m) return Object.keys(m.attributes);
  }
  return [];
}

// A message from the server ({id, args}) in words for a reader: a player argument becomes their
// name, with `<arg>_you` "yes" when it is the reader; a content argument ({kind, id}) becomes the
// name `<kind>-<id>`, with each attribute of that name as `<arg>_<attribute>`.
export function fmt(message, { reader = null, names = [] } = {}) {
  if (!message) return "";
  const args = {};
  for (const [key, value] of Object.entries(message.args || {})) {
    if (value && typeof value === "object") {
      if (value.kind === "player") {
        args[key] = names[value.id] ?? String(value.id + 1);
        args[`${key}_you`] = value.id === reader ? "yes" : "no";
      } else {
        const id = `${value.kind}-${value.id}`;
        args[key] = format(id, {}) ?? String(value.id);
        for (const attr of attributes(id)) args[`${key}_${attr}`] = format(`${id}.${attr}`, {}) ?? "";
      }
    } else {
      args[key] = value;
    }
  }
  return format(message.id, args) ?? message.id;
}

// The words for a piece of printed content by its kind and key ("space", "glass-quarry").
export function named(kind, id, attr = null) {
  return format(attr ? `${kind}-${id}.${attr}` : `${kind}-${id}`, {}) ?? String(id);
}
