// What the last step did on the map, shown two ways. The marks stay until the next step: an
// arrow in the mover's clan colour along each explorer's path and a ring on the hex it reached
// (from the step's events, the paths starting where the view before the step had each explorer).
// The motion plays once, when the page gives the view before the step and a time for it: pawns
// slide along their paths, revealed tiles flip, collected or removed tiles lift away, barricades
// drop in, one after another in the order of the events, within that time. No motion at all under
// prefers-reduced-motion. Animations use the Web Animations API, so nothing waits on timers.
import { el, CLAN } from "./icons.js";
import { R, hexPoints, drawBack, drawTile } from "./hexes.js";
import { cards } from "./words.js";

const MOVES = new Set(["move", "catapult", "placed", "swap", "castle"]);
// The Rhom's marks are a light steel (its pawn's slate would vanish in the dark outline).
const RHOM_MARK = "#b3bfcc";
const markColour = (rhom, seat) => (rhom ? RHOM_MARK : CLAN[seat % 4]);

function where(view, seat) {
  const p = view && view.players.find((x) => x.seat === seat);
  return p ? p.position : null;
}

// The explorers' paths in `events`: [{seat, rhom, path: [pos, ...], to, kind}], one per seat that
// moved, in the order they first moved. A path's first position is where `before` had the seat
// (null when unknown); positions are hexes, 0 the start and -1 the Castle.
export function lastMoves(events, before, view) {
  const now = new Map();
  const moved = new Map();
  const at = (seat) => (now.has(seat) ? now.get(seat) : where(before, seat));
  const go = (seat, to, kind) => {
    if (!moved.has(seat)) {
      const p = view.players.find((x) => x.seat === seat);
      moved.set(seat, { seat, rhom: !!(p && p.rhom), path: [at(seat)], to, kind });
    }
    const m = moved.get(seat);
    m.path.push(to);
    m.to = to;
    m.kind = kind;
    now.set(seat, to);
  };
  for (const e of events) {
    if (!MOVES.has(e.kind) || e.player === null || e.player < 0) continue;
    const d = e.data || {};
    if (e.kind === "move" || e.kind === "catapult") go(e.player, d.to, e.kind);
    else if (e.kind === "placed") go(e.player, d.hex, e.kind);
    else if (e.kind === "castle") go(e.player, -1, e.kind);
    else if (e.kind === "swap") {
      const mine = at(e.player);
      go(e.player, d.now_at, e.kind);
      if (mine !== null && mine !== undefined) go(d.with_seat, mine, e.kind);
    }
  }
  return [...moved.values()];
}

// A position's point on the map (the Castle and the start: the pawn's own spot there).
function pointOf(pos, seat, geo, view) {
  if (pos > 0 && geo.centre.has(pos)) return geo.centre.get(pos);
  if (pos === null || pos === undefined) return null;
  const spots = view.players.filter((p) => (pos < 0 ? p.position < 0 : p.position === 0));
  const i = Math.max(0, spots.findIndex((p) => p.seat === seat));
  return geo.spot(pos, i, Math.max(1, spots.length));
}

// Hexes the step changed without an explorer moving there: a barricade the Rhom placed, a tile a
// player in the Castle removed. [{hex, kind, seat}]
export function lastChanges(events) {
  return events.filter((e) => (e.kind === "rhom_barricade" || e.kind === "remove") && e.data && e.data.hex)
    .map((e) => ({ hex: e.data.hex, kind: e.kind, seat: e.player }));
}

export function drawMarks(layer, moves, geo, view, changes = []) {
  for (const c of changes) {
    const at = geo.centre.get(c.hex);
    if (!at) continue;
    const p = view.players.find((x) => x.seat === c.seat);
    const colour = markColour(!p || p.rhom, c.seat);
    const g = el("g", { class: `last-change last-${c.kind}`, "data-hex": c.hex }, layer);
    el("polygon", { points: hexPoints(at.x, at.y, R * 0.97), fill: "none", stroke: "#1b1424", "stroke-width": "4.5" }, g);
    el("polygon", { points: hexPoints(at.x, at.y, R * 0.97), fill: "none", stroke: colour, "stroke-width": "2.5", "stroke-dasharray": "5 3" }, g);
  }
  for (const m of moves) {
    const colour = markColour(m.rhom, m.seat);
    const g = el("g", { class: "last-move", "data-seat": m.seat, "data-to": m.to }, layer);
    const end = pointOf(m.to, m.seat, geo, view);
    if (m.to > 0 && end) {
      el("polygon", { points: hexPoints(end.x, end.y, R * 0.97), class: "last-move-ring", fill: "none", stroke: "#1b1424", "stroke-width": "5" }, g);
      el("polygon", { points: hexPoints(end.x, end.y, R * 0.97), class: "last-move-ring", fill: "none", stroke: colour, "stroke-width": "3" }, g);
    }
    const pts = m.path.map((p) => pointOf(p, m.seat, geo, view)).filter(Boolean);
    if (pts.length < 2 || !end) continue;
    // Stop short of the destination's middle (its gem) and draw the head there.
    const a = pts[pts.length - 2];
    const len = Math.hypot(end.x - a.x, end.y - a.y) || 1;
    const ux = (end.x - a.x) / len;
    const uy = (end.y - a.y) / len;
    const stop = m.to > 0 ? Math.min(R * 0.9, len / 2) : 8;  // at the rim: the pawns stand inside
    const tip = { x: end.x - ux * stop, y: end.y - uy * stop };
    const line = [...pts.slice(0, -1), tip].map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const head = `M${tip.x + ux * 2},${tip.y + uy * 2} L${tip.x - ux * 7 - uy * 5},${tip.y - uy * 7 + ux * 5} L${tip.x - ux * 7 + uy * 5},${tip.y - uy * 7 - ux * 5} Z`;
    el("polyline", { points: line, fill: "none", stroke: "#1b1424", "stroke-width": "5.5", "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-opacity": "0.8" }, g);
    el("polyline", { points: line, fill: "none", stroke: colour, "stroke-width": "3", "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-dasharray": "6 3", class: "last-move-path" }, g);
    el("path", { d: head, fill: colour, stroke: "#1b1424", "stroke-width": "1.2", "stroke-linejoin": "round" }, g);
  }
}

