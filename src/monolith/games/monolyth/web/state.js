// The Monolyth table's state apart from its drawing: which piece of the ring is chosen, which of
// its placements (or swaps), how it is turned and on which column, derived from the state payload's
// legal actions. No DOM and no words: the page (view.js) draws it and words what a step did;
// Node's test runner checks it on payloads saved from a real server (tests/js).

export const RING = 13;

export const shapeKey = (cells) => cells.map((c) => c.join(".")).join("|");
export const colKey = ([x, y]) => `${x},${y}`;
export const sameCol = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
export const colName = ([x, y]) => `${"abcd"[x]}${y + 1}`;

// A piece's cells moved to the corner (0, 0, 0) and sorted: the same shape, wherever it stands.
export function normalise(cells) {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  const mz = Math.min(...cells.map((c) => c[2]));
  return cells.map(([x, y, z]) => [x - mx, y - my, z - mz]).sort((u, v) => u[2] - v[2] || u[1] - v[1] || u[0] - v[0]);
}

// The cells of an action on the board (a placement's cubes, a swap's single cube).
export function actionCells(a) {
  if (!a) return [];
  if (a.action.type === "place") return a.action.cells;
  if (a.action.type === "swap") return [a.action.cell];
  return [];
}

const EMPTY = { step: null, mode: "place", orient: 0, anchor: null, chosen: null, hover: null, side: null, note: null };

