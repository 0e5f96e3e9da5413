// Turning a tile being placed (Gem Rush R23, R24): the tile drawn from the stack appears as a
// ghost at its place in the mine, turned the way the player is looking at, and a tray under
// that place shows every legal way to turn it as a small tile. Pointing at (or focusing) a
// small tile turns the ghost that way; a click (Enter, Space) on it or on the ghost chooses it;
// the arrow keys walk the tray. The tray and the ghost carry data-actions like every clickable
// place of the mine.
import { t, joinList } from "/static/js/i18n.js";
import { el } from "./icons.js";
import { CELL, DIRS, drawTile, rotatedSides, rotatedPairs } from "./tiles.js";
import { makeClickable } from "./mine-marks.js";
import { roomData, tileData, tileLabel } from "./words.js";

const MINI = 0.55;  // the tray's tiles, against a tile of the mine
const GAP = 10;

// The rotation a player last looked at, per tile and place (kept across redraws of one decision).
const looked = { at: "", r: null };

// The legal rotations on offer: [{r, acts}].
function offered(ctx) {
  const out = [];
  for (let r = 0; r < 4; r++) {
    const acts = ctx.at(`rotate:${r}`);
    if (acts.length) out.push({ r, acts });
  }
  return out;
}

function target(view) {
  const d = (view.decision && view.decision.details) || {};
  const id = view.placing ?? d.tile;
  if (typeof id !== "number" || typeof d.x !== "number" || typeof d.y !== "number") return null;
  const data = tileData(id);
  return data ? { id, data, x: d.x, y: d.y } : null;
}

// The tray goes under the place, or over it when that covers fewer tiles of the mine.
function trayRow(view, place) {
  const taken = new Set(view.mine.tiles.map((tile) => `${tile.x},${tile.y}`));
  const covered = (dy) => [-1, 0, 1].filter((dx) => taken.has(`${place.x + dx},${place.y + dy}`)).length;
  return covered(1) < covered(-1) ? 1 : -1;
}

// The cells the mine must also fit while a tile is turned: its place and the tray's row.
export function rotationCells(view, ctx) {
  const place = target(view);
  if (!place || !offered(ctx).length) return { cells: [] };
  const dy = trayRow(view, place);
  return { cells: [[place.x, place.y], [place.x - 1, place.y + dy], [place.x + 1, place.y + dy]] };
}

// The tile `place` turned `r` times, as the mine draws a placed tile.
function turned(place, r) {
  const room = roomData(place.data.room) || { type: place.data.pairs.length ? "tunnel" : "none" };
  return { id: place.id, room: place.data.room, type: place.data.pairs.length ? "tunnel" : room.type, sides: rotatedSides(place.data, r), pairs: rotatedPairs(place.data, r) };
}

function rotationWords(place, r, n) {
  const tile = turned(place, r);
  const doors = DIRS.filter((_, d) => tile.sides[d].kind !== "wall").map((d) => t(`gr.dir.${d}`));
  if (tile.type === "tunnel") return t("grb.rotation_tunnel", { n, pairs: joinList(tile.pairs.map((p) => `${t(`gr.dir.${p[0]}`)}–${t(`gr.dir.${p[1]}`)}`)) });
  return t("grb.rotation", { n, dirs: joinList(doors) });
}

// Draw the ghost and the tray into `layer`; returns the cells (page corners) to keep in view.
export function drawRotations(layer, view, ctx, geo, svg) {
  const place = target(view);
  const options = offered(ctx);
  if (!place || !options.length) return [];
  const here = `${place.id}:${place.x}:${place.y}`;
  if (looked.at !== here || !options.some((o) => o.r === looked.r)) Object.assign(looked, { at: here, r: options[0].r });
  const [x0, y0] = geo.corner(place.x, place.y);
  const ghosts = el("g", { class: "gr-ghosts", "data-tile": place.id }, layer);
  const ghostOf = new Map();
  for (const o of options) {
    const g = el("g", { class: "gr-ghost", "data-rotation": o.r }, ghosts);
    drawTile(g, turned(place, o.r), x0, y0);
    if (o.r !== looked.r) g.setAttribute("display", "none");
    ghostOf.set(o.r, g);
  }
  el("rect", { x: x0 + 3, y: y0 + 3, width: CELL - 6, height: CELL - 6, rx: 8, class: "gr-legal-ring" }, ghosts);
  el("title", {}, ghosts).textContent = t("grb.placing", { tile: tileLabel(place.id) });
  const show = (r) => {
    looked.r = r;
    for (const [rr, g] of ghostOf) g.setAttribute("display", rr === r ? "inline" : "none");
    ghosts.setAttribute("data-actions", JSON.stringify(options.find((o) => o.r === r).acts));
    for (const m of layer.querySelectorAll(".gr-mini")) m.classList.toggle("gr-looked", Number(m.dataset.rotation) === r);
  };
  const current = options.find((o) => o.r === looked.r);
  makeClickable(ghosts, current.acts, t("grb.placing", { tile: tileLabel(place.id) }), { ...ctx, pick: (acts, ev) => ctx.pick(options.find((o) => o.r === looked.r).acts, ev) }, svg, false);

  // The tray: one small tile per legal rotation, centred under the place.
  const size = CELL * MINI;
  const width = options.length * size + (options.length - 1) * GAP;
  const left = x0 + CELL / 2 - width / 2;
  const top = trayRow(view, place) < 0 ? y0 + CELL + 8 : y0 - size - 8;
  const tray = el("g", { class: "gr-tray", role: "group", "aria-label": t("grb.rotations", { tile: tileLabel(place.id) }) }, layer);
  el("rect", { x: left - 8, y: top - 6, width: width + 16, height: size + 12, rx: 10, class: "gr-tray-bg" }, tray);
  options.forEach((o, i) => {
    const x = left + i * (size + GAP);
    const g = el("g", { class: "gr-mini", "data-rotation": o.r }, tray);
    const inner = el("g", { transform: `translate(${x} ${top}) scale(${MINI})` }, g);
    drawTile(inner, turned(place, o.r), 0, 0);
    el("rect", { x: x + 1, y: top + 1, width: size - 2, height: size - 2, rx: 6, class: "gr-mini-ring" }, g);
    makeClickable(g, o.acts, rotationWords(place, o.r, i + 1), ctx, svg);
    g.addEventListener("pointerenter", () => show(o.r));
    g.addEventListener("focus", () => show(o.r));
    if (o.r === looked.r) g.classList.add("gr-looked");
  });
  return [[x0, y0], [left, top]];
}
