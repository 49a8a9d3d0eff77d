// The browser table: a small router over the pages the server serves from index.html (what
// every page shares is in ui.js).
import { clear } from "./dom.js";
import { initI18n } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { renderMatch } from "./table.js";
import { renderReplay } from "./replay.js";
import { loadTables } from "./games.js";

const app = document.getElementById("app");
let cleanup = null;

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clear(app);
  app.className = "";
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const invite = Boolean(history.state?.invite);
  if (invite) history.replaceState({}, "");  // a reload later shows the table as usual
  if (parts[0] === "join" && parts.length >= 3) cleanup = renderMatch(app, parts[1], Number(parts[2]), { invite });
  else if (parts[0] === "watch" && parts.length >= 2) cleanup = renderMatch(app, parts[1], null, { invite });
  else if (parts[0] === "replay" && parts.length >= 2) cleanup = renderReplay(app, parts[1]);
  else cleanup = renderLobby(app);
}

window.addEventListener("popstate", route);

Promise.all([initI18n(), loadTables()]).then(() => {
  route();
}).catch((e) => {
  app.textContent = `Could not start: ${e}`;
});
