// The mine in SVG: an unbounded square grid of room tiles (tiles.js) drawn from the seat's view,
// the construction sites as dashed squares, each door onto the empty rock with its cost plaque,
// one-way passages (a door facing a wall) as arrows, the dwarves in their seat colours (the one
// acting ringed), the last move marked and, when the page gives the view a step started from,
// its motion (mine-marks.js). Acting: every place an action belongs to glows, carries a badge of
// what a click does and plays it (one action) or offers a menu (several): the doorways of the
// acting dwarf's room and the room or site each leads to (dir:D), sites (site:nn:D), tiles
// (tile:nn), doors onto the rock (door:nn:D), and the rotations of a tile being placed
// (rotate:r, mine-rotation.js). Each clickable place is a Tab stop (Enter or Space plays it, the
// arrows move between them) with an aria-label and data-actions. The svg scales to its box;
// data-width/height and data-focus (the acting dwarf and the legal places) drive js/zoom.js;
// data-comfort asks it to start zoomed in on the focus when the whole mine would make a tile
// smaller than COMFORT_TILE screen pixels (a large mine on a phone).
import { t, seatName, joinList } from "/static/js/i18n.js";
import { el, addDefs, dwarfShape } from "./icons.js";
import { CELL, DIRS, addTileDefs, drawTile, drawSite, costPlaque, sideMiddle } from "./tiles.js";
import { layout, tileAt, trace, dwarfPlaces, STEP, opposite } from "./mine-geometry.js";
import { rotationCells, drawRotations } from "./mine-rotation.js";
import { legalBadge, makeClickable, lastMoves, drawMarks, animateStep } from "./mine-marks.js";
import { roomName, roomEffect, gemName, tileLabel } from "./words.js";

const key = (x, y) => `${x},${y}`;
// A gem's radius on the plaque of a door onto the rock: the cost a player reads most, so it is
// drawn big in the empty cell beyond the door (four to a line, two lines at most).
const PLAQUE_GEM = 10;
const dirName = (d) => t(`gr.dir.${d}`);

function doorWords(side, d) {
  if (side.kind !== "door") return null;
  if (!side.cost.length) return t("grb.door_free", { dir: dirName(d) });
  return t("grb.door", { dir: dirName(d), cost: joinList(side.cost.map(gemName)), points: side.points });
}

// The sides of a room whose door faces a neighbour's wall: one-way passages out (R15).
function oneWaySides(tile, grid) {
  if (tile.type === "tunnel") return [];
  return DIRS.filter((dir, d) => {
    const [dx, dy] = STEP[dir];
    const other = grid.get(key(tile.x + dx, tile.y + dy));
    return tile.sides[d].kind === "door" && other && other.type !== "tunnel" && other.sides[DIRS.indexOf(opposite(dir))].kind === "wall";
  });
}

// What a tile is, for its tooltip and its aria-label: name, type, effect, doors, one-way
// passages, dwarves.
function tileWords(tile, view, grid) {
  const words = [tile.type === "tunnel"
    ? t("grb.tunnel", { tile: tileLabel(tile.id), pairs: joinList(tile.pairs.map((p) => `${dirName(p[0])}–${dirName(p[1])}`)) })
    : t(tile.type === "none" ? "grb.tile_none" : "grb.tile", { room: roomName(tile.room), tile: tileLabel(tile.id), type: t(`gr.type.${tile.type}`) })];
  const effect = tile.type === "tunnel" ? "" : roomEffect(tile.room);
  if (effect) words.push(effect);
  const doors = tile.type === "tunnel" ? [] : tile.sides.map((s, i) => doorWords(s, DIRS[i])).filter(Boolean);
  if (doors.length) words.push(joinList(doors));
  for (const dir of oneWaySides(tile, grid)) words.push(t("grb.one_way_out", { dir: dirName(dir) }));
  const here = view.players.filter((p) => p.room === tile.id).map((p) => seatName(p.seat));
  if (here.length) words.push(t("grb.dwarves_here", { names: joinList(here) }));
  return words.join(" · ");
}

const uniq = (list) => [...new Set(list)];