export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// The order things happen in the step: a beat per event that changes the map.
function beats(events) {
  const hex = new Map();
  const seat = new Map();
  let n = 0;
  for (const e of events) {
    const d = e.data || {};
    const h = d.hex ?? d.to ?? null;
    if (["reveal", "collect", "remove", "rhom_barricade"].includes(e.kind) && h) {
      if (!hex.has(`${e.kind}:${h}`)) hex.set(`${e.kind}:${h}`, n++);
    } else if (MOVES.has(e.kind) && e.player >= 0) {
      if (!seat.has(e.player)) seat.set(e.player, n);
      if (e.kind === "swap" && !seat.has(d.with_seat)) seat.set(d.with_seat, n);
      n++;
    }
  }
  return { hex, seat, n: Math.max(1, n) };
}

// Play the step from `before` to `view` on a freshly drawn board `svg`.
export function animateStep(svg, { geo, before, view, events, motion, spotsAfter }) {
  if (reducedMotion() || !svg.animate || !Array.isArray(before.board) || !Array.isArray(before.players)) return;
  const order = beats(events);
  const slot = motion / order.n;
  const dur = Math.max(90, slot * 0.9);
  const timing = (beat) => ({ duration: dur, delay: (beat ?? 0) * slot, easing: "ease-in-out" });
  const ghosts = el("g", { class: "ghosts", "aria-hidden": "true" });
  svg.insertBefore(ghosts, svg.querySelector(".marks"));
  const was = new Map(before.board.map((h) => [h.hex, h]));
  // A tile turned up and taken in the same step (the Rhom's, a catapult's) is known by its id.
  const revealed = new Map(events.filter((e) => e.kind === "reveal" && e.data).map((e) => [e.data.hex, e.data.tile]));
  const flip = (back, face, beat) => {
    // The back turns away, then the face turns in.
    const half = { ...timing(beat), duration: dur / 2 };
    back.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], { ...half, fill: "forwards" }).onfinish = () => back.remove();
    face.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { ...half, delay: half.delay + dur / 2, fill: "backwards" });
  };
  for (const h of view.board) {
    const old = was.get(h.hex);
    if (!old) continue;
    const { x, y } = geo.centre.get(h.hex);
    const g = svg.querySelector(`.hex[data-hex="${h.hex}"]`);
    const revealBeat = order.hex.get(`reveal:${h.hex}`);
    if (old.has_tile && !old.face_up && h.face_up && h.tile) {
      const back = drawBack(ghosts, old.region, x, y);
      back.classList.add("ghost");
      flip(back, g.querySelector(".tile"), revealBeat);
    } else if (old.has_tile && !h.has_tile) {
      // Collected or removed: the tile lifts off and fades (turned up first if it was revealed
      // in this step).
      const beat = order.hex.get(`collect:${h.hex}`) ?? order.hex.get(`remove:${h.hex}`);
      const ghost = el("g", { class: "ghost" }, ghosts);
      const tile = !old.face_up && revealed.has(h.hex) ? cards.tiles.find((c) => c.id === revealed.get(h.hex)) : null;
      if (tile) {
        const face = drawTile(ghost, { ...old, face_up: true, tile }, x, y);
        flip(drawBack(ghost, old.region, x, y), face, revealBeat);
      } else {
        drawTile(ghost, old, x, y);
      }
      ghost.animate([{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: "translate(0px, -16px)", opacity: 0 }], { ...timing(beat), fill: "both" }).onfinish = () => ghost.remove();
    }
    if (h.barricade && !old.barricade) {
      const beat = order.hex.get(`rhom_barricade:${h.hex}`);
      g.querySelector(".barricade").animate([{ transform: "translate(0px, -22px)", opacity: 0 }, { transform: "translate(0px, 0px)", opacity: 1 }], { ...timing(beat), easing: "cubic-bezier(.3,1.6,.6,1)", fill: "backwards" });
    }
  }
  // Explorers slide from where they were.
  const spotBefore = new Map();
  for (const p of before.players) {
    const key = p.position;
    const same = before.players.filter((q) => q.position === key);
    spotBefore.set(p.seat, geo.spot(p.position, same.indexOf(p), same.length));
  }
  for (const s of spotsAfter) {
    const from = spotBefore.get(s.seat);
    if (!from || (Math.abs(from.x - s.x) < 0.5 && Math.abs(from.y - s.y) < 0.5)) continue;
    const pawn = svg.querySelector(`.explorers .explorer[data-seat="${s.seat}"]`);
    if (!pawn) continue;
    const dx = (from.x - s.x).toFixed(1);
    const dy = (from.y - s.y).toFixed(1);
    pawn.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, -6px)", offset: 0.8 }, { transform: "translate(0px, 0px)" }], { ...timing(order.seat.get(s.seat)), fill: "backwards" });
  }
  // The marks of the last move appear once the step has played.
  svg.querySelector(".marks").animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150, delay: motion, fill: "backwards" });
}
