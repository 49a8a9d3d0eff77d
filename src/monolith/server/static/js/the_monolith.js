// The Monolith table, played on the map: click one of your units (or Tab to its space and press
// Enter), then its path or its target. The spaces you can act on are outlined, each with what
// acting there costs (a step's heart, or "free"); a drop-off, pick-up or deployment of several
// warriors is one gesture, sent as engine actions one after another, each after the previous is
// acknowledged. Bids, raises and takes sit on the divination cards. The decision panel says why
// you decide now and what the order in progress has left; a forced single choice is taken for you
// unless you switch that off. Every legal action also stays in a collapsible list.
import { h, svg, clear } from "./dom.js";
import { t as words, named, has } from "./i18n.js";
import { favorBreakdown, favorSoFar } from "./tm_score.js";
import { term } from "./glossary.js";
import { createTmState, STEPPED } from "./the_monolith_state.js";
import { lineMarks, markTable, focusChosen } from "./tm_coach.js";

const TERRAIN = ["#3d4a35", "#46503a", "#4b4636", "#3f4b40", "#4a4a3a"];
const BUILDING_FILL = { temple: "#6b5a33", scriptorium: "#36506b", mausoleum: "#4b4457" };
const PCOL = (p) => `var(--p${p})`;
const ZONE_NAMES = ["slay", "maneuver", "boast"];
const AUTO_KEY = "monolith.tm.auto_forced";
const LIST_KEY = "monolith.tm.all_choices";
const ACK_TIMEOUT_MS = 10000;
// On a phone the map is drawn at about half size: names, units and badges a little larger.
const PHONE = window.matchMedia("(max-width: 600px)");
// A screen pressed with a finger (no fine pointer): the hints say "tap", as Monolyth's do.
const TOUCH = window.matchMedia("(pointer: coarse)");

// A message in the reader's words; on a touch screen its `_touch` form where it has one.
function t(key, args = {}) {
  return words(TOUCH.matches && has(`${key}_touch`) ? `${key}_touch` : key, args);
}

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

function remembered(key, fallback) {
  const saved = localStorage.getItem(key);
  return saved === null ? fallback : saved === "1";
}

// A number with − and + buttons; the value can be typed as well.
function stepper({ value, min, max, label, testid, onChange }) {
  const set = (x) => {
    const y = Math.max(min, Math.min(max, Number.isFinite(x) ? x : min));
    if (y !== value) onChange(y);
  };
  return h("span", { class: "stepper", role: "group", "aria-label": label, "data-testid": testid },
    h("button", { class: "btn small step-btn", type: "button", "aria-label": t("tm.map.less"), title: t("tm.map.less"), disabled: value <= min,
      "data-focus": `${testid}-less`, "data-testid": `${testid}-less`, onclick: () => set(value - 1) }, "−"),
    h("input", { class: "step-value", type: "number", min, max, value, "aria-label": label, "data-focus": `${testid}-value`,
      "data-testid": `${testid}-value`, onchange: (e) => set(Math.round(Number(e.target.value))) }),
    h("button", { class: "btn small step-btn", type: "button", "aria-label": t("tm.map.more"), title: t("tm.map.more"), disabled: value >= max,
      "data-focus": `${testid}-more`, "data-testid": `${testid}-more`, onclick: () => set(value + 1) }, "+"));
}