// Which actions belong to which cell and which doorway: {cells: Map "x,y" -> acts, doors: [{tile,
// dir, acts, tab}]}. A walk belongs to the acting room's doorway and to where it leads.
function legalPlaces(view, ctx, grid) {
  const cells = new Map();
  const add = (x, y, acts) => { if (acts.length) cells.set(key(x, y), uniq([...(cells.get(key(x, y)) || []), ...acts])); };
  const doors = [];
  for (const tile of view.mine.tiles) add(tile.x, tile.y, ctx.at(`tile:${tile.id}`));
  for (const s of view.mine.sites) add(s.x, s.y, ctx.at(`site:${s.tile}:${s.dir}`));
  const decider = view.decision ? view.decision.player : view.current_player;
  const acting = view.players.find((p) => p.seat === decider);
  const room = acting ? view.mine.tiles.find((tile) => tile.id === acting.room) : null;
  for (const d of DIRS) {
    const acts = ctx.at(`dir:${d}`);
    if (!acts.length || !room) continue;
    // A closed mine reopens next to the room, whatever its side shows (R101); a walk follows
    // the passage (R14).
    const [dx, dy] = STEP[d];
    const end = acts.every((a) => a.startsWith("reopen")) ? { x: room.x + dx, y: room.y + dy } : trace(grid, room.x, room.y, d);
    add(end.x, end.y, acts);
    doors.push({ tile: room, dir: d, acts, tab: false });
  }
  for (const o of view.mine.open_doors) {
    const acts = ctx.at(`door:${o.tile}:${o.dir}`);
    const tile = view.mine.tiles.find((x) => x.id === o.tile);
    if (acts.length && tile) doors.push({ tile, dir: o.dir, acts, tab: true });
  }
  return { cells, doors, room };
}

// A passage from a door onto a wall (R15): a gold arrow across the edge, into the walled room.
function drawOneWays(layer, view, grid, geo) {
  for (const tile of view.mine.tiles) {
    for (const dir of oneWaySides(tile, grid)) {
      const d = DIRS.indexOf(dir);
      const [x0, y0] = geo.corner(tile.x, tile.y);
      const [mx, my, ox, oy] = sideMiddle(x0, y0, d);
      const g = el("g", { class: "gr-oneway" }, layer);
      el("title", {}, g).textContent = t("grb.one_way");
      const tip = [mx + ox * 7, my + oy * 7];
      const back = [mx - ox * 5, my - oy * 5];
      el("polygon", { points: `${tip[0]},${tip[1]} ${back[0] + oy * 7},${back[1] + ox * 7} ${back[0] - oy * 7},${back[1] - ox * 7}`, class: "gr-oneway-arrow" }, g);
    }
  }
}

const COMFORT_TILE = 90;  // the smallest tile, in screen pixels, whose name and doors read well

