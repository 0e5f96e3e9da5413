// The table page, for any game with a board: one WebSocket per seat played on this device
// (hot-seat: several), or one as a spectator; the game's board and panels (its plug-in draws
// them, and makes the things actions belong to clickable), the prompt with every legal action
// the server offers (prompt.js: by label, sent back by id), undo, the log (log.js), the other
// seats' steps played on the board one by one (playback.js), the final scores in a dialog and
// the hand-off screen between two local seats (layout.js: nothing of the seat that played stays
// in the page behind it), the settings (settings.js). The board's zoom and pan survive
// re-renders; on a touch screen a tap on a card shows its text (with its actions, if any)
// instead of acting at once.
//
// Controls are inert unless the seat on screen is to act, no action of it is on its way and no
// step is playing back: a click during the Rhom's turn cannot undo or act on a state that is
// already gone. A refused action's reason stays until the game moves on.
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
import { t, render, setSeats, has, lang } from "./i18n.js";
import { h, nodes, closePopups, placePopup, keepFocus } from "./dom.js";
import { attachZoom, comfortZoom } from "./zoom.js";
import { gamePlugin, gameInfo, gameTitle, actionTable, legalActions } from "./games.js";
import { localSeats, forgetSeat, creatorToken } from "./store.js";
import { ChatPanel } from "./chat.js";
import { TablePanel, clockLeft, clockText } from "./seats.js";
import { LogView, renderLog } from "./log.js";
import { Playback, applyPatch } from "./playback.js";
import { actionContext, actionButtons, promptText, promptSection } from "./prompt.js";
import { loadSettings, saveSettings, settingsMenu, chime, setTitle } from "./settings.js";
import { tableFrame, handoffScreen, scoresDialog } from "./layout.js";
import { hintButton } from "./hints.js";

// Kept here too: the replay page and the tests import them from this module.
export { renderLog, applyPatch, actionContext };

