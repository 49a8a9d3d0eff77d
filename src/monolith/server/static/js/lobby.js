// The lobby: create a match, hand out seat links, list open and running matches.
import { h, clear } from "./dom.js";
import { t, has, getLang, onLangChange } from "./i18n.js";
import { api, getToken, setToken } from "./api.js";
import { header, navigate, toast, refusalText } from "./ui.js";
import { hintsBadge } from "./coach.js";

const NAME_KEY = "monolith.name";

// What a bot seat is, for a tooltip: "greedy bot (default level)".
export function botAbout(s) {
  return s?.bot ? t("bot-about", { family: s.bot, level: s.level || "default" }) : "";
}

export function playerName() {
  return localStorage.getItem(NAME_KEY) || "";
}
export function rememberName(name) {
  localStorage.setItem(NAME_KEY, name);
}

export async function joinSeat(matchId, seat, name) {
  const res = await api("POST", `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/join`, { name });
  setToken(matchId, seat, res.token);
  rememberName(name);
  return res;
}

// A game's name in the reader's language (the server's title is English).
function gameTitle(games, name) {
  return has(`game.${name}`) ? t(`game.${name}`) : games.find((g) => g.name === name)?.title || name;
}

export function renderLobby(root) {
  const state = {
    games: [],
    bots: [],
    game: null,
    players: 2,
    options: {},
    seats: [],
    clock: "",
    hints: null, // null: as the server decides (on with at most one human seat)
    creating: false,
    matches: [],
    loaded: false,
  };
  let timer = null;

  // The bot a new seat gets: the game's proposed level (the strongest that answers within half
  // a second on this server), else the greedy bot.
  function proposedBot() {
    const g = state.game;
    const o = g?.opponents?.find((x) => x.level === g.default_opponent);
    if (o) return { kind: "bot", bot: o.bot, level: o.bot_level };
    const bot = state.bots.find((b) => b.name === "greedy") || state.bots[0];
    return { kind: "bot", bot: bot?.name || "greedy", level: bot?.levels?.[0] || "default" };
  }

  function defaultSeats(n) {
    return Array.from({ length: n }, (_, i) =>
      state.seats[i] || (i === 0 ? { kind: "human" } : proposedBot()));
  }

  function selectGame(name) {
    state.game = state.games.find((g) => g.name === name) || state.games[0];
    if (!state.game) return;
    state.players = Math.min(Math.max(state.players, state.game.min_players), state.game.max_players);
    state.options = Object.fromEntries(state.game.options.map((o) => [o.name, o.default]));
    // seats the player chose stay; the others take this game's proposed opponent
    state.seats = defaultSeats(state.players).map((s) => (s.kind === "bot" && !s.chosen ? proposedBot() : s));
  }

  // A bot level in the player's words ("Medium"), or null for a bot outside the three levels.
  function opponentOf(bot, level) {
    return state.game?.opponents?.find((o) => o.bot === bot && o.bot_level === level) || null;
  }

  // How a level plays: the rest of its line after a dash ("easy — looks one move ahead…"), and a
  // sentence of its own, capitalised, as a seat option's tooltip.
  const levelHow = (level) => t(`lobby.level_${level}_how`);
  const levelHowSentence = (level) => {
    const how = levelHow(level);
    return how.charAt(0).toLocaleUpperCase(getLang()) + how.slice(1);
  };

  function levelsNote() {
    const g = state.game;
    if (!g?.opponents?.length) return null;
    const proposed = t(`lobby.level_${g.default_opponent}`);
    return h("div", { class: "levels-note", "data-testid": "levels" },
      h("p", { class: "small", "data-testid": "default-opponent" }, t("lobby.default_opponent", { level: proposed })),
      h("ul", { class: "levels-list small muted" }, g.opponents.map((o) =>
        h("li", { "data-testid": `level-${o.level}` },
          h("b", {}, t(`lobby.level_${o.level}`)), " — ", levelHow(o.level)))));
  }

  // Create the match and take the creator to its table: seated at the first human seat (or
  // watching, if bots play every seat), with the invitations open. The seat is taken in the same
  // request, so a name the server refuses leaves no match behind.
  async function create() {
    const seats = state.seats.slice(0, state.players);
    const seat = seats.findIndex((s) => s.kind === "human");
    const input = root.querySelector("[data-testid=player-name]");
    const name = (input?.value || "").trim();
    if (seat >= 0 && !name) {
      toast(() => t("frame.name_first"));
      input?.focus();
      return;
    }
    if (state.creating) return;
    state.creating = true;
    const body = {
      game: state.game.name,
      players: state.players,
      options: state.options,
      seats: state.seats.slice(0, state.players).map((s) =>
        s.kind === "human" ? { kind: "human" } : { kind: "bot", bot: s.bot, level: s.level }),
      turn_clock_seconds: state.clock ? Number(state.clock) : null,
      hints: hintsOn(),
      join: seat >= 0 ? { seat, name } : null,
    };
    try {
      const created = await api("POST", "/api/matches", body);
      const id = encodeURIComponent(created.match_id);
      if (seat >= 0) {
        setToken(created.match_id, seat, created.token);
        rememberName(name);
      }
      // only seats still open for people call for invitations; bots are already there
      const humans = body.seats.filter((s) => s.kind === "human").length;
      toast(() => t(humans > (seat >= 0 ? 1 : 0) ? "frame.created" : "frame.created_full"), "info");
      navigate(seat >= 0 ? `/join/${id}/${seat}` : `/watch/${id}`, { invite: true });
    } catch (e) {
      toast(() => refusalText(e), "error", e.message);
      if (e.code === "bad_name") input?.focus();
    } finally {
      state.creating = false;
    }
  }

  async function sit(matchId, seat) {
    const input = root.querySelector("[data-testid=player-name]");
    const name = (input?.value || playerName()).trim();
    if (!name) {
      toast(() => t("lobby.name_needed"));
      input?.focus();
      return;
    }
    try {
      await joinSeat(matchId, seat, name);
      navigate(`/join/${encodeURIComponent(matchId)}/${seat}`);
    } catch (e) {
      toast(() => refusalText(e), "error", e.message);
    }
  }

  // Hints only matter where a person plays: a match of bots alone neither asks nor shows them.
  function someHuman() {
    return state.seats.slice(0, state.players).some((s) => s.kind === "human");
  }

  // Hints: as chosen, else on unless several people play.
  function hintsOn() {
    if (state.hints !== null) return state.hints;
    return state.seats.slice(0, state.players).filter((s) => s.kind === "human").length <= 1;
  }

  function optionLabel(o) {
    const key = `option.${o.name}`;
    const label = t(key);
    return label === key ? o.name.replace(/_/g, " ") : label;
  }

  // An option's tooltip in the reader's words (the server's help is English: only for an option
  // the pages have no words for).
  function optionHelp(o) {
    const key = `option.${o.name}_help`;
    return has(key) ? t(key) : o.help;
  }

  function choiceLabel(c) {
    const key = `choice.${c}`;
    const label = t(key);
    return label === key ? String(c) : label;
  }

  function createPanel() {
    const g = state.game;
    if (!g) return h("section", { class: "panel" }, t("lobby.loading"));
    const botChoices = state.bots.length ? state.bots : [{ name: "greedy", levels: ["default"] }];
    return h("section", { class: "panel create-panel" },
      h("h2", {}, t("lobby.new_match")),
      h("div", { class: "game-cards" }, state.games.map((gm) =>
        h("button", {
          class: ["game-card", gm.name === g.name && "selected", `game-${gm.name}`],
          "data-testid": `game-${gm.name}`,
          onclick: () => { selectGame(gm.name); render(); },
        },
        h("span", { class: "game-card-art" }),
        h("span", { class: "game-card-title" }, gameTitle(state.games, gm.name)),
        h("span", { class: "game-card-sub" }, t("lobby.players_range", { min: gm.min_players, max: gm.max_players }))))),
      h("div", { class: "form-row" },
        h("label", { id: "players-label" }, t("lobby.players")),
        h("div", { class: "segmented", role: "group", "aria-labelledby": "players-label" },
          Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i).map((n) =>
            h("button", {
              class: ["seg", n === state.players && "on"], "data-testid": `players-${n}`, "aria-pressed": String(n === state.players),
              onclick: () => { state.players = n; state.seats = defaultSeats(n); render(); },
            }, String(n))))),
      g.options.map((o) =>
        h("div", { class: "form-row" },
          h("label", { title: optionHelp(o), for: `option-${o.name}` }, optionLabel(o)),
          h("select", {
            id: `option-${o.name}`, "data-testid": `option-${o.name}`, title: optionHelp(o),
            onchange: (e) => {
              const c = o.choices.find((x) => String(x) === e.target.value);
              state.options[o.name] = c;
            },
          }, o.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(state.options[o.name]) }, choiceLabel(c)))))),
      h("div", { class: "seats-editor" },
        h("div", { class: "seats-title" }, t("lobby.seats")),
        state.seats.slice(0, state.players).map((s, i) =>
          h("div", { class: "seat-row", "data-testid": `seat-row-${i}` },
            h("span", { class: "seat-dot", "aria-hidden": "true", style: { background: `var(--p${i})` } }),
            h("label", { class: "seat-label", for: `seat-kind-${i}` }, t("lobby.seat_n", { n: i + 1 })),
            h("select", {
              id: `seat-kind-${i}`, "data-testid": `seat-kind-${i}`,
              onchange: (e) => {
                const v = e.target.value;
                if (v === "human") state.seats[i] = { kind: "human" };
                else {
                  const [bot, level] = v.split("|");
                  state.seats[i] = { kind: "bot", bot, level, chosen: true };
                }
                const box = root.querySelector("[data-testid=hints]");
                if (box) box.checked = hintsOn();
                const row = root.querySelector("[data-testid=hints-row]");
                if (row) row.hidden = !someHuman();
              },
            },
            h("option", { value: "human", selected: s.kind === "human" }, t("lobby.human")),
            (g.opponents || []).map((o) =>
              h("option", { value: `${o.bot}|${o.bot_level}`, title: levelHowSentence(o.level),
                selected: s.kind === "bot" && s.bot === o.bot && s.level === o.bot_level },
                t("lobby.opponent", { level: t(`lobby.level_${o.level}`) }))),
            h("optgroup", { label: t("lobby.other_bots") },
              botChoices.flatMap((b) => b.levels.filter((lv) => !opponentOf(b.name, lv)).map((lv) =>
                h("option", { value: `${b.name}|${lv}`, selected: s.kind === "bot" && s.bot === b.name && s.level === lv },
                  t("lobby.bot_level", { bot: b.name, level: lv })))))))),
        levelsNote(),
      ),
      h("div", { class: "form-row" },
        h("label", { title: t("lobby.clock_help"), for: "clock" }, t("lobby.clock")),
        h("select", { id: "clock", "data-testid": "clock", title: t("lobby.clock_help"), onchange: (e) => { state.clock = e.target.value; } },
          ["", "60", "180", "600"].map((v) => h("option", { value: v, selected: v === state.clock },
            v ? t("lobby.clock_s", { n: v }) : t("lobby.clock_none"))))),
      h("div", { class: "form-row", "data-testid": "hints-row", hidden: !someHuman() },
        h("label", { for: "hints", title: t("coach.lobby_hints_help") }, t("coach.lobby_hints")),
        h("label", { class: "check", title: t("coach.lobby_hints_help") },
          h("input", { type: "checkbox", id: "hints", "data-testid": "hints", checked: hintsOn(),
            onchange: (e) => { state.hints = e.target.checked; } }),
          h("span", { class: "muted small" }, t("coach.lobby_hints_help")))),
      h("button", { class: "btn primary big", "data-testid": "create", onclick: create }, t("lobby.create")));
  }

  function matchesPanel() {
    const list = state.matches;
    return h("section", { class: "panel matches-panel" },
      h("h2", {}, t("lobby.matches")),
      !state.loaded ? h("p", { class: "muted" }, t("lobby.loading")) : null,
      state.loaded && list.length === 0 ? h("p", { class: "muted empty" }, t("lobby.no_matches")) : null,
      h("div", { class: "match-list" }, list.map((m) => {
        const mine = m.seats.filter((s) => getToken(m.match_id, s.seat));
        return h("div", { class: "match-item", "data-testid": `match-${m.match_id}` },
          h("div", { class: "match-head" },
            h("span", { class: "match-game" }, gameTitle(state.games, m.game)),
            h("span", { class: ["badge", m.status] }, t(`status.${m.status}`)),
            m.status !== "finished" ? hintsBadge(Boolean(m.hints), m.seats) : null,
            h("span", { class: "muted small" }, m.match_id)),
          h("div", { class: "match-seats" }, m.seats.map((s) =>
            h("span", { class: ["chip", s.taken ? "taken" : "free"] },
              h("span", { class: "seat-dot", "aria-hidden": "true", style: { background: `var(--p${s.seat})` } }),
              s.kind === "bot" ? [h("span", { "aria-hidden": "true" }, "⚙ "), t("bot-name", { seat: s.seat }), h("span", { class: "sr-only" }, ` (${t("table.bot_tag")})`)] : (s.name || t("lobby.open_seat"))))),
          h("div", { class: "match-actions" },
            m.status !== "finished" ? mine.map((s) => h("button", { class: "btn small primary", "data-testid": `resume-${m.match_id}-${s.seat}`, onclick: () => navigate(`/join/${m.match_id}/${s.seat}`) },
              t("lobby.resume", { n: s.seat + 1 }))) : null,
            m.status !== "finished" ? m.seats.filter((s) => s.kind === "human" && !s.taken).map((s) =>
              h("button", { class: "btn small", "data-testid": `join-${m.match_id}-${s.seat}`, onclick: () => sit(m.match_id, s.seat) },
                t("lobby.join_seat", { n: s.seat + 1 }))) : null,
            m.status === "finished"
              ? h("button", { class: "btn small", onclick: () => navigate(`/replay/${m.match_id}`) }, t("lobby.replay"))
              : h("button", { class: "btn small ghost", onclick: () => navigate(`/watch/${m.match_id}`) }, h("span", { "aria-hidden": "true" }, "◉ "), t("lobby.watch"))));
      })));
  }

  function render() {
    // A redraw (the games arriving, a change of language) keeps what the player has typed so far.
    const typed = root.querySelector("[data-testid=player-name]");
    const hadFocus = typed !== null && document.activeElement === typed;
    const nameInput = h("input", {
      id: "player-name", "data-testid": "player-name", value: typed ? typed.value : playerName(), placeholder: t("lobby.your_name"), maxlength: 40,
      onchange: (e) => rememberName(e.target.value.trim()),
    });
    clear(root);
    root.append(
      header([]),
      h("main", { class: "lobby" },
        h("section", { class: "hero" },
          h("h1", {}, t("lobby.title")),
          h("p", { class: "lead" }, t("lobby.lead")),
          h("div", { class: "name-field" }, h("label", { for: "player-name" }, t("lobby.your_name")), nameInput)),
        h("div", { class: "lobby-grid" }, createPanel(), matchesPanel())));
    if (hadFocus) nameInput.focus();
  }

  async function refresh() {
    try {
      const list = await api("GET", "/api/matches?include_finished=true&limit=30");
      state.matches = (list || []).slice(0, 30);
      state.loaded = true;
      const panel = root.querySelector(".matches-panel");
      if (panel) panel.replaceWith(matchesPanel());
    } catch { /* the list refreshes again shortly */ }
  }

  (async () => {
    try {
      const [games, bots] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/bots").catch(() => [])]);
      state.games = games;
      state.bots = bots;
      selectGame(games[0]?.name);
    } catch (e) {
      toast(() => refusalText(e), "error", e.message);
    }
    render();
    refresh();
  })();
  render();
  timer = setInterval(refresh, 4000);
  const off = onLangChange(render);
  return () => { clearInterval(timer); off(); };
}
