// The prompt at the top of the table: one sentence saying what is being decided (and by whom),
// the legal actions as buttons (one button per label: actions a player cannot tell apart are one
// choice), the refusal of the last action in the reader's language, and the tool bar (clock,
// zoom, undo, skip, scores, settings). The buttons exist only when the seat on screen is to act
// and nothing is on its way or playing back: the page passes no actions otherwise.
import { t, render, seatName, isAutoma, has, botLabel } from "./i18n.js";
import { h } from "./dom.js";

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

// One action per rendered label, in the server's order (two "Buy Dazzling Dynamite" are the
// same choice for the player: the first is sent).
export function distinctActions(actions) {
  const seen = new Set();
  return actions.filter((a) => {
    const label = render(a.label);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

// "The Rhom is playing…" (an automa, by its kind) or "Seat 2 is playing…" (a bot).
export function playingText(seat, seats) {
  const kind = (seats[seat] || {}).kind;
  if (isAutoma(kind) && has(`table.playing.${kind}`)) return t(`table.playing.${kind}`);
  return t("table.playing", { seat: seatName(seat) });
}

// The sentence of the prompt. `playing`: the seat whose steps are on the board now, or null.
export function promptText(st, mine, playing) {
  const d = st.decision;
  if (!d) return t("table.over");
  if (!st.table.started) return st.seat === null ? `${t("table.spectating")} ${t("table.not_started")}` : t("table.not_started");
  const me = st.seat !== null ? st.table.seats[st.seat] : null;
  if (me && me.bot && d.player === st.seat) return t("table.bot_plays_for_you", { bot: botLabel(me.bot) });
  if (playing !== null) return playingText(playing, st.table.seats);
  const prompt = render(d.prompt);
  if (st.seat === null) return `${t("table.spectating")} ${t("table.waiting", { seat: seatName(d.player), prompt })}`;
  if (mine) return t("table.your_turn", { prompt });
  return t("table.waiting", { seat: seatName(d.player), prompt });
}

// The action buttons: every distinct action, the ones also clickable on the table folded away
// when there are many (a turn's reveals...), so the prompt never covers the board.
export function actionButtons(actions, onTable, send) {
  const button = (a) => h("button", { class: "act", "data-action": a.text, onclick: () => send(a.text) }, render(a.label));
  const distinct = distinctActions(actions);
  const fold = distinct.length > MAX_BUTTONS ? distinct.filter((a) => onTable.has(a.text)) : [];
  const buttons = distinct.filter((a) => !fold.includes(a)).map(button);
  if (fold.length) {
    buttons.push(h("details", { class: "more-actions" }, h("summary", {}, t("table.more_actions", { n: fold.length })), ...fold.map(button)));
  }
  return buttons;
}

// The prompt section. parts: {text, mine, error, buttons, tools}.
export function promptSection({ text, mine, error, buttons, tools }) {
  return h("section", { class: "prompt", id: "prompt", "data-mine": mine ? "1" : "0", "aria-label": t("table.prompt") },
    h("div", { class: "prompt-head" },
      h("div", { class: "prompt-text", id: "prompt-text" }, text), tools),  // read out by dom.js's live region
    error ? h("div", { class: "error", id: "error" }, error) : null,
    buttons.length ? h("div", { class: "actions", id: "actions" }, ...buttons) : h("div", { class: "actions", id: "actions" }));
}
