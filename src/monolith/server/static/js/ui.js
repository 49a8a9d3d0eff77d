// What every page of the browser table shares: the top bar, toasts, the confirm dialog, going to
// another page, and refusals put into the reader's words. It imports no page module, so the pages
// (lobby, table, replay, coach) and the router (app.js) import it without an import cycle.
import { h, keepTabInside } from "./dom.js";
import { t, fmt, has, LANGUAGES, getLang, setLang, onLangChange } from "./i18n.js";
import { showHelp } from "./help.js";

// On a phone the toasts stack under the top bar, which wraps to more lines in some languages and
// changes with the page (a toast from the lobby outlives it): followed frame by frame while any
// toast shows, so that they never hide the turn badge.
let following = 0;
function followTopBar() {
  const box = document.getElementById("toasts");
  cancelAnimationFrame(following);
  if (!box.children.length) return;
  const bar = document.querySelector(".topbar");
  const below = `${Math.ceil(bar ? bar.getBoundingClientRect().bottom : 0)}px`;
  if (box.style.getPropertyValue("--below-bar") !== below) box.style.setProperty("--below-bar", below);
  following = requestAnimationFrame(followTopBar);
}

// On a phone the top bar takes two rows (upright) or a seventh of the screen (turned on its side):
// it tucks away while the page scrolls down, so that it never sits over the ring, the map or the
// board being read, and comes back on any scroll up, near the top, when the turn becomes the
// reader's, and while their own clock runs low.
const narrow = window.matchMedia("(max-width: 820px), (max-height: 500px)");
let lastScroll = window.scrollY;
export function revealTopBar() {
  document.querySelector(".topbar")?.classList.remove("tucked");
}
window.addEventListener("scroll", () => {
  const bar = document.querySelector(".topbar");
  const y = window.scrollY;
  const delta = y - lastScroll;
  lastScroll = y;
  if (!bar) return;
  const keep = !narrow.matches || y <= bar.offsetHeight || bar.querySelector(".clock.low.mine") !== null;
  if (keep || delta < -4) bar.classList.remove("tucked");
  else if (delta > 4) bar.classList.add("tucked");
}, { passive: true });
narrow.addEventListener("change", revealTopBar);
// A control of the bar reached by the keyboard (Tab) shows: never focus on something out of sight.
document.addEventListener("focusin", (e) => { if (e.target.closest?.(".topbar")) revealTopBar(); });

// A short message in the corner. `detail` (the server's English sentence, which numbers seats from
// 0) goes to the console for developers, never to a tooltip a player reads.
// `message` may be a function that words it: the toast then follows a change of language while it
// shows (a string stays as it was written).
export function toast(message, kind = "error", detail = "") {
  const box = document.getElementById("toasts");
  const say = typeof message === "function" ? message : () => message;
  const text = h("span", { class: "toast-text" }, say());
  const close = h("button", { class: "toast-close", "aria-label": t("ui.close"), title: t("ui.close"), onclick: () => el.remove() },
    h("span", { "aria-hidden": "true" }, "×"));
  const el = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : null }, text, close);
  if (detail) console.info(`toast detail: ${detail}`);
  const off = onLangChange(() => {
    if (!el.isConnected) { off(); return; }
    text.textContent = say();
    close.setAttribute("aria-label", t("ui.close"));
    close.title = t("ui.close");
  });
  box.append(el);
  followTopBar();
  setTimeout(() => el.classList.add("fade"), kind === "error" ? 7000 : 3500);
  setTimeout(() => { el.remove(); off(); }, kind === "error" ? 7600 : 4100);
}

// Takes away the toasts of a kind: an error that a later success answered (a refused name, then
// the seat taken with another) no longer stands in the corner.
export function dismissToasts(kind = "error") {
  document.querySelectorAll(`#toasts .toast.${kind}`).forEach((el) => el.remove());
  followTopBar();
}

// A refusal in the reader's words, by its stable code (and params, which may name players); the
// server's English sentence stays a detail for whoever wants it.
export function refusalText(error, { reader = null, names = [] } = {}) {
  const id = `error-${error?.code || "unknown"}`;
  return has(id) ? fmt({ id, args: error.params || {} }, { reader, names }) : t("error-unknown");
}

// Ask before something that cannot be undone at once, in the page's own words (a native confirm
// would speak the browser's language). Resolves true for the confirming button.
export function confirmDialog({ title, body, ok, cancel = t("ui.cancel") }) {
  const opener = document.activeElement;
  return new Promise((resolve) => {
    const done = (answer) => {
      document.removeEventListener("keydown", onKey, true);
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    };
    const onKey = (e) => {
      if (e.key === "Escape") { e.stopPropagation(); done(false); }
      else keepTabInside(dialog, e);
    };
    const cancelButton = h("button", { class: "btn", "data-testid": "confirm-cancel", onclick: () => done(false) }, cancel);
    const okButton = h("button", { class: "btn primary", "data-testid": "confirm-ok", onclick: () => done(true) }, ok);
    const dialog = h("div", { class: "modal-backdrop", "data-testid": "confirm-dialog", onclick: (e) => { if (e.target === dialog) done(false); } },
      h("div", { class: "panel confirm-body", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text" },
        h("h2", { id: "confirm-title" }, title),
        h("p", { id: "confirm-text" }, body),
        h("div", { class: "row confirm-buttons" }, cancelButton, okButton)));
    document.body.append(dialog);
    document.addEventListener("keydown", onKey, true);
    cancelButton.focus();
  });
}

// Go to a page of the table; `state` travels with the history entry (e.g. {invite: true} to open
// the invitations on a fresh table).
// (app.js routes on the popstate event, as on the browser's back and forward: this module
// imports no page, so that no page imports itself back through it.)
export function navigate(path, state = {}) {
  history.pushState(state, "", path);
  window.dispatchEvent(new PopStateEvent("popstate", { state }));
}

export function header(extra = [], game = null) {
  const select = h("select", {
    class: "lang-select", "aria-label": t("ui.language"), "data-testid": "lang",
    onchange: (e) => setLang(e.target.value),
  }, LANGUAGES.map((l) => h("option", { value: l.code, selected: l.code === getLang() }, l.name)));
  return h("header", { class: "topbar" },
    h("a", { class: "brand", href: "/", onclick: (e) => { e.preventDefault(); navigate("/"); } },
      h("span", { class: "brand-mark", "aria-hidden": "true" }), h("span", { class: "brand-name" }, "Monolith")),
    h("div", { class: "topbar-mid" }, extra),
    h("div", { class: "topbar-right" },
      h("button", { class: "btn ghost", "data-testid": "help", title: t("ui.rules_help"),
        onclick: () => showHelp(game) }, h("span", { "aria-hidden": "true" }, "? "), t("ui.rules")),
      select));
}
