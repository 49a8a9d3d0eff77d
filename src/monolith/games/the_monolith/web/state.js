// The Monolith table's state apart from its drawing: the unit chosen on the map, the counts set
// on the steppers, and the plan of what a click on each space, unit or boast slot does next,
// derived from the state payload's legal actions. No DOM and no words: a plan entry carries a
// hint as message parts ({id, args} | {label} | {cost}) and what it does as data (`go`), which the
// page (view.js) words and runs. Node's test runner checks it on payloads saved from a real
// server (tests/js).

// The stepper that sets an action's hearts, by the action's kind (its key in `counts`): the
// controls count with it, and the coach's shown choice presets it.
export const STEPPED = {
  bid: (a) => `bid${a.slot}`,
  raise: (a) => `raise${a.slot}`,
  recruit: () => "recruit",
  draft_bid: () => "draft",
};

const matches = (a, kind, fields) => a.action.kind === kind && Object.entries(fields).every(([k, x]) => a.action[k] === x);

// One engine action of a gesture, picked from the legal list of the moment it is sent:
// {id} that very action, {kind, fields} the first of a kind with those fields, {deploy: space}
// a deployment there from the preferred source (0 reserves, 1 anger), else the other.
export function pickFrom(legal, pick, source = 0) {
  if (pick.id !== undefined) return legal.find((a) => a.id === pick.id) || null;
  if (pick.deploy !== undefined) {
    return legal.find((a) => matches(a, "deploy", { space: pick.deploy, source })) ||
      legal.find((a) => matches(a, "deploy", { space: pick.deploy, source: 1 - source })) || null;
  }
  return legal.find((a) => matches(a, pick.kind, pick.fields || {})) || null;
}

