// The table page, for any game with a board: one WebSocket per seat played on this device
// (hot-seat: several), or one as a spectator; the prompt with every legal action the server
// offers (by label; sent back by id), the game's board and panels (its plug-in draws them, and
// makes the things actions belong to clickable), undo, the log (lines rendered from the
// server's messages), the result, and the hand-off screen between two local seats (nothing of
// the seat that played stays in the page behind it). The board's zoom and pan survive
// re-renders; on a touch screen a tap on a card shows its text (with its actions, if any)
// instead of acting at once.
//
// Faults: a lost connection comes back with growing pauses (1 s to 30 s, with jitter); a seat
// link the server refuses (bad_token) is forgotten on this device at once, never retried, and
// the page offers to watch the table instead; a table that is gone (no_table) is said so. Each
// action carries an id: when its answer is lost (server_error, or a connection lost while it
// was on its way) the page sends the same action again, with the same id, and the server
// answers "applied" if it was (it is never applied twice).
//
// Around the game (seats.js, chat.js): the table's panel (names, the clock, the free seats and,
// for its creator, their invite links; an absent player's vote and take-back), the chat, and the
// turn clock in the prompt, ticking every second. A private table is opened with a seat's token
// or the creator's (sent in "hello").
import { t, render, seatName, setSeats, isAutoma, has, botLabel } from "./i18n.js";
import { h, nodes, closePopups, placePopup, keepFocus } from "./dom.js";
import { attachZoom } from "./zoom.js";
import { gamePlugin, gameInfo, gameTitle, actionTable, legalActions } from "./games.js";
import { localSeats, forgetSeat, creatorToken } from "./store.js";
import { ChatPanel } from "./chat.js";
import { TablePanel, clockLeft, clockText } from "./seats.js";

const RETRY_FIRST = 1000, RETRY_MAX = 30000;  // ms between reconnections, growing
const RESEND_TRIES = 5;                         // times an unanswered action is sent again
const FINAL_CLOSE = [4403, 4404];               // the server said: do not come back with this
const FINAL_CODES = ["bad_token", "no_table"];

// An id for an action (the server recognises an action sent again by it).
function actionId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Where the keyboard's focus goes when what had it is gone after a redraw (an action taken):
// the next decision's first action, or the hand-off screen's button.
const AFTER_DRAW_FOCUS = "#handoff-go, #actions [data-action]";

const MAX_BUTTONS = 8;  // more legal actions than this: fold the ones the table offers

