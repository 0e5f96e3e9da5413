// The Rhom's pieces beside its board: its deck (a card back with the number of cards) and the
// weathervane on the back of the top card (an arrow: the direction the Rhom breaks ties in),
// its last card face up (its icon and reveal order; the tooltip says what such a card does and,
// when this page saw it played, what it did: the log lines of its Merchant or Barricade), and
// the barricades it has left.
import { t, render } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { rhomDeckIcon, barricadeIcon, arrowIcon, merchantIcon, gemIcon } from "./icons.js";
import { cards, rhomCardTip } from "./words.js";

// What the Rhom's last card did, from the steps this page showed (ctx.events: the server sends
// the Rhom's steps one by one, so the card and its effects come in separate steps): the card's
// id and the lines of its effects, kept until its next card. Lines are kept once each (a step
// is drawn again on every re-render).
const EFFECTS = ["rhom_merchant", "rhom_barricade"];
const deeds = { table: null, card: null, lines: [] };

function noteSteps(events, table) {
  if (deeds.table !== table) Object.assign(deeds, { table, card: null, lines: [] });  // another table
  for (const e of events || []) {
    if (e.kind === "rhom_card" && e.data && e.data.card !== deeds.card) {
      deeds.card = e.data.card;
      deeds.lines = [];
    } else if ((EFFECTS.includes(e.kind) || (e.kind === "rhom_dice" && e.data && ["merchant", "barricade"].includes(e.data.reason))) && e.text) {
      const line = render(e.text);
      if (!deeds.lines.includes(line)) deeds.lines.push(line);
    }
  }
}

// The four directions of a Rhom card as arrow angles (the Rhom walks up the board).
const DIRECTION_ANGLE = { L: 180, FL: -120, FR: -60, R: 0 };

function cardIcon(icon) {
  if (icon === "merchant") return merchantIcon(18);
  if (icon === "barricade") return barricadeIcon(18);
  return h("span", { class: "multiplier" }, gemIcon("rainbow", 14), h("b", {}, `×${icon.replace(/\D/g, "")}`));  // 2x, 3x: a number, no letter
}

// The Rhom's last card, face up: its icon and its reveal order as arrows.
function lastCard(id) {
  const card = cards.rhom_cards.find((c) => c.id === id);
  if (!card) return null;
  const did = deeds.card === id && deeds.lines.length ? `\n${deeds.lines.join("\n")}` : "";
  const tip = `${rhomCardTip(id)}${did}`;
  return h("span", { class: "rhom-card", title: tip, "data-tip": tip, "data-card": id, tabindex: "0", role: "img", "aria-label": tip },
    cardIcon(card.icon),
    h("span", { class: "reveal-order", "aria-hidden": "true" }, ...card.reveal_order.map((d, i) => h("span", { class: "dir" }, h("small", {}, String(i + 1)), arrowIcon(DIRECTION_ANGLE[d], 12)))));
}

export function rhomPieces(rhom, ctx = null) {
  noteSteps(ctx && ctx.events, ctx && ctx.table ? ctx.table.id : null);
  const vane = t("panels.weathervane", { side: t(`panels.vane.${rhom.weathervane}`) });
  const deck = t("panels.rhom_deck", { n: rhom.deck_count });
  const last = rhom.discard && rhom.discard.length ? rhom.discard[rhom.discard.length - 1] : null;
  const barricades = t("panels.barricades_left", { n: rhom.barricades_left });
  return h("div", { class: "rhom-pieces", "data-vane": rhom.weathervane },
    h("span", { class: "rhom-deck", title: `${deck} — ${vane}`, role: "img", "aria-label": `${deck} — ${vane}` },
      rhomDeckIcon(rhom.weathervane, rhom.deck_count, 34)),
    last !== null ? h("span", { class: "rhom-last" }, h("small", {}, t("panels.rhom_last")), lastCard(last)) : null,
    h("span", { class: "barricades-left", title: barricades, role: "img", "aria-label": barricades }, barricadeIcon(18), h("b", {}, String(rhom.barricades_left))));
}
