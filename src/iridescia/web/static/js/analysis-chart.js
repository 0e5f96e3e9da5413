// The value curve of an analysis (analysis.js): an SVG line chart of the seat's value before
// each of its decisions (x: the game's step, y: the predicted lead in points), the zero line
// (level with the best other seat), and a dot on each mistake, bigger the more it cost, that
// opens the replay at that step. Plain SVG: crisp at any zoom, no library.
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const H = 240;       // the drawing's own units (its width is the caller's): it scales to its box
const PAD = { left: 44, right: 12, top: 24, bottom: 28 };

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

// Round, readable tick values between lo and hi (about five).
function ticks(lo, hi) {
  const span = hi - lo || 1;
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
}

// `moments`: the analysis's decisions [{step, value_before, loss}], `mistakes`: their steps,
// `steps`: the game's length, `link(step)`: the address of the replay at a step, `W`: the
// drawing's width in its own units (narrower on a phone, so that its text stays readable).
export function valueChart(moments, mistakes, steps, link, W = 720) {
  const values = moments.map((m) => m.value_before);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const margin = (hi - lo) * 0.08 || 1;
  const y0 = lo - margin;
  const y1 = hi + margin;
  const last = Math.max(1, steps);
  const x = (step) => PAD.left + (step / last) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  const svg = el("svg", { class: "value-chart", id: "value-chart", viewBox: `0 0 ${W} ${H}`, role: "group",
    "aria-label": t("analysis.curve_desc"), preserveAspectRatio: "xMidYMid meet" });
  const grid = el("g", { class: "grid" });
  for (const v of ticks(y0, y1)) {
    grid.append(el("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: v === 0 ? "zero" : "" }),
      el("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  for (const s of ticks(0, last).filter((s) => Number.isInteger(s) && x(s) < W - PAD.right - 40)) {
    grid.append(el("text", { x: x(s), y: H - 8, "text-anchor": "middle" }, String(s)));
  }
  grid.append(
    el("text", { x: W - PAD.right, y: H - 8, "text-anchor": "end", class: "axis" }, t("analysis.axis_step")),
    el("text", { x: PAD.left - 36, y: PAD.top - 12, class: "axis" }, t("analysis.axis_value")));
  svg.append(grid);
  if (moments.length) {
    const points = moments.map((m) => `${x(m.step).toFixed(1)},${y(m.value_before).toFixed(1)}`);
    const base = y(Math.max(y0, Math.min(y1, 0))).toFixed(1);
    svg.append(
      el("path", { class: "area", d: `M${x(moments[0].step).toFixed(1)},${base} L${points.join(" L")} L${x(moments.at(-1).step).toFixed(1)},${base} Z` }),
      el("polyline", { class: "curve", points: points.join(" ") }));
    // a single decision makes no line: its value is a point
    if (moments.length === 1) svg.append(el("circle", { class: "curve-point", cx: x(moments[0].step), cy: y(moments[0].value_before), r: 4 }));
  }
  const bad = new Set(mistakes);
  const worst = Math.max(0.01, ...moments.map((m) => m.loss));
  for (const m of moments.filter((mm) => bad.has(mm.step))) {
    const r = 3 + 5 * Math.sqrt(m.loss / worst);
    const dot = el("circle", { cx: x(m.step), cy: y(m.value_before), r: r.toFixed(1), class: "mistake-dot", "data-step": m.step });
    dot.append(el("title", {}, `${t("analysis.step", { step: m.step })}: ${t("analysis.loss_points", { loss: m.loss.toFixed(1) })}`));
    svg.append(el("a", { href: link(m.step) }, dot));
  }
  return svg;
}