// The actions of a state message, as the page and the game's plug-in use them.
export function actionContext(actions, pick) {
  const places = new Map();
  const labels = new Map(actions.map((a) => [a.text, a.label]));
  for (const a of actions) {
    if (!a.at) continue;
    if (!places.has(a.at)) places.set(a.at, []);
    places.get(a.at).push(a.text);
  }
  return { at: (place) => places.get(place) || [], pick, label: (text) => render(labels.get(text) ?? text) };  // label: a name for screen readers
}

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.tokens = localSeats(tableId);
    this.conns = new Map();   // seat (or "spectator") -> {ws, state, log}
    this.shown = null;        // the seat whose view is on screen
    this.handoff = null;      // a seat waiting behind the hand-off screen
    this.zoom = { z: Number(localStorage.getItem("iridescia.zoom") || "1") };
    this.pending = null;      // {key, version, id, message, tries} of an action not answered yet
    this.refused = null;      // why the server will not serve this page's link (bad_token, no_table)
    this.error = "";
    this.closed = false;
    this.busy = null;         // the seat whose steps are being shown one by one
    this.plugin = null;       // the game's browser plug-in, once the game is known
    this.actionTable = null;  // the game's actions by id: {text, label, at}
    this.creator = creatorToken(tableId);  // this browser made the table: its creator's token
    this.notes = new Map();   // the table's notes (chat, seats) by number
    this.chat = new ChatPanel((text) => this.sendSeat({ type: "chat", text }));
    this.panel = new TablePanel(this);
    this.ticker = null;
  }

  start() {
    const seats = Object.keys(this.tokens);
    if (seats.length === 0) this.connect("spectator", null);
    for (const s of seats) this.connect(s.startsWith("token:") ? s : Number(s), this.tokens[s]);
    this.ticker = setInterval(() => this.tick(), 1000);
    this.render();
  }

  stop() {
    this.closed = true;
    clearInterval(this.ticker);
    for (const c of this.conns.values()) c.ws && c.ws.close();
  }

  // The turn clock in the prompt, every second (nothing else is drawn again).
  tick() {
    const node = document.getElementById("clock");
    const conn = this.conns.get(this.shown);
    if (node && conn && conn.state) node.textContent = clockText(clockLeft(conn.state.table, conn.offset || 0));
  }

  // A message about the seats (chat, name, vote, take-back) from the seat on screen; false when
  // it cannot go now.
  sendSeat(message) {
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.ws || conn.ws.readyState !== WebSocket.OPEN) return false;
    conn.ws.send(JSON.stringify(message));
    return true;
  }

  // The bots of the table's game (the creator may give a free seat to one).
  bots() {
    const conn = this.conns.get(this.shown);
    const info = conn && conn.state ? gameInfo(conn.state.table.game) : null;
    return info ? info.bots : [];
  }

  connect(key, token) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.id)}`);
    const conn = this.conns.get(key) || { state: null, log: [], retries: 0 };
    conn.ws = ws;
    conn.token = token;
    this.conns.set(key, conn);
    const hello = token ? { type: "hello", token } : { type: "hello" };
    if (this.creator) hello.creator = this.creator;
    ws.onopen = () => { conn.fresh = true; ws.send(JSON.stringify(hello)); };
    ws.onmessage = (m) => this.onMessage(conn.key ?? key, conn, JSON.parse(m.data));
    ws.onclose = (ev) => {
      if (this.closed || conn.final || FINAL_CLOSE.includes(ev.code)) return;
      conn.lost = true;
      this.render();
      // Growing pauses with jitter, so that a server coming back is not met by every page at once.
      const pause = Math.min(RETRY_MAX, RETRY_FIRST * 2 ** conn.retries) * (0.5 + Math.random() / 2);
      conn.retries += 1;
      setTimeout(() => { if (!this.closed && !conn.final) this.connect(conn.key ?? key, token); }, pause);
    };
  }

  // Errors the page acts on itself (true: handled). A refused link is forgotten and never
  // retried; an action whose outcome is unknown is sent again with its id.
  onFault(key, conn, msg) {
    if (FINAL_CODES.includes(msg.code)) {
      conn.final = true;
      this.conns.delete(key);
      if (msg.code === "bad_token") forgetSeat(this.id, key);
      this.tokens = localSeats(this.id);
      if (this.conns.size === 0) this.refused = msg.code;
      else this.error = t(msg.code === "no_table" ? "table.gone" : "table.bad_link");
      if (this.shown === key) { this.shown = null; this.pickShown(); }
      return true;
    }
    const p = this.pending;
    if (msg.code === "server_error" && p && p.key === key && p.tries < RESEND_TRIES) {
      p.tries += 1;
      setTimeout(() => this.resend(), 1000 * p.tries);
      return true;
    }
    return false;
  }

  // Send the pending action again, as it was first sent (same id, same version).
  resend() {
    const p = this.pending;
    const conn = p && this.conns.get(p.key);
    if (conn && conn.ws && conn.ws.readyState === WebSocket.OPEN) conn.ws.send(p.message);
  }

  watchInstead() {
    this.refused = null;
    this.error = "";
    this.connect("spectator", null);
    this.render();
  }

  onMessage(key, conn, msg) {
    conn.lost = false;
    if (msg.type === "state") conn.retries = 0;
    if (typeof key === "string" && key.startsWith("token:") && msg.type === "state" && msg.seat !== null) {
      // An invite link: now the seat is known, keep the token under its seat number.
      const seats = localSeats(this.id);
      delete seats[key];
      seats[msg.seat] = key.slice(6);
      localStorage.setItem(`iridescia.seats.${this.id}`, JSON.stringify(seats));
      this.conns.delete(key);
      this.conns.set(msg.seat, conn);
      key = msg.seat;
      conn.key = msg.seat;
    }
    if (msg.type === "state") {
      document.querySelectorAll(".menu").forEach((m) => m.remove());  // its actions are stale
      if (msg.patch) msg.view = applyPatch(conn.state.view, msg.patch);
      conn.state = msg;
      conn.offset = msg.now - Date.now() / 1000;
      if (msg.reset) conn.log = [];
      conn.log.push(...msg.events);
      if (this.pending && this.pending.key === key && msg.version > this.pending.version) this.pending = null;
      if (conn.fresh) {   // (re)connected: an action still unanswered goes again, with its id
        conn.fresh = false;
        if (this.pending && this.pending.key === key) this.resend();
      }
      this.busy = null;
      this.pickShown();
      if (!this.plugin) this.loadPlugin(msg.table.game);
    } else if (msg.type === "events") {
      conn.log.push(...msg.events);
      const last = msg.events[msg.events.length - 1];
      if (last) this.busy = last.player;
    } else if (msg.type === "notes") {
      for (const n of msg.notes) this.notes.set(n.n, n);
    } else if (msg.type === "applied") {
      if (this.pending && this.pending.id === msg.id) this.pending = null;
    } else if (msg.type === "error") {
      if (this.onFault(key, conn, msg)) return this.render();
      this.pending = null;
      // A refused action comes with the game's reason as a message (text): in the reader's
      // language, rather than the server's English message.
      this.error = msg.text ? render(msg.text) : has(`error.${msg.code}`) ? t(`error.${msg.code}`) : msg.message;
    }
    this.render();
  }

  async loadPlugin(game) {
    if (this.loading) return;
    this.loading = true;
    const info = gameInfo(game);
    if (info) document.title = `${gameTitle(info)} · ${t("app.title")}`;  // the tab names the game
    try {
      const [plugin, table] = await Promise.all([gamePlugin(game), actionTable(game)]);
      this.actionTable = table;
      this.plugin = plugin;
      if (!plugin) this.error = gameInfo(game) ? t("lobby.no_board") : game;
    } catch (err) {
      this.error = t("app.error", { message: err.message });
    }
    this.render();
  }

  // The newest state any of this page's connections has (hot-seat: they arrive one by one).
  newest() {
    let best = null;
    for (const c of this.conns.values()) if (c.state && (!best || c.state.version > best.version)) best = c.state;
    return best;
  }

  // Which seat to show: the local seat to act if any, else the one already shown.
  pickShown() {
    const newest = this.newest();
    if (!newest) return;
    const current = newest.decision ? newest.decision.player : null;
    const local = [...this.conns.keys()].filter((k) => k !== "spectator");
    let next = this.shown;
    if (local.includes(current)) next = current;
    if (next === null || !this.conns.has(next)) next = local.length ? local[0] : "spectator";
    if (local.length > 1 && this.shown !== null && next !== this.shown && this.handoff === null) {
      this.handoff = next;
    } else if (this.handoff === null) {
      this.shown = next;
    }
  }

  // The legal actions of the seat on screen: [{id, text, label, at}].
  actions(st) {
    return st && this.actionTable ? legalActions(st, this.actionTable) : [];
  }

  // Send an action by the text shown on the page: the server gets its id.
  send(text) {
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state || this.pending) return;
    const action = this.actions(conn.state).find((a) => a.text === text);
    if (!action) return;
    const id = actionId();
    const message = JSON.stringify({ type: "act", action: action.id, version: conn.state.version, id });
    this.pending = { key: this.shown, version: conn.state.version, id, message, tries: 0 };
    this.error = "";
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(message);  // else: sent on reconnecting
    this.render();
  }

  undo() {
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state) return;
    conn.ws.send(JSON.stringify({ type: "undo", version: conn.state.version }));
  }

  pick(texts, ev) {
    const source = ev && ev.currentTarget && ev.currentTarget.closest ? ev.currentTarget.closest("[data-tip]") : null;
    const touch = ev && ev.pointerType === "touch";
    if (texts.length === 1 && !(touch && source)) return this.send(texts[0]);
    closePopups();
    const labels = this.labels();
    const menu = h("div", { class: "menu", role: "menu" },
      source ? h("p", { class: "tip-text", role: "none" }, source.dataset.tip) : null,
      ...texts.map((a) => h("button", { class: "act", role: "menuitem", "data-action": a, onclick: () => { menu.remove(); this.send(a); } }, labels.get(a) ?? a)),
      h("button", { class: "menu-close", role: "menuitem", "aria-label": t("table.close"), onclick: () => menu.remove() }, "×"));
    placePopup(menu, ev);
  }

  labels() {
    const c = this.conns.get(this.shown);
    return new Map(this.actions(c && c.state).map((a) => [a.text, render(a.label)]));
  }

  setZoom(z) {
    this.zoom.z = Math.max(1, Math.min(4, z));
    this.saveZoom();
    this.render();
  }

  saveZoom() {
    localStorage.setItem("iridescia.zoom", String(this.zoom.z));
  }

  // Draw the page again; a text box being typed in keeps its focus and caret.
  render() {
    const active = document.activeElement;
    const keep = active && active.id && ["chat-input", "my-name"].includes(active.id) ? [active, active.selectionStart, active.selectionEnd] : null;
    keepFocus(this.root, () => this.draw(), AFTER_DRAW_FOCUS);
    if (keep && keep[0].isConnected && document.activeElement !== keep[0]) {
      keep[0].focus();
      keep[0].setSelectionRange(keep[1], keep[2]);
    }
    window.dispatchEvent(new CustomEvent("iridescia:rendered", { detail: { state: (this.conns.get(this.shown) || {}).state || null, seat: this.shown, page: this } }));
  }

  draw() {
    const root = this.root;
    if (this.handoff !== null) {
      const seat = this.handoff;
      closePopups();
      root.replaceChildren(h("div", { class: "handoff", id: "handoff" },
        h("h2", {}, t("table.handoff", { seat: seatName(seat) })),
        h("p", {}, t("table.handoff_hint")),
        h("button", { class: "primary", id: "handoff-go", onclick: () => { this.shown = seat; this.handoff = null; this.render(); } }, t("table.handoff_go", { seat: seatName(seat) }))));
      return;
    }
    if (this.refused) return this.renderRefused();
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state || !this.plugin) {
      const text = this.error || (conn && conn.lost ? t("app.reconnecting") : t("app.connecting"));
      root.replaceChildren(h("p", { class: this.error ? "error" : "status" }, text));
      return;
    }
    const st = conn.state;
    const view = st.view;
    setSeats(st.table.seats);
    const me = st.seat !== null ? st.table.seats[st.seat] : null;
    const mine = st.table.started && me && !me.bot && st.decision && st.decision.player === st.seat;
    // No actions while one is on its way, nor from a view older than another seat's news.
    const waiting = (this.pending && this.pending.key === this.shown) || st.version < this.newest().version;
    const actions = mine && !waiting ? this.actions(st) : [];
    const ctx = { ...actionContext(actions, (acts, ev) => this.pick(acts, ev)), seat: st.seat, table: st.table };
    const board = this.plugin.board(view, ctx);
    attachZoom(board, this.zoom, () => this.saveZoom());
    board.style.touchAction = this.zoom.z > 1 ? "none" : "pan-x pan-y";
    const panels = this.plugin.panels(st, view, ctx);
    const button = (a) => h("button", { class: "act", "data-action": a.text, onclick: () => this.send(a.text) }, render(a.label));
    // Many choices (a turn's reveals, the remove phase...) would make the prompt cover the
    // board: the actions clickable on the table itself then go in a folded list.
    const onTable = new Set([board, panels].flatMap((n) => [...n.querySelectorAll("[data-actions]")].flatMap((e) => JSON.parse(e.dataset.actions))));
    const fold = actions.length > MAX_BUTTONS ? actions.filter((a) => onTable.has(a.text)) : [];
    const buttons = actions.filter((a) => !fold.includes(a)).map(button);
    if (fold.length) {
      buttons.push(h("details", { class: "more-actions" }, h("summary", {}, t("table.more_actions", { n: fold.length })), ...fold.map(button)));
    }
    const left = clockLeft(st.table, conn.offset || 0);
    const tools = h("div", { class: "tools" },
      left !== null ? h("span", { class: `clock${left < 30 ? " short" : ""}`, id: "clock", title: t("table.clock") }, clockText(left)) : null,
      h("button", { id: "zoom-in", onclick: () => this.setZoom(this.zoom.z * 1.25), title: t("table.zoom_in"), "aria-label": t("table.zoom_in") }, "+"),
      h("button", { id: "zoom-out", onclick: () => this.setZoom(this.zoom.z / 1.25), title: t("table.zoom_out"), "aria-label": t("table.zoom_out") }, "−"),
      this.zoom.z > 1 ? h("button", { id: "zoom-reset", onclick: () => { this.zoom = { z: 1 }; this.setZoom(1); }, title: t("table.zoom_reset") }, "⤢") : null,
      st.can_undo ? h("button", { id: "undo", onclick: () => this.undo() }, t("table.undo")) : null);
    const log = renderLog(conn.log, "log");
    const status = conn.lost ? h("p", { class: "status warn" }, t("app.reconnecting")) : null;
    const over = st.table.status === "finished" && st.table.result ? this.plugin.result(st.table, view) : null;
    const notes = [...this.notes.values()].sort((a, b) => a.n - b.n);
    root.replaceChildren(...nodes(
      h("section", { class: "prompt", id: "prompt", "data-mine": mine ? "1" : "0" },
        h("div", { class: "prompt-text" }, this.promptText(st, mine)), tools,
        this.error ? h("div", { class: "error", id: "error" }, this.error) : null,
        h("div", { class: "actions", id: "actions" }, ...buttons)),
      status, over,
      h("div", { class: "layout" },
        h("div", { class: "board-wrap" }, board),
        h("div", { class: "side" }, this.panel.element(st), panels),
        h("div", { class: "talk" }, this.chat.element(notes, st.seat !== null),
          h("section", { class: "panel game-log" }, h("h3", {}, t("table.log")), log)))));
    log.scrollTop = log.scrollHeight;
  }

  // The link cannot be served: say why, and offer what can be done.
  renderRefused() {
    const gone = this.refused === "no_table";
    this.root.replaceChildren(h("section", { class: "refused", id: "refused" },
      h("p", { class: "error" }, t(gone ? "table.gone" : "table.bad_link")),
      gone ? null : h("button", { class: "primary", id: "watch-instead", onclick: () => this.watchInstead() }, t("table.watch_instead")),
      h("a", { href: "#/", class: "button" }, t("table.back"))));
  }

  promptText(st, mine) {
    const d = st.decision;
    if (!d) return t("table.over");
    if (!st.table.started) return st.seat === null ? `${t("table.spectating")} ${t("table.not_started")}` : t("table.not_started");
    const me = st.seat !== null ? st.table.seats[st.seat] : null;
    if (me && me.bot && d.player === st.seat) return t("table.bot_plays_for_you", { bot: botLabel(me.bot) });
    if (this.busy !== null) return playingText(this.busy, st.table.seats);
    const prompt = render(d.prompt);
    if (st.seat === null) return `${t("table.spectating")} ${t("table.waiting", { seat: seatName(d.player), prompt })}`;
    if (mine) return t("table.your_turn", { prompt });
    return t("table.waiting", { seat: seatName(d.player), prompt });
  }
}

// "The Rhom is playing…" (an automa, by its kind) or "Seat 2 is playing…" (a bot).
function playingText(seat, seats) {
  const kind = (seats[seat] || {}).kind;
  if (isAutoma(kind) && has(`table.playing.${kind}`)) return t(`table.playing.${kind}`);
  return t("table.playing", { seat: seatName(seat) });
}

// The game log: every event the server gave a line, the lines that open a turn in bold.
export function renderLog(events, id) {
  return h("ol", { class: "log", id, tabindex: "0", "aria-label": t("table.log") }, ...events.filter((e) => e.text).slice(-200).map((e) =>
    h("li", { class: `ev ev-${e.kind}${e.heading ? " turn" : ""}` }, render(e.text))));
}

// A state message after the first carries only what changed in the view (see protocol.py):
// top-level keys replaced, and the lists named in patch["@lists"] element by element.
export function applyPatch(view, patch) {
  const out = { ...view };
  const lists = patch["@lists"] || {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === "@lists") continue;
    const field = lists[k];
    if (field && view[k]) {
      const changed = new Map(v.map((x) => [x[field], x]));
      out[k] = view[k].map((x) => changed.get(x[field]) || x);
    } else {
      out[k] = v;
    }
  }
  return out;
}
