// Gem Rush's piles (the table page's `market` area): the gem deck (its size), the discard pile
// (public and ordered: every card, newest first, in a row that scrolls), the room stack (its
// size, the top tiles this seat knows through Scrying Pool, the tiles Dimensional Rift put at its
// bottom) and the burnt cards (Crisis: how many, the ones burnt from hands face up). A room tile
// off the board is drawn as a small tile chip: its id, its room's name and type.
import { t } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { roomTypeIcon } from "./icons.js";
import { cardNode, cardBack, tileData, tileLabel, tileRoomName, roomData, roomEffect } from "./words.js";


export function roomType(tileId) {
  const tile = tileData(tileId);
  if (!tile) return "none";
  if (tile.pairs && tile.pairs.length) return "tunnel";
  return (roomData(tile.room) || { type: "none" }).type;
}

// A room tile as a chip (the stack's known tiles, Scrying Pool's choice). `place`: the place its
// actions belong to (stack:<id>), with ctx.
export function tileChip(id, ctx = null, place = null, extra = "") {
  const tile = tileData(id);
  const type = roomType(id);
  const name = tileRoomName(id);
  const effect = tile && type !== "tunnel" ? roomEffect(tile.room) : "";
  const tip = [`${tileLabel(id)} · ${name} (${t(`gr.type.${type}`)})`, effect].filter(Boolean).join("\n");
  const chip = h("div", { class: `gr-tile-chip type-${type} ${extra}`.trim(), "data-tile": id, title: tip, "data-tip": tip },
    roomTypeIcon(type, 16),
    h("span", { class: "gr-tile-name" }, name),
    h("small", { class: "gr-tile-id" }, tileLabel(id)));
  return place && ctx ? clickable(chip, place, ctx) : chip;
}

function pile(cls, label, ...content) {
  return h("section", { class: `gr-pile ${cls}`, "aria-label": label }, h("h4", {}, label), ...content);
}

function deck(view) {
  const label = t("grp.deck", { n: view.deck_size });
  return pile("gr-deck", t("gr.cards.deck"), h("div", { class: "gr-pile-body" }, cardBack(view.deck_size, label), h("small", {}, label)));
}

function discardPile(view) {
  const cards = [...view.discard].reverse();
  const label = t("grp.discard", { n: cards.length });
  return pile("gr-discard", label,
    cards.length
      ? h("div", { class: "gr-discard-row", tabindex: "0", role: "list", "aria-label": t("grp.discard_order") },
        ...cards.map((id, i) => h("div", { role: "listitem", class: i === 0 ? "top" : null }, cardNode(id, { small: true }))))
      : h("small", { class: "gr-empty" }, t("grp.empty_pile")));
}

function roomStack(view) {
  const label = t("grp.stack", { n: view.stack_size });
  const top = view.stack_top || [];
  const bottom = view.stack_bottom || [];
  return pile("gr-stack", t("gr.cards.stack"),
    h("div", { class: "gr-pile-body" }, h("span", { class: "gr-stack-mark", "aria-hidden": "true" }, "▦"), h("small", {}, label)),
    top.length ? h("div", { class: "gr-known" }, h("span", { class: "row-label" }, t("gr.cards.stack_top")), ...top.map((id) => tileChip(id))) : null,
    bottom.length ? h("div", { class: "gr-known" }, h("span", { class: "row-label" }, t("gr.cards.stack_bottom")), ...bottom.map((id) => tileChip(id))) : null);
}

function burnt(view) {
  if (view.mode !== "crisis" && !view.burnt) return null;
  const fromHands = view.burnt_from_hands || [];
  return pile("gr-burnt", t("gr.cards.burnt"),
    h("div", { class: "gr-pile-body" },
      h("b", {}, String(view.burnt)),
      h("small", {}, t("gr.cards.burnt_split", { deck: view.burnt_from_deck, hands: fromHands.length }))),
    fromHands.length ? h("div", { class: "gr-burnt-row" }, ...[...fromHands].reverse().map((id) => cardNode(id, { small: true, extra: "burnt" }))) : null);
}

export function renderPiles(view) {
  return h("div", { class: "gr-piles" }, deck(view), roomStack(view), discardPile(view), burnt(view));
}
