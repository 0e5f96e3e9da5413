// The panels around the board, in two shapes. `renderAreas` gives the table page its parts to
// place around the board: {me} your own board (big), {others} the other players' boards
// (compact; the Rhom's with its deck, weathervane, last card and barricades), {market} the
// markets, {track} the score track. `renderPanels` puts them all in one column (the replay
// page, and pages that do not place areas). A spectator has no board of their own: every
// player is then among the others.
import { t } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { playerBoard } from "./player-board.js";
import { renderMarkets } from "./markets.js";
import { rhomPieces } from "./rhom.js";
import { renderTrack } from "./score-track.js";

function otherBoards(st, view, ctx, players) {
  if (!players.length) return null;
  return h("section", { class: "panel players others", "aria-label": t("panels.opponents"), "data-count": players.length },
    ...players.map((p) => {
      const board = playerBoard(p, st, view, ctx, { compact: true });
      if (p.rhom && view.rhom) board.appendChild(rhomPieces(view.rhom, ctx));
      return board;
    }));
}

export function renderAreas(st, view, ctx) {
  const mine = view.players.find((p) => p.seat === st.seat && !p.rhom);
  const others = view.players.filter((p) => p !== mine);
  return {
    me: mine ? h("section", { class: "panel players mine", "aria-label": t("panels.your_board") }, playerBoard(mine, st, view, ctx)) : null,
    others: otherBoards(st, view, ctx, others),
    market: h("section", { class: "panel market", "aria-label": t("panels.markets") }, renderMarkets(view, ctx)),
    track: renderTrack(view, st.table && st.table.result),
  };
}

export function renderPanels(st, view, ctx) {
  const a = renderAreas(st, view, ctx);
  return h("div", { class: "panels" }, a.track, a.me, a.others, a.market);
}
