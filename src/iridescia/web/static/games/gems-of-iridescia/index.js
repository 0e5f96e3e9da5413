// Gems of Iridescia's browser plug-in (see /static/js/games.js for the contract): the hex board,
// the panels around it (in one column, or as areas the table page places: your board, the
// others', the markets, the score track) and the final score table, drawn from the seat's view
// and the card data.
import { setCards } from "./words.js";
import { renderBoard } from "./board.js";
import { renderPanels, renderAreas } from "./panels.js";
import { renderScores } from "./scores.js";
import { gameCover } from "./cover.js";
import { renderAid } from "./aid.js";
import { coachLesson } from "./coach.js";
import { gemIcon, GEMS } from "./icons.js";
import { project } from "./project.js";

const LOG_GEMS = [...GEMS, "rainbow", "iridia"];

export default {
  name: "gems-of-iridescia",
  setData(data) { setCards(data); },
  board: (view, ctx) => renderBoard(view, ctx),
  panels: (st, view, ctx) => renderPanels(st, view, ctx),
  areas: (st, view, ctx) => renderAreas(st, view, ctx),
  project: (view, events) => project(view, events),  // other seats' steps on the board
  result: (table) => (table.result ? renderScores(table) : null),
  cover: () => gameCover(),  // the lobby's picture of the game
  aid: () => renderAid(),  // the rules dialog's sections (js/learn.js)
  coach: (st, ctx) => coachLesson(st, ctx),  // the tutorial's lessons (js/tutorial.js)
  // The log line of an event that names a gem colour starts with that gem's picture.
  decorate: (event) => {
    const c = event.data && event.data.colour;
    return LOG_GEMS.includes(c) ? gemIcon(c, 16) : null;
  },
};
