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
// `suggest(action, seat, label)` (the coach's choice shown; `label` its words, for a page that draws it so), `suggestLine(steps)` (the coach's line after it,
// numbered), `preselect(action)` (the hinted move chosen, one press away; `null` takes it back), `describe(action)`,
// `playerExtra(seat)` and `resultExtra()` (beside a player's name, under the result). The module
// may also export `shortcuts`, the message ids of the keys its table answers to (the shortcuts
// panel lists them).
//
// The games list also gives each game's `glossary` (the terms its words explain), which the rules
// help lists, and the order the lobby and the help name the games in.
import { api } from "./api.js";
import { createGeneric } from "./generic.js";

const TABLES = {};
const SHORTCUTS = {};
let GAMES = [];
let listing = null;

// The games list, asked for once (again after a failure); gameNames() and glossaryOf() read it.
export function listGames() {
  listing ??= api("GET", "/api/games").then((games) => { GAMES = games; return games; });
  listing.catch(() => { listing = null; });
  return listing;
}

// Loads every installed game's page module once, before the first page is drawn (app.js).
export async function loadTables() {
  const games = await listGames();
  await Promise.all(games.filter((g) => g.page).map(async (g) => {
    try {
      const module = await import(g.page);
      TABLES[g.name] = module.createTable;
      SHORTCUTS[g.name] = module.shortcuts || [];
    } catch (e) {
      console.error(`the table of ${g.name} did not load (${g.page}):`, e);
    }
  }));
}

export function tableFor(game) {
  return TABLES[game] || createGeneric;
}

// The message ids of the keys `game`'s table answers to (none for the generic table).
export function shortcutsFor(game) {
  return SHORTCUTS[game] || [];
}

// Every installed game's name, in the games list's order (empty until loadTables answered).
export function gameNames() {
  return GAMES.map((g) => g.name);
}

// The glossary terms of `game` (names of `glossary-<term>` in its words).
export function glossaryOf(game) {
  return GAMES.find((g) => g.name === game)?.glossary || [];
}
