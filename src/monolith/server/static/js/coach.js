// The coach: on a table, the hint button and its answer; in a replay, the review: each human
// seat's win chance over the game, marks on the log, and for the step shown what the coach
// would have played instead, drawn on the board by the game's module where it can
// (`game.suggest(action, seat)`). The server works everything out (docs/web-api.md, "The coach").
import { h, svg, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api, getToken } from "./api.js";
import { refusalText } from "./ui.js";

export const MARK_SIGNS = { good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const MARKED = ["blunder", "mistake", "inaccuracy"];
const pct = (x) => Math.round(100 * x);
const percent = (x) => t("coach-percent", { value: pct(x) });

// A decision in the reader's words: its menu entry and, where the game's module can say, where
// on the board it acts (a menu entry may name only the piece).
function named(say, describe, option) {
  const where = option.action ? describe?.(option.action) : "";
  return where ? `${say(option.label)} (${where})` : say(option.label);
}

// What the coach's choice does that the other decision does not, in the game's terms (a sentence
// of the game's, from the server), after `key`'s words ("Why: …").
function why(say, key, reason, testid) {
  return reason ? h("p", { class: "coach-why", "data-testid": testid }, h("span", { "aria-hidden": "true" }, "→ "), t(key, { reason: say(reason) })) : null;
}

// The coach's line: the decisions its search expects after its choice, numbered as the board
// draws them, each as the log would say it ("you take…", "Bea takes…").
function lineList(say, line) {
  if (!line?.length) return null;
  return h("div", { class: "coach-line", "data-testid": "coach-line" },
    h("span", { class: "muted small" }, t("coach.line")),
    h("ol", { class: "coach-line-steps" }, line.map((step, k) => h("li", { "data-seat": step.seat, "data-testid": "coach-line-step" },
      h("span", { class: "line-num", "aria-hidden": "true" }, String(k + 1)), " ",
      step.said.map((m) => say(m)).join(" ")))));
}

// The coach's choice as the game drew it (its elements carry the class "suggested"), scrolled
// into view when it is off screen (on a phone the hint is asked far below the board).
function bringIntoView() {
  const marked = document.querySelector(".suggested");
  if (!marked) return;
  const box = marked.getBoundingClientRect();
  if (box.top < 60 || box.bottom > window.innerHeight - 120) marked.scrollIntoView({ block: "center" });
}

// "Hints on" / "Hints off": shown on the lobby's match list and at the table.
// Hints matter only where a person plays: a table of bots alone shows no badge (null).
export function hintsBadge(on, seats) {
  if (!seats.some((s) => s.kind === "human")) return null;
  return h("span", {
    class: ["badge", "hints-badge", on ? "on" : "off"], "data-testid": "hints-badge", "data-hints": String(on),
    title: t(on ? "coach.hints_on_tip" : "coach.hints_off_tip"),
  }, t(on ? "coach.hints_on" : "coach.hints_off"));
}

// A mark as the chess annotator writes it, with its word for screen readers and a tooltip.
export function markBadge(decision, onclick = null) {
  const word = t("coach-mark", { mark: decision.mark });
  const title = decision.loss ? `${word} · ${t("coach.lost", { loss: pct(decision.loss) })}` : word;
  const attrs = { class: ["coach-mark", decision.mark], title, "data-testid": `mark-${decision.index}`, "data-mark": decision.mark };
  const body = [h("span", { "aria-hidden": "true" }, MARK_SIGNS[decision.mark] || "✓"), h("span", { class: "sr-only" }, word)];
  return onclick ? h("button", { ...attrs, type: "button", onclick }, body) : h("span", attrs, body);
}

// The hint at a table. `base` is the match's API path; `show(action, line)` draws a decision and
// the coach's line after it on the board and chooses it there, so that the player only confirms
// (the game's `suggest`, `suggestLine` and `preselect`); `show(null)` takes them away.
export function createHint({ base, token, say, show, describe }) {
  let payload = null;
  let answer = null; // for payload.version
  let asking = false;
  let failure = null;
  let shown = null; // the decision drawn on the board: the panel folds to it, leaving the board free
  const panel = h("section", { class: "panel hint-panel", "data-testid": "hint-panel", hidden: true, "aria-live": "polite" });

  const canAsk = () => payload && payload.hints && payload.seat !== null && payload.status === "running" &&
    payload.to_move === payload.seat && payload.legal_actions?.length > 0;

  async function ask() {
    if (!canAsk() || asking) return;
    const version = payload.version;
    if (answer?.version === version) { panel.hidden = false; render(); return; }
    asking = true;
    failure = null;
    panel.hidden = false;
    render();
    // Asked by its key from far above (a phone's column): the panel is brought into view.
    const box = panel.getBoundingClientRect();
    if (box.top > window.innerHeight - 80 || box.bottom < 0) panel.scrollIntoView({ block: "nearest" });
    try {
      const got = await api("GET", `${base}/hint?version=${version}`, undefined, token);
      if (payload?.version === version) answer = got;
    } catch (e) {
      failure = e;
    } finally {
      asking = false;
      render();
    }
  }

  function close() {
    panel.hidden = true;
    shown = null;
    show(null);
  }

  function showOnBoard(d) {
    shown = d;
    show(d?.action ?? null, d?.line ?? []);
    render();
    if (d) bringIntoView();
  }


  function render() {
    clear(panel);
    if (panel.hidden) return;
    const head = h("div", { class: "hint-head" },
      h("h2", {}, h("span", { "aria-hidden": "true" }, "✦ "), t("coach.hint_title")),
      h("button", { class: "toast-close", "data-testid": "hint-close", title: t("coach.hint_close"), "aria-label": t("coach.hint_close"), onclick: close }, h("span", { "aria-hidden": "true" }, "×")));
    panel.append(head);
    if (asking) { panel.append(h("p", { class: "muted", "data-testid": "hint-thinking" }, t("coach.hint_thinking"))); return; }
    if (failure) { panel.append(h("p", { class: "refusal-text", "data-testid": "hint-refused" }, refusalText(failure))); return; }
    if (!answer) return;
    const listed = shown ? [shown] : answer.decisions;
    const best = answer.decisions[0];
    const list = h("ol", { class: ["hint-list", shown && "folded"], "data-testid": "hint-list", start: shown ? answer.decisions.indexOf(shown) + 1 : null },
      listed.map((d) => h("li", { class: ["hint-item", d === best && "best"], "data-testid": "hint-item", "data-id": d.id },
        h("span", { class: "hint-label" }, named(say, describe, d)),
        h("span", { class: "hint-win", "data-win": pct(d.win) }, t("coach.hint_win", { win: pct(d.win) })),
        shown ? null : h("button", { class: "btn small ghost", "data-testid": "hint-show", onclick: () => showOnBoard(d) }, t("coach.show_board")),
        d === best && answer.decisions.length > 1 ? why(say, "coach.hint_why", answer.reason, "hint-why") : null,
        shown ? lineList(say, d.line) : null)));
    panel.append(list);
    if (shown) {
      panel.append(h("p", { class: "muted small", "data-testid": "hint-chosen" }, t("coach.hint_chosen")),
        h("button", { class: "btn small", "data-testid": "hint-all", onclick: () => showOnBoard(null) }, t("coach.hint_all")));
      return;
    }
    if (answer.legal === 1) panel.append(h("p", { class: "muted small" }, t("coach.hint_forced")));
    else if (answer.unsure) panel.append(h("p", { class: "muted small", "data-testid": "hint-unsure" }, t("coach.hint_unsure")));
  }

  function button() {
    if (!payload?.hints || payload.seat === null || payload.result) return null;
    return h("button", {
      class: "btn small", "data-testid": "coach-hint", onclick: ask, title: t(canAsk() ? "coach.hint_help" : "coach.hint_wait"),
      "aria-disabled": canAsk() ? null : "true", "aria-controls": "hint-panel",
    }, h("span", { "aria-hidden": "true" }, "✦ "), t("coach.hint"));
  }

  const onKey = (e) => {
    if ((e.key !== "h" && e.key !== "H") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.("input, select, textarea") || document.querySelector("[aria-modal=true]")) return;
    if (canAsk()) ask();
  };
  document.addEventListener("keydown", onKey);

  return {
    panel,
    button,
    // A new state: a hint for an older decision is put away.
    update(p) {
      const moved = payload && p.version !== payload.version;
      payload = p;
      if (moved) { answer = null; failure = null; shown = null; panel.hidden = true; }
      render();
    },
    rerender: render,
    destroy() { document.removeEventListener("keydown", onKey); },
  };
}

// The review in a replay. `go(index)` moves the replay to a step; `show(decision | null)` asks
// the replay to draw the position before that decision with the coach's choice on it.
export function createReview({ matchId, seats, seatName, say, go, show, describe, reader = () => null }) {
  let data = null;
  let failure = null;
  let timer = null;
  let index = -1;
  let steps = 0;
  let ranking = null;
  let showing = false;
  const el = h("section", { class: "coach-review", "data-testid": "review", "aria-labelledby": "review-title" });
  const byIndex = new Map();
  // The graph is drawn to the panel's width: drawn again when the panel grows or shrinks (a phone
  // turned, a window resized), or it would keep the width it had, too narrow or cut.
  let drawnWidth = null;
  const resized = new ResizeObserver(() => {
    if (drawnWidth !== null && Math.abs(el.clientWidth - drawnWidth) > 8) render();
  });
  resized.observe(el);

  // A seat token this browser holds for the match: the review then names that seat's private
  // decisions too.
  const token = () => seats().map((s) => getToken(matchId, s.seat)).find(Boolean) || null;

  async function load() {
    try {
      data = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/review`, undefined, token());
      failure = null;
      byIndex.clear();
      for (const d of data.decisions || []) byIndex.set(d.index, d);
      if (data.status === "queued" || data.status === "running") timer = setTimeout(load, 1200);
    } catch (e) {
      failure = e;
    }
    render();
    onLoad();
  }
  let onLoad = () => {};

  function graph() {
    const reviewed = data.seats.filter((s) => s.graph.length);
    if (!reviewed.length || steps < 1) return null;
    const width = Math.max(200, Math.min(900, el.clientWidth || 600));
    drawnWidth = el.clientWidth;
    const height = 128;
    const ticks = [0, 0.25, 0.5, 0.75, 1];
    // Room for the longest label ("100 %" is wider than "100%"): 10 px type, ~6.5 px a character.
    const left = Math.max(34, 10 + Math.ceil(6.5 * Math.max(...ticks.map((w) => percent(w).length))));
    const right = 10, top = 8, bottom = 18;
    const x = (i) => left + ((width - left - right) * (i + 0.5)) / steps;
    const y = (w) => top + (height - top - bottom) * (1 - w);
    const root = svg("svg", {
      class: "coach-graph", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
      "aria-label": t("coach.graph_label"), "data-testid": "review-graph",
    });
    for (const w of ticks) {
      root.append(svg("line", { class: ["grid", w === 0.5 && "mid"], x1: left, x2: width - right, y1: y(w), y2: y(w) }),
        svg("text", { class: "axis", x: left - 5, y: y(w) + 3.5, "text-anchor": "end" }, percent(w)));
    }
    root.append(svg("text", { class: "axis", x: width - right, y: height - 4, "text-anchor": "end" }, t("coach.graph_moves", { n: steps })));
    if (index >= 0) root.append(svg("line", { class: "now", x1: x(index), x2: x(index), y1: top, y2: height - bottom }));
    for (const s of reviewed) {
      const colour = `var(--p${s.seat})`;
      const pts = s.graph.map((g) => `${x(g.index).toFixed(1)},${y(g.win).toFixed(1)}`);
      root.append(svg("polyline", { class: "line", points: pts.join(" "), stroke: colour, "data-seat": s.seat }));
      if (ranking?.length) {
        const last = s.graph[s.graph.length - 1];
        const end = ranking[0] === s.seat ? 1 : 0;
        root.append(svg("polyline", { class: "line end", points: `${x(last.index)},${y(last.win)} ${x(steps - 1)},${y(end)}`, stroke: colour }));
      }
      for (const g of s.graph) {
        const d = byIndex.get(g.index);
        const marked = d && d.mark !== "good";
        const dot = svg("circle", {
          class: ["dot", d?.mark, g.index === index && "here"], cx: x(g.index), cy: y(g.win), r: marked ? 4.5 : 2.5,
          fill: marked ? null : colour, "data-index": g.index,
        });
        dot.append(svg("title", {}, `${seatName(s.seat)} · ${t("frame.replay_step", { k: g.index + 1, n: steps })} · ${percent(g.win)}${marked ? ` · ${t("coach-mark", { mark: d.mark })}` : ""}`));
        root.append(dot);
      }
    }
    root.addEventListener("click", (e) => {
      const box = root.getBoundingClientRect();
      const at = ((e.clientX - box.left) / box.width) * width;
      go(Math.max(0, Math.min(steps - 1, Math.floor(((at - left) / (width - left - right)) * steps))));
    });
    return root;
  }

  function summary(s) {
    return h("li", { class: "coach-summary", "data-testid": `review-seat-${s.seat}` },
      h("span", { class: "seat-dot", "aria-hidden": "true", style: { background: `var(--p${s.seat})` } }), " ",
      h("strong", {}, s.seat === reader() ? t("coach.you") : seatName(s.seat)), ": ",
      t("coach.summary", { decisions: s.decisions, blunder: s.marks.blunder, mistake: s.marks.mistake, inaccuracy: s.marks.inaccuracy }),
      " ", MARKED.filter((m) => s.marks[m]).map((m) => {
        const first = (data.decisions || []).find((d) => d.seat === s.seat && d.mark === m);
        return first ? h("button", { class: "btn small ghost", "data-testid": `first-${m}-${s.seat}`, onclick: () => go(first.index) },
          markBadge(first), " ", t("coach.first", { mark: m })) : null;
      }));
  }

  // What the coach says about the step shown.
  function stepNote() {
    const d = byIndex.get(index);
    if (!d) return null;
    const name = seatName(d.seat);
    const you = d.seat === reader() ? "yes" : "no";
    const parts = [h("div", { class: "coach-step-head" }, markBadge(d), " ",
      h("span", {}, t("coach.step_mark", { mark: d.mark, name, you })))];
    parts.push(h("p", { class: "coach-win" }, t("coach.win_after", { chosen: pct(d.chosen.win), best: pct(d.best.win) })));
    if (d.chose_best) {
      parts.push(h("p", { class: "muted" }, t("coach.agrees")));
    } else if (d.best.label) {
      parts.push(h("p", { class: "coach-best", "data-testid": "coach-best" }, t("coach.preferred"), " ", h("strong", {}, named(say, describe, d.best))));
      parts.push(why(say, "coach.why", d.reason, "coach-why"));
      if (d.best.action) {
        parts.push(h("button", { class: ["btn", "small", showing && "on"], "data-testid": "coach-show", "aria-pressed": String(showing),
          onclick: () => { showing = !showing; show(showing ? d : null); render(); } },
        t(showing ? "coach.hide_board" : "coach.show_board")));
        if (showing) parts.push(h("p", { class: "muted small" }, t(d.best.line?.length ? "coach.board_line" : "coach.board_before")),
          lineList(say, d.best.line));
      }
    } else {
      parts.push(h("p", { class: "muted", "data-testid": "coach-hidden" }, t("coach.hidden", { name })));
    }
    if (d.unsure && d.mark !== "good") parts.push(h("p", { class: "muted small" }, t("coach.unsure")));
    return h("div", { class: ["coach-step", d.mark], "data-testid": "coach-step" }, parts.filter(Boolean));
  }

  // The marked decisions, in game order: the review's ◀ ▶ between them (← → step move by move).
  const markedIndices = () => (data?.decisions || []).filter((d) => d.mark !== "good").map((d) => d.index);

  function markNav() {
    const marked = markedIndices();
    if (!marked.length) return null;
    const before = marked.filter((i) => i < index);
    const after = marked.filter((i) => i > index);
    const k = marked.indexOf(index);
    const button = (testid, label, target, symbol) => h("button", {
      class: "btn small ghost", "data-testid": testid, disabled: target === undefined, title: label, "aria-label": label,
      onclick: () => go(target),
    }, symbol);
    return h("div", { class: "coach-nav", "data-testid": "review-marks" },
      button("review-prev-mark", t("coach.prev_mark"), before[before.length - 1], "◀"),
      h("span", { class: "small", "data-testid": "review-mark-pos" },
        k >= 0 ? t("coach.mark_of", { k: k + 1, n: marked.length }) : t("coach.marks_count", { n: marked.length })),
      button("review-next-mark", t("coach.next_mark"), after[0], "▶"));
  }

  function render() {
    clear(el);
    el.append(h("h3", { id: "review-title" }, h("span", { "aria-hidden": "true" }, "✦ "), t("coach.review")));
    if (failure) { el.append(h("p", { class: "muted" }, refusalText(failure))); return; }
    if (!data) { el.append(h("p", { class: "muted" }, t("table.loading"))); return; }
    if (data.status === "failed") { el.append(h("p", { class: "muted" }, t("coach.review_failed"))); return; }
    if (data.status !== "done") {
      const { done, total } = data.progress || { done: 0, total: 0 };
      el.append(h("p", { class: "muted", "data-testid": "review-progress" },
        t(data.status === "queued" || !total ? "coach.review_queued" : "coach.review_running", { done, total })),
      h("progress", { max: total || 1, value: done, "aria-label": t("coach.review") }));
      return;
    }
    if (!data.seats.length) { el.append(h("p", { class: "muted" }, t("coach.review_none"))); return; }
    el.append(h("ul", { class: "coach-summaries" }, data.seats.map(summary)));
    const chart = graph();
    if (chart) el.append(h("div", { class: "coach-graph-box" }, chart));
    const nav = markNav();
    if (nav) el.append(nav);
    const note = stepNote();
    if (note) el.append(note);
    el.append(h("p", { class: "muted small coach-thresholds" }, t("coach.thresholds", {
      inaccuracy: pct(data.thresholds.inaccuracy), mistake: pct(data.thresholds.mistake), blunder: pct(data.thresholds.blunder),
    })));
  }

  // Marks beside the log's entries (the log is the frame's; its entries carry their index).
  function decorate(log) {
    for (const li of log.querySelectorAll("li.log-entry[data-index]")) {
      const d = byIndex.get(Number(li.dataset.index));
      if (!d || d.mark === "good" || li.querySelector(".coach-mark")) continue;
      li.classList.add("coach-marked", d.mark);
      li.querySelector(".log-text")?.prepend(markBadge(d, () => go(d.index)), " ");
    }
  }

  load();
  return {
    el,
    decorate,
    set onLoad(fn) { onLoad = fn; },
    // The replay moved: redraw for step `i` of `n` (and the final ranking, once known).
    at(i, n, rank) {
      if (i !== index) { showing = false; }
      index = i;
      steps = n;
      ranking = rank;
      render();
    },
    get showing() { return showing; },
    // The first marked decision of the reader (else anyone's), where an end screen's "review"
    // link opens; null when nothing is marked.
    firstMarked() {
      const marked = (data?.decisions || []).filter((d) => d.mark !== "good");
      return (marked.find((d) => d.seat === reader()) || marked[0])?.index ?? null;
    },
    rerender: render,
    destroy() { clearTimeout(timer); resized.disconnect(); },
  };
}
