// "New game with the same seats": a new table of the same game, mode, seats (people and bots;
// the game's automa seats come with the mode), options and table rules, made through the REST
// API like the lobby makes one. The seats this browser played (hot-seat, solo) are this
// browser's again at the new table; the other people's seats get new invite links, which the
// new table's page shows its creator. Generic: any game's end screen may offer it.
import { t, isAutoma } from "./i18n.js";
import { h } from "./dom.js";
import { api, apiError } from "./api.js";
import { gameInfo } from "./games.js";
import { localSeats, myName, rememberCreator, rememberSeat } from "./store.js";

// The body of POST /api/tables that seats the same table again, with the seats (numbers of the
// full seat list) this browser takes.
export function rematchRequest(table, mine) {
  const seats = table.seats.filter((s) => !isAutoma(s.kind)).map((s) => s.kind);
  const humans = table.seats.filter((s) => s.kind === "human").length;
  // Only the options the lobby offers for this mode and number of seats (the others come with
  // the mode, and the server refuses them), as the lobby decides it.
  const game = gameInfo(table.game);
  const total = table.seats.length;
  const offered = (game ? game.lobby_options : []).filter((o) => {
    const spec = game.options.find((x) => x.name === o.name);
    const inMode = spec && (!spec.modes.length || spec.modes.includes(table.mode));
    return inMode && (!o.seats || (o.seats[0] <= total && total <= o.seats[1]));
  });
  const chosen = new Set(offered.map((o) => o.name));
  const options = Object.fromEntries(Object.entries(table.options || {}).filter(([k]) => chosen.has(k)));
  const body = { game: table.game, mode: table.mode, seats, options, name: table.name || "", mine };
  const player = myName();
  if (player) body.player = player;
  if (humans > mine.length) Object.assign(body, { private: table.private, clock: table.clock || 0, away: table.away, away_bot: table.away_bot });
  return body;
}

// The seats of `table` this browser holds a token for (numbers).
export function mySeats(tableId) {
  return Object.keys(localSeats(tableId)).map(Number).filter((n) => Number.isInteger(n));
}

// The button, or null for a browser that played no seat of the table (a spectator).
export function rematchButton(table) {
  const mine = mySeats(table.id);
  if (!mine.length) return null;
  const error = h("span", { class: "error", role: "alert" });
  const button = h("button", { class: "primary", id: "rematch", onclick: async () => {
    button.disabled = true;
    try {
      const res = await api("/api/tables", rematchRequest(table, mine));
      const id = res.table.id;
      rememberCreator(id, res.creator);
      for (const s of res.seats) if (s.token && mine.includes(s.seat)) rememberSeat(id, s.seat, s.token);
      location.hash = `#/t/${id}`;
    } catch (err) {
      button.disabled = false;
      error.textContent = apiError(err);
    }
  } }, t("end.rematch"));
  return h("span", { class: "rematch" }, button, error);
}
