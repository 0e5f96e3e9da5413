// Gem Rush's player boards: a player's dwarf (colour, name, the room it stands in), score, the
// First Player marker (Rush) and the Patience flag, and the hand. Your hand is always face up.
// Another player's hand is face up when the view shows it (Crisis with open hands); otherwise
// its size shows as card backs, with the cards everyone saw enter it (R89: `known`) face up
// among them. Cards take the actions that belong to them (`card:<id>`: pay, discard, burn,
// jump), wherever they are drawn; the cards of a payment being made are marked as chosen.
import { t, seatName, seatPresence } from "/static/js/i18n.js";
import { h, clickable } from "/static/js/dom.js";
import { cardNode, cardBack, tileRoomName, cardsText } from "./words.js";
import { dwarfColour } from "./scores.js";
import { dwarfIcon } from "./icons.js";

function seatKind(st, seat) {
  const info = (st.table && st.table.seats && st.table.seats[seat]) || {};
  return seatPresence(info);
}

// The cards the hand shows now and did not show before this step (they rise in when the table
// animates its steps: ctx.motion ms, the view before in ctx.before).
function freshCards(p, ctx) {
  if (!ctx || !ctx.motion || !ctx.before || !ctx.before.players) return new Set();
  const was = ctx.before.players.find((q) => q.seat === p.seat);
  if (!was) return new Set();
  const seen = new Set([...(was.hand || []), ...(was.known || [])]);
  return new Set([...(p.hand || []), ...(p.known || [])].filter((id) => !seen.has(id)));
}

// The cards of a hand as the viewer may see them. opts: {chosen: ids marked as in the
// payment, small}.
export function handCards(p, ctx, opts = {}) {
  const chosen = new Set(opts.chosen || []);
  const fresh = freshCards(p, ctx);
  const card = (id, extra = "") => {
    const node = cardNode(id, { small: opts.small, extra: `${extra}${chosen.has(id) ? " chosen" : ""}${fresh.has(id) ? " fresh" : ""}`.trim() });
    if (fresh.has(id)) node.style.setProperty("--motion", `${ctx.motion}ms`);
    return clickable(node, `card:${id}`, ctx);
  };
  if (p.hand) return p.hand.map((id) => card(id));
  const known = p.known || [];
  const hidden = Math.max(0, p.hand_size - known.length);
  const backLabel = t("grp.hidden_cards", { n: hidden });
  return [...known.map((id) => card(id, "known")), ...Array.from({ length: hidden }, () => cardBack(null, backLabel))];
}

// The hand's title: its size, and whose cards the viewer cannot see.
function handLabel(p) {
  if (p.hand) return t("grp.hand", { n: p.hand_size });
  const known = (p.known || []).length;
  return known ? t("grp.hand_known", { count: known, n: p.hand_size, known }) : t("grp.hand_hidden", { n: p.hand_size });
}

function head(p, st, view, me) {
  const current = view.current_player === p.seat && !view.outcome;
  const where = t("gr.key.in_room", { room: tileRoomName(p.room) });
  return h("div", { class: "player-head" },
    dwarfIcon(p.seat, 22),
    h("b", { class: "player-name" }, me ? t("seat.you", { seat: seatName(p.seat) }) : seatName(p.seat)),
    h("small", { class: "player-state" }, `${seatKind(st, p.seat)} · ${where}`),
    current ? h("span", { class: "turn-flag", title: t("grp.their_turn") }, t("panels.turn")) : null,
    p.first_player ? h("span", { class: "gr-first", title: t("grp.first_player_tip"), "aria-label": t("grp.first_player_tip") }, "1") : null,
    p.patience ? h("span", { class: "gr-flag patience", title: t("gr.legend.patience") }, t("grp.patience")) : null,
    h("span", { class: "gr-score-badge", title: t("grp.points", { n: p.score }) }, h("b", {}, String(p.score)), h("small", {}, t("gr.players.pts"))));
}

// One player's board. compact: another player's, in two short lines.
export function playerBoard(p, st, view, ctx, { compact = false, chosen = [] } = {}) {
  const me = st.seat === p.seat;
  const current = view.current_player === p.seat && !view.outcome;
  const cls = `player gr-player${current ? " current" : ""}${me ? " me" : ""}${compact ? " compact" : " big"}`;
  const cards = handCards(p, ctx, { chosen, small: compact });
  const label = handLabel(p);
  const tip = p.hand ? cardsText(p.hand) : label;
  return h("div", { class: cls, "data-seat": p.seat, style: `--clan:${dwarfColour(p.seat)}` },
    head(p, st, view, me),
    h("div", { class: "board-row gr-hand-row", title: compact ? tip : null },
      h("span", { class: "row-label" }, label),
      h("div", { class: "gr-hand" }, ...(cards.length ? cards : [h("small", { class: "gr-empty" }, t("grp.no_cards"))]))));
}
