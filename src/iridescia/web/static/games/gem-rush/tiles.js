// One room tile of the mine in SVG, drawn like the printed tile: a rock floor tinted by the room
// type (its mark in a corner repeats it as a picture), a heavy rock wall on each side that has
// none, a doorway with wooden posts on each door, the door's cost as gems and its points on a
// small plaque (muted once the doorway leads into a room: walking in costs nothing), tunnels'
// passages drawn as rails linking the paired sides, the room's name in the reader's language and
// the tile's label. Also the construction site (a dashed empty square) and each side's shape
// for any rotation of a catalogue tile, so the mine can show a tile not yet placed (a ghost).
// Everything is drawn in a cell of CELL units whose top-left corner is (x0, y0).
import { el, gemShape, roomTypeShape } from "./icons.js";
import { roomName, tileLabel } from "./words.js";
import { t } from "/static/js/i18n.js";

export const CELL = 120;
export const DIRS = ["N", "E", "S", "W"];
const WALL = 11;  // the rock wall's thickness
const DOOR = 40;  // a doorway's width

// The floor and wall colours of each room type: warm ochre rock for action rooms, cold slate for
// movement rooms, grey granite for free rooms, dark earth for tunnels.
const ROCK = {
  action: ["#a8794c", "#6f4a2b", "#3b2616"],
  movement: ["#6b8aa8", "#3f5873", "#1d2b3b"],
  free: ["#9a9791", "#66635e", "#2f2d2a"],
  tunnel: ["#5a4a3b", "#3c3127", "#1e1812"],
  none: ["#8c7b66", "#5d5143", "#2a241d"],
};

// The gradients and the rock grain every tile uses (ids are per document: copies are harmless).
export function addTileDefs(svg) {
  const defs = el("defs", {}, svg);
  for (const [type, [light, dark]] of Object.entries(ROCK)) {
    const g = el("radialGradient", { id: `gr-floor-${type}`, cx: "45%", cy: "40%", r: "75%" }, defs);
    el("stop", { offset: "0%", "stop-color": light }, g);
    el("stop", { offset: "100%", "stop-color": dark }, g);
  }
  // 66 units square: not a divisor of a cell, so no two tiles show the same grain.
  const grain = el("pattern", { id: "gr-grain", width: "66", height: "66", patternUnits: "userSpaceOnUse" }, defs);
  const stones = [[8, 10, 5], [30, 6, 3], [48, 18, 6], [18, 34, 4], [40, 42, 5], [55, 52, 3], [6, 52, 6], [28, 54, 2.5]];
  for (const [x, y, r] of stones) el("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.7, fill: "#000", "fill-opacity": "0.1" }, grain);
  for (const [x, y, r] of stones) el("ellipse", { cx: x - r * 0.3, cy: y - r * 0.3, rx: r * 0.5, ry: r * 0.3, fill: "#fff", "fill-opacity": "0.08" }, grain);
  el("path", { d: "M0,24 L14,20 L22,27 L36,23 M38,0 L42,12 L58,14 M10,60 L16,46 L26,44", fill: "none", stroke: "#000", "stroke-opacity": "0.12", "stroke-width": "0.8" }, grain);
  const wood = el("linearGradient", { id: "gr-wood", x1: "0", x2: "0", y1: "0", y2: "1" }, defs);
  el("stop", { offset: "0%", "stop-color": "#9c6b3c" }, wood);
  el("stop", { offset: "100%", "stop-color": "#6a4323" }, wood);
  return defs;
}

// A printed side "FR+OB+SS:3", "free:0", "wall" or "tunnel" as a side of the view's shape.
export function parseSide(text) {
  if (text === "wall" || text === "tunnel") return { kind: text, cost: [], points: 0 };
  const [gems, points] = String(text).split(":");
  return { kind: "door", cost: gems === "free" ? [] : gems.split("+"), points: Number(points) || 0 };
}

// What catalogue tile `tile` shows towards N, E, S, W once turned `rotation` quarter turns
// clockwise (the rules' grid: towards d it shows its printed side (d - r) mod 4), and its
// tunnel pairs as shown.
export function rotatedSides(tile, rotation) {
  return DIRS.map((_, d) => ({ ...parseSide(tile.sides[(d - rotation + 8) % 4]), printed: DIRS[(d - rotation + 8) % 4] }));
}

export function rotatedPairs(tile, rotation) {
  const turn = (c) => DIRS[(DIRS.indexOf(c) + rotation) % 4];
  return (tile.pairs || []).map((p) => [...p].map(turn).join(""));
}

// The middle of side d of the cell at (x0, y0), and the unit vector out of it.
export function sideMiddle(x0, y0, d) {
  const c = CELL / 2;
  return [[x0 + c, y0, 0, -1], [x0 + CELL, y0 + c, 1, 0], [x0 + c, y0 + CELL, 0, 1], [x0, y0 + c, -1, 0]][d];
}

// A door's points: a gold disc with the number, readable at a glance.
function pointsDisc(parent, cx, cy, r, n) {
  const g = el("g", { class: "gr-points-disc" }, parent);
  el("circle", { cx, cy, r, fill: "#f2c14e", stroke: "#4a3200", "stroke-width": (r / 6).toFixed(2) }, g);
  el("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": (r * 1.25).toFixed(1), "font-weight": "800", fill: "#2a1a00" }, g).textContent = String(n);
  return g;
}

