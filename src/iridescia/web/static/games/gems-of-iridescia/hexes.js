// One hex of the map drawn as a piece of the board game: a face-up tile (cream, rimmed in its
// region's colour, its gem drawn with the colour's shape and its bonus as an icon with its
// amount), a face-down tile (its region's colour and mark, raised like cardboard), an empty hex
// (a sunken dashed socket: the tile was collected or removed, or none was dealt), and a
// barricade as a wooden palisade round the rim with a small sign in the corner, so the tile's gem
// stays in sight. Also the hex's tooltip text. Geometry (the hex's size R) is the caller's.
import { t } from "/static/js/i18n.js";
import { el, gemShape, coinShape, pointsShape, stoneDieShape, regionMark, REGION_FILL, REGION_INK } from "./icons.js";

export const R = 30;
export const DX = (Math.sqrt(3) / 2) * R;

// The six corners of a pointy-top hex of radius r.
export function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// Where things sit on a hex, relative to its centre: the gem high in the middle, the bonus under
// it, and up to four explorers on the flanks, clear of both.
export const GEM_AT = { dx: 0, dy: -5, r: 10 };
export const BONUS_AT = { dx: 0, dy: 14.5, r: 6.4 };
export const PAWN_SLOTS = [[-17.5, 4], [17.5, 4], [-16, -13], [16, -13]];
// A pawn's size (about half its width): smaller when three or four share a hex.
export const pawnSize = (n) => (n > 2 ? 5.6 : 7);

export function hexState(h) {
  if (!h.has_tile) return "empty";
  return h.face_up && h.tile ? "up" : "down";
}

// The tile's face: its gem and its bonus (into `parent`, centred on cx, cy).
export function drawFace(parent, tile, cx, cy) {
  const g = el("g", { class: "tile-face" }, parent);
  gemShape(g, tile.gem, cx + GEM_AT.dx, cy + GEM_AT.dy, GEM_AT.r);
  const bx = cx + BONUS_AT.dx;
  const by = cy + BONUS_AT.dy;
  if (tile.bonus === "coins") coinShape(g, bx, by, BONUS_AT.r, tile.amount);
  else if (tile.bonus === "points") pointsShape(g, bx, by - 0.6, BONUS_AT.r * 0.95, tile.amount);
  else if (tile.bonus === "stone_die") stoneDieShape(g, bx, by, BONUS_AT.r * 0.85, null);
  return g;
}

// A tile's back: its region's colour and mark.
export function drawBack(parent, region, cx, cy) {
  const g = el("g", { class: "tile-back" }, parent);
  el("polygon", { points: hexPoints(cx, cy, R * 0.93), fill: REGION_FILL[region] || "#999", stroke: REGION_INK[region] || "#444", "stroke-width": "1.2" }, g);
  el("polygon", { points: hexPoints(cx, cy, R * 0.78), fill: "none", stroke: "#fff", "stroke-opacity": "0.28", "stroke-width": "1" }, g);
  regionMark(g, region, cx, cy + 1, R * 0.36);
  return g;
}

// The whole tile as it lies (face, back, or nothing), with its shadow: used for the board and
// for the ghost of a tile that lifts away.
export function drawTile(parent, h, cx, cy) {
  const state = hexState(h);
  const g = el("g", { class: `tile tile-${state}` }, parent);
  if (state === "empty") return g;
  el("polygon", { points: hexPoints(cx + 1.2, cy + 2, R * 0.93), fill: "#000", "fill-opacity": "0.28", class: "tile-shadow" }, g);
  if (state === "down") {
    drawBack(g, h.region, cx, cy);
  } else {
    el("polygon", { points: hexPoints(cx, cy, R * 0.93), fill: "#fdf7e8", stroke: REGION_FILL[h.region] || "#999", "stroke-width": "2.6", class: "tile-base" }, g);
    drawFace(g, h.tile, cx, cy);
  }
  return g;
}

// A bare socket keeps a pale tint of its region, so the regions still read once tiles are gone.
const SOCKET_TINT = { desert: "#e3d3ad", canyon: "#e0c7ae", forest: "#cfd4b0", ruins: "#d3cfc4", castle: "#dacde0" };

// The socket every hex has on the board (under its tile, or bare when empty).
export function drawSocket(parent, h, cx, cy) {
  const empty = !h.has_tile;
  el("polygon", {
    points: hexPoints(cx, cy, R * 0.985), class: empty ? "socket socket-empty" : "socket",
    fill: empty ? SOCKET_TINT[h.region] || "#d9ccb0" : "#cdbd9c", stroke: empty ? "#8c7a5c" : "#a8946f",
    "stroke-width": empty ? "1.1" : "0.8", "stroke-dasharray": empty ? "3 2.2" : "none",
  }, parent);
}

// A barricade: a palisade of wooden stakes along the rim and a small crossed-planks sign at the
// top right corner; the tile's middle (its gem, its bonus) stays clear.
export function drawBarricade(parent, cx, cy) {
  const g = el("g", { class: "barricade" }, parent);
  el("polygon", { points: hexPoints(cx, cy, R * 0.84), fill: "none", stroke: "#2b1608", "stroke-width": "5.4", "stroke-opacity": "0.55" }, g);
  el("polygon", { points: hexPoints(cx, cy, R * 0.84), fill: "none", stroke: "#a0522d", "stroke-width": "4", "stroke-dasharray": "4 1.6" }, g);
  const sx = cx + 15.5;
  const sy = cy - 17;
  el("circle", { cx: sx, cy: sy, r: 5.2, fill: "#fff3d6", stroke: "#5a2a0c", "stroke-width": "1.1" }, g);
  el("path", { d: `M${sx - 2.8},${sy - 2.8} L${sx + 2.8},${sy + 2.8} M${sx + 2.8},${sy - 2.8} L${sx - 2.8},${sy + 2.8}`, stroke: "#a0522d", "stroke-width": "2", "stroke-linecap": "round" }, g);
  return g;
}

const plural = (key, n) => t(n === 1 ? `${key}.one` : key, { n });

// What a hex holds, in words (its tooltip and accessible name, without the explorers).
export function hexText(h) {
  const parts = [];
  const state = hexState(h);
  if (state === "up") {
    const gem = t(`colour.${h.tile.gem}`);
    parts.push(t("board.tile", { gem }));
    if (h.tile.bonus === "coins") parts.push(plural("board.bonus.coins", h.tile.amount));
    else if (h.tile.bonus === "points") parts.push(plural("board.bonus.points", h.tile.amount));
    else if (h.tile.bonus === "stone_die") parts.push(t("board.bonus.stone_die"));
  } else if (state === "down") {
    parts.push(t("board.face_down", { region: t(`region.${h.region}`) }));
  } else {
    parts.push(t("board.empty", { region: t(`region.${h.region}`) }));
  }
  if (h.barricade) parts.push(t("board.barricade"));
  return parts;
}