// A seat's table state. `sel` is a unit chosen on the map, waiting for its path or target:
// {kind: "group", space, n} | {kind: "shaman"} | {kind: "maneuver", from, unit}.
export function createTmState(seat) {
  const st = {
    p: null,
    sel: null,
    counts: {},
    source: 0, // where deployed warriors come from first: 0 reserves, 1 anger

    // A new payload; a new version drops the selection and the counts. True when it changed.
    update(payload) {
      const changed = !st.p || payload.version !== st.p.version;
      st.p = payload;
      if (changed) {
        st.sel = null;
        st.counts = {};
      }
      return changed;
    },

    legal: () => (st.p && st.p.legal_actions) || [],
    mine: () => seat !== null && st.p !== null && st.p.to_move === seat && !st.p.result && st.legal().length > 0,
    me: () => (st.p.view.seats || [])[seat] || {},
    all: (kind) => st.legal().filter((a) => a.action.kind === kind),
    find: (kind, fields = {}) => st.legal().find((a) => matches(a, kind, fields)) || null,
    pick: (pick) => pickFrom(st.legal(), pick, st.source),
    adjacent: (s) => st.p.view.spaces[s]?.adjacent || [],
    shamanSpace: (pl) => st.p.view.spaces.findIndex((s) => (s.shamans || []).some((x) => x.player === pl)),

    // The largest group that can march from a space (0: none).
    groupMax(space) {
      return Math.max(0, ...st.all("march").filter((a) => a.action.space === space).map((a) => a.action.warriors));
    },
    dropMax() {
      const m = st.p.view.march;
      return m ? m.group - 1 : 0;
    },
    pickMax() {
      const m = st.p.view.march;
      return m ? (st.p.view.spaces[m.at].warriors[seat] || 0) - m.group : 0;
    },
    deployMax() {
      const r = st.p.view.recruit;
      const me = st.me();
      return r ? Math.min(r.paid + r.free, (me.reserves || 0) + (me.anger || 0)) : 0;
    },

    // A stepper's value within its bounds (`fallback` until it is set).
    count(key, min, max, fallback) {
      return Math.max(min, Math.min(max, st.counts[key] ?? fallback));
    },
    setCount(key, value) {
      st.counts[key] = value;
    },
    setGroup(n) {
      st.sel.n = Math.max(1, Math.min(st.groupMax(st.sel.space), n));
    },
    select(next) {
      st.sel = next;
    },

    // + and − on the map: one warrior more or fewer in the group, the drop-off or the deployment.
    nudge(delta) {
      const v = st.p.view;
      if (st.sel?.kind === "group") st.setGroup(st.sel.n + delta);
      else if (v.decision === "march" && st.find("drop_off")) st.setCount("drop", st.count("drop", 1, st.dropMax(), 1) + delta);
      else if (v.decision === "recruit") st.setCount("deploy", st.count("deploy", 1, st.deployMax(), st.deployMax()) + delta);
      else return false;
      return true;
    },

    // Per space: what a click (or Enter) does ({hint, go, badge?}); per unit ("space:player:w|s")
    // and per space's empty boast slots: direct targets; `here`: where the unit in play stands.
    // `go` is {select: sel | null}, {menu: space} or {gesture: [pick, ...]} (see pickFrom).
    // `refused`: per space a click on would do nothing, why (message parts): a maneuver's
    // unit cannot go behind a wall, nor to a space that does not border its own.
    plan() {
      const out = { spaces: new Map(), units: new Map(), slots: new Map(), here: null, refused: new Map() };
      if (!st.mine()) return out;
      const what = st.p.view.decision;
      if (what === "order") planOrder(out);
      else if (what === "march" || what === "shaman") planSteps(out);
      else if (what === "recruit") planDeploy(out);
      else if (what === "action") planAction(out);
      else if (what === "place_event" || what === "move_event") {
        for (const a of st.all("place_event")) out.spaces.set(a.action.space, { hint: [{ label: a.label }], go: gesture({ id: a.id }) });
      }
      return out;
    },
  };

  const gesture = (...picks) => ({ gesture: picks });
  const times = (n, pick) => Array.from({ length: n }, () => pick);
  const cost = (kind) => ({ cost: kind, hearts: st.me().available ?? 0 });
  const word = (id, args = {}) => ({ id, args });

  function planOrder(out) {
    const sel = st.sel;
    const shaman = st.find("shaman");
    const home = st.shamanSpace(seat);
    const pickGroup = (s) => ({ select: { kind: "group", space: s, n: st.groupMax(s) } });
    if (sel?.kind === "group") {
      const { space: from, n } = sel;
      const start = st.find("march", { space: from, warriors: n });
      out.here = from;
      // another group of yours is picked instead by clicking it
      for (const s of new Set(st.all("march").map((a) => a.action.space))) {
        if (s !== from) out.units.set(`${s}:${seat}:w`, { hint: [word("tm.map.hint_group", { n: st.groupMax(s) })], go: pickGroup(s) });
      }
      out.spaces.set(from, { hint: [word("tm.map.hint_cancel")], go: { select: null } });
      for (const to of st.adjacent(from)) {
        out.spaces.set(to, {
          badge: "heart", hint: [word("tm.map.do_march", { n, to: { space: to } }), cost("heart")],
          go: gesture({ id: start?.id }, { kind: "step", fields: { space: to } }),
        });
      }
      return;
    }
    if (sel?.kind === "shaman") {
      out.here = home;
      out.spaces.set(home, { hint: [word("tm.map.do_shaman_here")], go: gesture({ id: shaman?.id }) });
      for (const to of st.adjacent(home)) {
        out.spaces.set(to, {
          badge: "heart", hint: [word("tm.map.do_shaman", { to: { space: to } }), cost("heart")],
          go: gesture({ id: shaman?.id }, { kind: "step", fields: { space: to } }),
        });
      }
      return;
    }
    for (const s of new Set(st.all("march").map((a) => a.action.space))) {
      const n = st.groupMax(s);
      const both = shaman && home === s;
      out.spaces.set(s, { hint: [both ? word("tm.map.hint_which_unit") : word("tm.map.hint_group", { n })], go: both ? { menu: s } : pickGroup(s) });
      out.units.set(`${s}:${seat}:w`, { hint: [word("tm.map.hint_group", { n })], go: pickGroup(s) });
    }
    if (shaman && home >= 0) {
      const pick = { select: { kind: "shaman" } };
      if (!out.spaces.has(home)) out.spaces.set(home, { hint: [word("tm.map.hint_shaman")], go: pick });
      out.units.set(`${home}:${seat}:s`, { hint: [word("tm.map.hint_shaman")], go: pick });
    }
  }

  function planSteps(out) {
    const v = st.p.view;
    const m = v.march;
    out.here = m.at;
    const kind = m.next_step === "free" ? "free" : "heart";
    for (const a of st.all("step")) {
      out.spaces.set(a.action.space, { badge: kind, hint: [{ label: a.label, end: "." }, cost(kind)], go: gesture({ id: a.id }) });
    }
    if (v.decision === "march" && (st.find("drop_off") || st.find("pick_up"))) {
      out.spaces.set(m.at, { hint: [word("tm.map.hint_drop_pick")], go: { menu: m.at } });
    }
  }

  function planDeploy(out) {
    const n = st.count("deploy", 1, st.deployMax(), st.deployMax());
    for (const s of new Set(st.all("deploy").map((a) => a.action.space))) {
      out.spaces.set(s, {
        badge: "count", count: n, hint: [word("tm.map.do_deploy", { n, space: { space: s } })],
        go: gesture(...times(n, { deploy: s })),
      });
    }
  }

  function planAction(out) {
    const sel = st.sel;
    if (sel?.kind === "maneuver") {
      const { from, unit } = sel;
      out.here = from;
      out.spaces.set(from, { hint: [word("tm.map.hint_cancel")], go: { select: null } });
      for (const a of st.all("maneuver").filter((x) => x.action.from === from && x.action.shaman === unit)) {
        out.spaces.set(a.action.to, { badge: "maneuver", hint: [{ label: a.label }], go: gesture({ id: a.id }) });
      }
      refuseUnreachable(out, from);
      return;
    }
    const here = new Set(st.legal().map((a) => a.action.space ?? a.action.from).filter((s) => s !== undefined));
    for (const s of here) out.spaces.set(s, { hint: [word("tm.map.hint_actions")], go: { menu: s } });
    for (const a of st.all("slay")) {
      out.units.set(`${a.action.space}:${a.action.player}:${a.action.shaman ? "s" : "w"}`, { hint: [{ label: a.label }], go: gesture({ id: a.id }) });
    }
    for (const a of st.all("maneuver")) {
      const key = `${a.action.from}:${seat}:${a.action.shaman ? "s" : "w"}`;
      if (!out.units.has(key)) {
        const next = { kind: "maneuver", from: a.action.from, unit: a.action.shaman };
        out.units.set(key, { hint: [word(a.action.shaman ? "tm.map.hint_maneuver_shaman" : "tm.map.hint_maneuver_warrior")], go: { select: next } });
      }
    }
    for (const a of st.all("boast")) out.slots.set(a.action.space, { hint: [{ label: a.label }], go: gesture({ id: a.id }) });
  }

  // A maneuver goes one space, across an open border: every other space says why not.
  function refuseUnreachable(out, from) {
    const v = st.p.view;
    const walled = new Set((v.borders || []).filter((b) => b.kind !== "dashed" && (b.a === from || b.b === from)).map((b) => (b.a === from ? b.b : b.a)));
    for (const s of v.spaces) {
      if (!s.exists || s.index === from || out.spaces.has(s.index) || st.adjacent(from).includes(s.index)) continue;
      const id = walled.has(s.index) ? "tm.map.behind_wall" : "tm.map.not_adjacent";
      out.refused.set(s.index, [word(id, { from: { space: from }, to: { space: s.index } })]);
    }
  }

  return st;
}
