// Where things are in the mine: the grid's layout on the page (the rules' y grows northwards,
// the page's downwards), passages followed through tunnels (Gem Rush R14) so a click on the room
// a walk leads to can play that walk, the dwarves' spots in a room, and which doors face the
// empty rock. Pure functions of the view: the board draws from them, motion compares two views
// with them, and project.js rebuilds a view's construction sites with them.
import { CELL, DIRS } from "./tiles.js";

export const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
export const opposite = (dir) => DIRS[(DIRS.indexOf(dir) + 2) % 4];
const PAD = 0.2 * CELL;  // room around the outermost cells for glows and badges

const key = (x, y) => `${x},${y}`;

export function tileAt(view) {
  return new Map(view.mine.tiles.map((tile) => [key(tile.x, tile.y), tile]));
}

// Follow the passage out of the cell (x, y) towards `dir` (R14): through tunnels, to the room it
// reaches ({tile}) or the empty cell it ends at ({x, y}). A chain that loops (never in a legal
// mine) stops where it is.
export function trace(grid, x, y, dir) {
  let [cx, cy, d] = [x, y, dir];
  for (let hops = 0; hops < 200; hops++) {
    const [dx, dy] = STEP[d];
    cx += dx;
    cy += dy;
    const tile = grid.get(key(cx, cy));
    if (!tile) return { x: cx, y: cy, tile: null };
    if (tile.type !== "tunnel") return { x: cx, y: cy, tile };
    const entry = opposite(d);
    const pair = (tile.pairs || []).find((p) => p.includes(entry));
    if (!pair) return { x: cx, y: cy, tile };
    d = pair[0] === entry ? pair[1] : pair[0];
  }
  return { x: cx, y: cy, tile: grid.get(key(cx, cy)) || null };
}

// The construction sites and the doors onto the empty rock of a mine (as the server's views
// list them: mine.sites and mine.open_doors), from its tiles alone.
export function sitesOf(tiles) {
  const grid = new Map(tiles.map((tile) => [key(tile.x, tile.y), tile]));
  const sites = [];
  const openDoors = [];
  for (const tile of [...tiles].sort((a, b) => a.id - b.id)) {
    tile.sides.forEach((side, d) => {
      if (side.kind === "wall") return;
      const dir = DIRS[d];
      const [dx, dy] = STEP[dir];
      if (!grid.has(key(tile.x + dx, tile.y + dy))) openDoors.push({ tile: tile.id, dir, x: tile.x + dx, y: tile.y + dy });
      if (tile.type === "tunnel" || side.kind !== "door") return;
      const end = trace(grid, tile.x, tile.y, dir);
      if (!end.tile) sites.push({ tile: tile.id, dir, x: end.x, y: end.y, cost: [...side.cost], points: side.points, through_tunnels: end.x !== tile.x + dx || end.y !== tile.y + dy });
    });
  }
  return { sites, open_doors: openDoors };
}

// The page's layout of the cells that `views` show (the view on screen and the one a step
// started from, so both draw at the same places), plus `extra` cells [[x, y]...] that must fit.
export function layout(views, extra = []) {
  const cells = [...extra];
  for (const v of views) {
    if (!v || !v.mine) continue;
    for (const tile of v.mine.tiles) cells.push([tile.x, tile.y]);
    for (const s of v.mine.sites) cells.push([s.x, s.y]);
    for (const o of v.mine.open_doors) cells.push([o.x, o.y]);
  }
  if (!cells.length) cells.push([0, 0]);
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const minX = Math.min(...xs);
  const maxY = Math.max(...ys);
  const cols = Math.max(...xs) - minX + 1;
  const rows = maxY - Math.min(...ys) + 1;
  return {
    width: Math.round(cols * CELL + 2 * PAD),
    height: Math.round(rows * CELL + 2 * PAD),
    // The top-left corner of cell (x, y) on the page, and its centre.
    corner: (x, y) => [PAD + (x - minX) * CELL, PAD + (maxY - y) * CELL],
    centre: (x, y) => [PAD + (x - minX + 0.5) * CELL, PAD + (maxY - y + 0.5) * CELL],
  };
}

// Where the dwarves standing in a room are drawn, relative to the cell's top-left corner: a row
// under the room's name, two rows when more than four share it.
export function dwarfSpots(n) {
  const perRow = n > 4 ? Math.ceil(n / 2) : n;
  const gap = perRow > 3 ? 19 : perRow > 2 ? 24 : 30;
  const spots = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const col = i - row * perRow;
    spots.push([CELL / 2 + (col - (inRow - 1) / 2) * gap, (n > 4 ? 72 : 82) + row * 24]);
  }
  return spots;
}

// Alone or in pairs a dwarf is drawn big: it is what a player looks for on a small screen.
export const dwarfSize = (n) => (n > 4 ? 7 : n > 2 ? 8.5 : 11);

// Every dwarf's spot on the page in `view`: Map seat -> {x, y, s, room}.
export function dwarfPlaces(view, geo) {
  const byTile = new Map(view.mine.tiles.map((tile) => [tile.id, tile]));
  const out = new Map();
  const here = new Map();
  for (const p of view.players) {
    if (!here.has(p.room)) here.set(p.room, []);
    here.get(p.room).push(p.seat);
  }
  for (const [room, seats] of here) {
    const tile = byTile.get(room);
    if (!tile) continue;
    const [x0, y0] = geo.corner(tile.x, tile.y);
    const spots = dwarfSpots(seats.length);
    seats.forEach((seat, i) => out.set(seat, { x: x0 + spots[i][0], y: y0 + spots[i][1], s: dwarfSize(seats.length), room }));
  }
  return out;
}
