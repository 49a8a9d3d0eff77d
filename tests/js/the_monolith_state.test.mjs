// The Monolith table's selection and plan (games/the_monolith/web/state.js) on payloads saved from a real
// server: what a click on each space or unit does, as data the page words and runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, gameModule } from "./load.mjs";

const { createTmState, pickFrom, STEPPED } = await gameModule("the_monolith", "state.js");

function table(name, seat = null) {
  const payload = fixture(name);
  const st = createTmState(seat ?? payload.seat);
  st.update(payload);
  return { payload, st, v: payload.view };
}
const ids = (hint) => hint.map((part) => part.id ?? part.label?.id ?? part.cost);

test("order: every space a group can march from is offered, picking its largest group", () => {
  const { payload, st } = table("the-monolith-order");
  const marches = payload.legal_actions.filter((a) => a.action.kind === "march");
  const from = new Set(marches.map((a) => a.action.space));
  const plan = st.plan();
  for (const s of from) {
    const n = Math.max(...marches.filter((a) => a.action.space === s).map((a) => a.action.warriors));
    assert.deepEqual(plan.units.get(`${s}:${payload.seat}:w`).go, { select: { kind: "group", space: s, n } });
    assert.ok(plan.spaces.has(s));
  }
  const home = st.shamanSpace(payload.seat);
  assert.deepEqual(plan.units.get(`${home}:${payload.seat}:s`).go, { select: { kind: "shaman" } });
  assert.equal(plan.here, null);
});

test("order: a chosen group's neighbours cost a heart and march it there in one gesture", () => {
  const { payload, st, v } = table("the-monolith-order");
  const start = payload.legal_actions.find((a) => a.action.kind === "march");
  const { space, warriors } = start.action;
  st.select({ kind: "group", space, n: warriors });
  const plan = st.plan();
  assert.equal(plan.here, space);
  assert.deepEqual(plan.spaces.get(space).go, { select: null });
  assert.deepEqual([...plan.spaces.keys()].filter((s) => s !== space).sort(), [...v.spaces[space].adjacent].sort());
  for (const to of v.spaces[space].adjacent) {
    const entry = plan.spaces.get(to);
    assert.equal(entry.badge, "heart");
    assert.deepEqual(ids(entry.hint), ["tm.map.do_march", "heart"]);
    assert.deepEqual(entry.hint[0].args, { n: warriors, to: { space: to } });
    assert.equal(entry.hint[1].hearts, v.seats[payload.seat].available);
    assert.deepEqual(entry.go.gesture, [{ id: start.id }, { kind: "step", fields: { space: to } }]);
    assert.equal(pickFrom(payload.legal_actions, entry.go.gesture[0]), start);
  }
});

test("the group's size stays within what can march from its space", () => {
  const { payload, st } = table("the-monolith-order");
  const space = payload.legal_actions.find((a) => a.action.kind === "march").action.space;
  const max = st.groupMax(space);
  st.select({ kind: "group", space, n: max });
  st.nudge(+1);
  assert.equal(st.sel.n, max);
  st.setGroup(0);
  assert.equal(st.sel.n, 1);
});

test("march: each legal step is a target with the step's cost; nothing else is", () => {
  const { payload, st, v } = table("the-monolith-march");
  const plan = st.plan();
  const steps = payload.legal_actions.filter((a) => a.action.kind === "step");
  assert.equal(plan.here, v.march.at);
  const kind = v.march.next_step === "free" ? "free" : "heart";
  for (const a of steps) {
    const entry = plan.spaces.get(a.action.space);
    assert.equal(entry.badge, kind);
    assert.deepEqual(entry.go, { gesture: [{ id: a.id }] });
    assert.deepEqual(entry.hint[0], { label: a.label, end: "." });
  }
  const others = [...plan.spaces.keys()].filter((s) => !steps.some((a) => a.action.space === s));
  assert.deepEqual(others, payload.legal_actions.some((a) => ["drop_off", "pick_up"].includes(a.action.kind)) ? [v.march.at] : []);
});

