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
export function icon(draw, size, label) {
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

// ---- Explorers and regions (appended for the map; the panels may use them too) ----

// The clans' colours, far apart in hue and lightness (seat 2 was an off-white that vanished on
// the pale tiles); every pawn also carries a dark outline on a light halo, so it reads on any
// tile. The Rhom is not a clan: it is a slate-grey hooded figure with a glowing eye.
export const CLAN = ["#d62839", "#1d6fd6", "#f4b400", "#3a3a3a"];
export const CLAN_INK = ["#fff", "#fff", "#2a1d00", "#fff"];
export const RHOM_FILL = "#5f6b7a";

// A pawn standing on (cx, cy) (the middle of its body), about 2s wide and 2.6s tall: a clan
// explorer (a meeple-like body with its seat number, digits only) or the Rhom (a pointed hood
// with one eye). Its parts are drawn twice: a wide light halo under a dark outline.
export function pawnShape(parent, cx, cy, s, seat, rhom = false) {
  const g = el("g", { class: rhom ? "pawn pawn-rhom" : `pawn pawn-seat-${seat % 4}` }, parent);
  const top = cy - 1.35 * s;
  const bottom = cy + 1.25 * s;
  const body = rhom
    ? `M${cx},${top - 0.25 * s} L${cx + 0.95 * s},${bottom} L${cx - 0.95 * s},${bottom} Z`
    : `M${cx - 0.55 * s},${cy - 0.35 * s} Q${cx - s},${cy - 0.3 * s} ${cx - s},${cy + 0.2 * s} L${cx - 0.45 * s},${cy + 0.2 * s} L${cx - 0.85 * s},${bottom} L${cx + 0.85 * s},${bottom} L${cx + 0.45 * s},${cy + 0.2 * s} L${cx + s},${cy + 0.2 * s} Q${cx + s},${cy - 0.3 * s} ${cx + 0.55 * s},${cy - 0.35 * s} Z`;
  const fill = rhom ? RHOM_FILL : CLAN[seat % 4];
  const head = rhom ? null : { cx, cy: top + 0.45 * s, r: 0.5 * s };
  el("path", { d: body, fill: "none", stroke: "#fff", "stroke-width": (s * 0.55).toFixed(2), "stroke-linejoin": "round", class: "halo" }, g);
  if (head) el("circle", { ...head, r: head.r + s * 0.27, fill: "#fff", class: "halo" }, g);
  el("path", { d: body, fill, stroke: "#141414", "stroke-width": (s * 0.16).toFixed(2), "stroke-linejoin": "round" }, g);
  if (head) el("circle", { ...head, fill, stroke: "#141414", "stroke-width": (s * 0.16).toFixed(2) }, g);
  if (rhom) {
    el("ellipse", { cx, cy: cy - 0.15 * s, rx: 0.32 * s, ry: 0.2 * s, fill: "#9ff3ff", stroke: "#0b3b44", "stroke-width": (s * 0.08).toFixed(2) }, g);
    el("circle", { cx, cy: cy - 0.15 * s, r: 0.1 * s, fill: "#0b3b44" }, g);
  } else {
    el("text", { x: cx, y: cy + 0.95 * s, "text-anchor": "middle", "font-size": (s * 1.05).toFixed(2), "font-weight": "700", fill: CLAN_INK[seat % 4], class: "pawn-number" }, g).textContent = String(seat + 1);
  }
  return g;
}

export const pawnIcon = (seat, rhom = false, size = 18, label = "") => icon((s) => pawnShape(s, 12, 13, 7.5, seat, rhom), size, label);

// The colour of each region's tiles (their backs) and a mark drawn on the backs, so a region
// is told apart without its colour: desert dunes under a sun, canyon mesas, forest pines,
// ruins a broken arch, the Castle a tower.
export const REGION_FILL = { desert: "#dcbf83", canyon: "#c4744b", forest: "#4e7d4f", ruins: "#8b909c", castle: "#a98bd3" };
export const REGION_INK = { desert: "#9c7a3a", canyon: "#7e3e22", forest: "#2b4d2c", ruins: "#545865", castle: "#5e4590" };

export function regionMark(parent, region, cx, cy, r) {
  const g = el("g", { class: `region-mark region-${region}`, fill: "none", stroke: REGION_INK[region] || "#444", "stroke-width": (r / 6).toFixed(2), "stroke-linecap": "round", "stroke-linejoin": "round" }, parent);
  const p = (d) => el("path", { d }, g);
  const x = (f) => (cx + f * r).toFixed(2);
  const y = (f) => (cy + f * r).toFixed(2);
  if (region === "desert") {
    el("circle", { cx: x(0.35), cy: y(-0.45), r: (r * 0.28).toFixed(2) }, g);
    p(`M${x(-1)},${y(0.35)} Q${x(-0.5)},${y(-0.15)} ${x(0)},${y(0.35)} Q${x(0.5)},${y(-0.15)} ${x(1)},${y(0.35)}`);
    p(`M${x(-0.7)},${y(0.8)} Q${x(-0.2)},${y(0.35)} ${x(0.3)},${y(0.8)}`);
  } else if (region === "canyon") {
    p(`M${x(-1)},${y(0.7)} L${x(-0.6)},${y(-0.4)} L${x(-0.1)},${y(-0.4)} L${x(0.1)},${y(0.1)} L${x(0.45)},${y(-0.7)} L${x(0.8)},${y(-0.7)} L${x(1)},${y(0.7)}`);
  } else if (region === "forest") {
    p(`M${x(-0.45)},${y(-0.8)} L${x(-0.9)},${y(0.45)} L${x(0)},${y(0.45)} Z M${x(-0.45)},${y(0.45)} L${x(-0.45)},${y(0.8)}`);
    p(`M${x(0.45)},${y(-0.5)} L${x(0.05)},${y(0.55)} L${x(0.85)},${y(0.55)} Z M${x(0.45)},${y(0.55)} L${x(0.45)},${y(0.85)}`);
  } else if (region === "ruins") {
    p(`M${x(-0.75)},${y(0.8)} L${x(-0.75)},${y(-0.2)} Q${x(-0.75)},${y(-0.8)} ${x(0)},${y(-0.8)} L${x(0.2)},${y(-0.8)} M${x(0.45)},${y(-0.55)} Q${x(0.75)},${y(-0.4)} ${x(0.75)},${y(0.1)} M${x(0.75)},${y(0.45)} L${x(0.75)},${y(0.8)} M${x(-1)},${y(0.8)} L${x(1)},${y(0.8)}`);
  } else {
    p(`M${x(-0.55)},${y(0.85)} L${x(-0.55)},${y(-0.45)} L${x(-0.55)},${y(-0.85)} L${x(-0.25)},${y(-0.85)} L${x(-0.25)},${y(-0.6)} L${x(0.05)},${y(-0.6)} L${x(0.05)},${y(-0.85)} L${x(0.35)},${y(-0.85)} L${x(0.35)},${y(-0.6)} L${x(0.55)},${y(-0.6)} L${x(0.55)},${y(0.85)} Z M${x(-0.1)},${y(0.85)} L${x(-0.1)},${y(0.4)} Q${x(0)},${y(0.2)} ${x(0.15)},${y(0.4)} L${x(0.15)},${y(0.85)}`);
  }
  return g;
}

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
