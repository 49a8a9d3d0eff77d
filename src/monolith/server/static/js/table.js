// A match page: join form, live connection, the shared frame (players, log, scores, notices,
// invitations), and the game's own table drawn by its module.
import { h, clear } from "./dom.js";
import { t, fmt, has, onLangChange, getLang } from "./i18n.js";
import { api, getToken, forgetToken, MatchSocket, withLabels } from "./api.js";
import { header, navigate, toast, dismissToasts, refusalText, confirmDialog, revealTopBar } from "./ui.js";
import { joinSeat, playerName, botAbout } from "./lobby.js";
import { tableFor, shortcutsFor } from "./games.js";
import { runs } from "./log_runs.js";
import { TESTING, exposeForTests } from "./testing.js";
import { createHint, hintsBadge } from "./coach.js";

const POLL_MS = 3000; // how often a table without a live connection asks for news

// The keys a page answers to, listed for everyone: a replay's (words in table.ftl, `keys-*`), or a
// game's table's (its page module's `shortcuts`, words in its folder), and Esc for a dialog.
const REPLAY_KEYS = ["keys.replay-step", "keys.replay-ends", "keys.replay-play"];

export function shortcutsPanel(kind) {
  const keys = [...(kind === "replay" ? REPLAY_KEYS : shortcutsFor(kind)), "keys.dialog"];
  return h("details", { class: "panel side-panel shortcuts", "data-testid": "shortcuts" },
    h("summary", {}, t("keys.title")),
    h("ul", { class: "shortcut-list" }, keys.map((k) => h("li", {}, t(k)))));
}

// Text only screen readers read (a word for what colour, position or a badge shows).
export function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

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

// One log entry: its seat's colour and its lines in the reader's words; a move a bot made for a
// human's seat (after a timeout or leaving) is marked as the bot's.
// (`times`: how many moves alike in a row it stands for, as "×3".)
function logEntry(payload, e, say, reader, times = 1) {
  const forHuman = e.by_bot && payload.seats?.find((s) => s.seat === e.seat)?.kind === "human";
  return h("li", { class: ["log-entry", e.seat === reader && "mine"], "data-index": e.index },
    seatDot(e.seat),
    h("span", { class: "log-text" },
      forHuman ? [h("span", { class: "tag log-bot", "aria-hidden": "true", title: t("bot-name", { seat: e.seat }) }, t("table.bot_tag")),
        srOnly(`${t("frame.played_by_bot", { about: t("bot-name", { seat: e.seat }) })}: `), " "] : null,
      e.lines.map((m, i) => h("span", { class: ["log-line", i > 0 && "consequence"] }, say(m), " ")),
      times > 1 ? [h("span", { class: "log-times", "aria-hidden": "true", "data-testid": "log-times" }, `×${times}`),
        srOnly(` (${t("table.log_times", { count: times })})`)] : null));
}

// The log: the setup's lines, then every action's lines, oldest first, in the reader's words;
// with `merge`, moves alike in a row stand as one entry that says how many.
export function logItems(payload, entries, reader, merge = false) {
  const names = seatNames(payload);
  const say = (m) => fmt(m, { reader, names });
  const items = (payload.intro || []).map((m) => h("li", { class: "log-entry setup" }, h("span", { class: "log-text" }, say(m))));
  for (const r of runs(entries, merge)) items.push(logEntry(payload, r.e, say, reader, r.times));
  return items;
}

