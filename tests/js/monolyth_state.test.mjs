// The Monolyth table's selection (games/monolyth/web/state.js) on payloads saved from a real server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, gameModule } from "./load.mjs";

const { createSelection, normalise, shapeKey, sameCol, actionCells, RING } = await gameModule("monolyth", "state.js");

const ALL_COLUMNS = [0, 1, 2, 3].flatMap((x) => [0, 1, 2, 3].map((y) => [x, y]));

function selected(name = "monolyth-place") {
  const payload = fixture(name);
  const sel = createSelection(payload.seat);
  sel.update(payload);
  return { payload, sel };
}

// A step of the ring whose piece has placements.
function placeStep(payload) {
  return payload.legal_actions.find((a) => a.action.type === "place").action.step;
}

test("choosing a piece lists its placements by orientation, each a shape of its own", () => {
  const { payload, sel } = selected();
  assert.equal(sel.myTurn(), true);
  const step = placeStep(payload);
  assert.deepEqual(sel.selectStep(step), { piece: step });
  assert.equal(sel.ui.step, step);
  assert.equal(sel.ui.mode, "place");
  const groups = sel.orientations();
  const places = payload.legal_actions.filter((a) => a.action.type === "place" && a.action.step === step);
  assert.equal(groups.flatMap((g) => g.actions).length, places.length);
  assert.equal(new Set(groups.map((g) => shapeKey(g.cells))).size, groups.length);
  for (const g of groups) for (const a of g.actions) assert.equal(shapeKey(normalise(a.action.cells)), shapeKey(g.cells));
  assert.equal(sel.ringPiece(step), payload.view.ring[(payload.view.crystal + step) % RING]);
});

test("a column before a piece is chosen says to choose a piece first", () => {
  const { sel } = selected();
  assert.deepEqual(sel.pickColumn([1, 1]), { note: "mono-pick-piece-first" });
  assert.equal(sel.ui.note, "mono-pick-piece-first");
  assert.equal(sel.ui.chosen, null);
});

test("clicking a column chooses a placement covering it, again the next one, with its position", () => {
  const { payload, sel } = selected();
  sel.selectStep(placeStep(payload));
  const col = ALL_COLUMNS.find((c) => sel.covering(c).length >= 2);
  const list = sel.covering(col);
  const first = sel.pickColumn(col).chose;
  assert.ok(actionCells(first).some((c) => sameCol(c, col)));
  assert.equal(sel.ui.chosen, first.id);
  const k = list.findIndex((a) => a.id === first.id);
  assert.deepEqual(sel.position(), { k: k + 1, n: list.length });
  const second = sel.pickColumn(col).chose;
  assert.equal(second.id, list[(k + 1) % list.length].id);
  assert.deepEqual(sel.position(), { k: ((k + 1) % list.length) + 1, n: list.length });
});

test("a column no placement covers is refused with its reason and changes nothing", () => {
  const payload = fixture("monolyth-place");
  const step = placeStep(payload);
  // The same state with every placement of that piece off a1: a click on a1 cannot fit it.
  payload.legal_actions = payload.legal_actions.filter((a) => !(a.action.type === "place" && a.action.cells.some((c) => sameCol(c, [0, 0]))));
  const sel = createSelection(payload.seat);
  sel.update(payload);
  sel.selectStep(step);
  assert.equal(sel.fittingColumns().has("0,0"), false);
  assert.deepEqual(sel.pickColumn([0, 0]), { note: "mono-no-fit" });
  assert.equal(sel.ui.chosen, null);
  assert.equal(sel.ui.anchor, null);
});

test("◀ ▶ step through the shown orientation's placements and wrap around", () => {
  const { payload, sel } = selected();
  sel.selectStep(placeStep(payload));
  const shown = sel.orientations()[0].actions;
  assert.equal(sel.cyclePlacement(1).chose.id, shown[0].id);
  if (shown.length > 1) assert.equal(sel.cyclePlacement(1).chose.id, shown[1].id);
  sel.choose(shown[0]);
  assert.equal(sel.cyclePlacement(-1).chose.id, shown[shown.length - 1].id);
});

test("R on an anchored column turns the piece to the next orientation that fits there", () => {
  const { payload, sel } = selected();
  sel.selectStep(placeStep(payload));
  const groups = sel.orientations();
  const col = ALL_COLUMNS.find((c) => new Set(sel.covering(c).map((a) => groups.findIndex((g) => g.actions.includes(a)))).size >= 2);
  const before = sel.pickColumn(col).chose;
  const orient = sel.ui.orient;
  const turned = sel.turnPiece(1).chose;
  assert.notEqual(sel.ui.orient, orient);
  assert.ok(groups[sel.ui.orient].actions.some((a) => a.id === turned.id));
  assert.ok(actionCells(turned).some((c) => sameCol(c, col)));
  assert.notEqual(turned.id, before.id);
});

test("swap mode lists the swaps of the chosen piece, one cube a column", () => {
  const { payload, sel } = selected();
  const step = payload.legal_actions.find((a) => a.action.type === "swap").action.step;
  sel.selectStep(step);
  assert.deepEqual(sel.setMode("swap"), { changed: true });
  const swaps = sel.cycleList();
  assert.ok(swaps.length > 0);
  assert.ok(swaps.every((a) => a.action.type === "swap" && a.action.step === step));
  const col = swaps[0].action.cell;
  assert.deepEqual(sel.covering(col).map((a) => a.id), [swaps[0].id]);
});

test("a spectator chooses nothing", () => {
  const payload = fixture("monolyth-spectator");
  const sel = createSelection(payload.seat);
  sel.update(payload);
  assert.equal(sel.myTurn(), false);
  assert.equal(sel.selectStep(1), null);
  assert.equal(sel.pickColumn([0, 0]), null);
});

test("a new version starts a fresh selection; the same version keeps it", () => {
  const { payload, sel } = selected();
  sel.selectStep(placeStep(payload));
  assert.equal(sel.update(payload), false);
  assert.notEqual(sel.ui.step, null);
  const later = fixture("monolyth-place-later");
  assert.equal(sel.update(later), true);
  assert.equal(sel.ui.step, null);
  assert.equal(sel.ui.version, later.version);
});

test("the coach's hinted decision preselected is chosen as the player's gestures would choose it", () => {
  const { payload, sel } = selected();
  const place = payload.legal_actions.filter((a) => a.action.type === "place").at(-1);
  assert.deepEqual(sel.preselect(place.id), { chose: place });
  assert.equal(sel.chosen(), place);
  assert.equal(sel.ui.step, place.action.step);
  assert.equal(sel.ui.mode, "place");
  assert.ok(sameCol(sel.ui.anchor, place.action.cells[0]));
  // its orientation is the one shown, and a click on its column again steps on from it
  assert.ok(sel.orientations()[sel.ui.orient].actions.includes(place));
  assert.ok(sel.covering(sel.ui.anchor).includes(place));
  const prophecy = payload.legal_actions.find((a) => a.action.type === "prophecy");
  if (prophecy) {
    assert.deepEqual(sel.preselect(prophecy.id), { chose: prophecy });
    assert.equal(sel.ui.side, prophecy.action.side);
    assert.equal(sel.ui.step, null);
  }
  assert.equal(sel.preselect(-1), null); // not a legal decision: nothing changes
  assert.equal(sel.chosen(), prophecy ?? place);
});
