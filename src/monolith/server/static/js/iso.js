// An isometric renderer for 4x4xH buildings of unit cubes, in SVG, with quarter-turn rotation.
// Cells are (x, y, z): x west to east, y north to south, z up; all 0-3.
import { svg, shade, PIECE_COLOURS } from "./dom.js";

const C = Math.cos(Math.PI / 6);
export const SIDES = ["north", "east", "south", "west"];

// Turn a point of the board plane (0..4 x 0..4) a quarter clockwise r times (seen from above).
function turnPoint(px, py, r) {
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) [px, py] = [4 - py, px];
  return [px, py];
}
function turnCell(x, y, r) {
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) [x, y] = [3 - y, x];
  return [x, y];
}

export function colourOf(name) {
  return PIECE_COLOURS[name] || name || "#888";
}

function faces(colour) {
  const c = colourOf(colour);
  if (colour === "black") return { top: "#5b5f6b", left: "#3f424b", right: "#2b2d34" };
  if (colour === "white") return { top: "#fbf8f0", left: "#ddd7c8", right: "#bcb6a6" };
  return { top: shade(c, 1.22), left: c, right: shade(c, 0.72) };
}

export class Projector {
  constructor(s, r = 0) {
    this.s = s;
    this.r = r;
  }
  // Screen point of a point in (unturned) board space.
  p(px, py, pz) {
    const [a, b] = turnPoint(px, py, this.r);
    return [(a - b) * C * this.s, (a + b) * 0.5 * this.s - pz * this.s];
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
export function cube(pr, cell, colour, attrs = {}, style = "solid") {
  const [x, y, z] = cell;
  const [a, b] = turnCell(x, y, pr.r);
  const f = faces(colour);
  const top = [pr.q(a, b, z + 1), pr.q(a + 1, b, z + 1), pr.q(a + 1, b + 1, z + 1), pr.q(a, b + 1, z + 1)];
  const right = [pr.q(a + 1, b, z), pr.q(a + 1, b + 1, z), pr.q(a + 1, b + 1, z + 1), pr.q(a + 1, b, z + 1)];
  const left = [pr.q(a, b + 1, z), pr.q(a + 1, b + 1, z), pr.q(a + 1, b + 1, z + 1), pr.q(a, b + 1, z + 1)];
  const cls = `cube ${style}`;
  return svg("g", { class: cls, ...attrs },
    svg("polygon", { class: "f-top", points: pr.pts(top), fill: f.top }),
    svg("polygon", { class: "f-left", points: pr.pts(left), fill: f.left }),
    svg("polygon", { class: "f-right", points: pr.pts(right), fill: f.right }));
}

function depth(cell, r) {
  const [a, b] = turnCell(cell[0], cell[1], r);
  return a + b + cell[2];
}

// A whole board: floor, edge colours, prophecy badges, cubes and ghost cubes (highlights).
// opts: {s, rot, height, edges: {north: colour}, prophecies: {north: {value, fulfilled}},
//        cubes: [{cell, colour}], ghosts: [{cell, kind, colour, key}], onGhost(kind, cell, event)}
export function drawBoard(opts) {
  const s = opts.s;
  const r = opts.rot || 0;
  const H = opts.height || 4;
  const pr = new Projector(s, r);
  const margin = s * 1.9;
  const w = 8 * C * s + 2 * margin;
  const top = -H * s - margin * 0.55;
  const bottom = 4 * s + margin * 0.9;
  const root = svg("svg", {
    class: "iso-board", viewBox: `${(-4 * C * s - margin).toFixed(1)} ${top.toFixed(1)} ${w.toFixed(1)} ${(bottom - top).toFixed(1)}`,
    width: w.toFixed(0), height: (bottom - top).toFixed(0), role: "img",
  });

  // Edge strips outside the floor, in each side's printed colour.
  const strip = {
    north: [[0, -0.34], [4, -0.34], [4, -0.08], [0, -0.08]],
    south: [[0, 4.08], [4, 4.08], [4, 4.34], [0, 4.34]],
    west: [[-0.34, 0], [-0.08, 0], [-0.08, 4], [-0.34, 4]],
    east: [[4.08, 0], [4.34, 0], [4.34, 4], [4.08, 4]],
  };
  const badgeAt = { north: [2, -1.05], south: [2, 5.05], west: [-1.05, 2], east: [5.05, 2] };
  const base = svg("g", { class: "floor" });
  base.append(svg("polygon", { class: "floor-plate", points: pr.pts([pr.p(-0.45, -0.45, 0), pr.p(4.45, -0.45, 0), pr.p(4.45, 4.45, 0), pr.p(-0.45, 4.45, 0)]) }));
  for (const side of SIDES) {
    const colour = opts.edges?.[side];
    base.append(svg("polygon", {
      class: "edge-strip", "data-side": side,
      points: pr.pts(strip[side].map(([x, y]) => pr.p(x, y, 0))), fill: colourOf(colour),
    }, svg("title", {}, `${side}: ${colour}`)));
  }
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      base.append(svg("polygon", { class: "floor-cell", points: pr.pts([pr.p(x, y, 0), pr.p(x + 1, y, 0), pr.p(x + 1, y + 1, 0), pr.p(x, y + 1, 0)]) }));
    }
  }
  // Column letters and row numbers (b3^2 notation) just outside the west and north edges.
  for (let i = 0; i < 4; i++) {
    const [cx, cy] = pr.p(i + 0.5, -0.58, 0);
    base.append(svg("text", { class: "coord", x: cx, y: cy + 3, "text-anchor": "middle" }, "abcd"[i]));
    const [rx, ry] = pr.p(-0.58, i + 0.5, 0);
    base.append(svg("text", { class: "coord", x: rx, y: ry + 3, "text-anchor": "middle" }, String(i + 1)));
  }
  root.append(base);

