// What the mine marks on top of its tiles. Places a click plays (shared by the board, mine.js,
// and the tray of rotations, mine-rotation.js): a place glows, carries a badge of what a click
// does, lists its actions in data-actions (hints and the tutorial read them), is a Tab stop with
// an aria-label, plays its action on a click, Enter or Space (several: the page's menu), and the
// arrow keys move the focus to the nearest clickable place in that direction. The last move:
// lastMoves reads the events of the step on screen (dwarves that moved: a walk, a
// construction, a jump, a cart, a swap...; tiles placed or moved by Mystic Elevator); drawMarks
// leaves a dotted trail in the dwarf's colour from the room it left to the one it reached until
// the next step (placed tiles get a ring from mine.js); animateStep plays the step when the page
// gives the view it started from: dwarves slide from where they stood, a new tile drops in, a
// moved tile glides to its new place. The motion uses the Web Animations API on the finished
// drawing, so an interrupted or skipped animation leaves the board exactly as the view says;
// nothing moves under prefers-reduced-motion.
import { t, seatName } from "/static/js/i18n.js";
import { el, dwarfFill } from "./icons.js";
import { dwarfPlaces } from "./mine-geometry.js";

// A picture of what a click does, in the place's corner (no words to translate): an arrow to
// walk or go to a room, a hammer to build (a walk into the rock builds there), two squares to
// copy a room, a cross to remove one, a lift's arrows to send the elevator, a turning arrow to
// turn a tile. `kind` overrides what the actions' words say.
const BADGES = { walk: "go", reopen: "build", build: "build", to: "go", jump: "go", copy: "copy", remove: "remove", door: "lift", rotate: "turn" };

export function legalBadge(parent, acts, x, y, kind = null) {
  const heads = acts.map((a) => String(a).split(" ")[0]);
  kind = kind || BADGES[heads.find((h) => BADGES[h])];
  if (!kind) return null;
  const b = el("g", { class: `gr-badge gr-badge-${kind}`, transform: `translate(${x} ${y}) scale(1.3) translate(${-x} ${-y})` }, parent);
  el("circle", { cx: x, cy: y, r: 8, class: "gr-badge-disc" }, b);
  const ink = { fill: "none", stroke: "#1b1424", "stroke-width": "1.8", "stroke-linecap": "round", "stroke-linejoin": "round" };
  const p = (d, extra = {}) => el("path", { d, ...ink, ...extra }, b);
  if (kind === "build") {  // a hammer: a handle and a square head
    p(`M${x - 4.5},${y + 4.5} L${x + 1},${y - 1}`, { "stroke-width": "2.2" });
    el("polygon", { points: `${x - 1.8},${y - 4.2} ${x + 1.6},${y - 7.4} ${x + 6.2},${y - 2.8} ${x + 3},${y + 0.4}`, fill: "#1b1424" }, b);
  }
  else if (kind === "go") p(`M${x - 5},${y} L${x + 4},${y} M${x + 0.5},${y - 3.5} L${x + 4.5},${y} L${x + 0.5},${y + 3.5}`);
  else if (kind === "copy") { el("rect", { x: x - 5, y: y - 5, width: 6.5, height: 6.5, ...ink }, b); el("rect", { x: x - 1.5, y: y - 1.5, width: 6.5, height: 6.5, ...ink, fill: "#ffd43b" }, b); }
  else if (kind === "remove") p(`M${x - 3.5},${y - 3.5} L${x + 3.5},${y + 3.5} M${x + 3.5},${y - 3.5} L${x - 3.5},${y + 3.5}`);
  else if (kind === "lift") p(`M${x - 2.5},${y - 1} L${x},${y - 4.5} L${x + 2.5},${y - 1} M${x - 2.5},${y + 1} L${x},${y + 4.5} L${x + 2.5},${y + 1}`);
  else p(`M${x + 4},${y - 2} A4.5,4.5 0 1 0 ${x + 4.3},${y + 1.8} M${x + 4.6},${y - 5.5} L${x + 4},${y - 1.8} L${x + 0.6},${y - 2.6}`);
  return b;
}

// The arrow keys move the focus to the nearest clickable place in that direction.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function focusNext(svg, from, [dx, dy]) {
  const centre = (g) => { const r = g.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; };
  const a = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const g of svg.querySelectorAll(".gr-legal[tabindex='0']")) {
    if (g === from) continue;
    const b = centre(g);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const score = along + 2 * (Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx));
    if (score < bestScore) { best = g; bestScore = score; }
  }
  if (best) best.focus();
}

