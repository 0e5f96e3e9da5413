// The lobby: your name (remembered in this browser), then choose a game (every game the server
// has: its notice, and whether the browser has a board for it), its mode, the seats (people or
// bots, within the mode's range), the options the game's lobby offers, hot-seat; who may join
// (private: only by the invite links, one per free seat, which the table page shows its creator;
// public: listed here), the turn clock and what happens to an absent player; a table name. Next
// to it: your own tables (private ones too) and the public tables, open, running and finished.
// Everything about a game comes from /api/meta.
import { t, kindLabel, botLabel, joinList } from "./i18n.js";
import { h, nodes } from "./dom.js";
import { allGames, gameInfo, gameTitle, modeTitle, gameNotice } from "./games.js";
import { NAME_MAX, cleanText, knownTables, localSeats, myName, rememberCreator, rememberName, rememberSeat } from "./store.js";
import { api, apiError } from "./api.js";

const DRAFT = "iridescia.lobby.game";
const CLOCKS = [0, 60, 120, 300, 600, 1800];  // seconds per turn the lobby offers
const AWAY = ["vote", "bot", "wait"];

function playersText(min, max) {
  if (min === max) return t(min === 1 ? "lobby.players.one" : "lobby.players.n", { n: min });
  return t("lobby.players.range", { min, max });
}

// A game's seat range over all its modes ("1–4 players").
function gamePlayers(game) {
  return playersText(Math.min(...game.modes.map((m) => m.min_players)), Math.max(...game.modes.map((m) => m.max_players)));
}

function chooser(state, draw) {
  const games = allGames();
  return h("div", { class: "games", role: "radiogroup", "aria-label": t("lobby.game") }, ...games.map((g) => {
    const notice = gameNotice(g);
    const chosen = g.name === state.game;
    return h("label", { class: `game-choice${chosen ? " chosen" : ""}${g.board ? "" : " no-board"}`, "data-game": g.name },
      h("input", { type: "radio", name: "game", value: g.name, checked: chosen, onchange: () => { state.game = g.name; localStorage.setItem(DRAFT, g.name); state.reset(); draw(); } }),
      h("span", { class: "game-head" }, h("b", { class: "game-title" }, gameTitle(g)), h("small", {}, gamePlayers(g)),
        g.board ? null : h("span", { class: "badge" }, t("lobby.terminal_only"))),
      notice ? h("small", { class: "notice", "data-notice": g.name }, notice) : null);
  }));
}

// What the lobby says about a game the browser cannot play yet: its modes and the terminal.
function noBoard(game) {
  return h("div", { class: "no-board-info", id: "no-board" },
    h("h3", {}, t("lobby.modes")),
    h("ul", { class: "modes" }, ...game.modes.map((m) => h("li", { "data-mode": m.name }, h("b", {}, modeTitle(game.name, m.name)), ` — ${playersText(m.min_players, m.max_players)}`))),
    h("p", { class: "coming" }, t("lobby.no_board"), " ", h("code", {}, game.terminal)));
}

