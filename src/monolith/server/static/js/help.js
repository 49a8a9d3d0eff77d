// Rules help: a dialog with the essentials of the game and a glossary of its terms, in the
// chosen language (every installed game's, in the games list's order, when no game is open).
import { h, keepTabInside } from "./dom.js";
import { t, has, getLang, onLangChange } from "./i18n.js";
import { glossaryList } from "./glossary.js";
import { gameNames, glossaryOf, listGames } from "./games.js";

function paragraphs(text) {
  return text.split("\n").filter(Boolean).map((line) =>
    line.startsWith("# ") ? h("h3", {}, line.slice(2)) : line.startsWith("- ") ? h("li", {}, line.slice(2)) : h("p", {}, line));
}

// The terms of each game that has some (a game whose words explain none gets no heading).
function glossarySection(games) {
  const explained = games.filter((g) => glossaryOf(g).length);
  if (!explained.length) return null;
  return h("section", { "data-testid": "help-glossary" },
    h("h2", { class: "help-game" }, t("help.glossary")),
    explained.map((g) => [games.length > 1 ? h("h3", {}, t(`game.${g}`)) : null, glossaryList(glossaryOf(g), getLang())]));
}

let closeOpen = null;
let opener = null;

// Open (or reopen) the help; it follows a change of language while it is open.
export function showHelp(game) {
  if (!game && !gameNames().length) {  // asked for before the games list came: once it has
    listGames().catch(() => {}).then(() => { if (gameNames().length) showHelp(game); });
    return;
  }
  if (!closeOpen) opener = document.activeElement;
  closeOpen?.(true);
  const games = game ? [game] : gameNames();
  // The focus goes into the dialog and stays there while it is open (aria-modal), and comes
  // back to whatever opened it.
  const close = (reopening = false) => {
    dialog.remove();
    stopFollowing();
    document.removeEventListener("keydown", onKey);
    closeOpen = null;
    if (!reopening && opener?.isConnected) opener.focus();
  };
  const onKey = (e) => { if (e.key === "Escape") close(); else keepTabInside(dialog, e); };
  const closeButton = h("button", { class: "toast-close help-close", "aria-label": t("ui.close"), "data-testid": "help-close", onclick: () => close() }, "×");
  const dialog = h("div", { class: "help-dialog", role: "dialog", "aria-modal": "true", "data-testid": "help-dialog", onclick: (e) => { if (e.target === dialog) close(); } },
    h("div", { class: "panel help-body" },
      closeButton,
      h("h2", {}, t("ui.rules_help")),
      games.map((g) => h("section", {}, h("h2", { class: "help-game" }, t(`game.${g}`)), paragraphs(t(`rules-${g}`)),
        has(`help-table-${g}`) ? paragraphs(t(`help-table-${g}`)) : null)),
      glossarySection(games),
      h("section", {}, paragraphs(t("help.table")))));
  document.body.append(dialog);
  document.addEventListener("keydown", onKey);
  closeButton.focus();
  const stopFollowing = onLangChange(() => showHelp(game));
  closeOpen = close;
}
