// The browser table: a small router over the pages the server serves from index.html.
import { h, clear } from "./dom.js";
import { initI18n, t, LANGUAGES, getLang, setLang } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { renderMatch } from "./table.js";
import { renderReplay } from "./replay.js";
import { showHelp } from "./help.js";

const app = document.getElementById("app");
let cleanup = null;

export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  const el = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, message),
    h("button", { class: "toast-close", "aria-label": "close", onclick: () => el.remove() }, "×"));
  box.append(el);
  setTimeout(() => el.classList.add("fade"), kind === "error" ? 7000 : 3500);
  setTimeout(() => el.remove(), kind === "error" ? 7600 : 4100);
}

export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

export function header(extra = [], game = null) {
  const select = h("select", {
    class: "lang-select", "aria-label": t("ui.language"), "data-testid": "lang",
    onchange: (e) => setLang(e.target.value),
  }, LANGUAGES.map((l) => h("option", { value: l.code, selected: l.code === getLang() }, l.name)));
  return h("header", { class: "topbar" },
    h("a", { class: "brand", href: "/", onclick: (e) => { e.preventDefault(); navigate("/"); } },
      h("span", { class: "brand-mark" }), h("span", { class: "brand-name" }, "Monolith")),
    h("div", { class: "topbar-mid" }, extra),
    h("div", { class: "topbar-right" },
      h("button", { class: "btn ghost", "data-testid": "help", title: t("ui.rules_help"),
        onclick: () => showHelp(game) }, "? ", t("ui.rules")),
      select));
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clear(app);
  app.className = "";
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "join" && parts.length >= 3) cleanup = renderMatch(app, parts[1], Number(parts[2]));
  else if (parts[0] === "watch" && parts.length >= 2) cleanup = renderMatch(app, parts[1], null);
  else if (parts[0] === "replay" && parts.length >= 2) cleanup = renderReplay(app, parts[1]);
  else cleanup = renderLobby(app);
}

window.addEventListener("popstate", route);
window.monolith = { navigate };

initI18n().then(() => {
  route();
}).catch((e) => {
  app.textContent = `Could not start: ${e}`;
});
