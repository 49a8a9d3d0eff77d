// An isometric renderer for 4x4xH buildings of unit cubes, in SVG, with quarter-turn rotation.
// Cells are (x, y, z): x west to east, y north to south, z up; all 0-3. Columns never have gaps
// (every cube stands on another or on the board), so a column is known by its (x, y) and height.
import { svg, shade, PIECE_COLOURS } from "/static/js/dom.js";

const C = Math.cos(Math.PI / 6);
export const SIDES = ["north", "east", "south", "west"];
const S = 40; // one cube's edge in SVG units; CSS scales the drawing to its box

// Turn a point of the board plane (0..4 x 0..4) a quarter clockwise r times (seen from above).
function turnPoint(px, py, r) {
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) [px, py] = [4 - py, px];
  return [px, py];
}
function turnCell(x, y, r) {
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) [x, y] = [3 - y, x];
  return [x, y];
}
// The column shown at turned position (a, b): the inverse of turnCell.
export function unturnCell(a, b, r) {
  return turnCell(a, b, 4 - (((r % 4) + 4) % 4));
}
export { turnCell };

export function colourOf(name) {
  return PIECE_COLOURS[name] || name || "#888";
}

function faces(colour) {
  const c = colourOf(colour);
  if (colour === "black") return { top: "#5b5f6b", left: "#3f424b", right: "#2b2d34" };
  if (colour === "white") return { top: "#fbf8f0", left: "#ddd7c8", right: "#bcb6a6" };
  return { top: shade(c, 1.22), left: c, right: shade(c, 0.72) };
}

class Projector {
  constructor(s, r = 0) {
    this.s = s;
    this.r = r;
  }
  // Screen point of a point in (unturned) board space.
  p(px, py, pz) {
    const [a, b] = turnPoint(px, py, this.r);
    return this.q(a, b, pz);
  }
  // Screen point of an already turned point.
  q(a, b, z) {
    return [(a - b) * C * this.s, (a + b) * 0.5 * this.s - z * this.s];
  }
  pts(list) {
    return list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  }
}

// One unit cube at cell (x, y, z) drawn as three faces.
function cube(pr, cell, colour, attrs = {}) {
  const [x, y, z] = cell;
  const [a, b] = turnCell(x, y, pr.r);
  const f = faces(colour);
  const top = [pr.q(a, b, z + 1), pr.q(a + 1, b, z + 1), pr.q(a + 1, b + 1, z + 1), pr.q(a, b + 1, z + 1)];
  const right = [pr.q(a + 1, b, z), pr.q(a + 1, b + 1, z), pr.q(a + 1, b + 1, z + 1), pr.q(a + 1, b, z + 1)];
  const left = [pr.q(a, b + 1, z), pr.q(a + 1, b + 1, z), pr.q(a + 1, b + 1, z + 1), pr.q(a, b + 1, z + 1)];
  return svg("g", attrs,
    svg("polygon", { class: "f-top", points: pr.pts(top), fill: f.top }),
    svg("polygon", { class: "f-left", points: pr.pts(left), fill: f.left }),
    svg("polygon", { class: "f-right", points: pr.pts(right), fill: f.right }));
}

function depth(cell, r) {
  const [a, b] = turnCell(cell[0], cell[1], r);
  return a + b + cell[2];
}

// Whether the cube at `front` hides part of the cube at `back` in this view: their outlines
// overlap exactly when the offset between them, less some multiple of (1, 1, 1), lies inside the
// cube [-1, 1]^3 (for whole offsets: its components differ by at most 1), and `front` is nearer.
function hides(front, back, r) {
  const [fa, fb] = turnCell(front[0], front[1], r);
  const [ba, bb] = turnCell(back[0], back[1], r);
  const d = [fa - ba, fb - bb, front[2] - back[2]];
  return Math.max(...d) - Math.min(...d) <= 1 && d[0] + d[1] + d[2] > 0;
}

// Column heights of a building: heights[y][x].
export function columnHeights(cubes) {
  const hs = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const c of cubes) {
    const [x, y, z] = c.cell;
    hs[y][x] = Math.max(hs[y][x], z + 1);
  }
  return hs;
}