// A door's cost as gems and its points on a plaque for the door on side d (N, E, S, W as 0-3)
// whose middle is (mx, my). The gems and the points run along the side, `perLine` to a line,
// further lines stacked away from the side; with `out` ([ox, oy], the way out of the tile) the
// plaque starts just past the side and reaches into the empty cell beyond (a site's door),
// otherwise it is centred on (mx, my). A free door says so in words. `size` is a gem's radius.
export function costPlaque(parent, side, mx, my, d, size, cls, { perLine = 8, out = null } = {}) {
  const g = el("g", { class: cls }, parent);
  const along = d % 2 === 0;  // N or S: lines run across the page
  const step = size * 2.3;
  const items = [...side.cost, null];  // the gems, then the points (null)
  const lines = [];
  for (let i = 0; i < items.length; i += perLine) lines.push(items.slice(i, i + perLine));
  const free = !side.cost.length;
  const length = free ? size * 5.6 : Math.max(...lines.map((l) => l.length)) * step + size * 0.6;
  const depth = free ? size * 2.4 : lines.length * step + size * 0.3;
  const [w, h] = along ? [length, depth] : [depth, length];
  const gap = 3;
  const cx = out ? mx + out[0] * (w / 2 + gap) : mx;
  const cy = out ? my + out[1] * (h / 2 + gap) : my;
  el("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: size * 0.6, class: free ? "gr-plaque gr-plaque-free" : "gr-plaque" }, g);
  if (free) {
    el("text", { x: cx, y: cy + size * 0.45, "text-anchor": "middle", "font-size": (size * 1.3).toFixed(1), class: "gr-free-word" }, g).textContent = t("gr.door.free");
    return g;
  }
  lines.forEach((line, j) => {
    const across = -depth / 2 + size * 0.15 + step / 2 + j * step;
    line.forEach((code, i) => {
      const run = -(line.length * step) / 2 + step / 2 + i * step;
      const [x, y] = along ? [cx + run, cy + across] : [cx + across, cy + run];
      if (code === null) pointsDisc(g, x, y, size * 0.95, side.points);
      else gemShape(g, code, x, y, size);
    });
  });
  return g;
}

// The rails of a tunnel's passage from side a to side b (a straight line or a quarter bend),
// drawn as a dark bed with two rails.
function tunnelPassage(parent, x0, y0, a, b) {
  const [ax, ay, aox, aoy] = sideMiddle(x0, y0, a);
  const [bx, by, box, boy] = sideMiddle(x0, y0, b);
  const k = CELL * 0.276;  // a cubic's handle for a quarter circle of radius CELL / 2
  const d = `M${ax},${ay} C${ax - aox * k},${ay - aoy * k} ${bx - box * k},${by - boy * k} ${bx},${by}`;
  const g = el("g", { class: "gr-passage" }, parent);
  el("path", { d, class: "gr-passage-bed" }, g);
  el("path", { d, class: "gr-passage-rails" }, g);
  el("path", { d, class: "gr-passage-ties" }, g);
  return g;
}

// The room's name on up to two lines (split at the space nearest the middle), centred on cx.
function nameLines(parent, name, cx, y, size) {
  const words = name.split(" ");
  let lines = [name];
  if (name.length > 11 && words.length > 1) {
    let best = 1;
    let bestGap = Infinity;
    for (let i = 1; i < words.length; i++) {
      const gap = Math.abs(words.slice(0, i).join(" ").length - words.slice(i).join(" ").length);
      if (gap < bestGap) { best = i; bestGap = gap; }
    }
    lines = [words.slice(0, best).join(" "), words.slice(best).join(" ")];
  }
  const longest = Math.max(...lines.map((l) => [...l].reduce((s, ch) => s + (ch.charCodeAt(0) > 0x2e80 ? 1.9 : 1), 0)));
  const fit = Math.min(size, (CELL - 2 * WALL - 30) / (longest * 0.56));
  const text = el("text", { x: cx, y: y - (lines.length - 1) * fit * 0.55, "text-anchor": "middle", "font-size": fit.toFixed(1), class: "gr-room-name" }, parent);
  lines.forEach((line, i) => { el("tspan", { x: cx, dy: i ? (fit * 1.1).toFixed(1) : "0" }, text).textContent = line; });
  return text;
}

// A tile: `tile` {id, room, type, sides (as shown, N E S W), pairs}; `open` says, per side,
// whether the doorway leads into the empty rock (its cost then matters and is shown in full).
export function drawTile(parent, tile, x0, y0, open = [false, false, false, false]) {
  const type = ROCK[tile.type] ? tile.type : "none";
  const g = el("g", { class: `gr-tile gr-type-${type}`, "data-tile": tile.id }, parent);
  const [, , wallInk] = ROCK[type];
  // A shadow as a plain shape: a CSS filter on every tile would slow panning on a phone.
  el("rect", { x: x0 + 2.5, y: y0 + 4, width: CELL - 4, height: CELL - 4, rx: 8, class: "gr-tile-shadow" }, g);
  el("rect", { x: x0 + 1.5, y: y0 + 1.5, width: CELL - 3, height: CELL - 3, rx: 7, fill: wallInk, class: "gr-tile-rock" }, g);
  el("rect", { x: x0 + 1.5, y: y0 + 1.5, width: CELL - 3, height: CELL - 3, rx: 7, fill: "url(#gr-grain)" }, g);
  const inner = { x: x0 + WALL, y: y0 + WALL, width: CELL - 2 * WALL, height: CELL - 2 * WALL };
  el("rect", { ...inner, rx: 5, fill: `url(#gr-floor-${type})`, class: "gr-tile-floor" }, g);
  el("rect", { ...inner, rx: 5, fill: "url(#gr-grain)", "pointer-events": "none" }, g);
  const tunnel = type === "tunnel";
  tile.sides.forEach((side, d) => {
    if (side.kind === "wall") return;
    const [mx, my, ox, oy] = sideMiddle(x0, y0, d);
    const across = d % 2 === 0;
    const w = tunnel ? DOOR + 4 : DOOR;
    // The doorway: floor cut through the wall, with a wooden post on each side.
    el("rect", across
      ? { x: mx - w / 2, y: oy < 0 ? y0 + 1.5 : y0 + CELL - WALL - 1, width: w, height: WALL + 0.5, fill: `url(#gr-floor-${type})`, class: "gr-doorway" }
      : { x: ox < 0 ? x0 + 1.5 : x0 + CELL - WALL - 1, y: my - w / 2, width: WALL + 0.5, height: w, fill: `url(#gr-floor-${type})`, class: "gr-doorway" }, g);
    if (!tunnel) {
      for (const s of [-1, 1]) {
        const px = across ? mx + s * (w / 2 + 1.5) : mx - ox * (WALL / 2);
        const py = across ? my - oy * (WALL / 2) : my + s * (w / 2 + 1.5);
        el("rect", { x: px - (across ? 3 : WALL / 2 + 0.5), y: py - (across ? WALL / 2 + 0.5 : 3), width: across ? 6 : WALL + 1, height: across ? WALL + 1 : 6, rx: 1.2, fill: "url(#gr-wood)", class: "gr-door-post" }, g);
      }
    }
  });
  if (tunnel) {
    for (const pair of tile.pairs || []) tunnelPassage(g, x0, y0, DIRS.indexOf(pair[0]), DIRS.indexOf(pair[1]));
  } else {
    tile.sides.forEach((side, d) => {
      if (side.kind !== "door") return;
      const [mx, my, ox, oy] = sideMiddle(x0, y0, d);
      // A doorway into a room: its printed cost small, inside the tile beside the door. A
      // doorway into the rock: the mine draws a big plaque in the site beyond it.
      if (!open[d]) costPlaque(g, side, mx - ox * (WALL + 8), my - oy * (WALL + 8), d, 3.8, "gr-cost gr-cost-muted");
    });
    roomTypeShape(g, tile.type, x0 + WALL + 10, y0 + WALL + 10, 8.5);
    nameLines(g, roomName(tile.room), x0 + CELL / 2, y0 + 46, 12.5);
  }
  el("text", { x: x0 + CELL - WALL - 4, y: y0 + CELL - WALL - 5, "text-anchor": "end", class: "gr-tile-label" }, g).textContent = tileLabel(tile.id);
  return g;
}

// A construction site at the empty cell (x0, y0): a dashed square.
export function drawSite(parent, x0, y0) {
  const g = el("g", { class: "gr-site" }, parent);
  el("rect", { x: x0 + 8, y: y0 + 8, width: CELL - 16, height: CELL - 16, rx: 10, class: "gr-site-square" }, g);
  return g;
}
