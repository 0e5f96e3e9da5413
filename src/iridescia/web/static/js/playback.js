// Playback: what a connection shows on screen, one step at a time. The server sends the steps of
// the seats nobody sits at here (the Rhom, bots) event by event ("events" messages), then the
// new state; each connection queues them as frames and shows each for the step time of the
// speed setting (settings.js), so a player can follow the Rhom's turn on the board instead of
// seeing it jump. The log grows with the frames shown, never ahead of the board.
//
// conn.screen is what is on screen: {state, view, events, before, motion, playing}. `events`
// are the events of the step on screen: those of an events frame while it plays, then every
// event since the previous state once the new state is shown (so the last move stays marked
// until the next one). `before` is the view that step started from (null: nothing to animate),
// `motion` the animation time in ms, `playing` true while other seats' steps are being shown.
import { SPEEDS } from "./settings.js";

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

export class Playback {
  // settings: {speed}; redraw(): draw the page again after a frame is shown; project(view,
  // events) -> view | null: the view with an events frame's effects applied (the game's plug-in
  // knows them; null: the board stays as it is until the state comes).
  constructor(settings, redraw, project = null) {
    this.settings = settings;
    this.redraw = redraw;
    this.project = project;
  }

  speed() { return SPEEDS[this.settings.speed] || SPEEDS.normal; }

  // The view with a frame's events applied, or null: no projection, or one that failed (the
  // board then stays as it was; the state that ends the turn corrects it anyway).
  projected(view, events) {
    if (!this.project) return null;
    try {
      return this.project(view, events);
    } catch (err) {
      console.error("playback: cannot project the step", err);
      return null;
    }
  }

  // A message for `conn`: a state ({type: "state", view, events, reset...}) or other seats'
  // events ({type: "events", events}). A reset (connecting, an undo) is shown at once.
  add(conn, msg) {
    conn.frames = conn.frames || [];
    if (msg.type === "events" && !conn.screen) return;
    if (msg.type === "state" && (msg.reset || !conn.screen)) {
      conn.frames = [];
      clearTimeout(conn.timer);
      conn.log = [];
      conn.since = [];
      this.show(conn, { state: msg, events: msg.events }, 0, []);
      return;
    }
    conn.frames.push(msg.type === "state" ? { state: msg, events: msg.events } : { state: null, events: msg.events });
    this.pump(conn);
  }

  // Whether `conn` has steps still to show (its controls stay inert meanwhile).
  busy(conn) { return !!conn && !!conn.screen && (conn.screen.playing || (conn.frames || []).length > 0); }

  // Show the next frames whose time has come; wait for the rest. An events frame keeps the
  // controls inert until the state that ends the turn is shown, however long that takes.
  pump(conn) {
    clearTimeout(conn.timer);
    const { hold, motion, merge } = this.speed();
    while (conn.frames.length) {
      // A page in a background tab gets its timers slowed down: it would replay a long queue
      // when the player comes back, so it shows where things are at once instead.
      if (merge || conn.skipping || document.hidden) return this.skip(conn);
      const wait = conn.screen.playing ? conn.shownAt + hold - Date.now() : 0;
      if (wait > 0) {
        conn.timer = setTimeout(() => this.pump(conn), wait);
        return;
      }
      this.show(conn, conn.frames.shift(), motion, null);
    }
  }

  // Show every waiting frame at once: the newest state, all their events marked, no motion.
  skip(conn) {
    clearTimeout(conn.timer);
    const frames = conn.frames || [];
    conn.frames = [];
    if (!frames.length) {  // the turn is still being played: show the rest as it comes
      conn.skipping = !!(conn.screen && conn.screen.playing);
      return;
    }
    const events = frames.flatMap((f) => f.events);
    const state = [...frames].reverse().find((f) => f.state);
    const since = [...(conn.since || []), ...events];
    conn.skipping = !state;  // what is left of the turn follows at once too
    this.show(conn, { state: state ? state.state : null, events }, 0, state ? since : null);
  }

  // Put a frame on screen. `marked`: the events to mark (null: the frame's own, or for a state,
  // every event since the previous state).
  show(conn, frame, motion, marked) {
    conn.log.push(...frame.events);
    conn.since = [...(conn.since || []), ...frame.events];
    const was = conn.screen;
    const before = was ? was.view : null;
    if (frame.state) {
      const st = frame.state;
      const events = marked || conn.since;
      conn.screen = { state: st, view: st.view, events, before: motion ? before : null, motion, playing: false };
      conn.since = [];
      conn.skipping = false;
    } else {
      // The board plays the step: from the view on screen to that view with the step's effects.
      const view = this.projected(was.view, frame.events);
      conn.screen = view
        ? { ...was, view, events: frame.events, before: motion ? was.view : null, motion, playing: true }
        : { ...was, events: frame.events, before: null, motion, playing: true };
    }
    conn.shownAt = Date.now();
    this.redraw();
  }
}
