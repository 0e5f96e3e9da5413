// Gem Rush's browser plug-in (see /static/js/games.js for the contract): the mine (an unbounded
// square grid of room tiles, with pan and zoom), the panels around it (hands, the revealed row,
// the discard pile, the deck, the burn clock, the scores against the target), the payment and
// the room effects step by step, and the final result, drawn from the seat's view and the
// component catalogue (provisional data, spec §0.3).
import { setCatalogue } from "./words.js";
import { renderMine } from "./mine.js";
import { renderPanels, renderAreas } from "./panels.js";
import { renderResult } from "./result.js";
import { gameCover } from "./cover.js";
import { renderAid } from "./aid.js";
import { gemIcon, dwarfIcon, pointsIcon, GEM_CODES } from "./icons.js";
import { project } from "./project.js";

// The picture in front of a log line (static/js/log.js passes the event as the server sent it:
// {kind, player, data, text}): the dwarf whose turn begins, the points of a score, the gem a
// player names, the first gem of a door being built (its cost comes as gem indices).
function decorate(event) {
  const data = event.data || {};
  if (event.kind === "turn" && Number.isInteger(event.player)) return dwarfIcon(event.player, 16);
  if (event.kind === "score") return pointsIcon(null, 16);
  if (event.kind === "name" && Array.isArray(data.gems) && GEM_CODES.includes(data.gems[0])) return gemIcon(data.gems[0], 16);
  if (event.kind === "construction" && Array.isArray(data.cost) && data.cost.length) {
    const first = data.cost[0];
    const code = typeof first === "number" ? GEM_CODES[first] : first;
    return GEM_CODES.includes(code) ? gemIcon(code, 16) : null;
  }
  return null;
}

export default {
  name: "gem-rush",
  setData(data) { setCatalogue(data); },
  board: (view, ctx) => renderMine(view, ctx),
  panels: (st, view, ctx) => renderPanels(st, view, ctx),
  areas: (st, view, ctx) => renderAreas(st, view, ctx),
  project: (view, events) => project(view, events),
  result: (table, view) => (table.result ? renderResult(table, view) : null),
  cover: () => gameCover(),
  aid: () => renderAid(),
  decorate: (event) => decorate(event),
};