// Where the keyboard's focus goes when what had it is gone after a redraw (an action taken):
// the next decision's first action, or the hand-off screen's button.
const AFTER_DRAW_FOCUS = "#handoff-go, #actions [data-action]";

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
    this.errorVersion = -1;   // the state version the refusal was about: it goes when the game moves on
    this.closed = false;
    this.plugin = null;       // the game's browser plug-in, once the game is known
    this.actionTable = null;  // the game's actions by id: {text, label, at}
    this.creator = creatorToken(tableId);  // this browser made the table: its creator's token
    this.notes = new Map();   // the table's notes (chat, seats) by number
    this.chatSeen = null;     // the newest note number shown in an open chat (older ones are read)
    this.openedAt = Date.now();
    this.chat = new ChatPanel((text) => this.sendSeat({ type: "chat", text }));
    this.panel = new TablePanel(this);
    this.ticker = null;
    this.settings = loadSettings();
    // Other seats' steps change the board as they are shown, when the game's plug-in can say how.
    const project = (view, events) => (this.plugin && this.plugin.project ? this.plugin.project(view, events) : null);
    this.playback = new Playback(this.settings, () => this.render(), project);
    this.log = new LogView("log");
    this.tabs = { side: this.settings.side, phone: "board", chosen: false };
    this.menu = { open: false };  // the settings menu stays open across re-renders
    this.scores = { seen: false, open: false };  // the final scores' dialog
    this.wasMine = null;      // whether the seat on screen was to act at the last draw (the chime)
    this.animated = null;     // the screen whose step was last animated (a conn.screen)
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
    for (const c of this.conns.values()) { clearTimeout(c.timer); c.ws && c.ws.close(); }
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
    const conn = this.conns.get(key) || { state: null, screen: null, frames: [], log: [], retries: 0 };
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
      // Patches follow one another in the order they came, whatever is on screen.
      if (msg.patch) msg.view = applyPatch(conn.state.view, msg.patch);
      conn.state = msg;
      conn.offset = msg.now - Date.now() / 1000;
      if (this.pending && this.pending.key === key && msg.version > this.pending.version) this.pending = null;
      if (msg.version > this.errorVersion) this.error = "";  // the game moved on
      if (conn.fresh) {   // (re)connected: an action still unanswered goes again, with its id
        conn.fresh = false;
        if (this.pending && this.pending.key === key) this.resend();
      }
      this.pickShown();
      if (!this.plugin) this.loadPlugin(msg.table.game);
      this.playback.add(conn, msg);  // draws the page
      return;
    } else if (msg.type === "events") {
      this.playback.add(conn, msg);
      return;
    } else if (msg.type === "notes") {
      for (const n of msg.notes) this.notes.set(n.n, n);
      // The notes that come with the first state are what was said before this page came.
      if (this.chatSeen === null) this.chatSeen = Date.now() - this.openedAt < 2000 ? this.lastNote() : 0;
    } else if (msg.type === "applied") {
      if (this.pending && this.pending.id === msg.id) this.pending = null;
    } else if (msg.type === "error") {
      if (this.onFault(key, conn, msg)) return this.render();
      this.pending = null;
      this.errorVersion = conn.state ? conn.state.version : -1;
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
    // Several seats on this device: the hand-off screen before any of them is shown, the
    // first one too (its secrets must not be on screen while the device is passed round).
    if (local.length > 1 && next !== this.shown && this.handoff === null) {
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
    if (!this.live(conn)) return;
    const action = this.actions(conn.screen.state).find((a) => a.text === text);
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
    if (!this.live(conn) || !conn.screen.state.can_undo) return;
    const version = conn.screen.state.version;
    const message = JSON.stringify({ type: "undo", version });
    this.pending = { key: this.shown, version, id: null, message, tries: RESEND_TRIES };
    this.error = "";
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(message);
    this.render();
  }

  // Whether the seat on screen may act now: it is its turn in the newest state, nothing of it
  // is on its way, and no step is playing back.
  live(conn) {
    if (!conn || !conn.screen || !conn.state || conn.screen.state !== conn.state) return false;
    const st = conn.state;
    const me = st.seat !== null ? st.table.seats[st.seat] : null;
    const newest = this.newest();
    return !!(st.table.started && me && !me.bot && st.decision && st.decision.player === st.seat &&
      !this.pending && !this.playback.busy(conn) && (!newest || st.version >= newest.version));
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
    return new Map(this.actions(c && c.screen && c.screen.state).map((a) => [a.text, render(a.label)]));
  }

  setZoom(z) {
    this.zoom.z = Math.max(1, Math.min(4, z));
    this.zoom.auto = false;  // the player's own zoom from now on
    if (this.zoom.z <= 1) this.zoom.whole = true;  // zoomed all the way out: the whole board
    this.saveZoom();
    this.render();
  }

  saveZoom() {
    localStorage.setItem("iridescia.zoom", String(this.zoom.z));
  }

  // Draw the page again; a text box being typed in keeps its focus and caret. Then tell who
  // listens (the tutorial) what is on screen.
  render() {
    const active = document.activeElement;
    const keep = active && active.id && ["chat-input", "my-name"].includes(active.id) ? [active, active.selectionStart, active.selectionEnd] : null;
    keepFocus(this.root, () => this.draw(), AFTER_DRAW_FOCUS);
    if (keep && keep[0].isConnected && document.activeElement !== keep[0]) {
      keep[0].focus();
      keep[0].setSelectionRange(keep[1], keep[2]);
    }
    const shown = this.conns.get(this.shown);
    const state = shown && shown.screen ? shown.screen.state : null;
    window.dispatchEvent(new CustomEvent("iridescia:rendered", { detail: { state, seat: this.shown, page: this } }));
  }

  draw() {
    const root = this.root;
    if (this.handoff !== null) {
      const seat = this.handoff;
      closePopups();
      setTitle(this.baseTitle(), false);
      root.replaceChildren(handoffScreen(seat, () => { this.shown = seat; this.handoff = null; this.render(); }));
      return;
    }
    if (this.refused) return this.renderRefused();
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.screen || !this.plugin) {
      const text = this.error || (conn && conn.lost ? t("app.reconnecting") : t("app.connecting"));
      root.replaceChildren(h("p", { class: this.error ? "error" : "status" }, text));
      return;
    }
    const screen = conn.screen;
    const st = screen.state;
    const view = screen.view;
    setSeats(st.table.seats);
    const live = this.live(conn);
    const mine = live;
    // The turn (not each click in it: an action on its way does not make it "not mine").
    const me = st.seat !== null ? st.table.seats[st.seat] : null;
    const myTurn = !!(st.table.started && me && !me.bot && st.decision && st.decision.player === st.seat && !screen.playing);
    const actions = live ? this.actions(st) : [];
    const playing = screen.playing && screen.events.length ? screen.events[screen.events.length - 1].player : null;
    // A step animates once: drawn again (a note, the clock) it shows where the step ended.
    const fresh = screen !== this.animated;
    this.animated = screen;
    const ctx = {
      ...actionContext(actions, (acts, ev) => this.pick(acts, ev)), seat: st.seat, table: st.table,
      events: screen.events, before: screen.before, motion: fresh ? screen.motion : 0,
    };
    const board = this.plugin.board(view, ctx);
    const applyZoom = attachZoom(board, this.zoom, () => this.saveZoom());
    board.style.touchAction = this.zoom.z > 1 ? "none" : "pan-x pan-y";
    const areas = this.plugin.areas ? this.plugin.areas(st, view, ctx) : { me: this.plugin.panels(st, view, ctx) };
    for (const [name, node] of Object.entries(areas)) if (node && node.dataset) node.dataset.area = name;
    const onTable = new Set([board, ...Object.values(areas)].filter(Boolean)
      .flatMap((n) => [...n.querySelectorAll("[data-actions]")].flatMap((e) => JSON.parse(e.dataset.actions))));
    const finished = st.table.status === "finished" && !!st.table.result;
    if (finished && !this.scores.seen) { this.scores.seen = true; this.scores.open = true; this.scores.focus = true; }
    const prompt = promptSection({
      text: promptText(st, myTurn, playing), mine, error: this.error,
      buttons: actionButtons(actions, onTable, (text) => this.send(text)),
      tools: this.tools(conn, st, finished),
    });
    const status = conn.lost ? h("p", { class: "status warn" }, t("app.reconnecting")) : null;
    const notes = [...this.notes.values()].sort((a, b) => a.n - b.n);
    const decorate = this.plugin.decorate ? (e) => this.plugin.decorate(e) : null;
    const log = h("section", { class: "panel game-log" }, h("h3", {}, t("table.log")), this.log.element(conn.log, decorate, lang));
    // Until every seat is taken the table's panel (invites, seats) is what matters; then the
    // side shows what the player chose last (the market by default).
    if (!this.tabs.chosen) {
      this.tabs.side = st.table.started ? this.settings.side : "seats";
      this.tabs.phone = st.table.started ? "board" : "seats";
    }
    const frame = tableFrame({
      badges: { chat: this.unreadChat() },
      prompt, status, board, me: nodes(areas.track || null, areas.me || null), others: areas.others || null,
      market: areas.market || null, log, chat: this.chat.element(notes, st.seat !== null), seats: this.panel.element(st),
    }, this.tabs, (kind, name) => this.pickTab(kind, name));
    const over = finished && this.scores.open ? scoresDialog(this.plugin.result(st.table, view), () => this.closeScores(), this.scores.focus) : null;
    const scrolls = this.scrollPlaces();
    root.replaceChildren(...nodes(frame, over));
    // zoomed in to a readable scale (a large board on a small screen): drawn again, with ⤢
    if (comfortZoom(board, this.zoom, applyZoom)) return this.draw();
    this.restoreScrolls(scrolls);
    if (over && this.scores.focus) { this.scores.focus = false; over.querySelector("[role=dialog]").focus(); }
    setTitle(this.baseTitle(), myTurn);
    if (myTurn && this.wasMine === false && this.settings.sound) chime();
    this.wasMine = myTurn;
  }

  // Where the panels that scroll are (a redraw makes them anew: a player reading the item
  // market or old log lines keeps their place; a log read to its end follows new lines).
  scrollPlaces() {
    return [...this.root.querySelectorAll("#players-area, .side-panel, #log")].map((e) =>
      [e.id, e.scrollTop, e.scrollHeight - e.scrollTop - e.clientHeight < 40]);
  }

  restoreScrolls(places) {
    for (const [id, top, atEnd] of places) {
      const node = document.getElementById(id);
      if (node) node.scrollTop = id === "log" && atEnd ? node.scrollHeight : top;
    }
  }

  lastNote() { return Math.max(0, ...this.notes.keys()); }

  // Chat lines not seen yet: the chat's tab shows how many while it is closed.
  unreadChat() {
    const wide = window.matchMedia("(min-width: 1000px)").matches;
    if ((wide ? this.tabs.side : this.tabs.phone) === "chat") this.chatSeen = this.lastNote();
    return [...this.notes.values()].filter((n) => n.kind === "chat" && n.n > (this.chatSeen ?? 0)).length;
  }

  baseTitle() {
    const conn = this.conns.get(this.shown);
    const info = conn && conn.state ? gameInfo(conn.state.table.game) : null;
    return info ? `${gameTitle(info)} · ${t("app.title")}` : t("app.title");
  }

  // The prompt's tool bar: clock, zoom, undo (only when it may be used), skip (while other
  // seats' steps play), the scores (once the game is over), the settings.
  tools(conn, st, finished) {
    const left = clockLeft(st.table, conn.offset || 0);
    const busy = this.playback.busy(conn);
    return h("div", { class: "tools" },
      left !== null ? h("span", { class: `clock${left < 30 ? " short" : ""}`, id: "clock", title: t("table.clock") }, clockText(left)) : null,
      busy ? h("button", { id: "skip", onclick: () => this.playback.skip(conn), title: t("table.skip_hint") }, t("table.skip")) : null,
      st.can_undo && this.live(conn) ? h("button", { id: "undo", onclick: () => this.undo() }, t("table.undo")) : null,
      this.live(conn) ? hintButton(this.id, conn, this.labels()) : null,
      finished ? h("button", { id: "show-scores", class: "primary", onclick: () => this.openScores() }, t("table.scores")) : null,
      h("button", { id: "zoom-in", onclick: () => this.setZoom(this.zoom.z * 1.25), title: t("table.zoom_in"), "aria-label": t("table.zoom_in") }, "+"),
      h("button", { id: "zoom-out", onclick: () => this.setZoom(this.zoom.z / 1.25), title: t("table.zoom_out"), "aria-label": t("table.zoom_out") }, "−"),
      this.zoom.z > 1 ? h("button", { id: "zoom-reset", onclick: () => { this.zoom = { z: 1, whole: true }; this.setZoom(1); }, title: t("table.zoom_reset"), "aria-label": t("table.zoom_reset") }, "⤢") : null,
      settingsMenu(this.settings, this.menu, () => { if (this.settings.speed === "instant") this.skipAll(); this.render(); }));
  }

  skipAll() { for (const c of this.conns.values()) this.playback.skip(c); }

  pickTab(kind, name) {
    this.tabs[kind] = name;
    this.tabs.chosen = true;
    if (kind === "side" || ["market", "log", "chat", "seats"].includes(name)) {
      this.tabs.side = name;
      this.settings.side = name;
      saveSettings(this.settings);
    }
    if (name === "log") this.log.toEnd();
    this.render();
  }

  openScores() { this.scores.open = true; this.scores.focus = true; this.render(); }

  closeScores() {
    this.scores.open = false;
    this.render();
    const again = document.getElementById("show-scores");
    if (again) again.focus();
  }

  // The link cannot be served: say why, and offer what can be done.
  renderRefused() {
    const gone = this.refused === "no_table";
    this.root.replaceChildren(h("section", { class: "refused", id: "refused" },
      h("p", { class: "error" }, t(gone ? "table.gone" : "table.bad_link")),
      gone ? null : h("button", { class: "primary", id: "watch-instead", onclick: () => this.watchInstead() }, t("table.watch_instead")),
      h("a", { href: "#/", class: "button" }, t("table.back"))));
  }
}
