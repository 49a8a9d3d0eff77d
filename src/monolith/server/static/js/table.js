// A match page: join form, live connection, the shared frame (players, log, scores), and the
// game's own table drawn by its module.
import { h, clear } from "./dom.js";
import { t, fmt, onLangChange } from "./i18n.js";
import { api, getToken, forgetToken, MatchSocket } from "./api.js";
import { header, navigate, toast } from "./app.js";
import { joinSeat, playerName, botAbout } from "./lobby.js";
import { createMonolyth } from "./monolyth.js";
import { createTheMonolith } from "./the_monolith.js";
import { createGeneric } from "./generic.js";

const GAMES = { monolyth: createMonolyth, "the-monolith": createTheMonolith };

// A seat's name: the name its player chose, a bot's name (the gem of its seat's colour), or
// "Player n" for a seat nobody has joined yet.
export function seatName(payload, seat) {
  const s = payload?.seats?.find((x) => x.seat === seat);
  if (s?.name) return s.name;
  if (s?.kind === "bot") return t("bot-name", { seat });
  return t("seat-name", { seat: seat + 1 });
}

export function seatNames(payload) {
  return Array.from({ length: payload?.players ?? payload?.seats?.length ?? 0 }, (_, i) => seatName(payload, i));
}

// The log: the setup's lines, then every action's lines, oldest first, in the reader's words.
export function logItems(payload, entries, reader) {
  const names = seatNames(payload);
  const say = (m) => fmt(m, { reader, names });
  const items = (payload.intro || []).map((m) => h("li", { class: "log-entry setup" }, h("span", { class: "log-text" }, say(m))));
  for (const e of entries) {
    if (!e.lines?.length) continue;
    items.push(h("li", { class: ["log-entry", e.seat === reader && "mine"], "data-index": e.index },
      seatDot(e.seat),
      h("span", { class: "log-text" }, e.lines.map((m, i) => h("span", { class: ["log-line", i > 0 && "consequence"] }, say(m))))));
  }
  return items;
}

export function scoresTable(payload, seat) {
  const r = payload.result;
  const scores = r.scores || [];
  const ranking = r.ranking && r.ranking.length ? r.ranking : scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  return h("table", { class: "scores" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("table.player")), h("th", {}, t("table.score")))),
    h("tbody", {}, ranking.map((s, i) => h("tr", { class: [i === 0 && "winner", s === seat && "me"] },
      h("td", {}, String(i + 1)),
      h("td", {}, seatDot(s), " ", seatName(payload, s)),
      h("td", { class: "num" }, String(scores[s] ?? ""))))));
}

export function seatDot(seat) {
  return h("span", { class: "seat-dot", style: { background: `var(--p${seat})` } });
}

function joinForm(root, matchId, seat, done) {
  const input = h("input", { "data-testid": "join-name", value: playerName(), placeholder: t("lobby.your_name"), maxlength: 40 });
  const submit = async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) { toast(t("lobby.name_needed")); return; }
    try {
      await joinSeat(matchId, seat, name);
      done();
    } catch (err) {
      toast(err.message);
    }
  };
  clear(root);
  root.append(header([]),
    h("main", { class: "center-page" },
      h("form", { class: "panel join-panel", onsubmit: submit },
        h("h2", {}, t("join.title", { n: seat + 1 })),
        h("p", { class: "muted" }, t("join.lead")),
        h("label", {}, t("lobby.your_name")), input,
        h("div", { class: "row" },
          h("button", { class: "btn primary", type: "submit", "data-testid": "join-submit" }, t("join.sit")),
          h("a", { class: "btn ghost", href: `/watch/${matchId}` }, "◉ " + t("lobby.watch"))))));
  input.focus();
}

export function renderMatch(root, matchId, seat) {
  let destroyed = false;
  let inner = null;
  if (seat !== null && !getToken(matchId, seat)) {
    joinForm(root, matchId, seat, () => { if (!destroyed) inner = startTable(root, matchId, seat); });
    const off = onLangChange(() => joinForm(root, matchId, seat, () => { inner = startTable(root, matchId, seat); }));
    return () => { destroyed = true; off(); if (inner) inner(); };
  }
  inner = startTable(root, matchId, seat);
  return () => { destroyed = true; if (inner) inner(); };
}

