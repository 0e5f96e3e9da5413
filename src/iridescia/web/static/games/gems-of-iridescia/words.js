// Gems of Iridescia's words on the table: colours, cards by id, tile and card texts for the
// panels and tooltips, from the card data the server sends once (/api/meta) and the shared
// catalogue. (The log and the action labels come from the server as messages.)
import { t, joinList } from "/static/js/i18n.js";

export let cards = { items: [], relics: [], objectives: [], tiles: [], tokens: [], rhom_cards: [] };
export function setCards(data) { cards = data; }

export const colour = (c) => t(`colour.${c}`);
export const itemName = (key) => t(`item.${key}`);
export const relicName = (id) => t(`relic.${id}`);
export const objectiveName = (id) => t(`objective.${id}`);

export function tileText(tile) {
  if (!tile) return "?";
  const gem = colour(tile.gem);
  if (!tile.bonus) return t("tile", { gem });
  return t("tile.bonus", { gem, bonus: t(`bonus.${tile.bonus}`, { n: tile.amount }) });
}

export function itemTip(key) {
  const it = cards.items.find((x) => x.key === key);
  const cost = it ? ` — ${t("table.cost", { cost: it.cost })}` : "";
  const timing = it ? `\n${t(`timing.${it.timing}`)}` : "";
  return `${itemName(key)}${cost}\n${t(`itemtext.${key}`)}${timing}`;
}

export function costText(cost) {
  return joinList(Object.entries(cost).filter(([, n]) => n > 0).map(([c, n]) => t("gems.count", { n, colour: colour(c) })));
}

export function relicTip(r) {
  const lead = r.lead === "wild" ? t("lead.wild") : colour(r.lead);
  return t("relic.tip", { name: relicName(r.id), type: t(`type.${r.type}`), lead, points: r.points, cost: costText(r.cost) });
}

export function objectiveTip(o) {
  const data = cards.objectives.find((x) => x.id === o.id);
  let condition = "";
  if (data) {
    const arg = data.argument;
    condition = t(`obj.${data.condition}`, { colour: arg ? colour(arg) : "", type: arg ? t(`type.${arg}`) : "", n: arg ?? "" });
  }
  return t("obj.tip", { name: objectiveName(o.id), points: o.points, condition });
}

export function dieText(target) {
  const [kind, arg] = String(target).split(":");
  return kind === "roll" ? t("die.roll", { n: arg }) : t("die.market", { colour: colour(arg) });
}

// A Rhom card in words, for its tooltip: its icon, the order it reveals in (left, front left...)
// and its weathervane, as the log says it (ev.rhom_card).
export function rhomCardText(card) {
  if (!card) return "";
  const order = joinList((card.reveal_order || []).map((d) => t(`rhom.dir.${d}`)));
  return t("rhom.card", { card: card.id, icon: t(`icon.${card.icon}`), order, vane: t(`vane.${card.weathervane}`) });
}
