// The lobby: your name (remembered in this browser), then choose a game (every game the server
// has, each with its cover picture: its notice, and whether the browser has a board for it) and
// how to play it: four starts (solo against the game's automa, hot-seat, with friends, against
// bots) that set the table's settings below, which stay open to change: its mode, the seats
// (people or bots, within the mode's range), the options the game's lobby offers, hot-seat; who
// may join (private: only by the invite links, one per free seat, which the table page shows
// its creator; public: listed here), the turn clock and what happens to an absent player; a
// table name. Next to it: the tables (lobby-tables.js). Everything about a game comes from
// /api/meta, so the starts are found from the modes' seat ranges, never from a game's name.
import { t, kindLabel, botLabel, seatNumber, has } from "./i18n.js";
import { h, nodes, keepFocus } from "./dom.js";
import { allGames, gameInfo, gameTitle, modeTitle, gameNotice, gamePlugin } from "./games.js";
import { LOBBY_GAME, NAME_MAX, cleanText, myName, rememberCreator, rememberName, rememberSeat } from "./store.js";
import { api, apiError } from "./api.js";
import { coverPicture, startPicture } from "./lobby-art.js";
import { tablesPanel } from "./lobby-tables.js";
import { hintsControl, rememberHints } from "./hints.js";

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
      h("input", { type: "radio", name: "game", value: g.name, checked: chosen, onchange: () => { state.game = g.name; localStorage.setItem(LOBBY_GAME, g.name); state.reset(); draw(); } }),
      gameCover(g),
      h("span", { class: "game-head" }, h("b", { class: "game-title" }, gameTitle(g)), h("small", {}, gamePlayers(g)),
        g.board ? h("small", { class: "game-modes" }, g.modes.map((m) => modeTitle(g.name, m.name)).join(" · ")) : null,
        g.board ? null : h("span", { class: "badge" }, t("lobby.terminal_only"))),
      notice ? noticeBox(g, notice) : null);
  }));
}

// A game's notice (provisional components...), one click away: its short title, which opens to
// the whole text. Clicking it opens the notice without choosing the game.
function noticeBox(game, notice) {
  const short = `notice.short.${game.name}`;
  return h("details", { class: "notice", "data-notice": game.name, onclick: (e) => e.stopPropagation() },
    h("summary", {}, has(short) ? t(short) : t("lobby.notice")), h("span", { class: "notice-text" }, notice));
}

// A game's picture: its plug-in's cover() when it has one (drawn once the plug-in is loaded),
// else one drawn from its name.
const covers = new Map();
function gameCover(game) {
  const slot = h("span", { class: "cover-slot" }, covers.get(game.name)?.cloneNode(true) || coverPicture(game.name));
  if (game.board && !covers.has(game.name)) {
    covers.set(game.name, null);
    gamePlugin(game.name).then((plugin) => {
      if (!plugin || typeof plugin.cover !== "function") return;
      covers.set(game.name, plugin.cover());
      document.querySelectorAll(`.game-choice[data-game="${CSS.escape(game.name)}"] .cover-slot`).forEach((s) => s.replaceChildren(covers.get(game.name).cloneNode(true)));
    }).catch(() => {});  // no picture of its own: the drawn one stays
  }
  return slot;
}

// What the lobby says about a game the browser cannot play yet: its modes and the terminal.
function noBoard(game) {
  return h("div", { class: "no-board-info", id: "no-board" },
    h("h3", {}, t("lobby.modes")),
    h("ul", { class: "modes" }, ...game.modes.map((m) => h("li", { "data-mode": m.name }, h("b", {}, modeTitle(game.name, m.name)), ` — ${playersText(m.min_players, m.max_players)}`))),
    h("p", { class: "coming" }, t("lobby.no_board"), " ", h("code", {}, game.terminal)));
}

// The ways to start a table of a game, found from its modes: [{kind, mode, seats, hotseat}].
// Solo: a mode one person plays (against the game's automa when the mode has one); the others:
// a mode of two or more seats without an automa (or any), with people or a bot in seat 2.
export function startsOf(game) {
  const solo = game.modes.find((m) => m.min_players === 1 && m.automa_seats > 0) || game.modes.find((m) => m.min_players === 1);
  const many = game.modes.find((m) => m.max_players >= 2 && !m.automa_seats) || game.modes.find((m) => m.max_players >= 2);
  const bot = game.seat_kinds.find((k) => k.startsWith("bot:"));
  const starts = [];
  if (solo) starts.push({ kind: "solo", mode: solo.name, seats: ["human"], hotseat: false });
  if (many) {
    starts.push({ kind: "hotseat", mode: many.name, seats: ["human", "human"], hotseat: true });
    starts.push({ kind: "friends", mode: many.name, seats: ["human", "human"], hotseat: false });
    if (bot) starts.push({ kind: "bots", mode: many.name, seats: ["human", bot], hotseat: false });
  }
  return starts;
}

