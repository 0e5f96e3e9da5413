// The public effects of other seats' steps on a view, so the mine can play a bot's turn one step
// at a time (js/playback.js) instead of jumping when the turn's final state arrives.
// project(view, events) returns a new view (the old one is never changed) with what the events
// say unambiguously applied: whose turn it is, dwarves that move, tiles drawn, placed, moved by
// Mystic Elevator or removed by Dimensional Rift (the construction sites and doors onto the rock
// follow from the tiles), scores, and the cards that visibly change piles (drawn, revealed,
// kept, cleaned up, reshuffled, burnt from the deck). Whatever the events cannot tell stays as
// it was: the state that ends the turn corrects everything, so a projection only has to be
// right, never complete. Every field it writes is built as the server's views build it.
import { roomData, tileData, tileLabel } from "./words.js";
import { rotatedSides, rotatedPairs } from "./tiles.js";
import { sitesOf } from "./mine-geometry.js";

// A placed tile as the views show it (view_types.TileView), from the catalogue.
function placedTile(id, x, y, rotation, dwarves = []) {
  const data = tileData(id);
  if (!data) return null;
  const tunnel = data.pairs.length > 0;
  const room = roomData(data.room) || { type: "none", effect: "none" };
  return {
    id, label: tileLabel(id), room: data.room, type: tunnel ? "tunnel" : room.type, effect: room.effect,
    x, y, rotation, sides: rotatedSides(data, rotation), pairs: rotatedPairs(data, rotation), dwarves,
  };
}

function reseat(v) {  // each tile's dwarves from the players' rooms, in seat order
  for (const tile of v.mine.tiles) tile.dwarves = v.players.filter((p) => p.room === tile.id).map((p) => p.seat);
}

function remine(v) {  // the sites and open doors that the tiles now make
  v.mine.tiles.sort((a, b) => a.id - b.id);
  Object.assign(v.mine, sitesOf(v.mine.tiles));
  reseat(v);
}

const list = (x) => (Array.isArray(x) ? x : []);

// What one event does to the view `v` (a copy, changed in place); `p` is the acting seat's
// player record, when there is one.
const EFFECTS = {
  turn(v, e) { if (e.player >= 0 && e.player < v.num_players) v.current_player = e.player; },
  game_over(v) { v.current_player = null; },
  move(v, e, p) {
    if (!p || typeof e.data.room !== "number") return;
    p.room = e.data.room;
    reseat(v);
  },
  tile_drawn(v, e) {
    if (typeof e.data.tile !== "number") return;
    v.placing = e.data.tile;
    if (typeof e.data.stack === "number") v.stack_size = e.data.stack;
    v.stack_top = v.stack_top.filter((id) => id !== e.data.tile);
  },
  tile_placed(v, e) {
    const d = e.data;
    if (v.mine.tiles.some((tile) => tile.id === d.tile || (tile.x === d.x && tile.y === d.y))) return;
    const tile = placedTile(d.tile, d.x, d.y, d.rotation || 0);
    if (!tile) return;
    v.mine.tiles.push(tile);
    if (v.placing === d.tile) v.placing = null;
    remine(v);
  },
  tile_removed(v, e) {
    const at = v.mine.tiles.findIndex((tile) => tile.id === e.data.tile);
    if (at < 0) return;
    v.mine.tiles.splice(at, 1);
    v.stack_size += 1;
    remine(v);
  },
  elevator(v, e) {  // the room moves with its dwarves: their room stays the same tile
    const tile = v.mine.tiles.find((x) => x.id === e.data.tile);
    const moved = tile && placedTile(tile.id, e.data.x, e.data.y, e.data.rotation ?? tile.rotation);
    if (!moved) return;
    Object.assign(tile, moved);
    remine(v);
  },
  score(v, e, p) {
    if (!p || typeof e.data.total !== "number") return;
    p.score = e.data.total;
    v.scores = v.players.map((x) => x.score);
    if (v.mode !== "rush") v.team_score = v.scores.reduce((a, b) => a + b, 0);
  },
  draw(v, e, p) {
    const n = typeof e.data.count === "number" ? e.data.count : list(e.data.cards).length;
    if (!p || !n) return;
    p.hand_size += n;
    v.deck_size = Math.max(0, v.deck_size - n);
    if (Array.isArray(p.hand) && list(e.data.cards).length === n) p.hand = [...p.hand, ...e.data.cards].sort((a, b) => a - b);
  },
  reveal(v, e) {
    const cards = list(e.data.cards);
    v.revealed = [...v.revealed, ...cards.filter((c) => !v.revealed.includes(c))];
    v.deck_size = Math.max(0, v.deck_size - cards.length);
  },
  keep(v, e, p) {
    const cards = list(e.data.cards).filter((c) => v.revealed.includes(c));
    if (!p || !cards.length) return;
    v.revealed = v.revealed.filter((c) => !cards.includes(c));
    p.hand_size += cards.length;
    p.known = [...new Set([...p.known, ...cards])].sort((a, b) => a - b);
    if (Array.isArray(p.hand)) p.hand = [...p.hand, ...cards].sort((a, b) => a - b);
  },
  cleanup(v, e) {
    const cards = list(e.data.cards);
    v.revealed = v.revealed.filter((c) => !cards.includes(c));
    v.discard = [...v.discard, ...cards];
  },
  reshuffle(v, e) {
    if (typeof e.data.cards !== "number") return;
    v.deck_size = e.data.cards;
    v.discard = [];
  },
  burn_deck(v) {
    v.deck_size = Math.max(0, v.deck_size - 1);
    v.burnt += 1;
    v.burnt_from_deck += 1;
  },
};

export function project(view, events) {
  if (!view || !view.mine || !Array.isArray(view.mine.tiles) || !Array.isArray(view.players)) return view;
  const v = structuredClone(view);
  for (const e of events || []) {
    const effect = Object.hasOwn(EFFECTS, e.kind) ? EFFECTS[e.kind] : null;
    if (!effect || !e.data) continue;
    effect(v, e, v.players.find((x) => x.seat === e.player) || null);
  }
  return v;
}
