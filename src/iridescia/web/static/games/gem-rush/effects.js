// The decision in progress, beside your hand: what is being decided and what each choice does.
// A room effect runs step by step (`view.effect`: its room, its program with the step running
// now marked, the gems named, X, the card c it compares with) over the revealed row (cards to
// keep: `card:<id>`; dug cards marked). Choices that belong to no card or tile of the table have
// their pickers here: a gem (`gem:G`) or two (`gems:G:H`: the first gem, then its partner),
// the order of Scrying Pool's tiles (`stack:<id>`), a seat (`seat:s`: Warped Mirror's swap, the
// burn shortfall). The Crisis burn and the hand limit are explained; the payment has its own
// panel (payment.js). Choices without a place (draw, room, done, end, burn deck...) are the
// prompt's buttons (static/js/prompt.js), never repeated here.
import { t, seatName } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { gemIcon } from "./icons.js";
import { catalogue, cardNode, gemBadge, gemName, roomName, roomEffect, stepText, testPieces, tileData, tileLabel, tileRoomName, cardLabel } from "./words.js";
import { tileChip } from "./piles.js";
import { paymentPanel } from "./payment.js";
import { dwarfColour } from "./scores.js";

const kindKey = (kind) => kind.replace(/ /g, "_");

// The effect running now: the room, then its steps (the current one marked), what it named.
export function effectSteps(view) {
  const fx = view.effect;
  if (!fx) return null;
  const steps = fx.program.map((step, i) => h("li", { class: `gr-step${i === fx.step ? " now" : i < fx.step ? " done" : ""}`, "aria-current": i === fx.step ? "step" : null },
    h("span", {}, stepText(step)), ...testPieces(fx.room, step)));
  const copying = tileData(fx.tile) && tileData(fx.tile).room !== fx.room;
  const extras = [
    fx.named.length ? h("span", { class: "gr-named" }, h("span", { class: "row-label" }, t("grp.named")), ...fx.named.map((g) => gemBadge(g, 16))) : null,
    fx.c ? h("span", { class: "gr-c" }, h("span", { class: "row-label" }, t("grp.card_c")), cardNode(fx.c, { small: true })) : null,
    fx.x ? h("span", { class: "gr-x" }, t("gr.ev.x_chosen", { x: fx.x })) : null,
  ].filter(Boolean);
  return h("div", { class: "gr-effect" },
    h("div", { class: "gr-effect-head" },
      h("b", {}, roomName(fx.room)),
      copying ? h("small", {}, t("grp.copied_from", { tile: tileLabel(fx.tile) })) : h("small", {}, tileLabel(fx.tile))),
    roomEffect(fx.room) ? h("p", { class: "gr-effect-text" }, roomEffect(fx.room)) : null,
    h("ol", { class: "gr-steps-list" }, ...steps),
    extras.length ? h("div", { class: "gr-effect-extras" }, ...extras) : null);
}

// The revealed row: face-up cards of the running effect, the dug ones marked, the kept ones
// (a KEEP k being chosen) marked as chosen; a card you may keep or discard is clickable.
export function revealedRow(view, ctx) {
  const revealed = view.revealed || [];
  if (!revealed.length) return null;
  const dug = new Set((view.effect && view.effect.dug) || []);
  const chosen = new Set(view.decision && view.decision.kind === "keep" ? view.decision.chosen || [] : []);
  return h("div", { class: "gr-revealed", "aria-label": t("gr.cards.revealed") },
    h("span", { class: "row-label" }, t("gr.cards.revealed")),
    h("div", { class: "gr-hand" }, ...revealed.map((id) => clickable(cardNode(id, {
      extra: `${dug.has(id) ? "dug" : ""}${chosen.has(id) ? " chosen" : ""}`.trim(),
      title: dug.has(id) ? t("grp.dug_card", { card: cardLabel(id) }) : null,
    }), `card:${id}`, ctx))));
}

// Eleven gems to name; with `pair`, a first gem picked here, then its partner.
function gemPicker(view, ctx, pair) {
  const codes = catalogue.gems.map((g) => g.code);
  const holder = h("div", { class: "gr-gem-picker", role: "group", "aria-label": t(pair ? "gr.prompt.name_two" : "gr.prompt.name") });
  const draw = (first, focusGem = null) => {
    const buttons = codes.map((g) => {
      const place = pair ? (first ? `gems:${[first, g].sort(byCatalogue).join(":")}` : null) : `gem:${g}`;
      const chip = h("span", { class: `gr-gem-choice${g === first ? " first" : ""}`, "data-gem": g, title: gemName(g) }, gemIcon(g, 26), h("small", {}, gemName(g)));
      if (place) return clickable(chip, place, ctx);
      if (pair && !first) {
        // The pairs this gem starts, named on it: the prompt folds them away (they are on the
        // table) and a hint marks the gems of the pair it suggests.
        const pairs = codes.filter((x) => x !== g).flatMap((x) => ctx.at(`gems:${[g, x].sort(byCatalogue).join(":")}`));
        if (!pairs.length) return chip;
        chip.setAttribute("data-actions", JSON.stringify(pairs));
        return pickable(chip, () => draw(g, g), gemName(g));
      }
      if (pair && g === first) return pickable(chip, () => draw(null, g), t("grp.name_again"));
      return chip;
    });
    holder.replaceChildren(
      pair ? h("p", { class: "gr-hint" }, first ? t("grp.name_second", { gem: gemName(first) }) : t("grp.name_first")) : null,
      h("div", { class: "gr-gem-row" }, ...buttons));
    // the keyboard stays on the gem just picked (its element is drawn anew)
    const again = focusGem && holder.querySelector(`.gr-gem-choice[data-gem="${focusGem}"]`);
    if (again) again.focus();
  };
  const byCatalogue = (a, b) => codes.indexOf(a) - codes.indexOf(b);
  draw(null);
  return holder;
}