// Which start the settings are now (they may have been changed by hand since).
function currentStart(state) {
  const humans = state.seats.filter((k) => k === "human").length;
  if (state.seats.some((k) => k.startsWith("bot:"))) return "bots";
  if (humans <= 1) return "solo";
  return state.hotseat ? "hotseat" : "friends";
}

// A start's title and the line under it: the solo start names the automa it plays against.
function startTexts(start, game) {
  const mode = game.modes.find((m) => m.name === start.mode);
  if (start.kind === "solo" && mode.automa_seats) {
    const kind = game.automa_kind;
    const automa = has(`seat.${kind}`) ? t(`seat.${kind}`) : kindLabel(kind);
    return [t("lobby.start.solo_automa", { automa }), t("lobby.start.solo_automa_hint", { automa })];
  }
  return [t(`lobby.start.${start.kind}`), t(`lobby.start.${start.kind}_hint`)];
}

function startChooser(state, game, draw) {
  const chosen = currentStart(state);
  const starts = startsOf(game);
  const pick = (s) => {
    state.mode = s.mode;
    state.seats = [...s.seats];
    state.hotseat = s.hotseat;
    draw();
    const button = document.querySelector(`.start[data-start="${s.kind}"]`);
    if (button) button.focus();
  };
  // A radio group: Tab reaches the chosen start, the arrows move between them (and choose).
  const keys = (ev, i) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (!step) return;
    ev.preventDefault();
    pick(starts[(i + step + starts.length) % starts.length]);
  };
  return h("div", { class: "starts", role: "radiogroup", "aria-labelledby": "starts-title" }, ...starts.map((s, i) => {
    const [title, hint] = startTexts(s, game);
    const on = s.kind === chosen;
    return h("button", { type: "button", class: `start${on ? " chosen" : ""}`, role: "radio", "aria-checked": on ? "true" : "false", tabindex: on ? "0" : "-1",
      "data-start": s.kind, onclick: () => pick(s), onkeydown: (ev) => keys(ev, i) },
    startPicture(s.kind), h("b", { class: "start-title" }, title), h("small", { class: "start-hint" }, hint));
  }));
}

