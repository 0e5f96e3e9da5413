// The panels around the board: gem market dice, stone dice, latest roll, relic row, item
// market, every explorer (cargo, coins, items, stone dice, victory pile, token, points), your
// objectives, the Rhom, and the final scoring table. What legal actions belong to (each action's
// "at": relic:<id>, slot:<n>, item:<key>, gem:<colour>, die:<target>, objective:<id>) is
// clickable: one action is sent at once, several open a small menu.
import { t, seatName, kindLabel, botLabel, joinList } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { CLAN } from "./board.js";
import { cards, colour, itemName, relicName, itemTip, relicTip, objectiveTip, objectiveName, tileText, dieText } from "./words.js";

const GEMS = ["amethyst", "citrine", "emerald", "sapphire"];

function gem(c, n) { return h("span", { class: `gem gem-${c}`, title: colour(c) }, String(n)); }

function marketPanel(view, ctx) {
  const dice = GEMS.map((c) => clickable(h("div", { class: `die market-die gem-${c}`, title: `${dieText(`market:${c}`)}: ${view.market[c]}`, "data-die": `market:${c}` },
    h("b", {}, String(view.market[c])), h("small", {}, t("table.supply", { n: view.supply[c] }))), `die:market:${c}`, ctx));
  const roll = view.turn.latest_roll;
  const rollRow = roll ? h("div", { class: "roll" }, h("span", {}, `${t("table.roll")}${roll.locked ? " " + t("table.locked") : ""}: `),
    ...roll.dice.map((d) => clickable(h("span", { class: `die roll-die ${d.success ? "ok" : "fail"}`, title: dieText(d.die), "data-die": d.die }, String(d.face)),
      `die:${d.die}`, ctx))) : null;
  return h("section", { class: "panel market" }, h("h3", {}, t("table.market")), h("div", { class: "dice" }, ...dice),
    h("p", {}, t("table.stone_dice", { n: view.stone_supply })), rollRow);
}

function relicCard(r, ctx) {
  return clickable(h("div", { class: `card relic lead-${r.lead}`, title: relicTip(r), "data-tip": relicTip(r), "data-relic": r.id },
    h("div", { class: "card-name" }, relicName(r.id)),
    h("div", { class: "card-meta" }, `${t(`type.${r.type}`)} · ${t("table.points", { n: r.points })}`),
    h("div", { class: "cost" }, ...Object.entries(r.cost).filter(([, n]) => n > 0).map(([c, n]) => gem(c, n)))), `relic:${r.id}`, ctx);
}

function relicPanel(view, ctx) {
  const deck = view.relic_deck;
  const lead = deck.top_lead ? (deck.top_lead === "wild" ? t("lead.wild") : colour(deck.top_lead)) : "–";
  const title = deck.count ? t("table.relics", { n: deck.count, lead }) : t("table.relics_empty");
  const book = view.decision && view.decision.relic_deck ? h("div", {}, h("p", {}, t("table.book_deck")),
    h("div", { class: "cards" }, ...view.decision.relic_deck.map((r) => relicCard(r, ctx)))) : null;
  return h("section", { class: "panel relics" }, h("h3", {}, title), h("div", { class: "cards" }, ...view.relic_row.map((r) => relicCard(r, ctx))), book);
}

function itemPanel(view, ctx) {
  const slots = view.item_market.map((key, i) => {
    if (!key) return h("div", { class: "card item empty" }, "–");
    const it = cards.items.find((x) => x.key === key);
    return clickable(h("div", { class: "card item", title: itemTip(key), "data-tip": itemTip(key), "data-item": key },
      h("div", { class: "card-name" }, itemName(key)), h("div", { class: "card-meta" }, t("table.coins_n", { n: it ? it.cost : "?" })),
      h("div", { class: "card-text" }, t(`itemtext.${key}`))), `slot:${i + 1}`, ctx);
  });
  return h("section", { class: "panel items" }, h("h3", {}, t("table.items", { n: view.item_deck_count })), h("div", { class: "cards" }, ...slots));
}

function where(p) {
  if (p.finished || p.position === -1) return t("table.finished");
  if (p.position === 0) return t("where.off");
  return t("table.at", { where: t("where.hex", { hex: p.position }) });
}

