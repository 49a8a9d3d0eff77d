// The Monolith's end of game, explained: where each player's favor came from, day by day and
// source by source (the view's `favor_by_day`), the objectives each player held to the end and
// revealed on the way, and a chart of everyone's favor over the days. Built from the final view
// alone, so the table and the replay show the same sheet.
import { h, svg } from "/static/js/dom.js";

const PCOL = (p) => `var(--p${p})`;

// Seats from winner to last: most favor first, ties to the tied player closest to the first
// player of the last day (the rules' ranking).
function byRank(view) {
  const n = view.seats.length;
  const behindFirst = (seat) => (seat - (view.first_player ?? 0) + n) % n;
  return [...view.seats].sort((a, b) => b.favor - a.favor || behindFirst(a.seat) - behindFirst(b.seat));
}

// A player's table: one row per source they scored from, a column per day, totals both ways.
// The rows sit in the table itself, not in a <tbody>, which HTML allows: the result panel's own
// score table is the one whose body rows list the players.
function dayTable(seat, sources, days, t) {
  const used = sources.filter((src) => seat.favor_by_day.some((day) => day[src] > 0));
  const perDay = seat.favor_by_day.map((day) => sources.reduce((sum, src) => sum + (day[src] || 0), 0));
  const cell = (n) => h("td", { class: ["num", !n && "zero"] }, n ? String(n) : "·");
  const rows = used.map((src) => {
    const amounts = seat.favor_by_day.map((day) => day[src] || 0);
    return h("tr", { "data-source": src },
      h("th", { scope: "row", title: t(`tm_score.source.${src}.tip`) }, t(`tm_score.source.${src}`)),
      amounts.map(cell),
      h("td", { class: "num total" }, String(amounts.reduce((a, b) => a + b, 0))));
  });
  if (!rows.length) rows.push(h("tr", {}, h("td", { class: "muted", colspan: days + 2 }, t("tm_score.nothing"))));
  return h("table", { class: "tm-score-table", "data-testid": `tm-score-table-${seat.seat}` },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("tm_score.source")),
      Array.from({ length: days }, (_, d) => h("th", { scope: "col", class: "num" }, t("tm_score.day_short", { n: d + 1 }))),
      h("th", { scope: "col", class: "num" }, t("tm_score.total")))),
    rows,
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row" }, t("tm_score.total")),
      perDay.map((n) => h("td", { class: "num" }, String(n))),
      h("td", { class: "num total", "data-testid": `tm-score-total-${seat.seat}` }, String(perDay.reduce((a, b) => a + b, 0))))));
}

function objectivesList(seat, t, named) {
  const held = seat.objectives_at_end || [];
  const revealed = seat.objectives_revealed || [];
  const item = (key, note) => h("li", { title: named("objective", key, "text") }, named("objective", key), " ", h("span", { class: "muted" }, note));
  return h("div", { class: "tm-score-objectives", "data-testid": `tm-score-objectives-${seat.seat}` },
    h("h5", {}, t("tm_score.held")),
    held.length
      ? h("ul", {}, held.map((o) => item(o.key, t("tm_score.held_favor", { favor: o.favor }))))
      : h("p", { class: "muted small" }, t("tm_score.none")),
    revealed.length ? [
      h("h5", {}, t("tm_score.revealed")),
      h("ul", {}, revealed.map((o) => item(o.key, t("tm_score.revealed_on", { day: o.day })))),
    ] : null);
}