export function lobby(main) {
  const games = allGames();
  const saved = localStorage.getItem(LOBBY_GAME);
  const state = { game: gameInfo(saved) ? saved : games[0].name, hotseat: false, options: {}, private: true, clock: 0, away: "vote", awayBot: "medium" };
  state.reset = () => {
    const g = gameInfo(state.game);
    state.mode = g.modes[0].name;
    const bot = g.seat_kinds.find((k) => k.startsWith("bot:"));
    state.seats = ["human", bot || "human"];
    state.hotseat = false;
    state.options = {};
  };
  state.reset();
  const form = h("section", { class: "panel new-table", "aria-labelledby": "new-title" });
  const invites = h("div", { id: "invites", role: "status" });
  const nameInput = h("input", { id: "player-name", maxlength: String(NAME_MAX), value: myName(), autocomplete: "nickname", placeholder: t("lobby.your_name_placeholder"),
    onchange: (e) => { const name = cleanText(e.target.value, NAME_MAX); if (name) rememberName(name); } });
  const nameField = h("div", { class: "your-name" }, h("label", { for: "player-name" }, t("lobby.your_name")), nameInput);
  const playerName = () => cleanText(nameInput.value, NAME_MAX) || "";
  // The table name typed so far survives the redraws that changing a setting makes.
  const tableName = h("input", { id: "table-name", maxlength: "40", placeholder: t("lobby.name_placeholder") });
  const draw = () => keepFocus(form, drawForm);
  const drawForm = () => {
    const game = gameInfo(state.game);
    const top = [h("div", { class: "new-head" }, h("h2", { id: "new-title" }, t("lobby.new")), nameField), h("h3", { id: "games-title" }, t("lobby.game")), chooser(state, draw)];
    if (!game.board) {
      form.replaceChildren(...top, noBoard(game));
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
    const automa = Array.from({ length: mode.automa_seats }, () => h("li", { class: "automa-seat" }, kindLabel(game.automa_kind)));
    const humans = state.seats.filter((k) => k === "human").length;
    const others = humans > 1 && !state.hotseat;
    const seatRow = (kind, i) => h("li", {},
      h("select", { class: "seat-kind", "data-seat": i, "aria-label": seatNumber(i), onchange: (e) => { state.seats[i] = e.target.value; draw(); } },
        ...game.seat_kinds.map((k) => h("option", { value: k, selected: k === kind }, kindLabel(k)))),
      state.seats.length > count[0] ? h("button", { type: "button", class: "remove-seat", "aria-label": t("lobby.remove_seat_n", { seat: seatNumber(i) }), onclick: () => { state.seats.splice(i, 1); draw(); } }, t("lobby.remove_seat")) : null);
    const settings = h("div", { class: "settings" },
      h("div", { class: "setting-col" },
        h("label", { class: "option", for: "mode" }, t("lobby.mode")),
        h("select", { id: "mode", onchange: (e) => { state.mode = e.target.value; draw(); } },
          ...game.modes.map((m) => h("option", { value: m.name, selected: m.name === state.mode }, modeTitle(game.name, m.name)))),
        h("h4", { id: "seats-title" }, t("lobby.seats")),
        h("ol", { class: "seats", "aria-labelledby": "seats-title" }, ...state.seats.map(seatRow), ...automa),
        state.seats.length < count[1] ? h("button", { type: "button", id: "add-seat", onclick: () => { state.seats.push("human"); draw(); } }, t("lobby.add_seat")) : null),
      h("div", { class: "setting-col" },
        humans > 1 ? h("label", { class: "check" }, h("input", { type: "checkbox", id: "hotseat", checked: state.hotseat, onchange: (e) => { state.hotseat = e.target.checked; draw(); } }), t("lobby.hotseat")) : null,
        ...offered.map((o) => optionControl(o, game, state)),
        others ? null : hintsControl(state),
        h("label", { class: "option", for: "table-name" }, t("lobby.name")), tableName),
      others ? friendsControls(state, game) : null);
    form.replaceChildren(...nodes(...top,
      h("h3", { id: "starts-title" }, t("lobby.how")), startChooser(state, game, draw),
      h("details", { class: "table-settings", open: true }, h("summary", {}, t("lobby.settings")), settings),
      h("div", { class: "create-row" }, h("button", { type: "button", class: "primary big", id: "create", onclick: create }, t("lobby.create")), invites)));
  };
  // The table is made; its page shows the creator the invite links of the free seats.
  const create = async () => {
    const humans = state.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = state.hotseat ? humans : humans.slice(0, 1);
    const player = playerName();
    if (player) rememberName(player);
    const friends = humans.length > mine.length ? { private: state.private, clock: state.clock, away: state.away, away_bot: state.awayBot } : {};
    try {
      const res = await api("/api/tables", { game: state.game, mode: state.mode, seats: state.seats, options: state.options, name: tableName.value, mine, player, ...friends });
      const id = res.table.id;
      rememberCreator(id, res.creator);
      for (const s of res.seats) if (s.token && mine.includes(s.seat)) rememberSeat(id, s.seat, s.token);
      if (state.hints && humans.length === mine.length) rememberHints(id);
      location.hash = `#/t/${id}`;
    } catch (err) { invites.replaceChildren(h("p", { class: "error" }, apiError(err))); }
  };
  draw();
  main.replaceChildren(h("div", { class: "lobby" },
    h("h1", { class: "lobby-title" }, t("lobby.welcome")), form, tablesPanel(playerName)));
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
// one with choices, a number field otherwise (left empty, an option that may be unset keeps
// the game's own value: its hint says which, from the label's ".empty" text when there is one).
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
  const empty = spec.nullable && has(`${o.label}.empty`) ? t(`${o.label}.empty`) : "";
  return h("label", { class: "option" }, `${t(o.label)} `, h("input", { type: "number", "data-option": o.name, min: spec.minimum ?? "", max: spec.maximum ?? "", value: value ?? "",
    placeholder: empty, step: "1", inputmode: "numeric",
    onchange: (e) => {
      const n = Number(e.target.value);
      const ok = e.target.value !== "" && Number.isInteger(n);
      if (ok || spec.nullable) state.options[o.name] = ok ? n : null;
    } }));
}
