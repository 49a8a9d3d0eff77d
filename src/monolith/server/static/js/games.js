// The one registry of the games' tables: a game's name -> the function that draws its table (live
// and in replays). Each game's page module lives in its own folder (games/<game>/web/view.js,
// exporting createTable); the server's games list names where it is served (`page`), so no game
// is named here. A game without one, or whose module did not load, gets the generic table (its
// view and actions as a list).
//
// createTable(container, ctx) draws into `container`; `ctx` gives `seat` (null for a spectator or
// a replay), `act(actionId)` (resolves false when refused), `say(message)` (a server message in
// the reader's words), `seatName(seat)` and the current `payload`. It returns the table:
// `update(payload)`, and where it has them `rerender()` (the language changed), `destroy()`,
// `suggest(action)` (the coach's choice shown), `suggestLine(steps)` (the coach's line after it,
// numbered), `preselect(action)` (the hinted move chosen, one press away), `describe(action)`,
// `playerExtra(seat)` and `resultExtra()` (beside a player's name, under the result).
import { api } from "./api.js";
import { createGeneric } from "./generic.js";

const TABLES = {};

// Loads every installed game's page module once, before the first page is drawn (app.js).
export async function loadTables() {
  const games = await api("GET", "/api/games");
  await Promise.all(games.filter((g) => g.page).map(async (g) => {
    try {
      TABLES[g.name] = (await import(g.page)).createTable;
    } catch (e) {
      console.error(`the table of ${g.name} did not load (${g.page}):`, e);
    }
  }));
}

export function tableFor(game) {
  return TABLES[game] || createGeneric;
}
