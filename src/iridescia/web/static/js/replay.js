// The replay of a finished game (#/r/<id>), step by step: the game's own board and panels (its
// plug-in draws them; a step forward animates from the step before, through ctx.before,
// ctx.events and ctx.motion), the step's action ("a bot for Ada" when a bot made it in its
// absent player's place), the log of the whole game up to the step (the step's own lines
// marked), the table's chat as it was then, and the final scoring at the last step. Autoplay
// at a speed this browser remembers, keyboard stepping (replay-controls.js).
//
// Whose eyes: the spectator's (what anyone watching saw), or a seat this browser played: the
// server gives a seat's own view (its objectives, its hand) only to that seat's token (see
// docs/web.md). On a device holding several seats (hot-seat), switching to a seat's eyes goes
// through a hand-off screen first, as at the table. A private table's replay is asked with one
// of its tokens.
import { t, render, seatName, setSeats, botLabel } from "./i18n.js";
import { h, nodes, closePopups } from "./dom.js";
import { api, apiError } from "./api.js";
import { gamePlugin, gameInfo, gameTitle } from "./games.js";
import { renderNotes } from "./chat.js";
import { logLine } from "./log.js";
import { localSeats, tableToken } from "./store.js";
import { mySeats } from "./rematch.js";
import { SPEEDS, controls, listenKeys, saveSpeed, savedSpeed } from "./replay-controls.js";

const MOTION_MAX = 600;  // ms: a step's animation, at most (and never longer than the pause)

// The route's entry (app.js): one replay page at a time; it stops (timer, keys) when the page
// leaves it or draws it again (a new language).
let current = null;
export function replay(main, id, startStep = 0) {
  if (current) current.stop();
  const page = new ReplayPage(main, id);
  page.startStep = startStep;  // #/r/<id>/<step>: opened at a step (the analysis's mistakes)
  current = page;
  const leave = () => { page.stop(); window.removeEventListener("hashchange", leave); };
  window.addEventListener("hashchange", leave);
  page.start();
  return page;
}

