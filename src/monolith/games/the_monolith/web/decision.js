// The Monolith's decision panel: why you decide now, what the order in progress has left, the
// controls of the decision (steppers for how many, the choices as buttons), the choice taken for
// you when it was the only one, and every legal action in a collapsible list.
import { h, clear } from "/static/js/dom.js";
import { t, ZONE_NAMES, AUTO_KEY, remembered, stepper } from "./common.js";
import { STEPPED } from "./state.js";

const LIST_KEY = "monolith.tm.all_choices";

// `tbl`: the table's shared state and gestures (view.js).
export function createDecision(tbl) {
  const { ctx, st, draw, gesture, autoTake, select, setCount, setGroup, byId, times, spaceName, say } = tbl;
  const { legal, mine, me, all, find, count, groupMax, dropMax, pickMax, deployMax } = st;
  let choicesOpen = remembered(LIST_KEY, false);
  let filter = ""; // the words the list of every choice is filtered by

  function hintFor() {
    const what = tbl.v.decision;
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
      tbl.whyNot ? h("p", { class: "why-not small", role: "status", "data-testid": "why-not" }, tbl.whyNot) : null);
  }

  const choiceButton = (a, extra = {}) => h("button", {
    class: ["btn", "choice", `kind-${a.action.kind}`, extra.primary && "primary"], "data-testid": extra.testid || "choice", "data-kind": a.action.kind,
    "data-focus": `choice-${a.id}`, onclick: () => gesture(byId(a.id)),
  }, extra.text || say(a.label));

  function controls() {
    const what = tbl.v.decision;
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
      h("input", { type: "checkbox", checked: tbl.autoForced, "data-testid": "auto-forced", "data-focus": "auto-forced",
        onchange: (e) => {
          tbl.autoForced = e.target.checked;
          localStorage.setItem(AUTO_KEY, tbl.autoForced ? "1" : "0");
          draw();
          autoTake();
        } }),
      t("tm.map.auto"));
  }

  function decisionPanel() {
    const turn = mine();
    const panel = h("section", { class: ["panel", "tm-decision", turn && "decision"], "data-testid": "decision", "aria-live": "polite" });
    const phase = tbl.v.phase ? t(`tm.phase.${tbl.v.phase}`) : "";
    panel.append(h("h3", {}, t("tm.day", { n: tbl.v.day }), " · ", phase));
    // The note belongs to the phase it was taken in: a later phase's decision is not explained by it.
    if (tbl.autoNote && (tbl.autoNote.day !== tbl.v.day || tbl.autoNote.phase !== tbl.v.phase)) tbl.autoNote = null;
    const note = tbl.autoNote ? h("p", { class: "auto-note small", "data-testid": "auto-note", "data-day": tbl.autoNote.day, "data-phase": tbl.autoNote.phase }, "↻ ", t("tm.map.auto_taken", { label: say(tbl.autoNote.label) }),
      tbl.autoNote.reason ? h("span", { class: "muted" }, ` — ${say(tbl.autoNote.reason)}`) : null) : null;
    if (!turn) {
      // An open match waits for its players to sit down, not for whoever moves first.
      const waiting = tbl.p.status === "open" ? t("table.waiting_players")
        : tbl.p.to_move !== null && tbl.p.to_move !== undefined ? t("table.waiting_for", { name: ctx.seatName(tbl.p.to_move) }) : t("table.loading");
      if (!tbl.p.result) panel.append(h("p", { class: "muted waiting" }, h("span", { class: "spinner" }), waiting));
      panel.append(...[note, autoSwitch()].filter(Boolean));
      return panel;
    }
    const forced = legal().length === 1;
    panel.append(h("p", { class: ["reason", forced && "forced"], "data-testid": "reason" },
      forced ? h("span", { class: "badge forced-badge" }, t("tm.map.forced")) : null, say(tbl.v.reason)));
    if (tbl.sending) {
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

  function dropPickControls() {
    const out = [];
    const drop = find("drop_off");
    const pick = find("pick_up");
    if (drop) {
      const n = count("drop", 1, dropMax(), 1);
      out.push(h("div", { class: "count-row" },
        stepper({ value: n, min: 1, max: dropMax(), label: t("tm.map.drop_label"), testid: "drop-count", onChange: (x) => setCount("drop", x) }),
        h("button", { class: "btn small primary", "data-testid": "drop-go", "data-focus": "drop-go", onclick: () => gesture(...times(n, byId(drop.id))) },
          t("tm.map.drop", { n, space: spaceName(tbl.v.march.at) }))));
    }
    if (pick) {
      const n = count("pick", 1, pickMax(), 1);
      out.push(h("div", { class: "count-row" },
        stepper({ value: n, min: 1, max: pickMax(), label: t("tm.map.pick_label"), testid: "pick-count", onChange: (x) => setCount("pick", x) }),
        h("button", { class: "btn small", "data-testid": "pick-go", "data-focus": "pick-go", onclick: () => gesture(...times(n, byId(pick.id))) },
          t("tm.map.pick", { n, space: spaceName(tbl.v.march.at) }))));
    }
    return out;
  }

  return {
    decisionPanel,
    choiceButton,
    dropPickControls,
    // A new decision starts with the list of every choice unfiltered.
    clearFilter() { filter = ""; },
  };
}