// A whole board: floor, edge colours, prophecy badges, cubes, and for the player choosing a
// placement the preview of one candidate (cubes in front of it turn see-through) and a mark on
// the column being pointed at.
// opts: {rot, height, edges: {north: colour}, prophecies: {north: {value, fulfilled}},
//        cubes: [{cell, colour}], fresh: Set("x,y,z"), preview: {cells, colour, kind, anchor},
//        mark: [x, y] | null, columns: {cursor: [x, y], fits: Set("x,y") | null, label(col)} | null,
//        texts: {side(side), edge(side), prophecy(side, pro)}, label, thumb,
//        line: [{n, cells, colour}] | null, sideLine: [{n, side}] | null (the coach's line),
//        sideSuggested: {side, value} | null (the coach's choice of a prophecy)}
export function drawBoard(opts) {
  const s = S;
  const r = opts.rot || 0;
  const H = opts.height || 4;
  const pr = new Projector(s, r);
  const halfWidth = 4.35 * s;
  const top = -(H + 0.2) * s;
  const bottom = 4.6 * s;
  const interactive = !!opts.columns;
  const root = svg("svg", {
    class: ["iso-board", opts.thumb && "thumb", interactive && "interactive"].filter(Boolean).join(" "),
    viewBox: `${(-halfWidth).toFixed(1)} ${top.toFixed(1)} ${(2 * halfWidth).toFixed(1)} ${(bottom - top).toFixed(1)}`,
    // Interactive: a group of column buttons, itself out of the Tab order.
    role: interactive ? "group" : "img", "aria-label": opts.label || null, tabindex: interactive ? -1 : null,
  });
  const heights = columnHeights(opts.cubes || []);
  // Whether a click on column (x, y) can do something (always, until a piece is chosen).
  const fits = (x, y) => !interactive || !opts.columns.fits || opts.columns.fits.has(`${x},${y}`);

  // Edge strips outside the floor, in each side's printed colour.
  const strip = {
    north: [[0, -0.34], [4, -0.34], [4, -0.08], [0, -0.08]],
    south: [[0, 4.08], [4, 4.08], [4, 4.34], [0, 4.34]],
    west: [[-0.34, 0], [-0.08, 0], [-0.08, 4], [-0.34, 4]],
    east: [[4.08, 0], [4.34, 0], [4.34, 4], [4.08, 4]],
  };
  const badgeAt = { north: [2, -0.95], south: [2, 4.95], west: [-0.95, 2], east: [4.95, 2] };
  const base = svg("g", { class: "floor", "aria-hidden": "true" });
  base.append(svg("polygon", { class: "floor-plate", points: pr.pts([pr.p(-0.45, -0.45, 0), pr.p(4.45, -0.45, 0), pr.p(4.45, 4.45, 0), pr.p(-0.45, 4.45, 0)]) }));
  for (const side of SIDES) {
    base.append(svg("polygon", {
      class: "edge-strip", "data-side": side,
      points: pr.pts(strip[side].map(([x, y]) => pr.p(x, y, 0))), fill: colourOf(opts.edges?.[side]),
    }, opts.texts?.edge ? svg("title", {}, opts.texts.edge(side)) : null));
  }
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      base.append(svg("polygon", {
        class: ["floor-cell", !fits(x, y) && "nofit"].filter(Boolean).join(" "),
        "data-col": `${x},${y}`,
        points: pr.pts([pr.p(x, y, 0), pr.p(x + 1, y, 0), pr.p(x + 1, y + 1, 0), pr.p(x, y + 1, 0)]),
      }));
    }
  }
  root.append(base);

  // Height frame: a faint box of the height limit.
  const frame = svg("g", { class: "height-frame", "aria-hidden": "true" });
  const corners = [[0, 0], [4, 0], [4, 4], [0, 4]];
  frame.append(svg("polygon", { points: pr.pts(corners.map(([x, y]) => pr.p(x, y, H))) }));
  for (const [x, y] of corners) {
    const [x1, y1] = pr.p(x, y, 0);
    const [x2, y2] = pr.p(x, y, H);
    frame.append(svg("line", { x1, y1, x2, y2 }));
  }
  root.append(frame);

  // What must stay visible: the preview's cubes and the cell on top of the marked column.
  const seen = [...(opts.preview?.cells || [])];
  const mark = opts.mark;
  const markCovered = mark && seen.some((c) => c[0] === mark[0] && c[1] === mark[1]);
  if (mark && !markCovered) seen.push([mark[0], mark[1], heights[mark[1]][mark[0]]]);

  const items = [...(opts.cubes || [])].sort((u, v) => depth(u.cell, r) - depth(v.cell, r));
  const body = svg("g", { class: "cubes", "aria-hidden": "true" });
  const wires = svg("g", { class: "xray-wires", "aria-hidden": "true" });
  for (const it of items) {
    const [x, y, z] = it.cell;
    const key = `${x},${y},${z}`;
    const xray = seen.some((c) => hides(it.cell, c, r));
    if (xray) wires.append(cube(pr, it.cell, it.colour, { class: "cube wire" }));
    const cls = ["cube", opts.fresh?.has(key) && "fresh", xray && "xray", !fits(x, y) && "nofit"];
    body.append(cube(pr, it.cell, it.colour, { class: cls.filter(Boolean).join(" "), "data-cell": key, "data-col": `${x},${y}` }));
  }
  root.append(body);

  // The preview over the building (whatever stands in front of it is see-through): clicking it
  // means its anchor column, so a second click on the piece shown tries the next placement.
  if (opts.preview) {
    const { cells, colour, kind, anchor } = opts.preview;
    const layer = svg("g", { class: "preview-layer", "aria-hidden": "true" });
    for (const cell of [...cells].sort((u, v) => depth(u, r) - depth(v, r))) {
      const [x, y, z] = cell;
      const own = anchor && anchor[0] === x && anchor[1] === y;
      layer.append(cube(pr, cell, colour, {
        class: ["cube", "preview", kind, own && "anchor"].filter(Boolean).join(" "),
        "data-preview": kind, "data-cell": `${x},${y},${z}`, "data-col": anchor ? `${anchor[0]},${anchor[1]}` : `${x},${y}`,
        "data-testid": `preview-${x}-${y}-${z}`,
      }));
    }
    root.append(layer);
  }
  // The edges of the see-through cubes again, over the preview: it stands behind them.
  root.append(wires);

  // The coach's line on this board: each decision it expects after its choice as dashed ghost
  // cubes with its number over them (a prophecy's number stands by its side, below).
  if (opts.line?.length) {
    const layer = svg("g", { class: "line-layer", "aria-hidden": "true" });
    for (const step of opts.line) {
      const mark = svg("g", { class: "line-step", "data-testid": `line-mark-${step.n}` });
      for (const cell of [...step.cells].sort((u, v) => depth(u, r) - depth(v, r))) mark.append(cube(pr, cell, step.colour, { class: "cube line" }));
      const top = step.cells.reduce((a, b) => (b[2] > a[2] ? b : a));
      const [tx, ty] = pr.p(top[0] + 0.5, top[1] + 0.5, top[2] + 1);
      mark.append(svg("circle", { class: "line-num-mark", cx: tx, cy: ty, r: s * 0.3 }),
        svg("text", { class: "line-num-text", x: tx, y: ty + s * 0.12, "text-anchor": "middle", "font-size": s * 0.34 }, String(step.n)));
      layer.append(mark);
    }
    root.append(layer);
  }

  // Column tops: the mark, and for the keyboard one focusable target per column (the mouse
  // reaches columns through their cubes and floor cells, which carry data-col).
  const tops = svg("g", { class: "column-tops" });
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const z = heights[y][x];
      const face = pr.pts([pr.p(x, y, z), pr.p(x + 1, y, z), pr.p(x + 1, y + 1, z), pr.p(x, y + 1, z)]);
      const marked = mark && mark[0] === x && mark[1] === y && !markCovered;
      if (!interactive && !marked) continue;
      const attrs = { class: ["column-top", marked && "marked"].filter(Boolean).join(" "), points: face, "data-top": `${x},${y}` };
      if (interactive) {
        const cursor = opts.columns.cursor;
        const isCursor = cursor && cursor[0] === x && cursor[1] === y;
        Object.assign(attrs, {
          role: "button", tabindex: isCursor ? 0 : -1, "aria-label": opts.columns.label([x, y]),
          "data-testid": `column-${"abcd"[x]}${y + 1}`, "data-fkey": `column-${x}-${y}`,
        });
      }
      tops.append(svg("polygon", attrs));
    }
  }
  root.append(tops);

  // Prophecy tokens and the sides' names over everything else.
  const over = svg("g", { class: "overlay", "aria-hidden": "true" });
  for (const side of SIDES) {
    const [bx, by] = pr.p(...badgeAt[side], 0);
    const pro = opts.prophecies?.[side];
    if (pro) {
      over.append(svg("g", { class: ["prophecy-badge", pro.fulfilled ? "fulfilled" : ""].join(" "), "data-side": side },
        opts.texts?.prophecy ? svg("title", {}, opts.texts.prophecy(side, pro)) : null,
        svg("circle", { cx: bx, cy: by, r: s * 0.42, fill: colourOf(opts.edges?.[side]) }),
        svg("circle", { cx: bx, cy: by, r: s * 0.32, class: "prophecy-inner" }),
        svg("text", { x: bx, y: by + s * 0.13, "text-anchor": "middle", class: "prophecy-value", "font-size": s * 0.36 }, String(pro.value)),
        pro.fulfilled ? svg("text", { x: bx + s * 0.36, y: by - s * 0.22, class: "tick", "font-size": s * 0.34 }, "✓") : null));
    } else {
      const name = opts.texts?.side ? opts.texts.side(side) : side;
      over.append(svg("text", { x: bx, y: by + 5, "text-anchor": "middle", class: "compass", "font-size": s * 0.32 }, name));
    }
  }
  // The coach's choice of a prophecy: its side ringed, with the prophecy's value.
  if (opts.sideSuggested) {
    const { side, value } = opts.sideSuggested;
    const [bx, by] = pr.p(...badgeAt[side], 0);
    over.append(svg("g", { class: "side-suggested", "data-testid": `suggested-side-${side}` },
      svg("circle", { cx: bx, cy: by, r: s * 0.55 }),
      svg("text", { x: bx, y: by - s * 0.62, "text-anchor": "middle", "font-size": s * 0.34 }, `✦ ${value}`)));
  }
  for (const step of opts.sideLine || []) {
    const [bx, by] = pr.p(...badgeAt[step.side], 0);
    over.append(svg("g", { class: "line-step", "data-testid": `line-mark-${step.n}` },
      svg("circle", { class: "line-num-mark", cx: bx + s * 0.62, cy: by - s * 0.32, r: s * 0.3 }),
      svg("text", { class: "line-num-text", x: bx + s * 0.62, y: by - s * 0.2, "text-anchor": "middle", "font-size": s * 0.34 }, String(step.n))));
  }
  root.append(over);
  return root;
}

