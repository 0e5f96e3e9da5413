// The public effects of the Rhom's and bots' steps on a view, so the board can play their turn
// one step at a time (js/playback.js) instead of jumping when the turn's final state arrives.
// project(view, events) returns a new view (the old one is never changed) with what the events
// say unambiguously applied: moves, reveals, tiles collected and removed, barricades, the Castle,
// market dice, cargo, coins, stone dice, items, relics, points, whose turn it is. Whatever the
// events cannot tell (the Rhom's next weathervane, an item slot's new card...) stays as it was:
// the state that ends the turn corrects everything, so a projection only has to be right, never
// complete. Every field it writes is built exactly as the server's views build it (views.py).
import { cards } from "./words.js";

const IN_CASTLE = -1;  // a finished explorer's position in the views
const TILE_POINTS = ["tile bonus", "stone die"];  // the "points" events counted as tile bonus

const tileOf = (id) => {
  const t = cards.tiles.find((x) => x.id === id);
  return t ? { id: t.id, gem: t.gem, bonus: t.bonus, amount: t.amount } : null;
};
const relicOf = (id) => {
  const r = cards.relics.find((x) => x.id === id);
  return r ? structuredClone(r) : null;
};
const tokenPoints = (key) => (cards.tokens.find((x) => x.key === key) || { points: 0 }).points;

// What one event does to the view `v` (a copy, changed in place). `step` carries what an event
// leaves for a later one of the same step (the relic row's gap a restore leaves).
const EFFECTS = {
  turn(v, e) { v.current_player = e.player; },  // whose turn the panels mark
  game_over(v) { Object.assign(v, { current_player: null, game_over: true }); },
  move(v, e, p) { if (p) p.position = e.data.to; },
  swap(v, e, p) {  // Swapping Stones: the other explorer takes this one's place
    const other = v.players.find((x) => x.seat === e.data.with_seat);
    if (!p || !other) return;
    other.position = p.position;
    p.position = e.data.now_at;
  },
  placed(v, e, p) { if (p) p.position = e.data.hex; },  // a blocked explorer starts again
  reveal(v, e) {
    const hex = hexOf(v, e.data.hex);
    const tile = tileOf(e.data.tile);
    if (hex && tile) Object.assign(hex, { face_up: true, has_tile: true, tile });
  },
  collect(v, e, p) {
    emptyHex(v, e.data.hex);
    const tile = tileOf(e.data.tile);
    if (p && tile) p.victory_pile.push(tile);
  },
  remove(v, e) { emptyHex(v, e.data.hex); },
  tile_discarded(v, e, p) {
    const at = p ? p.victory_pile.findIndex((t) => t.id === e.data.tile) : -1;
    if (at >= 0) p.victory_pile.splice(at, 1);
  },
  rhom_barricade(v, e) {
    const hex = hexOf(v, e.data.hex);
    if (!hex || hex.barricade) return;
    hex.barricade = true;
    if (v.rhom) {
      v.rhom.barricades = [...v.rhom.barricades, e.data.hex].sort((a, b) => a - b);
      v.rhom.barricades_left = Math.max(0, v.rhom.barricades_left - 1);
    }
  },
  castle(v, e, p) {
    if (!p) return;
    Object.assign(p, { position: IN_CASTLE, finished: true });
    const token = e.data.token;
    if (token) {
      p.token = token;
      p.points.token = tokenPoints(token);
      const at = v.tokens_left.indexOf(token);
      if (at >= 0) v.tokens_left.splice(at, 1);
    }
  },
  market(v, e) { if (e.data.colour in v.market) v.market[e.data.colour] = e.data.after; },
  gain(v, e, p) { moveGems(v, p, e.data.colour, e.data.count); },
  return(v, e, p) { moveGems(v, p, e.data.colour, -e.data.count); },
  give(v, e, p) {
    const to = v.players.find((x) => x.seat === e.data.to);
    if (!p || !to || !p.cargo || !to.cargo || !(e.data.colour in p.cargo)) return;
    p.cargo[e.data.colour] -= 1;
    to.cargo[e.data.colour] += 1;
  },
  coins(v, e, p) { if (p) p.coins += e.data.count; },
  sell(v, e, p) { if (p) p.coins += e.data.coins; },  // its gems go back in "return" events
  mine(v, e, p) {  // its gems come in "gain" events; `stone`: the turn's active stone dice
    if (!p) return;
    p.coins -= e.data.cost;
    if (!v.turn || typeof v.turn.active_stone_dice !== "number") return;
    p.stone_dice -= e.data.stone - v.turn.active_stone_dice;
    v.turn.active_stone_dice = e.data.stone;
  },
  buy(v, e, p) {  // the slot stays empty until the state shows the card dealt there
    if (!p) return;
    p.coins -= e.data.cost;
    p.items = [...p.items, e.data.item].sort();
    emptySlot(v, e.data.slot);
  },
  // The item market dealt again: the cards by their place in the card data (items.json).
  item_market_refresh(v, e) {
    const keys = e.data.market.map((k) => (k >= 0 && cards.items[k] ? cards.items[k].key : null));
    if (keys.length === v.item_market.length) Object.assign(v, { item_market: keys, item_discard: [] });
  },
  play(v, e, p) {
    const at = p ? p.items.indexOf(e.data.item) : -1;
    if (at >= 0) p.items.splice(at, 1);
  },
  stone_die(v, e, p) {
    if (!p || !e.data.got) return;
    p.stone_dice += 1;
    v.stone_supply = Math.max(0, v.stone_supply - 1);
  },
  // Points scored during the game, by source (views.py's "points"): a tile's bonus or the
  // Rhom's stone die, the Rhom's Merchant and full hold (its gems go back in "return" events).
  points(v, e, p) { if (p && TILE_POINTS.includes(e.data.reason)) p.points.tile_bonus += e.data.count; },
  rhom_merchant(v, e, p) {
    if (!p || !e.data.item) return;
    p.points.merchant += e.data.points;
    emptySlot(v, e.data.slot);
    v.item_discard = [...v.item_discard, e.data.item].sort();
  },
  rhom_overflow(v, e, p) { if (p) p.points.overflow += e.data.points; },
  iridia_stone(v, e, p) {
    if (p) Object.assign(p, { iridia_stone: true, points: { ...p.points, iridia_stone: e.data.points } });
  },
  stone_returned(v, e) {  // the activated ones
    v.stone_supply += e.data.count;
    if (v.turn) v.turn.active_stone_dice = 0;
  },
  restore(v, e, p, step) {
    const relic = relicOf(e.data.relic);
    if (!p || !relic) return;
    p.relics.push(relic);
    p.points.relics += relic.points;
    if (e.data.reserved) {
      p.reserved = null;
      return;
    }
    takeFromRow(v, relic.id, step);
  },
  reserve(v, e, p, step) {  // the Book's relic, from the row or the deck
    const relic = relicOf(e.data.relic);
    if (!p || !relic) return;
    p.reserved = relic;
    if (e.data.from_row) takeFromRow(v, relic.id, step);
    else v.relic_deck.count = Math.max(0, v.relic_deck.count - 1);
  },
  relic_dealt(v, e, p, step) {
    const relic = relicOf(e.data.relic);
    if (!relic) return;
    v.relic_row.splice(step.gap ?? v.relic_row.length, 0, relic);
    step.gap = null;
    v.relic_deck.count = Math.max(0, v.relic_deck.count - 1);
  },
  rhom_card(v, e) {
    if (!v.rhom) return;
    v.rhom.discard = [...v.rhom.discard, e.data.card];
    v.rhom.deck_count = Math.max(0, v.rhom.deck_count - 1);
  },
};