test("recruit: a deployment of as many as can come, fewer with −, from the preferred source first", () => {
  const { payload, st } = table("the-monolith-recruit");
  const max = st.deployMax();
  assert.ok(max >= 1);
  const space = payload.legal_actions.find((a) => a.action.kind === "deploy").action.space;
  let entry = st.plan().spaces.get(space);
  assert.equal(entry.count, max);
  assert.equal(entry.go.gesture.length, max);
  st.nudge(-1);
  entry = st.plan().spaces.get(space);
  assert.equal(entry.count, Math.max(1, max - 1));
  const pick = entry.go.gesture[0];
  for (const source of [0, 1]) {
    const wanted = payload.legal_actions.find((a) => a.action.kind === "deploy" && a.action.space === space && a.action.source === source);
    if (wanted) assert.equal(pickFrom(payload.legal_actions, pick, source), wanted);
  }
});

test("action: a unit that can maneuver is chosen, then its targets are the maneuvers' ends", () => {
  const { payload, st } = table("the-monolith-action");
  const maneuvers = payload.legal_actions.filter((a) => a.action.kind === "maneuver");
  const first = maneuvers[0].action;
  const key = `${first.from}:${payload.seat}:${first.shaman ? "s" : "w"}`;
  const entry = st.plan().units.get(key);
  assert.deepEqual(entry.go, { select: { kind: "maneuver", from: first.from, unit: first.shaman } });
  st.select(entry.go.select);
  const plan = st.plan();
  const ends = maneuvers.filter((a) => a.action.from === first.from && a.action.shaman === first.shaman);
  assert.deepEqual([...plan.spaces.keys()].sort(), [first.from, ...ends.map((a) => a.action.to)].sort());
  for (const a of ends) assert.deepEqual(plan.spaces.get(a.action.to).go, { gesture: [{ id: a.id }] });
});

test("action: slays are offered on the unit slain, boasts on their slots", () => {
  const { payload, st } = table("the-monolith-action");
  const plan = st.plan();
  for (const a of payload.legal_actions.filter((x) => x.action.kind === "slay")) {
    const key = `${a.action.space}:${a.action.player}:${a.action.shaman ? "s" : "w"}`;
    assert.deepEqual(plan.units.get(key).go, { gesture: [{ id: a.id }] });
  }
  for (const a of payload.legal_actions.filter((x) => x.action.kind === "boast")) {
    assert.deepEqual(plan.slots.get(a.action.space).go, { gesture: [{ id: a.id }] });
  }
});

test("another seat's decision offers nothing on the map", () => {
  const payload = fixture("the-monolith-order");
  const st = createTmState(payload.to_move === 0 ? 1 : 0);
  st.update(payload);
  assert.equal(st.mine(), false);
  const plan = st.plan();
  assert.equal(plan.spaces.size + plan.units.size + plan.slots.size, 0);
});

test("a new version drops the selection and the counts", () => {
  const { payload, st } = table("the-monolith-order");
  st.select({ kind: "shaman" });
  st.setCount(STEPPED.bid({ slot: 0 }), 2);
  assert.equal(st.update(payload), false);
  assert.deepEqual(st.sel, { kind: "shaman" });
  assert.equal(st.update(fixture("the-monolith-march")), true);
  assert.equal(st.sel, null);
  assert.deepEqual(st.counts, {});
});

test("a maneuver's unit refuses, with the reason, a space behind a wall or out of reach", () => {
  const { payload, st, v } = table("the-monolith-action");
  const walls = v.borders.filter((b) => b.kind !== "dashed");
  const maneuvers = payload.legal_actions.filter((a) => a.action.kind === "maneuver");
  const walled = maneuvers.find((a) => walls.some((b) => b.a === a.action.from || b.b === a.action.from)) ?? maneuvers[0];
  const { from, shaman } = walled.action;
  st.select({ kind: "maneuver", from, unit: shaman });
  const plan = st.plan();
  const behind = walls.filter((b) => b.a === from || b.b === from).map((b) => (b.a === from ? b.b : b.a)).filter((s) => v.spaces[s].exists);
  for (const s of behind) assert.deepEqual(ids(plan.refused.get(s)), ["tm.map.behind_wall"]);
  for (const [s, why] of plan.refused) {
    assert.ok(!plan.spaces.has(s), "a target is never refused");
    assert.ok(!v.spaces[from].adjacent.includes(s));
    assert.deepEqual(why[0].args, { from: { space: from }, to: { space: s } });
    if (!behind.includes(s)) assert.deepEqual(ids(why), ["tm.map.not_adjacent"]);
  }
  const far = v.spaces.filter((s) => s.exists && s.index !== from && !v.spaces[from].adjacent.includes(s.index));
  assert.equal(plan.refused.size, far.length);
  st.select(null);
  assert.equal(st.plan().refused.size, 0);
});