// The building seen from above, small and turned like the big drawing: each column in its top
// cube's colour with its height, so that a column hidden behind taller ones can still be pointed
// at. opts: {rot, cubes, fits: Set("x,y") | null, covered: Set("x,y"), anchor: [x, y] | null}
export function drawPlan(opts) {
  const s = 13;
  const r = opts.rot || 0;
  const pr = new Projector(s, r);
  const w = 4 * C * s + 3;
  const root = svg("svg", { class: "plan", viewBox: `${(-w).toFixed(1)} -3 ${(2 * w).toFixed(1)} ${(4 * s + 6).toFixed(1)}`, "aria-hidden": "true" });
  const heights = columnHeights(opts.cubes || []);
  const tops = {};
  for (const c of opts.cubes || []) if (c.cell[2] === heights[c.cell[1]][c.cell[0]] - 1) tops[`${c.cell[0]},${c.cell[1]}`] = c.colour;
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const key = `${x},${y}`;
      const anchor = opts.anchor && opts.anchor[0] === x && opts.anchor[1] === y;
      const [cx, cy] = pr.p(x + 0.5, y + 0.5, 0);
      root.append(svg("g", {
        class: ["plan-cell", opts.fits && !opts.fits.has(key) && "nofit", opts.covered?.has(key) && "covered", anchor && "anchor"].filter(Boolean).join(" "),
        "data-col": key, "data-plan": key,
      },
      svg("polygon", { points: pr.pts([pr.p(x, y, 0), pr.p(x + 1, y, 0), pr.p(x + 1, y + 1, 0), pr.p(x, y + 1, 0)]), fill: tops[key] ? faces(tops[key]).top : null }),
      heights[y][x] ? svg("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", class: ["plan-height", tops[key] === "white" && "dark"].filter(Boolean).join(" ") }, String(heights[y][x])) : null));
    }
  }
  return root;
}

// A small picture of a piece (cells already relative), fitted into a box of the given width.
export function drawPiece(cells, colour, width = 60, height = 52, label = null) {
  const s = 10;
  const pr = new Projector(s, 0);
  const sorted = [...cells].sort((u, v) => depth(u, 0) - depth(v, 0));
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y, z] of cells) {
    for (const [a, b, c] of [[x, y, z], [x + 1, y, z], [x, y + 1, z], [x + 1, y + 1, z], [x, y, z + 1], [x + 1, y, z + 1], [x, y + 1, z + 1], [x + 1, y + 1, z + 1]]) {
      const [sx, sy] = pr.q(a, b, c);
      minX = Math.min(minX, sx); maxX = Math.max(maxX, sx); minY = Math.min(minY, sy); maxY = Math.max(maxY, sy);
    }
  }
  const root = svg("svg", {
    class: "piece-pic", viewBox: `${minX - 2} ${minY - 2} ${maxX - minX + 4} ${maxY - minY + 4}`, width, height,
    ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }),
  });
  for (const c of sorted) root.append(cube(pr, c, colour, { class: "cube" }));
  return root;
}
