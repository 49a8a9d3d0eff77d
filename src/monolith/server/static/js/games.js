// The one registry of the games' tables: a game's name -> the module that draws its table (live
// and in replays); a game without its own gets the generic one (its view and actions as a list).
import { createMonolyth } from "./monolyth.js";
import { createTheMonolith } from "./the_monolith.js";
import { createGeneric } from "./generic.js";

const TABLES = { monolyth: createMonolyth, "the-monolith": createTheMonolith };

export function tableFor(game) {
  return TABLES[game] || createGeneric;
}
