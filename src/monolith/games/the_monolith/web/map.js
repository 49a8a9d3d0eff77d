// The Monolith's map: the spaces with their buildings, units, heart slots and events, what a
// click (or Enter) on each does now, the arrow keys between spaces, and the menu of a space with
// several choices. Drawn from the table's shared state (view.js); what a gesture does is the
// table's to say.
import { h, svg } from "/static/js/dom.js";
import { t, PCOL, PHONE, cardName, centroid, heartIcon } from "./common.js";

const TERRAIN = ["#3d4a35", "#46503a", "#4b4636", "#3f4b40", "#4a4a3a"];
const BUILDING_FILL = { temple: "#6b5a33", scriptorium: "#36506b", mausoleum: "#4b4457" };

// `tbl`: the table's shared state and gestures (view.js); `decision`: the decision panel, whose
// drop-off and pick-up controls a march's space offers in its menu too.
export function createMap(tbl, decision) {
  const { ctx, st, container, gesture, select, sayWhy, closeMenu, nudge, byId, spaceName, say, who } = tbl;
  const { legal, all, find, groupMax, shamanSpace } = st;
  let lastFocus = null; // the last space focused on the map (its roving tab stop)

  // What the menu of a space offers: a choice between your units there, the drop-off and
  // pick-up steppers of a march, or every action of the action phase about that space.
  function menuItems(s) {
    const what = tbl.v.decision;
    const items = [];
    if (what === "order") {
      const n = groupMax(s);
      if (n) items.push(h("button", { class: "btn small", onclick: () => select({ kind: "group", space: s, n }) }, t("tm.map.choose_group", { n })));
      if (find("shaman") && shamanSpace(ctx.seat) === s) items.push(h("button", { class: "btn small", onclick: () => select({ kind: "shaman" }) }, t("tm.map.choose_shaman")));
    } else if (what === "march" && tbl.v.march.at === s) {
      items.push(...decision.dropPickControls());
    } else if (what === "action") {
      for (const a of legal()) {
        const at = a.action.space ?? a.action.from;
        if (at !== s) continue;
        if (a.action.kind === "maneuver") continue;
        items.push(h("button", { class: "btn small menu-act", "data-kind": a.action.kind, onclick: () => gesture(byId(a.id)) }, say(a.label)));
      }
      for (const unit of [0, 1]) {
        if (all("maneuver").some((a) => a.action.from === s && a.action.shaman === unit)) {
          items.push(h("button", { class: "btn small menu-act", "data-kind": "maneuver", onclick: () => select({ kind: "maneuver", from: s, unit }) },
            t(unit ? "tm.map.choose_maneuver_shaman" : "tm.map.choose_maneuver_warrior")));
        }
      }
    }
    return items;
  }

  function describeSpace(s, entry) {
    const parts = [spaceName(s.index)];
    if (!s.exists) return [...parts, t("tm.absent")].join(". ");
    const kinds = [];
    if (s.monolith) kinds.push(t("tm.monolith"));
    if (s.building) kinds.push(t(`tm.building.${s.building}`));
    if (s.tunnel) kinds.push(t("tm.tunnel"));
    for (const o of s.stronghold_of || []) kinds.push(t("tm.stronghold_of", { name: ctx.seatName(o) }));
    if (kinds.length) parts.push(kinds.join(", "));
    const units = [];
    s.warriors.forEach((n, pl) => { if (n) units.push(t("tm.map.warriors", { ...who(pl), n })); });
    for (const sh of s.shamans || []) units.push(t("tm.map.shaman", { ...who(sh.player), alive: sh.alive ? "yes" : "no" }));
    s.dead.forEach((n, pl) => { if (n) units.push(t("tm.map.dead", { ...who(pl), n })); });
    parts.push(units.length ? units.join(", ") : t("tm.map.nobody"));
    if (s.controller !== null && s.controller !== undefined) parts.push(t("tm.map.control", who(s.controller)));
    const slots = s.slots || [];
    if (slots.length) {
      const hearts = slots.filter((m) => m > 0).map((m) => t("tm.map.slot_heart", who(m - 1)));
      parts.push(t("tm.map.slots", { total: slots.length, empty: slots.filter((m) => m === 0).length, blood: slots.filter((m) => m < 0).length }) +
        (hearts.length ? ` (${hearts.join(", ")})` : ""));
    }
    for (const e of tbl.v.events_in_play || []) if (e.space === s.index) parts.push(t("tm.map.event_here", { event: cardName("events", e.event) }));
    if (entry) parts.push(entry.hint);
    return parts.join(". ");
  }

  function badgeText(entry) {
    if (entry.badge === "heart") return "−1 ♥";
    if (entry.badge === "free") return t("tm.map.free");
    if (entry.badge === "count") return `+${entry.count}`;
    if (entry.badge === "maneuver") return "→";
    return "";
  }

  // The space in a direction from another, for the arrow keys: the nearest centre within 60°.
  function neighbour(from, dx, dy) {
    const [x0, y0] = centroid(tbl.v.spaces[from].polygon);
    let best = null, bestScore = Infinity;
    for (const s of tbl.v.spaces) {
      if (!s.exists || s.index === from) continue;
      const [x, y] = centroid(s.polygon);
      const ux = x - x0, uy = y - y0;
      const dist = Math.hypot(ux, uy);
      const cos = (ux * dx + uy * dy) / dist;
      if (cos < 0.5) continue;
      const score = dist * (2 - cos);
      if (score < bestScore) { bestScore = score; best = s.index; }
    }
    return best;
  }

  function focusSpace(i) {
    container.querySelector(`[data-focus="space-${i}"]`)?.focus();
  }

  function onSpaceKey(e, s, entry) {
    const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (arrows[e.key]) {
      e.preventDefault();
      const next = neighbour(s, ...arrows[e.key]);
      if (next !== null) focusSpace(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (entry) entry.run();
    } else if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      nudge(1);
    } else if (e.key === "-" || e.key === "_") {
      e.preventDefault();
      nudge(-1);
    }
  }

  function mapView(offer) {
    const pts = tbl.v.spaces.flatMap((s) => s.polygon);
    const maxX = Math.max(...pts.map((q) => q[0])), maxY = Math.max(...pts.map((q) => q[1]));
    const k = PHONE.matches ? 1.2 : 1;
    const root = svg("svg", {
      class: ["tm-map", offer.spaces.size && "acting", PHONE.matches && "compact"], viewBox: `-6 -6 ${maxX + 12} ${maxY + 12}`,
      "data-testid": "map", role: "group", "aria-label": t("tm.map.label"),
    });
    const layer = svg("g", {});
    const rings = svg("g", { class: "rings" });
    const marks = svg("g", {});
    const existing = tbl.v.spaces.filter((s) => s.exists).map((s) => s.index);
    // One tab stop per space you can act on; with none, the last focused space (or the first).
    const stop = offer.spaces.size ? null : existing.includes(lastFocus) ? lastFocus : existing[0];
    for (const s of tbl.v.spaces) {
      const entry = offer.spaces.get(s.index);
      const fill = !s.exists ? "#111318" : s.monolith ? "#2b2838" : s.tunnel ? "#2f3442" : BUILDING_FILL[s.building] || TERRAIN[s.index % TERRAIN.length];
      const points = s.polygon.map((q) => q.join(",")).join(" ");
      const label = describeSpace(s, entry);
      const poly = svg("polygon", {
        class: ["space-poly", !s.exists && "absent", entry && "target"], points, fill,
        "data-testid": `space-${s.key}`, "data-space": s.index,
      });
      poly.append(svg("title", {}, label));
      layer.append(poly);
      if (!s.exists) continue;
      poly.setAttribute("role", "button");
      poly.setAttribute("aria-label", label);
      poly.setAttribute("data-focus", `space-${s.index}`);
      poly.setAttribute("tabindex", entry || s.index === stop ? "0" : "-1");
      if (!entry) poly.setAttribute("aria-disabled", "true");
      const ring = svg("polygon", { class: ["tm-ring", entry && "target", offer.here === s.index && "here", tbl.menu === s.index && "open", tbl.suggested.spaces.includes(s.index) && "suggested"], points });
      rings.append(ring);
      const refusal = offer.refused.get(s.index);
      poly.addEventListener("click", () => { if (entry) entry.run(); else if (refusal) sayWhy(refusal); });
      poly.addEventListener("keydown", (e) => onSpaceKey(e, s.index, entry ?? (refusal ? { run: () => sayWhy(refusal) } : null)));
      poly.addEventListener("focus", () => { lastFocus = s.index; if (poly.matches(":focus-visible")) ring.classList.add("focused"); });
      poly.addEventListener("blur", () => ring.classList.remove("focused"));
      if (s.controller !== null && s.controller !== undefined) {
        layer.append(svg("polygon", { points, fill: PCOL(s.controller), opacity: 0.16, "pointer-events": "none" }));
      }
      const [cx, cy] = centroid(s.polygon);
      const name = spaceName(s.index);
      const lines = name.length > 14 && name.includes(" ") ? [name.slice(0, name.indexOf(" ")), name.slice(name.indexOf(" ") + 1)] : [name];
      lines.forEach((line, i) => marks.append(svg("text", { class: "space-name", x: cx, y: cy - 26 - (k - 1) * 10 + i * 11 * k, "text-anchor": "middle" }, line)));
      const badges = [];
      if (s.monolith) badges.push("◆");
      if (s.building) badges.push(t(`tm.building.mark.${s.building}`));
      if (s.tunnel) badges.push("⌒");
      if (badges.length) marks.append(svg("text", { class: "space-label-sub", x: cx, y: cy - 4 + (lines.length > 1 ? 8 : 0), "text-anchor": "middle" }, badges.join(" ")));
      if (s.monolith) {
        marks.append(svg("polygon", { class: "deco", points: `${cx},${cy - 8} ${cx + 9},${cy + 6} ${cx},${cy + 20} ${cx - 9},${cy + 6}`, fill: "#e2b95e", stroke: "#fff3c4", "stroke-width": 1, opacity: 0.9 }));
      }
      (s.stronghold_of || []).forEach((o, i) => {
        const x = cx - 34 - i * 12, y = cy + 33;
        marks.append(svg("path", { class: "deco", d: `M${x - 6} ${y + 6} v-9 h3 v3 h2 v-3 h2 v3 h2 v-3 h3 v9 z`, fill: PCOL(o), stroke: "#111", "stroke-width": 0.8 }));
      });
      drawUnits(marks, s, cx, cy, offer, k);
      drawSlots(marks, s, cx, cy, offer);
      if (entry?.badge) {
        const text = badgeText(entry);
        const w = Math.max(22, text.length * 6.2 + 8) * k;
        marks.append(svg("g", { class: ["cost-badge", entry.badge], "data-testid": `cost-${s.key}`, "aria-hidden": "true" },
          svg("rect", { x: cx - w / 2, y: cy - 52 - (k - 1) * 20, width: w, height: 15 * k, rx: 7.5 * k }),
          svg("text", { x: cx, y: cy - 41 - (k - 1) * 17, "text-anchor": "middle" }, text)));
      }
    }
    for (const e of tbl.v.events_in_play || []) {
      const s = tbl.v.spaces[e.space];
      if (!s) continue;
      const [cx, cy] = centroid(s.polygon);
      marks.append(svg("g", { class: "deco" }, svg("circle", { cx: cx - 30, cy: cy - 34, r: 7, fill: "#c0393f", stroke: "#fff", "stroke-width": 1 }),
        svg("text", { class: "tm-count", x: cx - 30, y: cy - 31, "text-anchor": "middle" }, "!")));
    }
    const walls = svg("g", { class: "borders" });
    for (const b of tbl.v.borders || []) {
      const pa = tbl.v.spaces[b.a]?.polygon, pb = tbl.v.spaces[b.b]?.polygon;
      if (!pa || !pb || !tbl.v.spaces[b.a].exists || !tbl.v.spaces[b.b].exists) continue;
      const shared = pa.filter(([x, y]) => pb.some(([u, w]) => Math.abs(u - x) < 0.5 && Math.abs(w - y) < 0.5));
      if (shared.length < 2) continue;
      walls.append(svg("polyline", { class: `border ${b.kind}`, points: shared.map((q) => q.join(",")).join(" ") },
        svg("title", {}, t(b.kind === "dashed" ? "tm.border_open" : "tm.border_wall", { a: spaceName(b.a), b: spaceName(b.b) }))));
    }
    root.append(layer, walls, rings, marks);
    return root;
  }

  function drawUnits(marks, s, cx, cy, offer, k) {
    const units = [];
    // a marching group stands apart from the warriors it left (or will pick up) in its space
    const group = tbl.v.march && tbl.v.order === "march" && tbl.v.march.at === s.index ? tbl.v.march.group : 0;
    s.warriors.forEach((n, pl) => {
      if (group && pl === tbl.v.turn) {
        units.push({ kind: "w", pl, n: group, group: true });
        if (n > group) units.push({ kind: "w", pl, n: n - group });
      } else if (n) units.push({ kind: "w", pl, n });
    });
    for (const sh of s.shamans || []) units.push({ kind: "s", pl: sh.player, alive: sh.alive });
    s.dead.forEach((n, pl) => { if (n) units.push({ kind: "d", pl, n }); });
    const uy = cy + 12 + (k - 1) * 10;
    const gap = 19 * k;
    const ux0 = cx - ((units.length - 1) * gap) / 2;
    units.forEach((u, i) => {
      const x = ux0 + i * gap;
      const key = `${s.index}:${u.pl}:${u.kind}`;
      const target = u.kind !== "d" ? offer.units.get(key) : null;
      const picked = u.group || (st.sel?.kind === "group" && st.sel.space === s.index && u.kind === "w" && u.pl === ctx.seat) ||
        (st.sel?.kind === "shaman" && u.kind === "s" && u.pl === ctx.seat) ||
        (st.sel?.kind === "maneuver" && st.sel.from === s.index && u.pl === ctx.seat && u.kind === (st.sel.unit ? "s" : "w"));
      const attrs = { class: ["unit", target && "unit-target", picked && "picked", target && u.pl !== ctx.seat && "enemy"], "data-testid": "unit", "data-unit": key };
      let g;
      if (u.kind === "w") {
        const shown = picked && st.sel?.kind === "group" ? String(st.sel.n) : String(u.n);
        g = svg("g", attrs,
          svg("circle", { class: "tm-unit", cx: x, cy: uy, r: (target ? 9 : 8) * k, fill: PCOL(u.pl) }),
          svg("text", { class: "tm-count", x, y: uy + 3, "text-anchor": "middle" }, shown));
      } else if (u.kind === "s") {
        g = svg("g", attrs,
          svg("polygon", { class: "tm-unit", points: `${x},${uy - 11 * k} ${x + 8 * k},${uy + 7 * k} ${x - 8 * k},${uy + 7 * k}`, fill: u.alive ? PCOL(u.pl) : "#555", "stroke-width": 1.4, stroke: "#fff" }));
      } else {
        g = svg("g", attrs,
          svg("circle", { cx: x, cy: uy, r: 7 * k, fill: "#222", stroke: PCOL(u.pl), "stroke-width": 1.5 }),
          svg("text", { class: "tm-count", x, y: uy + 3, "text-anchor": "middle" }, `†${u.n}`),
          svg("title", {}, t("tm.map.dead", { ...who(u.pl), n: u.n })));
      }
      if (u.group) g.append(svg("title", {}, t("tm.map.group_here", { n: u.n })));
      if (target) {
        g.append(svg("title", {}, target.hint));
        g.addEventListener("click", (e) => { e.stopPropagation(); target.run(); });
      }
      marks.append(g);
    });
  }

  function drawSlots(marks, s, cx, cy, offer) {
    const slots = s.slots || [];
    const target = offer.slots.get(s.index);
    const sx0 = cx - ((slots.length - 1) * 14) / 2;
    slots.forEach((mark, i) => {
      const x = sx0 + i * 14, y = cy + 33;
      const open = target && mark === 0;
      const g = svg("g", { class: ["slot-mark", open && "slot-target"], "data-testid": "slot", "data-slot": `${s.index}:${i}` },
        svg("rect", { class: "slot", x: x - 6, y: y - 6, width: 12, height: 12, rx: 2, fill: mark < 0 ? "#7a1f24" : "#1a1c22", stroke: mark < 0 ? "#c0393f" : "#5a6175" }));
      if (mark > 0) g.append(heartIcon(x, y, 4, PCOL(mark - 1)));
      if (open) {
        g.append(svg("title", {}, target.hint));
        g.addEventListener("click", (e) => { e.stopPropagation(); target.run(); });
      }
      marks.append(g);
    });
  }

  function spaceMenu() {
    if (tbl.menu === null) return null;
    const items = menuItems(tbl.menu);
    if (!items.length) { tbl.menu = null; return null; }
    return h("div", { class: "space-menu panel", role: "dialog", "aria-label": spaceName(tbl.menu), "data-testid": "space-menu",
      onkeydown: (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeMenu(); } } },
    h("div", { class: "space-menu-head" }, h("strong", {}, spaceName(tbl.menu)),
      h("button", { class: "toast-close", "aria-label": t("tm.map.close"), "data-testid": "space-menu-close", onclick: closeMenu }, "×")),
    h("div", { class: "space-menu-body" }, items));
  }

  function placeMenu(box) {
    const el = box.querySelector(".space-menu");
    const poly = box.querySelector(`[data-space="${tbl.menu}"]`);
    if (!el || !poly) return;
    const r = poly.getBoundingClientRect(), b = box.getBoundingClientRect();
    const left = Math.max(4, Math.min(b.width - el.offsetWidth - 4, r.left - b.left + r.width / 2 - el.offsetWidth / 2));
    let top = r.bottom - b.top - 8;
    if (top + el.offsetHeight > b.height) top = Math.max(4, r.top - b.top - el.offsetHeight + 8);
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
  }

  function keysHelp() {
    return h("details", { class: "tm-keys small" }, h("summary", {}, t("tm.map.keys_title")),
      h("ul", {}, ["tab", "arrows", "enter", "plusminus", "escape"].map((k) => h("li", {}, t(`tm.map.key_${k}`)))));
  }

  function mapPanel(offer) {
    const box = h("div", { class: "tm-mapbox" }, mapView(offer), spaceMenu());
    return h("section", { class: "panel tm-map-panel" },
      h("h3", {}, t("tm.map"), h("span", { class: "muted small" }, `  ${t("tm.day", { n: tbl.v.day })}`)),
      box,
      h("div", { class: "legend" },
        h("span", {}, "● ", t("tm.legend_warrior")), h("span", {}, "▲ ", t("tm.legend_shaman")), h("span", {}, "■ ", t("tm.legend_slot")), h("span", {}, "† ", t("tm.legend_dead")),
        h("span", {}, ["temple", "scriptorium", "mausoleum"].map((b) => t(`tm.building.mark.${b}`)).join("/"), " ", t("tm.legend_buildings")), h("span", {}, "⌒ ", t("tm.tunnel")),
        h("span", {}, "┄ ", t("tm.legend_open")), h("span", {}, "━ ", t("tm.legend_wall")),
        tbl.v.spaces.some((s) => !s.exists)
          ? h("span", { "data-testid": "legend-absent" }, h("span", { class: "swatch absent", "aria-hidden": "true" }), " ", t("tm.legend_absent", { n: tbl.p.players || tbl.p.seats.length }))
          : null,
        ctx.seat !== null ? h("span", { class: "legend-target" }, t("tm.map.legend_target")) : null),
      keysHelp());
  }

  return { mapPanel, placeMenu, focusSpace };
}
