// The map in SVG, drawn like the board game: hexes with their tiles (hexes.js), the Castle's walls
// behind the Castle row (explorers who reached the Castle stand on them), the start below row 1
// (explorers not yet on the board), the explorers as pawns in their clan colours, the last move
// marked and, when the page gives the view before the step, the step's motion (motion.js).
// Hexes that legal actions belong to (at "hex:<n>") are highlighted and clickable (one action:
// apply it; several: a menu); data-actions on a hex lists them as JSON. The svg scales to its box
// (viewBox only) and carries its full size and the legal hexes' box (data-focus) for zoom.js.
import { t, seatName } from "/static/js/i18n.js";
import { el, addDefs, pawnShape, CLAN, RHOM_FILL } from "./icons.js";
import { R, DX, hexPoints, drawSocket, drawTile, drawBarricade, hexText, PAWN_SLOTS, pawnSize } from "./hexes.js";
import { lastMoves, lastChanges, drawMarks, animateStep } from "./motion.js";

export { CLAN };  // the panels colour their seats with it
export { RHOM_FILL };

const CASTLE_H = 46;  // the Castle's walls above the Castle row
const START_H = 26;  // the start, below row 1

// Where everything is drawn for a board of `rows` rows: hex centres, pawn spots, the start and
// the Castle. Both views of a step share one layout (the board's shape never changes).
export function layout(board) {
  const rows = Math.max(...board.map((h) => h.row));
  const width = 14 * DX + R;
  const top = CASTLE_H;
  const height = top + (rows - 1) * 1.5 * R + 2 * R + 4 + START_H;
  const centre = new Map(board.map((h) => [h.hex, { x: h.col * DX + R / 2, y: top + (rows - h.row) * 1.5 * R + R + 2 }]));
  const startY = height - START_H / 2 - 1;
  const castleY = top - 5;
  // A pawn's spot: on its hex (slot i of those there), at the start or on the Castle's wall.
  const spot = (pos, i, n) => {
    if (pos > 0 && centre.has(pos)) {
      const c = centre.get(pos);
      const [dx, dy] = PAWN_SLOTS[i % PAWN_SLOTS.length];
      return { x: c.x + dx, y: c.y + dy, size: pawnSize(n) };
    }
    const gap = 18;
    return { x: width / 2 + (i - (n - 1) / 2) * gap, y: pos < 0 ? castleY : startY, size: pawnSize(1) };
  };
  return { rows, width, height, centre, spot, startY, castleY };
}

// Every pawn's spot in a view: [{seat, rhom, pos, x, y}], in seat order within a place.
export function pawnSpots(view, geo) {
  const at = new Map();
  for (const p of view.players) {
    const key = p.position > 0 ? p.position : p.position < 0 ? "castle" : "start";
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(p);
  }
  const out = [];
  for (const list of at.values()) {
    list.forEach((p, i) => out.push({ seat: p.seat, rhom: !!p.rhom, pos: p.position, ...geo.spot(p.position, i, list.length) }));
  }
  return out;
}