// Make `g` a clickable place for `acts`: a Tab stop unless `tab` is false (a doorway whose
// actions its destination also offers).
export function makeClickable(g, acts, label, ctx, svg, tab = true) {
  g.classList.add("gr-legal");
  g.setAttribute("data-actions", JSON.stringify(acts));
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", label);
  g.setAttribute("tabindex", tab ? "0" : "-1");
  g.addEventListener("click", (ev) => { if (!svg.dataset.panned) ctx.pick(acts, ev); });
  g.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.pick(acts, ev); }
    else if (ARROWS[ev.key]) { ev.preventDefault(); focusNext(svg, g, ARROWS[ev.key]); }
  });
}

// {moves: [{seat, from, to, how}], placed: Set of tile ids placed or moved in this step}.
export function lastMoves(events) {
  const moves = [];
  const placed = new Set();
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "move" && typeof d.room === "number" && typeof d.before === "number" && d.room !== d.before) moves.push({ seat: e.player, from: d.before, to: d.room, how: d.how || "" });
    else if ((e.kind === "tile_placed" || e.kind === "elevator") && typeof d.tile === "number") placed.add(d.tile);
  }
  return { moves, placed };
}

export function drawMarks(layer, moves, geo, view) {
  const byId = new Map(view.mine.tiles.map((tile) => [tile.id, tile]));
  const done = new Set();
  for (const m of moves) {
    const from = byId.get(m.from);
    const to = byId.get(m.to);
    const id = `${m.seat}:${m.from}:${m.to}`;
    if (!from || !to || done.has(id)) continue;
    done.add(id);
    // At the dwarves' height, under the rooms' names.
    const [ax, ay] = geo.centre(from.x, from.y).map((v, i) => v + i * 22);
    const [bx, by] = geo.centre(to.x, to.y).map((v, i) => v + i * 22);
    // A gentle bend, so two dwarves' trails along one passage stay apart.
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const bend = 10 + 6 * (m.seat % 3);
    const qx = (ax + bx) / 2 - ((by - ay) / len) * bend;
    const qy = (ay + by) / 2 + ((bx - ax) / len) * bend;
    const g = el("g", { class: "gr-trail", "data-seat": m.seat }, layer);
    el("title", {}, g).textContent = t("grb.moved", { seat: seatName(m.seat) });
    el("path", { d: `M${ax},${ay} Q${qx},${qy} ${bx},${by}`, class: "gr-trail-halo" }, g);
    el("path", { d: `M${ax},${ay} Q${qx},${qy} ${bx},${by}`, class: "gr-trail-line", stroke: dwarfFill(m.seat) }, g);
    el("circle", { cx: ax, cy: ay, r: 4, class: "gr-trail-start", fill: dwarfFill(m.seat) }, g);
  }
}

export function animateStep(svg, { geo, before, view, motion }) {
  if (typeof Element === "undefined" || !Element.prototype.animate) return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const was = dwarfPlaces(before, geo);
  const now = dwarfPlaces(view, geo);
  const easing = "cubic-bezier(.4, 0, .2, 1)";
  for (const g of svg.querySelectorAll(".gr-dwarf-piece")) {
    const seat = Number(g.dataset.seat);
    const a = was.get(seat);
    const b = now.get(seat);
    if (!a || !b || (a.x === b.x && a.y === b.y)) continue;
    g.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }], { duration: motion, easing });
  }
  const old = new Map(before.mine.tiles.map((tile) => [tile.id, tile]));
  for (const g of svg.querySelectorAll(".gr-tiles > .gr-tile")) {
    const id = Number(g.dataset.tile);
    const prev = old.get(id);
    if (!prev) {
      g.animate([{ opacity: 0, transform: "translateY(-18px) scale(1.12)" }, { opacity: 1, transform: "none" }], { duration: motion, easing: "cubic-bezier(.2, .8, .3, 1.15)" });
    } else if (prev.x !== Number(g.dataset.x) || prev.y !== Number(g.dataset.y)) {
      const [ax, ay] = geo.corner(prev.x, prev.y);
      const [bx, by] = geo.corner(Number(g.dataset.x), Number(g.dataset.y));
      g.animate([{ transform: `translate(${ax - bx}px, ${ay - by}px)` }, { transform: "none" }], { duration: motion, easing });
    }
  }
}
