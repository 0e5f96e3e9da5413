// Gem Rush's panels around the mine, in two shapes. `renderAreas` gives the table page its parts
// (static/js/layout.js places them): {track} the scores against the target, the turn and the
// notice; {me} the decision in progress (payment, room effect, burn...) over your own board
// and hand; {others} the other players' boards (a spectator's decision panel goes first there,
// as a spectator has no board); {market} the piles (deck, room stack, discard pile, burnt
// cards). `renderPanels` puts them all in one column (the replay page).
import { t } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { playerBoard } from "./hand.js";
import { decisionPanel } from "./effects.js";
import { renderPiles } from "./piles.js";
import { renderTrack } from "./scores.js";

export function renderAreas(st, view, ctx) {
  const mine = view.players.find((p) => p.seat === st.seat) || null;
  const others = view.players.filter((p) => p !== mine);
  const decision = decisionPanel(view, ctx);
  const paying = view.decision && view.decision.kind === "payment" && view.decision.player === (mine && mine.seat);
  const chosen = paying ? view.decision.chosen || [] : [];
  return {
    track: renderTrack(view),
    me: mine ? h("section", { class: "panel players mine gr-mine-area", "aria-label": t("grp.your_board") },
      decision, playerBoard(mine, st, view, ctx, { chosen })) : null,
    others: others.length || !mine ? h("section", { class: "panel players others gr-others", "aria-label": t("grp.others"), "data-count": others.length },
      mine ? null : decision,
      ...others.map((p) => playerBoard(p, st, view, ctx, { compact: true }))) : null,
    market: h("section", { class: "panel market gr-market", "aria-label": t("grp.piles") }, renderPiles(view)),
  };
}

export function renderPanels(st, view, ctx) {
  const a = renderAreas(st, view, ctx);
  return h("div", { class: "panels gr-panels" }, a.track, a.me, a.others, a.market);
}
