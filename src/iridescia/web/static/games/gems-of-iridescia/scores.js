// The end of a game of Gems of Iridescia: the final score table (every seat's points by source,
// the winners, the places) and the way to its replay.
import { t, seatName, joinList } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";

const SOURCES = ["relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets", "tile_sets", "objective", "merchant", "overflow", "other"];
const SOURCE_KEY = { relic_points: "score.relics", tile_bonus_points: "score.tile_bonus" };

export function renderScores(table) {
  const r = table.result;
  const seats = r.scores.map((_, i) => i);
  const rows = SOURCES.filter((s) => r.scores.some((x) => x[s])).map((s) =>
    h("tr", {}, h("th", {}, t(SOURCE_KEY[s] || `score.${s}`)), ...seats.map((i) => h("td", {}, String(r.scores[i][s] || 0)))));
  const names = joinList(r.winners.map((i) => seatName(i)));
  return h("section", { class: "panel scores", id: "scores" }, h("h3", {}, t("score.title")),
    h("p", { class: "winner" }, t(r.winners.length > 1 ? "score.winners" : "score.winner", { seats: names })),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), ...seats.map((i) => h("th", {}, seatName(i))))),
      h("tbody", {}, ...rows,
        h("tr", { class: "total" }, h("th", {}, t("score.total")), ...seats.map((i) => h("td", {}, String(r.scores[i].total)))),
        h("tr", {}, h("th", {}, t("score.place")), ...seats.map((i) => h("td", {}, String(r.ranking[i])))))),
    h("p", {}, h("a", { href: `#/r/${table.id}`, id: "replay-link" }, t("table.replay"))));
}