function startTable(root, matchId, seat) {
  const token = seat === null ? null : getToken(matchId, seat);
  let payload = null;
  let conn = "connecting";
  let game = null;
  let busy = false;
  let lastLogLen = 0;
  let clockTimer = null;

  const statusEl = h("span", { class: "conn", "data-testid": "conn-status" });
  const turnEl = h("span", { class: "turn-banner", "data-testid": "turn" });
  const titleEl = h("span", { class: "match-title" });
  const clockEl = h("span", { class: "clock" });
  const gameEl = h("div", { class: "game-area", "data-testid": "game-area" });
  const playersEl = h("div", { class: "players" });
  const logEl = h("ol", { class: "log", "data-testid": "log" });
  const resultEl = h("div", { class: "result-slot" });
  const toolsEl = h("div", { class: "tools" });
  const errorEl = h("div", { class: "refusal", "data-testid": "refusal", role: "alert", hidden: true });

  function layout() {
    clear(root);
    root.append(
      header([titleEl, turnEl, clockEl, statusEl], payload?.game),
      h("main", { class: "table-page" },
        h("div", { class: "table-main" }, errorEl, resultEl, gameEl),
        h("aside", { class: "sidebar" },
          h("section", { class: "panel side-panel" }, h("h3", {}, t("table.players")), playersEl, toolsEl),
          h("section", { class: "panel side-panel log-panel" }, h("h3", {}, t("table.log")), logEl))));
  }

  function showStatus() {
    statusEl.dataset.state = conn;
    statusEl.textContent = t(`conn.${conn}`);
    statusEl.title = t(`conn.${conn}.help`);
    const mine = payload && seat !== null && payload.to_move === seat && !payload.result;
    const base = payload ? `${t(`game.${payload.game}`)} · Monolith` : "Monolith";
    document.title = mine ? `● ${t("table.your_turn")} — ${base}` : base;
  }

  function refusal(message) {
    errorEl.hidden = false;
    clear(errorEl).append(h("strong", {}, t("table.refused")), " ", h("span", { "data-testid": "refusal-text" }, message),
      h("button", { class: "toast-close", onclick: () => { errorEl.hidden = true; } }, "×"));
    toast(message);
  }

  async function act(actionId) {
    if (busy || !payload) return false;
    busy = true;
    errorEl.hidden = true;
    try {
      await api("POST", `/api/matches/${encodeURIComponent(matchId)}/actions`, { version: payload.version, action_id: actionId }, token);
      if (!socket.open) await fetchState();
      return true;
    } catch (e) {
      refusal(e.code === "network" ? t("table.network_error") : e.message);
      await fetchState().catch(() => {});
      return false;
    } finally {
      busy = false;
    }
  }

  async function sendRaw(action) {
    try {
      await api("POST", `/api/matches/${encodeURIComponent(matchId)}/actions`, { version: payload.version, action }, token);
      return true;
    } catch (e) {
      refusal(e.message);
      return false;
    }
  }

  async function undo() {
    try {
      await api("POST", `/api/matches/${encodeURIComponent(matchId)}/undo`, { version: payload.version }, token);
      if (!socket.open) await fetchState();
    } catch (e) {
      refusal(e.message);
    }
  }

  async function leave() {
    if (!confirm(t("table.leave_confirm"))) return;
    try {
      await api("POST", `/api/matches/${encodeURIComponent(matchId)}/leave`, {}, token);
      toast(t("table.left"), "info");
      navigate("/");
    } catch (e) {
      refusal(e.message);
    }
  }

  // say(message): a message from the server in this reader's words.
  const say = (message) => fmt(message, { reader: seat, names: seatNames(payload) });
  const ctx = { seat, matchId, act, sendRaw, say, seatName: (s) => seatName(payload, s), get payload() { return payload; } };

  function renderTurn() {
    if (!payload) { turnEl.textContent = ""; return; }
    titleEl.textContent = `${t(`game.${payload.game}`)} · ${matchId}`;
    turnEl.className = "turn-banner";
    if (payload.status === "finished" || payload.result) {
      turnEl.textContent = t("table.finished");
      turnEl.classList.add("done");
    } else if (payload.status === "open") {
      turnEl.textContent = t("table.waiting_players");
    } else if (payload.to_move === null || payload.to_move === undefined) {
      turnEl.textContent = "";
    } else if (seat !== null && payload.to_move === seat) {
      turnEl.textContent = t("table.your_turn");
      turnEl.classList.add("mine");
    } else {
      turnEl.textContent = t("table.waiting_for", { name: seatName(payload, payload.to_move) });
    }
    clockEl.dataset.testid = "turn-clock";
    turnEl.dataset.mine = String(seat !== null && payload.to_move === seat && !payload.result);
  }

  function renderClock() {
    clearInterval(clockTimer);
    clockEl.textContent = "";
    const c = payload?.clock;
    if (!c || !c.deadline || payload.result) return;
    const tick = () => {
      const left = Math.max(0, Math.round((Date.parse(c.deadline) - Date.now()) / 1000));
      clockEl.textContent = `◷ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      clockEl.classList.toggle("low", left < 20);
    };
    tick();
    clockTimer = setInterval(tick, 1000);
  }

  function renderPlayers() {
    clear(playersEl);
    for (const s of payload.seats || []) {
      const extra = game?.playerExtra ? game.playerExtra(s.seat) : null;
      playersEl.append(h("div", {
        class: ["player-row", payload.to_move === s.seat && !payload.result && "to-move", s.seat === seat && "me"],
        "data-testid": `player-${s.seat}`,
      },
      seatDot(s.seat),
      h("span", { class: "player-name" }, seatName(payload, s.seat), s.seat === seat ? h("span", { class: "you" }, t("table.you")) : null),
      s.kind === "bot" || s.controller === "bot" ? h("span", { class: "tag", title: [botAbout(s), t("table.bot_help")].filter(Boolean).join(" · ") }, t("table.bot_tag")) : null,
      s.kind !== "bot" && s.controller !== "bot" ? h("span", { class: ["online", s.connected ? "on" : "off"], title: t(s.connected ? "table.online" : "table.offline") }) : null,
      extra));
    }
    clear(toolsEl);
    if (seat !== null && !payload.result) {
      if (payload.can_undo) toolsEl.append(h("button", { class: "btn small", "data-testid": "undo", onclick: undo, title: t("table.undo_help") }, "↶ " + t("table.undo")));
      toolsEl.append(h("button", { class: "btn small ghost", "data-testid": "leave", onclick: leave, title: t("table.leave_help") }, t("table.leave")));
    }
    if (seat === null) toolsEl.append(h("span", { class: "muted small" }, "◉ " + t("table.spectating")));
  }

  function renderLog() {
    const entries = payload.log || [];
    clear(logEl).append(...logItems(payload, entries, seat));
    if (!entries.length) logEl.append(h("li", { class: "log-empty muted small" }, t("table.no_moves")));
    if (entries.length !== lastLogLen) logEl.scrollTop = logEl.scrollHeight;
    lastLogLen = entries.length;
  }

  function renderResult() {
    clear(resultEl);
    const r = payload.result;
    if (!r) return;
    resultEl.append(h("section", { class: "panel result", "data-testid": "result" },
      h("h2", {}, "★ ", t("table.game_over")),
      scoresTable(payload, seat),
      game?.resultExtra ? game.resultExtra() : null,
      h("div", { class: "row" },
        h("button", { class: "btn primary", "data-testid": "open-replay", onclick: () => navigate(`/replay/${matchId}`) }, "▶ " + t("table.watch_replay")),
        h("button", { class: "btn ghost", onclick: () => navigate("/") }, t("table.back_lobby")))));
  }

  function renderAll() {
    if (!payload) return;
    if (!game) {
      const make = GAMES[payload.game] || createGeneric;
      game = make(gameEl, ctx);
    }
    renderTurn();
    renderClock();
    game.update(payload);
    renderPlayers();
    renderLog();
    renderResult();
    root.dataset.version = String(payload.version);
  }

  function onState(p) {
    if (payload && p.version < payload.version) return;
    const first = !payload;
    payload = p;
    if (first) layout();
    renderAll();
    showStatus();
  }

  async function fetchState() {
    const p = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/state`, undefined, token);
    onState({ type: "state", ...p });
  }

  layout();
  gameEl.append(h("div", { class: "loading" }, t("table.loading")));
  showStatus();
  const statuses = [];
  const socket = new MatchSocket(matchId, token, onState, (s, message) => {
    conn = s;
    statuses.push(s);
    if (s === "failed" && message) refusal(message);
    showStatus();
    if (s === "connected" && payload) fetchState().catch(() => {});
  });
  fetchState().catch((e) => {
    if (e.status === 401 && seat !== null) {
      // This browser's token is not (or no longer) valid for the seat: forget it.
      socket.close();
      forgetToken(matchId, seat);
      clear(gameEl).append(h("div", { class: "panel notice", "data-testid": "bad-token" }, h("h2", {}, t("table.bad_token")), h("p", {}, e.message),
        h("div", { class: "row", style: { justifyContent: "center" } },
          h("button", { class: "btn primary", onclick: () => navigate(`/watch/${matchId}`) }, t("lobby.watch")),
          h("button", { class: "btn", onclick: () => navigate("/") }, t("table.back_lobby")))));
    } else if (e.status === 404) {
      socket.close();
      clear(gameEl).append(h("div", { class: "panel notice" }, h("h2", {}, t("table.no_match")), h("p", {}, e.message),
        h("button", { class: "btn", onclick: () => navigate("/") }, t("table.back_lobby"))));
    }
  });
  window.__monolith = { socket, act, sendRaw, statuses, get payload() { return payload; } };
  const off = onLangChange(() => {
    layout();
    if (game?.rerender) game.rerender();
    renderAll();
    showStatus();
  });
  return () => {
    off();
    clearInterval(clockTimer);
    socket.close();
    document.title = "Monolith";
    if (game?.destroy) game.destroy();
  };
}