// A local choice (no action yet): a button-like element.
function pickable(node, onPick, label) {
  node.classList.add("gr-pickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (ev) => { ev.stopPropagation(); onPick(); });
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onPick(); } });
  return node;
}

// Scrying Pool: the tiles to put back, top first; the ones put back so far in order.
function orderPicker(view, ctx) {
  const d = view.decision;
  const tiles = (d.details && d.details.tiles) || [];
  const chosen = d.chosen || [];
  return h("div", { class: "gr-order" },
    chosen.length ? h("div", { class: "gr-known" }, h("span", { class: "row-label" }, t("grp.order_so_far")), ...chosen.map((id, i) => tileChip(id, null, null, `chosen n${i}`))) : null,
    h("div", { class: "gr-known" }, h("span", { class: "row-label" }, t("gr.ctx.order")),
      ...tiles.filter((id) => !chosen.includes(id)).map((id) => tileChip(id, ctx, `stack:${id}`))));
}

// Seats to pick (swap, burn seat): each with its dwarf's colour and room.
function seatPicker(view, ctx) {
  const seats = view.players.filter((p) => ctx.at(`seat:${p.seat}`).length);
  if (!seats.length) return null;
  return h("div", { class: "gr-seat-picker" }, ...seats.map((p) => clickable(h("span", { class: "gr-seat-choice", "data-seat": p.seat },
    h("span", { class: "gr-dot", style: `--dwarf:${dwarfColour(p.seat)}`, "aria-hidden": "true" }), h("b", {}, seatName(p.seat)),
    h("small", {}, t("gr.key.in_room", { room: tileRoomName(p.room) })), h("small", {}, t("grp.hand", { n: p.hand_size }))), `seat:${p.seat}`, ctx)));
}

// The room the current dwarf stands in, with its effect (movement and action decisions).
function hereCard(view) {
  const p = view.players.find((x) => x.seat === view.current_player);
  const tile = p && tileData(p.room);
  if (!tile) return null;
  const text = roomEffect(tile.room);
  return h("div", { class: "gr-here" }, h("span", { class: "row-label" }, t("gr.status.here")),
    tileChip(p.room), text ? h("small", { class: "gr-effect-text" }, text) : null);
}

function hint(view) {
  const d = view.decision;
  const det = d.details || {};
  const mine = d.player === view.viewer;
  switch (d.kind) {
    case "hand limit": return t("grp.hint.hand_limit", { limit: det.limit, n: Math.max(0, handSize(view) - det.limit) });
    case "burn": return t("grp.hint.burn", { n: view.burns_left });
    case "keep": return t("grp.hint.keep", { n: det.keep, chosen: d.chosen_count });
    case "discard one": return t("grp.hint.discard_one");
    case "discard any": return t("grp.hint.discard_any");
    case "destination": return det.how ? t(`gr.ctx.dest.${det.how.replaceAll(" ", "_")}`) : t("gr.prompt.destination");
    case "movement": return mine ? t("grp.hint.movement") : null;
    case "action": return t("grp.hint.action");
    default: return null;  // the prompt says it already
  }
}

const handSize = (view) => ((view.players.find((p) => p.seat === view.current_player) || {}).hand_size || 0);

// The decision panel, or null when nothing is being decided.
export function decisionPanel(view, ctx) {
  const d = view.decision;
  if (!d) return null;
  if (d.kind === "payment") return paymentPanel(view, ctx);
  const who = d.player === view.viewer ? t("gr.decision.you") : t("gr.decision.waiting", { who: seatName(d.player) });
  const picker = d.kind === "name" ? gemPicker(view, ctx, false)
    : d.kind === "name two" ? gemPicker(view, ctx, true)
      : d.kind === "order" ? orderPicker(view, ctx)
        : ["swap", "burn"].includes(d.kind) ? seatPicker(view, ctx) : null;
  const text = hint(view);
  return h("section", { class: `gr-decision kind-${kindKey(d.kind)}`, "data-kind": d.kind, "aria-label": t(`gr.kind.${kindKey(d.kind)}`) },
    h("h4", {}, h("span", {}, t(`gr.kind.${kindKey(d.kind)}`)), h("small", {}, who)),
    text ? h("p", { class: "gr-hint" }, text) : null,
    effectSteps(view),
    revealedRow(view, ctx),
    picker,
    ["movement", "action"].includes(d.kind) ? hereCard(view) : null);
}
