// Any game without its own table: the view as a tree and the legal actions as buttons.
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";

// `opts.suggested`: the action id of the coach's choice, its button marked as the coach's.
export function actionList(ctx, actions, opts = {}) {
  const filter = (opts.filter || "").toLowerCase();
  const labelled = actions.map((a) => ({ a, text: ctx.say(a.label) }));
  const shown = labelled.filter(({ text }) => !filter || text.toLowerCase().includes(filter));
  return h("div", { class: "action-list", "data-testid": "action-list" },
    shown.map(({ a, text }) => h("button", {
      class: ["btn", "action-btn", `kind-${a.action?.type || a.action?.kind || "x"}`, a.id === opts.suggested && "suggested"],
      "data-testid": "action", "data-id": a.id, title: text, onclick: () => ctx.act(a.id),
    }, text)));
}

export function createGeneric(container, ctx) {
  let p = null;
  let suggested = null; // the coach's choice shown (an action id), until the table moves on
  let named = null; // the coach's choice as words (its label), where no option's button can be marked
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  // A replay offers no options: the coach's choice, when shown, is written out in their place.
  function options() {
    if (p.legal_actions?.length) return actionList(ctx, p.legal_actions, { suggested });
    if (named) return h("p", { class: "coach-choice", "data-testid": "coach-choice" }, t("table.coach_choice", { choice: ctx.say(named) }));
    return p.status === "replay" ? null : h("p", { class: "muted" }, t("table.nothing_to_do"));
  }
  function draw() {
    clear(container);
    const listed = options();
    container.append(h("section", { class: "panel" },
      listed && p.status !== "replay" ? h("h3", {}, t("table.your_options")) : null, listed,
      h("details", {}, h("summary", {}, t("table.raw_view")), h("pre", { class: "raw" }, JSON.stringify(p.view, null, 2)))));
  }
  return {
    update(payload) {
      if (p && payload.version !== p.version) { suggested = null; named = null; }
      p = payload;
      draw();
    },
    rerender() { if (p) draw(); },
    // The coach's choice (an action's JSON, or null): its button marked among the options, or
    // with no options to mark (a replay) its `label` (a message) written out.
    suggest(action, seat = null, label = null) {
      const next = (action && p?.legal_actions?.find((a) => same(a.action, action))?.id) ?? null;
      const words = action && next === null ? label : null;
      if (next === suggested && same(words, named)) return;
      suggested = next;
      named = words;
      if (p) draw();
    },
    // The coach's hinted decision one press away: its button focused (Enter plays it).
    preselect(action) {
      if (action) container.querySelector("[data-testid=action].suggested")?.focus({ preventScroll: true });
    },
  };
}