// One seat's selection on the table. Each gesture (choose a piece, click a column, turn, step
// through placements, switch to swaps) returns what it did, for the page to draw and announce:
// null (nothing), {chose: action}, {piece: step}, {turned: true}, {changed: true} or {note: id}
// (a message id saying why nothing was chosen; also kept as `ui.note`).
export function createSelection(seat) {
  let p = null;
  // What the page shows chosen; `cursor`, `boardFocus` and `version` belong to the page's
  // keyboard and redraws but live here so that a new payload resets one object.
  const ui = { ...EMPTY, cursor: [0, 0], boardFocus: false, version: -1 };

  const legal = () => (p && p.legal_actions) || [];
  const myTurn = () => seat !== null && p !== null && p.to_move === seat && !p.result && legal().length > 0;
  const byId = (id) => legal().find((a) => a.id === id) || null;
  const ringPiece = (step) => p.view.ring[(p.view.crystal + step) % RING];

  function reset() {
    Object.assign(ui, EMPTY);
  }

  // A new payload: a new version starts a fresh selection (the legal actions changed).
  function update(payload) {
    p = payload;
    if (payload.version === ui.version) return false;
    reset();
    ui.version = payload.version;
    return true;
  }

  function stepActions(step) {
    return legal().filter((a) => (a.action.type === "place" || a.action.type === "swap") && a.action.step === step);
  }

  // The placements of the chosen piece grouped by orientation (its shape as the cells make it).
  function orientations() {
    const groups = new Map();
    for (const a of stepActions(ui.step)) {
      if (a.action.type !== "place") continue;
      const cells = normalise(a.action.cells);
      const k = shapeKey(cells);
      if (!groups.has(k)) groups.set(k, { cells, actions: [] });
      groups.get(k).actions.push(a);
    }
    return [...groups.values()];
  }

  function groupOf(groups, id) {
    return groups.findIndex((g) => g.actions.some((a) => a.id === id));
  }

  // What a click or ◀ ▶ on a column chooses from, in a fixed order (orientation by orientation,
  // so "2 of 5" keeps its meaning): in place mode every placement covering the column, in swap
  // mode its one cube.
  function covering(col) {
    if (ui.mode === "swap") return stepActions(ui.step).filter((a) => a.action.type === "swap" && sameCol(a.action.cell, col));
    return orientations().flatMap((g) => g.actions.filter((a) => a.action.cells.some((c) => sameCol(c, col))));
  }

  // The first of `list` in the current orientation or the next ones: a new column keeps the
  // piece turned as it is when it fits that way.
  function firstFromOrientation(list) {
    const groups = orientations();
    const n = groups.length || 1;
    const rank = (a) => (groupOf(groups, a.id) - ui.orient + n) % n;
    return list.reduce((best, a) => (rank(a) < rank(best) ? a : best), list[0]);
  }

  function cycleList() {
    if (ui.step === null) return [];
    if (ui.anchor) return covering(ui.anchor);
    if (ui.mode === "swap") return stepActions(ui.step).filter((a) => a.action.type === "swap");
    const groups = orientations();
    return groups.length ? groups[((ui.orient % groups.length) + groups.length) % groups.length].actions : [];
  }

  // Columns some placement (or swap) of the chosen piece could use: where a click does something
  // (null before a piece is chosen: nothing to tell apart yet).
  function fittingColumns() {
    if (ui.step === null) return null;
    const fits = new Set();
    for (const a of stepActions(ui.step)) {
      if ((ui.mode === "swap") !== (a.action.type === "swap")) continue;
      for (const c of actionCells(a)) fits.add(colKey(c));
    }
    return fits;
  }

  function choose(a) {
    ui.chosen = a ? a.id : null;
    if (a && a.action.type === "place") {
      const i = groupOf(orientations(), a.id);
      if (i >= 0) ui.orient = i;
    }
    ui.note = null;
    return { chose: a };
  }

  function note(id) {
    ui.note = id;
    return { note: id };
  }

  // Where the chosen placement stands among those of the anchor column: {k, n} ("2 of 5").
  function position() {
    if (!ui.anchor || ui.chosen === null) return null;
    const list = covering(ui.anchor);
    const i = list.findIndex((a) => a.id === ui.chosen);
    return i < 0 ? null : { k: i + 1, n: list.length };
  }

  function selectStep(step) {
    if (!myTurn() || step === ui.step) return null;
    const acts = stepActions(step);
    if (!acts.length) return null;
    const carry = ui.anchor;
    Object.assign(ui, { step, mode: acts.some((a) => a.action.type === "place") ? "place" : "swap", orient: 0, chosen: null, side: null, anchor: null, note: null });
    // A column already pointed at keeps its meaning for the new piece.
    if (carry && covering(carry).length) return pickColumn(carry);
    return { piece: step };
  }

  function setMode(mode) {
    if (ui.step === null || ui.mode === mode) return null;
    const anchor = ui.anchor;
    Object.assign(ui, { mode, chosen: null, orient: 0, anchor: null, note: null });
    if (anchor && covering(anchor).length) return pickColumn(anchor);
    return { changed: true };
  }

  // A click on a column (or Enter on it): a placement there; on the same column, the next one.
  function pickColumn(col) {
    if (!myTurn()) return null;
    ui.cursor = col;
    if (ui.step === null) return note("mono-pick-piece-first");
    const list = covering(col);
    ui.hover = null;
    if (!list.length) return note(ui.mode === "swap" ? "mono-no-cube-here" : "mono-no-fit");
    const i = list.findIndex((a) => a.id === ui.chosen);
    const again = sameCol(ui.anchor, col);
    ui.anchor = col;
    if (again && i >= 0) return choose(list[(i + 1) % list.length]);
    if (i >= 0) return choose(list[i]);
    return choose(firstFromOrientation(list));
  }

  // R: the next orientation; on an anchored column, the next orientation that fits there.
  function turnPiece(delta = 1) {
    if (ui.mode !== "place" || ui.step === null) return null;
    const groups = orientations();
    if (groups.length < 2) return null;
    if (!ui.anchor) {
      ui.orient = (ui.orient + delta + groups.length) % groups.length;
      ui.chosen = null;
      return { turned: true };
    }
    for (let k = 1; k < groups.length; k++) {
      const i = (ui.orient + delta * k + groups.length * k) % groups.length;
      const here = groups[i].actions.find((a) => a.action.cells.some((c) => sameCol(c, ui.anchor)));
      if (here) { ui.orient = i; return choose(here); }
    }
    return note("mono-only-orientation");
  }

  // ◀ ▶: the previous or next placement of the list a click would step through.
  function cyclePlacement(delta) {
    const list = cycleList();
    if (!list.length) return null;
    const i = list.findIndex((a) => a.id === ui.chosen);
    const next = i < 0 ? (delta > 0 ? 0 : list.length - 1) : (i + delta + list.length) % list.length;
    return choose(list[next]);
  }

  // A prophecy's side chosen (its values then show): no piece is chosen meanwhile.
  function chooseSide(side) {
    Object.assign(ui, { side, step: null, chosen: null });
    return { changed: true };
  }

  // A decision chosen for the player as their own gestures would have (the coach's hinted move,
  // shown on the board): its piece, mode and column, or its prophecy's side; they only confirm.
  function preselect(id) {
    const a = byId(id);
    if (!a || !myTurn()) return null;
    const { type } = a.action;
    if (type === "prophecy") Object.assign(ui, { ...EMPTY, side: a.action.side });
    else if (type === "place" || type === "swap") {
      const first = actionCells(a)[0];
      Object.assign(ui, { ...EMPTY, step: a.action.step, mode: type, anchor: [first[0], first[1]] });
      ui.cursor = [first[0], first[1]];
    } else reset();
    return choose(a);
  }

  return {
    ui, update, reset, legal, myTurn, byId, ringPiece, stepActions, orientations, covering, cycleList, firstFromOrientation,
    fittingColumns, position, choose, selectStep, setMode, pickColumn, turnPiece, cyclePlacement, chooseSide, preselect,
    chosen: () => (ui.chosen === null ? null : byId(ui.chosen)),
  };
}
