// Gem Rush's pictures in SVG, shared by the mine and the panels: a gem whose SHAPE differs per
// gem (a colour-blind player tells all eleven apart in grey: Fire Ruby a tall rhombus, Obsidian
// a shard pointing down, Permafrost a hexagon, Star Tear a teardrop, Electrum a square, Soulstone
// a round cabochon, Raw Hope a triangle, and the special gems Diamond Dust a four-point sparkle,
// Echoglass a crescent, Orichalcum an ingot, Warpstone a five-point star), a dwarf of a seat's
// colour, a room type's mark (action a pickaxe, movement an arrow, free a sun, tunnel
// waves) and a points shield. Colours are the catalogue's display colours (spec §2.2); every
// shape has a dark outline on a thin light halo, so it reads on the dark rock and on a pale
// panel alike. Each *Shape draws into an SVG parent at (cx, cy) with a radius r; the *Icon
// functions return a small inline <svg> for HTML panels.
const SVG = "http://www.w3.org/2000/svg";

// The gems in the catalogue's order (catalogue()["gems"]), with its display colours; a test
// checks that this table and the catalogue agree.
export const GEM_CODES = ["FR", "OB", "PF", "ST", "EL", "SS", "RH", "DD", "EG", "OR", "WS"];
export const SPECIAL_GEMS = ["DD", "EG", "OR", "WS"];
export const GEM_FILL = {
  FR: "#C62828", OB: "#212121", PF: "#1E88E5", ST: "#FDD835", EL: "#EF6C00", SS: "#8E24AA",
  RH: "#2E7D32", DD: "#ECEFF1", EG: "#80DEEA", OR: "#B08D57", WS: "#C2185B",
};
// Outlines darker than each fill (Obsidian's is lighter: black on black would vanish).
const GEM_STROKE = {
  FR: "#5c0d0d", OB: "#9e9e9e", PF: "#0b3c78", ST: "#7a6200", EL: "#6b2d00", SS: "#3d0b4c",
  RH: "#0e3a12", DD: "#546e7a", EG: "#1f6f7a", OR: "#5a431f", WS: "#5a0a29",
};

// The dwarves' colours by seat (the rules package's DWARF_COLOURS: red, blue, yellow, black,
// green, purple, white), as the terminal draws them, with a readable ink for the seat number.
export const DWARF_FILL = ["#e53935", "#1e88e5", "#fdd835", "#1a1a1a", "#43a047", "#8e24aa", "#f5f5f5"];
export const DWARF_INK = ["#fff", "#fff", "#1a1a1a", "#fff", "#fff", "#fff", "#1a1a1a"];
export const dwarfFill = (seat) => DWARF_FILL[seat % DWARF_FILL.length];

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const pts = (list, cx, cy, r) => list.map(([x, y]) => `${(cx + x * r).toFixed(2)},${(cy + y * r).toFixed(2)}`).join(" ");

function regular(corners, turn, scale = 1) {
  const out = [];
  for (let i = 0; i < corners; i++) {
    const a = (Math.PI * 2 * i) / corners + turn;
    out.push([scale * Math.cos(a), scale * Math.sin(a)]);
  }
  return out;
}

function starPoints(points, inner, scale = 1) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const rr = (i % 2 ? inner : 1) * scale;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push([rr * Math.cos(a), rr * Math.sin(a)]);
  }
  return out;
}

// Each gem's outline in unit coordinates (radius 1 around the centre), as an SVG element spec.
const OUTLINES = {
  FR: () => ["polygon", [[0, -1.05], [0.68, 0], [0, 1.05], [-0.68, 0]]],
  OB: () => ["polygon", [[-1, -0.72], [1, -0.72], [0.15, 1], [-0.12, 0.55]]],
  PF: () => ["polygon", regular(6, 0, 0.98)],
  ST: () => ["path", "M0,-1.05 C0.35,-0.45 0.8,-0.05 0.8,0.33 A0.8,0.72 0 1 1 -0.8,0.33 C-0.8,-0.05 -0.35,-0.45 0,-1.05 Z"],
  EL: () => ["polygon", [[-0.8, -0.8], [0.8, -0.8], [0.8, 0.8], [-0.8, 0.8]]],
  SS: () => ["circle", 0.86],
  RH: () => ["polygon", [[0, -1.0], [1.02, 0.8], [-1.02, 0.8]]],
  DD: () => ["polygon", starPoints(4, 0.34, 1.08)],
  EG: () => ["path", "M0.35,-0.95 A1,1 0 1 0 0.35,0.95 A0.78,0.78 0 1 1 0.35,-0.95 Z"],
  OR: () => ["polygon", [[-0.55, -0.6], [0.55, -0.6], [1.02, 0.6], [-1.02, 0.6]]],
  WS: () => ["polygon", starPoints(5, 0.45, 1.06)],
};