// A relic leaves the row; the next relic dealt takes its place.
function takeFromRow(v, id, step) {
  const at = v.relic_row.findIndex((r) => r.id === id);
  if (at < 0) return;
  v.relic_row.splice(at, 1);
  step.gap = at;
}

// An item market's slot (numbered from 1) emptied by a purchase.
function emptySlot(v, slot) {
  if (Array.isArray(v.item_market) && slot >= 1 && slot <= v.item_market.length) v.item_market[slot - 1] = null;
}

function hexOf(v, hex) { return v.board.find((h) => h.hex === hex) || null; }

function emptyHex(v, hex) {
  const h = hexOf(v, hex);
  if (h) Object.assign(h, { has_tile: false, face_up: false, tile: null });
}

// Gems between the supply and a cargo (count < 0: back to the supply). A view that does not
// show this seat's cargo keeps it as it is; an unlimited supply never changes.
function moveGems(v, p, colour, count) {
  if (!(colour in v.supply)) return;
  if (!(v.params && v.params.unlimited_gem_supply)) v.supply[colour] -= count;
  if (p && p.cargo && colour in p.cargo) p.cargo[colour] += count;
}

export function project(view, events) {
  if (!view || !Array.isArray(view.board) || !Array.isArray(view.players)) return view;
  const v = structuredClone(view);
  const step = { gap: null };
  for (const e of events || []) {
    const effect = Object.hasOwn(EFFECTS, e.kind) ? EFFECTS[e.kind] : null;
    if (!effect || !e.data) continue;
    const p = v.players.find((x) => x.seat === e.player) || null;
    effect(v, e, p, step);
  }
  return v;
}
