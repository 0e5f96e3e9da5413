// The lobby's pictures, drawn in SVG (no raster art): a game's cover when its plug-in has none
// (six-sided tiles with faceted stones, coloured from the game's name so each game looks its
// own), and the pictograms of the four ways to start a table (solo, hot-seat, friends, bots).
// They are decoration: hidden from screen readers, the text beside them says it all.
const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.appendChild(c);
  return node;
}

function picture(viewBox, cls, ...children) {
  return svg("svg", { viewBox, class: cls, "aria-hidden": "true", focusable: "false" }, ...children);
}

// A number from a text, to choose colours from (the same name always gives the same colours).
function hash(text) {
  let n = 7;
  for (const ch of text) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return n;
}

function cellPoints(cx, cy, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

// A faceted stone: a crown, a girdle and a point, lit from the top left.
function stone(cx, cy, size, hue) {
  const s = size;
  const outline = `${cx - s},${cy - s * 0.2} ${cx - s * 0.55},${cy - s * 0.75} ${cx + s * 0.55},${cy - s * 0.75} ${cx + s},${cy - s * 0.2} ${cx},${cy + s}`;
  return svg("g", {},
    svg("polygon", { points: outline, fill: `hsl(${hue} 70% 48%)`, stroke: `hsl(${hue} 60% 22%)`, "stroke-width": 1.5, "stroke-linejoin": "round" }),
    svg("polygon", { points: `${cx - s * 0.55},${cy - s * 0.75} ${cx + s * 0.55},${cy - s * 0.75} ${cx + s * 0.3},${cy - s * 0.2} ${cx - s * 0.3},${cy - s * 0.2}`, fill: `hsl(${hue} 85% 72%)` }),
    svg("polygon", { points: `${cx - s},${cy - s * 0.2} ${cx - s * 0.3},${cy - s * 0.2} ${cx},${cy + s}`, fill: `hsl(${hue} 75% 60%)` }),
    svg("polygon", { points: `${cx + s},${cy - s * 0.2} ${cx + s * 0.3},${cy - s * 0.2} ${cx},${cy + s}`, fill: `hsl(${hue} 70% 36%)` }));
}

// A game's cover: a cluster of tiles, three of them holding a stone.
export function coverPicture(name) {
  const seed = hash(name);
  const base = seed % 360;
  const cells = [[50, 50], [83, 31], [83, 69], [50, 12], [17, 31], [17, 69], [50, 88], [116, 50], [116, 12], [116, 88]];
  const tiles = cells.map(([x, y], i) => svg("polygon", { points: cellPoints(x, y, 21), fill: `hsl(${(base + i * 23) % 360} 30% ${i % 2 ? 86 : 80}%)`, stroke: "#6b5a45", "stroke-width": 1.5 }));
  const stones = [[50, 50, 13, (base + 140) % 360], [83, 31, 10, (base + 260) % 360], [17, 69, 10, (base + 40) % 360], [116, 88, 9, (base + 200) % 360]];
  return picture("-6 -12 146 124", "cover", svg("rect", { x: -6, y: -12, width: 146, height: 124, rx: 10, fill: `hsl(${base} 35% 28%)` }),
    ...tiles, ...stones.map(([x, y, s, hue]) => stone(x, y, s, hue)));
}

// A person: a head and shoulders.
function person(x, y, colour) {
  return svg("g", { fill: colour },
    svg("circle", { cx: x, cy: y - 9, r: 7 }),
    svg("path", { d: `M${x - 12},${y + 14} q0,-14 12,-14 q12,0 12,14 z` }));
}

function robot(x, y, colour) {
  return svg("g", { fill: colour },
    svg("line", { x1: x, y1: y - 19, x2: x, y2: y - 14, stroke: colour, "stroke-width": 2 }),
    svg("circle", { cx: x, cy: y - 20, r: 2.2 }),
    svg("rect", { x: x - 9, y: y - 14, width: 18, height: 13, rx: 3 }),
    svg("circle", { cx: x - 4, cy: y - 8, r: 2, fill: "#fff" }), svg("circle", { cx: x + 4, cy: y - 8, r: 2, fill: "#fff" }),
    svg("path", { d: `M${x - 12},${y + 14} q0,-13 12,-13 q12,0 12,13 z` }));
}

// A weathervane: what steers an automa opponent, drawn without naming any game.
function vane(x, y, colour) {
  return svg("g", { stroke: colour, "stroke-width": 2.2, fill: colour, "stroke-linecap": "round" },
    svg("line", { x1: x, y1: y + 14, x2: x, y2: y - 16 }),
    svg("path", { d: `M${x - 13},${y - 8} L${x + 9},${y - 8} L${x + 9},${y - 13} L${x + 15},${y - 8} L${x + 9},${y - 3} L${x + 9},${y - 8}` }),
    svg("path", { d: `M${x - 13},${y - 8} l-4,-4 M${x - 13},${y - 8} l-4,4`, fill: "none" }),
    svg("line", { x1: x - 8, y1: y + 14, x2: x + 8, y2: y + 14 }));
}

const YOU = "#3b2f4a";
const OTHER = "#b8860b";

// The pictogram of a way to start: "solo", "hotseat", "friends" or "bots".
export function startPicture(kind) {
  const parts = {
    solo: [person(20, 22, YOU), svg("text", { x: 40, y: 28, "font-size": 11, "font-weight": 700, fill: "#8a7a5c", "text-anchor": "middle" }, document.createTextNode("×")), vane(60, 22, OTHER)],
    hotseat: [person(18, 22, YOU), person(62, 22, OTHER), svg("rect", { x: 31, y: 10, width: 18, height: 26, rx: 3, fill: "#fff", stroke: "#6b5a45", "stroke-width": 2 }),
      svg("path", { d: "M35,20 h10 l-3,-3 M45,27 h-10 l3,3", stroke: "#6b5a45", "stroke-width": 1.8, fill: "none", "stroke-linecap": "round" })],
    friends: [person(20, 22, YOU), person(60, 22, OTHER),
      svg("path", { d: "M33,19 a4,4 0 0 1 6,0 l2,2 M47,25 a4,4 0 0 1 -6,0 l-2,-2 M37,22 h6", stroke: "#6b5a45", "stroke-width": 2.2, fill: "none", "stroke-linecap": "round" })],
    bots: [person(20, 22, YOU), robot(60, 22, OTHER)],
  }[kind] || [];
  return picture("0 0 80 40", "start-picture", ...parts);
}

// A few empty chairs around a table: the picture of an empty list of tables.
export function emptyTablesPicture() {
  return picture("0 0 120 60", "empty-picture",
    svg("ellipse", { cx: 60, cy: 32, rx: 34, ry: 14, fill: "#e9dcc3", stroke: "#8a7a5c", "stroke-width": 2 }),
    ...[[18, 30], [102, 30], [60, 10], [60, 54]].map(([x, y]) => svg("circle", { cx: x, cy: y, r: 6, fill: "none", stroke: "#8a7a5c", "stroke-width": 2, "stroke-dasharray": "3 3" })));
}
