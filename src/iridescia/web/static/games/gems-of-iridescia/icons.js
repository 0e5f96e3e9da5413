// The game's pictures in SVG, shared by the board and the panels: a gem whose shape differs per
// colour (so that a colour-blind player tells them apart: amethyst a diamond, citrine a
// triangle, emerald an emerald-cut octagon, sapphire a round cabochon, rainbow a star, Iridia a
// hexagonal crystal), a coin, a victory-point laurel and a stone die. Numbers are drawn as
// numbers (no letters: nothing to translate). Each draws into an SVG parent at (cx, cy) with a
// radius r; the *Icon functions return a small inline <svg> for HTML panels.
const SVG = "http://www.w3.org/2000/svg";

export const GEM_FILL = { amethyst: "#8e44d9", citrine: "#f2b824", emerald: "#1f9e5a", sapphire: "#2f6fe0", rainbow: "url(#rainbow)", iridia: "#eef0ff" };
export const GEM_STROKE = { amethyst: "#4a1d78", citrine: "#8a5a00", emerald: "#0b4d2a", sapphire: "#12337a", rainbow: "#3b2f4a", iridia: "#5b5f8a" };
export const GEMS = ["amethyst", "citrine", "emerald", "sapphire"];

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The gradients the shapes use (once per <svg>: ids are per document, so a second copy is
// harmless).
export function addDefs(svg) {
  const defs = el("defs", {}, svg);
  const grad = el("linearGradient", { id: "rainbow", x1: "0", x2: "1", y1: "0", y2: "1" }, defs);
  ["#8e44d9", "#2f6fe0", "#1f9e5a", "#f2b824", "#e63946"].forEach((c, i) => el("stop", { offset: `${i * 25}%`, "stop-color": c }, grad));
  const shine = el("radialGradient", { id: "shine", cx: "35%", cy: "30%", r: "60%" }, defs);
  el("stop", { offset: "0%", "stop-color": "#fff", "stop-opacity": "0.75" }, shine);
  el("stop", { offset: "100%", "stop-color": "#fff", "stop-opacity": "0" }, shine);
  return defs;
}

function polygon(cx, cy, r, corners, turn = 0) {
  const pts = [];
  for (let i = 0; i < corners; i++) {
    const a = (Math.PI * 2 * i) / corners + turn;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 ? r * 0.45 : r;
    const a = (Math.PI * i) / 5 - Math.PI / 2;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// An emerald cut: a wide rectangle with its corners cut (a regular octagon looks like the
// sapphire's circle at icon size, in grey).
function emeraldCut(cx, cy, r) {
  const w = r * 1.0, hh = r * 0.7, c = r * 0.34;
  return [[-w + c, -hh], [w - c, -hh], [w, -hh + c], [w, hh - c], [w - c, hh], [-w + c, hh], [-w, hh - c], [-w, -hh + c]]
    .map(([x, y]) => `${(cx + x).toFixed(2)},${(cy + y).toFixed(2)}`).join(" ");
}

// One gem of `colour` centred on (cx, cy), about 2r wide.
export function gemShape(parent, colour, cx, cy, r) {
  const g = el("g", { class: `gem-shape gem-${colour}` }, parent);
  const paint = { fill: GEM_FILL[colour] || "#ccc", stroke: GEM_STROKE[colour] || "#333", "stroke-width": (r / 8).toFixed(2), "stroke-linejoin": "round" };
  let shape;
  if (colour === "amethyst") shape = el("polygon", { points: polygon(cx, cy, r, 4, -Math.PI / 2), ...paint }, g);
  else if (colour === "citrine") shape = el("polygon", { points: polygon(cx, cy + r * 0.15, r * 1.05, 3, -Math.PI / 2), ...paint }, g);
  else if (colour === "emerald") shape = el("polygon", { points: emeraldCut(cx, cy, r), ...paint }, g);  // a regular octagon read as a circle when small
  else if (colour === "sapphire") shape = el("circle", { cx, cy, r: r * 0.88, ...paint }, g);
  else if (colour === "rainbow") shape = el("polygon", { points: star(cx, cy, r * 1.05), ...paint }, g);
  else shape = el("polygon", { points: polygon(cx, cy, r * 0.95, 6, Math.PI / 6), ...paint }, g);
  const shine = shape.cloneNode();
  shine.setAttribute("fill", "url(#shine)");
  shine.setAttribute("stroke", "none");
  g.appendChild(shine);
  return g;
}

// A coin with its value.
export function coinShape(parent, cx, cy, r, n = null) {
  const g = el("g", { class: "coin-shape" }, parent);
  el("circle", { cx, cy, r, fill: "#e9b949", stroke: "#8a6212", "stroke-width": (r / 6).toFixed(2) }, g);
  el("circle", { cx, cy, r: r * 0.7, fill: "none", stroke: "#b8860b", "stroke-width": (r / 10).toFixed(2) }, g);
  if (n !== null) el("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle", "font-size": (r * 1.1).toFixed(1), "font-weight": "700", fill: "#4a3200" }, g).textContent = String(n);
  return g;
}

// Victory points: a laurel shield with its value.
export function pointsShape(parent, cx, cy, r, n = null) {
  const g = el("g", { class: "points-shape" }, parent);
  const d = `M${cx - r},${cy - r * 0.8} L${cx + r},${cy - r * 0.8} L${cx + r},${cy} Q${cx + r},${cy + r * 0.8} ${cx},${cy + r * 1.05} Q${cx - r},${cy + r * 0.8} ${cx - r},${cy} Z`;
  el("path", { d, fill: "#3b2f4a", stroke: "#1b1424", "stroke-width": (r / 7).toFixed(2) }, g);
  if (n !== null) el("text", { x: cx, y: cy + r * 0.4, "text-anchor": "middle", "font-size": (r * 1.1).toFixed(1), "font-weight": "700", fill: "#fff" }, g).textContent = String(n);
  return g;
}

// A stone die (grey, with a face's pips; `face` null draws three).
export function stoneDieShape(parent, cx, cy, r, face = null) {
  const g = el("g", { class: "stone-die-shape" }, parent);
  el("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: r / 3, fill: "#9a9590", stroke: "#4a4540", "stroke-width": (r / 7).toFixed(2) }, g);
  const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
  for (const [x, y] of pips[face || 3] || pips[3]) el("circle", { cx: cx + x * r * 0.5, cy: cy + y * r * 0.5, r: r * 0.16, fill: "#fff" }, g);
  return g;
}

// A small inline <svg> for HTML (panels, buttons, log lines), `size` CSS pixels square.
function icon(draw, size, label) {
  const svg = el("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "icon", role: "img" });
  if (label) el("title", {}, svg).textContent = label;
  else svg.setAttribute("aria-hidden", "true");
  addDefs(svg);
  draw(svg);
  return svg;
}

export const gemIcon = (colour, size = 18, label = "") => icon((s) => gemShape(s, colour, 12, 12, 10), size, label);
export const coinIcon = (n = null, size = 18, label = "") => icon((s) => coinShape(s, 12, 12, 10.5, n), size, label);
export const pointsIcon = (n = null, size = 18, label = "") => icon((s) => pointsShape(s, 12, 12.5, 10, n), size, label);
export const stoneDieIcon = (face = null, size = 18, label = "") => icon((s) => stoneDieShape(s, 12, 12, 10, face), size, label);

// ---- Pictures of the panels (player boards, markets, the Rhom's deck). ----

// An arrow pointing along `angle` degrees (0: right, -90: up), for the Rhom's weathervane and
// the directions of its cards.
export function arrowShape(parent, cx, cy, r, angle, fill = "#3b2f4a") {
  const g = el("g", { transform: `rotate(${angle} ${cx} ${cy})` }, parent);
  el("path", { d: `M${cx - r},${cy - r * 0.22} L${cx + r * 0.15},${cy - r * 0.22} L${cx + r * 0.15},${cy - r * 0.6} L${cx + r},${cy} L${cx + r * 0.15},${cy + r * 0.6} L${cx + r * 0.15},${cy + r * 0.22} L${cx - r},${cy + r * 0.22} Z`, fill, "stroke-linejoin": "round" }, g);
  return g;
}

// The Rhom's weathervane: a rooster's arrow on a post, pointing left or right.
export function weathervaneShape(parent, cx, cy, r, side) {
  const g = el("g", { class: `vane vane-${side}` }, parent);
  el("line", { x1: cx, y1: cy - r * 0.2, x2: cx, y2: cy + r, stroke: "#5b4a36", "stroke-width": (r / 6).toFixed(2), "stroke-linecap": "round" }, g);
  el("circle", { cx, cy: cy - r * 0.2, r: r * 0.14, fill: "#5b4a36" }, g);
  arrowShape(g, cx, cy - r * 0.45, r * 0.95, side === "left" ? 180 : 0, "#b8860b");
  return g;
}

// A royalty token: a crown on a purple disc.
export function crownShape(parent, cx, cy, r) {
  const g = el("g", { class: "crown-shape" }, parent);
  el("circle", { cx, cy, r, fill: "#3b2f4a", stroke: "#b8860b", "stroke-width": (r / 7).toFixed(2) }, g);
  const w = r * 0.6;
  el("path", { d: `M${cx - w},${cy + w * 0.55} L${cx - w},${cy - w * 0.35} L${cx - w * 0.5},${cy + w * 0.05} L${cx},${cy - w * 0.65} L${cx + w * 0.5},${cy + w * 0.05} L${cx + w},${cy - w * 0.35} L${cx + w},${cy + w * 0.55} Z`, fill: "#f2b824", stroke: "#8a5a00", "stroke-width": (r / 12).toFixed(2), "stroke-linejoin": "round" }, g);
  return g;
}

// A relic's category: jewelry a ring, tech a gear, lore a scroll, Iridia a crystal.
export function categoryShape(parent, type, cx, cy, r) {
  const g = el("g", { class: `category-shape category-${type}` }, parent);
  const ink = "#3b2f4a";
  if (type === "jewelry") {
    el("circle", { cx, cy: cy + r * 0.2, r: r * 0.6, fill: "none", stroke: "#b8860b", "stroke-width": (r / 4).toFixed(2) }, g);
    el("polygon", { points: `${cx},${cy - r} ${cx + r * 0.35},${cy - r * 0.55} ${cx},${cy - r * 0.2} ${cx - r * 0.35},${cy - r * 0.55}`, fill: "#8ecae6", stroke: ink, "stroke-width": (r / 10).toFixed(2) }, g);
  } else if (type === "tech") {
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI * i) / 4;
      el("rect", { x: cx - r * 0.16, y: cy - r, width: r * 0.32, height: r * 0.5, fill: "#6c757d", transform: `rotate(${(a * 180) / Math.PI} ${cx} ${cy})` }, g);
    }
    el("circle", { cx, cy, r: r * 0.68, fill: "#6c757d" }, g);
    el("circle", { cx, cy, r: r * 0.28, fill: "#fff" }, g);
  } else if (type === "lore") {
    el("rect", { x: cx - r * 0.7, y: cy - r * 0.85, width: r * 1.4, height: r * 1.7, rx: r * 0.2, fill: "#f3e5c0", stroke: "#8a6212", "stroke-width": (r / 8).toFixed(2) }, g);
    for (const dy of [-0.4, 0, 0.4]) el("line", { x1: cx - r * 0.4, x2: cx + r * 0.4, y1: cy + dy * r, y2: cy + dy * r, stroke: "#8a6212", "stroke-width": (r / 9).toFixed(2) }, g);
  } else {
    gemShape(g, "iridia", cx, cy, r);
  }
  return g;
}

// A card's back (a deck), with its count.
export function cardBackShape(parent, cx, cy, r, n = null, fill = "#3b2f4a") {
  const g = el("g", { class: "card-back-shape" }, parent);
  el("rect", { x: cx - r * 0.72, y: cy - r, width: r * 1.44, height: r * 2, rx: r * 0.18, fill, stroke: "#b8860b", "stroke-width": (r / 9).toFixed(2) }, g);
  if (n !== null) el("text", { x: cx, y: cy + r * 0.35, "text-anchor": "middle", "font-size": (r * 0.95).toFixed(1), "font-weight": "700", fill: "#fff" }, g).textContent = String(n);
  return g;
}

// A barricade: a wooden fence.
export function barricadeShape(parent, cx, cy, r) {
  const g = el("g", { class: "barricade-shape" }, parent);
  const wood = { fill: "#8b5a2b", stroke: "#3e2410", "stroke-width": (r / 10).toFixed(2) };
  for (const dx of [-0.6, 0.6]) el("rect", { x: cx + dx * r - r * 0.15, y: cy - r * 0.8, width: r * 0.3, height: r * 1.6, ...wood }, g);
  for (const dy of [-0.4, 0.2]) el("rect", { x: cx - r, y: cy + dy * r, width: r * 2, height: r * 0.35, ...wood }, g);
  return g;
}

// An item card's picture (the merchant's card), used where an item is shown small.
export function merchantShape(parent, cx, cy, r) {
  const g = el("g", { class: "merchant-shape" }, parent);
  el("path", { d: `M${cx - r * 0.8},${cy - r * 0.2} L${cx + r * 0.8},${cy - r * 0.2} L${cx + r * 0.6},${cy + r * 0.9} L${cx - r * 0.6},${cy + r * 0.9} Z`, fill: "#c0764a", stroke: "#5b3a1e", "stroke-width": (r / 9).toFixed(2) }, g);
  el("path", { d: `M${cx - r * 0.5},${cy - r * 0.2} Q${cx},${cy - r * 1.1} ${cx + r * 0.5},${cy - r * 0.2}`, fill: "none", stroke: "#5b3a1e", "stroke-width": (r / 7).toFixed(2) }, g);
  return g;
}

export const arrowIcon = (angle, size = 14, label = "") => icon((s) => arrowShape(s, 12, 12, 10, angle), size, label);
export const weathervaneIcon = (side, size = 24, label = "") => icon((s) => weathervaneShape(s, 12, 11, 10, side), size, label);
export const crownIcon = (size = 18, label = "") => icon((s) => crownShape(s, 12, 12, 10.5), size, label);
export const categoryIcon = (type, size = 16, label = "") => icon((s) => categoryShape(s, type, 12, 12, 9.5), size, label);
export const cardBackIcon = (n = null, size = 24, label = "", fill = "#3b2f4a") => icon((s) => cardBackShape(s, 12, 12, 11, n, fill), size, label);
export const barricadeIcon = (size = 16, label = "") => icon((s) => barricadeShape(s, 12, 12, 10), size, label);
export const merchantIcon = (size = 16, label = "") => icon((s) => merchantShape(s, 12, 12, 10), size, label);

// The gradients once more, in a tiny SVG at the very start of the page: an id names the first
// element with it in the document, and gradients inside a part hidden with display:none (a
// panel in a closed tab) do not paint, so every icon's url(#rainbow) and url(#shine) must find
// a copy that is always rendered.
function sharedDefs() {
  if (typeof document === "undefined" || !document.body || document.getElementById("gem-defs")) return;
  const svg = el("svg", { id: "gem-defs", width: "0", height: "0", "aria-hidden": "true", focusable: "false", style: "position:absolute;width:0;height:0;overflow:hidden" });
  addDefs(svg);
  document.body.prepend(svg);
}
sharedDefs();

// The Rhom's deck: its top card's back, with the weathervane printed on it and the number of
// cards left.
export function rhomDeckShape(parent, cx, cy, r, side, n) {
  const g = el("g", { class: "rhom-deck-shape" }, parent);
  el("rect", { x: cx - r * 0.78 + 1.5, y: cy - r + 1.5, width: r * 1.56, height: r * 2, rx: r * 0.18, fill: "#2f3338" }, g);  // the cards under it
  el("rect", { x: cx - r * 0.78, y: cy - r, width: r * 1.56, height: r * 2, rx: r * 0.18, fill: "#4a4f57", stroke: "#b8860b", "stroke-width": (r / 10).toFixed(2) }, g);
  weathervaneShape(g, cx, cy - r * 0.3, r * 0.55, side);
  el("text", { x: cx, y: cy + r * 0.82, "text-anchor": "middle", "font-size": (r * 0.62).toFixed(1), "font-weight": "700", fill: "#fff" }, g).textContent = String(n);
  return g;
}

export const rhomDeckIcon = (side, n, size = 30, label = "") => icon((s) => rhomDeckShape(s, 11, 11.5, 10.5, side, n), size, label);
