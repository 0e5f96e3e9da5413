// The lobby's list of tables: your own running tables (private ones too, found by the tokens
// this browser keeps), then the public ones with open seats, running and finished; each a card
// with its name, game and mode, who sits there, its turn, and what you can do: resume, join,
// watch or replay. Names are the players' own texts: text nodes only.
import { t, kindLabel } from "./i18n.js";
import { h } from "./dom.js";
import { gameInfo, gameTitle, modeTitle } from "./games.js";
import { knownTables, localSeats, rememberSeat } from "./store.js";
import { api, apiError } from "./api.js";
import { emptyTablesPicture } from "./lobby-art.js";

// The tables panel; playerName() is the name typed in the lobby (a table joined gets it).
export function tablesPanel(playerName) {
  const list = h("section", { class: "panel tables", "aria-labelledby": "tables-title" });
  const status = h("p", { class: "status", role: "status" });
  const join = async (tb) => {
    try {
      const j = await api(`/api/tables/${encodeURIComponent(tb.id)}/join`, { name: playerName() });
      rememberSeat(tb.id, j.seat, j.token);
      location.hash = `#/t/${encodeURIComponent(tb.id)}`;
    } catch (err) { status.textContent = apiError(err); status.className = "error"; }
  };
  const card = (tb, several) => {
    const mine = Object.keys(localSeats(tb.id)).length > 0;
    const running = tb.status === "running";
    const link = `#/t/${encodeURIComponent(tb.id)}`;
    const game = gameInfo(tb.game);
    const where = [several && game ? gameTitle(game) : null, modeTitle(tb.game, tb.mode), tb.turn ? t("lobby.turn", { n: tb.turn }) : null].filter(Boolean);
    const free = (s) => s.kind === "human" && !s.claimed;
    const seats = tb.seats.map((s) => h("li", { class: `seat-chip${s.kind === "human" ? "" : " not-human"}${free(s) ? " free" : ""}` },
      s.name || (free(s) ? t("table.seat_free") : kindLabel(s.kind))));
    const open = running ? tb.open_seats.length : 0;
    return h("li", { class: `table-row status-${tb.status}`, "data-table": tb.id },
      h("div", { class: "table-head" }, h("b", { class: "table-name" }, tb.name || t("lobby.untitled", { id: tb.id })),
        tb.private ? h("span", { class: "badge" }, t("table.private")) : null,
        open ? h("span", { class: "badge open" }, t(open === 1 ? "lobby.free_seat" : "lobby.free_seats", { n: open })) : null),
      h("small", { class: "table-where" }, where.join(" · ")),
      h("ul", { class: "seat-chips", "aria-label": t("lobby.seats") }, ...seats),
      h("div", { class: "table-do" },
        mine && running ? h("a", { href: link, class: "button primary" }, t("lobby.resume")) : null,
        open && !tb.private && !mine ? h("button", { class: "join primary", onclick: () => join(tb) }, t("lobby.join")) : null,
        running ? h("a", { href: link, class: "button watch" }, t("lobby.watch")) : h("a", { href: `#/r/${encodeURIComponent(tb.id)}`, class: "button" }, t("lobby.replay"))));
  };
  const load = async () => {
    const known = knownTables();
    let tables = [];
    let mine = { tables: [] };
    try {
      [{ tables }, mine] = await Promise.all([api("/api/tables"),
        known.length ? api("/api/tables/known", { tables: known }).catch(() => ({ tables: [] })) : { tables: [] }]);
    } catch (err) { status.textContent = apiError(err); status.className = "error"; }
    const ours = new Set(mine.tables.map((tb) => tb.id));
    const several = new Set([...tables, ...mine.tables].map((tb) => tb.game)).size > 1;
    const others = tables.filter((x) => !ours.has(x.id));
    const groups = [
      ["yours", mine.tables.filter((x) => x.status === "running")],
      ["open", others.filter((x) => x.status === "running" && x.open_seats.length)],
      ["running", others.filter((x) => x.status === "running" && !x.open_seats.length)],
      ["finished", others.filter((x) => x.status === "finished")],
    ].filter(([, rows]) => rows.length);
    const body = groups.length
      ? groups.map(([name, rows]) => h("div", { class: `table-group group-${name}` }, h("h3", {}, t(`lobby.${name}`), " ", h("span", { class: "count" }, String(rows.length))),
        h("ul", { class: "table-list" }, ...rows.map((tb) => card(tb, several)))))
      : [h("div", { class: "no-tables" }, emptyTablesPicture(), h("p", {}, t("lobby.none")), h("p", { class: "hint" }, t("lobby.none_hint")))];
    list.replaceChildren(h("div", { class: "tables-head" }, h("h2", { id: "tables-title" }, t("lobby.tables")),
      h("button", { class: "refresh", onclick: load }, t("lobby.refresh"))), status, h("div", { class: "table-groups" }, ...body));
  };
  list.replaceChildren(h("div", { class: "tables-head" }, h("h2", { id: "tables-title" }, t("lobby.tables"))), status);
  load();
  return list;
}
