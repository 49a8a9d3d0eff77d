// The replay viewer: step through a finished match with the game's own table, read only. It
// opens on the setup, drawn by the game's module with the setup's lines; each step shows its
// move's lines, and the log beside it grows up to the step shown.
import { h, clear } from "./dom.js";
import { t, fmt, onLangChange } from "./i18n.js";
import { api, getToken } from "./api.js";
import { header, navigate, toast, refusalText } from "./ui.js";
import { tableFor } from "./games.js";
import { seatName, seatNames, seatDot, scoresTable, createLog, shortcutsPanel } from "./table.js";
import { createReview } from "./coach.js";


export function renderReplay(root, matchId) {
  let data = null;
  let index = -1; // -1: the setup
  let playing = null;
  let game = null;
  let review = null; // the coach's review, once the replay is loaded
  let suggested = null; // a reviewed decision whose position is shown with the coach's choice
  const gameEl = h("div", { class: "game-area replay-area", "data-testid": "game-area" });
  const controls = h("section", { class: "panel replay-controls", "data-testid": "replay-controls" });
  const log = createLog();

  const payload = () => {
    // The coach's choice is drawn on the position its decision was taken in: the step before.
    const shown = suggested ? index - 1 : index;
    const step = shown >= 0 ? data.steps[shown] : null;
    const view = step ? step.view : data.initial;
    return {
      match_id: matchId, game: data.game, players: data.seats.length, version: shown + 1, status: "replay", seat: null,
      seats: data.seats, view, to_move: view.current_player ?? null, legal_actions: [],
      intro: data.intro, log: data.steps.slice(0, index + 1),
      result: index === data.steps.length - 1 && data.result ? data.result : null,
    };
  };
  // The seat this browser played (it keeps that seat's token), if it played exactly one: the replay
  // speaks to that player of their own moves ("you take…"), as the table did, and names everyone
  // else. Only the voice changes: the replay holds what every spectator may read.
  let readerSeat = null; // set once the replay is loaded
  const reader = () => readerSeat;
  const say = (message) => fmt(message, { reader: reader(), names: seatNames(payload()) });
  const ctx = { seat: null, matchId, act: async () => false, say, seatName: (s) => seatName(data, s), get payload() { return payload(); } };

  function go(i) {
    index = Math.max(-1, Math.min(data.steps.length - 1, i));
    suggested = null;
    draw();
  }

  function togglePlay() {
    if (playing) { clearInterval(playing); playing = null; draw(); return; }
    if (index >= data.steps.length - 1) index = -1;
    playing = setInterval(() => {
      if (index >= data.steps.length - 1) { clearInterval(playing); playing = null; draw(); return; }
      go(index + 1);
    }, 700);
    draw();
  }

  // What the shown position is: the setup with its lines, or one move with its lines.
  function stepView(p) {
    const n = data.steps.length;
    if (index < 0) {
      return h("div", { class: "replay-step", "data-testid": "replay-step" },
        h("h2", { class: "replay-step-title" }, t("frame.replay_setup")),
        data.intro.length
          ? h("ul", { class: "replay-lines", "data-testid": "replay-intro" }, data.intro.map((m) => h("li", {}, say(m))))
          : null);
    }
    const step = data.steps[index];
    return h("div", { class: "replay-step", "data-testid": "replay-step" },
      h("h2", { class: "replay-step-title" }, seatDot(step.seat), " ", t("frame.replay_step", { k: index + 1, n }), " · ", step.seat === reader() ? t("coach.you") : seatName(p, step.seat)),
      h("ul", { class: "replay-lines" }, step.lines.map((m) => h("li", {}, say(m)))));
  }

  function draw() {
    if (!data) return;
    const p = payload();
    if (!game) game = tableFor(p.game)(gameEl, ctx);
    game.update(p);
    game.suggest?.(suggested?.best.action ?? null, suggested?.seat ?? null, suggested?.best.label ?? null);
    game.suggestLine?.(suggested?.best.line ?? []);
    const n = data.steps.length;
    const position = index < 0 ? t("frame.replay_setup") : t("frame.replay_step", { k: index + 1, n });
    const button = (testid, label, symbol, onclick) =>
      h("button", { class: "btn", "data-testid": testid, title: label, "aria-label": label, onclick }, h("span", { "aria-hidden": "true" }, symbol));
    clear(controls).append(...[
      h("div", { class: "replay-buttons" },
        button("replay-first", t("replay.first"), "|◀", () => go(-1)),
        button("replay-prev", t("replay.prev"), "◀", () => go(index - 1)),
        h("button", { class: "btn primary", "data-testid": "replay-play", onclick: togglePlay },
          h("span", { "aria-hidden": "true" }, playing ? "❚❚ " : "▶ "), playing ? t("replay.pause") : t("replay.play")),
        button("replay-next", t("replay.next"), "▶", () => go(index + 1)),
        button("replay-last", t("replay.last"), "▶|", () => go(n - 1)),
        h("input", { type: "range", min: -1, max: n - 1, value: index, class: "replay-slider", "aria-label": t("replay.position"),
          "aria-valuetext": position, oninput: (e) => go(Number(e.target.value)) }),
        h("span", { class: "replay-pos", "data-testid": "replay-pos" }, t("replay.step_of", { k: index + 1, n }))),
      stepView(p),
      p.result ? h("div", { class: "replay-result", "data-testid": "replay-result" }, h("h3", {}, h("span", { "aria-hidden": "true" }, "★ "), t("table.game_over")), scoresTable(p, reader()),
        game.resultExtra ? game.resultExtra() : null) : null,
    ].filter(Boolean));
    review?.at(index, n, data.result?.ranking);
    log.render(p, p.log, reader());
    if (review) review.decorate(log.el);
  }

  function layout() {
    clear(root);
    log.reset();
    root.append(header([h("span", { class: "match-title" }, `${t("replay.title")} · ${matchId}`)], data?.game),
      h("main", { class: "table-page" },
        h("div", { class: "table-main" }, controls, gameEl),
        h("aside", { class: "sidebar" },
          review ? h("div", { class: "panel side-panel" }, review.el) : null,
          h("section", { class: "panel side-panel log-panel", "aria-labelledby": "log-title" }, h("h3", { id: "log-title" }, t("table.log")), log.el),
          shortcutsPanel("replay"))));
  }

  layout();
  gameEl.append(h("div", { class: "loading" }, t("table.loading")));
  (async () => {
    try {
      data = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay`);
      const held = data.seats.filter((s) => getToken(matchId, s.seat));
      readerSeat = held.length === 1 ? held[0].seat : null;
      review = createReview({
        matchId, seats: () => data.seats, seatName: (s) => seatName(data, s), say, go, reader,
        show: (decision) => { suggested = decision; draw(); }, describe: (action) => game?.describe?.(action),
      });
      // Opened from a table's end screen ("#review"): at the reader's first marked decision, with
      // the review in view, once the review is done.
      let opening = location.hash === "#review";
      review.onLoad = () => {
        const first = opening ? review.firstMarked() : null;
        if (first !== null) {
          opening = false;
          go(first);
          // Scrolled to only where the marked step is out of sight (a phone's column, far below
          // the board): beside the board, the replay's step and controls stay in view.
          const step = review.el.querySelector("[data-testid=coach-step]") || review.el;
          const box = step.getBoundingClientRect();
          const below = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
          if (box.top < below || box.bottom > window.innerHeight) review.el.scrollIntoView({ block: "start" });
        } else draw();
      };
      layout();
      draw();
    } catch (e) {
      toast(() => refusalText(e), "error", e.message);
      clear(gameEl).append(h("div", { class: "panel notice" }, h("h2", {}, t("replay.unavailable")), h("p", {}, refusalText(e)),
        h("button", { class: "btn", onclick: () => navigate("/") }, t("table.back_lobby"))));
    }
  })();
  const off = onLangChange(() => { layout(); if (game?.rerender) game.rerender(); draw(); });
  const onKey = (e) => {
    if (!data || e.target.closest("input, select, textarea") || document.querySelector("[aria-modal=true]")) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "Home") go(-1);
    else if (e.key === "End") go(data.steps.length - 1);
    else if (e.key === " ") { e.preventDefault(); togglePlay(); }
  };
  document.addEventListener("keydown", onKey);
  return () => { off(); document.removeEventListener("keydown", onKey); if (playing) clearInterval(playing); game?.destroy?.(); review?.destroy(); };
}
