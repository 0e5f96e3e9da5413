// A player's board, as the explorer's own board in the box: the pawn and name, points, the
// cargo hold (as many slots as the rules' cargo limit, gems beyond it shown as overflow), coins,
// stone dice, the royalty token and the Iridia Stone, items in hand as small cards, the victory
// pile (tiles sorted by gem or by region; relics by lead gem or by category: the choice is
// remembered in localStorage), the reserved relic and the secret objectives (yours face up,
// others' as card backs). `compact` draws an opponent's board in two short lines: the same
// facts, the details in tooltips. Your cargo, hand, reserved relic and objectives take the
// actions that belong to them (gem:<colour>, item:<key>, relic:<id>, objective:<id>).
import { t, seatName, seatPresence } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { CLAN } from "./board.js";
import { gemIcon, crownIcon, categoryIcon, merchantIcon } from "./icons.js";
import { colour, itemName, itemTip, tileRegion, leadName, categoryName, objectiveName, objectiveTip } from "./words.js";
import { GEMS, REGIONS, REGION_COLOUR, counter, gemCounter, coinCounter, stoneCounter, pointsBadge, itemCard, relicCard, objectiveCard, objectiveBacks, tileChip } from "./pieces.js";
import { rollRow } from "./markets.js";
import { before, bump, arrive } from "./panel-motion.js";

const TILE_GEMS = [...GEMS, "rainbow", "iridia"];
const LEADS = [...GEMS, "wild"];
const CATEGORIES = ["jewelry", "tech", "lore", "iridia"];
export const SORTS = { tiles: ["gem", "region"], relics: ["gem", "category"] };

export function sortChoice(what) {
  const saved = localStorage.getItem(`iridescia.sort.${what}`);
  return SORTS[what].includes(saved) ? saved : SORTS[what][0];
}

export const totalPoints = (p) => Object.values(p.points || {}).reduce((a, b) => a + b, 0);
export const clanColour = (p) => (p.rhom ? "#6c757d" : CLAN[p.seat % CLAN.length]);

// The victory pile's tiles in groups, by gem or by region: [[key, tiles]].
function tileGroups(pile, by) {
  const keys = by === "region" ? REGIONS : TILE_GEMS;
  const of = by === "region" ? (x) => tileRegion(x) : (x) => x.gem;
  const other = by === "region" ? (x) => TILE_GEMS.indexOf(x.gem) : (x) => REGIONS.indexOf(tileRegion(x));
  return keys.map((k) => [k, pile.filter((x) => of(x) === k).sort((a, b) => other(a) - other(b))]).filter(([, xs]) => xs.length);
}

function relicGroups(relics, by) {
  const keys = by === "category" ? CATEGORIES : LEADS;
  const of = by === "category" ? (r) => r.type : (r) => r.lead;
  return keys.map((k) => [k, relics.filter((r) => of(r) === k)]).filter(([, xs]) => xs.length);
}

// The picture of a sort choice: a gem, the regions' colours, a relic's category.
function sortPicture(choice) {
  if (choice === "region") return h("span", { class: "region-mosaic", "aria-hidden": "true" }, ...REGIONS.slice(0, 4).map((r) => h("span", { style: `background:${REGION_COLOUR[r]}` })));
  if (choice === "category") return categoryIcon("lore", 14);
  return gemIcon("sapphire", 14);
}

// A two-way switch (by gem / by region), two small picture buttons under the row's label: a
// choice is remembered and `redraw(what)` called.
function sortSwitch(what, redraw) {
  const current = sortChoice(what);
  return h("span", { class: "sort-switch", role: "group", "aria-label": t(`panels.sort.${what}`) },
    ...SORTS[what].map((choice) => h("button", {
      class: `sort-choice${choice === current ? " on" : ""}`, type: "button", "aria-pressed": choice === current ? "true" : "false",
      "data-sort": `${what}:${choice}`, title: t(`panels.sort_by.${choice}`), "aria-label": t(`panels.sort_by.${choice}`),
      onclick: (ev) => {
        ev.stopPropagation();
        localStorage.setItem(`iridescia.sort.${what}`, choice);
        redraw(`${what}:${choice}`);
        document.querySelectorAll(".victory-counts").forEach((n) => n.redraw && n.replaceWith(n.redraw()));
      },
    }, sortPicture(choice))));
}

function groupMark(by, key) {
  if (by === "region") return h("span", { class: "region-mark", style: `background:${REGION_COLOUR[key]}`, title: t(`region.${key}`) });
  if (by === "category") return categoryIcon(key, 14, categoryName(key));
  return gemIcon(key === "wild" ? "rainbow" : key, 14, key === "wild" ? leadName(key) : colour(key));
}

// A row of a big board: its label in a column of its own, then what it shows (wrapping under
// itself, never under the label).
function row(label, cls, ...content) {
  return h("div", { class: `board-row ${cls}`.trim() }, h("span", { class: "row-label" }, label), h("div", { class: "row-body" }, ...content));
}

