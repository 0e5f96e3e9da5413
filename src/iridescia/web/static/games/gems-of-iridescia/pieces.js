// The small pieces the panels are made of, drawn as the game's components: counters (a gem, a
// coin, a stone die with its number), item cards, relic cards, objective cards, collected
// tiles. Each piece carries its full text as a tooltip (title for the mouse, data-tip for a
// tap), so a compact piece never hides what it is.
import { t } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { gemIcon, coinIcon, pointsIcon, stoneDieIcon, categoryIcon, cardBackIcon } from "./icons.js";
import { colour, capital, itemName, itemData, itemTip, relicName, relicTip, objectiveName, objectiveTip, timingShort, tileText, tileRegion, leadName, categoryName } from "./words.js";

export const GEMS = ["amethyst", "citrine", "emerald", "sapphire"];
// The regions' colours (the same as the board's face-down tiles), for collected tiles.
export const REGION_COLOUR = { desert: "#d9b97a", canyon: "#c0764a", forest: "#4f7a4a", ruins: "#8a8f99", castle: "#b59ad6" };
export const REGIONS = ["desert", "canyon", "forest", "ruins", "castle"];

// An icon with a number beside it; `label` says what it counts (tooltip and screen readers).
export function counter(icon, n, label, cls = "") {
  return h("span", { class: `counter ${cls}`.trim(), title: label, role: "img", "aria-label": label }, icon, h("b", {}, String(n)));
}

// (no "gem-<colour>" class: the old stylesheet paints those as coloured pills)
export const gemCounter = (c, n, cls = "") => counter(gemIcon(c, 18), n, capital(t("panels.gems_of", { n, colour: colour(c) })), `gem-count ${cls}`);
export const coinCounter = (n) => counter(coinIcon(null, 18), n, t("panels.coins", { n }), "coins");
export const stoneCounter = (n) => counter(stoneDieIcon(null, 18), n, t("panels.stone_dice", { n }), "stone");
// A player's points, the sources in its tooltip ("relics 12, tile bonuses 3").
export function pointsBadge(n, sources = {}) {
  const parts = Object.entries(sources).filter(([, v]) => v).map(([k, v]) => t("panels.source_n", { source: t(`panels.source.${k}`), n: v }));
  const label = parts.length ? `${t("panels.points", { n })} (${parts.join(t("list.sep"))})` : t("panels.points", { n });
  return h("span", { class: "points-badge", title: label, role: "img", "aria-label": label }, pointsIcon(n, 26));
}

// A cost in gems: one gem icon per gem (the cost is read at a glance, colour-blind players by
// the shapes).
export function gemCost(cost) {
  const gems = Object.entries(cost).flatMap(([c, n]) => Array.from({ length: n }, () => gemIcon(c, 15)));
  return h("span", { class: "gem-cost", title: t("panels.cost_gems"), role: "img", "aria-label": Object.entries(cost).filter(([, n]) => n).map(([c, n]) => t("panels.n_of", { n, what: colour(c) })).join(t("list.sep")) }, ...gems);
}

// An item card: name, cost (a coin), text and when it can be played. `slot`: its place in the
// market (1-based), `copies`: how many of it the market shows.
export function itemCard(key, { slot = null, copies = 1, small = false } = {}) {
  const it = itemData(key);
  const tip = itemTip(key);
  return h("div", { class: `card item${small ? " small" : ""}`, title: tip, "data-tip": tip, "data-item": key },
    h("div", { class: "card-top" },
      h("span", { class: "card-name" }, itemName(key)),
      it ? h("span", { class: "item-cost", title: t("panels.item_cost", { n: it.cost }) }, coinIcon(it.cost, small ? 18 : 22)) : null),
    h("div", { class: "card-text" }, t(`itemtext.${key}`)),
    h("div", { class: "card-foot" },
      it ? h("span", { class: `timing timing-${it.timing}` }, timingShort(it.timing)) : null,
      copies > 1 ? h("span", { class: "copies", title: t("panels.copies", { n: copies }) }, `×${copies}`) : null,
      slot !== null ? h("span", { class: "slot-no", "aria-hidden": "true" }, String(slot)) : null));
}

// A relic card: its lead gem and category, name, points and cost. `small`: for a player's
// board (name, points, lead and category; the rest in the tooltip).
export function relicCard(r, { small = false, extra = "" } = {}) {
  const tip = relicTip(r);
  return h("div", { class: `card relic lead-${r.lead}${small ? " small" : ""}${extra ? ` ${extra}` : ""}`, title: tip, "data-tip": tip, "data-relic": r.id },
    h("div", { class: "card-top" },
      h("span", { class: "relic-marks" }, gemIcon(r.lead === "wild" ? "rainbow" : r.lead, small ? 14 : 16, t("panels.lead", { lead: leadName(r.lead) })),
        categoryIcon(r.type, small ? 14 : 16, categoryName(r.type))),
      h("span", { class: "relic-points" }, pointsIcon(r.points, small ? 18 : 22, t("panels.points", { n: r.points })))),
    h("div", { class: "card-name" }, relicName(r.id)),
    small ? null : h("div", { class: "card-foot" }, h("small", { class: "card-meta" }, categoryName(r.type)), gemCost(r.cost)));
}

// One of your secret objectives, face up: name, points and the condition.
export function objectiveCard(o, { discarded = false } = {}) {
  const tip = objectiveTip(o);
  const condition = tip.includes(": ") ? tip.slice(tip.indexOf(": ") + 2) : tip;
  return h("div", { class: `card objective${discarded ? " discarded" : ""}`, title: tip, "data-tip": tip, "data-objective": o.id },
    h("div", { class: "card-top" }, h("span", { class: "card-name" }, objectiveName(o.id)), pointsIcon(o.points, 20, t("panels.points", { n: o.points }))),
    h("div", { class: "card-text" }, discarded ? t("panels.discarded") : condition));
}

// Secret objectives seen from behind: one card back per objective.
export function objectiveBacks(n) {
  const label = t("panels.secret_objectives", { n });
  return h("span", { class: "objective-backs", title: label, role: "img", "aria-label": label }, ...Array.from({ length: n }, () => cardBackIcon(null, 16, "", "#6b5a86")));
}

// A collected tile: its region's colour, its gem, and its bonus as a small icon.
export function tileChip(tile) {
  const region = tileRegion(tile);
  const label = region ? `${tileText(tile)} (${t(`region.${region}`)})` : tileText(tile);
  const bonus = tile.bonus === "coins" ? coinIcon(tile.amount, 11) : tile.bonus === "points" ? pointsIcon(tile.amount, 11) : tile.bonus === "stone_die" ? stoneDieIcon(null, 11) : null;
  return h("span", { class: `tile-chip region-${region || "none"}`, style: `--region:${REGION_COLOUR[region] || "#ccc"}`, title: label, role: "img", "aria-label": label },
    gemIcon(tile.gem, 16), bonus ? h("span", { class: "tile-bonus" }, bonus) : null);
}
