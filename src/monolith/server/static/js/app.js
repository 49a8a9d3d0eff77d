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

// The games' own tables load from the start, beside the words; the lobby does not wait for them,
// a table or a replay does.
const tables = loadTables();
tables.catch(() => {}); // the lobby says so itself when the games do not come; a table, below

function couldNotStart(e) {
  app.textContent = `Could not start: ${e}`;
}

// A page drawn once the games' tables are in; leaving it before then draws nothing.
function afterTables(start) {
  let stop = null;
  let left = false;
  tables.then(() => { if (!left) stop = start(); }).catch(couldNotStart);
  return () => { left = true; stop?.(); };
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clear(app);
  app.className = "";
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const invite = Boolean(history.state?.invite);
  if (invite) history.replaceState({}, "");  // a reload later shows the table as usual
  if (parts[0] === "join" && parts.length >= 3) cleanup = afterTables(() => renderMatch(app, parts[1], Number(parts[2]), { invite }));
  else if (parts[0] === "watch" && parts.length >= 2) cleanup = afterTables(() => renderMatch(app, parts[1], null, { invite }));
  else if (parts[0] === "replay" && parts.length >= 2) cleanup = afterTables(() => renderReplay(app, parts[1]));
  else cleanup = renderLobby(app);
}

window.addEventListener("popstate", route);

initI18n().then(() => {
  route();
}).catch(couldNotStart);
