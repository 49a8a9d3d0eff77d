// The Monolyth table: the ring with the crystal, every player's monolith in 3D, tokens, and the
// choose-turn-place flow driven by the server's legal actions.
import { h, svg, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { drawBoard, drawPiece, normalise, cellName, colourOf, SIDES } from "./iso.js";

// Piece shapes from the game's printed catalog (GET /api/games/monolyth/catalog); the view names
// each piece's shape, the catalog gives its cubes.
let SHAPES = {};
let catalogRequest = null;
function loadCatalog(onLoaded) {
  catalogRequest ??= api("GET", "/api/games/monolyth/catalog").then((c) => { SHAPES = c.shapes; });
  catalogRequest.then(onLoaded, () => { catalogRequest = null; });
}
const RING = 13;

const key = (cells) => cells.map((c) => c.join(".")).join("|");

export function createMonolyth(container, ctx) {
  let p = null; // the state payload
  let v = null; // its view
  const ui = { step: null, mode: "place", orient: 0, chosen: null, hover: null, side: null, version: -1 };
  const rot = {};
  const fresh = {}; // seat -> the cells of that board's latest placement, outlined
  let lastCells = null;
  let keyHandler = null;

  const legal = () => (p && p.legal_actions) || [];
  const myTurn = () => ctx.seat !== null && p && p.to_move === ctx.seat && !p.result && legal().length > 0;
  const ringPiece = (step) => v.ring[(v.crystal + step) % RING];

  function resetSelection() {
    Object.assign(ui, { step: null, mode: "place", orient: 0, chosen: null, hover: null, side: null });
  }

  function stepActions(step) {
    return legal().filter((a) => (a.action.type === "place" || a.action.type === "swap") && a.action.step === step);
  }

  function orientations(step) {
    const groups = new Map();
    for (const a of stepActions(step)) {
      if (a.action.type !== "place") continue;
      const k = key(normalise(a.action.cells));
      if (!groups.has(k)) groups.set(k, { cells: normalise(a.action.cells), actions: [] });
      groups.get(k).actions.push(a);
    }
    return [...groups.values()];
  }

  function currentGroup() {
    if (ui.step === null || ui.mode !== "place") return null;
    const groups = orientations(ui.step);
    if (!groups.length) return null;
    ui.orient = ((ui.orient % groups.length) + groups.length) % groups.length;
    return { groups, group: groups[ui.orient] };
  }

  function candidates() {
    if (ui.step === null) return [];
    if (ui.mode === "swap") return stepActions(ui.step).filter((a) => a.action.type === "swap");
    const cg = currentGroup();
    return cg ? cg.group.actions : [];
  }

  function actionCells(a) {
    if (!a) return [];
    if (a.action.type === "place") return a.action.cells;
    if (a.action.type === "swap") return [a.action.cell];
    return [];
  }

  const byId = (id) => legal().find((a) => a.id === id) || null;

  function choose(id) {
    ui.chosen = id;
    ui.hover = null;
    draw();
  }

  function selectStep(step) {
    if (!myTurn()) return;
    const acts = stepActions(step);
    if (!acts.length) return;
    ui.step = step;
    ui.mode = acts.some((a) => a.action.type === "place") ? "place" : "swap";
    ui.orient = 0;
    ui.chosen = null;
    ui.side = null;
    draw();
  }

  function turnPiece(delta = 1) {
    if (ui.mode !== "place" || ui.step === null) return;
    ui.orient += delta;
    ui.chosen = null;
    draw();
  }

  function cyclePlacement(delta) {
    const list = candidates();
    if (!list.length) return;
    const i = list.findIndex((a) => a.id === ui.chosen);
    const next = i < 0 ? (delta > 0 ? 0 : list.length - 1) : (i + delta + list.length) % list.length;
    choose(list[next].id);
  }

  function onGhost(kind, cell) {
    if (kind === "leave") {
      if (ui.hover === null) return;
      ui.hover = null;
      draw();
      return;
    }
    const k = cell.join(",");
    const containing = candidates().filter((a) => actionCells(a).some((c) => c.join(",") === k));
    if (!containing.length) return;
    if (kind === "enter") {
      if (ui.chosen !== null && containing.some((a) => a.id === ui.chosen)) return;
      if (ui.hover !== null && containing.some((a) => a.id === ui.hover)) return;
      ui.hover = containing[0].id;
      draw();
    } else {
      const i = containing.findIndex((a) => a.id === ui.chosen);
      choose(containing[(i + 1) % containing.length].id);
    }
  }

  async function confirm() {
    if (ui.chosen === null) return;
    const id = ui.chosen;
    const ok = await ctx.act(id);
    if (ok) resetSelection();
  }

  function cancel() {
    resetSelection();
    draw();
  }

  // ---- drawing ---------------------------------------------------------------------------

  function ringView() {
    const size = 300;
    const cx = size / 2, cy = size / 2, R = 112;
    const root = svg("svg", { class: "ring", viewBox: `0 0 ${size} ${size}`, width: size, height: size, "data-testid": "ring" });
    root.append(svg("circle", { cx, cy, r: R, class: "ring-track" }));
    root.append(svg("circle", { cx, cy, r: R - 30, class: "ring-hole" }));
    const mine = myTurn();
    for (let i = 0; i < RING; i++) {
      const ang = -Math.PI / 2 + (2 * Math.PI * i) / RING;
      const x = cx + R * Math.cos(ang), y = cy + R * Math.sin(ang);
      const step = (i - v.crystal + RING) % RING;
      const piece = v.ring[i];
      const selectable = mine && step >= 1 && step <= 4 && stepActions(step).length > 0;
      const reach = step >= 1 && step <= 4;
      const g = svg("g", {
        class: ["ring-space", selectable && "selectable", reach && "reach", ui.step === step && step > 0 && "selected", i === v.crystal && "crystal-space"].filter(Boolean).join(" "),
        "data-testid": `ring-space-${i}`, "data-step": reach ? step : null,
        transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      });
      g.append(svg("circle", { r: 27, class: "space-disc" }));
      if (piece) {
        const pic = drawPiece(SHAPES[piece.shape] || [[0, 0, 0]], piece.colour, 40, 34);
        pic.setAttribute("x", -20); pic.setAttribute("y", -19);
        g.append(pic);
        g.append(svg("title", {}, `${t(`colour.${piece.colour}`)} ${piece.shape}${reach ? ` · ${t("mono.steps", { n: step })}` : ""}`));
      }
      if (i === v.crystal) {
        g.append(svg("polygon", { class: "crystal", points: "0,-17 10,-3 0,17 -10,-3" }), svg("title", {}, t("mono.crystal")));
      }
      if (reach) {
        const lx = (R + 42) * Math.cos(ang) - R * Math.cos(ang), ly = (R + 42) * Math.sin(ang) - R * Math.sin(ang);
        g.append(svg("text", { class: "step-label", x: lx, y: ly + 4, "text-anchor": "middle" }, String(step)));
      }
      if (selectable) {
        g.setAttribute("data-testid", `ring-step-${step}`);
        g.addEventListener("click", () => selectStep(step));
      }
      root.append(g);
    }
    root.append(svg("text", { x: cx, y: cy - 6, "text-anchor": "middle", class: "ring-centre" }, String(v.box_size)));
    root.append(svg("text", { x: cx, y: cy + 14, "text-anchor": "middle", class: "ring-centre-sub" }, t("mono.in_box")));
    return root;
  }

  function boardPanel(b, size) {
    const seat = b.seat;
    const r = rot[seat] || 0;
    const isMine = ctx.seat === seat;
    let ghosts = [];
    if (isMine && myTurn() && ui.step !== null) {
      const piece = ringPiece(ui.step);
      const colour = piece ? piece.colour : "white";
      const shown = byId(ui.hover ?? ui.chosen);
      const shownCells = new Set(actionCells(shown).map((c) => c.join(",")));
      const cand = new Map();
      for (const a of candidates()) for (const c of actionCells(a)) cand.set(c.join(","), c);
      for (const [k, c] of cand) if (!shownCells.has(k)) ghosts.push({ cell: c, kind: "cand" });
      for (const c of actionCells(shown)) ghosts.push({ cell: c, kind: "preview", colour });
    }
    const sideLetters = Object.fromEntries(SIDES.map((sd) => [sd, t(`side.${sd}.short`)]));
    const pic = drawBoard({
      s: { big: 46, mid: 34, small: 22 }[size], rot: r, height: v.height, edges: b.edges, prophecies: b.prophecies, cubes: b.cubes, fresh: fresh[seat],
      ghosts, onGhost: isMine ? onGhost : null, sideLetters,
      prophecyTitle: (side, pro) => t("mono.prophecy_tip", { side: t(`side.${side}`), colour: t(`colour.${b.edges[side]}`), value: pro.value, state: t(pro.fulfilled ? "mono.fulfilled" : "mono.unfulfilled") }),
    });
    const rotBtn = (d, label, tip) => h("button", {
      class: "btn icon", title: tip, "data-testid": `rotate-${d > 0 ? "right" : "left"}-${seat}`,
      onclick: () => { rot[seat] = (r + d + 4) % 4; draw(); },
    }, label);
    const turnMark = p.to_move === seat && !p.result;
    return h("section", { class: ["panel", "board-panel", size, turnMark && "to-move"], "data-testid": `board-${seat}` },
      h("div", { class: "board-head" },
        h("span", { class: "seat-dot", style: { background: `var(--p${seat})` } }),
        h("span", { class: "board-owner" }, ctx.seatName(seat)),
        h("span", { class: "muted small", title: t("mono.board_tip") }, t("mono.board_n", { n: b.board })),
        h("span", { class: "spacer" }),
        h("span", { class: "score", title: t("mono.score_tip"), "data-testid": `score-${seat}` }, "★ ", String(b.score))),
      h("div", { class: "board-art" }, pic,
        h("div", { class: "rotate-btns" }, rotBtn(-1, "⟲", t("mono.rotate_left")), rotBtn(1, "⟳", t("mono.rotate_right")))),
      h("div", { class: "token-row" },
        b.level_tokens.map((val, i) => h("span", { class: "token level", title: t("mono.level_token_tip") }, `L${i + 1}·${val}`)),
        b.structure_token ? h("span", { class: "token structure", title: t("mono.structure_token_tip") }, `◆ ${b.structure_token}`) : null,
        Object.entries(b.prophecies).map(([side, pro]) => h("span", {
          class: ["token", "prophecy", pro.fulfilled && "fulfilled"], style: { "--edge": colourOf(b.edges[side]) },
          title: t("mono.prophecy_tip", { side: t(`side.${side}`), colour: t(`colour.${b.edges[side]}`), value: pro.value, state: t(pro.fulfilled ? "mono.fulfilled" : "mono.unfulfilled") }),
        }, `${t(`side.${side}.short`)} ${pro.value}${pro.fulfilled ? " ✓" : ""}`))));
  }

  function trayView() {
    const tray = h("section", { class: "panel tray", "data-testid": "tray" });
    if (!myTurn()) {
      if (ctx.seat === null) tray.append(h("p", { class: "muted" }, t("mono.spectator_hint")));
      else if (!p.result) tray.append(h("p", { class: "muted waiting" }, h("span", { class: "spinner" }), t("table.waiting_for", { name: ctx.seatName(p.to_move) })));
      return tray;
    }
    const acts = legal();
    if (acts.length === 1 && acts[0].action.type === "pass") {
      tray.append(h("div", { class: "tray-row" }, h("p", {}, t("mono.must_pass")),
        h("button", { class: "btn primary", "data-testid": "pass", onclick: () => ctx.act(acts[0].id) }, t("mono.pass"))));
      return tray;
    }
    if (ui.step === null) {
      tray.append(h("p", { class: "hint" }, "① ", t("mono.hint_choose")));
    } else {
      const piece = ringPiece(ui.step);
      const cg = currentGroup();
      const hasSwap = stepActions(ui.step).some((a) => a.action.type === "swap");
      const hasPlace = orientations(ui.step).length > 0;
      const picture = ui.mode === "place" && cg ? drawPiece(cg.group.cells, piece.colour, 84, 72) : drawPiece([[0, 0, 0]], piece.colour, 40, 36);
      tray.append(h("div", { class: "tray-row" },
        h("div", { class: "tray-piece", title: t("mono.turn_tip") }, picture),
        h("div", { class: "tray-info" },
          h("div", { class: "tray-title" }, `${t(`colour.${piece.colour}`)} ${piece.shape} · ${t("mono.steps", { n: ui.step })}`),
          ui.mode === "place" && cg
            ? h("div", { class: "muted small" }, t("mono.orientation", { k: ui.orient + 1, n: cg.groups.length }), " · ", t("mono.placements", { n: cg.group.actions.length }))
            : h("div", { class: "muted small" }, t("mono.swap_explain", { colour: t(`colour.${piece.colour}`) }))),
        h("div", { class: "tray-buttons" },
          ui.mode === "place" && cg ? h("button", { class: "btn", "data-testid": "turn-piece", title: t("mono.turn_tip") + " (R)", onclick: () => turnPiece(1), disabled: cg.groups.length < 2 }, "⟳ ", t("mono.turn")) : null,
          h("button", { class: "btn", "data-testid": "prev-placement", title: t("mono.prev_tip"), onclick: () => cyclePlacement(-1) }, "◀"),
          h("button", { class: "btn", "data-testid": "next-placement", title: t("mono.next_tip"), onclick: () => cyclePlacement(1) }, "▶"),
          hasSwap && ui.mode === "place" ? h("button", { class: "btn ghost", "data-testid": "swap-mode", title: t("mono.swap_tip"), onclick: () => { ui.mode = "swap"; ui.chosen = null; draw(); } }, "⇄ ", t("mono.swap")) : null,
          hasPlace && ui.mode === "swap" ? h("button", { class: "btn ghost", "data-testid": "place-mode", onclick: () => { ui.mode = "place"; ui.chosen = null; draw(); } }, "▦ ", t("mono.place")) : null)));
      tray.append(h("p", { class: "hint" }, "② ", t(ui.mode === "place" ? "mono.hint_place" : "mono.hint_swap")));
    }
    // Prophecies: any free side, any available value.
    const pro = acts.filter((a) => a.action.type === "prophecy");
    if (pro.length) {
      const sides = [...new Set(pro.map((a) => a.action.side))];
      const mine = v.boards[ctx.seat];
      const side = ui.side && sides.includes(ui.side) ? ui.side : null;
      tray.append(h("div", { class: "prophecy-pick", "data-testid": "prophecy-pick" },
        h("span", { class: "label", title: t("mono.prophecy_help") }, "✦ ", t("mono.take_prophecy")),
        sides.map((sd) => h("button", {
          class: ["btn", "small", "side-btn", side === sd && "on"], "data-testid": `prophecy-side-${sd}`,
          style: { "--edge": colourOf(mine.edges[sd]) }, title: t("mono.side_tip", { side: t(`side.${sd}`), colour: t(`colour.${mine.edges[sd]}`) }),
          onclick: () => { ui.side = sd; ui.step = null; ui.chosen = null; draw(); },
        }, t(`side.${sd}`))),
        side ? h("span", { class: "values" }, pro.filter((a) => a.action.side === side).map((a) => h("button", {
          class: ["btn", "small", "value-btn", ui.chosen === a.id && "on"], "data-testid": `prophecy-value-${a.action.value}`,
          onclick: () => choose(a.id),
        }, String(a.action.value)))) : null));
    }
    const chosen = byId(ui.chosen);
    tray.append(h("div", { class: ["confirm-bar", chosen && "ready"] },
      h("span", { class: "confirm-text", "data-testid": "chosen-text" }, chosen ? ctx.say(chosen.label) : t("mono.nothing_chosen")),
      h("button", { class: "btn ghost", "data-testid": "cancel", onclick: cancel, disabled: ui.step === null && !chosen && !ui.side }, t("ui.cancel")),
      h("button", { class: "btn primary", "data-testid": "confirm", onclick: confirm, disabled: !chosen, title: "Enter" }, "✔ ", t("ui.confirm"))));
    return tray;
  }

  function infoView() {
    const card = v.structure_card;
    const supply = Object.entries(v.supply);
    return h("section", { class: "panel info" },
      h("div", { class: "structure-card", title: t("mono.structure_tip") },
        h("div", { class: "card-num" }, `#${card.number}`),
        h("div", {}, h("div", { class: "card-name" }, card.name), h("div", { class: "muted small" }, card.text))),
      h("div", { class: "info-grid" },
        h("div", { class: "info-label", title: t("mono.supply_tip") }, t("mono.supply")),
        h("div", { class: "supply" }, supply.map(([c, n]) => h("span", { class: "single", title: `${t(`colour.${c}`)}: ${n}` },
          h("span", { class: "swatch", style: { background: colourOf(c) } }), String(n)))),
        h("div", { class: "info-label", title: t("mono.levels_tip") }, t("mono.level_tokens")),
        h("div", {}, v.level_stacks.map((st, i) => h("span", { class: "stack", title: t("mono.level_n", { n: i + 1 }) }, `L${i + 1}: `, st.length ? st.join(" ") : "—"))),
        h("div", { class: "info-label", title: t("mono.structure_tip") }, t("mono.structure_tokens")),
        h("div", {}, v.structure_tokens.length ? v.structure_tokens.join(" · ") : "—"),
        h("div", { class: "info-label", title: t("mono.prophecy_help") }, t("mono.prophecy_tokens")),
        h("div", { class: "pro-tokens" }, v.prophecy_tokens.length ? v.prophecy_tokens.map((x) => h("span", { class: "chip-val" }, String(x))) : "—"),
        h("div", { class: "info-label" }, t("mono.turn_no")),
        h("div", {}, String(v.turn + 1), v.ending ? h("span", { class: "badge ending", title: t("mono.ending_tip") }, t("mono.last_round")) : null)));
  }

  function draw() {
    if (!p) return;
    v = p.view;
    clear(container);
    const boards = v.boards;
    const mine = ctx.seat !== null ? boards[ctx.seat] : null;
    const others = boards.filter((b) => b !== mine);
    container.append(h("div", { class: ["mono-table", ctx.seat === null && "spectator"] },
      h("div", { class: "mono-left" }, h("section", { class: "panel ring-panel" }, h("h3", { title: t("mono.ring_tip") }, t("mono.ring")), ringView()), infoView()),
      h("div", { class: "mono-centre" },
        mine ? boardPanel(mine, "big") : null,
        ctx.seat !== null && !p.result ? trayView() : null,
        h("div", { class: ["others", !mine && "all"] }, others.map((b) => boardPanel(b, mine ? "small" : "mid"))))));
  }

  keyHandler = (e) => {
    if (!myTurn() || e.target.closest("input, select, textarea")) return;
    if (e.key === "r" || e.key === "R") turnPiece(e.shiftKey ? -1 : 1);
    else if (e.key === "Enter") confirm();
    else if (e.key === "Escape") cancel();
    else if (e.key === "ArrowRight") cyclePlacement(1);
    else if (e.key === "ArrowLeft") cyclePlacement(-1);
    else if (e.key >= "1" && e.key <= "4") selectStep(Number(e.key));
  };
  document.addEventListener("keydown", keyHandler);

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
      if (payload.version !== ui.version) {
        resetSelection();
        ui.version = payload.version;
      }
      draw();
      if (!catalogRequest) loadCatalog(() => p && draw());
    },
    rerender: draw,
    playerExtra(seat) {
      const b = p?.view?.boards?.[seat];
      return b ? h("span", { class: "score small" }, "★ ", String(b.score)) : null;
    },
    resultExtra() {
      return v && v.solo_rating ? h("p", { class: "solo-rating" }, t("mono.solo_rating", { title: v.solo_rating })) : null;
    },
    destroy() {
      document.removeEventListener("keydown", keyHandler);
    },
  };
}

export { cellName };
