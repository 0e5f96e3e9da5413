// Translations: the catalogue of the chosen language (English fills any gap), card names,
// action labels and game-log lines rendered from the engine's events (sent as data).
let table = {};
let english = {};
export let lang = "en";
export let cards = null;

export const LANGS = { en: "English", fr: "Français", ja: "日本語" };

export async function loadLanguage(code) {
  if (!LANGS[code]) code = "en";
  const get = async (c) => (await fetch(`/static/i18n/${c}.json`)).json();
  if (!Object.keys(english).length) english = await get("en");
  table = code === "en" ? english : await get(code);
  lang = code;
  localStorage.setItem("iridescia.lang", code);
  document.documentElement.lang = code;
}

export function preferredLanguage() {
  const saved = localStorage.getItem("iridescia.lang");
  if (saved && LANGS[saved]) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGS[nav] ? nav : "en";
}

export function setCards(data) { cards = data; }

export function t(key, values = {}) {
  const template = table[key] ?? english[key] ?? key;
  return template.replace(/\{([a-z_]+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

export function has(key) { return key in table || key in english; }

let rhomSeat = null;
export function setRhomSeat(seat) { rhomSeat = seat; }

export function seatName(seat) {
  if (seat === rhomSeat && seat !== null && seat !== undefined) return t("seat.rhom");
  return t("seat", { n: seat + 1 });
}

export const colour = (c) => t(`colour.${c}`);
export const itemName = (key) => t(`item.${key}`);
export const relicName = (id) => t(`relic.${id}`);
export const objectiveName = (id) => t(`objective.${id}`);
export const reason = (r) => (has(`reason.${r}`) ? t(`reason.${r}`) : r);

export function tileText(tile) {
  if (!tile) return "?";
  const gem = colour(tile.gem);
  if (!tile.bonus) return t("tile", { gem });
  return t("tile.bonus", { gem, bonus: t(`bonus.${tile.bonus}`, { n: tile.amount }) });
}

export function tileById(id) {
  const tile = cards && cards.tiles.find((x) => x.id === id);
  return tileText(tile);
}

export function itemTip(key) {
  const it = cards && cards.items.find((x) => x.key === key);
  const cost = it ? ` — ${t("table.cost", { cost: it.cost })}` : "";
  const timing = it ? ` ${t(`timing.${it.timing}`)}` : "";
  return `${itemName(key)}${cost}\n${t(`itemtext.${key}`)}${timing}`;
}

export function costText(cost) {
  return Object.entries(cost).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${colour(c)}`).join(", ");
}

export function relicTip(r) {
  const lead = r.lead === "wild" ? t("lead.wild") : colour(r.lead);
  return t("relic.tip", { name: relicName(r.id), type: t(`type.${r.type}`), lead, points: r.points, cost: costText(r.cost) });
}

export function objectiveTip(o) {
  const data = cards && cards.objectives.find((x) => x.id === o.id);
  let condition = "";
  if (data) {
    const arg = data.argument;
    condition = t(`obj.${data.condition}`, { colour: arg ? colour(arg) : "", type: arg ? t(`type.${arg}`) : "", n: arg ?? "" });
  }
  return t("obj.tip", { name: objectiveName(o.id), points: o.points, condition });
}

function whereText(at) {
  if (at === 0 || at === "off") return t("where.off");
  if (at === -1 || at === "castle") return t("where.castle");
  return t("where.hex", { hex: at });
}

export function dieText(target) {
  const [kind, arg] = String(target).split(":");
  return kind === "roll" ? t("die.roll", { n: arg }) : t("die.market", { colour: colour(arg) });
}

export function actionLabel(text, view) {
  const p = text.split(" ");
  const [k, a, b] = p;
  const item = (slot) => (view ? view.item_market[Number(slot) - 1] : null);
  switch (k) {
    case "reveal": case "move": case "place": case "land": case "pickaxe": case "remove":
      return t(`act.${k}`, { hex: a });
    case "discard":
      return a === "tile" ? t("act.discard_tile", { tile: tileById(Number(b)) })
        : t("act.discard_objective", { objective: objectiveName(Number(b)) });
    case "colour": return t("act.colour", { colour: colour(a) });
    case "give": return t("act.give", { colour: colour(a), seat: seatName(Number(b) - 1) });
    case "return": return t("act.return", { colour: colour(a) });
    case "take": return a === "none" ? t("act.take_none") : t("act.take", { colour: colour(a) });
    case "mine": return a === "0" ? t("act.mine") : t("act.mine_stone", { n: a });
    case "buy": {
      const key = item(a);
      const it = cards && key ? cards.items.find((x) => x.key === key) : null;
      return t("act.buy", { item: key ? itemName(key) : a, cost: it ? it.cost : "?" });
    }
    case "sell": return t("act.sell", { count: b, colour: colour(a) });
    case "play": return t("act.play", { item: itemName(a) });
    case "die": return b ? t("act.adjust", { die: dieText(a), delta: b }) : t("act.die", { die: dieText(a) });
    case "libation": return t(`act.libation_${a}`);
    case "pick": return t("act.pick", { die: dieText(a) });
    case "roll": case "end": case "done": return t(`act.${k}`);
    case "reserve": case "restore": return t(`act.${k}`, { relic: relicName(Number(a)) });
    case "swap": return t("act.swap", { seat: seatName(Number(a) - 1) });
    default: return text;
  }
}

const faces = (xs) => (xs || []).join(" ");

export function eventText(e) {
  const seat = e.player >= 0 ? seatName(e.player) : t("table.name");
  const d = e.data || {};
  try {
    switch (e.kind) {
      case "setup": return t("ev.setup", { players: d.players, first: seatName(d.first) });
      case "turn": return t(`ev.turn.${d.kind || "normal"}`, { number: d.number, seat });
      case "blocked": return t("ev.blocked", { seat, where: whereText(d.at) });
      case "collect": return t("ev.collect", { seat, tile: tileById(d.tile), hex: d.hex });
      case "market": {
        const crash = d.before === 6 && d.after === 1;
        return t(crash ? "ev.market_crash" : "ev.market", { colour: colour(d.colour), before: d.before, after: d.after, reason: reason(d.reason || "") });
      }
      case "castle": return d.token ? t("ev.castle", { seat, token: t(`token.${d.token}`), points: d.points }) : t("ev.castle.none", { seat });
      case "move": return t("ev.move", { seat, hex: d.to });
      case "reveal": return t("ev.reveal", { seat, hex: d.hex, tile: tileById(d.tile) });
      case "coins": case "points": return t(`ev.${e.kind}`, { seat, count: d.count, reason: reason(d.reason || "") });
      case "stone_die": return t(d.got ? "ev.stone_die" : "ev.stone_die.none", { seat });
      case "objective_discarded": return d.objective ? t("ev.objective_discarded", { seat, objective: objectiveName(d.objective) }) : t("ev.objective_discarded.hidden", { seat });
      case "colour_chosen": return t("ev.colour_chosen", { seat, colour: colour(d.colour) });
      case "tile_discarded": return t("ev.tile_discarded", { seat, tile: tileById(d.tile) });
      case "give": return t("ev.give", { seat, colour: colour(d.colour), to: seatName(d.to) });
      case "buy": return t("ev.buy", { seat, item: itemName(d.item), cost: d.cost });
      case "sell": return t("ev.sell", { seat, count: d.count, colour: colour(d.colour), coins: d.coins });
      case "restore": return t("ev.restore", { seat, relic: relicName(d.relic), points: d.points });
      case "relic_dealt": return t("ev.relic_dealt", { relic: relicName(d.relic) });
      case "remove": return d.tile == null ? t("ev.remove.hidden", { seat, hex: d.hex }) : t("ev.remove", { seat, tile: tileById(d.tile), hex: d.hex });
      case "gain": case "return": return t(`ev.${e.kind}`, { seat, count: d.count, colour: colour(d.colour), reason: reason(d.reason || "") });
      case "supply_short": return t("ev.supply_short", { seat, missing: d.missing, colour: colour(d.colour) });
      case "item_market_refresh": return t("ev.item_market_refresh", { items: (d.market || []).map((k) => (cards && cards.items[k] ? itemName(cards.items[k].key) : "–")).join(", ") });
      case "play": return t("ev.play", { seat, item: itemName(d.item) });
      case "swap": return t("ev.swap", { seat, other: seatName(d.with_seat), where: whereText(d.now_at) });
      case "catapult": return t("ev.catapult", { seat, hex: d.to });
      case "reserve": return t("ev.reserve", { seat, relic: relicName(d.relic), source: t(d.from_row ? "ev.reserve.row" : "ev.reserve.deck") });
      case "pickaxe": return t("ev.pickaxe", { seat, hex: d.hex, colour: colour(d.colour) });
      case "mine": return t("ev.mine", { seat, colour: colour(d.colour), target: d.target, faces: faces(d.faces), successes: d.successes });
      case "die": return t("ev.die", { seat, die: d.die, before: d.before, after: d.after, reason: reason(d.reason) });
      case "well_roll": return t("ev.well_roll", { seat, faces: faces(d.faces) });
      case "rhom_card": return t("ev.rhom_card", { seat, card: d.card, icon: t(`icon.${d.icon}`), order: (d.reveal_order || []).join(", "), vane: t(`vane.${d.weathervane}`) });
      case "rhom_dice": {
        const key = has(`ev.rhom_dice.${d.reason}`) ? `ev.rhom_dice.${d.reason}` : "ev.rhom_dice";
        return t(key, { seat, faces: faces(d.faces), reason: d.reason });
      }
      case "rhom_choice": return t("ev.rhom_choice", { seat, hex: d.hex, reason: reason(d.reason || "") });
      case "rhom_overflow": return t("ev.rhom_overflow", { seat, count: d.count, colour: colour(d.colour), points: d.points });
      case "rhom_merchant": return d.item ? t("ev.rhom_merchant", { seat, item: itemName(d.item), slot: d.slot, points: d.points }) : t("ev.rhom_merchant.none", { seat });
      case "rhom_barricade": return d.hex == null ? t("ev.rhom_barricade.none", { seat, reason: reason(d.reason || "") }) : t("ev.rhom_barricade", { seat, hex: d.hex });
      case "iridia_stone": case "placed": case "end_actions": case "extra_turn": case "well_nothing":
      case "roll_locked": case "rhom_stuck": case "turn_skipped": case "stone_returned": case "game_over":
      case "item_reshuffle": case "rhom_reshuffle":
        return t(`ev.${e.kind}`, { seat, ...d });
      default: return t("ev.unknown", { seat, kind: e.kind });
    }
  } catch (err) {
    return t("ev.unknown", { seat, kind: e.kind });
  }
}

// Lines another line already says (as in the terminal log).
export function shownInLog(e) {
  if (e.kind === "return") return !["sell", "restore", "rhom hold full"].includes((e.data || {}).reason);
  return e.kind !== "end_actions";
}
