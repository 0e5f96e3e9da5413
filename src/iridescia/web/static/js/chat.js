// The table's chat and notes: every note the server sends (web/notes.py: a seat taken, a name
// changed, a seat given to a bot, a bot playing for an absent player and the seat taken back, a
// vote, a chat line) as one line of the chat, a chat line with its writer's name. Players write
// in the box below it; spectators read. Everything people typed is a text node, never HTML.
import { t, seatName, seatNumber, botLabel } from "./i18n.js";
import { h } from "./dom.js";
import { CHAT_MAX, cleanText } from "./store.js";

const SHOWN = 300;  // lines the chat keeps on screen

function who(note) { return note.data.name || seatName(note.seat); }

// A note as the chat shows it: {cls, name, text}.
export function noteLine(note) {
  const d = note.data;
  switch (note.kind) {
    case "chat": return { cls: "chat-line", name: who(note), text: d.text };
    case "join": return { cls: "note", text: t("note.join", { name: d.name || seatNumber(note.seat), seat: seatNumber(note.seat) }) };
    case "name": return { cls: "note", text: t("note.name", { seat: seatNumber(note.seat), name: d.name }) };
    case "invite": return { cls: "note", text: t("note.invite", { seat: seatNumber(note.seat) }) };
    case "fill": return { cls: "note", text: t("note.fill", { seat: seatNumber(note.seat), bot: botLabel(d.bot) }) };
    case "takeover": return { cls: "note away", text: t(`note.takeover.${d.reason}`, { name: seatName(note.seat), bot: botLabel(d.bot) }) };
    case "takeback": return { cls: "note", text: t("note.takeback", { name: seatName(note.seat) }) };
    case "vote": return { cls: "note", text: t("note.vote", { name: seatName(note.seat), target: seatName(d.for) }) };
    default: return { cls: "note", text: note.kind };
  }
}

function time(at) {
  const d = new Date(at * 1000);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

export function renderNotes(notes, id) {
  const lines = notes.slice(-SHOWN).map((n) => {
    const line = noteLine(n);
    return h("li", { class: line.cls, "data-kind": n.kind },
      h("small", { class: "at" }, time(n.at)), " ",
      line.name ? h("b", { class: "who" }, `${line.name}: `) : null, line.text);
  });
  return h("ol", { class: "chat-log", id, "aria-live": "polite", tabindex: "0", "aria-label": t("chat.title") }, ...(lines.length ? lines : [h("li", { class: "note empty" }, t("chat.empty"))]));
}

// The chat panel of a table page; its box is made once, so what is typed survives re-renders.
export class ChatPanel {
  constructor(send) {
    this.send = send;
    this.input = h("input", { id: "chat-input", maxlength: String(CHAT_MAX), autocomplete: "off", "aria-label": t("chat.placeholder"), placeholder: t("chat.placeholder") });
    this.form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      this.input, h("button", { type: "submit", id: "chat-send" }, t("chat.send")));
  }

  submit() {
    const text = cleanText(this.input.value, CHAT_MAX);
    if (!text) return;
    if (this.send(text)) this.input.value = "";
  }

  element(notes, canWrite) {
    const log = renderNotes(notes, "chat-log");
    const section = h("section", { class: "panel chat", id: "chat" }, h("h3", {}, t("chat.title")), log,
      canWrite ? this.form : h("p", { class: "hint" }, t("chat.players_only")));
    requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
    return section;
  }
}