export function renderMine(view, ctx) {
  const grid = tileAt(view);
  const rotation = rotationCells(view, ctx);
  const places = legalPlaces(view, ctx, grid);
  const placeCells = [...places.cells.keys()].map((cell) => cell.split(",").map(Number));
  const geo = layout([view, ctx.before], [...rotation.cells, ...placeCells]);
  const svg = el("svg", { viewBox: `0 0 ${geo.width} ${geo.height}`, class: "board gr-mine", role: "group", "aria-label": t("grb.mine"), preserveAspectRatio: "xMidYMid meet" });
  svg.dataset.width = String(geo.width);
  svg.dataset.height = String(geo.height);
  svg.dataset.comfort = String(COMFORT_TILE / CELL);  // screen pixels per board unit
  addDefs(svg);
  addTileDefs(svg);
  // The rock reaches past the viewBox: a box of another shape shows more of it, never a seam.
  const rock = { x: -3 * geo.width, y: -3 * geo.height, width: 7 * geo.width, height: 7 * geo.height };
  el("rect", { ...rock, class: "gr-mine-bg" }, svg);
  el("rect", { ...rock, fill: "url(#gr-grain)", class: "gr-mine-grain" }, svg);
  const layers = Object.fromEntries(["sites", "tiles", "plaques", "oneways", "marks", "dwarves", "doors", "rotation"].map((name) => [name, el("g", { class: `gr-layer gr-${name}` }, svg)]));
  const focus = [];
  const openDoors = new Set(view.mine.open_doors.map((o) => `${o.tile}:${o.dir}`));
  const { moves, placed } = lastMoves(ctx.events || []);

  for (const tile of view.mine.tiles) {
    const [x0, y0] = geo.corner(tile.x, tile.y);
    const open = DIRS.map((d) => openDoors.has(`${tile.id}:${d}`));
    const g = drawTile(layers.tiles, tile, x0, y0, open);
    g.dataset.x = tile.x;
    g.dataset.y = tile.y;
    const words = tileWords(tile, view, grid);
    el("title", {}, g).textContent = words;
    if (placed.has(tile.id)) { g.classList.add("gr-new"); el("rect", { x: x0 + 1, y: y0 + 1, width: CELL - 2, height: CELL - 2, rx: 8, class: "gr-new-ring" }, g); }
    if (places.room && tile.id === places.room.id) { g.classList.add("gr-acting-room"); focus.push([x0, y0]); }
    const acts = places.cells.get(key(tile.x, tile.y));
    if (acts) {
      el("rect", { x: x0 + 4, y: y0 + 4, width: CELL - 8, height: CELL - 8, rx: 7, class: "gr-legal-ring" }, g);
      legalBadge(g, acts, x0 + CELL - 16, y0 + 16);
      makeClickable(g, acts, words, ctx, svg);
      focus.push([x0, y0]);
    }
  }

  const siteCells = new Map();
  for (const s of view.mine.sites) {
    if (!siteCells.has(key(s.x, s.y))) siteCells.set(key(s.x, s.y), []);
    siteCells.get(key(s.x, s.y)).push(s);
  }
  // The site a payment is for (its door's cost is what the cards pay) wears the placing pink.
  const paying = view.decision && view.decision.kind === "payment" ? view.decision.details || {} : {};
  for (const [cell, sites] of siteCells) {
    const { x, y } = sites[0];
    const [x0, y0] = geo.corner(x, y);
    const g = drawSite(layers.sites, x0, y0);
    g.dataset.x = x;
    g.dataset.y = y;
    const building = sites.some((s) => s.tile === paying.tile && s.dir === paying.dir);
    if (building) {
      g.classList.add("gr-site-building");
      focus.push([x0, y0]);
    }
    const words = (building ? `${t("grb.building")} · ` : "") + joinList(sites.map((s) => t(s.through_tunnels ? "grb.site_tunnels" : "grb.site", { dir: dirName(s.dir), tile: tileLabel(s.tile), cost: s.cost.length ? joinList(s.cost.map(gemName)) : t("gr.door.free"), points: s.points })));
    el("title", {}, g).textContent = words;
    // A site reached through tunnels: its door's cost is far away, so it is repeated here.
    sites.filter((s) => s.through_tunnels).forEach((s, i, far) => costPlaque(g, { cost: s.cost, points: s.points }, x0 + CELL / 2, y0 + CELL / 2 + (i - (far.length - 1) / 2) * 52, 0, PLAQUE_GEM, "gr-cost gr-cost-far", { perLine: 4 }));
    const acts = places.cells.get(cell);
    if (acts) {
      g.classList.add("gr-site-legal");
      // In the middle of the square, clear of the door plaques along its sides (a site reached
      // through tunnels has its plaque there: the badge then takes a corner).
      const far = sites.some((s) => s.through_tunnels);
      let [bx, by] = [x0 + CELL / 2, y0 + CELL / 2];
      for (const s of new Set(sites.filter((x) => !x.through_tunnels).map((x) => x.dir))) {
        const [dx, dy] = STEP[s];  // the plaque hugs the side facing its door: move away from it
        [bx, by] = [bx + dx * 18, by - dy * 18];
      }
      legalBadge(g, acts, far ? x0 + CELL - 16 : bx, far ? y0 + CELL - 16 : by, "build");
      makeClickable(g, acts, words, ctx, svg);
      focus.push([x0, y0]);
    }
  }
  for (const [cell, acts] of places.cells) {  // a walk into empty rock that is no listed site
    if (grid.has(cell) || siteCells.has(cell)) continue;
    const [x, y] = cell.split(",").map(Number);
    const [x0, y0] = geo.corner(x, y);
    const g = drawSite(layers.sites, x0, y0);
    g.classList.add("gr-site-legal");
    legalBadge(g, acts, x0 + CELL / 2, y0 + CELL / 2, "build");
    makeClickable(g, acts, t("grb.empty"), ctx, svg);
    focus.push([x0, y0]);
  }

  // Doors onto the empty rock: their cost on a big plaque in the site beyond the door.
  for (const o of view.mine.open_doors) {
    const tile = view.mine.tiles.find((x) => x.id === o.tile);
    if (!tile || tile.type === "tunnel") continue;
    const d = DIRS.indexOf(o.dir);
    const [x0, y0] = geo.corner(tile.x, tile.y);
    const [mx, my, ox, oy] = sideMiddle(x0, y0, d);
    costPlaque(layers.plaques, tile.sides[d], mx, my, d, PLAQUE_GEM, "gr-cost gr-cost-open", { perLine: 4, out: [ox, oy] });
  }
  drawOneWays(layers.oneways, view, grid, geo);

  // Doorways that are clickable: a glowing frame in the doorway.
  for (const door of places.doors) {
    const d = DIRS.indexOf(door.dir);
    const [x0, y0] = geo.corner(door.tile.x, door.tile.y);
    // The ring sits in the doorway, inside the tile: the plaque beyond the door stays in sight.
    const [ex, ey, ox, oy] = sideMiddle(x0, y0, d);
    const [mx, my] = [ex - ox * 12, ey - oy * 12];
    const across = d % 2 === 0;
    const g = el("g", { class: "gr-door-target", "data-door": `${door.tile.id}:${door.dir}` }, layers.doors);
    el("rect", across ? { x: mx - 26, y: my - 13, width: 52, height: 26, rx: 8 } : { x: mx - 13, y: my - 26, width: 26, height: 52, rx: 8 }, g).setAttribute("class", "gr-door-ring");
    // The badge on the ring's inner corner, off the plaque beyond the door.
    if (door.tab) legalBadge(g, door.acts, mx + Math.abs(oy) * 26 - ox * 13, my + Math.abs(ox) * 26 - oy * 13);
    makeClickable(g, door.acts, t("grb.doorway", { dir: dirName(door.dir), tile: tileLabel(door.tile.id) }), ctx, svg, door.tab);
    if (door.tab) focus.push([x0, y0]);
  }

  const spots = dwarfPlaces(view, geo);
  for (const p of view.players) {
    const spot = spots.get(p.seat);
    if (!spot) continue;
    const g = el("g", { class: "gr-dwarf-piece", "data-seat": p.seat, "data-room": p.room, "aria-hidden": "true" }, layers.dwarves);
    if (p.seat === view.current_player && !view.outcome) el("ellipse", { cx: spot.x, cy: spot.y + spot.s * 1.15, rx: spot.s * 1.5, ry: spot.s * 0.55, class: "gr-acting-ring" }, g);
    dwarfShape(g, spot.x, spot.y, spot.s, p.seat);
  }
  drawMarks(layers.marks, moves, geo, view);
  for (const cell of drawRotations(layers.rotation, view, ctx, geo, svg)) focus.push(cell);

  // Zoomed in, the view centres on the acting dwarf's room and the legal places near it (a
  // Warpstone jump may reach the whole mine: the dwarf matters more than the far rooms).
  const home = places.room ? geo.corner(places.room.x, places.room.y) : null;
  const near = home ? focus.filter(([x, y]) => Math.max(Math.abs(x - home[0]), Math.abs(y - home[1])) <= 2.5 * CELL) : focus;
  if (near.length) {
    const xs = near.map((c) => c[0]);
    const ys = near.map((c) => c[1]);
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    svg.dataset.focus = JSON.stringify([x0, y0, Math.max(...xs) + CELL - x0, Math.max(...ys) + CELL - y0].map(Math.round));
  }
  if (ctx.before && ctx.before.mine && ctx.motion > 0) animateStep(svg, { geo, before: ctx.before, view, motion: ctx.motion });
  return svg;
}
