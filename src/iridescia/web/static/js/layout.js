// The table page's frame: where the prompt, the board and the panels go. On a wide screen the
// prompt runs along the top, the board fills the left (its SVG scales to the box it gets), your
// player board and the opponents' stand in the middle column, and the markets, the log, the chat
// and the table's seats share the right column as tabs. On a phone (portrait or landscape) one
// part is shown at a time under a tab bar (board, you, market, log, chat, table) and the prompt
// stays in view. CSS (css/table.css) does the placing; this module builds the parts.
//
// Also the two screens that cover the table: the hand-off between two seats of one device
// (nothing of the seat that played stays behind it) and the final scores, a dialog that comes
// to the player when the game ends, takes the focus, closes with Esc or its button, and opens
// again from the "Scores" button.
import { t, seatName } from "./i18n.js";
import { h } from "./dom.js";

// The side tabs (right column on a wide screen) and the phone's tabs.
const SIDE = ["market", "log", "chat", "seats"];
const PHONE = ["board", "players", "market", "log", "chat", "seats"];

// A row of tabs; the arrow keys move between them too.
function tabBar(names, current, cls, onPick, label, badges = {}) {
  const step = (name, by) => {
    const next = names[(names.indexOf(name) + by + names.length) % names.length];
    onPick(next);
    requestAnimationFrame(() => { const b = document.getElementById(`${cls}-${next}`); if (b) b.focus(); });
  };
  return h("div", { class: `tabs ${cls}`, id: cls, role: "tablist", "aria-label": label },
    ...names.map((name) => h("button", {
      class: `tab${name === current ? " on" : ""}`, role: "tab", id: `${cls}-${name}`, "data-tab": name,
      "aria-selected": name === current ? "true" : "false",
      onclick: () => onPick(name),
      onkeydown: (e) => {
        if (e.key === "ArrowRight" || e.key === "ArrowLeft") { e.preventDefault(); step(name, e.key === "ArrowRight" ? 1 : -1); }
      },
    }, t(`table.tab.${name}`), badges[name] ? h("span", { class: "tab-count", "aria-label": t("table.unread", { n: badges[name] }) }, String(badges[name])) : null)));
}

// The frame. parts: {prompt, status, board, me, others, market, log, chat, seats, badges
// (a count by tab name: unread chat lines)}; view:
// {side, phone} the tabs open; onTab(kind, name) when a tab is picked.
export function tableFrame(parts, view, onTab) {
  const sides = SIDE.filter((name) => parts[name]);
  const side = sides.includes(view.side) ? view.side : sides[0];
  const phones = PHONE.filter((name) => name === "board" || name === "players" || parts[name]);
  const phone = phones.includes(view.phone) ? view.phone : "board";
  // Panels that scroll are Tab stops, so that a keyboard can scroll them too.
  const panel = (name) => h("div", { class: `side-panel side-${name}`, id: `side-${name}`, role: "tabpanel", "aria-labelledby": `side-tabs-${name}`, tabindex: "0" }, parts[name]);
  return h("div", { class: "table-page", id: "table-page", "data-phone": phone, "data-side": side },
    parts.prompt,
    parts.status,
    h("div", { class: "area board-area", id: "board-area" }, h("div", { class: "board-wrap" }, parts.board)),
    h("div", { class: "area players-area", id: "players-area", role: "region", "aria-label": t("table.tab.players"), tabindex: "0" }, parts.me, parts.others),
    h("div", { class: "area side-area", id: "side-area" },
      tabBar(sides, side, "side-tabs", (name) => onTab("side", name), t("table.side"), parts.badges),
      h("div", { class: "side-body" }, ...sides.map(panel))),
    tabBar(phones, phone, "phone-tabs", (name) => onTab("phone", name), t("table.side"), parts.badges));
}

// The hand-off screen between two seats of this device.
export function handoffScreen(seat, go) {
  const button = h("button", { class: "primary", id: "handoff-go", onclick: go }, t("table.handoff_go", { seat: seatName(seat) }));
  requestAnimationFrame(() => button.focus());
  return h("div", { class: "handoff", id: "handoff" },
    h("h2", {}, t("table.handoff", { seat: seatName(seat) })),
    h("p", {}, t("table.handoff_hint")),
    button);
}

// The final scores in a dialog over the table; `close()` hides it.
export function scoresDialog(result, close, entering) {
  const closeButton = h("button", { class: "dialog-close", id: "scores-close", "aria-label": t("table.close"), title: t("table.close"), onclick: close }, "×");
  const dialog = h("div", { class: "dialog", id: "scores-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "scores-dialog-title", tabindex: "-1" },
    h("div", { class: "dialog-head" }, h("h2", { id: "scores-dialog-title" }, t("table.over")), closeButton),
    h("div", { class: "dialog-body" }, result));
  const overlay = h("div", { class: `overlay${entering ? " entering" : ""}`, id: "scores-overlay", onclick: (e) => { if (e.target === overlay) close(); } }, dialog);
  overlay.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); close(); }
    if (e.key === "Tab") trapFocus(dialog, e);
  });
  return overlay;
}

// Keep Tab inside the dialog (its first and last focusable elements wrap around).
function trapFocus(dialog, e) {
  const focusable = [...dialog.querySelectorAll("button, a[href], input, select, [tabindex]:not([tabindex='-1'])")];
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
}