function drawCastle(svg, geo, view) {
  const castle = view.board.filter((h) => h.region === "castle").map((h) => geo.centre.get(h.hex));
  if (!castle.length) return;
  const x0 = Math.min(...castle.map((c) => c.x)) - DX - 4;
  const x1 = Math.max(...castle.map((c) => c.x)) + DX + 4;
  const yTop = geo.castleY + 2;
  const yBottom = castle[0].y + 6;
  const g = el("g", { class: "castle" }, svg);
  el("title", {}, g).textContent = t("board.castle");
  const stone = { fill: "#cbbfe0", stroke: "#5e4590", "stroke-width": "1.2", "stroke-linejoin": "round" };
  // The wall with its battlements.
  let d = `M${x0},${yBottom} L${x0},${yTop}`;
  const merlons = 14;
  const step = (x1 - x0) / merlons;
  for (let i = 0; i < merlons; i++) {
    const a = x0 + i * step;
    d += i % 2 ? ` L${a.toFixed(1)},${yTop} L${(a + step).toFixed(1)},${yTop}` : ` L${a.toFixed(1)},${yTop - 5} L${(a + step).toFixed(1)},${yTop - 5} L${(a + step).toFixed(1)},${yTop}`;
  }
  d += ` L${x1},${yBottom} Z`;
  el("path", { d, ...stone }, g);
  // Two towers with pointed roofs and pennants.
  for (const tx of [x0 + 2, x1 - 2]) {
    el("rect", { x: tx - 9, y: yTop - 16, width: 18, height: yBottom - yTop + 16, ...stone }, g);
    el("path", { d: `M${tx - 11},${yTop - 16} L${tx},${yTop - 30} L${tx + 11},${yTop - 16} Z`, fill: "#6b4fa3", stroke: "#3d2a66", "stroke-width": "1.2", "stroke-linejoin": "round" }, g);
    el("path", { d: `M${tx},${yTop - 30} L${tx},${yTop - 38} L${tx + 8},${yTop - 35} L${tx},${yTop - 33}`, fill: "#f4b400", stroke: "#3d2a66", "stroke-width": "0.9" }, g);
    el("rect", { x: tx - 2.5, y: yTop - 8, width: 5, height: 8, rx: 2.5, fill: "#3d2a66" }, g);
  }
}

function drawStart(svg, geo) {
  const g = el("g", { class: "start" }, svg);
  el("title", {}, g).textContent = t("board.start_tip");
  const y = geo.startY;
  el("path", { d: `M${R},${y + 9} Q${geo.width / 2},${y + 3} ${geo.width - R},${y + 9}`, fill: "none", stroke: "#b39b72", "stroke-width": "2", "stroke-dasharray": "1 4", "stroke-linecap": "round" }, g);
  el("text", { x: R * 0.6, y: y + 3, class: "start-label" }, g).textContent = t("board.start");
}

// What a click on a legal hex does, as a picture in its top-left corner (no words to translate):
// an eye to reveal the tile, an arrow to go onto it, a cross to remove it.
function legalBadge(g, acts, cx, cy) {
  const kinds = new Set(acts.map((a) => String(a).split(" ")[0]));
  const kind = ["reveal", "move", "land", "place", "remove"].find((k) => kinds.has(k));
  if (!kind) return;
  const x = cx - 15.5;
  const y = cy - 17;
  const b = el("g", { class: `legal-badge legal-${kind}` }, g);
  el("circle", { cx: x, cy: y, r: 5.4, fill: "#ffd43b", stroke: "#1b1424", "stroke-width": "1" }, b);
  const ink = { fill: "none", stroke: "#1b1424", "stroke-width": "1.2", "stroke-linecap": "round", "stroke-linejoin": "round" };
  if (kind === "reveal") {
    el("path", { d: `M${x - 3.6},${y} Q${x},${y - 3.4} ${x + 3.6},${y} Q${x},${y + 3.4} ${x - 3.6},${y} Z`, ...ink }, b);
    el("circle", { cx: x, cy: y, r: 1.2, fill: "#1b1424" }, b);
  } else if (kind === "remove") {
    el("path", { d: `M${x - 2.5},${y - 2.5} L${x + 2.5},${y + 2.5} M${x + 2.5},${y - 2.5} L${x - 2.5},${y + 2.5}`, ...ink }, b);
  } else {
    el("path", { d: `M${x},${y + 3.4} L${x},${y - 3} M${x - 2.6},${y - 0.6} L${x},${y - 3.2} L${x + 2.6},${y - 0.6}`, ...ink }, b);
  }
}

// The arrow keys move the focus between legal hexes: to the nearest one in that direction.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function focusNext(svg, from, [dx, dy]) {
  const centre = (g) => { const r = g.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; };
  const a = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const g of svg.querySelectorAll(".hex.legal")) {
    if (g === from) continue;
    const b = centre(g);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { best = g; bestScore = score; }
  }
  if (best) best.focus();
}

