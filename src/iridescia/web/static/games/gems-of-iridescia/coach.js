// Gems of Iridescia's tutorial lessons (the generic coach, /static/js/tutorial.js, asks the
// plug-in's coach(st, ctx) after every render of the tutorial's table). From the seat's state,
// its legal actions and the log it chooses what to explain now: the first reveal and move,
// later reveals, mining (then the dice just rolled against the market), buying, selling, ending
// the turn, restoring a relic, the Rhom's turn (the card it drew, what its icon did, its reveal
// order and weathervane), the objective, rainbow colours, the cargo limit, items being played,
// the Castle and the end. After the guided turns the player is told they are on their own.
//
// A lesson: {id (its texts are tutor.lesson.<id> and tutor.try.<id>), values, actions (prefixes
// of the actions to highlight), selectors (more things to highlight), pause (wait for "Got
// it"), fold (fold the coach once acknowledged), tries (show the "try this" line), section (the
// rules dialog's section the coach's Rules button opens)}.
import { t, render } from "/static/js/i18n.js";

const GUIDED_TURNS = 3;   // the player's turns the coach leads, then "free"
const DIRECTIONS = ["L", "FL", "FR", "R"];
const RHOM_ICONS = ["merchant", "2x", "3x", "barricade"];
// Events that are consequences, not choices: the player's last choice is the last other one.
const ECHOES = new Set(["gain", "return", "market", "market_crash", "supply_short", "give", "relic_dealt", "stone_returned", "coins", "points"]);
const ITEM_DECISIONS = ["decision.die", "decision.adjust", "decision.libation", "decision.libation dice", "decision.wishing well",
  "decision.cauldron", "decision.cauldron gem", "decision.axe", "decision.book", "decision.catapult", "decision.swap",
  "decision.pickaxe", "decision.pickaxe colour"];

// The Rhom card it last drew, in words: its number, what its icon did, its reveal order and the
// weathervane now in force.
function rhomCardWords(card) {
  return {
    card: card.card ?? "?",
    effect: RHOM_ICONS.includes(card.icon) ? t(`tutor.rhom_icon.${card.icon}`) : "",
    order: (card.reveal_order || []).filter((d) => DIRECTIONS.includes(d)).map((d) => t(`aid.dir.${d}`)).join(t("list.sep")),
    vane: card.weathervane ? t(`vane.${card.weathervane}`) : "?",
  };
}

// ctx: {actions: legal action texts, log: the seat's log events, seen(id): acknowledged}.
export function coachLesson(st, ctx) {
  const values = { rhom: t("seat.rhom") };
  const d = st.decision;
  if (!d || st.table.status === "finished") return { id: "over", values };
  if (d.player !== st.seat) return { id: "waiting", values, selectors: [".rhom-info"] };
  const view = st.view;
  const me = (view.players || [])[st.seat] || {};
  const turn = view.turn || {};
  const has = (prefix) => ctx.actions.some((x) => x === prefix || x.startsWith(`${prefix} `));
  const rhomCards = ctx.log.filter((e) => e.kind === "rhom_card" && e.data);
  // (its first turn, before the player's, draws no card: the lesson comes after its second)
  if (rhomCards.length && (me.turns_taken || 0) > 1 && !ctx.seen("rhom")) {
    return { id: "rhom", pause: true, section: "rhom", values: { ...values, ...rhomCardWords(rhomCards[rhomCards.length - 1].data) }, selectors: [".rhom-info", ".explorer"] };
  }
  if ((me.turns_taken || 0) > GUIDED_TURNS && !ctx.seen("free")) return { id: "free", pause: true, fold: true, values };
  const key = (d.prompt && d.prompt.key) || "";
  const ask = (id, actions = [], tries = true) => ({ id, values, actions, tries, section: "turn" });
  if (key === "decision.reveal") {
    if (!me.position && !turn.reveals) return ask("welcome", ["reveal"]);
    if (!me.position) return ask("move_first", ["move"]);
    return ask("reveal", ["reveal", "move"]);
  }
  if (key === "decision.actions") {
    const choices = ctx.log.filter((e) => e.player === st.seat && !ECHOES.has(e.kind));
    const last = choices[choices.length - 1];
    if (last && last.kind === "mine" && last.data) {
      const roll = last.data;
      return { id: "mined", tries: true, selectors: [".roll"], values: { ...values, faces: (roll.faces || []).join(t("list.sep")), target: roll.target, n: roll.successes } };
    }
    if (has("mine") && !turn.latest_roll) return ask("mine", ["mine"]);
    if (has("buy") && !turn.bought) return ask("buy", ["buy"]);
    if (has("sell") && !turn.sold) return ask("sell", ["sell"]);
    return ask("end_turn", ["end"]);
  }
  if (key === "decision.restore") return has("restore") ? ask("restore", ["restore"]) : ask("end_turn", ["done"]);
  if (key === "decision.objective") return ask("objective", [], false);
  if (key === "decision.tile colour") return ask("colour", [], false);
  if (key === "decision.cargo limit") return ask("cargo", [], false);
  if (key === "decision.remove") return ask("castle", ["remove"], false);
  if (ITEM_DECISIONS.includes(key)) return ask("item", [], false);
  return { id: "other", values: { ...values, prompt: render(d.prompt) } };
}