export function lobby(main) {
  const games = allGames();
  const saved = localStorage.getItem(DRAFT);
  const state = { game: gameInfo(saved) ? saved : games[0].name, hotseat: false, options: {}, private: true, clock: 0, away: "vote", awayBot: "medium" };
  state.reset = () => {
    const g = gameInfo(state.game);
    state.mode = g.modes[0].name;
    const bot = g.seat_kinds.find((k) => k.startsWith("bot:"));
    state.seats = ["human", bot || "human"];
    state.options = {};
  };
  state.reset();
  const form = h("section", { class: "panel new-table" });
  const invites = h("div", { id: "invites" });
  const nameInput = h("input", { id: "player-name", maxlength: String(NAME_MAX), value: myName(), autocomplete: "nickname", placeholder: t("lobby.your_name_placeholder"),
    onchange: (e) => { const name = cleanText(e.target.value, NAME_MAX); if (name) rememberName(name); } });
  const nameField = h("label", { class: "your-name" }, `${t("lobby.your_name")} `, nameInput);
  const playerName = () => cleanText(nameInput.value, NAME_MAX) || "";
  const draw = () => {
    const game = gameInfo(state.game);
    if (!game.board) {
      form.replaceChildren(h("h2", {}, t("lobby.new")), h("h3", {}, t("lobby.game")), chooser(state, draw), noBoard(game));
      return;
    }
    const mode = game.modes.find((m) => m.name === state.mode);
    const count = [mode.min_players, mode.max_players];
    while (state.seats.length < count[0]) state.seats.push("human");
    state.seats.length = Math.min(state.seats.length, count[1]);
    const total = state.seats.length + mode.automa_seats;
    const offered = game.lobby_options.filter((o) => {
      const spec = game.options.find((x) => x.name === o.name);
      const inMode = spec && (!spec.modes.length || spec.modes.includes(mode.name));
      return inMode && (!o.seats || (o.seats[0] <= total && total <= o.seats[1]));
    });
    for (const name of Object.keys(state.options)) if (!offered.some((o) => o.name === name)) delete state.options[name];
    const automa = Array.from({ length: mode.automa_seats }, () => h("li", {}, kindLabel(game.automa_kind)));
    const others = state.seats.filter((k) => k === "human").length > 1 && !state.hotseat;
    form.replaceChildren(...nodes(h("h2", {}, t("lobby.new")), nameField, h("h3", {}, t("lobby.game")), chooser(state, draw),
      h("label", {}, `${t("lobby.mode")} `, h("select", { id: "mode", onchange: (e) => { state.mode = e.target.value; draw(); } },
        ...game.modes.map((m) => h("option", { value: m.name, selected: m.name === state.mode }, modeTitle(game.name, m.name))))),
      h("h3", {}, t("lobby.seats")),
      h("ol", { class: "seats" }, ...state.seats.map((kind, i) => h("li", {},
        h("select", { class: "seat-kind", "data-seat": i, onchange: (e) => { state.seats[i] = e.target.value; draw(); } },
          ...game.seat_kinds.map((k) => h("option", { value: k, selected: k === kind }, kindLabel(k)))),
        state.seats.length > count[0] ? h("button", { onclick: () => { state.seats.splice(i, 1); draw(); } }, t("lobby.remove_seat")) : null)),
        ...automa),
      state.seats.length < count[1] ? h("button", { id: "add-seat", onclick: () => { state.seats.push("human"); draw(); } }, t("lobby.add_seat")) : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "hotseat", checked: state.hotseat, onchange: (e) => { state.hotseat = e.target.checked; draw(); } }), t("lobby.hotseat")),
      ...offered.map((o) => optionControl(o, game, state)),
      others ? friendsControls(state, game) : null,
      h("label", {}, `${t("lobby.name")} `, h("input", { id: "table-name", maxlength: "40", placeholder: t("lobby.name_placeholder") })),
      h("div", {}, h("button", { class: "primary", id: "create", onclick: create }, t("lobby.create"))), invites));
  };
  // The table is made; its page shows the creator the invite links of the free seats.
  const create = async () => {
    const humans = state.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = state.hotseat ? humans : humans.slice(0, 1);
    const player = playerName();
    if (player) rememberName(player);
    const friends = humans.length > mine.length ? { private: state.private, clock: state.clock, away: state.away, away_bot: state.awayBot } : {};
    try {
      const res = await api("/api/tables", { game: state.game, mode: state.mode, seats: state.seats, options: state.options, name: document.getElementById("table-name").value, mine, player, ...friends });
      const id = res.table.id;
      rememberCreator(id, res.creator);
      for (const s of res.seats) if (s.token && mine.includes(s.seat)) rememberSeat(id, s.seat, s.token);
      location.hash = `#/t/${id}`;
    } catch (err) { invites.replaceChildren(h("p", { class: "error" }, apiError(err))); }
  };
  draw();
  const list = h("section", { class: "panel tables" });
  const join = async (tb) => {
    try {
      const j = await api(`/api/tables/${tb.id}/join`, { name: playerName() });
      rememberSeat(tb.id, j.seat, j.token);
      location.hash = `#/t/${tb.id}`;
    } catch (err) { list.append(h("p", { class: "error" }, apiError(err))); }
  };
  const loadTables = async () => {
    const known = knownTables();
    const [{ tables }, mine] = await Promise.all([api("/api/tables"),
      known.length ? api("/api/tables/known", { tables: known }).catch(() => ({ tables: [] })) : { tables: [] }]);
    const ours = new Set(mine.tables.map((tb) => tb.id));
    const several = new Set([...tables, ...mine.tables].map((tb) => tb.game)).size > 1;
    const row = (tb) => h("li", { class: "table-row", "data-table": tb.id },
      h("b", {}, tb.name || t("lobby.untitled", { id: tb.id })), tb.private ? h("span", { class: "badge" }, t("table.private")) : null,
      several && gameInfo(tb.game) ? ` · ${gameTitle(gameInfo(tb.game))}` : "",
      ` · ${modeTitle(tb.game, tb.mode)} · `, h("span", { class: "people" }, joinList(tb.seats.map((s) => s.name || kindLabel(s.kind)))),
      tb.turn ? ` · ${t("lobby.turn", { n: tb.turn })} ` : " ",
      Object.keys(localSeats(tb.id)).length && tb.status === "running" ? h("a", { href: `#/t/${tb.id}`, class: "button" }, t("lobby.resume")) : null,
      tb.open_seats.length && tb.status === "running" && !tb.private && !Object.keys(localSeats(tb.id)).length ? h("button", { class: "join", onclick: () => join(tb) }, t("lobby.join")) : null,
      tb.status === "running" ? h("a", { href: `#/t/${tb.id}`, class: "button watch" }, t("lobby.watch")) : h("a", { href: `#/r/${tb.id}`, class: "button" }, t("lobby.replay")));
    const group = (title, rows) => rows.length ? [h("h3", {}, title), h("ul", {}, ...rows.map(row))] : [];
    const others = tables.filter((x) => !ours.has(x.id));
    const open = others.filter((x) => x.status === "running" && x.open_seats.length);
    const running = others.filter((x) => x.status === "running" && !x.open_seats.length);
    const done = others.filter((x) => x.status === "finished");
    const yours = mine.tables.filter((x) => x.status === "running");
    list.replaceChildren(h("h2", {}, t("lobby.tables"), " ", h("button", { onclick: loadTables }, t("lobby.refresh"))),
      ...(tables.length || yours.length ? [...group(t("lobby.yours"), yours), ...group(t("lobby.open"), open), ...group(t("lobby.running"), running), ...group(t("lobby.finished"), done)] : [h("p", {}, t("lobby.none"))]));
  };
  loadTables();
  main.replaceChildren(h("div", { class: "lobby" }, form, list));
}

