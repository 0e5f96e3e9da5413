// Translations: the shared catalogue of the chosen language (/i18n/<lang>.json, English fills
// any gap), messages rendered from data, and how seats and seat kinds are called. A message is
// {key, args} where each argument is a number or text, a message, a seat {seat: n} or a list
// {list: [...], sep}: the server builds them (see docs/web.md), the client only fills templates.
// Plurals: a key may exist only as forms "<key>.one" / "<key>.other"; t() picks the form for the
// "count" value (or "n") by the language's plural rule, as iridescia.i18n does on the server.
// Lists are joined with the language's "list.sep" (", " or "、").
let table = {};
let english = {};
export let lang = "en";

export const LANGS = { en: "English", fr: "Français", ja: "日本語" };

export async function loadLanguage(code) {
  if (!LANGS[code]) code = "en";
  const get = async (c) => (await fetch(`/i18n/${c}.json`)).json();
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

// The key to look up in `source` for `key`: itself, or its plural form for values.count/n.
function pluralKey(source, code, key, values) {
  if (key in source || !(`${key}.other` in source)) return key;
  const raw = values.count ?? values.n;
  const n = typeof raw === "number" ? raw : Number(raw);
  const form = `${key}.${raw !== undefined && raw !== "" && Number.isFinite(n) ? new Intl.PluralRules(code).select(n) : "other"}`;
  return form in source ? form : `${key}.other`;
}

export function t(key, values = {}) {
  const template = table[pluralKey(table, lang, key, values)] ?? english[pluralKey(english, "en", key, values)] ?? key;
  return template.replace(/\{([a-z_]+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

export function has(key) {
  return [key, `${key}.other`].some((k) => k in table || k in english);
}

// Texts as one list in the reader's language ("a, b" / "a、b").
export function joinList(items) { return items.join(t("list.sep")); }

// A message (or a plain text) in the reader's language.
export function render(m) {
  if (m === null || m === undefined) return "";
  if (typeof m !== "object") return String(m);
  if (m.list) return m.sep === undefined ? joinList(m.list.map(render)) : m.list.map(render).join(m.sep);
  if (m.key === undefined && m.seat !== undefined) return seatName(m.seat);
  const args = {};
  for (const [k, v] of Object.entries(m.args || {})) args[k] = render(v);
  return t(m.key, args);
}

// Seats are named after the table's seat list: a player by the name they chose, an automa seat
// by its kind ("Rhom"), the others by number (1-based on screen). Names are the players' own
// texts: shown as text nodes only, never as HTML.
let seatKinds = [];
let seatNames = [];
export function setSeats(seats) {
  seatKinds = (seats || []).map((s) => s.kind);
  seatNames = (seats || []).map((s) => s.name || "");
}

export function isAutoma(kind) { return !!kind && kind !== "human" && !kind.startsWith("bot:"); }

export function seatNumber(seat) { return t("seat", { n: seat + 1 }); }

export function seatName(seat) {
  const kind = seatKinds[seat];
  if (isAutoma(kind) && has(`seat.${kind}`)) return t(`seat.${kind}`);
  return seatNames[seat] || seatNumber(seat);
}

export function botLabel(name) { return has(`bot.${name}`) ? t(`bot.${name}`) : name; }

export function kindLabel(kind) {
  if (kind === "human") return t("kind.human");
  if (kind.startsWith("bot:")) return t("kind.bot", { name: botLabel(kind.slice(4)) });
  return has(`kind.${kind}`) ? t(`kind.${kind}`) : kind;
}

// How a seat is held, as a player's panel says it: a bot standing in for its player, online or
// offline (a live table's seats count their connections; a replay's carry none, and say the
// seat's kind), a free seat, or the kind of a seat no person plays (a bot, the automa).
export function seatPresence(info) {
  if (info.bot) return t("table.stand_in", { bot: botLabel(info.bot) });
  if (info.kind !== "human") return kindLabel(info.kind || "");
  if (info.connected === undefined) return kindLabel("human");
  return info.connected ? t("table.online") : info.claimed ? t("table.offline") : t("table.seat_free");
}
