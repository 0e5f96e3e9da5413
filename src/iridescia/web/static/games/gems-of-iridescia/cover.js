// Gems of Iridescia's cover for the lobby's game card (the plug-in's optional cover()): a corner
// of the map, its regions in rows from the desert to the Castle, a few tiles turned up with their
// gems (each colour its own shape, as on the board), a coin, a victory point and a stone die.
// Decoration only: the card's text names the game.
import { el, addDefs, gemShape, coinShape, pointsShape, stoneDieShape } from "./icons.js";

// The regions' colours, from the bottom row (where the explorers start) up to the Castle.
const ROWS = ["#d9b97a", "#c0764a", "#4f7a4a", "#b59ad6"];
const R = 16;  // a tile's radius

function tile(parent, cx, cy, fill) {
  const pts = Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i + Math.PI / 6;
    return `${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  el("polygon", { points: pts, fill, stroke: "#4a3b2a", "stroke-width": "1.4" }, parent);
}

export function gameCover() {
  const svg = el("svg", { viewBox: "0 0 120 108", class: "cover", "aria-hidden": "true", focusable: "false" });
  addDefs(svg);
  el("rect", { x: 0, y: 0, width: 120, height: 108, rx: 10, fill: "#2e2440" }, svg);
  const w = R * Math.sqrt(3);
  const up = new Map([["0,1", "amethyst"], ["1,2", "emerald"], ["2,0", "sapphire"], ["0,3", "citrine"], ["2,2", "rainbow"]]);
  const spots = [];
  ROWS.forEach((fill, row) => {
    const y = 92 - row * R * 1.5;
    const shift = row % 2 ? w / 2 : 0;
    for (let col = 0; col < 4; col++) {
      const x = 12 + shift + col * w;
      const gem = up.get(`${row},${col}`);
      tile(svg, x, y, gem ? "#f6efe0" : fill);
      if (gem) spots.push([gem, x, y]);
    }
  });
  for (const [gem, x, y] of spots) gemShape(svg, gem, x, y, 9.5);
  coinShape(svg, 104, 14, 9, 2);
  pointsShape(svg, 12, 15, 8, 5);
  stoneDieShape(svg, 76, 18, 7, 4);
  return svg;
}
