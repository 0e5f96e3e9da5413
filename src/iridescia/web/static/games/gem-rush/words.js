// Gem Rush's words and small pieces for the panels: the component catalogue the server sends
// once (gems, cards, rooms, tiles of the game's data set), gems, rooms and cards named in the
// reader's language, a room's program step by step in words, and a gem card drawn as a small
// card with its gems' pictures (icons.js gives each gem its own shape, so colour is never the
// only cue). A name the catalogue lacks falls back to the component data's English name.
import { t, has, joinList } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { gemIcon } from "./icons.js";

export let catalogue = { notice: "", gems: [], cards: [], rooms: [], tiles: [], data_set: "" };
const byId = { cards: new Map(), tiles: new Map(), rooms: new Map(), gems: new Map() };

export function setCatalogue(data) {
  catalogue = { ...catalogue, ...(data || {}) };
  byId.cards = new Map(catalogue.cards.map((c) => [c.id, c]));
  byId.tiles = new Map(catalogue.tiles.map((x) => [x.id, x]));
  byId.rooms = new Map(catalogue.rooms.map((r) => [r.name, r]));
  byId.gems = new Map(catalogue.gems.map((g) => [g.code, g]));
}

export const cardData = (id) => byId.cards.get(id) || null;
export const tileData = (id) => byId.tiles.get(id) || null;
export const roomData = (name) => byId.rooms.get(name) || null;
export const gemData = (code) => byId.gems.get(code) || null;
export const isSpecial = (code) => !!(gemData(code) || {}).special;
export const cardGems = (id) => (cardData(id) || { gems: [] }).gems;
export const cardLabel = (id) => `G${String(id).padStart(2, "0")}`;
export const tileLabel = (id) => `T${String(id).padStart(2, "0")}`;

// A room's key in the catalogues: its name in lower case, each non-letter an underscore
// ("Auric Fountain" -> auric_fountain), as the shared brief agreed with the server's words.
export const roomSlug = (name) => String(name).toLowerCase().replace(/[^a-z]/g, "_");

export function gemName(code) {
  return has(`gr.gem.${code}`) ? t(`gr.gem.${code}`) : (gemData(code) || { name: code }).name;
}

export function roomName(name) {
  const key = `gr.room.${roomSlug(name)}`;
  return has(key) ? t(key) : name;
}

// The room on a tile, by tile id ("Fire Ruby Shaft"; a tunnel is "Tunnel").
export function tileRoomName(id) {
  const tile = tileData(id);
  if (!tile) return tileLabel(id);
  return tile.pairs && tile.pairs.length ? t("gr.mine.tunnel") : roomName(tile.room);
}

// A room's effect in our own words, when the catalogue has it.
export function roomEffect(name) {
  const key = `gr.effect.${roomSlug(name)}`;
  return has(key) ? t(key) : "";
}

// "G07: Fire Ruby, Obsidian".
export function cardText(id) {
  const gems = cardGems(id);
  return gems.length ? t("grp.card.named", { card: cardLabel(id), gems: joinList(gems.map(gemName)) }) : cardLabel(id);
}

export const cardsText = (ids) => joinList(ids.map(cardText));

// One program step of a room (catalogue text "reveal 5", "keep all matching"...) in the
// reader's words, with the terminal's keys; a step it does not know stays as written.
const FIXED = {
  "keep all dug": "keep_all_dug", "keep all matching": "keep_all", "discard one": "discard_one",
  "discard any": "discard_any", "discard hand": "discard_hand", "name a gem": "name1",
  "name 2 gems": "name2", "draw hand size": "draw_hand", "draw one per leader": "draw_leaders",
  "move to": "move", swap: "swap", copy: "copy", rift: "rift", elevator: "elevator",
  "mine cart": "mine_cart", patience: "patience",
};
const COUNTED = /^(reveal|dig|draw|keep|score|lose|take|scry|refill steps) (\d+|X)$/;

export function stepText(step) {
  if (FIXED[step]) return t(`gr.op.${FIXED[step]}`);
  let m = COUNTED.exec(step);
  if (m) return t(`gr.op.${m[1].replace(" ", "_")}`, { n: m[2] });
  m = /^keep (\d+) of the dug cards$/.exec(step);
  if (m) return t("gr.op.keep_dug", { n: m[1] });
  m = /^draw up to (\d+) in hand$/.exec(step);
  if (m) return t("gr.op.draw_upto", { n: m[1] });
  return step;
}

// What a step's card test looks for (spec R51): the gems it names as pictures, or a word.
export function testPieces(room, step) {
  const params = (roomData(room) || {}).params || {};
  const effect = (roomData(room) || {}).effect || "";
  let test = null;
  if (step.startsWith("discard one") || step === "discard any") test = params.discard;
  else if (step.startsWith("dig") || step === "keep all matching") {
    if (["name_reveal", "name_dig", "reveal_name_keep"].includes(effect)) {
      return [h("em", {}, t(params.mode === "none" ? "gr.test.not_named" : "gr.test.named"))];
    }
    test = params.test || params.relation;
  }
  if (!test || !test.kind) return [];
  const gems = (test.gems || []).map((g) => gemIcon(g, 14));
  if (["any", "has", "both"].includes(test.kind)) return gems;
  if (test.kind === "only") return [h("em", {}, t("gr.test.only")), ...gems];
  if (["special", "standard_only", "shares", "shares_nothing"].includes(test.kind)) return [h("em", {}, t(`gr.test.${test.kind}`))];
  return [];
}

// A gem's picture with its name for screen readers and a tooltip.
export function gemBadge(code, size = 18) {
  const name = gemName(code);
  return h("span", { class: `gr-gem-badge${isSpecial(code) ? " special" : ""}`, "data-gem": code, title: name, role: "img", "aria-label": name }, gemIcon(code, size));
}

// A gem card: a small card with its two gems' pictures (one above the other) and its id.
// opts: {small, extra (class), chosen, known, title}.
export function cardNode(id, opts = {}) {
  const gems = cardGems(id);
  const [a, b] = [gems[0], gems[1] || gems[0]];
  const fill = (code) => (gemData(code) || { hex: "#888" }).hex;
  const tip = opts.title || cardText(id);
  const cls = ["gr-card", opts.small ? "small" : "", opts.extra || "", gems.some(isSpecial) ? "has-special" : ""].filter(Boolean).join(" ");
  return h("div", { class: cls, "data-card": id, title: tip, "data-tip": tip, style: `--gem-a:${fill(a)};--gem-b:${fill(b)}` },
    h("span", { class: "gr-card-gems", "aria-hidden": "true" }, ...gems.map((g) => gemIcon(g, opts.small ? 16 : 20))),
    h("span", { class: "gr-card-id" }, cardLabel(id)));
}

// A face-down card (a hidden hand, the deck): `n` shown on it when given.
export function cardBack(n = null, label = "") {
  return h("div", { class: "gr-card back", title: label || null, role: label ? "img" : null, "aria-label": label || null },
    h("span", { class: "gr-card-back-mark", "aria-hidden": "true" }, "◆"), n !== null ? h("span", { class: "gr-card-count" }, String(n)) : null);
}
