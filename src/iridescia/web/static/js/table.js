// The table page: one WebSocket per seat played on this device (hot-seat: several), or one as a
// spectator; renders the seat's view, offers every legal action where it belongs, the log, the
// scores and the hand-off screen between two local seats (nothing of the seat that played stays
// in the page behind it). The board's zoom and pan survive re-renders; on a touch screen a tap
// on a card shows its text (with its actions, if any) instead of acting at once.
import { t, seatName, setRhomSeat, actionLabel, eventText, shownInLog } from "./i18n.js";
import { renderBoard, attachZoom } from "./board.js";
import { renderPanels, renderScores, h } from "./panels.js";

export function localSeats(tableId) {
  try { return JSON.parse(localStorage.getItem(`iridescia.seats.${tableId}`) || "{}"); } catch { return {}; }
}
export function rememberSeat(tableId, seat, token) {
  const seats = localSeats(tableId);
  seats[seat] = token;
  localStorage.setItem(`iridescia.seats.${tableId}`, JSON.stringify(seats));
}

const MAX_BUTTONS = 8;  // more legal actions than this: fold the ones the table offers

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.tokens = localSeats(tableId);
    this.conns = new Map();   // seat (or "spectator") -> {ws, state, log}
    this.shown = null;        // the seat whose view is on screen
    this.handoff = null;      // a seat waiting behind the hand-off screen
    this.zoom = { z: Number(localStorage.getItem("iridescia.zoom") || "1") };
    this.pending = null;      // {key, version} of an action sent and not answered yet
    this.error = "";
    this.closed = false;
    this.rhomBusy = false;
  }

  start() {
    const seats = Object.keys(this.tokens);
    if (seats.length === 0) this.connect("spectator", null);
    for (const s of seats) this.connect(s.startsWith("token:") ? s : Number(s), this.tokens[s]);
    this.render();
  }

  stop() {
    this.closed = true;
    for (const c of this.conns.values()) c.ws && c.ws.close();
  }

  connect(key, token) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.id)}`);
    const conn = this.conns.get(key) || { state: null, log: [] };
    conn.ws = ws;
    this.conns.set(key, conn);
    ws.onopen = () => ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    ws.onmessage = (m) => this.onMessage(key, conn, JSON.parse(m.data));
    ws.onclose = () => {
      if (this.closed) return;
      conn.lost = true;
      this.render();
      setTimeout(() => { if (!this.closed) this.connect(key, token); }, 1000);
    };
  }

  onMessage(key, conn, msg) {
    conn.lost = false;
    if (typeof key === "string" && key.startsWith("token:") && msg.type === "state" && msg.seat !== null) {
      // An invite link: now the seat is known, keep the token under its seat number.
      const seats = localSeats(this.id);
      delete seats[key];
      seats[msg.seat] = key.slice(6);
      localStorage.setItem(`iridescia.seats.${this.id}`, JSON.stringify(seats));
      this.conns.delete(key);
      this.conns.set(msg.seat, conn);
      key = msg.seat;
      conn.ws.onmessage = (m) => this.onMessage(msg.seat, conn, JSON.parse(m.data));
    }
    if (msg.type === "state") {
      document.querySelectorAll(".menu").forEach((m) => m.remove());  // its actions are stale
      if (msg.patch) msg.view = applyPatch(conn.state.view, msg.patch);
      conn.state = msg;
      if (msg.reset) conn.log = [];
      conn.log.push(...msg.events);
      if (this.pending && this.pending.key === key && msg.version > this.pending.version) this.pending = null;
      this.rhomBusy = false;
      this.pickShown();
    } else if (msg.type === "events") {
      conn.log.push(...msg.events);
      this.rhomBusy = true;
    } else if (msg.type === "error") {
      this.pending = null;
      this.error = msg.code === "stale" ? t("error.stale") : msg.message;
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
    const current = newest.view.current_player;
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

  send(action) {
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state || this.pending) return;
    this.pending = { key: this.shown, version: conn.state.version };
    this.error = "";
    conn.ws.send(JSON.stringify({ type: "act", action, version: conn.state.version }));
    this.render();
  }

  undo() {
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state) return;
    conn.ws.send(JSON.stringify({ type: "undo", version: conn.state.version }));
  }

  pick(actions, ev) {
    const source = ev && ev.currentTarget && ev.currentTarget.closest ? ev.currentTarget.closest("[data-tip]") : null;
    const touch = ev && ev.pointerType === "touch";
    if (actions.length === 1 && !(touch && source)) return this.send(actions[0]);
    closePopups();
    const menu = h("div", { class: "menu", role: "menu" },
      source ? h("p", { class: "tip-text" }, source.dataset.tip) : null,
      ...actions.map((a) => h("button", { class: "act", role: "menuitem", "data-action": a, onclick: () => { menu.remove(); this.send(a); } }, actionLabel(a, this.view()))),
      h("button", { class: "menu-close", "aria-label": t("table.close"), onclick: () => menu.remove() }, "×"));
    placePopup(menu, ev);
  }

  view() {
    const c = this.conns.get(this.shown);
    return c && c.state ? c.state.view : null;
  }

  setZoom(z) {
    this.zoom.z = Math.max(1, Math.min(4, z));
    this.saveZoom();
    this.render();
  }

  saveZoom() {
    localStorage.setItem("iridescia.zoom", String(this.zoom.z));
  }

  render() {
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
    const conn = this.conns.get(this.shown);
    if (!conn || !conn.state) {
      root.replaceChildren(h("p", { class: "status" }, conn && conn.lost ? t("app.reconnecting") : t("app.connecting")));
      return;
    }
    const st = conn.state;
    const view = st.view;
    setRhomSeat(view.rhom ? view.rhom.seat : null);
    const mine = st.seat !== null && view.decision && view.decision.player === st.seat;
    // No actions while one is on its way, nor from a view older than another seat's news.
    const waiting = (this.pending && this.pending.key === this.shown) || st.version < this.newest().version;
    const legal = mine && !waiting ? view.decision.actions : [];
    const pick = (acts, ev) => this.pick(acts, ev);
    const board = renderBoard(view, legal, pick);
    attachZoom(board, this.zoom, () => this.saveZoom());
    board.style.touchAction = this.zoom.z > 1 ? "none" : "pan-x pan-y";
    const prompt = this.promptText(st, mine);
    const panels = renderPanels(st, view, { legal, pick });
    const button = (a) => h("button", { class: "act", "data-action": a, onclick: () => this.send(a) }, actionLabel(a, view));
    // Many choices (a turn's reveals, the remove phase...) would make the prompt cover the
    // board: the actions clickable on the table itself then go in a folded list.
    const onTable = new Set([board, panels].flatMap((n) => [...n.querySelectorAll("[data-actions]")].flatMap((e) => JSON.parse(e.dataset.actions))));
    const fold = legal.length > MAX_BUTTONS ? legal.filter((a) => onTable.has(a)) : [];
    const buttons = legal.filter((a) => !fold.includes(a)).map(button);
    if (fold.length) {
      buttons.push(h("details", { class: "more-actions" }, h("summary", {}, t("table.more_actions", { n: fold.length })), ...fold.map(button)));
    }
    const tools = h("div", { class: "tools" },
      h("button", { id: "zoom-in", onclick: () => this.setZoom(this.zoom.z * 1.25), title: t("table.zoom_in"), "aria-label": t("table.zoom_in") }, "+"),
      h("button", { id: "zoom-out", onclick: () => this.setZoom(this.zoom.z / 1.25), title: t("table.zoom_out"), "aria-label": t("table.zoom_out") }, "−"),
      this.zoom.z > 1 ? h("button", { id: "zoom-reset", onclick: () => { this.zoom = { z: 1 }; this.setZoom(1); }, title: t("table.zoom_reset") }, "⤢") : null,
      st.can_undo ? h("button", { id: "undo", onclick: () => this.undo() }, t("table.undo")) : null);
    const log = h("ol", { class: "log", id: "log" }, ...conn.log.filter(shownInLog).slice(-200).map((e) =>
      h("li", { class: `ev ev-${e.kind}${e.kind === "turn" ? " turn" : ""}` }, eventText(e))));
    const status = conn.lost ? h("p", { class: "status warn" }, t("app.reconnecting")) : null;
    const over = view.game_over && st.table.result ? renderScores(st.table, view) : null;
    root.replaceChildren(...[
      h("section", { class: "prompt", id: "prompt", "data-mine": mine ? "1" : "0" },
        h("div", { class: "prompt-text" }, prompt), tools,
        this.error ? h("div", { class: "error", id: "error" }, this.error) : null,
        h("div", { class: "actions", id: "actions" }, ...buttons)),
      status, over,
      h("div", { class: "layout" },
        h("div", { class: "board-wrap" }, board),
        h("div", { class: "side" }, panels,
          h("section", { class: "panel" }, h("h3", {}, t("table.log")), log)))].filter(Boolean));
    log.scrollTop = log.scrollHeight;
  }

  promptText(st, mine) {
    const view = st.view;
    if (view.game_over) return t("table.over");
    if (this.rhomBusy) return t("table.rhom_playing");
    const d = view.decision;
    const prompt = t(`decision.${d.kind}`);
    if (st.seat === null) return `${t("table.spectating")} ${t("table.waiting", { seat: seatName(d.player), prompt })}`;
    if (mine) return t("table.your_turn", { prompt });
    return t("table.waiting", { seat: seatName(d.player), prompt });
  }
}

export function closePopups() {
  document.querySelectorAll(".menu, .tip").forEach((m) => m.remove());
}

function placePopup(node, ev) {
  const x = ev && ev.clientX ? ev.clientX : 40;
  const y = ev && ev.clientY ? ev.clientY : 40;
  node.style.left = `${Math.max(4, Math.min(x, window.innerWidth - 260))}px`;
  node.style.top = `${y + window.scrollY + 8}px`;
  document.body.appendChild(node);
}

// Tooltips that also work on touch screens: a tap on anything with a card text (data-tip) that
// is not an action shows the text; a tap elsewhere closes it. Mouse users also get `title`.
document.addEventListener("click", (ev) => {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target || target.closest(".menu, .tip")) return;
  const tipped = target.closest("[data-tip]");
  if (tipped && !tipped.classList.contains("legal")) {
    closePopups();
    placePopup(h("div", { class: "tip", role: "tooltip" }, tipped.dataset.tip), ev);
  } else if (!target.closest(".legal")) {
    closePopups();
  }
});

// A state message after the first carries only what changed in the view (see protocol.py):
// top-level keys replaced, and for the board only the hexes that changed.
export function applyPatch(view, patch) {
  const out = { ...view };
  for (const [k, v] of Object.entries(patch)) {
    if (k === "board" && view.board) {
      const changed = new Map(v.map((hx) => [hx.hex, hx]));
      out.board = view.board.map((hx) => changed.get(hx.hex) || hx);
    } else {
      out[k] = v;
    }
  }
  return out;
}