function playerPanel(p, st, view, ctx) {
  const seatInfo = st.table.seats[p.seat] || {};
  const me = st.seat === p.seat;
  const mine = me ? ctx : null;  // only your own cargo, hand and objectives take actions
  const points = Object.values(p.points).reduce((a, b) => a + b, 0);
  const kind = seatInfo.bot ? t("table.stand_in", { bot: botLabel(seatInfo.bot) })
    : seatInfo.kind === "human" ? (seatInfo.connected ? t("table.online") : seatInfo.claimed ? t("table.offline") : t("table.seat_free"))
      : kindLabel(seatInfo.kind || "");
  const tiles = GEMS.concat(["rainbow", "iridia"]).map((c) => [c, p.victory_pile.filter((x) => x.gem === c).length]).filter(([, n]) => n);
  const items = p.items.map((k) => clickable(h("span", { class: "chip item-chip", title: itemTip(k), "data-tip": itemTip(k) }, itemName(k)), `item:${k}`, mine));
  const objectives = me && p.objectives ? h("div", { class: "objectives" }, h("b", {}, `${t("table.objectives")}: `),
    ...p.objectives.map((o) => clickable(h("span", { class: "chip objective", title: objectiveTip(o), "data-tip": objectiveTip(o) }, `${objectiveName(o.id)} (${o.points})`), `objective:${o.id}`, ctx)),
    p.discarded_objective ? h("span", { class: "chip discarded", title: objectiveTip(p.discarded_objective), "data-tip": objectiveTip(p.discarded_objective) }, `${objectiveName(p.discarded_objective.id)} (${t("table.discarded")})`) : null)
    : h("div", { class: "objectives" }, t("table.objectives_count", { n: p.objective_count }));
  const current = view.current_player === p.seat;
  return h("div", { class: `player${current ? " current" : ""}${me ? " me" : ""}`, "data-seat": p.seat },
    h("div", { class: "player-head" }, h("span", { class: "clan", style: `background:${p.rhom ? "#6c757d" : CLAN[p.seat % 4]}` }),
      h("b", {}, me ? t("seat.you", { seat: seatName(p.seat) }) : seatName(p.seat)), h("small", {}, ` ${kind} · ${where(p)}`),
      h("span", { class: "score", title: t("table.score") }, t("table.points", { n: points }))),
    h("div", { class: "row" }, h("span", { title: t("table.cargo"), class: "cargo" }, ...GEMS.map((c) => clickable(gem(c, p.cargo[c]), `gem:${c}`, mine))),
      h("span", { class: "coins", title: t("table.coins") }, `● ${p.coins}`), h("span", { class: "stone", title: t("table.stone") }, `◆ ${p.stone_dice}`),
      p.token ? h("span", { class: "chip token" }, t(`token.${p.token}`)) : null,
      p.iridia_stone ? h("span", { class: "chip token" }, t("token.iridia_stone")) : null),
    items.length ? h("div", { class: "row" }, h("small", {}, `${t("table.hand")}: `), ...items) : null,
    h("div", { class: "row", title: joinList(p.victory_pile.map((x) => tileText(x))) }, h("small", {}, `${t("table.victory")}: `),
      ...tiles.map(([c, n]) => gem(c, n)), ...p.relics.map((r) => h("span", { class: "chip relic-chip", title: relicTip(r), "data-tip": relicTip(r) }, relicName(r.id)))),
    p.reserved ? h("div", { class: "row" }, clickable(h("span", { class: "chip relic-chip reserved", title: relicTip(p.reserved), "data-tip": relicTip(p.reserved), "data-relic": p.reserved.id },
      t("table.reserved", { relic: relicName(p.reserved.id) })), `relic:${p.reserved.id}`, mine)) : null,
    p.rhom ? null : objectives);
}

export function renderPanels(st, view, ctx) {
  const rhom = view.rhom ? h("p", { class: "rhom-info" }, t("table.rhom", { n: view.rhom.deck_count, vane: t(`vane.${view.rhom.weathervane}`), left: view.rhom.barricades_left })) : null;
  return h("div", { class: "panels" },
    h("section", { class: "panel players" }, h("h3", {}, t("table.players")), ...view.players.map((p) => playerPanel(p, st, view, ctx)), rhom),
    marketPanel(view, ctx), relicPanel(view, ctx), itemPanel(view, ctx));
}
