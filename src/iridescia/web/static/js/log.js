// The game log: every event the server gave a line (its text is a message, rendered in the
// reader's language), the lines that open a turn in bold, and in front of a line the picture the
// game's plug-in gives for its event (optional `decorate(event) -> element | null`: a gem of the
// colour it names...). The table page keeps the whole game's log and adds lines as they come
// (LogView), the newest in view; the replay draws it whole, step by step (logLine).
import { t, render } from "./i18n.js";
import { h } from "./dom.js";

// One line of the log; `extra`: more classes and attributes for it (the replay's step marks).
export function logLine(e, decorate, extra = {}) {
  const icon = decorate ? safely(() => decorate(e)) : null;
  const { class: more = "", ...attrs } = extra;
  return h("li", { class: `ev ev-${e.kind}${e.heading ? " turn" : ""}${more ? ` ${more}` : ""}`, ...attrs }, icon, render(e.text));
}

// A plug-in's picture must never break the log.
function safely(f) {
  try { return f() || null; } catch { return null; }
}

export function renderLog(events, id, decorate = null) {
  return h("ol", { class: "log", id, tabindex: "0", "aria-label": t("table.log") }, ...events.filter((e) => e.text).map((e) => logLine(e, decorate)));
}

// The table page's log: one list kept across re-renders, lines added as the events are shown
// (drawn again whole only when the connection's log was replaced: an undo, a reconnection).
export class LogView {
  constructor(id) {
    // a Tab stop with a name, so that it can be read (and scrolled) by keyboard
    this.list = h("ol", { class: "log", id, tabindex: "0", "aria-label": t("table.log") });
    this.source = null;  // the events array the lines came from
    this.count = 0;      // how many of its events are drawn
    this.lang = null;
  }

  element(events, decorate, lang) {
    if (events !== this.source || events.length < this.count || lang !== this.lang) {
      this.list.replaceChildren();
      this.source = events;
      this.count = 0;
      this.lang = lang;
    }
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const fresh = events.slice(this.count).filter((e) => e.text).map((e) => logLine(e, decorate));
    this.list.append(...fresh);
    this.count = events.length;
    // The newest line in view, unless the reader scrolled up to read older ones.
    if (fresh.length && atEnd) requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
    return this.list;
  }

  // Called when the list is shown again (its tab opened): scroll to the newest line.
  toEnd() { requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; }); }
}
