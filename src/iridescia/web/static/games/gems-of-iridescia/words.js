// Gems of Iridescia's words on the table: colours, cards by id, tile and card texts for the
// panels and tooltips, from the card data the server sends once (/api/meta) and the shared
// catalogue. (The log and the action labels come from the server as messages.)
import { t, joinList } from "/static/js/i18n.js";

export let cards = { items: [], relics: [], objectives: [], tiles: [], tokens: [], rhom_cards: [] };
export function setCards(data) { cards = data; }

export const colour = (c) => t(`colour.${c}`);
// A sentence that starts with a word the catalogue writes in lower case (a colour).
export const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
export const itemName = (key) => t(`item.${key}`);
export const relicName = (id) => t(`relic.${id}`);
export const objectiveName = (id) => t(`objective.${id}`);

export function tileText(tile) {
  if (!tile) return "?";
  const gem = colour(tile.gem);
  if (!tile.bonus) return t("tile", { gem });
  return t("tile.bonus", { gem, bonus: t(`bonus.${tile.bonus}`, { n: tile.amount }) });
}

export const itemData = (key) => cards.items.find((x) => x.key === key) || null;

// When an item can be played, in a sentence (the card data's timing: optional, any_time,
// start_of_turn) and in a word or two for the card's corner.
export const timingText = (timing) => t(`panels.timing.${timing}`);
export const timingShort = (timing) => t(`panels.timing_short.${timing}`);

export function itemTip(key) {
  const it = itemData(key);
  const cost = it ? ` — ${t("panels.item_cost", { n: it.cost })}` : "";
  const timing = it ? `\n${timingText(it.timing)}` : "";
  return `${itemName(key)}${cost}\n${t(`itemtext.${key}`)}${timing}`;
}

// A tile's region, from the card data (the views name a collected tile by id and gem only).
export function tileRegion(tile) {
  const data = cards.tiles.find((x) => x.id === tile.id);
  return data ? data.region : "";
}

export const leadName = (lead) => (lead === "wild" ? t("lead.wild") : colour(lead));
export const categoryName = (type) => t(`type.${type}`);

// What a Rhom card does, for its tooltip: its reveal order, its icon and the weathervane on its
// back.
export function rhomCardTip(id) {
  const card = cards.rhom_cards.find((c) => c.id === id);
  if (!card) return "";
  const order = joinList(card.reveal_order.map((d) => t(`rhom.dir.${d}`)));
  return t("panels.rhom_card_tip", { n: id, order, icon: t(`panels.rhom_icon.${card.icon}`), vane: t(`panels.vane.${card.weathervane}`) });
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
  // A revealed objective may come by id only: its points are the card's.
  const points = o.points ?? (data ? data.points : "?");
  return t("obj.tip", { name: objectiveName(o.id), points, condition });
}

export function dieText(target) {
  const [kind, arg] = String(target).split(":");
  return kind === "roll" ? t("die.roll", { n: arg }) : t("die.market", { colour: colour(arg) });
}

// A Rhom card as the log says it (ev.rhom_card): its icon, the order it reveals in (left, front
// left...) and its weathervane.
export function rhomCardText(card) {
  if (!card) return "";
  const order = joinList((card.reveal_order || []).map((d) => t(`rhom.dir.${d}`)));
  return t("rhom.card", { card: card.id, icon: t(`icon.${card.icon}`), order, vane: t(`vane.${card.weathervane}`) });
}