export function createTheMonolith(container, ctx) {
  let p = null;
  let v = null;
  // The selection, the counts and the plan of the map (the_monolith_state.js).
  const st = createTmState(ctx.seat);
  const favorOpen = new Set(); // seats whose favor is shown source by source in their tribe's card
  let menu = null; // the space whose menu of actions is open
  let sending = false; // a gesture's actions are on their way
  let autoForced = remembered(AUTO_KEY, true);
  let choicesOpen = remembered(LIST_KEY, false);
  let autoVersion = -1; // the version a forced choice was last taken at
  let autoNote = null; // the label and reason (messages) of the last choice taken for you
  let whyNot = null; // why the last click on the map did nothing (a maneuver behind a wall)
  let filter = "";
  let lastFocus = null; // the last space focused on the map (its roving tab stop)
  const waiters = [];
  let suggested = { spaces: [], slot: null }; // the coach's choice: where it acts, on the map or the row
  let coach = { line: [], chosen: null }; // the coach's line after its choice, and its hinted decision

  const { legal, mine, me, all, find } = st;
  const seats = () => v.seats || [];
  const byId = (id) => ({ id });
  const spaceName = (i) => (v.spaces[i] ? named("space", v.spaces[i].key) : "?");
  const shamanSpace = st.shamanSpace;
  const say = (m) => (m ? ctx.say(m) : "");
  const who = (pl) => ({ who: ctx.seatName(pl), you: pl === ctx.seat ? "yes" : "no" });

  // --- sending gestures -------------------------------------------------------------------------

  function acknowledged(before) {
    if (p.version > before) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { before, resolve };
      waiters.push(waiter);
      setTimeout(() => {
        const i = waiters.indexOf(waiter);
        if (i >= 0) { waiters.splice(i, 1); resolve(false); }
      }, ACK_TIMEOUT_MS);
    });
  }

  // One gesture: engine actions sent in a row, each picked (by a function) from the legal list
  // of the state the previous one led to; it stops at the first pick that is no longer legal.
  async function gesture(...picks) {
    if (sending || !mine()) return;
    sending = true;
    menu = null;
    autoNote = null;
    whyNot = null;
    draw();
    try {
      for (const pick of picks) {
        const a = mine() ? st.pick(pick) : null;
        if (!a) break;
        const before = p.version;
        if (!(await ctx.act(a.id))) break;
        if (!(await acknowledged(before))) break;
      }
    } finally {
      sending = false;
      st.select(null);
      draw();
      autoTake();
    }
  }
  const times = (n, pick) => Array.from({ length: n }, () => pick);

  // A decision with a single legal action is taken for you (when the switch is on); the log
  // shows it like any other move, and the panel says what was taken and why.
  function autoTake() {
    if (!autoForced || sending || !mine() || legal().length !== 1 || autoVersion === p.version) return;
    autoVersion = p.version;
    const only = legal()[0];
    autoNote = { label: only.label, reason: v.reason, day: v.day, phase: v.phase };
    const version = p.version;
    draw();
    setTimeout(() => { if (p.version === version && mine()) ctx.act(only.id); }, 0);
  }

  // A click on a space the unit in play cannot reach: the panel says why, and stays as it was.
  function sayWhy(text) {
    whyNot = text;
    draw();
  }

  function select(next) {
    whyNot = null;
    st.select(next);
    menu = null;
    draw();
  }

  function openMenu(s) {
    menu = s;
    draw();
    container.querySelector(".space-menu button, .space-menu input")?.focus();
  }

  function closeMenu() {
    const s = menu;
    menu = null;
    draw();
    if (s !== null) focusSpace(s);
  }

  // --- how many: group size, drop-off, pick-up, deployment, recruit hearts, bids ---------------

  const count = st.count;
  const groupMax = st.groupMax;
  const dropMax = st.dropMax;
  const pickMax = st.pickMax;
  const deployMax = st.deployMax;
  function setCount(key, value) {
    st.setCount(key, value);
    draw();
  }
  function setGroup(n) {
    st.setGroup(n);
    draw();
  }
  // + and − on the map: one warrior more or fewer in the group, the drop-off or the deployment.
  function nudge(delta) {
    if (st.nudge(delta)) draw();
  }

  // --- what the map offers now ------------------------------------------------------------------

  // The state's plan in the reader's words, each entry with what a click (or Enter) runs.
  function plan() {
    const out = sending ? { spaces: new Map(), units: new Map(), slots: new Map(), here: null, refused: new Map() } : st.plan();
    for (const entries of [out.spaces, out.units, out.slots]) {
      for (const entry of entries.values()) {
        entry.hint = hintText(entry.hint);
        entry.run = runner(entry.go);
      }
    }
    for (const [s, why] of out.refused) out.refused.set(s, hintText(why));
    return out;
  }

  function hintText(parts) {
    return parts.map((part) => {
      if (part.label !== undefined) return `${say(part.label)}${part.end ?? ""}`;
      if (part.cost !== undefined) {
        return part.cost === "free" ? t("tm.map.cost_free") : t("tm.map.cost_heart", { hearts: part.hearts, after: Math.max(0, part.hearts - 1) });
      }
      const args = Object.fromEntries(Object.entries(part.args).map(([k, x]) => [k, x?.space !== undefined ? spaceName(x.space) : x]));
      return t(part.id, args);
    }).join(" ");
  }

  function runner(go) {
    if (go.gesture) return () => gesture(...go.gesture);
    if (go.menu !== undefined) return () => openMenu(go.menu);
    return () => select(go.select);
  }

  // What the menu of a space offers: a choice between your units there, the drop-off and
  // pick-up steppers of a march, or every action of the action phase about that space.
  function menuItems(s) {
    const what = v.decision;
    const items = [];
    if (what === "order") {
      const n = groupMax(s);
      if (n) items.push(h("button", { class: "btn small", onclick: () => select({ kind: "group", space: s, n }) }, t("tm.map.choose_group", { n })));
      if (find("shaman") && shamanSpace(ctx.seat) === s) items.push(h("button", { class: "btn small", onclick: () => select({ kind: "shaman" }) }, t("tm.map.choose_shaman")));
    } else if (what === "march" && v.march.at === s) {
      items.push(...dropPickControls());
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

  function dropPickControls() {
    const out = [];
    const drop = find("drop_off");
    const pick = find("pick_up");
    if (drop) {
      const n = count("drop", 1, dropMax(), 1);
      out.push(h("div", { class: "count-row" },
        stepper({ value: n, min: 1, max: dropMax(), label: t("tm.map.drop_label"), testid: "drop-count", onChange: (x) => setCount("drop", x) }),
        h("button", { class: "btn small primary", "data-testid": "drop-go", "data-focus": "drop-go", onclick: () => gesture(...times(n, byId(drop.id))) },
          t("tm.map.drop", { n, space: spaceName(v.march.at) }))));
    }
    if (pick) {
      const n = count("pick", 1, pickMax(), 1);
      out.push(h("div", { class: "count-row" },
        stepper({ value: n, min: 1, max: pickMax(), label: t("tm.map.pick_label"), testid: "pick-count", onChange: (x) => setCount("pick", x) }),
        h("button", { class: "btn small", "data-testid": "pick-go", "data-focus": "pick-go", onclick: () => gesture(...times(n, byId(pick.id))) },
          t("tm.map.pick", { n, space: spaceName(v.march.at) }))));
    }
    return out;
  }

  // --- the map ----------------------------------------------------------------------------------

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
    for (const e of v.events_in_play || []) if (e.space === s.index) parts.push(t("tm.map.event_here", { event: cardName("events", e.event) }));
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
    const [x0, y0] = centroid(v.spaces[from].polygon);
    let best = null, bestScore = Infinity;
    for (const s of v.spaces) {
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
    const pts = v.spaces.flatMap((s) => s.polygon);
    const maxX = Math.max(...pts.map((q) => q[0])), maxY = Math.max(...pts.map((q) => q[1]));
    const k = PHONE.matches ? 1.2 : 1;
    const root = svg("svg", {
      class: ["tm-map", offer.spaces.size && "acting", PHONE.matches && "compact"], viewBox: `-6 -6 ${maxX + 12} ${maxY + 12}`,
      "data-testid": "map", role: "group", "aria-label": t("tm.map.label"),
    });
    const layer = svg("g", {});
    const rings = svg("g", { class: "rings" });
    const marks = svg("g", {});
    const existing = v.spaces.filter((s) => s.exists).map((s) => s.index);
    // One tab stop per space you can act on; with none, the last focused space (or the first).
    const stop = offer.spaces.size ? null : existing.includes(lastFocus) ? lastFocus : existing[0];
    for (const s of v.spaces) {
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
      const ring = svg("polygon", { class: ["tm-ring", entry && "target", offer.here === s.index && "here", menu === s.index && "open", suggested.spaces.includes(s.index) && "suggested"], points });
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
    for (const e of v.events_in_play || []) {
      const s = v.spaces[e.space];
      if (!s) continue;
      const [cx, cy] = centroid(s.polygon);
      marks.append(svg("g", { class: "deco" }, svg("circle", { cx: cx - 30, cy: cy - 34, r: 7, fill: "#c0393f", stroke: "#fff", "stroke-width": 1 }),
        svg("text", { class: "tm-count", x: cx - 30, y: cy - 31, "text-anchor": "middle" }, "!")));
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
    root.append(layer, walls, rings, marks);
    return root;
  }

  function drawUnits(marks, s, cx, cy, offer, k) {
    const units = [];
    // a marching group stands apart from the warriors it left (or will pick up) in its space
    const group = v.march && v.order === "march" && v.march.at === s.index ? v.march.group : 0;
    s.warriors.forEach((n, pl) => {
      if (group && pl === v.turn) {
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
    if (menu === null) return null;
    const items = menuItems(menu);
    if (!items.length) { menu = null; return null; }
    return h("div", { class: "space-menu panel", role: "dialog", "aria-label": spaceName(menu), "data-testid": "space-menu",
      onkeydown: (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeMenu(); } } },
    h("div", { class: "space-menu-head" }, h("strong", {}, spaceName(menu)),
      h("button", { class: "toast-close", "aria-label": t("tm.map.close"), "data-testid": "space-menu-close", onclick: closeMenu }, "×")),
    h("div", { class: "space-menu-body" }, items));
  }

  function placeMenu(box) {
    const el = box.querySelector(".space-menu");
    const poly = box.querySelector(`[data-space="${menu}"]`);
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
      h("h3", {}, t("tm.map"), h("span", { class: "muted small" }, `  ${t("tm.day", { n: v.day })}`)),
      box,
      h("div", { class: "legend" },
        h("span", {}, "● ", t("tm.legend_warrior")), h("span", {}, "▲ ", t("tm.legend_shaman")), h("span", {}, "■ ", t("tm.legend_slot")), h("span", {}, "† ", t("tm.legend_dead")),
        h("span", {}, ["temple", "scriptorium", "mausoleum"].map((b) => t(`tm.building.mark.${b}`)).join("/"), " ", t("tm.legend_buildings")), h("span", {}, "⌒ ", t("tm.tunnel")),
        h("span", {}, "┄ ", t("tm.legend_open")), h("span", {}, "━ ", t("tm.legend_wall")),
        v.spaces.some((s) => !s.exists)
          ? h("span", { "data-testid": "legend-absent" }, h("span", { class: "swatch absent", "aria-hidden": "true" }), " ", t("tm.legend_absent", { n: p.players || p.seats.length }))
          : null,
        ctx.seat !== null ? h("span", { class: "legend-target" }, t("tm.map.legend_target")) : null),
      keysHelp());
  }

  // --- the decision panel -----------------------------------------------------------------------

  function hintFor() {
    const what = v.decision;
    const hearts = me().available ?? 0;
    if (st.sel?.kind === "group") return t("tm.map.hint_march_path", { hearts });
    if (st.sel?.kind === "shaman") return t("tm.map.hint_shaman_path", { hearts });
    if (st.sel?.kind === "maneuver") return t(st.sel.unit ? "tm.map.hint_maneuver_path_shaman" : "tm.map.hint_maneuver_path");
    if (what === "march" && (find("step") || find("drop_off") || find("pick_up"))) return t("tm.map.hint_march");
    if (what === "shaman" && find("step")) return t("tm.map.hint_shaman_steps");
    if (what === "recruit" && find("deploy")) return t("tm.map.hint_recruit");
    const hints = {
      order: "tm.map.hint_order", action: "tm.map.hint_action", checks: "tm.map.hint_checks", place_event: "tm.map.hint_place", move_event: "tm.map.hint_place",
    };
    return hints[what] ? t(hints[what]) : "";
  }

  function selectionLine() {
    if (!st.sel) return null;
    const cancel = h("button", { class: "btn small ghost", "data-testid": "cancel", "data-focus": "cancel", onclick: () => select(null) }, t("tm.map.cancel"));
    if (st.sel.kind === "group") {
      const max = groupMax(st.sel.space);
      return h("div", { class: "selection", "data-testid": "selection" },
        h("div", { class: "selection-head" }, h("span", {}, t("tm.map.selected_group", { space: spaceName(st.sel.space) })), cancel),
        h("div", { class: "count-row" },
          stepper({ value: st.sel.n, min: 1, max, label: t("tm.map.group_label"), testid: "group-count", onChange: setGroup }),
          h("span", { class: "muted small" }, t("tm.map.of_warriors", { n: max }))));
    }
    if (st.sel.kind === "shaman") {
      return h("div", { class: "selection", "data-testid": "selection" },
        h("div", { class: "selection-head" }, h("span", {}, t("tm.map.selected_shaman")), cancel),
        h("button", { class: "btn small", "data-testid": "shaman-here", onclick: () => gesture(byId(find("shaman").id)) }, t("tm.map.do_shaman_here")));
    }
    return h("div", { class: "selection", "data-testid": "selection" },
      h("div", { class: "selection-head" }, h("span", {}, t(st.sel.unit ? "tm.map.selected_maneuver_shaman" : "tm.map.selected_maneuver", { space: spaceName(st.sel.from) })), cancel),
      whyNot ? h("p", { class: "why-not small", role: "status", "data-testid": "why-not" }, whyNot) : null);
  }

  const choiceButton = (a, extra = {}) => h("button", {
    class: ["btn", "choice", `kind-${a.action.kind}`, extra.primary && "primary"], "data-testid": extra.testid || "choice", "data-kind": a.action.kind,
    "data-focus": `choice-${a.id}`, onclick: () => gesture(byId(a.id)),
  }, extra.text || say(a.label));

  function controls() {
    const what = v.decision;
    const out = [];
    const effects = all("use_effect").map((a) => choiceButton(a));
    if (what === "order") {
      if (find("shaman") && !st.sel) out.push(h("button", { class: "btn", "data-testid": "order-shaman", onclick: () => select({ kind: "shaman" }) }, t("tm.map.order_shaman")));
      const recruits = all("recruit");
      if (recruits.length && !st.sel) {
        const lo = Math.min(...recruits.map((a) => a.action.hearts)), hi = Math.max(...recruits.map((a) => a.action.hearts));
        const n = count(STEPPED.recruit(), lo, hi, lo);
        const a = find("recruit", { hearts: n });
        out.push(h("div", { class: "count-row" },
          stepper({ value: n, min: lo, max: hi, label: t("tm.map.recruit_label"), testid: "recruit-count", onChange: (x) => setCount(STEPPED.recruit(), x) }),
          h("button", { class: "btn", "data-testid": "recruit-go", "data-focus": "recruit-go", onclick: () => gesture(byId(a.id)) }, t("tm.map.recruit", { n }))));
      }
      const commit = find("commit");
      if (commit && !st.sel) out.push(choiceButton(commit, { testid: "commit", text: t("tm.map.commit", { hearts: me().available ?? 0 }) }));
    } else if (what === "march") {
      out.push(...dropPickControls());
      const stop = find("stop");
      if (stop) out.push(choiceButton(stop, { testid: "stop" }));
    } else if (what === "shaman") {
      const stop = find("stop");
      if (stop) out.push(choiceButton(stop, { testid: "stop" }));
    } else if (what === "recruit") {
      const max = deployMax();
      if (max > 0 && all("deploy").length) {
        const n = count("deploy", 1, max, max);
        out.push(h("div", { class: "count-row" }, stepper({ value: n, min: 1, max, label: t("tm.map.deploy_label"), testid: "deploy-count", onChange: (x) => setCount("deploy", x) }),
          h("span", { class: "muted small" }, t("tm.map.deploy_where"))));
        const pools = [[0, me().reserves ?? 0], [1, me().anger ?? 0]].filter(([, k]) => k > 0);
        if (pools.length > 1) {
          out.push(h("div", { class: "segmented", role: "radiogroup", "aria-label": t("tm.map.source_label") },
            pools.map(([i, k]) => h("button", { class: ["seg", st.source === i && "on"], role: "radio", "aria-checked": String(st.source === i), "data-testid": `source-${i}`,
              "data-focus": `source-${i}`, onclick: () => { st.source = i; draw(); } }, t(i ? "tm.map.from_anger" : "tm.map.from_reserves", { n: k })))));
        }
      }
      const stop = find("stop");
      if (stop) out.push(choiceButton(stop, { testid: "stop" }));
    } else if (what === "action") {
      const fate = all("fate");
      if (fate.length) {
        out.push(h("div", { class: "count-row fate-row" }, h("span", { class: "small muted" }, t("tm.map.fate")),
          fate.map((a) => {
            const from = ZONE_NAMES[a.action.zone], to = ZONE_NAMES[(a.action.zone + 1) % 3];
            return h("button", { class: "btn small", title: say(a.label), "aria-label": say(a.label), "data-testid": `fate-${from}`, "data-focus": `fate-${from}`,
              onclick: () => gesture(byId(a.id)) }, `${t(`zone.${from}`)} → ${t(`zone.${to}`)}`);
          })));
      }
      const relent = find("relent");
      if (relent) out.push(choiceButton(relent, { testid: "relent" }));
    } else if (what === "draft_bid") {
      const n = count(STEPPED.draft_bid(), 0, 3, 0);
      const a = find("draft_bid", { hearts: n });
      out.push(h("div", { class: "count-row" }, stepper({ value: n, min: 0, max: 3, label: t("tm.map.draft_label"), testid: "draft-count", onChange: (x) => setCount(STEPPED.draft_bid(), x) }),
        a ? h("button", { class: "btn primary", "data-testid": "draft-go", onclick: () => gesture(byId(a.id)) }, say(a.label)) : null));
    } else if (!["checks", "place_event", "move_event"].includes(what)) {
      // cards to keep or discard, effects to order, objectives to reveal, pass
      for (const a of legal()) if (a.action.kind !== "use_effect") out.push(choiceButton(a));
    }
    return [...out, ...effects];
  }

  function allChoices() {
    const acts = legal();
    const listSlot = h("div", {});
    const renderList = () => {
      const f = filter.toLowerCase();
      const shown = f ? acts.filter((a) => say(a.label).toLowerCase().includes(f)) : acts;
      clear(listSlot).append(h("div", { class: "action-list", "data-testid": "action-list" }, shown.map((a) => h("button", {
        class: ["btn", "action-btn", `kind-${a.action.kind}`], "data-testid": "action", "data-id": a.id, "data-kind": a.action.kind,
        "data-focus": `action-${a.id}`, onclick: () => gesture(byId(a.id)),
      }, say(a.label)))));
    };
    renderList();
    const details = h("details", { class: "all-choices", "data-testid": "all-choices", open: choicesOpen },
      h("summary", { "data-testid": "all-choices-toggle" }, t("tm.map.all_choices", { n: acts.length })),
      acts.length > 8 ? h("input", { class: "action-filter", placeholder: t("tm.filter"), "aria-label": t("tm.filter"), value: filter, "data-testid": "action-filter", "data-focus": "filter",
        oninput: (e) => { filter = e.target.value; renderList(); } }) : null,
      listSlot);
    details.addEventListener("toggle", () => {
      choicesOpen = details.open;
      localStorage.setItem(LIST_KEY, choicesOpen ? "1" : "0");
    });
    return details;
  }

  function autoSwitch() {
    return h("label", { class: "auto-switch small", title: t("tm.map.auto_tip") },
      h("input", { type: "checkbox", checked: autoForced, "data-testid": "auto-forced", "data-focus": "auto-forced",
        onchange: (e) => {
          autoForced = e.target.checked;
          localStorage.setItem(AUTO_KEY, autoForced ? "1" : "0");
          draw();
          autoTake();
        } }),
      t("tm.map.auto"));
  }

  function decisionPanel() {
    const turn = mine();
    const panel = h("section", { class: ["panel", "tm-decision", turn && "decision"], "data-testid": "decision", "aria-live": "polite" });
    const phase = v.phase ? t(`tm.phase.${v.phase}`) : "";
    panel.append(h("h3", {}, t("tm.day", { n: v.day }), " · ", phase));
    // The note belongs to the phase it was taken in: a later phase's decision is not explained by it.
    if (autoNote && (autoNote.day !== v.day || autoNote.phase !== v.phase)) autoNote = null;
    const note = autoNote ? h("p", { class: "auto-note small", "data-testid": "auto-note", "data-day": autoNote.day, "data-phase": autoNote.phase }, "↻ ", t("tm.map.auto_taken", { label: say(autoNote.label) }),
      autoNote.reason ? h("span", { class: "muted" }, ` — ${say(autoNote.reason)}`) : null) : null;
    if (!turn) {
      // An open match waits for its players to sit down, not for whoever moves first.
      const waiting = p.status === "open" ? t("table.waiting_players")
        : p.to_move !== null && p.to_move !== undefined ? t("table.waiting_for", { name: ctx.seatName(p.to_move) }) : t("table.loading");
      if (!p.result) panel.append(h("p", { class: "muted waiting" }, h("span", { class: "spinner" }), waiting));
      panel.append(...[note, autoSwitch()].filter(Boolean));
      return panel;
    }
    const forced = legal().length === 1;
    panel.append(h("p", { class: ["reason", forced && "forced"], "data-testid": "reason" },
      forced ? h("span", { class: "badge forced-badge" }, t("tm.map.forced")) : null, say(v.reason)));
    if (sending) {
      panel.append(h("p", { class: "muted waiting" }, h("span", { class: "spinner" }), t("tm.map.sending")));
      return panel;
    }
    const hint = hintFor();
    const ctrls = controls();
    panel.append(...[
      selectionLine(),
      hint ? h("p", { class: "hint small", "data-testid": "hint" }, hint) : null,
      ctrls.length ? h("div", { class: "controls", "data-testid": "controls" }, ctrls) : null,
      note, autoSwitch(), allChoices(),
    ].filter(Boolean));
    return panel;
  }

  // --- the other panels -------------------------------------------------------------------------

  function objectivesPanel() {
    if (ctx.seat === null) return null;
    const objs = v.your_cards?.objectives || [];
    const divs = v.your_cards?.divinations || [];
    const card = (kind, c, cls) => h("div", { class: cls, "data-testid": `my-${kind}` },
      h("strong", {}, cardName(kind, c.key)),
      cardText(kind, c.key) ? h("div", { class: "muted small" }, cardText(kind, c.key)) : null);
    return h("section", { class: "panel", "data-testid": "objectives" },
      h("h3", { title: t("tm.objectives_tip") }, t("tm.your_objectives")),
      objs.length ? objs.map((c) => card("objectives", c, "objective")) : h("p", { class: "muted small" }, t("tm.no_objectives")),
      divs.length ? [h("h3", { class: "sub-h" }, t("tm.your_divinations")), divs.map((c) => card("divinations", c, "objective divination"))] : null);
  }

  // Bids, raises, takes and forfeits on the card they are about.
  function cardControls(slot) {
    if (!mine() || sending) return null;
    const out = [];
    const take = find("take", { slot });
    if (take) out.push(choiceButton(take, { testid: `take-${slot}`, primary: true, text: t("tm.map.take") }));
    for (const [kind, key] of [["raise", "raise"], ["bid", "bid"]]) {
      const options = all(kind).filter((a) => a.action.slot === slot);
      if (!options.length) continue;
      const lo = Math.min(...options.map((a) => a.action.hearts)), hi = Math.max(...options.map((a) => a.action.hearts));
      const step = STEPPED[kind]({ slot });
      const n = count(step, lo, hi, lo);
      const a = options.find((x) => x.action.hearts === n);
      out.push(h("div", { class: "count-row" },
        stepper({ value: n, min: lo, max: hi, label: t(`tm.map.${key}_label`), testid: `${key}-${slot}`, onChange: (x) => setCount(step, x) }),
        h("button", { class: "btn small primary", "data-testid": `${key}-${slot}-go`, "data-focus": `${key}-${slot}-go`, title: say(a.label), onclick: () => gesture(byId(a.id)) },
          t(`tm.map.${key}`, { n }))));
    }
    const forfeit = find("forfeit", { slot });
    if (forfeit) out.push(choiceButton(forfeit, { testid: `forfeit-${slot}`, text: t("tm.map.forfeit") }));
    return out.length ? h("div", { class: "card-controls" }, out) : null;
  }

  function rowPanel() {
    return h("section", { class: "panel", "data-testid": "row" },
      h("h3", { title: t("tm.row_tip") }, t("tm.row"), h("span", { class: "muted small h3-aside" }, ` · ${t("tm.deck")}: ${v.decks?.divination ?? "?"}`)),
      h("div", { class: "div-row" }, (v.row || []).map((r, slot) => {
        const bids = (r.bids || []).map((b, pl) => [b, pl]).filter(([b]) => b > 0);
        const text = cardText("divinations", r.card);
        const ctrls = r.card ? cardControls(slot) : null;
        return h("div", { class: ["div-card", !r.card && "empty", ctrls && "actionable", suggested.slot === slot && "suggested"], "data-testid": "div-card", "data-slot": slot },
          h("div", { class: "name" }, r.card ? cardName("divinations", r.card) : t("tm.empty_slot"),
            r.rating ? h("span", { class: "rating", title: t("tm.rating_tip") }, "✦".repeat(r.rating)) : null),
          text ? h("div", { class: "muted card-text" }, text) : null,
          h("div", { class: "bids" }, bids.length ? bids.map(([b, pl]) => h("span", { class: "chip", title: ctx.seatName(pl) }, h("span", { class: "seat-dot", style: { background: PCOL(pl) } }), `♥ ${b}`)) : r.card ? h("span", { class: "muted small" }, t("tm.no_bids")) : null),
          ctrls);
      })));
  }

  function boardPanel() {
    const ss = seats();
    return h("section", { class: "panel", "data-testid": "action-board" },
      h("h3", { title: t("tm.zones_tip") }, t("tm.action_board")),
      h("div", { class: "zones" },
        ZONE_NAMES.map((z) => h("div", { class: "zone", title: t(`zone.${z}.tip`) },
          h("b", {}, String(ss.reduce((n, s) => n + (s.zones?.[z] || 0), 0))), term(z, t(`zone.${z}`)),
          h("div", { class: "bids", style: { justifyContent: "center" } }, ss.filter((s) => s.zones?.[z]).map((s) => h("span", { class: "chip" }, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), String(s.zones[z])))))),
        h("div", { class: "zone", title: t("tm.tower_tip") }, h("b", {}, String(ss.reduce((n, s) => n + (s.tower || 0), 0))), term("tower", t("tm.tower")))));
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
      h("h4", {}, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), ctx.seatName(s.seat), h("span", { class: "spacer" }),
        h("button", {
          class: ["score", "score-button", favorOpen.has(s.seat) && "on"], title: t("tm.favor_tip"), "data-testid": `favor-${s.seat}`,
          "aria-expanded": String(favorOpen.has(s.seat)), "aria-controls": `favor-parts-${s.seat}`,
          "aria-label": `${t("tm_score.title")}: ${ctx.seatName(s.seat)}, ${s.favor}`,
          onclick: () => { if (!favorOpen.delete(s.seat)) favorOpen.add(s.seat); draw(); },
        }, `★ ${s.favor}`)),
      favorOpen.has(s.seat) ? h("div", { class: "tm-favor-parts", id: `favor-parts-${s.seat}`, "data-testid": `favor-parts-${s.seat}` },
        favorSoFar(v, s.seat, t)) : null,
      h("div", { class: "kv" },
        h("span", { class: "k" }, term("shaman", t("tm.shaman"))), h("span", { title: s.shaman ? cardText("shamans", s.shaman) : "" }, s.shaman ? cardName("shamans", s.shaman) : "—"),
        h("span", { class: "k" }, term("heart", t("tm.hearts"))), h("span", { class: "hearts" },
          `♥ ${s.available} `, term("available", t("tm.available")), h("span", { class: "muted" }, ` · ${s.spent} `, term("spent", t("tm.spent")), ` · ${s.unearned} `, term("unearned", t("tm.unearned")))),
        h("span", { class: "k" }, term("reserves", t("tm.reserves"))), h("span", {}, `${s.reserves} · `, term("anger", t("tm.anger")), ` ${s.anger} · `, term("limbo", t("tm.limbo")), ` ${s.limbo}`),
        h("span", { class: "k" }, term("divination", t("tm.divinations"))), h("span", {}, (s.divinations || []).length ? s.divinations.map((d) => cardName("divinations", d)).join(", ") : "—"),
        h("span", { class: "k" }, term("objective", t("tm.objectives"))), h("span", {}, Array.isArray(s.objectives) ? String(s.objectives.length) : t("tm.hidden_objectives", { n: s.objectives })),
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
    const active = document.activeElement;
    const focusKey = active && container.contains(active) ? active.getAttribute("data-focus") : null;
    const offer = plan();
    const player = ctx.seat !== null && !p.result;
    clear(container);
    container.append(h("div", { class: "tm-table" },
      h("div", { class: ["tm-top", player && "playing"] },
        player ? h("div", { class: "tm-decision-slot" }, decisionPanel()) : null,
        h("div", { class: "tm-map-slot" }, mapPanel(offer)),
        h("div", { class: "tm-side" }, rowPanel(), objectivesPanel(), boardPanel())),
      favorTrack(),
      tribesPanel(),
      h("div", { class: "tm-bottom" }, extrasPanel())));
    const box = container.querySelector(".tm-mapbox");
    if (box && menu !== null) placeMenu(box);
    markTable(container, coach.line, coach.chosen);
    if (focusKey) container.querySelector(`[data-focus="${focusKey}"]`)?.focus();
    watchOverflow(container.querySelector(".tm-decision"));
  }

  // On a phone the decision keeps to half the screen and scrolls; while more of it lies below,
  // its bottom edge fades (class "more-below"), so a line cut at the edge reads as "scroll on".
  const overflow = new ResizeObserver((entries) => entries.forEach((e) => markOverflow(e.target)));
  let watched = null;
  function markOverflow(el) {
    el.classList.toggle("more-below", el.scrollHeight - el.scrollTop - el.clientHeight > 4);
  }
  function watchOverflow(el) {
    if (watched) overflow.unobserve(watched);
    watched = el;
    if (!el) return;
    el.addEventListener("scroll", () => markOverflow(el), { passive: true });
    overflow.observe(el);
    markOverflow(el);
  }

  // Escape cancels a selection or closes a space's menu, wherever the focus is.
  function onEscape(e) {
    if (e.key !== "Escape" || (!st.sel && menu === null)) return;
    e.preventDefault();
    const back = menu ?? st.sel?.space ?? st.sel?.from ?? null;
    st.sel = null;
    menu = null;
    draw();
    if (back !== null) focusSpace(back);
  }
  PHONE.addEventListener("change", draw);
  document.addEventListener("keydown", onEscape);

  return {
    update(payload) {
      // after an undo, the choice taken back is not taken again at once
      if (p && (payload.log?.length ?? 0) < (p.log?.length ?? 0)) autoVersion = payload.version;
      const changed = st.update(payload);
      p = payload;
      if (changed) {
        menu = null;
        whyNot = null;
        filter = "";
        suggested = { spaces: [], slot: null };
        coach = { line: [], chosen: null };
      }
      for (const waiter of [...waiters]) {
        if (p.version > waiter.before) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(true);
        }
      }
      draw();
      if (changed) autoTake();
    },
    rerender: draw,
    // The coach's choice (an action's JSON, or null): the spaces it acts on ringed on the map,
    // the divination it bids on marked on the row, until the table moves on.
    suggest(action) {
      const next = {
        spaces: action ? ["space", "from", "to"].filter((k) => k in action).map((k) => action[k]) : [],
        slot: action && "slot" in action ? action.slot : null,
      };
      // The hearts the coach would spend are set on their stepper: its choice is one press away.
      const key = action && STEPPED[action.kind] ? STEPPED[action.kind](action) : null;
      const preset = key !== null && st.counts[key] !== action.hearts;
      if (preset) st.counts[key] = action.hearts;
      if (!preset && JSON.stringify(next) === JSON.stringify(suggested)) return;
      suggested = next;
      draw();
    },
    // The coach's line after its choice ([{seat, action, said}]): numbered on the map and the row.
    suggestLine(steps) {
      const line = lineMarks(steps);
      if (JSON.stringify(line) === JSON.stringify(coach.line)) return;
      coach = { ...coach, line };
      draw();
    },
    // The coach's hinted decision one press away: its button marked and focused (its spaces are
    // ringed and its hearts set by `suggest`).
    preselect(action) {
      const a = legal().find((x) => JSON.stringify(x.action) === JSON.stringify(action));
      coach = { ...coach, chosen: a ? a.id : null };
      draw();
      if (a) focusChosen(container, a.id);
    },
    destroy() {
      PHONE.removeEventListener("change", draw);
      document.removeEventListener("keydown", onEscape);
    },
    playerExtra(seat) {
      const s = (p?.view?.seats || [])[seat];
      return s ? h("span", { class: "score small" }, "★ ", String(s.favor)) : null;
    },
    resultExtra() {
      return favorBreakdown(v, { seatName: ctx.seatName, t, named });
    },
  };
}
