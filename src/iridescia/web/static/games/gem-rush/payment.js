// The payment for a construction (decision "payment"): the door being built (its room and
// side, warped or walked), its cost as slots of gems (each slot filled as the chosen cards cover
// it), the points it will score with the Orichalcum bonus, the cards chosen so far, and what
// each special gem among the chosen or payable cards does (spec R27-R30). The cards themselves
// are paid from your hand (hand.js: the legal `pay Gnn` cards are the clickable ones); `paid`
// is the prompt's button once the payment is valid.
import { t } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { gemIcon } from "./icons.js";
import { cardNode, cardGems, gemName, isSpecial, tileRoomName, tileLabel } from "./words.js";

const SPECIALS = ["DD", "EG", "OR", "WS"];

// Which cost slots the chosen cards fill, for the picture only (the engine decides validity):
// printed gems first, then Echoglass where a printed gem of that kind fills another slot, then
// Diamond Dust for what is left. Returns, per slot, the gem that fills it or null.
export function fillSlots(cost, chosen) {
  const gems = chosen.flatMap((id) => cardGems(id));
  const pool = new Map();
  for (const g of gems) pool.set(g, (pool.get(g) || 0) + 1);
  const take = (g) => { if ((pool.get(g) || 0) > 0) { pool.set(g, pool.get(g) - 1); return true; } return false; };
  const filled = cost.map((g) => (take(g) ? g : null));
  const printed = new Set(cost.filter((g, i) => filled[i] === g));
  cost.forEach((g, i) => { if (!filled[i] && printed.has(g) && take("EG")) filled[i] = "EG"; });
  cost.forEach((g, i) => { if (!filled[i] && take("DD")) filled[i] = "DD"; });
  return filled;
}

function slots(cost, filled) {
  if (!cost.length) return h("span", { class: "gr-free-door" }, t("gr.act.free_door"));
  return h("span", { class: "gr-slots" }, ...cost.map((g, i) => {
    const by = filled[i];
    const label = by ? t(by === g ? "grp.pay.slot_filled" : "grp.pay.slot_by", { gem: gemName(g), by: gemName(by || g) }) : t("grp.pay.slot_open", { gem: gemName(g) });
    return h("span", { class: `gr-slot${by ? " filled" : ""}`, "data-gem": g, title: label, role: "img", "aria-label": label },
      gemIcon(g, 22), by && by !== g ? h("span", { class: "gr-slot-by" }, gemIcon(by, 12)) : null,
      by ? h("span", { class: "gr-slot-tick", "aria-hidden": "true" }, "✓") : null);
  }));
}

// The special gems to explain: those on chosen cards (in use) and on cards that may be paid.
function specialNotes(chosen, payable, warped) {
  const inUse = new Set(chosen.flatMap((id) => cardGems(id)).filter(isSpecial));
  const possible = new Set(payable.flatMap((id) => cardGems(id)).filter(isSpecial));
  const shown = SPECIALS.filter((g) => inUse.has(g) || possible.has(g) || (warped && g === "WS"));
  if (!shown.length) return null;
  return h("ul", { class: "gr-specials" }, ...shown.map((g) => h("li", { class: inUse.has(g) ? "in-use" : null, "data-gem": g },
    gemIcon(g, 16), h("b", {}, gemName(g)), " ", t(`grp.special.${g}`), inUse.has(g) ? h("small", { class: "gr-in-use" }, t("grp.pay.in_use")) : null)));
}

export function paymentPanel(view, ctx) {
  const d = view.decision;
  const det = d.details || {};
  const cost = det.cost || [];
  const chosen = d.chosen || [];
  const filled = fillSlots(cost, chosen);
  const bonus = chosen.flatMap((id) => cardGems(id)).filter((g) => g === "OR").length;
  const me = view.players.find((p) => p.seat === view.viewer);
  const payable = me && me.hand ? me.hand.filter((id) => ctx.at(`card:${id}`).some((a) => a.startsWith("pay "))) : [];
  const complete = filled.every(Boolean) && (chosen.length > 0 || !det.warped);
  const door = t("grp.pay.door", { dir: t(`gr.dir.${det.dir}`), room: tileRoomName(det.tile), tile: tileLabel(det.tile) });
  const points = bonus ? t("grp.pay.points_bonus", { n: det.points, bonus }) : t("grp.pay.points", { n: det.points });
  const status = d.player !== view.viewer ? t("grp.pay.watching") : complete ? t("grp.pay.complete") : t("grp.pay.pick");
  return h("section", { class: `gr-decision gr-payment${complete ? " complete" : ""}`, "aria-label": t("gr.kind.payment") },
    h("h4", {}, t("grp.pay.title"), det.warped ? h("span", { class: "gr-badge warped", title: t("grp.special.WS") }, gemIcon("WS", 12), t("gr.ctx.warped")) : null),
    h("p", { class: "gr-door" }, door),
    h("div", { class: "gr-pay-line" }, h("span", { class: "row-label" }, t("grp.pay.cost")), slots(cost, filled),
      h("span", { class: "gr-pay-points" }, points)),
    h("div", { class: "gr-pay-line" }, h("span", { class: "row-label" }, t("grp.pay.chosen")),
      chosen.length ? h("span", { class: "gr-hand" }, ...chosen.map((id) => cardNode(id, { small: true, extra: "chosen" }))) : h("small", { class: "gr-empty" }, t("grp.pay.nothing_yet"))),
    h("p", { class: "gr-hint" }, status),
    specialNotes(chosen, payable, det.warped));
}
