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

// Live connection to a match: WebSocket push with automatic reconnect and a visible status.
export class MatchSocket {
  constructor(matchId, token, onState, onStatus) {
    this.matchId = matchId;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.attempt = 0;
    this.closed = false;
    this.socket = null;
    this.timer = null;
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
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
      if (msg && msg.type === "state") this.onState(msg);
      else if (msg && msg.type === "error") {
        // The server will not serve this match (unknown, or a bad token): stop retrying.
        this.closed = true;
        const e = msg.error || {};
        this.onStatus("failed", new ApiError(0, e.code || "unknown", e.message || "", e.params));
      }
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
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

  // For tests and for the "cut" button: drop the connection as a network failure would.
  drop() {
    if (this.socket) this.socket.close();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
