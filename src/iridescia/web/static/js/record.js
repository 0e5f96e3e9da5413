// "Download the record" of a finished game (any game's end screen and the replay may offer it):
// the JSON record that `iridescia replay GAME.json` steps through, with the state hash after
// every action, from GET /api/tables/<id>/record with a token this browser holds (a seat's or
// the creator's). The server decides whether the record may be had (web/records.py): a game with
// players on other devices whose rules keep secrets after the end refuses, and the button says
// why in the reader's language.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { api, apiError } from "./api.js";
import { creatorToken, localSeats } from "./store.js";

// A token of `tableId` this browser holds, or null (a spectator holds none).
function anyToken(tableId) {
  return Object.values(localSeats(tableId))[0] || creatorToken(tableId) || null;
}

// The button, or null for a browser that holds no token of the table.
export function recordButton(table) {
  const token = anyToken(table.id);
  if (!token || table.status !== "finished") return null;
  const error = h("span", { class: "error", role: "alert" });
  const button = h("button", { id: "download-record", title: t("record.title"), onclick: async () => {
    button.disabled = true;
    error.textContent = "";
    try {
      const record = await api(`/api/tables/${encodeURIComponent(table.id)}/record`, undefined, token);
      const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: `${table.game}-${table.id}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (err) {
      error.textContent = apiError(err);
    }
    button.disabled = false;
  } }, t("record.button"));
  return h("span", { class: "record" }, button, error);
}
