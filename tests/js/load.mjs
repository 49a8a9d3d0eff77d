// Shared by the Node tests of the pages' state parts: the static modules and the saved payloads.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// A state payload saved from a real server (tests/js/fixtures/capture.py), fresh each call.
export function fixture(name) {
  return JSON.parse(readFileSync(here(`./fixtures/${name}.json`), "utf8"));
}

// A page module the table shares (src/monolith/server/static/js).
export function staticModule(name) {
  return import(new URL(`../../src/monolith/server/static/js/${name}`, import.meta.url).href);
}

// A page module of one game's table, in the game's folder (src/monolith/games/<game>/web).
export function gameModule(game, name) {
  return import(new URL(`../../src/monolith/games/${game}/web/${name}`, import.meta.url).href);
}
