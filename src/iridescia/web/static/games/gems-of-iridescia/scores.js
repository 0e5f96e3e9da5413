// The end of a game of Gems of Iridescia (the plug-in's result(table, view); the table page
// shows it in its end-of-game overlay, the replay at its last step): who won and, when seats
// tied on points, which tie-break of R33 decided; every seat's points by source (spec section
// 7's list, with a picture per source); every kept objective, revealed at the end and marked
// met or not (a discarded one stays secret: R12); the statistics of spec section 10
// (stats.js); and the way on: the replay, a new game with the same seats.
import { t, seatName, isAutoma } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { endActions } from "/static/js/end-actions.js";
import { objectiveName, objectiveTip } from "./words.js";
import { sourceIcon, trophyIcon, crownIcon } from "./end-icons.js";
import { gemIcon } from "./icons.js";
import { renderStats } from "./stats.js";

const SOURCES = ["relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets", "tile_sets", "objective", "merchant", "overflow", "other"];
const SOURCE_KEY = { relic_points: "score.relics", tile_bonus_points: "score.tile_bonus" };
const sourceName = (s) => t(SOURCE_KEY[s] || `score.${s}`);

// "Ada" / "Ada and Bo" in the reader's language.
function names(seats) {
  return seats.map((i) => seatName(i)).join(t("end.and"));
}

// The headline: a solo game says who of you and the Rhom won and by how much; otherwise the
// winners, and what separated the seats tied on points.
function headline(table, r, actions) {
  const kinds = table.seats.map((s) => s.kind);
  const rhom = kinds.findIndex((k) => isAutoma(k));
  const people = kinds.map((k, i) => (isAutoma(k) ? -1 : i)).filter((i) => i >= 0);
  const total = (i) => r.scores[i].total;
  let text;
  if (rhom >= 0 && people.length === 1) {
    const you = people[0];
    const key = r.winners.length > 1 ? "score.solo.draw" : r.winners[0] === you ? "score.solo.win" : "score.solo.loss";
    text = t(key, { you: total(you), rhom: total(rhom) });
  } else {
    text = t(r.winners.length > 1 ? "score.winners" : "score.winner", { seats: names(r.winners) });
  }
  const top = Math.max(...r.scores.map((s) => s.total));
  const tied = r.scores.map((s, i) => (s.total === top ? i : -1)).filter((i) => i >= 0);
  const decided = r.decided_by && r.decided_by !== "points"
    ? h("p", { class: "decided", id: "decided-by" }, t(`end.decided.${r.decided_by}`, { points: top, seats: names(tied), winners: names(r.winners) }))
    : null;
  return h("div", { class: "end-head" }, trophyIcon(40),
    h("div", { class: "end-title" }, h("h2", { id: "scores-title" }, t("score.title")), h("p", { class: "winner" }, text), decided),
    actions);
}

// One seat's column head: its name and its place.
function seatHead(r, i) {
  const won = r.winners.includes(i);
  return h("th", { scope: "col", class: won ? "won" : null },
    won ? crownIcon(16, t("end.first")) : null, h("span", { class: "seat-name" }, seatName(i)));
}

// Points by source, one column per seat; R33's tie-break facts under the total when they
// mattered.
function breakdown(r) {
  const seats = r.scores.map((_, i) => i);
  const cell = (i, content, cls = null) => h("td", { class: [r.winners.includes(i) ? "won" : "", cls || ""].join(" ").trim() || null }, content);
  const rows = SOURCES.filter((s) => r.scores.some((x) => x[s])).map((s) =>
    h("tr", { "data-source": s }, h("th", { scope: "row" }, sourceIcon(s), h("span", {}, sourceName(s))),
      ...seats.map((i) => cell(i, String(r.scores[i][s] || 0), r.scores[i][s] ? null : "zero"))));
  const tiebreak = r.decided_by && r.decided_by !== "points" && r.tiebreak
    ? h("tr", { class: "tiebreak" }, h("th", { scope: "row" }, t("end.tiebreak")), ...seats.map((i) => {
      const tb = r.tiebreak[i];
      return cell(i, [tb.iridia_stone ? gemIcon("iridia", 16, t("score.iridia_stone")) : null, tb.token ? t(`token.${tb.token}`) : "—"].filter(Boolean));
    }))
    : null;
  return h("table", { class: "breakdown", id: "score-breakdown" },
    h("caption", {}, t("end.breakdown")),
    h("thead", {}, h("tr", {}, h("td", {}), ...seats.map((i) => seatHead(r, i)))),
    h("tbody", {}, ...rows,
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("score.total")), ...seats.map((i) => cell(i, String(r.scores[i].total)))),
      tiebreak,
      h("tr", { class: "place" }, h("th", { scope: "row" }, t("score.place")), ...seats.map((i) => cell(i, t(r.ranking[i] === 1 ? "end.place_first" : "end.place", { n: r.ranking[i] }))))));
}

// Every seat's kept objective, revealed, met or not.
function objectives(table, r) {
  if (!r.objectives) return null;
  const items = r.objectives.map((o, i) => {
    if (!o.held.length) return isAutoma(table.seats[i].kind) ? null : h("li", {}, h("b", {}, seatName(i)), " ", t("end.no_objective"));
    return h("li", { class: o.met ? "met" : "missed", "data-seat": String(i) },
      h("b", {}, seatName(i)),
      ...o.held.map((id) => h("span", { class: "chip objective", title: objectiveTip({ id }), "data-tip": objectiveTip({ id }) }, objectiveName(id))),
      h("span", { class: `verdict ${o.met ? "met" : "missed"}` },
        o.met ? t("end.objective_met", { points: o.points }) : t("end.objective_missed")));
  });
  return h("section", { class: "end-objectives", id: "end-objectives" },
    h("h3", {}, sourceIcon("objective"), t("end.objectives")), h("ul", {}, ...items));
}

export function renderScores(table) {
  const r = table.result;
  const actions = endActions(table);  // the way on, at the top: in sight however long the rest
  return h("section", { class: "panel scores end-screen", id: "scores", "aria-labelledby": "scores-title" },
    headline(table, r, actions),
    h("div", { class: "end-body" }, breakdown(r),
      h("div", { class: "end-more" }, objectives(table, r), r.statistics ? renderStats(table, r.statistics) : null)));
}
