// The score track: every seat's marker (its clan colour and number) on a 0..N track, from the
// points the view shows (relics, tile bonuses, tokens, the Rhom's merchant points...; the
// points only known at the end, such as sets and objectives, come with the final scoring).
// At the end of the game the markers move to the final totals. The track grows by tens so that the leader always has room ahead.
import { t, seatName } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { el } from "./icons.js";
import { totalPoints, clanColour } from "./player-board.js";

const W = 420, H = 44, PAD = 12;  // a narrow drawing: the markers stay big on a phone

// Black or white, whichever reads on a colour "#rrggbb".
function inkOn(colour) {
  const n = parseInt(colour.slice(1), 16);
  const light = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return light < 140 ? "#fff" : "#111";
}

// `result`: the table's final result, once the game is over (the totals with every source).
export function renderTrack(view, result = null) {
  const final = view.game_over && result && result.scores;
  const scores = view.players.map((p) => ({ p, n: final && final[p.seat] ? final[p.seat].total : totalPoints(p) }));
  const top = Math.max(30, Math.ceil((Math.max(...scores.map((s) => s.n)) + 5) / 10) * 10);
  const x = (n) => PAD + ((W - 2 * PAD) * n) / top;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "track-svg", role: "img", "aria-label": scores.map((s) => t("panels.track_seat", { seat: seatName(s.p.seat), n: s.n })).join(t("list.sep")), preserveAspectRatio: "xMidYMid meet" });
  el("rect", { x: PAD - 6, y: 14, width: W - 2 * PAD + 12, height: 12, rx: 6, fill: "#e8dcc4", stroke: "#8a7a5c" }, svg);
  for (let n = 0; n <= top; n += 5) {
    el("line", { x1: x(n), x2: x(n), y1: n % 10 ? 17 : 15, y2: n % 10 ? 23 : 25, stroke: "#8a7a5c", "stroke-width": n % 10 ? 0.8 : 1.4 }, svg);
    if (n % 10 === 0) el("text", { x: x(n), y: 40, "text-anchor": "middle", "font-size": 10, fill: "#5a4a3a" }, svg).textContent = String(n);
  }
  // markers on the same score side by side, centred on it
  const tied = new Map();
  for (const s of scores) tied.set(s.n, (tied.get(s.n) || 0) + 1);
  const at = new Map();
  for (const s of scores) {
    const k = s.n;
    const i = at.get(k) || 0;
    at.set(k, i + 1);
    const spread = (i - (tied.get(k) - 1) / 2) * 12;
    const g = el("g", { class: "track-marker", "data-seat": s.p.seat, "data-points": s.n }, svg);
    el("title", {}, g).textContent = t("panels.track_seat", { seat: seatName(s.p.seat), n: s.n });
    const cx = Math.max(7, Math.min(W - 7, x(Math.min(s.n, top)) + spread)), cy = 20;
    el("circle", { cx, cy, r: 7, fill: clanColour(s.p), stroke: "#111", "stroke-width": 1.6 }, g);
    el("text", { x: cx, y: cy + 3.2, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: inkOn(clanColour(s.p)) }, g).textContent = s.p.rhom ? "" : String(s.p.seat + 1);
  }
  return h("section", { class: "score-track", "aria-label": t("panels.track") }, svg);
}