  // Height frame: a faint box of the height limit.
  const frame = svg("g", { class: "height-frame" });
  const corners = [[0, 0], [4, 0], [4, 4], [0, 4]];
  frame.append(svg("polygon", { points: pr.pts(corners.map(([x, y]) => pr.p(x, y, H))) }));
  for (const [x, y] of corners) {
    const [x1, y1] = pr.p(x, y, 0);
    const [x2, y2] = pr.p(x, y, H);
    frame.append(svg("line", { x1, y1, x2, y2 }));
  }
  root.append(frame);

  const items = [];
  for (const c of opts.cubes || []) items.push({ cell: c.cell, colour: c.colour, kind: "cube", fresh: opts.fresh?.has(c.cell.join(",")) });
  for (const g of opts.ghosts || []) items.push({ ...g, kind: g.kind });
  items.sort((u, v) => depth(u.cell, r) - depth(v.cell, r) || (u.kind === "cube" ? -1 : 1));
  const body = svg("g", { class: "cubes" });
  for (const it of items) {
    if (it.kind === "cube") {
      body.append(cube(pr, it.cell, it.colour, { "data-cell": it.cell.join(",") }, it.fresh ? "solid fresh" : "solid"));
    } else {
      const g = cube(pr, it.cell, it.colour || "white",
        { "data-ghost": it.kind, "data-cell": it.cell.join(","), "data-testid": `ghost-${it.cell.join("-")}` }, `ghost ${it.kind}`);
      if (opts.onGhost) {
        g.addEventListener("click", (e) => opts.onGhost("click", it.cell, e));
        g.addEventListener("mouseenter", (e) => opts.onGhost("enter", it.cell, e));
      }
      body.append(g);
    }
  }
  root.append(body);
  if (opts.onGhost) root.addEventListener("mouseleave", (e) => opts.onGhost("leave", [-1, -1, -1], e));

  // Prophecy tokens and compass letters over everything else.
  const over = svg("g", { class: "overlay" });
  for (const side of SIDES) {
    const [bx, by] = pr.p(...badgeAt[side], 0);
    const pro = opts.prophecies?.[side];
    const letter = opts.sideLetters?.[side] || side[0].toUpperCase();
    if (pro) {
      over.append(svg("g", { class: ["prophecy-badge", pro.fulfilled ? "fulfilled" : ""].join(" "), "data-side": side },
        svg("title", {}, opts.prophecyTitle ? opts.prophecyTitle(side, pro) : `${side}: ${pro.value}`),
        svg("circle", { cx: bx, cy: by, r: s * 0.42, fill: colourOf(opts.edges?.[side]) }),
        svg("circle", { cx: bx, cy: by, r: s * 0.32, class: "prophecy-inner" }),
        svg("text", { x: bx, y: by + s * 0.13, "text-anchor": "middle", class: "prophecy-value", "font-size": s * 0.36 }, String(pro.value)),
        pro.fulfilled ? svg("text", { x: bx + s * 0.36, y: by - s * 0.22, class: "tick", "font-size": s * 0.34 }, "✓") : null));
    } else {
      base.append(svg("text", { x: bx, y: by + 4, "text-anchor": "middle", class: "compass", "font-size": Math.max(10, s * 0.3) }, letter));
    }
  }
  root.append(over);
  return root;
}

// A small picture of a piece (cells already relative), fitted into a box of the given width.
export function drawPiece(cells, colour, width = 60, height = 52) {
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
  const root = svg("svg", { class: "piece-pic", viewBox: `${minX - 2} ${minY - 2} ${maxX - minX + 4} ${maxY - minY + 4}`, width, height });
  for (const c of sorted) root.append(cube(pr, c, colour));
  return root;
}

export function normalise(cells) {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  const mz = Math.min(...cells.map((c) => c[2]));
  return cells.map(([x, y, z]) => [x - mx, y - my, z - mz]).sort((u, v) => u[2] - v[2] || u[1] - v[1] || u[0] - v[0]);
}

export function cellName([x, y, z]) {
  return `${"abcd"[x]}${y + 1}^${z + 1}`;
}
