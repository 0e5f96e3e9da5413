// Small SVG pictures of the end-of-game screen (scores.js, stats.js): one per source of points
// (a relic card, a terrain tile, the Iridia Stone, a royalty crown, gems left in cargo, sets of
// cards or tiles, a secret objective's scroll, the Rhom's merchant and overflow), a trophy for the
// winners and a bar chart of the dice faces rolled. Built on icons.js's shapes, so a gem keeps
// its colour's shape everywhere.
import { el, icon, gemShape, coinShape, pointsShape, stoneDieShape } from "./icons.js";

const small = (draw, size = 20, label = "") => icon(draw, size, label);

function card(svg, x, y, w, hgt, fill = "#f4ead2") {
  el("rect", { x, y, width: w, height: hgt, rx: 1.6, fill, stroke: "#6b5a3a", "stroke-width": 1.1 }, svg);
}

function hex(svg, cx, cy, r, fill = "#c9b58a") {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  el("polygon", { points: pts.join(" "), fill, stroke: "#6b5a3a", "stroke-width": 1.1 }, svg);
}

function crown(svg, fill = "#e9b949") {
  el("path", { d: "M3,18 L4,7 L9,12 L12,5 L15,12 L20,7 L21,18 Z", fill, stroke: "#7a5200", "stroke-width": 1.3, "stroke-linejoin": "round" }, svg);
  el("rect", { x: 3, y: 18, width: 18, height: 2.6, fill, stroke: "#7a5200", "stroke-width": 1.1 }, svg);
}

// The picture of each source of points of the score table (spec section 7's list).
const SOURCE_DRAW = {
  relic_points: (s) => { card(s, 5, 2, 14, 20); gemShape(s, "emerald", 12, 11, 4.5); },
  tile_bonus_points: (s) => { hex(s, 12, 12, 10); coinShape(s, 12, 12, 4.5); },
  iridia_stone: (s) => gemShape(s, "iridia", 12, 12, 9.5),
  token: (s) => crown(s),
  gems: (s) => { gemShape(s, "sapphire", 8, 14, 5.5); gemShape(s, "amethyst", 16, 10, 5.5); },
  relic_sets: (s) => { card(s, 2, 5, 10, 15, "#e6d6b0"); card(s, 7, 4, 10, 15, "#efe2c2"); card(s, 12, 3, 10, 15); },
  tile_sets: (s) => { hex(s, 7, 8, 5.5, "#b9a06a"); hex(s, 17, 8, 5.5, "#b9a06a"); hex(s, 12, 17, 5.5); },
  objective: (s) => {
    el("path", { d: "M5,4 H17 Q20,4 20,7 V20 H8 Q5,20 5,17 Z", fill: "#f4ead2", stroke: "#6b5a3a", "stroke-width": 1.2 }, s);
    el("path", { d: "M8,9 H17 M8,12.5 H17 M8,16 H14", stroke: "#6b5a3a", "stroke-width": 1.2 }, s);
  },
  merchant: (s) => { coinShape(s, 9, 14, 6); coinShape(s, 15, 9, 6); },
  overflow: (s) => { gemShape(s, "citrine", 9, 15, 5); gemShape(s, "emerald", 16, 8, 5); },
  other: (s) => pointsShape(s, 12, 12.5, 9),
};

export const sourceIcon = (source, label = "") => small(SOURCE_DRAW[source] || SOURCE_DRAW.other, 20, label);
export const trophyIcon = (size = 28, label = "") => small((s) => {
  el("path", { d: "M6,3 H18 V9 Q18,15 12,15 Q6,15 6,9 Z", fill: "#e9b949", stroke: "#7a5200", "stroke-width": 1.2 }, s);
  el("path", { d: "M6,5 H3 Q3,10 7,11 M18,5 H21 Q21,10 17,11", fill: "none", stroke: "#7a5200", "stroke-width": 1.2 }, s);
  el("rect", { x: 10.5, y: 15, width: 3, height: 4, fill: "#c9962a" }, s);
  el("rect", { x: 7, y: 19, width: 10, height: 3, rx: 1, fill: "#7a5200" }, s);
}, size, label);
export const crownIcon = (size = 18, label = "") => small((s) => crown(s), size, label);

// How often each die face was rolled: six bars over their die faces (the numbers in a
// tooltip and in the picture's title for screen readers).
export function diceChart(faces, label) {
  const counts = [1, 2, 3, 4, 5, 6].map((f) => Number(faces[String(f)] || 0));
  const most = Math.max(1, ...counts);
  const svg = el("svg", { viewBox: "0 0 96 44", width: 120, height: 55, class: "dice-chart", role: "img" });
  el("title", {}, svg).textContent = label;
  counts.forEach((n, i) => {
    const x = 2 + i * 16;
    const hgt = Math.round((n / most) * 19);
    el("rect", { x: x + 2, y: 28 - hgt, width: 10, height: Math.max(hgt, 0.5), fill: "#3b2f4a", rx: 1 }, svg);
    el("text", { x: x + 7, y: 28 - hgt - 1.5, "text-anchor": "middle", "font-size": 7, fill: "#2b2118" }, svg).textContent = String(n);
    stoneDieShape(svg, x + 7, 36, 6, i + 1);
  });
  return svg;
}