// Favor at the end of each day (and 0 at the start), one line per player, with axis labels.
function favorChart(seats, days, seatName, t) {
  const W = 460, H = 230, left = 44, right = 16, top = 14, bottom = 44;
  const totals = seats.map((s) => {
    let sum = 0;
    return [0, ...s.favor_by_day.map((day) => (sum += Object.values(day).reduce((a, b) => a + b, 0)))];
  });
  const top_ = Math.max(5, ...totals.flat());
  const step = top_ <= 10 ? 2 : top_ <= 25 ? 5 : top_ <= 60 ? 10 : 20;
  const ceil = Math.ceil(top_ / step) * step;
  const x = (d) => left + (d * (W - left - right)) / days;
  const y = (f) => top + (H - top - bottom) * (1 - f / ceil);
  const grid = [];
  for (let f = 0; f <= ceil; f += step) {
    grid.push(svg("line", { x1: left, x2: W - right, y1: y(f), y2: y(f), class: "tm-chart-grid" }),
      svg("text", { x: left - 6, y: y(f) + 4, class: "tm-chart-tick", "text-anchor": "end" }, String(f)));
  }
  for (let d = 0; d <= days; d++) {
    grid.push(svg("text", { x: x(d), y: H - bottom + 16, class: "tm-chart-tick", "text-anchor": "middle" },
      d === 0 ? t("tm_score.start") : String(d)));
  }
  const lines = seats.map((s, i) => svg("g", { "data-seat": s.seat, class: "tm-chart-line" },
    svg("title", {}, `${seatName(s.seat)}: ${totals[i].slice(1).join(" → ")}`),
    svg("polyline", { points: totals[i].map((f, d) => `${x(d)},${y(f)}`).join(" "), fill: "none", style: { stroke: PCOL(s.seat) } }),
    totals[i].map((f, d) => svg("circle", { cx: x(d), cy: y(f), r: 3.5, style: { fill: PCOL(s.seat) } }))));
  return h("figure", { class: "tm-score-chart", "data-testid": "tm-score-chart" },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("tm_score.chart") },
      grid,
      svg("line", { x1: left, x2: W - right, y1: y(0), y2: y(0), class: "tm-chart-axis" }),
      svg("line", { x1: left, x2: left, y1: top, y2: y(0), class: "tm-chart-axis" }),
      svg("text", { x: (left + W - right) / 2, y: H - 6, class: "tm-chart-label", "text-anchor": "middle" }, t("tm_score.axis_day")),
      svg("text", { x: 12, y: (top + y(0)) / 2, class: "tm-chart-label", "text-anchor": "middle", transform: `rotate(-90 12 ${(top + y(0)) / 2})` }, t("tm_score.axis_favor")),
      lines),
    h("figcaption", { class: "tm-chart-legend" },
      h("span", { class: "tm-chart-title" }, t("tm_score.chart")),
      seats.map((s) => h("span", { class: "tm-chart-key" }, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), seatName(s.seat), " ", h("b", {}, String(s.favor))))));
}

// One player's favor so far, source by source and day by day: what a tapped score shows at the
// table during play (the same table as the end's sheet, without the objectives still secret).
export function favorSoFar(view, seat, t) {
  const s = (view?.seats || [])[seat];
  if (!s || !s.favor_by_day) return null;
  // A tribe's card is narrow: a total per source, and the days on one line under it.
  const sum = (src) => s.favor_by_day.reduce((n, day) => n + (day[src] || 0), 0);
  const used = (view.favor_sources || []).filter((src) => sum(src) > 0);
  // the days played so far (the view keeps a place for every day of the game)
  const played = s.favor_by_day.slice(0, Math.max(1, view.day || s.favor_by_day.length));
  const perDay = played.map((day) => Object.values(day).reduce((a, b) => a + b, 0));
  const total = perDay.reduce((a, b) => a + b, 0);
  const rows = used.map((src) => h("tr", { "data-source": src },
    h("th", { scope: "row", title: t(`tm_score.source.${src}.tip`) }, t(`tm_score.source.${src}`)),
    h("td", { class: "num" }, String(sum(src)))));
  if (!rows.length) rows.push(h("tr", {}, h("td", { class: "muted", colspan: 2 }, t("tm_score.nothing"))));
  return [
    h("table", { class: "tm-score-table", "data-testid": `tm-favor-table-${seat}` },
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("tm_score.total")),
        h("td", { class: "num total", "data-testid": `tm-favor-total-${seat}` }, String(total))))),
    perDay.length ? h("p", { class: "muted small tm-favor-days", "data-testid": `tm-favor-days-${seat}` },
      perDay.map((n, d) => `${t("tm_score.day_short", { n: d + 1 })}: ${n}`).join(" · ")) : null,
  ];
}

// The sheet for a finished game's view; null while the game goes on (before the end the view
// has no objectives to show, and the breakdown is on the table itself).
export function favorBreakdown(view, { seatName, t, named }) {
  if (!view || view.phase !== "over" || !view.seats) return null;
  const sources = view.favor_sources || [];
  const days = Math.max(...view.seats.map((s) => s.favor_by_day.length));
  const seats = byRank(view);
  return h("section", { class: "tm-score", "data-testid": "tm-score" },
    h("h3", {}, t("tm_score.title")),
    h("div", { class: ["tm-score-players", seats.length === 4 && "four"] }, seats.map((s) => h("article", {
      class: "tm-score-player", style: { borderTopColor: PCOL(s.seat) }, "data-testid": `tm-score-player-${s.seat}`,
    },
    h("h4", {}, h("span", { class: "seat-dot", style: { background: PCOL(s.seat) } }), seatName(s.seat),
      h("span", { class: "spacer" }), h("span", { class: "score" }, t("tm_score.favor", { favor: s.favor }))),
    dayTable(s, sources, days, t),
    objectivesList(s, t, named)))),
    favorChart(seats, days, seatName, t));
}
