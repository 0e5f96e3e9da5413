// Gems of Iridescia's player aid for the rules dialog (js/learn.js asks the plug-in's aid()):
// a turn at a glance, the goal, setup, a turn step by step, the Castle and the end, scoring by source, every item
// (names, costs, timings and texts from the card data and the shared catalogue, never retyped),
// the Rhom's sixteen cards with their weathervanes, and the icons the table draws with. The
// wording is the project's own (web-learn.json), in every language.
import { t } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { cards, colour, itemName } from "./words.js";
import { GEMS, gemIcon, coinIcon, pointsIcon, stoneDieIcon } from "./icons.js";

// The four directions of a Rhom card (its reveal order), in the reader's words.
const DIRECTIONS = ["L", "FL", "FR", "R"];

const paragraphs = (...keys) => keys.map((k) => h("p", {}, words(k)));
const bullets = (keys, icons = {}) => h("ul", { class: "aid-list" },
  ...keys.map((k) => h("li", { "data-key": k }, icons[k] ? icons[k]() : null, words(k))));
const steps = (keys) => h("ol", { class: "aid-steps" }, ...keys.map((k) => h("li", { "data-key": k }, ...leadWord(words(k)))));

// "Mine (3 coins…): roll…" -> the words before the first colon in bold, so a step is found at
// a glance (a text without a colon stays as it is).
function leadWord(text) {
  const at = text.search(/[:：]/);
  if (at <= 0 || at > 60) return [text];
  return [h("b", {}, text.slice(0, at + 1)), text.slice(at + 1)];
}

// A text of the aid, the Rhom named as the table names it.
function words(key) { return t(key, { rhom: t("seat.rhom") }); }

function listed(parts) { return parts.join(t("list.sep")); }

function itemsTable() {
  const head = h("tr", {}, ...["item", "cost", "when", "effect"].map((c) => h("th", { scope: "col" }, t(`aid.items.col.${c}`))));
  const rows = cards.items.map((it) => h("tr", { "data-item": it.key },
    h("th", { scope: "row" }, itemName(it.key)),
    h("td", { class: "aid-cost" }, coinIcon(it.cost, 22, t("aid.icons.coin"))),
    h("td", {}, t(`aid.when.${it.timing}`)),
    h("td", {}, t(`itemtext.${it.key}`))));
  return h("table", { class: "aid-table aid-items" }, h("thead", {}, head), h("tbody", {}, ...rows));
}

function rhomTable() {
  const head = h("tr", {}, ...["card", "order", "icon", "vane"].map((c) => h("th", { scope: "col" }, t(`aid.rhom.col.${c}`))));
  const rows = cards.rhom_cards.map((card) => h("tr", { "data-card": card.id },
    h("th", { scope: "row" }, String(card.id)),
    h("td", {}, listed(card.reveal_order.filter((d) => DIRECTIONS.includes(d)).map((d) => t(`aid.dir.${d}`)))),
    h("td", {}, t(`icon.${card.icon}`)),
    h("td", {}, `${card.weathervane === "left" ? "←" : "→"} ${t(`vane.${card.weathervane}`)}`)));
  return h("table", { class: "aid-table aid-rhom" }, h("thead", {}, head), h("tbody", {}, ...rows));
}

function iconsSection() {
  const shapes = [...GEMS, "rainbow", "iridia"].map((c) => h("li", { class: "aid-gem", "data-gem": c },
    gemIcon(c, 28, colour(c)), h("span", {}, t("aid.shape.line", { colour: colour(c), shape: t(`aid.shape.${c}`) }))));
  const others = [
    [coinIcon(3, 28, t("aid.icons.coin")), t("aid.icons.coin")],
    [pointsIcon(2, 28, t("aid.icons.points")), t("aid.icons.points")],
    [stoneDieIcon(5, 28, t("aid.icons.stone")), t("aid.icons.stone")],
  ].map(([icon, text]) => h("li", { class: "aid-gem" }, icon, h("span", {}, text)));
  return [h("p", {}, t("aid.icons.gems")), h("ul", { class: "aid-icons" }, ...shapes), h("ul", { class: "aid-icons" }, ...others)];
}

// The player aid proper: a turn's five steps in a row, for a player who knows the game.
function glance() {
  const icons = { reveal: null, move: () => gemIcon("emerald", 20), actions: () => coinIcon(3, 20), restore: () => pointsIcon(null, 20), collect: null };
  return h("ol", { class: "aid-glance" }, ...Object.keys(icons).map((step) => h("li", { "data-step": step },
    icons[step] ? icons[step]() : null, h("span", {}, t(`aid.glance.${step}`)))));
}

// The sections of the aid: [{id, title, body: [nodes]}], in reading order.
export function renderAid() {
  const score = {
    "aid.scoring.relics": () => pointsIcon(null, 18),
    "aid.scoring.bonus": () => pointsIcon(null, 18),
    "aid.scoring.gems": () => gemIcon("sapphire", 18),
  };
  return [
    { id: "glance", title: t("aid.glance.title"), body: [glance()] },
    { id: "goal", title: t("aid.goal.title"), body: paragraphs("aid.goal.text") },
    { id: "setup", title: t("aid.setup.title"), body: [bullets(["aid.setup.board", "aid.setup.market", "aid.setup.players"])] },
    {
      id: "turn", title: t("aid.turn.title"),
      body: [steps(["aid.turn.reveal", "aid.turn.move", "aid.turn.objective", "aid.turn.mine", "aid.turn.stone", "aid.turn.sell",
        "aid.turn.buy", "aid.turn.cargo", "aid.turn.restore", "aid.turn.collect"])],
    },
    { id: "castle", title: t("aid.castle.title"), body: paragraphs("aid.castle.text", "aid.castle.end") },
    {
      id: "scoring", title: t("aid.scoring.title"),
      body: [bullets(["aid.scoring.relics", "aid.scoring.bonus", "aid.scoring.token", "aid.scoring.gems", "aid.scoring.relic_sets",
        "aid.scoring.tile_sets", "aid.scoring.objective"], score), ...paragraphs("aid.scoring.ties")],
    },
    { id: "items", title: t("aid.items.title"), body: [itemsTable()] },
    { id: "rhom", title: t("aid.rhom.title"), body: [...paragraphs("aid.rhom.intro", "aid.rhom.turn", "aid.rhom.vane", "aid.rhom.icons"), rhomTable()] },
    { id: "icons", title: t("aid.icons.title"), body: iconsSection() },
  ];
}
