// Tiny DOM helpers: h() builds HTML elements, svg() builds SVG elements.
const SVGNS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, isSvg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "style" && typeof v === "object") setStyles(el.style, v);
    // Style text goes through the CSSOM: the server's Content-Security-Policy blocks inline
    // style attributes (setAttribute("style", ...)), not element.style.
    else if (k === "style") el.style.cssText = String(v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k === "html" && !isSvg) el.innerHTML = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  if (!isSvg) nameIconButton(el);
  return el;
}

// Custom properties ("--pc") are not properties of the style object: assigning them is silently
// ignored, so they go through setProperty; the others are assigned as usual.
function setStyles(style, values) {
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith("--")) style.setProperty(name, String(value));
    else style[name] = value;
  }
}

// A button showing only a symbol (⟲, ▶, ×) is named by its tooltip for screen readers, which
// would otherwise read the symbol or nothing.
const WORDS = /[\p{L}\p{N}]/u;
function nameIconButton(el) {
  if (el.tagName !== "BUTTON" || el.hasAttribute("aria-label") || !el.title) return;
  if (!WORDS.test(el.textContent)) el.setAttribute("aria-label", el.title);
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children, true);
}

const FOCUSABLE = 'button, [href], input, select, summary, [tabindex]:not([tabindex="-1"])';

// For a modal dialog's keydown: Tab from its last stop wraps to its first (Shift+Tab the other
// way), and a focus found outside it comes back in; the focus never reaches the page behind.
export function keepTabInside(dialog, e) {
  if (e.key !== "Tab") return;
  const stops = [...dialog.querySelectorAll(FOCUSABLE)];
  const edge = e.shiftKey ? stops[0] : stops[stops.length - 1];
  if (document.activeElement === edge || !dialog.contains(document.activeElement)) {
    e.preventDefault();
    (e.shiftKey ? stops[stops.length - 1] : stops[0]).focus();
  }
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// Colours of Monolyth pieces. (Seats' colours are the CSS custom properties --p0 … --p4 of
// table.css, their one source in the browser: drawings use `var(--pN)`.)
export const PIECE_COLOURS = {
  blue: "#3d7fd9",
  orange: "#ec8a3c",
  black: "#3a3d46",
  teal: "#27b3a3",
  white: "#ece7da",
};

export function shade(hex, factor) {
  const n = parseInt(hex.slice(1), 16);
  let r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  const f = (c) => Math.max(0, Math.min(255, Math.round(factor >= 1 ? c + (255 - c) * (factor - 1) : c * factor)));
  r = f(r); g = f(g); b = f(b);
  return "#" + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1);
}
