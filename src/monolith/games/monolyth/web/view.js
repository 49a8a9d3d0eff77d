// The Monolyth table: the ring with the crystal, every player's monolith in 3D, tokens, and the
// choose-point-confirm flow driven by the server's legal actions: choose a piece on the ring,
// click the column of your monolith where it should go (again for another placement there), turn
// it with R, confirm.
import { h, svg, clear } from "/static/js/dom.js";
import { t, named, has } from "/static/js/i18n.js";
import { api } from "/static/js/api.js";
import { term } from "/static/js/glossary.js";
import { drawBoard, drawPlan, drawPiece, colourOf, columnHeights, turnCell, unturnCell, SIDES } from "./iso.js";
import { createSelection, RING, colKey, sameCol, colName, actionCells } from "./state.js";

// The keys this table answers to, as the shortcuts panel lists them (words in messages/page.ftl).
export const shortcuts = ["keys.monolyth-steps", "keys.monolyth-turn", "keys.monolyth-cycle", "keys.monolyth-confirm", "keys.monolyth-cancel"];

// Piece shapes from the game's printed catalog (GET /api/games/monolyth/catalog); the view names
// each piece's shape, the catalog gives its cubes.
let SHAPES = {};
let catalogRequest = null;
function loadCatalog(onLoaded) {
  catalogRequest ??= api("GET", "/api/games/monolyth/catalog").then((c) => { SHAPES = c.shapes; });
  catalogRequest.then(onLoaded, () => { catalogRequest = null; });
}
const MAX_STEP = 4;
// A screen pressed with a finger (no fine pointer): the hints say "tap", and skip the keys.
const TOUCH = window.matchMedia("(pointer: coarse)");

const colour = (c) => named("colour", c);
const shape = (s) => named("shape", s);
const icon = (glyph) => h("span", { "aria-hidden": "true" }, glyph);

// Where a solo score stands within rating `here` of `bands`: 0 at its minimum, 1 at the next
// rating's; the open-ended top rating is read as wide as the one below it.
function within(bands, here, score) {
  const low = bands[here].minimum;
  const below = here > 0 ? bands[here - 1].minimum : low - 10;
  const high = here + 1 < bands.length ? bands[here + 1].minimum : low + Math.max(1, low - below);
  return Math.max(0, Math.min(1, (score - low) / (high - low)));
}

// Where some cells are, as a player sees them on the board: "levels 1–2 · against the north and
// west walls" (the walls count cubes for the prophecies). `levels: false` leaves the levels out,
// for a sentence that already names them.
function whereWords(cells, { levels = true } = {}) {
  const heights = cells.map((c) => c[2] + 1);
  const low = Math.min(...heights), high = Math.max(...heights);
  const against = { north: ([, y]) => y === 0, east: ([x]) => x === 3, south: ([, y]) => y === 3, west: ([x]) => x === 0 };
  const walls = SIDES.filter((side) => cells.some(against[side])).map((side) => t(`mono-wall-${side}`));
  const list = walls.length > 1 ? t("mono-list-and", { init: walls.slice(0, -1).join(", "), last: walls[walls.length - 1] }) : walls.join("");
  const where = t("mono-where-walls", { walls: walls.length, list });
  return levels ? `${t("mono-where-levels", { span: high - low + 1, low, high })} · ${where}` : where;
}

// "level 1: b2, c2; level 2: c2": where some cells are, level by level, for screen readers (the
// board's label explains the names: mono-board-grid).
function whereCells(cells) {
  const byLevel = new Map();
  for (const [x, y, z] of [...cells].sort((u, v) => u[2] - v[2] || u[1] - v[1] || u[0] - v[0])) {
    if (!byLevel.has(z)) byLevel.set(z, []);
    byLevel.get(z).push(colName([x, y]));
  }
  return [...byLevel].map(([z, names]) => t("mono-where-level", { level: z + 1, cells: names.join(", ") })).join("; ");
}

// A monolith in words, for screen readers: level by level what is filled and in which colour,
// then each wall with its edge colour, what it holds of that colour and its prophecy.
function describeBoard(b, height, owner) {
  const lines = [t("mono-desc-title", { name: owner, n: b.cubes.length }), t("mono-board-grid")];
  for (let z = 0; z < height; z++) {
    const byColour = new Map();
    for (const c of b.cubes) {
      if (c.cell[2] !== z) continue;
      if (!byColour.has(c.colour)) byColour.set(c.colour, []);
      byColour.get(c.colour).push(c.cell);
    }
    const filled = [...byColour.values()].reduce((n, l) => n + l.length, 0);
    const parts = [...byColour].map(([c, cells]) => t("mono-desc-colour", {
      colour: colour(c), cells: cells.sort((u, v) => u[1] - v[1] || u[0] - v[0]).map(colName).join(", "),
    }));
    lines.push(t("mono-desc-level", { level: z + 1, filled, cells: parts.join("; ") }));
  }
  for (const side of SIDES) {
    const pro = b.prophecies[side];
    const args = { side: named("side", side), colour: colour(b.edges[side]), count: b.walls?.[side] ?? 0 };
    lines.push(pro
      ? t("mono-desc-wall-prophecy", { ...args, value: pro.value, fulfilled: pro.fulfilled ? "yes" : "no" })
      : t("mono-desc-wall", args));
  }
  return lines;
}

