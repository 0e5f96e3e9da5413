// What this browser remembers: the seat tokens it plays (iridescia.seats.<table>), the creator's
// token of each table it made (iridescia.creator.<table>), and the player's name
// (iridescia.name), and the game chosen in the lobby (LOBBY_GAME). Tokens stay in localStorage: they go to the server in a message, a request
// body or a header, never in a URL (invite and seat links carry theirs after "#").
// Names are checked as the server checks them (web/notes.py): 1 to 24 characters, runs of white
// space one space, no control or invisible formatting character.
export const NAME_MAX = 24;
export const CHAT_MAX = 200;
const NAME_KEY = "iridescia.name";
export const LOBBY_GAME = "iridescia.lobby.game";  // the game chosen in the lobby (its name)
const KNOWN_MAX = 50;  // tables one "my tables" request asks about (the server's limit)

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}"); } catch { return {}; }
}

export function localSeats(tableId) { return read(`iridescia.seats.${tableId}`); }

export function rememberSeat(tableId, seat, token) {
  const seats = localSeats(tableId);
  seats[seat] = token;
  localStorage.setItem(`iridescia.seats.${tableId}`, JSON.stringify(seats));
}

export function forgetSeat(tableId, seat) {
  const seats = localSeats(tableId);
  delete seats[seat];
  if (Object.keys(seats).length) localStorage.setItem(`iridescia.seats.${tableId}`, JSON.stringify(seats));
  else localStorage.removeItem(`iridescia.seats.${tableId}`);
}

export function creatorToken(tableId) { return localStorage.getItem(`iridescia.creator.${tableId}`); }

export function rememberCreator(tableId, token) { localStorage.setItem(`iridescia.creator.${tableId}`, token); }

// A token that opens a private table for this browser (a seat's, else the creator's), or null.
export function tableToken(tableId) {
  const seats = Object.values(localSeats(tableId)).filter((x) => typeof x === "string");
  return seats[0] || creatorToken(tableId) || null;
}

// Every table this browser has a token for: [{id, token}] (at most KNOWN_MAX).
export function knownTables() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) || "";
    const prefix = ["iridescia.seats.", "iridescia.creator."].find((p) => key.startsWith(p));
    if (prefix) ids.add(key.slice(prefix.length));
  }
  return [...ids].map((id) => ({ id, token: tableToken(id) })).filter((x) => x.token).slice(0, KNOWN_MAX);
}

export function myName() { return localStorage.getItem(NAME_KEY) || ""; }

export function rememberName(name) {
  if (name) localStorage.setItem(NAME_KEY, name);
  else localStorage.removeItem(NAME_KEY);
}

// A text as the server will keep it, or null when it would refuse it.
export function cleanText(text, limit) {
  const shown = String(text).normalize("NFC").split(/\s+/u).filter(Boolean).join(" ");
  if (!shown || [...shown].length > limit) return null;
  return /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]/u.test(shown.replace(/\u200d/gu, "")) ? null : shown;
}