// Who may join a table with other people, its clock, and what happens to an absent player.
function friendsControls(state, game) {
  const radio = (value, label) => h("label", { class: "check" }, h("input", { type: "radio", name: "visibility", id: value ? "private" : "public", checked: state.private === value,
    onchange: () => { state.private = value; } }), label);
  const bots = game.bots || [];
  if (!bots.includes(state.awayBot)) state.awayBot = bots[Math.floor(bots.length / 2)] || "";
  return h("fieldset", { class: "friends" }, h("legend", {}, t("lobby.who_joins")),
    radio(true, t("lobby.private")), radio(false, t("lobby.public")),
    h("label", { class: "option" }, `${t("lobby.clock")} `, h("select", { id: "clock", onchange: (e) => { state.clock = Number(e.target.value); } },
      ...CLOCKS.map((c) => h("option", { value: String(c), selected: c === state.clock }, c ? t("clock.minutes", { n: c / 60 }) : t("lobby.no_clock"))))),
    bots.length ? h("label", { class: "option" }, `${t("lobby.away")} `, h("select", { id: "away", onchange: (e) => { state.away = e.target.value; } },
      ...AWAY.map((a) => h("option", { value: a, selected: a === state.away }, t(`lobby.away.${a}`))))) : null,
    bots.length ? h("label", { class: "option" }, `${t("lobby.away_bot")} `, h("select", { id: "away-bot", onchange: (e) => { state.awayBot = e.target.value; } },
      ...bots.map((b) => h("option", { value: b, selected: b === state.awayBot }, botLabel(b))))) : null);
}

// One option of the game's metadata as a control: a checkbox for a yes/no option, a list for
// one with choices, a number field otherwise.
function optionControl(o, game, state) {
  const spec = game.options.find((x) => x.name === o.name);
  const value = o.name in state.options ? state.options[o.name] : spec.default;
  if (spec.type === "bool") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", id: `option-${o.name}`, "data-option": o.name, checked: !!value,
      onchange: (e) => { state.options[o.name] = e.target.checked; } }), t(o.label));
  }
  if (spec.choices.length) {
    return h("label", { class: "option" }, `${t(o.label)} `, h("select", { "data-option": o.name, onchange: (e) => { state.options[o.name] = e.target.value; } },
      ...spec.choices.map((c) => h("option", { value: c, selected: c === value }, t(`${o.label}.${c}`)))));
  }
  return h("label", { class: "option" }, `${t(o.label)} `, h("input", { type: "number", "data-option": o.name, min: spec.minimum ?? "", max: spec.maximum ?? "", value: value ?? "",
    onchange: (e) => { state.options[o.name] = e.target.value === "" ? null : Number(e.target.value); } }));
}
