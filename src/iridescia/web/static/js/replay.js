// The replay of a finished game, step by step, as a spectator saw it: the board and panels of the
// game's plug-in, the step's action (when it gives no secret away; "a bot for Ada" when a bot
// made it in its absent player's place) and log lines, the table's chat as it was at that step,
// the final scores at the last step. A private table's replay is asked with one of its tokens.
import { t, render, seatName, setSeats, botLabel } from "./i18n.js";
import { h, nodes } from "./dom.js";
import { api, apiError } from "./api.js";
import { gamePlugin } from "./games.js";
import { renderLog } from "./table.js";
import { renderNotes } from "./chat.js";
import { tableToken } from "./store.js";

export async function replay(main, id) {
  let step = 0;
  let data = null;
  const show = async (n) => {
    data = await api(`/api/tables/${id}/replay/${n}`, undefined, tableToken(id));
    const plugin = await gamePlugin(data.table.game);
    if (!plugin) throw new Error(t("lobby.no_board"));
    step = n;
    const view = data.view;
    setSeats(data.table.seats);
    const act = step > 0 ? data.actions[step - 1] : null;
    const ctx = { at: () => [], pick: () => {}, seat: null, table: data.table };
    const nav = h("div", { class: "replay-nav" },
      h("button", { id: "replay-first", onclick: () => show(0) }, t("replay.first")),
      h("button", { id: "replay-prev", onclick: () => step > 0 && show(step - 1) }, t("replay.prev")),
      h("input", { type: "range", min: "0", max: String(data.steps), value: String(step), "aria-label": t("replay.title"), onchange: (e) => show(Number(e.target.value)) }),
      h("button", { id: "replay-next", onclick: () => step < data.steps && show(step + 1) }, t("replay.next")),
      h("button", { id: "replay-last", onclick: () => show(data.steps) }, t("replay.last")),
      h("span", { id: "replay-step" }, t("replay.step", { step, total: data.steps })));
    main.replaceChildren(...nodes(h("section", { class: "prompt" }, h("h2", {}, t("replay.title")), nav,
      // A step whose events a spectator sees redacted has no label: its log lines say it.
      act && data.label ? h("p", {}, t("replay.action", { seat: seatName(act.seat), action: render(data.label) })) : null,
      act && act.bot ? h("p", { class: "stand-in" }, t("replay.stand_in", { bot: botLabel(act.bot), name: seatName(act.seat) })) : null,
      renderLog(data.events, null)),
      data.over && data.table.result ? plugin.result(data.table, view) : null,
      h("div", { class: "layout" }, h("div", { class: "board-wrap" }, plugin.board(view, ctx)),
        h("div", { class: "side" }, plugin.panels({ table: data.table, seat: null }, view, ctx),
          h("section", { class: "panel chat" }, h("h3", {}, t("chat.title")), renderNotes(data.notes || [], "replay-chat"))))));
  };
  try { await show(0); } catch (err) { main.replaceChildren(h("p", { class: "error" }, apiError(err))); }
}
