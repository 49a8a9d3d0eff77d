// The live log's runs (log_runs.js): moves alike once with ×N, on a log saved from a real server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, staticModule } from "./load.mjs";

const { runs } = await staticModule("log_runs.js");

const deploy = (index, seat, source, space = "westhold") => ({
  index, seat, by_bot: false,
  lines: [{ id: "tm-log-deploy", args: { actor: { kind: "player", id: seat }, space: { kind: "space", id: space }, source } }],
});

test("a seat's deployments from two sources, interleaved, read once each with how many", () => {
  const log = [deploy(0, 2, "reserves"), deploy(1, 2, "anger"), deploy(2, 2, "reserves"), deploy(3, 2, "anger"), deploy(4, 2, "reserves")];
  const shown = runs(log, true);
  assert.deepEqual(shown.map((r) => [r.e.lines[0].args.source, r.times]), [["reserves", 3], ["anger", 2]]);
  assert.deepEqual(shown.map((r) => r.e.index), [4, 3], "each run told by its last entry");
});

test("another seat or another kind of move between them keeps runs apart", () => {
  const bid = { index: 2, seat: 2, by_bot: false, lines: [{ id: "tm-log-bid", args: {} }] };
  const log = [deploy(0, 2, "reserves"), deploy(1, 1, "reserves"), deploy(3, 2, "reserves"), bid, deploy(4, 2, "reserves")];
  assert.deepEqual(runs(log, true).map((r) => r.times), [1, 1, 1, 1, 1]);
});

test("a replay (no merge) keeps one entry per move", () => {
  const log = [deploy(0, 2, "reserves"), deploy(1, 2, "reserves")];
  assert.equal(runs(log, false).length, 2);
});

test("a real log: every move is told by exactly one run, and runs only join moves alike", () => {
  const log = fixture("the-monolith-recruit").log;
  const said = log.filter((e) => e.lines?.length);
  const shown = runs(log, true);
  assert.equal(shown.reduce((n, r) => n + r.times, 0), said.length);
  const last = new Set(shown.map((r) => r.e.index));
  assert.equal(last.size, shown.length);
});
