// The end of a game of Gem Rush (the plug-in's result(table, view); the table page shows it in
// its end-of-game dialog, the replay at its last step), from the result the server stores
// (web/games/gemrush_result.py): in Crisis the team's score against the target, won or lost, the
// level it reached and each player's share; in Rush the winners and every score against the
// target. Then every seat's statistics of the spec §8 kind (constructions, points per
// construction, room uses, cards per action...), the rooms used most, the game's figures, the
// provisional-components notice, and the way on (the replay, the analysis, a new game, the
// record to download).
import { t, render, seatName, has, lang } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { endActions } from "/static/js/end-actions.js";
import { roomName } from "./words.js";
import { dwarfIcon, pointsIcon } from "./icons.js";
import { provisionalNotice } from "./scores.js";

// The seat figures shown, in order (the result's SEAT_FIGURES that a reader cares about).
const SEAT_ROWS = ["constructions", "construction_points", "points_per_construction", "orichalcum_bonus", "warped_constructions",
  "free_doors", "room_points", "room_uses", "draw_actions", "room_actions", "cards_per_action", "burns_deck", "burns_hand"];
const GAME_ROWS = ["turns", "rounds", "constructions", "points_per_construction", "reshuffles", "burns", "tiles_placed", "tiles_removed", "mine_cart_rides", "stack_left"];

const names = (seats) => seats.map((s) => seatName(s)).join(t("end.and"));
const levelName = (level) => (has(`grw.level.${level}`) ? t(`grw.level.${level}`) : level);

// A figure as a reader wants it: whole numbers as they are, ratios with one decimal, none as
// "—", counts split by kind ({deck, hand}) as their total.
const total = (x) => (x && typeof x === "object" ? Object.values(x).reduce((a, b) => a + (Number(b) || 0), 0) : x);
function figure(raw) {
  const x = total(raw);
  if (x === null || x === undefined) return "—";
  if (typeof x === "number" && !Number.isInteger(x)) return x.toLocaleString(lang, { maximumFractionDigits: 1 });
  return String(x);
}

function headline(r) {
  let text;
  let verdict = "";
  if (r.mode === "crisis") {
    if (r.target) {
      text = t(r.won ? "gr.final.won" : "gr.final.lost", { score: r.team_score, target: r.target });
      verdict = r.won ? "won" : "lost";
    } else {
      text = t("gr.final.team", { score: r.team_score });
    }
  } else {
    text = r.winners.length > 1 ? t("gr.final.shared", { who: names(r.winners) }) : t("gr.final.winner", { who: names(r.winners) });
    verdict = "won";
  }
  const level = r.mode === "crisis" && r.level_reached ? t("grp.end.level_reached", { level: levelName(r.level_reached) }) : "";
  return { text, verdict, level };
}

// Every seat: score (share of the team in Crisis), then its figures.
function seatTable(r) {
  const seats = r.seats || r.scores.map((score, seat) => ({ seat, score }));
  const won = (s) => r.mode === "rush" && r.winners.includes(s);
  const head = h("tr", {}, h("td", {}), ...seats.map((s) => h("th", { scope: "col", class: won(s.seat) ? "won" : null }, dwarfIcon(s.seat, 18), h("span", { class: "seat-name" }, seatName(s.seat)))));
  const row = (key, cells, cls = null) => h("tr", { class: cls, "data-figure": key }, h("th", { scope: "row" }, t(`grp.end.fig.${key}`)), ...cells);
  const cell = (s, text) => h("td", { class: won(s.seat) ? "won" : null }, text);
  const rows = [
    row("score", seats.map((s) => cell(s, String(s.score))), "total"),
    r.mode === "crisis" ? row("share", seats.map((s) => cell(s, s.share === null || s.share === undefined ? "—" : `${Math.round(s.share * 100)}%`))) : null,
    ...SEAT_ROWS.filter((k) => seats.some((s) => s[k] !== undefined && s[k] !== null && s[k] !== 0)).map((k) => row(k, seats.map((s) => cell(s, figure(s[k]))))),
  ];
  return h("table", { class: "breakdown gr-end-seats", id: "score-breakdown" },
    h("caption", {}, t("grp.end.by_seat")), h("thead", {}, head), h("tbody", {}, ...rows));
}

function roomsTable(r) {
  const rooms = (r.rooms || []).slice(0, 8);
  if (!rooms.length) return null;
  return h("table", { class: "gr-end-rooms" },
    h("caption", {}, t("grp.end.rooms")),
    h("thead", {}, h("tr", {}, h("td", {}), ...["uses", "cards", "points"].map((c) => h("th", { scope: "col" }, t(`grp.end.room.${c}`))))),
    h("tbody", {}, ...rooms.map((x) => h("tr", { "data-room": x.room }, h("th", { scope: "row" }, roomName(x.room)),
      h("td", {}, figure(x.uses)), h("td", {}, figure(x.cards)), h("td", {}, figure(x.points))))));
}

function gameFigures(r) {
  const s = r.statistics || {};
  const shown = (k) => s[k] !== undefined && s[k] !== null && !(k === "burns" && !total(s[k])) && !(k === "mine_cart_rides" && !s[k]) && !(k === "tiles_removed" && !s[k]);
  const burns = (b) => (b && typeof b === "object" ? ` (${t("grp.end.burns_split", { deck: b.deck || 0, hand: (b.hand || 0) + (b.random || 0) })})` : "");
  const items = GAME_ROWS.filter(shown).map((k) => h("li", { "data-figure": k }, h("span", {}, t(`grp.end.game.${k}`)),
    h("b", {}, figure(s[k])), k === "burns" ? h("small", {}, burns(s[k])) : null));
  if (!items.length) return null;
  return h("section", { class: "gr-end-game" }, h("h3", {}, t("grp.end.game")), h("ul", {}, ...items));
}

export function renderResult(table) {
  const r = table.result;
  const actions = endActions(table);  // the way on, at the top: in sight however long the rest
  const { text, verdict, level } = headline(r);
  const why = r.why ? t("gr.final.why", { why: render(r.why) }) : "";
  return h("section", { class: `panel scores end-screen gr-end${verdict ? ` is-${verdict}` : ""}`, id: "scores", "aria-labelledby": "scores-title" },
    h("div", { class: "end-head" }, pointsIcon(null, 40),
      h("div", { class: "end-title" },
        h("h2", { id: "scores-title" }, t("gr.final.title", { mode: t(`gr.mode.${r.mode}`) })),
        h("p", { class: `winner gr-verdict${verdict ? ` is-${verdict}` : ""}`, id: "gr-verdict" }, text),
        level ? h("p", { class: "decided" }, level) : null,
        why ? h("p", { class: "decided" }, why) : null),
      actions),
    h("div", { class: "end-body" }, seatTable(r),
      h("div", { class: "end-more" }, roomsTable(r), gameFigures(r))),
    provisionalNotice());
}