// A log that screen readers follow politely: a new move is appended and read once; anything else
// (an undo, another language) replaces the list without reading it all out again. It always shows
// the newest entry, at the bottom.
// With `merge` (the live table), moves alike in a row show as one entry that says how many; a
// replay keeps one entry per move, for the coach's marks.
export function createLog(testid = "log", { merge = false } = {}) {
  const attrs = () => ({ class: "log", "data-testid": testid, role: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": t("frame.log_label"), tabindex: "0", onscroll: (e) => markEdges(e.currentTarget) });
  const resized = new ResizeObserver((seen) => seen.forEach((r) => markEdges(r.target)));
  const fresh = () => { const ol = h("ol", attrs()); resized.observe(ol); return ol; };
  let el = fresh();
  let shown = { lang: null, intro: "", keys: [] };
  const keyOf = (e) => `${e.index}:${JSON.stringify(e.lines)}`;
  return {
    get el() { return el; },
    render(payload, entries, reader) {
      const keys = entries.filter((e) => e.lines?.length).map(keyOf);
      const intro = JSON.stringify(payload.intro || []) + JSON.stringify(seatNames(payload));
      const extends_ = shown.lang === getLang() && shown.intro === intro && shown.keys.length <= keys.length &&
        shown.keys.every((k, i) => keys[i] === k);
      if (extends_ && keys.length === shown.keys.length) return;
      if (extends_ && el.isConnected) {
        const names = seatNames(payload);
        const say = (m) => fmt(m, { reader, names });
        el.querySelector(".log-empty")?.remove();
        const said = entries.filter((e) => e.lines?.length);
        const before = runs(said.slice(0, shown.keys.length), merge);
        const now = runs(said, merge);
        // A run that took more moves gets a new entry in its place (read out as an addition):
        // the last one, or one earlier in the same seat's block of moves alike.
        const items = [...el.querySelectorAll(":scope > li.log-entry:not(.setup)")];
        before.forEach((r, i) => {
          if (now[i].times !== r.times && items[i]) items[i].replaceWith(logEntry(payload, now[i].e, say, reader, now[i].times));
        });
        el.append(...now.slice(before.length).map((r) => logEntry(payload, r.e, say, reader, r.times)));
      } else {
        const next = fresh();
        next.append(...logItems(payload, entries, reader, merge));
        if (!keys.length) next.append(h("li", { class: "log-empty muted small" }, t("table.no_moves")));
        el.replaceWith(next);
        resized.unobserve(el);
        el = next;
      }
      shown = { lang: getLang(), intro, keys };
      el.scrollTop = el.scrollHeight;
      markEdges(el);
    },
    reset() { shown = { lang: null, intro: "", keys: [] }; resized.unobserve(el); el = fresh(); return el; },
  };
}

// A log scrolled past some entries fades out at that edge, so the entry cut by the edge reads as
// "more this way" rather than as a clipped line.
function markEdges(el) {
  const above = el.scrollTop > 1;
  const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
  el.classList.toggle("more-above", above);
  el.classList.toggle("more-below", below);
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
  return h("span", { class: "seat-dot", "aria-hidden": "true", style: { background: `var(--p${seat})` } });
}

// The invitation: which game, who invites, and whether the seat is still free, before a name is
// asked (a seat already taken, or a match over, offers to watch instead).
function joinForm(root, matchId, seat, done) {
  const input = h("input", { id: "join-name", "data-testid": "join-name", value: playerName(), placeholder: t("lobby.your_name"), maxlength: 40 });
  const sitButton = h("button", { class: "btn primary", type: "submit", "data-testid": "join-submit" }, t("join.sit"));
  const about = h("div", { class: "join-about", "data-testid": "join-about", "aria-live": "polite" }, h("p", { class: "muted" }, t("table.loading")));
  const submit = async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) { toast(() => t("lobby.name_needed")); return; }
    try {
      await joinSeat(matchId, seat, name);
      dismissToasts("error");
      done();
    } catch (err) {
      toast(() => refusalText(err), "error", err.message);
    }
  };
  const closed = (why) => {
    input.disabled = true;
    sitButton.disabled = true;
    return why;
  };
  api("GET", `/api/matches/${encodeURIComponent(matchId)}/state`).then((p) => {
    if (!about.isConnected) return;
    const here = p.seats?.find((s) => s.seat === seat);
    const host = p.seats?.find((s) => s.seat !== seat && s.kind === "human" && s.taken && s.name);
    const game = has(`game.${p.game}`) ? t(`game.${p.game}`) : p.game;
    let seatLine;
    if (p.status === "finished") seatLine = closed(t("join.seat_over"));
    else if (!here) seatLine = closed(t("error-unknown_seat"));
    else if (here.kind !== "human" || here.taken) seatLine = closed(t("join.seat_taken", { n: seat + 1 }));
    else seatLine = t("join.seat_free", { n: seat + 1 });
    clear(about).append(
      h("p", { class: "join-game", "data-testid": "join-game" }, host ? t("join.invited", { who: host.name, game }) : t("join.game", { game })),
      h("p", { class: ["join-seat", sitButton.disabled ? "taken" : "free"], "data-testid": "join-seat" }, seatLine));
  }).catch((err) => {
    if (about.isConnected) clear(about).append(h("p", { class: "join-seat taken", "data-testid": "join-seat" }, closed(refusalText(err))));
  });
  clear(root);
  root.append(header([]),
    h("main", { class: "center-page" },
      h("form", { class: "panel join-panel", onsubmit: submit },
        h("h2", {}, t("join.title", { n: seat + 1 })),
        about,
        h("p", { class: "muted" }, t("join.lead")),
        h("label", { for: "join-name" }, t("lobby.your_name")), input,
        h("div", { class: "row" },
          sitButton,
          h("a", { class: "btn ghost", href: `/watch/${matchId}` }, h("span", { "aria-hidden": "true" }, "◉ "), t("lobby.watch"))))));
  input.focus();
}