export function createTable(container, ctx) {
  container.classList.add("game-monolyth");
  clear(container);
  let p = null; // the state payload
  let v = null; // its view
  const selection = createSelection(ctx.seat);
  const { ui, legal, myTurn, byId, ringPiece, stepActions, orientations, covering, fittingColumns, firstFromOrientation } = selection;
  const rot = {};
  const scoreOpen = new Set(); // seats whose score is shown part by part under their board's name
  const fresh = {}; // seat -> the cells of that board's latest placement, outlined
  let lastCells = null;
  let suggestion = null; // the coach's choice drawn on a board: {seat, cells, colour} or a prophecy {seat, cells: [], side, value}
  let line = []; // the coach's line after its choice: [{n, seat, action, colour}], drawn numbered
  let preselected = null; // the action id the coach's hint chose on the table, while it stands
  let myArt = null; // the element holding this seat's board drawing, redrawn on hover
  let focusLost = false; // the keyboard was in the table when a redraw took its element away
  const live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announce" });
  const tableEl = h("div", { class: "mono-wrap" });
  container.append(tableEl, live);

  const announce = (text) => { live.textContent = text; };

  function resetSelection() {
    selection.reset();
  }

  // "placement 2 of 5 here": where the chosen placement stands among those of the anchor column.
  function positionText() {
    const at = selection.position();
    return at ? t("mono-cycle-position", at) : null;
  }

  // Draws what a gesture of the selection did and says it to screen readers.
  function show(outcome) {
    if (!outcome) return;
    draw();
    if (outcome.note) announce(t(outcome.note));
    else if (outcome.chose) {
      const a = outcome.chose;
      announce(`${ctx.say(a.label)}. ${whereCells(actionCells(a))}. ${positionText() ?? ""}`);
    } else if (outcome.turned) announce(pieceText());
    else if (outcome.piece) {
      const piece = ringPiece(outcome.piece);
      announce(t("mono-chosen-piece", { colour: colour(piece.colour), shape: shape(piece.shape), steps: outcome.piece }));
    }
  }

  const choose = (a) => show(selection.choose(a));
  const pickColumn = (col) => show(selection.pickColumn(col));
  const turnPiece = (delta = 1) => show(selection.turnPiece(delta));
  const cyclePlacement = (delta) => show(selection.cyclePlacement(delta));
  const setMode = (mode) => show(selection.setMode(mode));
  function selectStep(step) {
    const outcome = selection.selectStep(step);
    show(outcome);
    if (outcome) showBoardAboveTray();
  }

  // On an upright phone the tray sticks to the bottom of the screen, over the board's near walls:
  // once a piece is chosen the page scrolls just enough to show the whole board above the tray.
  // (On a phone on its side the tray stands beside the board: nothing is hidden.)
  function showBoardAboveTray() {
    const tray = container.querySelector("[data-testid=tray]");
    const board = container.querySelector(".board-panel.big .iso-board");
    if (!tray || !board || getComputedStyle(tray).position !== "sticky") return;
    const trayBox = tray.getBoundingClientRect();
    const boardBox = board.getBoundingClientRect();
    if (trayBox.left >= boardBox.right || trayBox.right <= boardBox.left) return;
    const hidden = boardBox.bottom - trayBox.top;
    if (hidden > 0) window.scrollBy({ top: hidden + 8, behavior: "instant" });
  }

  function onHover(col) {
    if (sameCol(col, ui.hover)) return;
    ui.hover = col;
    redrawMine();
  }

  async function confirm() {
    if (ui.chosen === null) return;
    const ok = await ctx.act(ui.chosen);
    if (ok) resetSelection();
  }

  function cancel() {
    resetSelection();
    draw();
  }

  // ---- drawing ---------------------------------------------------------------------------

  function ringView() {
    const size = 320;
    const cx = size / 2, cy = size / 2, R = 122, disc = 29;
    const mine = myTurn();
    const root = svg("svg", { class: "ring", viewBox: `0 0 ${size} ${size}`, "data-testid": "ring", role: "group", "aria-label": t("mono-ring-label", { n: v.box_size }) });
    root.append(svg("circle", { cx, cy, r: R, class: "ring-track", "aria-hidden": "true" }));
    root.append(svg("circle", { cx, cy, r: R - 34, class: "ring-hole", "aria-hidden": "true" }));
    const further = [];
    for (let i = 0; i < RING; i++) {
      const ang = -Math.PI / 2 + (2 * Math.PI * i) / RING;
      const x = cx + R * Math.cos(ang), y = cy + R * Math.sin(ang);
      const step = (i - v.crystal + RING) % RING;
      const piece = v.ring[i];
      const reach = step >= 1 && step <= MAX_STEP;
      const selectable = mine && reach && stepActions(step).length > 0;
      const name = piece ? t("mono-piece-name", { colour: colour(piece.colour), shape: shape(piece.shape) }) : t("mono-empty-space");
      const g = svg("g", {
        class: ["ring-space", selectable && "selectable", reach && "reach", ui.step === step && step > 0 && "selected", i === v.crystal && "crystal-space"].filter(Boolean).join(" "),
        "data-testid": selectable ? `ring-step-${step}` : `ring-space-${i}`, "data-step": reach ? step : null,
        transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      });
      if (reach) {
        g.dataset.fkey = `ring-${step}`;
        g.setAttribute("aria-label", t("mono-ring-space", { steps: step, piece: name }));
        if (selectable) {
          g.setAttribute("role", "button");
          g.setAttribute("tabindex", "0");
          g.setAttribute("aria-pressed", String(ui.step === step));
          g.addEventListener("click", () => selectStep(step));
          g.addEventListener("keydown", (e) => ringKey(e, step));
        } else {
          g.setAttribute("role", "img");
        }
      } else {
        g.setAttribute("aria-hidden", "true");
        if (piece && step > 0) further.push(name);
      }
      g.append(svg("circle", { r: disc, class: "space-disc" }));
      if (piece) {
        const pic = drawPiece(SHAPES[piece.shape] || [[0, 0, 0]], piece.colour, 44, 38);
        pic.setAttribute("x", -22); pic.setAttribute("y", -21);
        g.append(pic, svg("title", {}, reach ? t("mono-ring-space", { steps: step, piece: name }) : name));
      }
      if (i === v.crystal) {
        g.append(svg("polygon", { class: "crystal", points: "0,-18 11,-3 0,18 -11,-3" }), svg("title", {}, t("mono.crystal")));
      }
      if (reach) {
        // The step number inside the ring's hole, beside its space: never clipped.
        const lx = -42 * Math.cos(ang), ly = -42 * Math.sin(ang);
        g.append(svg("circle", { class: "step-badge", cx: lx, cy: ly, r: 10, "aria-hidden": "true" }),
          svg("text", { class: "step-label", x: lx, y: ly + 4.5, "text-anchor": "middle", "aria-hidden": "true" }, String(step)));
      }
      root.append(g);
    }
    root.append(svg("text", { x: cx, y: cy - 4, "text-anchor": "middle", class: "ring-centre", "aria-hidden": "true" }, String(v.box_size)));
    root.append(svg("text", { x: cx, y: cy + 16, "text-anchor": "middle", class: "ring-centre-sub", "aria-hidden": "true" }, t("mono.in_box")));
    const rest = further.length ? h("p", { class: "sr-only" }, t("mono-ring-further", { pieces: further.join(", ") })) : null;
    return [root, rest];
  }

  // Left/Right move between the ring's selectable pieces; Enter or Space takes one.
  function ringKey(e, step) {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      selectStep(step);
    } else if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && ui.step !== null) {
      // A piece is chosen: ← → step through its placements, as anywhere else on the table.
      e.preventDefault();
      e.stopPropagation();
      cyclePlacement(e.key === "ArrowRight" ? 1 : -1);
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      e.stopPropagation();
      const steps = [1, 2, 3, 4].filter((s) => stepActions(s).length);
      const k = steps.indexOf(step);
      const delta = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
      const next = steps[(k + delta + steps.length) % steps.length];
      container.querySelector(`[data-fkey="ring-${next}"]`)?.focus();
    }
  }

  function columnLabel(b, heights, fits) {
    return (col) => {
      const [x, y] = col;
      const hgt = heights[y][x];
      const top = b.cubes.find((c) => c.cell[0] === x && c.cell[1] === y && c.cell[2] === hgt - 1);
      const parts = [t("mono-column-label", { cell: colName(col), n: hgt, colour: top ? colour(top.colour) : "" })];
      if (fits) parts.push(t(fits.has(colKey(col)) ? "mono-column-fits" : "mono-column-nofit"));
      if (sameCol(ui.anchor, col)) parts.push(positionText() ?? "");
      return parts.filter(Boolean).join(", ");
    };
  }

  // The preview to draw on this seat's board: what a click on the pointed column would choose,
  // else the chosen placement.
  function previewFor() {
    if (ui.step === null) return null;
    const piece = ringPiece(ui.step);
    let shown = byId(ui.chosen);
    let kind = "chosen";
    if (ui.hover && !sameCol(ui.hover, ui.anchor)) {
      const list = covering(ui.hover);
      const hit = list.find((a) => a.id === ui.chosen) || (list.length ? firstFromOrientation(list) : null);
      if (hit && hit.id !== ui.chosen) { shown = hit; kind = "hover"; }
    }
    if (!shown) return null;
    return { cells: actionCells(shown), colour: piece ? piece.colour : "white", kind, anchor: kind === "chosen" ? ui.anchor : ui.hover };
  }

  function boardArt(b, thumb) {
    const seat = b.seat;
    const r = rot[seat] || 0;
    const interactive = ctx.seat === seat && myTurn();
    const heights = columnHeights(b.cubes);
    const fits = fittingColumns();
    const owner = ctx.seatName(seat);
    const opts = {
      rot: r, height: v.height, edges: b.edges, prophecies: b.prophecies, cubes: b.cubes, fresh: fresh[seat], thumb,
      label: interactive ? `${t("mono-board-pick-label")}. ${t("mono-board-grid")}` : t("mono-board-label", { name: owner, n: b.cubes.length }),
      texts: {
        side: (side) => named("side", side),
        edge: (side) => t("mono.side_tip", { side: named("side", side), colour: colour(b.edges[side]) }),
        prophecy: (side, pro) => prophecyTip(b, side, pro),
      },
    };
    if (suggestion?.seat === seat && suggestion.cells.length) opts.preview = { cells: suggestion.cells, colour: suggestion.colour, kind: "suggested", anchor: null };
    if (suggestion?.seat === seat && suggestion.side) opts.sideSuggested = { side: suggestion.side, value: suggestion.value };
    const mine = line.filter((step) => step.seat === seat);
    opts.line = mine.filter((step) => actionCells(step).length).map((step) => ({ n: step.n, cells: actionCells(step), colour: step.colour }));
    opts.sideLine = mine.filter((step) => step.action.type === "prophecy").map((step) => ({ n: step.n, side: step.action.side }));
    if (interactive) {
      const own = previewFor();
      // the coach's choice, chosen for the player: drawn as theirs, still marked as the coach's
      if (own && opts.preview && JSON.stringify(own.cells) === JSON.stringify(opts.preview.cells)) own.kind += " suggested";
      Object.assign(opts, {
        preview: own ?? opts.preview,
        mark: ui.hover ?? (ui.boardFocus ? ui.cursor : null),
        columns: { cursor: ui.cursor, fits, label: columnLabel(b, heights, fits) },
      });
    }
    const pic = drawBoard(opts);
    if (!interactive) return [pic];
    const covered = new Set(actionCells(byId(ui.chosen)).map(colKey));
    const plan = drawPlan({ rot: r, cubes: b.cubes, fits, covered, anchor: ui.anchor });
    for (const target of [pic, plan]) {
      target.addEventListener("click", (e) => {
        const el = e.target.closest("[data-col], [data-top]");
        if (el) pickColumn((el.dataset.col ?? el.dataset.top).split(",").map(Number));
      });
      target.addEventListener("pointermove", (e) => {
        const el = e.target.closest("[data-col]");
        onHover(el ? el.dataset.col.split(",").map(Number) : null);
      });
      target.addEventListener("pointerleave", () => onHover(null));
    }
    pic.addEventListener("keydown", (e) => boardKey(e, r));
    // Focus only records where the keyboard is; redrawing here would remove the focused element
    // and start a focus-out, focus-in loop. The arrows redraw (see boardKey).
    pic.addEventListener("focusin", (e) => {
      const el = e.target.closest("[data-top]");
      if (!el) return;
      ui.cursor = el.dataset.top.split(",").map(Number);
      ui.boardFocus = true;
    });
    pic.addEventListener("focusout", (e) => {
      if (!pic.contains(e.relatedTarget)) ui.boardFocus = false;
    });
    return ui.step === null ? [pic] : [pic, h("div", { class: "plan-box", title: t("mono-plan-tip") }, plan)];
  }

  // Arrows move the keyboard's column along the board as drawn (turned with the view); Enter or
  // Space chooses there.
  function boardKey(e, r) {
    const moves = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      const col = ui.cursor;
      // Enter on a column the shown placement covers confirms it; else (and Space) chooses there.
      const shown = e.key === "Enter" ? byId(ui.chosen) : null;
      if (shown && actionCells(shown).some((c) => sameCol(c, col))) {
        confirm();
        return;
      }
      pickColumn(col);
      focusKey(`column-${col[0]}-${col[1]}`);
    } else if (moves[e.key]) {
      e.preventDefault();
      e.stopPropagation();
      const [a, b] = turnCell(ui.cursor[0], ui.cursor[1], r);
      const na = Math.max(0, Math.min(3, a + moves[e.key][0]));
      const nb = Math.max(0, Math.min(3, b + moves[e.key][1]));
      ui.cursor = unturnCell(na, nb, r);
      ui.hover = null;
      redrawMine(`column-${ui.cursor[0]}-${ui.cursor[1]}`);
    }
  }

  // Focus the element drawn for `key`; whether there was one.
  function focusKey(key) {
    const el = key ? container.querySelector(`[data-fkey="${key}"]`) : null;
    el?.focus({ preventScroll: true });
    return !!el;
  }

  function prophecyTip(b, side, pro) {
    return t("mono-prophecy-count-tip", {
      side: named("side", side), colour: colour(b.edges[side]), value: pro.value, count: pro.count ?? 0,
      fulfilled: pro.fulfilled ? "yes" : "no",
    });
  }

  // Token chips: the level token earned on each completed level, the structure token, prophecies.
  function tokenChips(b) {
    const chips = [];
    for (let level = 0; level < v.height; level++) {
      if (!(b.levels_done >> level & 1)) continue;
      const value = b.level_tokens[level] ?? 0;
      chips.push(h("span", {
        class: ["token", "level", !value && "none"], title: t(value ? "mono-level-token-tip" : "mono-level-no-token-tip", { level: level + 1, value }),
      }, t("mono-level-chip", { level: level + 1, value })));
    }
    if (b.structure_token) chips.push(h("span", { class: "token structure", title: t("mono.structure_token_tip") }, icon("◆ "), String(b.structure_token)));
    for (const [side, pro] of Object.entries(b.prophecies)) {
      chips.push(h("span", {
        class: ["token", "prophecy", pro.fulfilled && "fulfilled"], style: { "--edge": colourOf(b.edges[side]) },
        title: prophecyTip(b, side, pro),
      }, h("span", { class: "side-name" }, named("side", side)), ` ${pro.count ?? 0}/${pro.value}`, pro.fulfilled ? icon(" ✓") : null));
    }
    return chips;
  }

  function boardPanel(b, size) {
    const seat = b.seat;
    const r = rot[seat] || 0;
    const thumb = size === "thumb";
    const art = h("div", { class: "board-art" }, ...boardArt(b, thumb));
    if (ctx.seat === seat) myArt = art;
    const rotBtn = (d, glyph, label) => h("button", {
      class: "btn icon", title: label, "aria-label": label, "data-testid": `rotate-${d > 0 ? "right" : "left"}-${seat}`,
      "data-fkey": `rotate-${d}-${seat}`,
      onclick: () => { rot[seat] = (r + d + 4) % 4; draw(); },
    }, icon(glyph));
    const turns = h("div", { class: "rotate-btns" }, rotBtn(-1, "⟲", t("mono.rotate_left")), rotBtn(1, "⟳", t("mono.rotate_right")));
    const owner = ctx.seatName(seat);
    const turnMark = p.to_move === seat && !p.result;
    return h("section", { class: ["panel", "board-panel", size, turnMark && "to-move"], "data-testid": `board-${seat}`, "aria-label": t("mono-board-label", { name: owner, n: b.cubes.length }) },
      h("div", { class: "board-head" },
        h("span", { class: "seat-dot", style: { background: `var(--p${seat})` } }),
        h("span", { class: "board-owner" }, owner),
        thumb ? null : h("span", { class: "muted small" }, term("player-board", t("mono.board_n", { n: b.board }))),
        h("span", { class: "spacer" }),
        h("button", {
          class: ["score", "score-button", scoreOpen.has(seat) && "on"], title: t("mono.score_tip"), "data-testid": `score-${seat}`,
          "aria-expanded": String(scoreOpen.has(seat)), "aria-controls": `score-parts-${seat}`,
          "aria-label": `${t("mono-bd-title")}: ${owner}, ${b.score}`,
          onclick: () => { if (!scoreOpen.delete(seat)) scoreOpen.add(seat); draw(); },
        }, icon("★ "), String(b.score))),
      scoreOpen.has(seat) ? h("div", { class: "mono-breakdown score-parts", id: `score-parts-${seat}`, "data-testid": `score-parts-${seat}` },
        breakdownCard(seat, { heading: false })) : null,
      h("div", { class: "board-body" }, art, turns),
      h("div", { class: "token-row" }, tokenChips(b)),
      h("ul", { class: "sr-only board-description", "data-testid": `description-${seat}` },
        describeBoard(b, v.height, owner).map((line) => h("li", {}, line))));
  }

  // Redraw only this seat's board (pointing and arrows change nothing else), keeping the
  // keyboard on its column, or moving it to `focus`.
  function redrawMine(focus = null) {
    if (!myArt || ctx.seat === null) return;
    const b = v.boards[ctx.seat];
    const focused = focus ?? document.activeElement?.closest?.("[data-fkey]")?.dataset.fkey;
    clear(myArt).append(...boardArt(b, false));
    if (focused && focused.startsWith("column-")) focusKey(focused);
  }

  function pieceText() {
    const piece = ringPiece(ui.step);
    const groups = orientations();
    const cells = ui.mode === "place" && groups.length ? groups[ui.orient % groups.length].cells : [[0, 0, 0]];
    const levels = new Set(cells.map((c) => c[2])).size;
    return t("mono-piece-words", {
      colour: colour(piece.colour), shape: shape(ui.mode === "place" ? piece.shape : "SINGLE"), n: cells.length, levels,
      k: ui.orient + 1, count: groups.length, mode: ui.mode,
    });
  }

  // Why this seat's last move cannot be undone, in Monolyth's own words (a piece was drawn from
  // the box, or the solo rival's draw), read from the move's log lines; the frame beside the
  // Undo button gives the server's generic reason in every other case.
  function undoNote() {
    if (ctx.seat === null || p.result || p.can_undo) return null;
    const log = p.log || [];
    const last = log[log.length - 1];
    if (!last || last.seat !== ctx.seat || last.by_bot) return null;
    const ids = (last.lines || []).map((m) => m.id);
    if (ids.includes("mono-log-place") || ids.includes("mono-log-swap")) return t("mono-undo-drawn");
    if (ids.includes("mono-log-rival")) return t("mono-undo-rival");
    return null;
  }

  function trayView() {
    const parts = [];
    const note = undoNote();
    const undoLine = note ? h("p", { class: "undo-note muted small", "data-testid": "undo-note" }, icon("↶ "), note) : null;
    const tray = (...children) => h("section", { class: "panel tray", "data-testid": "tray", "aria-label": t("mono-tray-label") }, children);
    if (!myTurn()) {
      // An open match waits for its players to sit down, not for whoever moves first.
      const waiting = p.status === "open" ? t("table.waiting_players") : t("table.waiting_for", { name: ctx.seatName(p.to_move) });
      if (!p.result) parts.push(h("p", { class: "muted waiting" }, h("span", { class: "spinner", "aria-hidden": "true" }), waiting));
      return tray(parts, undoLine);
    }
    const acts = legal();
    if (acts.length === 1 && acts[0].action.type === "pass") {
      return tray(h("div", { class: "tray-row" }, h("p", {}, t("mono.must_pass")),
        h("button", { class: "btn primary", "data-testid": "pass", onclick: () => ctx.act(acts[0].id) }, t("mono.pass"))), undoLine);
    }
    if (ui.step === null) {
      parts.push(h("p", { class: "hint" }, t("mono-hint-choose")), prophecyPicker(acts));
    } else {
      const piece = ringPiece(ui.step);
      const groups = orientations();
      const place = ui.mode === "place" && groups.length > 0;
      const hasSwap = stepActions(ui.step).some((a) => a.action.type === "swap");
      const words = pieceText();
      const picture = place ? drawPiece(groups[ui.orient % groups.length].cells, piece.colour, 64, 54, words) : drawPiece([[0, 0, 0]], piece.colour, 34, 30, words);
      const chosen = byId(ui.chosen);
      const detail = ui.note ? t(ui.note) : (chosen ? [whereWords(actionCells(chosen)), positionText()].filter(Boolean).join(" · ") : t(`${place ? "mono-hint-place" : "mono-hint-swap"}${TOUCH.matches ? "-touch" : ""}`));
      const button = ({ testid, label, tip = label, onclick, glyph, text = null, ghost = false, disabled = false, count = null }) => h("button", {
        class: ["btn", ghost && "ghost"], "data-testid": testid, "data-fkey": testid, title: tip, "aria-label": label, onclick, disabled,
      }, icon(glyph), text ? h("span", { class: "btn-text" }, ` ${text}`) : null, count ? ` ${count}` : null);
      parts.push(h("div", { class: "tray-piece-row" },
        h("div", { class: "tray-piece", title: t("mono.turn_tip"), "data-testid": "tray-piece" }, picture),
        h("div", { class: "tray-title" }, h("strong", {}, t("mono-piece-name", { colour: colour(piece.colour), shape: shape(place ? piece.shape : "SINGLE") })),
          h("span", { class: "muted small" }, " · ", t("mono.steps", { n: ui.step }))),
        h("div", { class: "tray-buttons" },
          place ? button({ testid: "turn-piece", label: t("mono.turn_tip"), tip: `${t("mono.turn_tip")} (R)`, onclick: () => turnPiece(1), glyph: "⟳", text: t("mono.turn"), count: `${ui.orient + 1}/${groups.length}`, disabled: groups.length < 2 }) : null,
          button({ testid: "prev-placement", label: t("mono.prev_tip"), tip: `${t("mono.prev_tip")} (←)`, onclick: () => cyclePlacement(-1), glyph: "◀" }),
          button({ testid: "next-placement", label: t("mono.next_tip"), tip: `${t("mono.next_tip")} (→)`, onclick: () => cyclePlacement(1), glyph: "▶" }),
          hasSwap && ui.mode === "place" ? button({ testid: "swap-mode", label: t("mono.swap_tip"), onclick: () => setMode("swap"), glyph: "⇄", text: t("mono-swap-short"), ghost: true }) : null,
          ui.mode === "swap" && groups.length ? button({ testid: "place-mode", label: t("mono.place"), onclick: () => setMode("place"), glyph: "▦", text: t("mono-place-short"), ghost: true }) : null),
        h("div", { class: ["tray-detail", "small", ui.note ? "note" : "muted"], "data-testid": "tray-detail" }, detail)));
    }
    const chosen = byId(ui.chosen);
    const takes = chosen && (chosen.action.type === "place" || chosen.action.type === "swap");
    parts.push(h("div", { class: ["confirm-bar", chosen && "ready"] },
      h("span", { class: "confirm-text", "data-testid": "chosen-text" }, chosen ? ctx.say(chosen.label) : t("mono.nothing_chosen")),
      h("button", { class: "btn ghost", "data-testid": "cancel", "data-fkey": "cancel", onclick: cancel, disabled: ui.step === null && !chosen && !ui.side }, t("ui.cancel")),
      h("button", { class: "btn primary", "data-testid": "confirm", "data-fkey": "confirm", "data-action": chosen ? chosen.id : null, onclick: confirm, disabled: !chosen, title: "Enter",
        "aria-describedby": takes ? "confirm-final" : null }, icon("✔ "), t("ui.confirm"))));
    // A piece taken refills the ring from the box: said before it is confirmed, as it stands. The
    // line keeps its place while nothing is chosen, so that choosing never moves the board.
    parts.push(h("p", { class: ["confirm-final", "muted", "small", !takes && "idle"], id: "confirm-final", "data-testid": "confirm-final", "aria-hidden": takes ? null : "true" },
      icon("⚠ "), t("mono-confirm-final")));
    return tray(parts, undoLine);
  }

  // Prophecies: any free side, any available value.
  function prophecyPicker(acts) {
    const pro = acts.filter((a) => a.action.type === "prophecy");
    if (!pro.length) return null;
    const sides = [...new Set(pro.map((a) => a.action.side))];
    const mine = v.boards[ctx.seat];
    const side = ui.side && sides.includes(ui.side) ? ui.side : null;
    return h("div", { class: "prophecy-pick", "data-testid": "prophecy-pick", role: "group", "aria-label": t("mono.take_prophecy") },
      h("span", { class: "label", title: t("mono.prophecy_help") }, icon("✦ "), t("mono.take_prophecy")),
      sides.map((sd) => h("button", {
        class: ["btn", "small", "side-btn", side === sd && "on"], "data-testid": `prophecy-side-${sd}`, "data-fkey": `side-${sd}`,
        "aria-pressed": String(side === sd),
        style: { "--edge": colourOf(mine.edges[sd]) }, title: t("mono.side_tip", { side: named("side", sd), colour: colour(mine.edges[sd]) }),
        onclick: () => show(selection.chooseSide(sd)),
      }, named("side", sd))),
      side ? h("span", { class: "values" }, pro.filter((a) => a.action.side === side).map((a) => h("button", {
        class: ["btn", "small", "value-btn", ui.chosen === a.id && "on"], "data-testid": `prophecy-value-${a.action.value}`, "data-fkey": `value-${a.action.value}`,
        "aria-pressed": String(ui.chosen === a.id),
        "aria-label": t("mono-prophecy-value-label", { value: a.action.value, colour: colour(mine.edges[side]) }),
        onclick: () => choose(a),
      }, String(a.action.value)))) : null);
  }

  function infoView() {
    const card = v.structure_card;
    const supply = Object.entries(v.supply);
    const cardName = has(`structure-${card.number}`) ? named("structure", card.number) : card.name;
    const cardText = has(`structure-${card.number}`, "text") ? named("structure", card.number, "text") : card.text;
    return h("section", { class: "panel info", "aria-label": t("mono-info-label") },
      h("div", { class: "structure-card", title: t("mono.structure_tip") },
        h("div", { class: "card-num" }, `#${card.number}`),
        h("div", {}, h("div", { class: "card-name" }, cardName), h("div", { class: "muted small" }, cardText))),
      h("dl", { class: "info-grid" },
        h("dt", { class: "info-label" }, term("supply", t("mono.supply"))),
        h("dd", { class: "supply" }, supply.map(([c, n]) => h("span", { class: "single", title: `${colour(c)}: ${n}` },
          h("span", { class: "swatch", style: { background: colourOf(c) }, "aria-hidden": "true" }), h("span", { class: "sr-only" }, `${colour(c)}: `), String(n)))),
        h("dt", { class: "info-label" }, term("level-token", t("mono.level_tokens"))),
        h("dd", { class: "stacks" }, v.level_stacks.map((st, i) => h("span", { class: "stack", title: t("mono.level_n", { n: i + 1 }) },
          t("mono-level-chip", { level: i + 1, value: st.length ? st.join(" ") : "—" })))),
        h("dt", { class: "info-label" }, term("structure-token", t("mono.structure_tokens"))),
        h("dd", {}, v.structure_tokens.length ? v.structure_tokens.join(" · ") : "—"),
        h("dt", { class: "info-label" }, term("prophecy", t("mono.prophecy_tokens"))),
        h("dd", { class: "pro-tokens" }, v.prophecy_tokens.length ? v.prophecy_tokens.map((x) => h("span", { class: "chip-val" }, String(x))) : "—"),
        h("dt", { class: "info-label" }, t("mono.turn_no")),
        h("dd", {}, String(v.turn + 1), v.ending ? h("span", { class: "badge ending" }, term("last-round", t("mono.last_round"))) : null)));
  }

  function draw() {
    if (!p) return;
    v = p.view;
    const focused = document.activeElement?.closest?.("[data-fkey]")?.dataset.fkey;
    const hadFocus = container.contains(document.activeElement) || (focusLost && document.activeElement === document.body);
    myArt = null;
    clear(tableEl);
    const boards = v.boards;
    const mine = ctx.seat !== null ? boards[ctx.seat] : null;
    const others = boards.filter((b) => b !== mine);
    const playing = ctx.seat !== null && !p.result;
    tableEl.append(h("div", { class: ["mono-table", !mine && "spectator", !others.length && "alone", p.result && "over", `players-${boards.length}`] },
      h("div", { class: "mono-left" }, h("section", { class: "panel ring-panel" }, h("h3", {}, term("ring", t("mono.ring"))), ringView()), infoView()),
      h("div", { class: "mono-main" },
        mine ? boardPanel(mine, "big") : null,
        playing ? trayView() : null,
        mine ? null : h("div", { class: "all-boards" }, others.map((b) => boardPanel(b, "mid")))),
      mine && others.length ? h("div", { class: "mono-others", "aria-label": t("mono-others-label") }, others.map((b) => boardPanel(b, "thumb"))) : null));
    // The keyboard stays where it was; when that is gone (a move was made), it goes to the ring,
    // now or as soon as there is a piece to choose.
    if (hadFocus && (focused || focusLost)) {
      focusLost = !focusKey(focused) && !focusKey(container.querySelector("[data-testid^=ring-step-]")?.dataset.fkey);
    }
    fitHeight();
  }

  // The main loop fits the window: the game's columns get the height left below the frame's
  // top bar, measured, so the board shrinks instead of the page scrolling.
  function fitHeight() {
    const top = tableEl.getBoundingClientRect().top + window.scrollY;
    container.style.setProperty("--mono-top", `${Math.round(top)}px`);
  }

  const keyHandler = (e) => {
    if (!myTurn() || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const onControl = e.target.closest?.("button, a, [role=button]");
    if (e.key === "r" || e.key === "R") turnPiece(e.shiftKey ? -1 : 1);
    else if (e.key === "Escape") cancel();
    else if (e.key === "Enter" && !onControl) confirm();
    else if (e.key === "ArrowRight" && !onControl) cyclePlacement(1);
    else if (e.key === "ArrowLeft" && !onControl) cyclePlacement(-1);
    else if (e.key >= "1" && e.key <= "4") selectStep(Number(e.key));
  };
  document.addEventListener("keydown", keyHandler);
  window.addEventListener("resize", fitHeight);

  // The score, part by part, for each player (in ranking order): what the end screen and the
  // replay's last step show under the scores.
  function breakdown() {
    const ranking = p.result?.ranking?.length ? p.result.ranking : v.boards.map((b) => b.seat);
    const cards = ranking.map((seat) => breakdownCard(seat));
    return h("div", { class: "mono-breakdown", "data-testid": "breakdown" }, soloScale(), h("h3", {}, t("mono-bd-title")), h("div", { class: "breakdown-cards" }, cards));
  }

  // One player's score part by part: on the end screen, and during play under their board's
  // name when its score is tapped (the points so far, each with where it comes from).
  function breakdownCard(seat, { heading = true } = {}) {
    const b = v.boards[seat];
    const rows = [];
    const row = (label, points, detail = null, cls = null) => rows.push(h("tr", { class: cls },
      h("th", { scope: "row" }, label, detail ? h("span", { class: "muted small detail" }, " ", detail) : null),
      h("td", { class: "num", "data-points": points }, points ? `+${points}` : "0")));
    row(t("mono-bd-structure"), b.structure_token, b.structure_token ? null : t("mono-bd-no-structure"));
    for (let level = 0; level < v.height; level++) {
      const done = !!(b.levels_done >> level & 1);
      const value = b.level_tokens[level] ?? 0;
      row(t("mono.level_n", { n: level + 1 }), value, t(done ? (value ? "mono-bd-level-token" : "mono-bd-level-none") : "mono-bd-level-open"), done ? null : "open");
    }
    for (const side of SIDES) {
      const pro = b.prophecies[side];
      if (!pro) continue;
      row(t("mono-bd-prophecy", { side: named("side", side), value: pro.value }), pro.fulfilled ? pro.value : 0,
        t("mono-bd-prophecy-count", { count: pro.count ?? 0, value: pro.value, colour: colour(b.edges[side]), fulfilled: pro.fulfilled ? "yes" : "no" }),
        pro.fulfilled ? "fulfilled" : "open");
    }
    return h("section", { class: "breakdown-card", "data-testid": `breakdown-${seat}` },
      heading ? h("h4", {}, h("span", { class: "seat-dot", style: { background: `var(--p${seat})` } }), " ", ctx.seatName(seat)) : null,
      h("table", { class: "breakdown-table" },
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("mono-bd-total")), h("td", { class: "num", "data-total": b.score }, String(b.score))))));
  }

  // Solo: every rating with its score range, the one reached marked and the final score placed
  // on the scale, then how far the next rating was. Each rating gets an equal stretch of the
  // scale (across a wide screen, down a phone's, so that every name fits), and the marker stands
  // within its stretch (at --at along the scale) as the score stands within the rating's range. The bands, their minimums and the rating reached come from
  // the view (the game's content), never from the page.
  function soloScale() {
    const bands = v.solo_ratings;
    const here = bands ? bands.findIndex((b) => b.title === v.solo_rating) : -1;
    if (here < 0) return null;
    const score = v.boards[0].score;
    const rating = (b) => ({ kind: "rating", id: b.key });
    const range = (i) => {
      const min = bands[i].minimum;
      if (i + 1 === bands.length) return t("mono-solo-range-open", { min });
      const max = bands[i + 1].minimum - 1;
      return max > min ? t("mono-solo-range", { min, max }) : String(min);
    };
    const next = bands[here + 1];
    const at = (100 * (here + 0.08 + 0.84 * within(bands, here, score))) / bands.length;
    return h("section", { class: "solo-scale", "data-testid": "solo-scale" },
      h("h3", {}, t("mono-solo-title")),
      h("p", { class: "solo-verdict", "data-testid": "solo-verdict" },
        ctx.say({ id: "mono-solo-scored", args: { player: { kind: "player", id: 0 }, score, rating: rating(bands[here]) } })),
      h("div", { class: "scale" }, h("div", { class: "scale-body" },
        h("ol", { class: "bands" }, bands.map((b, i) =>
          h("li", { class: ["band", i < here && "passed", i === here && "here"], "aria-current": i === here ? "true" : null, "data-key": b.key },
            h("span", { class: "band-track", "aria-hidden": "true" }),
            h("span", { class: "band-name" }, named("rating", b.key)),
            h("span", { class: "band-range" }, range(i))))),
        h("div", { class: "marker", "data-testid": "solo-marker", "aria-hidden": "true", style: `--at: ${at.toFixed(2)}%` },
          h("span", { class: "marker-score" }, String(score))))),
      h("p", { class: "solo-next", "data-testid": "solo-next" }, next
        ? ctx.say({ id: "mono-solo-short", args: { missing: next.minimum - score, rating: rating(next), minimum: next.minimum } })
        : t("mono-solo-top")));
  }

  return {
    update(payload) {
      const cells = payload.view.boards.map((b) => new Set(b.cubes.map((c) => c.cell.join(","))));
      if (lastCells && (!p || payload.version !== p.version)) {
        cells.forEach((set, seat) => {
          const added = [...set].filter((k) => !lastCells[seat]?.has(k));
          if (added.length) fresh[seat] = new Set(added);
        });
      }
      lastCells = cells;
      p = payload;
      if (selection.update(payload)) { suggestion = null; line = []; preselected = null; }
      draw();
      if (!catalogRequest) loadCatalog(() => p && draw());
    },
    rerender: draw,
    // Where a decision (an action's JSON) acts, in words: its menu entry names the piece and the
    // levels, this the walls it stands against (the board shows the rest).
    describe(action) {
      const cells = actionCells({ action });
      return cells.length ? whereWords(cells, { levels: false }) : "";
    },
    // The coach's choice (an action's JSON, or null) drawn on `seat`'s board (default: the
    // deciding seat's) as a preview, until the table moves on.
    suggest(action, seat = null) {
      const cells = action ? actionCells({ action }) : [];
      const piece = action && v ? ringPiece(action.step) : null;
      const who = seat ?? p.to_move;
      const next = cells.length ? { seat: who, cells, colour: piece ? piece.colour : "white" }
        : action?.type === "prophecy" ? { seat: who, cells: [], side: action.side, value: action.value } : null;
      if (JSON.stringify(next) === JSON.stringify(suggestion)) return;
      suggestion = next;
      draw();
    },
    // The coach's line after its choice ([{seat, action, said}]), numbered on each seat's board:
    // pieces as dashed ghosts in their colour (the log's words name it), prophecies by their side.
    suggestLine(steps) {
      const next = (steps || []).map((step, k) => ({
        n: k + 1, seat: step.seat, action: step.action,
        colour: step.said?.find((m) => m.args?.colour)?.args.colour.id ?? "white",
      }));
      if (JSON.stringify(next) === JSON.stringify(line)) return;
      line = next;
      draw();
    },
    // The coach's hinted move chosen on the table as the player's own gestures would: it is
    // drawn as their choice, and Confirm (or Enter) takes it. `null` (the hint closed or back
    // to its list) takes that choice back as Cancel does, unless the player has chosen since.
    preselect(action) {
      if (action === null) {
        if (preselected !== null && ui.chosen === preselected) cancel();
        preselected = null;
        return;
      }
      const a = legal().find((x) => JSON.stringify(x.action) === JSON.stringify(action));
      if (a) show(selection.preselect(a.id));
      preselected = a && ui.chosen === a.id ? a.id : null;
    },
    playerExtra(seat) {
      const b = p?.view?.boards?.[seat];
      return b ? h("span", { class: "score small" }, icon("★ "), String(b.score)) : null;
    },
    resultExtra() {
      return v && p?.result ? breakdown() : null;
    },
    destroy() {
      document.removeEventListener("keydown", keyHandler);
      window.removeEventListener("resize", fitHeight);
    },
  };
}
