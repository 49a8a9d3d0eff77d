// The Monolith table: the map from the view's polygons with units, buildings, tunnels and boast
// slots; tribes with their hearts and pools; the action board; the divination row with bids; the
// favor track; your secret objectives; and the current decision as a list of legal actions.
import { h, svg, clear } from "./dom.js";
import { t, named } from "./i18n.js";
import { favorBreakdown } from "./tm_score.js";

const TERRAIN = ["#3d4a35", "#46503a", "#4b4636", "#3f4b40", "#4a4a3a"];
const BUILDING_FILL = { temple: "#6b5a33", scriptorium: "#36506b", mausoleum: "#4b4457" };
const BUILDING_MARK = { temple: "T", scriptorium: "S", mausoleum: "M" };
const PCOL = (p) => `var(--p${p})`;

// Names and texts of spaces and cards come from the games' messages, in the reader's language;
// the view names cards and spaces by key ("divinations" in the view is "divination" here).
const SINGULAR = { divinations: "divination", events: "event", objectives: "objective", shamans: "shaman" };
function cardName(kind, key) {
  if (key === null || key === undefined) return "—";
  return named(SINGULAR[kind] || kind, key);
}
function cardText(kind, key) {
  if (key === null || key === undefined) return "";
  return named(SINGULAR[kind] || kind, key, "text");
}

function centroid(poly) {
  let x = 0, y = 0;
  for (const [px, py] of poly) { x += px; y += py; }
  return [x / poly.length, y / poly.length];
}

function heartIcon(x, y, r, fill) {
  const d = `M ${x} ${y + r * 0.9} C ${x - r * 1.6} ${y - r * 0.2}, ${x - r * 0.6} ${y - r * 1.3}, ${x} ${y - r * 0.35} C ${x + r * 0.6} ${y - r * 1.3}, ${x + r * 1.6} ${y - r * 0.2}, ${x} ${y + r * 0.9} Z`;
  return svg("path", { d, fill, stroke: "#111", "stroke-width": 0.7 });
}