export class ReplayPage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.step = 0;
    this.wanted = 0;        // the step asked for last (on screen, or on its way)
    this.steps = 0;
    this.data = null;       // the replay answer of the step on screen
    this.before = null;     // the view of the step before, when the step on screen came from it
    this.log = null;        // every step's events (index 0: the setup), for the viewer
    this.cache = new Map(); // step -> answer, for the current viewer
    this.viewers = mySeats(tableId);
    // A player's replay is theirs: through their own eyes when this browser played one seat.
    this.viewer = this.viewers.length === 1 ? this.viewers[0] : null;
    this.handoff = null;    // a seat whose eyes wait behind the hand-off screen
    this.playing = false;
    this.speed = savedSpeed();
    this.timer = null;
    this.seq = 0;           // the latest request: older answers are dropped
    this.error = "";
    this.plugin = null;
    this.closed = false;
  }

  async start() {
    this.unlisten = listenKeys(this);
    const at = this.startStep || 0;
    try {
      await this.load(at);
    } catch (err) {
      // A seat's eyes refused (the token is gone): the spectator's view instead.
      if (this.viewer === null) return this.fail(err);
      this.viewer = null;
      try { await this.load(at); } catch (err2) { this.fail(err2); }
    }
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.unlisten) this.unlisten();
  }

  fail(err) {
    this.error = apiError(err);
    if (!this.data) this.root.replaceChildren(h("p", { class: "error", id: "replay-error" }, this.error));
    else this.draw();
  }

  token() {
    return this.viewer === null ? tableToken(this.id) : localSeats(this.id)[this.viewer];
  }

  path(step, withLog = false) {
    const query = [this.viewer === null ? null : `seat=${this.viewer}`, withLog ? "log=1" : null].filter(Boolean);
    return `/api/tables/${encodeURIComponent(this.id)}/replay/${step}${query.length ? `?${query.join("&")}` : ""}`;
  }

  async fetchStep(step) {
    if (!this.cache.has(step)) {
      const got = api(this.path(step), undefined, this.token());
      this.cache.set(step, got);
      got.catch(() => this.cache.delete(step));
    }
    return this.cache.get(step);
  }

  // The whole game's log and the step `step`, for the current viewer.
  async load(step) {
    const seq = ++this.seq;
    this.cache.clear();
    const first = await api(this.path(0, true), undefined, this.token());
    if (seq !== this.seq || this.closed) return;
    this.log = first.log;
    this.steps = first.steps;
    delete first.log;
    this.cache.set(0, Promise.resolve(first));
    this.plugin = await gamePlugin(first.table.game);
    if (!this.plugin) throw new Error(t("lobby.no_board"));
    step = Math.max(0, Math.min(this.steps, step));
    const data = step === 0 ? first : await this.fetchStep(step);
    if (seq !== this.seq || this.closed) return;
    this.show(step, data, null);
  }

  show(step, data, before) {
    this.step = step;
    this.wanted = step;
    this.data = data;
    this.before = before;
    this.error = "";
    this.draw();
  }

  async go(n) {
    if (!this.data || this.handoff !== null) return;
    const step = Math.max(0, Math.min(this.steps, n));
    if (step === this.wanted) return;
    this.wanted = step;
    const seq = ++this.seq;
    const from = this.data;
    try {
      const data = await this.fetchStep(step);
      if (seq !== this.seq || this.closed) return;
      this.show(step, data, step === from.step + 1 ? from.view : null);
      if (this.playing && step < this.steps) this.fetchStep(step + 1).catch(() => {});
    } catch (err) {
      if (seq === this.seq) { this.playing = false; this.wanted = this.step; this.fail(err); }
    }
  }

  toggle() {
    if (!this.data) return;
    this.playing = !this.playing;
    clearTimeout(this.timer);
    if (this.playing && this.step >= this.steps) this.go(0);
    this.schedule();
    this.draw();
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.playing || this.closed) return;
    this.timer = setTimeout(async () => {
      if (!this.playing || this.closed) return;
      if (this.step >= this.steps) { this.playing = false; this.draw(); return; }
      await this.go(this.step + 1);
      if (this.step >= this.steps) { this.playing = false; this.draw(); }
      this.schedule();
    }, SPEEDS[this.speed]);
  }

  setSpeed(name) {
    if (!SPEEDS[name]) return;
    this.speed = name;
    saveSpeed(name);
    this.schedule();
    this.draw();
  }

  setViewer(seat) {
    if (seat === this.viewer) return;
    if (seat !== null && this.viewers.length > 1) {  // a shared device: hand it over first
      this.playing = false;
      clearTimeout(this.timer);
      this.handoff = seat;
      return this.draw();
    }
    this.useViewer(seat);
  }

  async useViewer(seat) {
    this.handoff = null;
    this.viewer = seat;
    try { await this.load(this.step); } catch (err) { this.fail(err); }
  }

  // The motion of the step on screen: only a step forward by one moves things (and nothing
  // for a reader who asked their system for less motion).
  motion() {
    if (!this.before || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
    return Math.min(MOTION_MAX, Math.round(SPEEDS[this.speed] * 0.6));
  }

  // The log of the game up to the step on screen, with the plug-in's pictures as at the table;
  // the step's own lines marked.
  logPanel() {
    const lines = [];
    const decorate = this.plugin && this.plugin.decorate ? (e) => this.plugin.decorate(e) : null;
    (this.log || []).slice(0, this.step + 1).forEach((events, n) => {
      for (const e of events) {
        if (!e.text) continue;
        lines.push(logLine(e, decorate, { class: n === this.step ? "now" : "", "data-step": String(n) }));
      }
    });
    return h("ol", { class: "log", id: "replay-log", tabindex: "0", "aria-label": t("replay.log") }, ...lines);
  }

  draw() {
    if (this.closed || !this.data) return;
    const active = document.activeElement && document.activeElement.id;
    closePopups();
    const data = this.data;
    setSeats(data.table.seats);
    if (this.handoff !== null) return this.drawHandoff();
    const view = data.view;
    const info = gameInfo(data.table.game);
    const act = this.step > 0 ? data.actions[this.step - 1] : null;
    // Who is connected now says nothing of the game being replayed: the seats go without it.
    const table = { ...data.table, seats: data.table.seats.map((s) => ({ ...s, connected: undefined })) };
    const ctx = { at: () => [], pick: () => {}, seat: this.viewer, table, events: data.events, before: this.before, motion: this.motion() };
    const log = this.logPanel();
    const title = [t("replay.title"), data.table.name || (info ? gameTitle(info) : "")].filter(Boolean).join(" · ");
    document.title = `${t("replay.title")} · ${t("app.title")}`;
    const eyes = this.viewer === null ? t("replay.spectator") : t("replay.eyes", { seat: seatName(this.viewer) });
    this.root.replaceChildren(...nodes(h("section", { class: "replay", id: "replay", "data-step": String(this.step), "data-viewer": this.viewer === null ? "" : String(this.viewer) },
      h("div", { class: "prompt replay-bar" },
        h("h2", {}, title, h("span", { class: "replay-eyes" }, `${t("replay.viewer")}: ${eyes}`)),
        controls(this),
        h("p", { class: "replay-action", id: "replay-action" },
          act ? (data.label ? t("replay.action", { seat: seatName(act.seat), action: render(data.label) }) : t("replay.hidden_action", { seat: seatName(act.seat) })) : t("replay.setup"),
          act && act.bot ? h("span", { class: "stand-in" }, " ", t("replay.stand_in", { bot: botLabel(act.bot), name: seatName(act.seat) })) : null),
        this.error ? h("p", { class: "error", id: "error" }, this.error) : null),
      data.over && data.table.result ? this.plugin.result(data.table, view) : null,
      h("div", { class: "layout" },
        h("div", { class: "board-wrap" }, this.plugin.board(view, ctx)),
        // The log first beside the board: what just happened is what a replay is read for.
        h("div", { class: "side" },
          h("section", { class: "panel game-log replay-log" }, h("h3", {}, t("replay.log")), log),
          this.plugin.panels({ table, seat: this.viewer }, view, ctx)),
        h("div", { class: "talk" },
          h("section", { class: "panel chat" }, h("h3", {}, t("chat.title")), renderNotes(data.notes || [], "replay-chat")))))));
    log.scrollTop = log.scrollHeight;
    const again = active && document.getElementById(active);
    if (again && again !== document.activeElement) again.focus();
  }

  drawHandoff() {
    const seat = this.handoff;
    this.root.replaceChildren(h("div", { class: "handoff", id: "handoff" },
      h("h2", {}, t("table.handoff", { seat: seatName(seat) })),
      h("p", {}, t("replay.handoff_hint", { seat: seatName(seat) })),
      h("button", { class: "primary", id: "handoff-go", onclick: () => this.useViewer(seat) }, t("table.handoff_go", { seat: seatName(seat) })),
      h("button", { id: "handoff-cancel", onclick: () => { this.handoff = null; this.draw(); } }, t("replay.handoff_cancel"))));
    document.getElementById("handoff-go").focus();
  }
}
