// The games the server offers (from /api/meta), their action tables and their browser plug-ins,
// found by name: a game with a board has its plug-in in /static/games/<name>/index.js, whose
// default export is
//   {name, setData(data), board(view, ctx) -> svg, panels(st, view, ctx) -> element,
//    result(table, view) -> element | null, and optionally aid() -> [{id, title, body}] (the
//    rules dialog's sections, js/learn.js), coach(st, {actions, log, seen}) -> lesson (the
//    tutorial's, js/tutorial.js), areas(st, view, ctx) -> {me, others, market, track} (the
//    panels as parts the table page places around the board) and decorate(event) -> element |
//    null (a picture in front of the event's log line), project(view, events) -> view (a new
//    view with the public effects of other seats' events applied, never changing the old one:
//    playback shows the Rhom's and bots' steps on the board one by one, before the state that
//    ends their turn corrects everything)}
// ctx: {seat, table, at(place) -> action texts, pick(texts, event), events, before, motion}:
// `events` are the events of the step on screen (what just happened: the board marks the last
// move from them), `before` the view before that step (or null: nothing to animate from), and
// `motion` the animation time of one step in ms (0: no motion). The generic client (lobby,
// table shell, log, actions, undo, replay, languages) knows no game beyond this.
import { t, has } from "./i18n.js";

let games = [];
const plugins = new Map();
const tables = new Map();

export function setGames(list) { games = list; }
export function allGames() { return games; }
export function gameInfo(name) { return games.find((g) => g.name === name) || null; }

export function gameTitle(game) {
  return has(`game.${game.name}`) ? t(`game.${game.name}`) : game.title;
}

export function modeTitle(gameName, mode) {
  const key = `mode.${gameName}.${mode}`;
  if (has(key)) return t(key);
  const game = gameInfo(gameName);
  const m = game && game.modes.find((x) => x.name === mode);
  return m ? m.title : mode;
}

export function gameNotice(game) {
  if (!game.notice) return null;
  return has(`notice.${game.name}`) ? t(`notice.${game.name}`) : game.notice;
}

export async function gamePlugin(name) {
  const game = gameInfo(name);
  if (!game || !game.board) return null;
  if (!plugins.has(name)) {
    plugins.set(name, import(`/static/games/${encodeURIComponent(name)}/index.js`).then((m) => {
      const plugin = m.default;
      if (plugin.name !== name) throw new Error(`the plug-in for ${name} says it is ${plugin.name}`);
      plugin.setData(game.data);
      return plugin;
    }));
  }
  return plugins.get(name);
}

// A game's actions as the browser offers them, by id: {text, label, at} (fetched once; a state
// message then names the legal ones by id, with the labels that depend on the state).
export async function actionTable(name) {
  if (!tables.has(name)) {
    tables.set(name, fetch(`/api/games/${encodeURIComponent(name)}/actions`).then((r) => r.json()).then((d) => d.actions));
  }
  return tables.get(name);
}

// The legal actions of a state message: [{id, text, label, at}].
export function legalActions(st, table) {
  return (st.actions || []).map((id) => ({ id, ...table[id], label: (st.labels || {})[id] ?? table[id].label }));
}
