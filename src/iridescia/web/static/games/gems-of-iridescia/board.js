// The hex board in SVG: face-down tiles in their region's colour, face-up tiles with their gem
// and bonus, empty hexes, barricades and the explorers in their clan colours. Hexes legal actions
// belong to (at "hex:<n>") are highlighted and clickable (one action: apply it; several: a
// menu); data-actions on a hex lists them as JSON. The svg carries its full size for zooming.
import { t, seatName } from "/static/js/i18n.js";
import { tileText } from "./words.js";

const R = 30;
const DX = (Math.sqrt(3) / 2) * R;
const SVG = "http://www.w3.org/2000/svg";
export const GEM_FILL = { amethyst: "#9b5de5", citrine: "#f7c548", emerald: "#2bb673", sapphire: "#3a86ff", rainbow: "url(#rainbow)", iridia: "#f4f1ff" };
export const REGION_FILL = { desert: "#d9b97a", canyon: "#c0764a", forest: "#4f7a4a", ruins: "#8a8f99", castle: "#b59ad6" };
export const CLAN = ["#e63946", "#f1faee", "#ff9f1c", "#111111"];

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function hexPoints(cx, cy) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + R * 0.96 * Math.cos(a)).toFixed(1)},${(cy + R * 0.96 * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export function renderBoard(view, ctx) {
  const rows = Math.max(...view.board.map((h) => h.row));
  const width = 14 * DX + R;
  const height = (rows - 1) * 1.5 * R + 2 * R + 4;
  const svg = el("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, class: "board", role: "group", "aria-label": t("table.board") });
  svg.dataset.width = width.toFixed(0);
  svg.dataset.height = height.toFixed(0);
  const defs = el("defs", {}, svg);
  const grad = el("linearGradient", { id: "rainbow", x1: "0", x2: "1", y1: "0", y2: "1" }, defs);
  ["#9b5de5", "#3a86ff", "#2bb673", "#f7c548", "#e63946"].forEach((c, i) => el("stop", { offset: `${i * 25}%`, "stop-color": c }, grad));
  const where = new Map();
  for (const p of view.players) {
    if (p.position > 0) {
      if (!where.has(p.position)) where.set(p.position, []);
      where.get(p.position).push(p);
    }
  }
  for (const h of view.board) {
    const cx = h.col * DX + R / 2;
    const cy = (rows - h.row) * 1.5 * R + R + 2;
    const g = el("g", { class: "hex", "data-hex": h.hex }, svg);
    let fill = "#f3efe6";
    let label = t("table.empty_hex");
    if (h.has_tile && h.face_up && h.tile) {
      fill = "#fbf7ee";
      label = tileText(h.tile);
    } else if (h.has_tile) {
      fill = REGION_FILL[h.region] || "#999";
      label = t("table.face_down", { region: t(`region.${h.region}`) });
    }
    el("polygon", { points: hexPoints(cx, cy), fill, stroke: "#5b4a36", "stroke-width": "1.2", class: "hex-shape" }, g);
    if (h.has_tile && h.face_up && h.tile) {
      el("circle", { cx, cy: cy - 4, r: 10, fill: GEM_FILL[h.tile.gem] || "#ccc", stroke: "#333", "stroke-width": "0.8" }, g);
      if (h.tile.bonus) {
        const b = { coins: `+${h.tile.amount}c`, points: `+${h.tile.amount}p`, stone_die: "+sd" }[h.tile.bonus];
        el("text", { x: cx, y: cy + 17, class: "bonus", "text-anchor": "middle" }, g).textContent = b;
      }
    }
    el("text", { x: cx - R * 0.55, y: cy - R * 0.38, class: "hexnum" }, g).textContent = h.hex;
    if (h.barricade) {
      el("path", { d: `M${cx - 12},${cy - 12} L${cx + 12},${cy + 12} M${cx + 12},${cy - 12} L${cx - 12},${cy + 12}`, stroke: "#5a0000", "stroke-width": "4", "stroke-linecap": "round" }, g);
      label += `${t("list.sep")}${t("table.barricade")}`;
    }
    const here = where.get(h.hex) || [];
    here.forEach((p, i) => {
      const ox = (i - (here.length - 1) / 2) * 11;
      const fillC = p.rhom ? "#6c757d" : CLAN[p.seat % 4];
      el("circle", { cx: cx + ox, cy: cy + 6, r: 7, fill: fillC, stroke: p.rhom ? "#fff" : "#000", "stroke-width": "1.5", class: "explorer" }, g);
      el("text", { x: cx + ox, y: cy + 9, class: "explorer-label", "text-anchor": "middle", fill: p.seat % 4 === 3 || p.rhom ? "#fff" : "#000" }, g).textContent = p.rhom ? t("seat.rhom.short") : String(p.seat + 1);
      label += `${t("list.sep")}${seatName(p.seat)}`;
    });
    const acts = ctx.at(`hex:${h.hex}`);
    if (acts.length) {
      g.classList.add("legal");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("data-actions", JSON.stringify(acts));
      g.addEventListener("click", (ev) => { if (!svg.dataset.panned) ctx.pick(acts, ev); });
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") ctx.pick(acts, ev); });
    }
    el("title", {}, g).textContent = `${t("table.hex", { hex: h.hex })}: ${label}`;
  }
  return svg;
}
