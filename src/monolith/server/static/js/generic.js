// Any game without its own table: the view as a tree and the legal actions as buttons.
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";

export function actionList(ctx, actions, opts = {}) {
  const filter = (opts.filter || "").toLowerCase();
  const labelled = actions.map((a) => ({ a, text: ctx.say(a.label) }));
  const shown = labelled.filter(({ text }) => !filter || text.toLowerCase().includes(filter));
  return h("div", { class: "action-list", "data-testid": "action-list" },
    shown.map(({ a, text }) => h("button", {
      class: ["btn", "action-btn", `kind-${a.action?.type || a.action?.kind || "x"}`], "data-testid": "action", "data-id": a.id,
      title: text, onclick: () => ctx.act(a.id),
    }, text)));
}

export function createGeneric(container, ctx) {
  let p = null;
  function draw() {
    clear(container);
    container.append(h("section", { class: "panel" },
      h("h3", {}, t("table.your_options")),
      p.legal_actions?.length ? actionList(ctx, p.legal_actions) : h("p", { class: "muted" }, t("table.nothing_to_do")),
      h("details", {}, h("summary", {}, t("table.raw_view")), h("pre", { class: "raw" }, JSON.stringify(p.view, null, 2)))));
  }
  return { update(payload) { p = payload; draw(); }, rerender() { if (p) draw(); } };
}
