// Hints during a game (issue 16): an option of a table whose every person plays on this device
// (solo, hot-seat, against bots), off by default, chosen in the lobby and remembered with the
// table in this browser. When on, the table's prompt has a "Hint" button: the server's
// strongest bot chooses for the seat on screen from that seat's view only
// (POST /api/tables/<id>/hint, which refuses tables with invited or joined players), and the
// action it suggests is highlighted among the prompt's buttons and on the table (every thing
// whose `data-actions` lists it: a hex, a card, a gem of the cargo), and said in words.
import { t, render } from "./i18n.js";
import { h } from "./dom.js";
import { api, apiError } from "./api.js";

const KEY = (tableId) => `iridescia.hints.${tableId}`;

// The lobby's checkbox (`state.hints`), offered only when nobody else will sit at the table.
export function hintsControl(state) {
  return h("label", { class: "check", title: t("table_hint.option_title") },
    h("input", { type: "checkbox", id: "hints", checked: !!state.hints, onchange: (e) => { state.hints = e.target.checked; } }),
    t("table_hint.option"));
}

export function rememberHints(tableId) { localStorage.setItem(KEY(tableId), "1"); }
export function hintsOn(tableId) { return localStorage.getItem(KEY(tableId)) === "1"; }

// The prompt's "Hint" button for the seat of `conn` (which may act now), or null.
// `labels`: the legal actions' labels by text (the prompt's own words).
export function hintButton(tableId, conn, labels) {
  if (!hintsOn(tableId) || !conn || !conn.token) return null;
  const said = h("span", { class: "hint-text", id: "hint-text", role: "status" });
  const button = h("button", { id: "hint", title: t("table_hint.title"), onclick: async () => {
    button.disabled = true;
    said.textContent = t("table_hint.thinking");
    try {
      const got = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, { token: conn.token });
      const label = got.label ? render(got.label) : (labels.get(got.action) ?? got.action);
      said.textContent = t("table_hint.says", { action: label });
      const target = [...document.querySelectorAll("#actions [data-action]")].find((b) => b.dataset.action === got.action);
      if (target) {
        const folded = target.closest("details");
        if (folded) folded.open = true;
        target.classList.add("hinted");
        target.focus();
      }
      markOnTable(got.action);
    } catch (err) {
      said.textContent = apiError(err);
    }
    button.disabled = false;
  } }, t("table_hint.button"));
  return h("span", { class: "hint" }, button, said);
}

// The things on the table the suggested action belongs to (a hex, a card...) glow until the next
// state redraws them.
function markOnTable(action) {
  for (const node of document.querySelectorAll("#main [data-actions]")) {
    if (JSON.parse(node.dataset.actions).includes(action)) node.classList.add("hinted");
  }
}