function drawPawns(layer, spots) {
  for (const s of spots) {
    const g = el("g", { class: `explorer${s.rhom ? " rhom" : ""}`, "data-seat": s.seat, "data-pos": s.pos }, layer);
    pawnShape(g, s.x, s.y, s.size, s.seat, s.rhom);
  }
}

export function renderBoard(view, ctx) {
  const geo = layout(view.board);
  const svg = el("svg", { viewBox: `0 0 ${geo.width.toFixed(0)} ${geo.height.toFixed(0)}`, class: "board", role: "group", "aria-label": t("table.board"), preserveAspectRatio: "xMidYMid meet" });
  svg.dataset.width = geo.width.toFixed(0);
  svg.dataset.height = geo.height.toFixed(0);
  addDefs(svg);
  drawCastle(svg, geo, view);
  drawStart(svg, geo);
  const hexLayer = el("g", { class: "hexes" }, svg);
  const markLayer = el("g", { class: "marks", "aria-hidden": "true" }, svg);
  const pawnLayer = el("g", { class: "explorers", "aria-hidden": "true" }, svg);
  const spots = pawnSpots(view, geo);
  const moves = lastMoves(ctx.events || [], ctx.before, view);
  const arrived = new Map(moves.filter((m) => m.to > 0).map((m) => [m.to, m]));
  const legal = [];
  for (const h of view.board) {
    const { x: cx, y: cy } = geo.centre.get(h.hex);
    const g = el("g", { class: "hex", "data-hex": h.hex }, hexLayer);
    drawSocket(g, h, cx, cy);
    drawTile(g, h, cx, cy);
    if (h.barricade) drawBarricade(g, cx, cy);
    el("text", { x: cx, y: cy - R * 0.66, class: "hexnum", "text-anchor": "middle" }, g).textContent = h.hex;
    const words = hexText(h);
    const here = view.players.filter((p) => p.position === h.hex).map((p) => seatName(p.seat));
    if (here.length) words.push(t("board.explorers_here", { names: here.join(t("list.sep")) }));
    if (arrived.has(h.hex)) words.push(t("board.just_moved", { seat: seatName(arrived.get(h.hex).seat) }));
    const acts = ctx.at(`hex:${h.hex}`);
    if (acts.length) {
      legal.push({ cx, cy });
      g.classList.add("legal");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("data-actions", JSON.stringify(acts));
      el("polygon", { points: hexPoints(cx, cy, R * 0.9), class: "legal-ring" }, g);
      legalBadge(g, acts, cx, cy);
      g.addEventListener("click", (ev) => { if (!svg.dataset.panned) ctx.pick(acts, ev); });
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.pick(acts, ev); }
        else if (ARROWS[ev.key]) { ev.preventDefault(); focusNext(svg, g, ARROWS[ev.key]); }
      });
    }
    const label = `${t("board.hex", { hex: h.hex })}: ${words.join(t("list.sep"))}`;
    if (acts.length) g.setAttribute("aria-label", label);
    el("title", {}, g).textContent = label;
  }
  drawMarks(markLayer, moves, geo, view, lastChanges(ctx.events || []));
  drawPawns(pawnLayer, spots);
  if (legal.length) {
    const xs = legal.map((c) => c.cx);
    const ys = legal.map((c) => c.cy);
    const x0 = Math.min(...xs) - R;
    const y0 = Math.min(...ys) - R;
    svg.dataset.focus = JSON.stringify([x0, y0, Math.max(...xs) + R - x0, Math.max(...ys) + R - y0].map((v) => Math.round(v)));
  }
  if (ctx.before && ctx.motion > 0) animateStep(svg, { geo, before: ctx.before, view, events: ctx.events || [], motion: ctx.motion, spotsAfter: spots });
  return svg;
}
