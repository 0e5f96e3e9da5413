// The markets on the table: the gem market (a die per colour with its value, the gems left in
// the supply), the stone dice left, the latest roll as dice, the relic row and deck as cards,
// the item market and deck (identical items in two slots stay two cards, each marked with how
// many the market shows), the item discard and the royalty tokens left. Dice, relics and
// market slots take the actions that belong to them (die:<target>, relic:<id>, slot:<n>).
import { t } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { el, GEM_FILL, gemIcon, crownIcon, cardBackIcon, stoneDieIcon } from "./icons.js";
import { cards, colour, capital, dieText, itemName, leadName } from "./words.js";
import { GEMS, itemCard, relicCard } from "./pieces.js";
import { motionOf, bump, arrive } from "./panel-motion.js";

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
const PIP_INK = { citrine: "#3a2a00", stone: "#fff", mining: "#2b2118" };

// A die's face with pips, `size` px, in the colour of its gem (a market die), grey (a stone
// die) or ivory (a mining die).
export function dieFace(face, kind, size = 30) {
  const svg = el("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `die-face die-${kind}`, "aria-hidden": "true" });
  const fill = kind === "stone" ? "#8d8780" : kind === "mining" ? "#fbf7ee" : GEM_FILL[kind];
  el("rect", { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4.5, fill, stroke: "#2b2118", "stroke-width": 1.2 }, svg);
  for (const [x, y] of PIPS[face] || []) el("circle", { cx: 12 + x * 5.5, cy: 12 + y * 5.5, r: 2.1, fill: PIP_INK[kind] || "#fff" }, svg);
  return svg;
}

function gemMarket(view, ctx) {
  const was = motionOf(ctx) ? ctx.before : null;
  const dice = GEMS.map((c) => {
    const label = capital(t("panels.market_die", { colour: colour(c), n: view.market[c], supply: view.supply[c] }));
    return clickable(h("div", { class: "market-die", "data-gem": c, title: label, role: "img", "aria-label": label, "data-die": `market:${c}`, "data-value": view.market[c] },
      gemIcon(c, 16), bump(h("span", { class: "market-value" }, dieFace(view.market[c], c, 30)), view.market[c], was && was.market[c], ctx),
      bump(h("small", { class: "supply" }, String(view.supply[c])), view.supply[c], was && was.supply[c], ctx)), `die:market:${c}`, ctx);
  });
  const stone = t("panels.stone_supply", { n: view.stone_supply });
  return h("div", { class: "gem-market" }, ...dice,
    bump(h("div", { class: "stone-supply", title: stone, role: "img", "aria-label": stone }, stoneDieIcon(null, 22), h("small", {}, String(view.stone_supply))), view.stone_supply, was && was.stone_supply, ctx));
}

// The latest roll: each die with its face, marked success or failure against the value it
// needed; a die of the roll takes its actions (re-roll, change).
export function rollRow(roll, ctx, view = null) {
  const mining = view && view.params ? view.params.mining_dice : 2;
  const colourMined = view && view.turn ? view.turn.mining_colour : null;
  const needs = colourMined && view.market ? t("panels.roll_needs", { n: view.market[colourMined], colour: colour(colourMined) }) : "";
  // A roll that was not on the table before this step tumbles in (each die a little later).
  const was = motionOf(ctx) && ctx.before.turn ? ctx.before.turn.latest_roll : undefined;
  const fresh = was !== undefined && JSON.stringify(was) !== JSON.stringify(roll);
  return h("div", { class: `roll${fresh ? " rolled" : ""}`, "data-kind": roll.kind, style: fresh ? `--motion:${motionOf(ctx)}ms` : null },
    h("span", { class: "row-label" }, `${t("table.roll")}${roll.locked ? " " + t("table.locked") : ""}`),
    ...roll.dice.map((d, i) => clickable(h("span", {
      class: `roll-die ${d.success ? "ok" : "fail"}`, "data-die": d.die, "data-face": d.face,
      title: `${dieText(d.die)}: ${d.face} — ${t(d.success ? "panels.success" : "panels.failure")}`,
    }, dieFace(d.face, i >= mining ? "stone" : "mining", 28), h("span", { class: "mark", "aria-hidden": "true" }, d.success ? "✓" : "✗")), `die:${d.die}`, ctx)),
    needs ? h("small", { class: "needs" }, needs) : null);
}

function relicRow(view, ctx) {
  const deck = view.relic_deck;
  const next = deck.count && deck.top_lead ? t("panels.next_lead", { lead: leadName(deck.top_lead) }) : "";
  const deckLabel = t("panels.relic_deck", { n: deck.count });
  return h("section", { class: "market-part relics", "aria-label": t("panels.relic_row") },
    h("h4", {}, t("panels.relic_row"),
      h("span", { class: "deck", title: `${deckLabel}${next ? ` — ${next}` : ""}` }, cardBackIcon(deck.count, 22, deckLabel, "#5b4a36"),
        deck.count && deck.top_lead ? gemIcon(deck.top_lead === "wild" ? "rainbow" : deck.top_lead, 14, next) : null)),
    h("div", { class: "cards" }, ...view.relic_row.map((r) => clickable(arrive(relicCard(r), motionOf(ctx) && !ctx.before.relic_row.some((x) => x.id === r.id), ctx), `relic:${r.id}`, ctx))));
}

function itemMarket(view, ctx) {
  const copies = new Map();
  for (const key of view.item_market) if (key) copies.set(key, (copies.get(key) || 0) + 1);
  const slots = view.item_market.map((key, i) => key
    ? clickable(arrive(itemCard(key, { slot: i + 1, copies: copies.get(key) }), motionOf(ctx) && ctx.before.item_market[i] !== key, ctx), `slot:${i + 1}`, ctx)
    : h("div", { class: "card item empty", title: t("panels.empty_slot") }, h("span", { class: "slot-no" }, String(i + 1))));
  const discard = view.item_discard || [];
  const discardLabel = t("panels.item_discard", { n: discard.length });
  const discardList = discard.map(itemName).join(t("list.sep"));
  const deckLabel = t("panels.item_deck", { n: view.item_deck_count });
  return h("section", { class: "market-part items", "aria-label": t("panels.item_market") },
    h("h4", {}, t("panels.item_market"),
      h("span", { class: "deck", title: deckLabel }, cardBackIcon(view.item_deck_count, 22, deckLabel, "#8a5a2b")),
      h("span", { class: "discard", title: discard.length ? `${discardLabel}: ${discardList}` : discardLabel, "data-tip": discard.length ? `${discardLabel}: ${discardList}` : discardLabel, "data-count": discard.length },
        cardBackIcon(discard.length, 22, discardLabel, "#b9ad97"),
        discard.length ? h("small", {}, itemName(discard[discard.length - 1])) : null)),
    h("div", { class: "cards" }, ...slots));
}

function tokensLeft(view) {
  const left = view.tokens_left || [];
  const label = t("panels.tokens_left");
  return h("div", { class: "tokens-left" },
    h("span", { class: "row-label" }, label),
    ...(left.length ? left.map((k) => {
      const data = cards.tokens.find((x) => x.key === k);
      const text = data ? t("panels.token_points", { name: t(`token.${k}`), n: data.points }) : t(`token.${k}`);
      return h("span", { class: "token-chip", title: text, "data-token": k }, crownIcon(18), h("span", {}, text));
    }) : [h("small", {}, t("table.none"))]));
}

// The whole market area.
export function renderMarkets(view, ctx) {
  return h("div", { class: "markets" },
    h("section", { class: "market-part gems", "aria-label": t("table.market") },
      h("h4", {}, t("table.market")), gemMarket(view, ctx), tokensLeft(view)),
    relicRow(view, ctx), itemMarket(view, ctx));
}