// A row of the victory pile: the sort switch goes under the label.
function sortedRow(label, cls, sorter, ...content) {
  return h("div", { class: `board-row ${cls}` }, h("span", { class: "row-label" }, h("span", {}, label), sorter), h("div", { class: "row-body" }, ...content));
}

// The victory pile on a big board: tiles as small tiles, relics as small cards, in groups.
// A sort switch redraws it in place (the focus stays on the switch).
function victoryPile(p, was = null, ctx = null) {
  const tiles = sortChoice("tiles");
  const relics = sortChoice("relics");
  const redraw = (sort) => {
    const again = victoryPile(p);  // (no motion on a re-sort)
    holder.replaceWith(again);
    const button = again.querySelector(`[data-sort="${sort}"]`);
    if (button) button.focus();
  };
  const holder = h("div", { class: "victory", "data-sort-tiles": tiles, "data-sort-relics": relics },
    sortedRow(t("panels.tiles", { n: p.victory_pile.length }), "tiles-row", p.victory_pile.length > 1 ? sortSwitch("tiles", redraw) : null,
      h("span", { class: "tile-groups" }, ...tileGroups(p.victory_pile, tiles).map(([k, xs]) => h("span", { class: "group", "data-group": k }, ...xs.map((x) => arrive(tileChip(x), was && !was.victory_pile.some((y) => y.id === x.id), ctx)))))),
    p.relics.length ? sortedRow(t("panels.relics", { n: p.relics.length }), "relics-row", p.relics.length > 1 ? sortSwitch("relics", redraw) : null,
      h("span", { class: "relic-groups" }, ...relicGroups(p.relics, relics).map(([k, xs]) => h("span", { class: "group", "data-group": k }, ...xs.map((r) => arrive(relicCard(r, { small: true }), was && !was.relics.some((y) => y.id === r.id), ctx)))))) : null);
  return holder;
}

// The victory pile on a compact board: counts by gem (or region), relics by lead gem (or category).
function victoryCounts(p, was = null, ctx = null) {
  const tiles = sortChoice("tiles");
  const relics = sortChoice("relics");
  const tileBits = tileGroups(p.victory_pile, tiles).map(([k, xs]) => counter(groupMark(tiles, k), xs.length, `${tiles === "region" ? t(`region.${k}`) : colour(k)}: ${xs.length}`, "tile-count"));
  const relicBits = relicGroups(p.relics, relics).map(([k, xs]) => counter(groupMark(relics, k), xs.length, `${relics === "category" ? categoryName(k) : leadName(k)}: ${xs.length}`, "relic-count"));
  const names = p.relics.map((r) => t(`relic.${r.id}`)).join(t("list.sep"));
  const node = h("span", { class: "victory-counts" },
    tileBits.length ? bump(h("span", { class: "tiles-mini", title: t("panels.tiles", { n: p.victory_pile.length }) }, h("small", { class: "mini-label" }, t("panels.tiles_short")), ...tileBits), p.victory_pile.length, was && was.victory_pile.length, ctx) : null,
    relicBits.length ? bump(h("span", { class: "relics-mini", title: `${t("panels.relics", { n: p.relics.length })}: ${names}`, "data-tip": `${t("panels.relics", { n: p.relics.length })}: ${names}` }, h("small", { class: "mini-label" }, t("panels.relics_short")), ...relicBits), p.relics.length, was && was.relics.length, ctx) : null);
  node.redraw = () => victoryCounts(p);  // a new sort choice redraws the compact boards too
  return node;
}

// The cargo hold: a slot per gem the rules allow, filled in colour order; gems beyond the limit
// (a gain the player must still give away) in red overflow slots.
export function cargoHold(p, limit) {
  const gems = GEMS.flatMap((c) => Array.from({ length: p.cargo[c] || 0 }, () => c));
  const slots = Math.max(limit, gems.length);
  const held = gems.length;
  const label = t("panels.cargo", { n: held, limit });
  return h("span", { class: `cargo-hold${held > limit ? " over" : ""}`, title: label, "aria-label": label, role: "img", "data-held": held, "data-limit": limit },
    ...Array.from({ length: slots }, (_, i) => h("span", { class: `slot${i >= limit ? " overflow" : ""}${i < held ? " full" : ""}` }, i < held ? gemIcon(gems[i], 14) : null)));
}

// Another player's objectives, when the view shows them (the end of the game): their names as
// chips, the conditions in the tooltips.
function revealedObjectives(p) {
  return h("span", { class: "objectives-revealed" }, ...p.objectives.map((o) => h("span", { class: "objective-chip", title: objectiveTip(o), "data-tip": objectiveTip(o) }, objectiveName(o.id))));
}

function seatKind(st, p) {
  const seatInfo = st.table.seats[p.seat] || {};
  return seatPresence(seatInfo);
}

function where(p) {
  if (p.finished || p.position === -1) return t("table.finished");
  if (p.position === 0) return t("where.off");
  return t("table.at", { where: t("where.hex", { hex: p.position }) });
}

