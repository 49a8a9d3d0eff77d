// The panels around The Monolith's map: your objectives and divinations, the divination row with
// its bids (and your bids, raises and takes on each card), the action board's zones and tower, the
// favor track, each tribe's card, and the decks, events and pending effects.
import { h } from "/static/js/dom.js";
import { named } from "/static/js/i18n.js";
import { term } from "/static/js/glossary.js";
import { t, PCOL, ZONE_NAMES, cardName, cardText, stepper } from "./common.js";
import { favorSoFar } from "./score.js";
import { STEPPED } from "./state.js";

// `tbl`: the table's shared state and gestures (view.js); `decision`: the decision panel, whose
// choice buttons the cards carry too.
export function createPanels(tbl, decision) {
  const { ctx, st, draw, gesture, setCount, byId, spaceName, say } = tbl;
  const { mine, all, find, count } = st;
  const { choiceButton } = decision;
  const seats = () => tbl.v.seats || [];
  const favorOpen = new Set(); // seats whose favor is shown source by source in their tribe's card

  function objectivesPanel() {
    if (ctx.seat === null) return null;
    const objs = tbl.v.your_cards?.objectives || [];
    const divs = tbl.v.your_cards?.divinations || [];
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
    if (!mine() || tbl.sending) return null;
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
      h("h3", { title: t("tm.row_tip") }, t("tm.row"), h("span", { class: "muted small h3-aside" }, ` · ${t("tm.deck")}: ${tbl.v.decks?.divination ?? "?"}`)),
      h("div", { class: "div-row" }, (tbl.v.row || []).map((r, slot) => {
        const bids = (r.bids || []).map((b, pl) => [b, pl]).filter(([b]) => b > 0);
        const text = cardText("divinations", r.card);
        const ctrls = r.card ? cardControls(slot) : null;
        return h("div", { class: ["div-card", !r.card && "empty", ctrls && "actionable", tbl.suggested.slot === slot && "suggested"], "data-testid": "div-card", "data-slot": slot },
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
        class: ["tm-player", tbl.p.to_move === s.seat && !tbl.p.result && "to-move"], style: { "--pc": PCOL(s.seat) }, "data-testid": `tribe-${s.seat}`,
      },
      h("h4", {}, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), ctx.seatName(s.seat), h("span", { class: "spacer" }),
        h("button", {
          class: ["score", "score-button", favorOpen.has(s.seat) && "on"], title: t("tm.favor_tip"), "data-testid": `favor-${s.seat}`,
          "aria-expanded": String(favorOpen.has(s.seat)), "aria-controls": `favor-parts-${s.seat}`,
          "aria-label": `${t("tm_score.title")}: ${ctx.seatName(s.seat)}, ${s.favor}`,
          onclick: () => { if (!favorOpen.delete(s.seat)) favorOpen.add(s.seat); draw(); },
        }, `★ ${s.favor}`)),
      favorOpen.has(s.seat) ? h("div", { class: "tm-favor-parts", id: `favor-parts-${s.seat}`, "data-testid": `favor-parts-${s.seat}` },
        favorSoFar(tbl.v, s.seat, t)) : null,
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
    const pending = tbl.v.pending || [];
    return h("section", { class: "panel" },
      h("div", { class: "info-grid" },
        h("div", { class: "info-label" }, t("tm.decks")), h("div", {}, Object.entries(tbl.v.decks || {}).map(([k, n]) => `${t(`tm.deck.${k}`)} ${n}`).join(" · ")),
        h("div", { class: "info-label" }, t("tm.events")), h("div", {}, (tbl.v.events_in_play || []).length ? tbl.v.events_in_play.map((e) => `${cardName("events", e.event)} (${spaceName(e.space)})`).join(", ") : "—"),
        h("div", { class: "info-label" }, t("tm.pending")), h("div", {}, pending.length ? pending.map((x) => `${named(x.source.kind, x.source.id)}${x.owner >= 0 ? ` · ${ctx.seatName(x.owner)}` : ""}`).join(", ") : "—")));
  }

  return { objectivesPanel, rowPanel, boardPanel, favorTrack, tribesPanel, extrasPanel };
}
