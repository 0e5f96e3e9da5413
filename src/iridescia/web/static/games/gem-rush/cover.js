// Gem Rush's cover for the lobby's game card (the plug-in's optional cover()): a cut through the
// rock with a few square rooms joined by doors and a tunnel, three dwarves at work and gems in
// the walls (each gem its own shape, as in the mine). Our own art; decoration only: the card's
// text names the game.
import { el, addDefs, gemShape, dwarfShape } from "./icons.js";

const ROCK = "#2d2620";
const ROOM = "#8a6f55";
const S = 30;  // a room's side

function room(svg, x, y, doors) {
  el("rect", { x, y, width: S, height: S, rx: 3, fill: ROOM, stroke: "#1b140e", "stroke-width": 1.6 }, svg);
  el("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 2, fill: "#a3876a" }, svg);
  // a door is a gap of lamplight in the wall it opens
  const gap = { N: [x + S / 2 - 5, y - 1.5, 10, 3], S: [x + S / 2 - 5, y + S - 1.5, 10, 3], W: [x - 1.5, y + S / 2 - 5, 3, 10], E: [x + S - 1.5, y + S / 2 - 5, 3, 10] };
  for (const d of doors) {
    const [gx, gy, w, h] = gap[d];
    el("rect", { x: gx, y: gy, width: w, height: h, fill: "#ffd98a" }, svg);
  }
}

export function gameCover() {
  const svg = el("svg", { viewBox: "0 0 120 108", class: "cover", "aria-hidden": "true", focusable: "false" });
  addDefs(svg);
  el("rect", { x: 0, y: 0, width: 120, height: 108, rx: 10, fill: ROCK }, svg);
  // strata in the rock
  for (const [y, c] of [[18, "#3a3029"], [52, "#352c25"], [86, "#3d332b"]]) {
    el("path", { d: `M0,${y} Q30,${y - 6} 60,${y} T120,${y}`, fill: "none", stroke: c, "stroke-width": 7 }, svg);
  }
  room(svg, 8, 40, ["E", "S"]);
  room(svg, 45, 40, ["W", "N", "E"]);
  room(svg, 82, 40, ["W"]);
  room(svg, 45, 75, ["N"]);
  // a tunnel going up from the middle room
  el("path", { d: "M60,40 L60,22 Q60,12 70,12 L92,12", fill: "none", stroke: "#1b140e", "stroke-width": 9, "stroke-linecap": "round" }, svg);
  el("path", { d: "M60,40 L60,22 Q60,12 70,12 L92,12", fill: "none", stroke: "#6e5a46", "stroke-width": 5, "stroke-linecap": "round" }, svg);
  // gems in the walls
  gemShape(svg, "FR", 18, 18, 6);
  gemShape(svg, "PF", 104, 26, 5.5);
  gemShape(svg, "ST", 24, 92, 5.5);
  gemShape(svg, "WS", 100, 92, 6);
  gemShape(svg, "DD", 97, 56, 5);
  gemShape(svg, "SS", 60, 91, 5);
  dwarfShape(svg, 23, 56, 6.5, 0);
  dwarfShape(svg, 60, 56, 6.5, 1);
  dwarfShape(svg, 94, 10, 5, 2);
  return svg;
}