function honours(p) {
  return [
    p.token ? h("span", { class: "token-chip", title: t(`token.${p.token}`) }, crownIcon(18), h("span", {}, t(`token.${p.token}`))) : null,
    p.iridia_stone ? h("span", { class: "token-chip iridia", title: t("token.iridia_stone") }, gemIcon("iridia", 18), h("span", {}, t("token.iridia_stone"))) : null,
  ];
}

function head(p, st, view, me, was, ctx) {
  return h("div", { class: "player-head" },
    h("span", { class: "pawn", style: `background:${clanColour(p)}`, "aria-hidden": "true" }),
    h("b", { class: "player-name" }, me ? t("seat.you", { seat: seatName(p.seat) }) : seatName(p.seat)),
    h("small", { class: "player-state" }, `${seatKind(st, p)} · ${where(p)}`),
    view.current_player === p.seat && !view.game_over ? h("span", { class: "turn-flag", title: t("panels.their_turn") }, t("panels.turn")) : null,
    bump(pointsBadge(totalPoints(p), p.points), totalPoints(p), was && totalPoints(was), ctx));
}

// The relic deck, while you look through it with the Regal Reference Book (only your view has
// it): on your own board, where your decision is, rather than with the markets.
function book(view, me, mine) {
  const deck = view.decision && view.decision.relic_deck;
  if (!me || !deck) return null;
  return row(t("table.book_deck"), "book-deck", ...deck.map((r) => clickable(relicCard(r), `relic:${r.id}`, mine)));
}

// One player's board. `mine`: the context whose actions this board's things take (your own
// board), or null.
export function playerBoard(p, st, view, ctx, { compact = false } = {}) {
  const me = st.seat === p.seat;
  const mine = me ? ctx : null;
  const limit = (view.params && view.params.cargo_limit) || 7;
  const current = view.current_player === p.seat && !view.game_over;
  const cls = `player${current ? " current" : ""}${me ? " me" : ""}${compact ? " compact" : " big"}${p.rhom ? " rhom" : ""}`;
  const was = before(ctx, p.seat);
  const cargoTotal = (q) => GEMS.reduce((n, c) => n + (q.cargo[c] || 0), 0);
  const coins = bump(coinCounter(p.coins), p.coins, was && was.coins, ctx);
  const stones = bump(stoneCounter(p.stone_dice), p.stone_dice, was && was.stone_dice, ctx);
  const roll = current && view.turn.latest_roll ? rollRow(view.turn.latest_roll, ctx, view) : null;
  if (compact) {
    // items in hand: one chip (a card and their number); their names and texts in its tooltip
    const handTip = p.items.map((k) => itemTip(k)).join("\n\n");
    const items = p.items.length ? h("span", { class: "item-mini", title: handTip, "data-tip": handTip, role: "img", "aria-label": `${t("table.hand")}: ${p.items.map(itemName).join(t("list.sep"))}` },
      merchantIcon(14), h("b", {}, String(p.items.length))) : null;
    return h("div", { class: cls, "data-seat": p.seat, style: `--clan:${clanColour(p)}` }, head(p, st, view, me, was, ctx),
      h("div", { class: "board-row" }, bump(cargoHold(p, limit), cargoTotal(p), was && cargoTotal(was), ctx),
        p.rhom ? null : coins, p.rhom ? null : stones, items, ...honours(p),
        victoryCounts(p, was, ctx), p.rhom ? null : p.objectives ? revealedObjectives(p) : objectiveBacks(p.objective_count)),
      roll);
  }
  const counters = GEMS.map((c) => clickable(bump(gemCounter(c, p.cargo[c] || 0, "cargo-gem"), p.cargo[c] || 0, was && (was.cargo[c] || 0), ctx), `gem:${c}`, mine));
  const hand = p.items.map((k) => clickable(arrive(itemCard(k, { small: true }), was && !was.items.includes(k), ctx), `item:${k}`, mine));
  const objectives = p.objectives
    ? [...p.objectives.map((o) => clickable(objectiveCard(o), `objective:${o.id}`, mine)), p.discarded_objective ? objectiveCard(p.discarded_objective, { discarded: true }) : null]
    : [objectiveBacks(p.objective_count)];
  return h("div", { class: cls, "data-seat": p.seat, style: `--clan:${clanColour(p)}` }, head(p, st, view, me, was, ctx),
    h("div", { class: "board-row" }, h("span", { class: "cargo" }, cargoHold(p, limit), ...counters),
      p.rhom ? null : coins, p.rhom ? null : stones, ...honours(p)),
    roll,
    hand.length ? row(t("table.hand"), "hand", ...hand) : null,
    victoryPile(p, was, ctx),
    book(view, me, mine),
    p.reserved ? row(t("panels.reserved"), "reserved-row", clickable(relicCard(p.reserved, { small: true, extra: "reserved" }), `relic:${p.reserved.id}`, mine)) : null,
    p.rhom ? null : row(t("panels.objectives"), "objectives", ...objectives));
}
