// The replay viewer: step through a finished match with the game's own table, read only.
import { h, clear } from "./dom.js";
import { t, fmt, onLangChange } from "./i18n.js";
import { api } from "./api.js";
import { header, navigate, toast } from "./app.js";
import { createMonolyth } from "./monolyth.js";
import { createTheMonolith } from "./the_monolith.js";
import { createGeneric } from "./generic.js";
import { seatName, seatNames, seatDot, scoresTable, logItems } from "./table.js";

const GAMES = { monolyth: createMonolyth, "the-monolith": createTheMonolith };

export function renderReplay(root, matchId) {
  let data = null;
  let index = -1; // -1: the setup
  let playing = null;
  let game = null;
  const gameEl = h("div", { class: "game-area replay-area", "data-testid": "game-area" });
  const controls = h("div", { class: "panel replay-controls", "data-testid": "replay-controls" });
  const logEl = h("ol", { class: "log", "data-testid": "log" });

  const payload = () => {
    const step = index >= 0 ? data.steps[index] : null;
    const view = step ? step.view : data.initial;
    return {
      match_id: matchId, game: data.game, players: data.seats.length, version: index + 1, status: "replay", seat: null,
      seats: data.seats, view, to_move: view.current_player ?? null, legal_actions: [],
      intro: data.intro, log: data.steps.slice(0, index + 1),
      result: index === data.steps.length - 1 && data.result ? data.result : null,
    };
  };
  const say = (message) => fmt(message, { reader: null, names: seatNames(payload()) });
  const ctx = { seat: null, matchId, act: async () => false, say, seatName: (s) => seatName(data, s), get payload() { return payload(); } };

  function go(i) {
    index = Math.max(-1, Math.min(data.steps.length - 1, i));
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

  function draw() {
    if (!data) return;
    const p = payload();
    if (!game) game = (GAMES[p.game] || createGeneric)(gameEl, ctx);
    game.update(p);
    const step = index >= 0 ? data.steps[index] : null;
    clear(controls).append(
      h("div", { class: "replay-buttons" },
        h("button", { class: "btn", "data-testid": "replay-first", title: t("replay.first"), onclick: () => go(-1) }, "|◀"),
        h("button", { class: "btn", "data-testid": "replay-prev", title: t("replay.prev"), onclick: () => go(index - 1) }, "◀"),
        h("button", { class: "btn primary", "data-testid": "replay-play", onclick: togglePlay }, playing ? "|| " + t("replay.pause") : "▶ " + t("replay.play")),
        h("button", { class: "btn", "data-testid": "replay-next", title: t("replay.next"), onclick: () => go(index + 1) }, "▶"),
        h("button", { class: "btn", "data-testid": "replay-last", title: t("replay.last"), onclick: () => go(data.steps.length - 1) }, "▶|"),
        h("input", { type: "range", min: -1, max: data.steps.length - 1, value: index, class: "replay-slider", "aria-label": t("replay.position"),
          oninput: (e) => go(Number(e.target.value)) }),
        h("span", { class: "replay-pos", "data-testid": "replay-pos" }, t("replay.step_of", { k: index + 1, n: data.steps.length }))),
      h("div", { class: "replay-step" },
        step ? [seatDot(step.seat), " ", step.lines.map((m) => say(m)).join(" ")] : t("replay.setup")),
      p.result ? h("div", { class: "replay-result", "data-testid": "replay-result" }, h("h3", {}, "★ ", t("table.game_over")), scoresTable(p, null), game.resultExtra?.()) : null);
    clear(logEl).append(...logItems(p, p.log, null));
    logEl.scrollTop = logEl.scrollHeight;
  }

  function layout() {
    clear(root);
    root.append(header([h("span", { class: "match-title" }, `${t("replay.title")} · ${matchId}`)], data?.game),
      h("main", { class: "table-page" },
        h("div", { class: "table-main" }, controls, gameEl),
        h("aside", { class: "sidebar" }, h("section", { class: "panel side-panel log-panel" }, h("h3", {}, t("table.log")), logEl))));
  }

  layout();
  gameEl.append(h("div", { class: "loading" }, t("table.loading")));
  (async () => {
    try {
      data = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay`);
      layout();
      draw();
    } catch (e) {
      toast(e.message);
      clear(gameEl).append(h("div", { class: "panel notice" }, h("h2", {}, t("replay.unavailable")), h("p", {}, e.message),
        h("button", { class: "btn", onclick: () => navigate("/") }, t("table.back_lobby"))));
    }
  })();
  const off = onLangChange(() => { layout(); if (game?.rerender) game.rerender(); draw(); });
  const onKey = (e) => {
    if (!data || e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "Home") go(-1);
    else if (e.key === "End") go(data.steps.length - 1);
    else if (e.key === " ") { e.preventDefault(); togglePlay(); }
  };
  document.addEventListener("keydown", onKey);
  return () => { off(); document.removeEventListener("keydown", onKey); if (playing) clearInterval(playing); game?.destroy?.(); };
}