function outline(code, cx, cy, r, attrs, parent) {
  const [kind, data] = (OUTLINES[code] || OUTLINES.SS)();
  if (kind === "circle") return el("circle", { cx, cy, r: (data * r).toFixed(2), ...attrs }, parent);
  if (kind === "polygon") return el("polygon", { points: pts(data, cx, cy, r), ...attrs }, parent);
  return el("path", { d: data, transform: `translate(${cx} ${cy}) scale(${r})`, ...attrs, "stroke-width": (attrs["stroke-width"] / r).toFixed(3) }, parent);
}

// The gradients the shapes use: a shine on every gem, a prism on Diamond Dust, a metal sheen on
// Orichalcum (ids are per document: a second copy is harmless).
export function addDefs(svg) {
  const defs = el("defs", {}, svg);
  const shine = el("radialGradient", { id: "gr-shine", cx: "32%", cy: "28%", r: "48%" }, defs);
  el("stop", { offset: "0%", "stop-color": "#fff", "stop-opacity": "0.6" }, shine);
  el("stop", { offset: "100%", "stop-color": "#fff", "stop-opacity": "0" }, shine);
  const prism = el("linearGradient", { id: "gr-prism", x1: "0", x2: "1", y1: "0", y2: "1" }, defs);
  ["#ffffff", "#e1f5fe", "#f8bbd0", "#fff9c4", "#eceff1"].forEach((c, i) => el("stop", { offset: `${i * 25}%`, "stop-color": c }, prism));
  const metal = el("linearGradient", { id: "gr-metal", x1: "0", x2: "0", y1: "0", y2: "1" }, defs);
  ["#e3c58f", "#b08d57", "#7a5c2e"].forEach((c, i) => el("stop", { offset: `${i * 50}%`, "stop-color": c }, metal));
  return defs;
}

const PAINT = { DD: "url(#gr-prism)", OR: "url(#gr-metal)" };

// One gem `code` centred on (cx, cy), about 2r wide.
export function gemShape(parent, code, cx, cy, r) {
  const g = el("g", { class: `gr-gem gr-gem-${code}` }, parent);
  const width = Math.max(0.6, r / 7);
  outline(code, cx, cy, r, { fill: "none", stroke: "#fff", "stroke-opacity": "0.85", "stroke-width": width * 2.6, "stroke-linejoin": "round" }, g);
  outline(code, cx, cy, r, { fill: PAINT[code] || GEM_FILL[code] || "#999", stroke: GEM_STROKE[code] || "#333", "stroke-width": width, "stroke-linejoin": "round" }, g);
  outline(code, cx, cy, r, { fill: "url(#gr-shine)", stroke: "none", "stroke-width": width }, g);
  return g;
}

// A dwarf standing on (cx, cy), about 2s wide: a pointed hood over a bearded face and a round
// body, in its seat's colour, with the 1-based seat number (digits only: nothing to translate).
export function dwarfShape(parent, cx, cy, s, seat) {
  const g = el("g", { class: `gr-dwarf gr-dwarf-${seat}` }, parent);
  const fill = dwarfFill(seat);
  const body = `M${cx - 0.95 * s},${cy + 1.1 * s} Q${cx - 0.95 * s},${cy - 0.05 * s} ${cx},${cy - 0.05 * s} Q${cx + 0.95 * s},${cy - 0.05 * s} ${cx + 0.95 * s},${cy + 1.1 * s} Z`;
  const hood = `M${cx - 0.62 * s},${cy - 0.35 * s} L${cx},${cy - 1.55 * s} L${cx + 0.62 * s},${cy - 0.35 * s} Z`;
  for (const d of [body, hood]) el("path", { d, fill: "none", stroke: "#fff", "stroke-width": (s * 0.5).toFixed(2), "stroke-linejoin": "round", class: "halo" }, g);
  el("path", { d: body, fill, stroke: "#141414", "stroke-width": (s * 0.14).toFixed(2), "stroke-linejoin": "round" }, g);
  el("circle", { cx, cy: cy - 0.3 * s, r: 0.42 * s, fill: "#f1c9a5", stroke: "#141414", "stroke-width": (s * 0.12).toFixed(2) }, g);
  el("path", { d: `M${cx - 0.38 * s},${cy - 0.22 * s} Q${cx},${cy + 0.55 * s} ${cx + 0.38 * s},${cy - 0.22 * s} Z`, fill: "#d8d2c8", stroke: "#141414", "stroke-width": (s * 0.08).toFixed(2) }, g);
  el("path", { d: hood, fill, stroke: "#141414", "stroke-width": (s * 0.14).toFixed(2), "stroke-linejoin": "round" }, g);
  el("text", { x: cx, y: cy + 0.98 * s, "text-anchor": "middle", "font-size": (s * 0.85).toFixed(2), "font-weight": "700", fill: DWARF_INK[seat % DWARF_INK.length], class: "gr-dwarf-number" }, g).textContent = String(seat + 1);
  return g;
}