export function createTheMonolith(container, ctx) {
  let p = null;
  let v = null;
  let focus = null; // a space index the action list is narrowed to
  let filter = "";

  const legal = () => (p && p.legal_actions) || [];
  const myTurn = () => ctx.seat !== null && p && p.to_move === ctx.seat && !p.result && legal().length > 0;
  const seats = () => v.seats || v.players_ || [];
  const spaceName = (i) => (v.spaces[i] ? named("space", v.spaces[i].key) : `#${i}`);
  // The spaces an action is about: its own space arguments, or where a march stands.
  const actionSpaces = (a) => {
    const found = ["space", "from", "to"].map((k) => a.action[k]).filter((x) => x !== undefined);
    if (!found.length && (a.action.kind === "drop_off" || a.action.kind === "pick_up") && v.march) found.push(v.march.at);
    return found;
  };

  function spacesInActions() {
    return new Set(legal().flatMap(actionSpaces));
  }

  function mapView() {
    const pts = v.spaces.flatMap((s) => s.polygon);
    const maxX = Math.max(...pts.map((q) => q[0])), maxY = Math.max(...pts.map((q) => q[1]));
    const root = svg("svg", { class: "tm-map", viewBox: `-6 -6 ${maxX + 12} ${maxY + 12}`, "data-testid": "map", role: "img" });
    const named = myTurn() ? spacesInActions() : new Set();
    const layer = svg("g", {});
    const marks = svg("g", {});
    for (const s of v.spaces) {
      const fill = !s.exists ? "#111318" : s.monolith ? "#2b2838" : s.tunnel ? "#2f3442" : BUILDING_FILL[s.building] || TERRAIN[s.index % TERRAIN.length];
      const poly = svg("polygon", {
        class: ["space-poly", !s.exists && "absent", named.has(s.index) && "clickable hl", focus === s.index && "hl"].filter(Boolean).join(" "),
        points: s.polygon.map((q) => q.join(",")).join(" "), fill, "data-testid": `space-${s.key}`, "data-space": s.index,
      });
      const tip = [spaceName(s.index)];
      if (!s.exists) tip.push(t("tm.absent"));
      if (s.monolith) tip.push(t("tm.monolith"));
      if (s.building) tip.push(t(`tm.building.${s.building}`));
      if (s.tunnel) tip.push(t("tm.tunnel"));
      for (const o of s.stronghold_of || []) tip.push(t("tm.stronghold_of", { name: ctx.seatName(o) }));
      if (s.controller !== null && s.controller !== undefined) tip.push(t("tm.controller", { name: ctx.seatName(s.controller) }));
      s.warriors.forEach((n, pl) => { if (n) tip.push(`${ctx.seatName(pl)}: ${n} ${t("tm.warriors")}`); });
      s.dead.forEach((n, pl) => { if (n) tip.push(`${ctx.seatName(pl)}: ${n} ${t("tm.dead")}`); });
      poly.append(svg("title", {}, tip.join(" · ")));
      poly.addEventListener("click", () => { focus = focus === s.index ? null : s.index; draw(); });
      layer.append(poly);
      if (!s.exists) continue;
      if (s.controller !== null && s.controller !== undefined) {
        layer.append(svg("polygon", { points: s.polygon.map((q) => q.join(",")).join(" "), fill: PCOL(s.controller), opacity: 0.16, "pointer-events": "none" }));
      }
      const [cx, cy] = centroid(s.polygon);
      const name = spaceName(s.index);
      const label = name.length > 14 ? name.replace(" ", "\n") : name;
      label.split("\n").forEach((line, i) => marks.append(svg("text", { class: "space-name", x: cx, y: cy - 26 + i * 11, "text-anchor": "middle" }, line)));
      const badges = [];
      if (s.monolith) badges.push("◆");
      if (s.building) badges.push(BUILDING_MARK[s.building]);
      if (s.tunnel) badges.push("⌒");
      if (badges.length) marks.append(svg("text", { class: "space-label-sub", x: cx, y: cy - 4 + (label.includes("\n") ? 8 : 0), "text-anchor": "middle" }, badges.join(" ")));
      if (s.monolith) {
        marks.append(svg("polygon", { points: `${cx},${cy - 8} ${cx + 9},${cy + 6} ${cx},${cy + 20} ${cx - 9},${cy + 6}`, fill: "#e2b95e", stroke: "#fff3c4", "stroke-width": 1, opacity: 0.9, "pointer-events": "none" }));
      }
      // strongholds
      (s.stronghold_of || []).forEach((o, i) => {
        const x = cx - 34 - i * 12, y = cy + 33;
        marks.append(svg("path", { d: `M${x - 6} ${y + 6} v-9 h3 v3 h2 v-3 h2 v3 h2 v-3 h3 v9 z`, fill: PCOL(o), stroke: "#111", "stroke-width": 0.8 }, svg("title", {}, t("tm.stronghold_of", { name: ctx.seatName(o) }))));
      });
      // units: warriors per player, shamans, the dead
      const units = [];
      s.warriors.forEach((n, pl) => { if (n) units.push({ kind: "w", pl, n }); });
      for (const sh of s.shamans || []) units.push({ kind: "s", pl: sh.player, alive: sh.alive });
      s.dead.forEach((n, pl) => { if (n) units.push({ kind: "d", pl, n }); });
      const uy = cy + 12;
      const ux0 = cx - ((units.length - 1) * 17) / 2;
      units.forEach((u, i) => {
        const x = ux0 + i * 17;
        if (u.kind === "w") {
          marks.append(svg("g", { "data-testid": "unit" },
            svg("circle", { class: "tm-unit", cx: x, cy: uy, r: 7.5, fill: PCOL(u.pl) }),
            svg("text", { class: "tm-count", x, y: uy + 3, "text-anchor": "middle" }, String(u.n)),
            svg("title", {}, `${ctx.seatName(u.pl)}: ${u.n} ${t("tm.warriors")}`)));
        } else if (u.kind === "s") {
          marks.append(svg("g", {},
            svg("polygon", { class: "tm-unit", points: `${x},${uy - 10} ${x + 7},${uy + 6} ${x - 7},${uy + 6}`, fill: u.alive ? PCOL(u.pl) : "#555", "stroke-width": 1.4, stroke: "#fff" }),
            svg("title", {}, `${ctx.seatName(u.pl)}: ${t("tm.shaman")}${u.alive ? "" : " †"}`)));
        } else {
          marks.append(svg("g", {},
            svg("circle", { cx: x, cy: uy, r: 6, fill: "#222", stroke: PCOL(u.pl), "stroke-width": 1.5 }),
            svg("text", { class: "tm-count", x, y: uy + 3, "text-anchor": "middle" }, `†${u.n}`),
            svg("title", {}, `${ctx.seatName(u.pl)}: ${u.n} ${t("tm.dead")}`)));
        }
      });
      // boast slots
      const slots = s.slots || [];
      const sx0 = cx - ((slots.length - 1) * 13) / 2;
      slots.forEach((mark, i) => {
        const x = sx0 + i * 13, y = cy + 32;
        const title = mark < 0 ? t("tm.slot_blood") : mark > 0 ? t("tm.slot_heart", { name: ctx.seatName(mark - 1) }) : t("tm.slot_empty");
        if (mark > 0) marks.append(svg("g", {}, svg("rect", { class: "slot", x: x - 5.5, y: y - 5.5, width: 11, height: 11, rx: 2, fill: "#1a1c22" }), heartIcon(x, y, 4, PCOL(mark - 1)), svg("title", {}, title)));
        else marks.append(svg("rect", { class: "slot", x: x - 5.5, y: y - 5.5, width: 11, height: 11, rx: 2, fill: mark < 0 ? "#7a1f24" : "#1a1c22", stroke: mark < 0 ? "#c0393f" : "#5a6175" }, svg("title", {}, title)));
      });
    }
    // events in play
    for (const e of v.events_in_play || []) {
      const s = v.spaces[e.space];
      if (!s) continue;
      const [cx, cy] = centroid(s.polygon);
      marks.append(svg("g", {}, svg("circle", { cx: cx - 30, cy: cy - 34, r: 7, fill: "#c0393f", stroke: "#fff", "stroke-width": 1 }),
        svg("text", { class: "tm-count", x: cx - 30, y: cy - 31, "text-anchor": "middle" }, "!"), svg("title", {}, cardName("events", e.event))));
    }
    const walls = svg("g", { class: "borders" });
    for (const b of v.borders || []) {
      const pa = v.spaces[b.a]?.polygon, pb = v.spaces[b.b]?.polygon;
      if (!pa || !pb || !v.spaces[b.a].exists || !v.spaces[b.b].exists) continue;
      const shared = pa.filter(([x, y]) => pb.some(([u, w]) => Math.abs(u - x) < 0.5 && Math.abs(w - y) < 0.5));
      if (shared.length < 2) continue;
      walls.append(svg("polyline", { class: `border ${b.kind}`, points: shared.map((q) => q.join(",")).join(" ") },
        svg("title", {}, t(b.kind === "dashed" ? "tm.border_open" : "tm.border_wall", { a: spaceName(b.a), b: spaceName(b.b) }))));
    }
    root.append(layer, walls, marks);
    return root;
  }

  function decisionPanel() {
    const panel = h("section", { class: ["panel", myTurn() && "decision"], "data-testid": "decision" });
    const phase = v.phase ? t(`tm.phase.${v.phase}`) : "";
    panel.append(h("h3", {}, t("tm.day", { n: v.day }), " · ", phase, v.actions_left ? ` · ${t("tm.actions_left")}: ${v.actions_left}` : ""));
    if (!myTurn()) {
      if (!p.result) panel.append(h("p", { class: "muted waiting" }, h("span", { class: "spinner" }),
        p.to_move !== null && p.to_move !== undefined ? t("table.waiting_for", { name: ctx.seatName(p.to_move) }) : t("table.loading")));
      return panel;
    }
    if (v.march) {
      panel.append(h("p", { class: "muted small", "data-testid": "march-state" }, t("tm.march_state", {
        n: v.march.group, where: spaceName(v.march.at), steps: v.march.steps, free: v.march.free,
      })));
    }
    if (v.recruit) panel.append(h("p", { class: "muted small" }, t("tm.recruit_state", { paid: v.recruit.paid, free: v.recruit.free })));
    panel.append(h("div", { class: "tray-title" }, t("tm.your_decision"), v.decision ? h("span", { class: "badge" }, t(`tm.decision.${v.decision}`) === `tm.decision.${v.decision}` ? v.decision.replace(/_/g, " ") : t(`tm.decision.${v.decision}`)) : null));
    const input = h("input", { class: "action-filter", placeholder: t("tm.filter"), value: filter, "data-testid": "action-filter",
      oninput: (e) => { filter = e.target.value; renderList(); } });
    const listSlot = h("div", {});
    const renderList = () => {
      let acts = legal();
      if (focus !== null) acts = acts.filter((a) => actionSpaces(a).includes(focus));
      const f = filter.toLowerCase();
      if (f) acts = acts.filter((a) => ctx.say(a.label).toLowerCase().includes(f));
      const button = (a) => {
        const text = ctx.say(a.label);
        return h("button", {
          class: ["btn", "action-btn", `kind-${a.action.kind || ""}`], "data-testid": "action", "data-id": a.id, "data-kind": a.action.kind || "",
          title: text, onclick: () => ctx.act(a.id),
        }, text);
      };
      // Long menus are grouped by kind of action (march, recruit, bid, ...), in the server's order.
      const groups = new Map();
      for (const a of acts) {
        const kind = a.action.kind || "other";
        if (!groups.has(kind)) groups.set(kind, []);
        groups.get(kind).push(a);
      }
      const grouped = acts.length > 8 && groups.size > 1;
      clear(listSlot).append(h("div", { class: ["action-list", grouped && "grouped"], "data-testid": "action-list" },
        grouped
          ? [...groups].map(([kind, list]) => h("div", { class: "action-group" },
            h("div", { class: "action-group-title" }, kindLabel(kind), h("span", { class: "muted small" }, ` ${list.length}`)),
            h("div", { class: "action-group-body" }, list.map(button))))
          : acts.map(button)));
    };
    renderList();
    panel.append(...[legal().length > 8 ? input : null,
      focus !== null ? h("div", { class: "row" }, h("span", { class: "muted" }, spaceName(focus)), h("button", { class: "btn small ghost", onclick: () => { focus = null; draw(); } }, t("tm.show_all"))) : h("p", { class: "hint small" }, t("tm.click_space")),
      listSlot].filter(Boolean));
    return panel;
  }

  function kindLabel(kind) {
    const label = t(`tm.kind.${kind}`);
    return label === `tm.kind.${kind}` ? kind.replace(/_/g, " ") : label;
  }

  function objectivesPanel() {
    if (ctx.seat === null) return null;
    const me = seats()[ctx.seat];
    // Names and texts come with the view (your_cards); older views give keys only.
    const objs = v.your_cards?.objectives || (Array.isArray(me?.objectives) ? me.objectives.map((k) => ({ key: k })) : []);
    const divs = v.your_cards?.divinations || (me?.divinations || []).map((k) => ({ key: k }));
    const card = (kind, c, cls) => h("div", { class: cls, "data-testid": `my-${kind}` },
      h("strong", {}, cardName(kind, c.key)),
      cardText(kind, c.key) ? h("div", { class: "muted small" }, cardText(kind, c.key)) : null);
    return h("section", { class: "panel", "data-testid": "objectives" },
      h("h3", { title: t("tm.objectives_tip") }, t("tm.your_objectives")),
      objs.length ? objs.map((c) => card("objectives", c, "objective")) : h("p", { class: "muted small" }, t("tm.no_objectives")),
      divs.length ? [h("h3", { class: "sub-h" }, t("tm.your_divinations")), divs.map((c) => card("divinations", c, "objective divination"))] : null);
  }

  function rowPanel() {
    return h("section", { class: "panel", "data-testid": "row" },
      h("h3", { title: t("tm.row_tip") }, t("tm.row"), h("span", { class: "muted small" }, `  ${t("tm.deck")}: ${v.decks?.divination ?? "?"}`)),
      h("div", { class: "div-row" }, (v.row || []).map((r) => {
        const bids = (r.bids || []).map((b, pl) => [b, pl]).filter(([b]) => b > 0);
        const text = cardText("divinations", r.card);
        return h("div", { class: ["div-card", !r.card && "empty"], title: text, "data-testid": "div-card" },
          h("div", { class: "name" }, r.card ? cardName("divinations", r.card) : t("tm.empty_slot"),
            r.rating ? h("span", { class: "rating", title: t("tm.rating_tip") }, "✦".repeat(r.rating)) : null),
          text ? h("div", { class: "muted" }, text) : null,
          h("div", { class: "bids" }, bids.length ? bids.map(([b, pl]) => h("span", { class: "chip", title: ctx.seatName(pl) }, h("span", { class: "seat-dot", style: { background: PCOL(pl) } }), `♥ ${b}`)) : h("span", { class: "muted small" }, t("tm.no_bids"))));
      })));
  }

  function boardPanel() {
    const zones = ["slay", "maneuver", "boast"];
    const ss = seats();
    return h("section", { class: "panel", "data-testid": "action-board" },
      h("h3", { title: t("tm.zones_tip") }, t("tm.action_board")),
      h("div", { class: "zones" },
        zones.map((z) => h("div", { class: "zone", title: t(`zone.${z}.tip`) },
          h("b", {}, String(ss.reduce((n, s) => n + (s.zones?.[z] || 0), 0))), t(`zone.${z}`),
          h("div", { class: "bids", style: { justifyContent: "center" } }, ss.filter((s) => s.zones?.[z]).map((s) => h("span", { class: "chip" }, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), String(s.zones[z])))))),
        h("div", { class: "zone", title: t("tm.tower_tip") }, h("b", {}, String(ss.reduce((n, s) => n + (s.tower || 0), 0))), t("tm.tower"))));
  }

  function favorTrack() {
    const ss = seats();
    const top = Math.max(30, ...ss.map((s) => s.favor + 4));
    const cells = [];
    for (let i = 0; i <= top; i++) {
      const here = ss.filter((s) => s.favor === i);
      cells.push(h("div", { class: "favor-cell", title: here.map((s) => `${ctx.seatName(s.seat)}: ${i}`).join(", ") || String(i) },
        i % 5 === 0 ? String(i) : "", h("div", { class: "pawns" }, here.map((s) => h("span", { style: { background: PCOL(s.seat) } })))));
    }
    return h("section", { class: "panel", "data-testid": "favor-track" }, h("h3", { title: t("tm.favor_tip") }, t("tm.favor_track")), h("div", { class: "favor-track" }, cells));
  }

  function tribesPanel() {
    return h("section", { class: "panel" }, h("h3", {}, t("tm.players")),
      h("div", { class: "tm-players" }, seats().map((s) => h("div", {
        class: ["tm-player", p.to_move === s.seat && !p.result && "to-move"], style: { "--pc": PCOL(s.seat) }, "data-testid": `tribe-${s.seat}`,
      },
      h("h4", {}, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), ctx.seatName(s.seat), h("span", { class: "spacer" }), h("span", { class: "score", title: t("tm.favor_tip") }, `★ ${s.favor}`)),
      h("div", { class: "kv" },
        h("span", { class: "k" }, t("tm.shaman")), h("span", { title: s.shaman ? cardText("shamans", s.shaman) : "" }, s.shaman ? cardName("shamans", s.shaman) : "—"),
        h("span", { class: "k" }, t("tm.hearts")), h("span", { class: "hearts", title: `${t("tm.available")} / ${t("tm.spent")} / ${t("tm.unearned")} / ${t("tm.tower")}` },
          `♥ ${s.available}`, h("span", { class: "muted" }, ` · ${s.spent} ${t("tm.spent")} · ${s.unearned} ${t("tm.unearned")}`)),
        h("span", { class: "k" }, t("tm.reserves")), h("span", {}, `${s.reserves} · ${t("tm.anger")} ${s.anger} · ${t("tm.limbo")} ${s.limbo}`),
        h("span", { class: "k" }, t("tm.divinations")), h("span", {}, (s.divinations || []).length ? s.divinations.map((d) => cardName("divinations", d)).join(", ") : "—"),
        h("span", { class: "k" }, t("tm.objectives")), h("span", {}, Array.isArray(s.objectives) ? String(s.objectives.length) : t("tm.hidden_objectives", { n: s.objectives })),
      )))));
  }

  function extrasPanel() {
    const pending = v.pending || [];
    return h("section", { class: "panel" },
      h("div", { class: "info-grid" },
        h("div", { class: "info-label" }, t("tm.decks")), h("div", {}, Object.entries(v.decks || {}).map(([k, n]) => `${t(`tm.deck.${k}`)} ${n}`).join(" · ")),
        h("div", { class: "info-label" }, t("tm.events")), h("div", {}, (v.events_in_play || []).length ? v.events_in_play.map((e) => `${cardName("events", e.event)} (${spaceName(e.space)})`).join(", ") : "—"),
        h("div", { class: "info-label" }, t("tm.pending")), h("div", {}, pending.length ? pending.map((x) => `${named(x.source.kind, x.source.id)}${x.owner >= 0 ? ` · ${ctx.seatName(x.owner)}` : ""}`).join(", ") : "—")));
  }

  function draw() {
    if (!p) return;
    v = p.view;
    clear(container);
    container.append(h("div", { class: "tm-table" },
      h("div", { class: "tm-top" },
        h("section", { class: "panel" }, h("h3", {}, t("tm.map"), h("span", { class: "muted small" }, `  ${t("tm.day", { n: v.day })}`)), mapView(),
          h("div", { class: "legend" },
            h("span", {}, "● ", t("tm.legend_warrior")), h("span", {}, "▲ ", t("tm.legend_shaman")), h("span", {}, "■ ", t("tm.legend_slot")),
            h("span", {}, "T/S/M ", t("tm.legend_buildings")), h("span", {}, "⌒ ", t("tm.tunnel")),
            h("span", {}, "┄ ", t("tm.legend_open")), h("span", {}, "━ ", t("tm.legend_wall")))),
        h("div", { class: "tm-side" }, ctx.seat !== null && !p.result ? decisionPanel() : null, objectivesPanel(), rowPanel(), boardPanel())),
      favorTrack(),
      tribesPanel(),
      h("div", { class: "tm-bottom" }, extrasPanel())));
  }

  return {
    update(payload) {
      if (p && payload.version !== p.version) {
        focus = null;
        filter = "";
      }
      p = payload;
      draw();
    },
    rerender: draw,
    playerExtra(seat) {
      const s = (p?.view?.seats || p?.view?.players_ || [])[seat];
      return s ? h("span", { class: "score small" }, "★ ", String(s.favor)) : null;
    },
    resultExtra() {
      return favorBreakdown(v, { seatName: ctx.seatName, t, named });
    },
  };
}
