// The last move on the mine and its motion. lastMoves reads the events of the step on screen:
// dwarves that moved (a walk, a construction, a jump, a cart, a swap...) and tiles placed or
// moved (Mystic Elevator). drawMarks marks each move until the next step with a dotted trail in
// the dwarf's colour from the room it left to the one it reached (placed tiles get a ring from
// mine.js). animateStep plays the step when the page gives the view it started from: dwarves
// slide from where they stood, a new tile drops in, a moved tile glides to its new place. The
// motion uses the Web Animations API on the finished drawing, so an interrupted or skipped
// animation leaves the board exactly as the view says; nothing moves under prefers-reduced-motion.
import { t, seatName } from "/static/js/i18n.js";
import { el, dwarfFill } from "./icons.js";
import { dwarfPlaces } from "./mine-geometry.js";

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
    const [ax, ay] = geo.centre(from.x, from.y);
    const [bx, by] = geo.centre(to.x, to.y);
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