// A room type's mark (spec §2.4.1): action rooms a pickaxe on orange, movement rooms an arrow
// on blue, free rooms a sun on grey (the terminal's ☼), tunnels three waves.
export const TYPE_FILL = { action: "#e07b1a", movement: "#2f80d0", free: "#8d8d8d", tunnel: "#5d5750", none: "#5d5750" };
export function roomTypeShape(parent, type, cx, cy, r) {
  const g = el("g", { class: `gr-type gr-type-${type}` }, parent);
  el("circle", { cx, cy, r, fill: TYPE_FILL[type] || TYPE_FILL.none, stroke: "#1b140e", "stroke-width": (r / 7).toFixed(2) }, g);
  const ink = { fill: "none", stroke: "#fff", "stroke-width": (r / 4.5).toFixed(2), "stroke-linecap": "round", "stroke-linejoin": "round" };
  const x = (f) => (cx + f * r).toFixed(2);
  const y = (f) => (cy + f * r).toFixed(2);
  if (type === "action") {
    el("path", { d: `M${x(-0.5)},${y(0.55)} L${x(0.3)},${y(-0.25)}`, ...ink }, g);
    el("path", { d: `M${x(-0.25)},${y(-0.55)} Q${x(0.35)},${y(-0.6)} ${x(0.6)},${y(0.2)}`, ...ink }, g);
  } else if (type === "movement") {
    el("path", { d: `M${x(-0.55)},${y(0)} L${x(0.5)},${y(0)} M${x(0.15)},${y(-0.35)} L${x(0.55)},${y(0)} L${x(0.15)},${y(0.35)}`, ...ink }, g);
  } else if (type === "free") {
    el("circle", { cx, cy, r: (r * 0.26).toFixed(2), fill: "#fff" }, g);
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI * i) / 4;
      el("path", { d: `M${x(0.42 * Math.cos(a))},${y(0.42 * Math.sin(a))} L${x(0.62 * Math.cos(a))},${y(0.62 * Math.sin(a))}`, ...ink, "stroke-width": (r / 6).toFixed(2) }, g);
    }
  } else {
    for (const dy of [-0.35, 0, 0.35]) el("path", { d: `M${x(-0.55)},${y(dy)} Q${x(-0.28)},${y(dy - 0.18)} ${x(0)},${y(dy)} T${x(0.55)},${y(dy)}`, ...ink, "stroke-width": (r / 7).toFixed(2) }, g);
  }
  return g;
}

// Victory points: a small gold shield with its value.
export function pointsShape(parent, cx, cy, r, n = null) {
  const g = el("g", { class: "gr-points" }, parent);
  const d = `M${cx - r},${cy - r * 0.85} L${cx + r},${cy - r * 0.85} L${cx + r},${cy} Q${cx + r},${cy + r * 0.8} ${cx},${cy + r * 1.05} Q${cx - r},${cy + r * 0.8} ${cx - r},${cy} Z`;
  el("path", { d, fill: "#f2c14e", stroke: "#5a3d00", "stroke-width": (r / 6).toFixed(2), "stroke-linejoin": "round" }, g);
  if (n !== null) el("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": (r * 1.15).toFixed(1), "font-weight": "800", fill: "#3a2600" }, g).textContent = String(n);
  return g;
}

// A small inline <svg> for HTML (panels, buttons, log lines), `size` CSS pixels square.
export function icon(draw, size, label) {
  const svg = el("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "icon gr-icon", role: "img" });
  if (label) el("title", {}, svg).textContent = label;
  else svg.setAttribute("aria-hidden", "true");
  addDefs(svg);
  draw(svg);
  return svg;
}

export const gemIcon = (code, size = 18, label = "") => icon((s) => gemShape(s, code, 12, 12, 9.5), size, label);
export const dwarfIcon = (seat, size = 18, label = "") => icon((s) => dwarfShape(s, 12, 13, 7.5, seat), size, label);
export const roomTypeIcon = (type, size = 18, label = "") => icon((s) => roomTypeShape(s, type, 12, 12, 10.5), size, label);
export const pointsIcon = (n = null, size = 18, label = "") => icon((s) => pointsShape(s, 12, 12.5, 10, n), size, label);

// The gradients once more, in a tiny SVG at the very start of the page: an id names the first
// element with it in the document, and gradients inside a part hidden with display:none (a
// panel in a closed tab) do not paint, so every icon's url(#gr-shine) must find a copy that is
// always rendered.
function sharedDefs() {
  if (typeof document === "undefined" || !document.body || document.getElementById("gr-gem-defs")) return;
  const svg = el("svg", { id: "gr-gem-defs", width: "0", height: "0", "aria-hidden": "true", focusable: "false", style: "position:absolute;width:0;height:0;overflow:hidden" });
  addDefs(svg);
  document.body.prepend(svg);
}
sharedDefs();
