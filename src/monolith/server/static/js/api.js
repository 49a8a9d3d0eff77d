// The JSON API of docs/web-api.md, and the seat tokens kept in localStorage.
// A refusal keeps the server's stable code and params (the page words it by them) and its English
// sentence (shown only as a detail).
export class ApiError extends Error {
  constructor(status, code, message, params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params || {};
  }
}

export function tokenKey(matchId, seat) {
  return `monolith.token.${matchId}.${seat}`;
}
export function getToken(matchId, seat) {
  return localStorage.getItem(tokenKey(matchId, seat));
}
export function forgetToken(matchId, seat) {
  localStorage.removeItem(tokenKey(matchId, seat));
}
export function setToken(matchId, seat, token) {
  localStorage.setItem(tokenKey(matchId, seat), token);
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", String(e.message || e));
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = data && data.error;
    const detail = data && data.detail;
    const message = err?.message || (typeof detail === "string" ? detail : null) ||
      (Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : null) || `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, err?.code || (res.status >= 500 ? "internal" : "unknown"), message, err?.params);
  }
  return data;
}

// A state asked for with labels=indexed carries each distinct label of its legal actions once, in
// `labels`, and each action's `label` is an index into them: the pages read `action.label` as the
// message itself, so it is put back here, where states arrive.
export function withLabels(state) {
  if (!state || !Array.isArray(state.labels)) return state;
  const { labels, ...rest } = state;
  rest.legal_actions = (state.legal_actions || []).map((a) => ({ ...a, label: labels[a.label] }));
  return rest;
}

// Live connection to a match: WebSocket push with automatic reconnect and a visible status, and
// the seat's decisions sent on it (request(): resolved by the server's "ack", rejected with an
// ApiError for its "refused", as the HTTP routes would answer). A state after the first carries
// only the log entries from `log_from` on (the table joins them to what it holds); a presence
// message says which seats have the table open.
export class MatchSocket {
  constructor(matchId, token, onState, onStatus, onPresence = () => {}) {
    this.matchId = matchId;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.onPresence = onPresence;
    this.attempt = 0;
    this.closed = false;
    this.socket = null;
    this.timer = null;
    this.nextId = 1;
    this.pending = new Map(); // request id -> {resolve, reject}
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}&labels=indexed` : "?labels=indexed";
    return `${proto}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}${q}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(this.url());
    this.socket = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus("connected");
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (!msg) return;
      if (msg.type === "state") this.onState(withLabels(msg));
      else if (msg.type === "presence") this.onPresence(msg);
      else if (msg.type === "ack" || msg.type === "refused") this.answered(msg);
      else if (msg.type === "error") {
        // The server will not serve this match to this socket (unknown, a bad token, too many
        // sockets): stop retrying.
        this.closed = true;
        const e = msg.error || {};
        this.onStatus("failed", new ApiError(0, e.code || "unknown", e.message || "", e.params));
      }
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.dropPending();
      if (this.closed) return;
      this.attempt += 1;
      this.onStatus("reconnecting");
      const delay = Math.min(5000, 300 * 2 ** Math.min(this.attempt - 1, 4));
      this.timer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => {
      try { ws.close(); } catch { /* already closed */ }
    };
  }

  get open() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  // Send {type: "act" | "undo" | "leave" | "reclaim", ...} and wait for its answer.
  request(body) {
    if (!this.open) return Promise.reject(new ApiError(0, "network", "the live connection is not open"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ ...body, id }));
    });
  }

  answered(msg) {
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    this.pending.delete(msg.id);
    if (msg.type === "ack") {
      waiting.resolve(msg);
    } else {
      const e = msg.error || {};
      waiting.reject(new ApiError(msg.status || 0, e.code || "unknown", e.message || "", e.params));
    }
  }

  // The connection dropped with requests on their way: whether they were taken is unknown until
  // the table looks again.
  dropPending() {
    for (const { reject } of this.pending.values()) {
      reject(new ApiError(0, "connection_lost", "the connection closed before the server answered"));
    }
    this.pending.clear();
  }

  // For tests and for the "cut" button: drop the connection as a network failure would.
  drop() {
    if (this.socket) this.socket.close();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.dropPending();
  }
}