export function renderMatch(root, matchId, seat, { invite = false } = {}) {
  let destroyed = false;
  let inner = null;
  if (seat !== null && !getToken(matchId, seat)) {
    const start = () => { if (!destroyed) inner = startTable(root, matchId, seat, { invite }); };
    joinForm(root, matchId, seat, start);
    const off = onLangChange(() => { if (!inner) joinForm(root, matchId, seat, start); });
    return () => { destroyed = true; off(); if (inner) inner(); };
  }
  inner = startTable(root, matchId, seat, { invite });
  return () => { destroyed = true; if (inner) inner(); };
}

function startTable(root, matchId, seat, { invite = false } = {}) {
  const token = seat === null ? null : getToken(matchId, seat);
  const base = `/api/matches/${encodeURIComponent(matchId)}`;
  let payload = null;
  let conn = "connecting";
  let game = null;
  let busy = null; // the decision on its way, as a promise that settles with its answer
  let clockTimer = null;
  let inviteOpen = invite;
  const shownKeys = {}; // region -> what it shows, so live regions are only touched on a change

  const statusEl = h("span", { class: "conn", "data-testid": "conn-status", role: "status" });
  const turnEl = h("span", { class: "turn-banner", "data-testid": "turn", role: "status" });
  const titleEl = h("span", { class: "match-title" });
  const clockEl = h("span", { class: "clock", "data-testid": "turn-clock", role: "timer" });
  const gameEl = h("div", { class: "game-area", "data-testid": "game-area" });
  const playersEl = h("ul", { class: "players", "data-testid": "players" });
  const log = createLog("log", { merge: true });
  const resultEl = h("div", { class: "result-slot" });
  const toolsEl = h("div", { class: "tools" });
  const undoHintEl = h("p", { class: "undo-hint muted small", id: "undo-hint", "data-testid": "undo-hint", hidden: true });
  const errorEl = h("div", { class: "refusal", "data-testid": "refusal", role: "alert", hidden: true });
  const noticeEl = h("div", { class: "notices", "data-testid": "notices", role: "status" });
  const inviteEl = h("div", { class: "invite-slot" });

  function layout() {
    clear(root);
    Object.keys(shownKeys).forEach((k) => delete shownKeys[k]);
    log.reset();
    root.append(
      header([titleEl, turnEl, clockEl, statusEl], payload?.game),
      h("main", { class: "table-page" },
        h("div", { class: "table-main" }, errorEl, noticeEl, inviteEl, resultEl, gameEl),
        h("aside", { class: "sidebar" },
          h("section", { class: "panel side-panel", "aria-labelledby": "players-title" },
            h("h3", { id: "players-title" }, t("table.players")), playersEl, toolsEl, undoHintEl),
          // Beside the button that asks for it, never over the board, the ring or the map.
          hint.panel,
          h("section", { class: "panel side-panel log-panel", "aria-labelledby": "log-title" },
            h("h3", { id: "log-title" }, t("table.log")), log.el),
          payload ? shortcutsPanel(payload.game) : null)));
    playersEl.setAttribute("aria-label", t("frame.players_label"));
  }

  // Set a live region's content only when it changes, so screen readers hear news, not repeats.
  function once(key, value, draw) {
    if (shownKeys[key] === value) return;
    shownKeys[key] = value;
    draw();
  }

  function showStatus() {
    statusEl.dataset.state = conn;
    once("conn", `${getLang()}:${conn}`, () => { statusEl.textContent = t(`conn.${conn}`); });
    statusEl.title = t(`conn.${conn}.help`);
    const mine = payload && seat !== null && payload.to_move === seat && !payload.result;
    const title = payload ? `${t(`game.${payload.game}`)} · Monolith` : "Monolith";
    document.title = mine ? `● ${t("table.your_turn")} — ${title}` : title;
  }

  // The last refusal shown, worded again if the language changes while it shows.
  let shownRefusal = null;
  function refusal(error, { again = false } = {}) {
    const say = () => error.code === "network" ? t("error-network") : refusalText(error, { reader: seat, names: seatNames(payload) });
    const words = say();
    shownRefusal = error;
    errorEl.hidden = false;
    clear(errorEl).append(
      h("div", { class: "refusal-body" },
        h("strong", {}, t("table.refused")), " ", h("span", { "data-testid": "refusal-text" }, words),
        error.message && error.code !== "network"
          // Folded, but for the rules' own reason why a move is illegal, which only it gives.
          ? h("details", { class: "refusal-detail", open: error.code === "illegal" }, h("summary", {}, t("error-detail")), h("span", { lang: "en", "data-testid": "refusal-detail" }, error.message))
          : null),
      h("button", { class: "toast-close", "aria-label": t("ui.close"), title: t("ui.close"), onclick: () => { errorEl.hidden = true; } }, h("span", { "aria-hidden": "true" }, "×")));
    if (!again) toast(say, "error", error.message);
  }

  // A decision goes over the live socket when it is open (its new state is pushed right after),
  // else as the HTTP request of docs/web-api.md, followed by a fresh look at the state.
  const sent = TESTING ? [] : null; // how each decision went, "socket" or "http" (tests only)
  async function decide(type, body, path) {
    if (socket.open) {
      sent?.push("socket");
      try {
        return await socket.request({ type, ...body });
      } catch (e) {
        if (e.code === "connection_lost") fetchState().catch(() => {});
        throw e;
      }
    }
    sent?.push("http");
    const answer = await api("POST", `${base}${path}`, body, token);
    await fetchState().catch(() => {});
    return answer;
  }

  // One decision at a time. The socket can show the next state before the previous decision's
  // answer arrives; a decision made on that state waits for the answer and is then sent, unless
  // the table has moved on meanwhile (then it was made on a state that is gone).
  async function act(actionId) {
    if (!payload) return false;
    const seen = payload.version;
    while (busy) {
      await busy;
      if (!payload || payload.version !== seen) return false;
    }
    errorEl.hidden = true;
    let done;
    busy = new Promise((resolve) => { done = resolve; });
    try {
      await decide("act", { version: seen, action_id: actionId }, "/actions");
      return true;
    } catch (e) {
      refusal(e);
      await fetchState().catch(() => {});
      return false;
    } finally {
      busy = null;
      done();
    }
  }

  async function sendRaw(action) {
    try {
      await decide("act", { version: payload.version, action }, "/actions");
      return true;
    } catch (e) {
      refusal(e);
      return false;
    }
  }

  async function undo() {
    if (!payload?.can_undo) return;
    try {
      await decide("undo", { version: payload.version }, "/undo");
    } catch (e) {
      refusal(e);
    }
  }

  async function reclaim() {
    try {
      await decide("reclaim", {}, `/seats/${seat}/reclaim`);
      toast(() => t("takeover.back"), "info");
    } catch (e) {
      refusal(e);
    }
  }

  async function leave() {
    const sure = await confirmDialog({ title: t("frame.leave_title"), body: t("frame.leave_body"), ok: t("frame.leave_ok") });
    if (!sure) return;
    try {
      await decide("leave", {}, "/leave");
      toast(() => t("frame.left"), "info");
      navigate("/");
    } catch (e) {
      refusal(e);
    }
  }

  // say(message): a message from the server in this reader's words.
  const say = (message) => fmt(message, { reader: seat, names: seatNames(payload) });
  const ctx = { seat, matchId, act, sendRaw, say, seatName: (s) => seatName(payload, s), get payload() { return payload; } };
  const hint = createHint({
    base, token, say, describe: (action) => game?.describe?.(action),
    show: (action, line) => {
      game?.suggest?.(action, seat);
      game?.suggestLine?.(line || []);
      game?.preselect?.(action); // null: the choice it made taken back, as Cancel would
    },
  });

  const mySeat = () => (seat === null ? null : payload?.seats?.find((s) => s.seat === seat));
  const takenOver = (s) => s && s.kind === "human" && s.controller === "bot";

  function renderTurn() {
    if (!payload) return;
    titleEl.textContent = `${t(`game.${payload.game}`)} · ${matchId}`;
    let text = "";
    let kind = "";
    if (payload.status === "finished" || payload.result) {
      text = t("table.finished");
      kind = "done";
    } else if (payload.status === "open") {
      text = t("table.waiting_players");
    } else if (payload.to_move === null || payload.to_move === undefined) {
      text = "";
    } else if (seat !== null && payload.to_move === seat && !takenOver(mySeat())) {
      text = t("table.your_turn");
      kind = "mine";
    } else {
      // A bot playing a human's seat is waited for by its own name.
      const mover = payload.seats?.find((s) => s.seat === payload.to_move);
      const name = takenOver(mover) ? t("bot-name", { seat: mover.seat }) : seatName(payload, payload.to_move);
      text = t("table.waiting_for", { name });
    }
    turnEl.className = ["turn-banner", kind].filter(Boolean).join(" ");
    once("turn", text, () => { turnEl.textContent = text; });
    if (kind === "mine" && turnEl.dataset.mine !== "true") revealTopBar();
    turnEl.dataset.mine = String(kind === "mine");
  }

  function renderClock() {
    clearInterval(clockTimer);
    const c = payload?.clock;
    if (!c || !c.deadline || payload.result) {
      clear(clockEl);
      clockEl.removeAttribute("aria-label");
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.round((Date.parse(c.deadline) - Date.now()) / 1000));
      const min = Math.floor(left / 60), sec = left % 60;
      clear(clockEl).append(h("span", { "aria-hidden": "true" }, "◷ "), `${min}:${String(sec).padStart(2, "0")}`);
      clockEl.setAttribute("aria-label", `${seatName(payload, c.seat)}: ${t("frame.clock", { min, sec })}`);
      clockEl.classList.toggle("low", left < 20);
      clockEl.classList.toggle("mine", c.seat === seat);
      if (left < 20 && c.seat === seat) revealTopBar();
    };
    tick();
    clockTimer = setInterval(tick, 1000);
  }

  function playerRow(s) {
    const extra = game?.playerExtra ? game.playerExtra(s.seat) : null;
    const moving = payload.to_move === s.seat && !payload.result && payload.status === "running";
    const isBot = s.kind === "bot" || s.controller === "bot";
    const about = botAbout(s);
    return h("li", {
      class: ["player-row", moving && "to-move", s.seat === seat && "me", isBot && "bot"],
      "data-testid": `player-${s.seat}`, "aria-current": moving ? "true" : null,
    },
    seatDot(s.seat),
    h("span", { class: "player-main" },
      h("span", { class: "player-line" }, h("span", { class: "player-name" }, seatName(payload, s.seat)),
        s.seat === seat ? [srOnly(", "), h("span", { class: "you" }, t("table.you"))] : null),
      takenOver(s) ? h("span", { class: "takeover-line small", "data-testid": `takeover-${s.seat}` },
        t("takeover.row", { reason: s.takeover || "other", bot: t("bot-name", { seat: s.seat }) })) : null),
    moving ? [h("span", { class: "turn-mark", "aria-hidden": "true" }, "◂"), srOnly(`, ${t(s.seat === seat ? "frame.your_turn_sr" : "frame.to_move")}`)] : null,
    isBot
      ? [h("span", { class: "tag", "aria-hidden": "true", title: [about, t("table.bot_help")].filter(Boolean).join(" · ") }, t("table.bot_tag")),
        srOnly(`, ${t("frame.played_by_bot", { about: about || t("table.bot_tag") })}`)]
      : [h("span", { class: ["online", s.connected ? "on" : "off"], "aria-hidden": "true", title: t(s.connected ? "table.online" : "table.offline") }),
        srOnly(`, ${t(s.connected ? "frame.connected" : "frame.disconnected")}`)],
    extra);
  }

  function renderPlayers() {
    clear(playersEl).append(...(payload.seats || []).map(playerRow));
    clear(toolsEl);
    undoHintEl.hidden = true;
    const me = mySeat();
    if (seat !== null && !payload.result) {
      if (takenOver(me)) {
        toolsEl.append(h("button", { class: "btn small primary", "data-testid": "reclaim-tool", onclick: reclaim }, t("takeover.reclaim")));
      } else {
        const blocked = payload.undo_blocked ? say(payload.undo_blocked) : "";
        toolsEl.append(h("button", {
          class: "btn small", "data-testid": "undo", onclick: undo,
          "aria-disabled": payload.can_undo ? null : "true",
          "aria-describedby": payload.can_undo ? null : "undo-hint",
          title: payload.can_undo ? t("table.undo_help") : blocked,
        }, h("span", { "aria-hidden": "true" }, "↶ "), t("table.undo")));
        if (!payload.can_undo && blocked) {
          undoHintEl.hidden = false;
          clear(undoHintEl).append(h("strong", {}, t("undo-blocked-label")), ": ", blocked);
        }
        toolsEl.append(h("button", { class: "btn small ghost", "data-testid": "leave", onclick: leave, title: t("table.leave_help") }, t("table.leave")));
        const hintButton = hint.button();
        if (hintButton) toolsEl.append(hintButton);
      }
    }
    const badge = !payload.result && payload.hints !== undefined ? hintsBadge(payload.hints, payload.seats || []) : null;
    if (badge) toolsEl.append(badge);
    if (!payload.result) {
      toolsEl.append(h("button", {
        class: ["btn", "small", "ghost", inviteOpen && "on"], "data-testid": "invite-button",
        "aria-expanded": String(inviteOpen), "aria-controls": "invite", onclick: () => { inviteOpen = !inviteOpen; renderInvite(); renderPlayers(); },
      }, h("span", { "aria-hidden": "true" }, "✉ "), t(openSeats().length ? "invite.button" : "invite.button_watch")));
    }
    if (seat === null) toolsEl.append(h("span", { class: "muted small spectating" }, h("span", { "aria-hidden": "true" }, "◉ "), t("table.spectating")));
  }

  // The notices of taken-over seats: the reader's own with the button to take it back, a line
  // for everyone else's.
  function renderNotices() {
    const me = mySeat();
    const others = (payload.seats || []).filter((s) => takenOver(s) && s.seat !== seat && !payload.result);
    const mine = takenOver(me) && !payload.result ? me : null;
    const key = JSON.stringify([getLang(), mine?.takeover, others.map((s) => [s.seat, s.takeover, seatName(payload, s.seat)])]);
    once("notices", key, () => {
      clear(noticeEl);
      if (mine) {
        noticeEl.append(h("section", { class: "panel takeover-notice", "data-testid": "takeover-notice" },
          h("div", { class: "takeover-text" },
            h("h2", {}, t("takeover.you", { reason: mine.takeover || "other", bot: t("bot-name", { seat }) })),
            h("p", { class: "muted" }, t("takeover.you_lead"))),
          h("button", { class: "btn primary", "data-testid": "reclaim", onclick: reclaim }, t("takeover.reclaim"))));
      }
      for (const s of others) {
        noticeEl.append(h("p", { class: "takeover-banner", "data-testid": `takeover-banner-${s.seat}` },
          seatDot(s.seat), " ",
          t("takeover.others", { reason: s.takeover || "other", name: seatName(payload, s.seat), bot: t("bot-name", { seat: s.seat }) })));
      }
    });
  }

  function absolute(path) {
    return `${location.origin}${path}`;
  }

  async function copy(url, input) {
    try {
      await navigator.clipboard.writeText(url);
      toast(() => t("lobby.copied"), "info");
    } catch {
      input.focus();
      input.select();
      toast(() => t("invite.copy_failed"), "info");
    }
  }

  function linkRow(label, path, copyLabel, testid, dot = null) {
    const url = absolute(path);
    const input = h("input", { class: "link-field", readonly: true, value: url, "aria-label": label, "data-testid": testid, onfocus: (e) => e.target.select() });
    return h("div", { class: "link-row" },
      dot,
      h("span", { class: "seat-label" }, label),
      input,
      h("button", { class: "btn small", "aria-label": copyLabel, title: copyLabel, "data-testid": `copy-${testid}`, onclick: () => copy(url, input) },
        t("invite.copy")));
  }

  // The invitations: each open seat's join link and the spectator link, ready to copy.
  function renderInvite() {
    const open = openSeats();
    const key = JSON.stringify([getLang(), inviteOpen && !payload?.result, open.map((s) => s.seat)]);
    once("invite", key, () => {
      clear(inviteEl);
      if (!inviteOpen || !payload || payload.result) return;
      inviteEl.append(h("section", { class: "panel invite", id: "invite", "data-testid": "invite", "aria-labelledby": "invite-title" },
        h("div", { class: "invite-head" },
          h("h2", { id: "invite-title" }, t(open.length ? "invite.title" : "invite.title_watch")),
          h("button", { class: "toast-close", "aria-label": t("invite.close"), title: t("invite.close"), "data-testid": "invite-close",
            onclick: () => { inviteOpen = false; renderInvite(); renderPlayers(); } }, h("span", { "aria-hidden": "true" }, "×"))),
        h("p", { class: "muted", "data-testid": "invite-lead" }, t(open.length ? "invite.lead" : "invite.lead_watch")),
        open.length ? h("p", { class: "invite-count", "data-testid": "invite-count" }, t("invite.open_seats", { n: open.length })) : null,
        open.map((s) => linkRow(t("lobby.seat_n", { n: s.seat + 1 }), `/join/${matchId}/${s.seat}`,
          t("invite.copy_seat", { n: s.seat + 1 }), `join-link-${s.seat}`, seatDot(s.seat))),
        linkRow(t("lobby.spectators"), `/watch/${matchId}`, t("invite.copy_spectators"), "spectator-link",
          h("span", { class: "seat-dot spectator-dot", "aria-hidden": "true" }))));
    });
  }

  // A game that ends while the page is open brings its result into view once: the reader had
  // scrolled down to the board and the decision, and only the badge said the game was over.
  let playing = false; // a state before the result was shown here, and the result not yet
  function renderResult() {
    const r = payload.result;
    if (!r) playing = true;
    once("result", r ? `${getLang()}:${payload.version}` : "", () => {
      clear(resultEl);
      if (!r) return;
      if (playing) {
        playing = false;
        requestAnimationFrame(() => {
          const box = resultEl.getBoundingClientRect();
          if (box.top >= 0 && box.top <= window.innerHeight * 0.5) return;
          // Scrolling up brings the top bar back, so the result starts just below it.
          const bar = document.querySelector(".topbar")?.offsetHeight || 0;
          window.scrollTo({ top: Math.max(0, window.scrollY + box.top - bar - 8) });
        });
      }
      // The coach reviews every finished match a person played in (docs/coach.md).
      const reviewed = (payload.seats || []).some((s) => s.kind === "human");
      resultEl.append(h("section", { class: "panel result", "data-testid": "result" },
        h("h2", {}, h("span", { "aria-hidden": "true" }, "★ "), t("table.game_over")),
        scoresTable(payload, seat),
        // What to do next, above the score's breakdown: in view without scrolling.
        h("div", { class: "row" },
          reviewed ? h("button", { class: "btn primary", "data-testid": "open-review", onclick: () => navigate(`/replay/${matchId}#review`) }, h("span", { "aria-hidden": "true" }, "✦ "), t("coach.open_review")) : null,
          h("button", { class: ["btn", !reviewed && "primary"], "data-testid": "open-replay", onclick: () => navigate(`/replay/${matchId}`) }, h("span", { "aria-hidden": "true" }, "▶ "), t("table.watch_replay")),
          h("button", { class: "btn ghost", onclick: () => navigate("/") }, t("table.back_lobby"))),
        game?.resultExtra ? game.resultExtra() : null));
    });
  }

  function renderAll() {
    if (!payload) return;
    if (!game) {
      const make = tableFor(payload.game);
      game = make(gameEl, ctx);
    }
    renderTurn();
    renderClock();
    game.update(payload);
    hint.update(payload);
    renderNotices();
    renderInvite();
    renderPlayers();
    log.render(payload, payload.log || [], seat);
    renderResult();
    root.dataset.version = String(payload.version);
  }

  const openSeats = () => (payload?.seats || []).filter((s) => s.kind === "human" && !s.taken);

  // A state whose log starts at `log_from` joined to the entries before it that the table holds;
  // null if it holds too few (then the whole state is fetched again).
  function withWholeLog(p) {
    const from = p.log_from || 0;
    if (from === 0) return p;
    const held = payload?.log || [];
    if (held.length < from) return null;
    return { ...p, log_from: 0, log: held.slice(0, from).concat(p.log || []) };
  }

  // Who has the table open is the socket's to say once it has spoken since it (re)opened: an
  // answer over HTTP may have been built before this very socket arrived, and would mark a seat
  // (even the reader's own) offline after the socket said otherwise.
  let socketSpoke = false;
  function onState(incoming, viaHttp = false) {
    if (payload && incoming.version < payload.version) return;
    let p = withWholeLog(incoming);
    if (!p) {
      fetchState(true).catch(() => {});
      return;
    }
    if (viaHttp && socketSpoke && payload) {
      const online = new Map(payload.seats.map((s) => [s.seat, s.connected]));
      p = { ...p, seats: p.seats.map((s) => (online.has(s.seat) ? { ...s, connected: online.get(s.seat) } : s)) };
    }
    const first = !payload;
    payload = p;
    if (first) {
      // A fresh table opens its invitations only if someone is still to be invited.
      inviteOpen = inviteOpen && openSeats().length > 0;
      layout();
    }
    renderAll();
    showStatus();
  }

  // The state over HTTP: with the version held, so that only newer log entries travel.
  async function fetchState(whole = false) {
    const since = payload && !whole ? `&since=${payload.version}` : "";
    const p = withLabels(await api("GET", `${base}/state?labels=indexed${since}`, undefined, token));
    onState({ type: "state", ...p }, true);
    if (httpStates) httpStates.count += 1;
  }

  // Who has the table open changed: only the seats' online marks move.
  function onPresence(message) {
    if (!payload) return;
    socketSpoke = true;
    const online = new Map((message.seats || []).map((s) => [s.seat, s.connected]));
    payload = { ...payload, seats: payload.seats.map((s) => (online.has(s.seat) ? { ...s, connected: online.get(s.seat) } : s)) };
    renderPlayers();
  }

  // A match with as many live connections as it may have: follow it by asking now and then.
  let pollTimer = null;
  function poll() {
    clearInterval(pollTimer);
    pollTimer = setInterval(() => fetchState().catch(() => {}), POLL_MS);
  }

  // The server will not serve this table to this browser: say so, and stop the live connection.
  function fatal(heading, lead, testid) {
    socket.close();
    conn = "failed";
    showStatus();
    clear(gameEl).append(h("div", { class: "panel notice", "data-testid": testid }, h("h2", {}, heading),
      lead ? h("p", {}, lead) : null,
      h("div", { class: "row", style: { justifyContent: "center" } },
        seat !== null ? h("button", { class: "btn primary", onclick: () => navigate(`/watch/${matchId}`) }, t("lobby.watch")) : null,
        h("button", { class: "btn", onclick: () => navigate("/") }, t("table.back_lobby")))));
  }

  layout();
  gameEl.append(h("div", { class: "loading" }, t("table.loading")));
  showStatus();
  const statuses = TESTING ? [] : null; // the connection states seen (tests only)
  const httpStates = TESTING ? { count: 0 } : null; // states taken over HTTP (tests only)
  const socket = new MatchSocket(matchId, token, (p) => {
    socketSpoke = true;
    onState(p);
  }, (s, error) => {
    if (s !== "connected") socketSpoke = false;
    const crowded = s === "failed" && error?.code === "too_many_sockets";
    conn = crowded ? "polling" : s;
    statuses?.push(conn);
    if (crowded) {
      toast(() => refusalText(error), "info");
      poll();
    } else if (s === "failed" && error) {
      refusal(error);
    }
    showStatus();
    if (s === "connected" && payload) fetchState().catch(() => {});
  }, onPresence);
  fetchState().catch((e) => {
    if (e.status === 401 && seat !== null) {
      // This browser's token is not (or no longer) valid for the seat: forget it.
      forgetToken(matchId, seat);
      fatal(t("table.bad_token"), refusalText(e), "bad-token");
    } else if (e.status === 404) {
      fatal(t("table.no_match"), null, "no-match");
    }
  });
  exposeForTests("__monolith", { socket, act, sendRaw, statuses, sent, httpStates, get payload() { return payload; } });
  const off = onLangChange(() => {
    layout();
    if (game?.rerender) game.rerender();
    renderAll();
    showStatus();
    if (shownRefusal && !errorEl.hidden) refusal(shownRefusal, { again: true });
  });
  return () => {
    off();
    clearInterval(clockTimer);
    clearInterval(pollTimer);
    socket.close();
    document.title = "Monolith";
    if (game?.destroy) game.destroy();
    hint.destroy();
  };
}
