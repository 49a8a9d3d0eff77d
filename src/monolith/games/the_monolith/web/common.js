// What every part of The Monolith's table draws with (the map, the decision panel, the panels
// around them): the reader's words, the names of cards, the seats' colours, a heart, a stepper.
import { h, svg } from "/static/js/dom.js";
import { t as words, named, has } from "/static/js/i18n.js";

export const PCOL = (p) => `var(--p${p})`;
export const ZONE_NAMES = ["slay", "maneuver", "boast"];
export const AUTO_KEY = "monolith.tm.auto_forced";
// On a phone the map is drawn at about half size: names, units and badges a little larger.
export const PHONE = window.matchMedia("(max-width: 600px)");
// A screen pressed with a finger (no fine pointer): the hints say "tap", as Monolyth's do.
const TOUCH = window.matchMedia("(pointer: coarse)");

// A message in the reader's words; on a touch screen its `_touch` form where it has one.
export function t(key, args = {}) {
  return words(TOUCH.matches && has(`${key}_touch`) ? `${key}_touch` : key, args);
}

// Names and texts of spaces and cards come from the games' messages, in the reader's language;
// the view names cards and spaces by key ("divinations" in the view is "divination" here).
const SINGULAR = { divinations: "divination", events: "event", objectives: "objective", shamans: "shaman" };
export function cardName(kind, key) {
  if (key === null || key === undefined) return "—";
  return named(SINGULAR[kind] || kind, key);
}
export function cardText(kind, key) {
  if (key === null || key === undefined) return "";
  return named(SINGULAR[kind] || kind, key, "text");
}

export function centroid(poly) {
  let x = 0, y = 0;
  for (const [px, py] of poly) { x += px; y += py; }
  return [x / poly.length, y / poly.length];
}

export function heartIcon(x, y, r, fill) {
  const d = `M ${x} ${y + r * 0.9} C ${x - r * 1.6} ${y - r * 0.2}, ${x - r * 0.6} ${y - r * 1.3}, ${x} ${y - r * 0.35} C ${x + r * 0.6} ${y - r * 1.3}, ${x + r * 1.6} ${y - r * 0.2}, ${x} ${y + r * 0.9} Z`;
  return svg("path", { d, fill, stroke: "#111", "stroke-width": 0.7 });
}

export function remembered(key, fallback) {
  const saved = localStorage.getItem(key);
  return saved === null ? fallback : saved === "1";
}

// A number with − and + buttons; the value can be typed as well.
export function stepper({ value, min, max, label, testid, onChange }) {
  const set = (x) => {
    const y = Math.max(min, Math.min(max, Number.isFinite(x) ? x : min));
    if (y !== value) onChange(y);
  };
  return h("span", { class: "stepper", role: "group", "aria-label": label, "data-testid": testid },
    h("button", { class: "btn small step-btn", type: "button", "aria-label": t("tm.map.less"), title: t("tm.map.less"), disabled: value <= min,
      "data-focus": `${testid}-less`, "data-testid": `${testid}-less`, onclick: () => set(value - 1) }, "−"),
    h("input", { class: "step-value", type: "number", min, max, value, "aria-label": label, "data-focus": `${testid}-value`,
      "data-testid": `${testid}-value`, onchange: (e) => set(Math.round(Number(e.target.value))) }),
    h("button", { class: "btn small step-btn", type: "button", "aria-label": t("tm.map.more"), title: t("tm.map.more"), disabled: value >= max,
      "data-focus": `${testid}-more`, "data-testid": `${testid}-more`, onclick: () => set(value + 1) }, "+"));
}
