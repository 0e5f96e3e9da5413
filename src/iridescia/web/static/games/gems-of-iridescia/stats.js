// The statistics of spec section 10 on the end-of-game screen, one column per seat: turns,
// coins, mining (attempts, failures, gems mined), tiles by colour, relics by lead gem and by
// type, Iridia relics, items bought and used by kind, gems given and received, and the dice
// faces rolled as a small chart. Points by source are the score table's (scores.js).
import { t, seatName } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { colour, itemName } from "./words.js";
import { gemIcon, coinIcon } from "./icons.js";
import { diceChart } from "./end-icons.js";

const TILE_KEYS = ["amethyst", "citrine", "emerald", "sapphire", "rainbow"];
const LEAD_KEYS = ["amethyst", "citrine", "emerald", "sapphire", "wild"];
const TYPE_KEYS = ["jewelry", "tech", "lore"];

// Counts by gem: a gem (its shape) and its number for each colour, the wilds as the rainbow star.
function byGem(counts, keys) {
  return h("span", { class: "by-gem" }, ...keys.map((k) => {
    const gem = k === "wild" ? "rainbow" : k;
    const name = k === "wild" ? t("lead.wild") : colour(k);
    const n = counts[k] || 0;
    return h("span", { class: n ? "count" : "count zero", title: `${name}: ${n}` }, gemIcon(gem, 14, name), String(n));
  }));
}

function byType(counts) {
  return TYPE_KEYS.map((k) => t("end.stat.count", { name: t(`type.${k}`), n: counts[k] || 0 })).join(t("end.sep"));
}

// Items by kind, one chip each (a name never breaks across lines).
function items(counts) {
  const used = Object.entries(counts || {}).filter(([, n]) => n > 0);
  if (!used.length) return "—";
  return h("span", { class: "items" }, ...used.map(([k, n]) => h("span", { class: "chip item" }, t("end.stat.times", { name: itemName(k), n }))));
}

const ROWS = [
  ["turns_taken", (s) => String(s.turns_taken)],
  ["coins_collected", (s) => [coinIcon(null, 14), String(s.coins_collected)]],
  ["mining_attempts", (s) => String(s.mining_attempts)],
  ["failed_attempts", (s) => String(s.failed_attempts)],
  ["gems_mined", (s) => String(s.gems_mined ?? 0)],
  ["tiles_collected", (s) => byGem(s.tiles_collected, TILE_KEYS)],
  ["relics_by_lead", (s) => byGem(s.relics_by_lead, LEAD_KEYS)],
  ["relics_by_type", (s) => byType(s.relics_by_type)],
  ["iridia_relics", (s) => String(s.iridia_relics)],
  ["items_bought", (s) => items(s.items_bought)],
  ["items_used", (s) => items(s.items_used)],
  ["gems_given", (s) => String(s.gems_given ?? 0)],
  ["gems_received", (s) => String(s.gems_received ?? 0)],
  ["dice_faces", (s, i) => diceChart(s.dice_faces || {}, t("end.stat.dice_of", { seat: seatName(i), faces: [1, 2, 3, 4, 5, 6].map((f) => `${f}: ${(s.dice_faces || {})[f] || 0}`).join(t("end.sep")) }))],
];

export function renderStats(table, stats) {
  const seats = stats.map((_, i) => i);
  return h("details", { class: "end-stats", id: "end-stats", open: true },
    h("summary", {}, h("h3", {}, t("end.stats"))),
    h("div", { class: "table-scroll" }, h("table", { class: "stats" },
      h("thead", {}, h("tr", {}, h("td", {}), ...seats.map((i) => h("th", { scope: "col" }, seatName(i))))),
      h("tbody", {}, ...ROWS.map(([key, cell]) => h("tr", { "data-stat": key },
        h("th", { scope: "row" }, t(`end.stat.${key}`)), ...seats.map((i) => h("td", {}, cell(stats[i], i)))))))));
}
