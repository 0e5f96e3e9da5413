// Gem Rush's score strip above the players (the table page's `track` area): in Crisis the team's
// score against the target as a bar (each player's share of it in their dwarf's colour), the
// burn clock (cards left in the game, burns left this turn); in Rush every player's score against
// the target, the round and who holds the First Player marker. Both show the turn, the steps
// left this turn and the provisional-components notice (spec §0.3).
import { t, has, seatName } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { catalogue } from "./words.js";
import { dwarfFill } from "./icons.js";

// The dwarves' colours by seat, as the mine draws them.
export const dwarfColour = (seat) => dwarfFill(seat);
const TOTAL_CARDS = 75;

// The notice in the reader's language (the view's own is English), its first words in bold.
export function provisionalNotice(view = null) {
  const text = has("notice.gem-rush") ? t("notice.gem-rush") : (view && view.notice) || catalogue.notice;
  const at = text.search(/[:：]/);
  const parts = at > 0 && at < 40 ? [h("b", {}, text.slice(0, at + 1)), text.slice(at + 1)] : [text];
  return h("p", { class: "gr-notice", role: "note", title: text, "data-tip": text }, ...parts);
}

// The steps left this turn as pips (filled: left), for the player moving now.
export function stepsPips(view) {
  const max = (view.params && view.params.steps_per_turn) || 3;
  const left = Math.max(0, view.steps);
  const label = t("grp.steps_left", { n: left, max });
  return h("span", { class: "gr-steps", title: label, role: "img", "aria-label": label },
    ...Array.from({ length: Math.max(max, left) }, (_, i) => h("span", { class: `pip${i < left ? " on" : ""}` })));
}

function turnLine(view) {
  const over = view.outcome || view.phase === "game over";
  const current = view.current_player;
  const bits = [
    h("span", { class: "gr-round" }, t("gr.title.turn", { round: view.round, turn: view.turn })),
    over ? h("span", { class: "gr-turn-who" }, t("gr.title.over")) : current !== null ? h("span", { class: "gr-turn-who" },
      h("span", { class: "gr-dot", style: `--dwarf:${dwarfColour(current)}`, "aria-hidden": "true" }), seatName(current)) : null,
    !over && view.phase === "movement" ? stepsPips(view) : null,
  ];
  return h("div", { class: "gr-turn-line" }, ...bits);
}

// A bar from 0 to the target: stacked shares (Crisis) or one player's score (Rush).
function bar(parts, target, label) {
  const top = Math.max(target || 0, parts.reduce((a, p) => a + p.value, 0), 1);
  return h("div", { class: "gr-bar", role: "img", "aria-label": label, title: label },
    ...parts.filter((p) => p.value > 0).map((p) => h("span", { class: "gr-bar-part", style: `width:${(100 * p.value) / top}%;--dwarf:${p.colour}` })),
    target ? h("span", { class: "gr-bar-target", style: `left:${Math.min(100, (100 * target) / top)}%`, "aria-hidden": "true" }) : null);
}

function crisisScores(view) {
  const team = view.team_score ?? view.scores.reduce((a, b) => a + b, 0);
  const target = view.target;
  const label = target ? t("grp.team_vs_target", { score: team, target }) : t("grp.team_no_target", { score: team });
  const shares = view.players.map((p) => ({ value: p.score, colour: dwarfColour(p.seat) }));
  const left = TOTAL_CARDS - view.burnt;
  const perTurn = (view.params && view.params.burn_per_turn) || 3;
  const clock = t("grp.burn_clock", { n: left, turns: Math.ceil(left / perTurn) });
  return h("div", { class: "gr-scores crisis" },
    h("div", { class: "gr-team" },
      h("b", { class: "gr-team-score" }, label),
      bar(shares, target, label),
      h("span", { class: "gr-shares" }, ...view.players.map((p) => h("span", { class: "gr-share", "data-seat": p.seat, title: t("grp.player_score", { count: p.score, seat: seatName(p.seat), score: p.score }) },
        h("span", { class: "gr-dot", style: `--dwarf:${dwarfColour(p.seat)}`, "aria-hidden": "true" }), t("grp.share", { seat: seatName(p.seat), score: p.score }))))),
    h("div", { class: "gr-clock", title: clock },
      h("span", { class: "row-label" }, t("gr.status.clock")),
      h("b", {}, t("grp.cards_left", { n: left })),
      h("small", {}, t("gr.status.turns_left", { n: Math.ceil(left / perTurn) })),
      view.phase === "burn" ? h("small", { class: "gr-burns-left" }, t("gr.ctx.burns_left", { n: view.burns_left })) : null));
}

function rushScores(view) {
  const target = view.target;
  return h("div", { class: "gr-scores rush" },
    h("span", { class: "row-label" }, target ? t("grp.race_to", { target }) : t("gr.status.no_target")),
    h("div", { class: "gr-race" }, ...view.players.map((p) => {
      const label = t("grp.player_score", { count: p.score, seat: seatName(p.seat), score: p.score });
      return h("div", { class: `gr-racer${p.seat === view.current_player ? " current" : ""}`, "data-seat": p.seat },
        h("span", { class: "gr-racer-name" },
          h("span", { class: "gr-dot", style: `--dwarf:${dwarfColour(p.seat)}`, "aria-hidden": "true" }), seatName(p.seat),
          p.first_player ? h("span", { class: "gr-first", title: t("grp.first_player_tip"), "aria-label": t("grp.first_player_tip") }, "1") : null),
        bar([{ value: p.score, colour: dwarfColour(p.seat) }], target, label),
        h("b", { class: "gr-racer-score" }, String(p.score)));
    })));
}

export function renderTrack(view) {
  return h("section", { class: "panel gr-track", "aria-label": t("grp.scores") },
    turnLine(view),
    view.mode === "rush" ? rushScores(view) : crisisScores(view),
    provisionalNotice(view));
}
