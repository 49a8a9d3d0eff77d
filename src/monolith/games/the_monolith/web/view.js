// The Monolith table, played on the map: click one of your units (or Tab to its space and press
// Enter), then its path or its target. The spaces you can act on are outlined, each with what
// acting there costs (a step's heart, or "free"); a drop-off, pick-up or deployment of several
// warriors is one gesture, sent as engine actions one after another, each after the previous is
// acknowledged. Bids, raises and takes sit on the divination cards. The decision panel says why
// you decide now and what the order in progress has left; a forced single choice is taken for you
// unless you switch that off. Every legal action also stays in a collapsible list.
// This module keeps the table's state and what a gesture does; the parts draw: the map (map.js),
// the decision panel (decision.js) and the panels around them (panels.js).
import { h, clear } from "/static/js/dom.js";
import { named } from "/static/js/i18n.js";
import { t, AUTO_KEY, PHONE, remembered } from "./common.js";
import { createDecision } from "./decision.js";
import { createMap } from "./map.js";
import { createPanels } from "./panels.js";
import { favorBreakdown } from "./score.js";
import { createTmState, STEPPED } from "./state.js";
import { lineMarks, markTable, focusChosen } from "./coach.js";

const ACK_TIMEOUT_MS = 10000;

export function createTable(container, ctx) {
  let p = null;
  let v = null;
  // The selection, the counts and the plan of the map (state.js).
  const st = createTmState(ctx.seat);
  let menu = null; // the space whose menu of actions is open
  let sending = false; // a gesture's actions are on their way
  let autoForced = remembered(AUTO_KEY, true);
  let autoVersion = -1; // the version a forced choice was last taken at
  let autoNote = null; // the label and reason (messages) of the last choice taken for you
  let whyNot = null; // why the last click on the map did nothing (a maneuver behind a wall)
  const waiters = [];
  let suggested = { spaces: [], slot: null }; // the coach's choice: where it acts, on the map or the row
  let coach = { line: [], chosen: null }; // the coach's line after its choice, and its hinted decision

  const { legal, mine } = st;
  const byId = (id) => ({ id });
  const spaceName = (i) => (v.spaces[i] ? named("space", v.spaces[i].key) : "?");
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
    if (s !== null) map.focusSpace(s);
  }

  // --- how many: group size, drop-off, pick-up, deployment, recruit hearts, bids ---------------

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

  // What the parts of the table read and call: the payload and its view as they are now, what is
  // selected, sent or suggested, and the gestures.
  const tbl = {
    ctx, st, container,
    get p() { return p; },
    get v() { return v; },
    get sending() { return sending; },
    get suggested() { return suggested; },
    get whyNot() { return whyNot; },
    get menu() { return menu; },
    set menu(s) { menu = s; },
    get autoForced() { return autoForced; },
    set autoForced(on) { autoForced = on; },
    get autoNote() { return autoNote; },
    set autoNote(note) { autoNote = note; },
    draw, gesture, autoTake, select, sayWhy, openMenu, closeMenu, setCount, setGroup, nudge,
    byId, times, spaceName, say, who,
  };
  const decision = createDecision(tbl);
  const map = createMap(tbl, decision);
  const panels = createPanels(tbl, decision);

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
        player ? h("div", { class: "tm-decision-slot" }, decision.decisionPanel()) : null,
        h("div", { class: "tm-map-slot" }, map.mapPanel(offer)),
        h("div", { class: "tm-side" }, panels.rowPanel(), panels.objectivesPanel(), panels.boardPanel())),
      panels.favorTrack(),
      panels.tribesPanel(),
      h("div", { class: "tm-bottom" }, panels.extrasPanel())));
    const box = container.querySelector(".tm-mapbox");
    if (box && menu !== null) map.placeMenu(box);
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
    if (back !== null) map.focusSpace(back);
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
        decision.clearFilter();
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
    // ringed and its hearts set by `suggest`); `null` (the hint closed) takes the mark away.
    preselect(action) {
      const a = action && legal().find((x) => JSON.stringify(x.action) === JSON.stringify(action));
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
