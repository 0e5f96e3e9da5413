// The interactive tutorial: #/tutorial asks the server for the game's tutorial table (a solo
// game against the Rhom from a fixed seed, chosen so that the first turns reveal, move, mine,
// buy, sell and restore a relic: web/games/iridescia.py) and opens it. On that table a coach
// panel explains each step as the player makes it: after every render of the table page (the
// "iridescia:rendered" event: the state on screen and the page) it reads the decision, the
// legal actions and the log, says in a sentence what is being decided and what to try, and
// highlights where to click. A few lessons wait for "Got it" (the Rhom's first turn, the end of
// the guided turns); after three turns the player is on their own, the coach folded away.
//
// The lessons are chosen from the state, not from a fixed script, so a player who does
// something else still reads about what is in front of them. What the tutorial remembers
// (which table, lessons acknowledged, folded or not) is kept in localStorage.
import { t, render } from "./i18n.js";
import { h, nodes } from "./dom.js";
import { api, apiError } from "./api.js";
import { allGames } from "./games.js";
import { rememberCreator, rememberSeat } from "./store.js";
import { openRules } from "./learn.js";

const KEY = "iridescia.tutorial";
const GUIDED_TURNS = 3;   // the player's turns the coach leads; then "free"
// Events that are consequences, not choices: the player's last choice is the last other one.
const ECHOES = new Set(["gain", "return", "market", "market_crash", "supply_short", "give", "relic_dealt", "stone_returned", "coins", "points"]);

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch { return null; }
}
function save(memory) {
  if (memory) localStorage.setItem(KEY, JSON.stringify(memory));
  else localStorage.removeItem(KEY);
}

// #/tutorial: make the tutorial table, then open it (the address is replaced, so "back" does
// not make another one).
export async function startTutorial(main) {
  main.replaceChildren(h("p", { class: "status", id: "tutorial-status" }, t("tutor.starting")));
  const game = allGames().find((g) => g.board);
  try {
    const res = await api("/api/tables", { game: game ? game.name : undefined, tutorial: true });
    const id = res.table.id;
    rememberCreator(id, res.creator);
    for (const s of res.seats) if (s.token) rememberSeat(id, s.seat, s.token);
    save({ table: id, seen: [], folded: false });
    location.replace(`#/t/${encodeURIComponent(id)}`);
  } catch (err) {
    main.replaceChildren(h("p", { class: "error", id: "tutorial-status" }, apiError(err)));
  }
}

// Elements of the table that actions starting with `prefix` belong to (the board's hexes, the
// cards, the prompt's buttons).
function targets(prefix) {
  const out = [];
  for (const node of document.querySelectorAll("#main [data-actions], #main [data-action]")) {
    let texts;
    try { texts = node.dataset.actions ? JSON.parse(node.dataset.actions) : [node.dataset.action]; } catch { texts = []; }
    if (texts.some((x) => x === prefix || x.startsWith(`${prefix} `))) out.push(node);
  }
  return out;
}

// The Rhom card it just drew, in words: its number, what its icon did, its reveal order and
// the weathervane now in force.
function rhomCardWords(card) {
  const icon = ["merchant", "2x", "3x", "barricade"].includes(card.icon) ? card.icon : null;
  return {
    card: card.card ?? "?",
    effect: icon ? t(`tutor.rhom_icon.${icon}`) : "",
    order: (card.reveal_order || []).filter((d) => ["L", "FL", "FR", "R"].includes(d)).map((d) => t(`aid.dir.${d}`)).join(t("tui.sep")),
    vane: card.weathervane ? t(`vane.${card.weathervane}`) : "?",
  };
}

class Coach {
  constructor() {
    this.memory = load();
    this.last = null;       // the latest render's detail (to draw again after "Got it")
    this.logSeen = 0;       // log entries already read
    this.rhomPlayed = false;
    window.addEventListener("iridescia:rendered", (ev) => this.onRendered(ev.detail || {}));
    window.addEventListener("hashchange", () => { if (!this.onTutorialTable()) this.remove(); });
  }

  onTutorialTable() {
    const m = this.memory = load();
    return !!m && location.hash === `#/t/${encodeURIComponent(m.table)}`;
  }

  onRendered(detail) {
    const page = detail.page;
    if (!page || !this.onTutorialTable() || page.id !== this.memory.table) return this.remove();
    this.last = detail;
    if (!detail.state || !page.plugin) return;   // the table is not drawn yet
    this.readLog(page, detail.state);
    this.draw(this.lesson(detail.state, page));
  }

  // The Rhom's turns and the player's last choice, from the log entries not read yet.
  readLog(page, st) {
    const conn = page.conns.get(page.shown);
    const log = conn ? conn.log : [];
    if (log.length < this.logSeen) this.logSeen = 0;   // a reset (undo, reconnection)
    for (const e of log.slice(this.logSeen)) {
      if (e.kind === "rhom_card" && e.data) { this.rhomPlayed = true; this.rhomCard = e.data; }
    }
    this.logSeen = log.length;
    const mine = log.filter((e) => e.player === st.seat && !ECHOES.has(e.kind));
    this.lastChoice = mine.length ? mine[mine.length - 1] : null;
  }

  seen(id) { return this.memory.seen.includes(id); }

  acknowledge(id) {
    if (!this.seen(id)) this.memory.seen.push(id);
    if (id === "rhom") this.rhomPlayed = false;
    if (id === "free") this.memory.folded = true;
    save(this.memory);
    if (this.last) this.onRendered(this.last);
  }

  // What to say now: {id, values, target: [elements], pause, tries}.
  lesson(st, page) {
    const d = st.decision;
    if (!d || st.table.status === "finished") return { id: "over" };
    if (d.player !== st.seat) return { id: "waiting", target: [...document.querySelectorAll("#main .rhom-info")] };
    const view = st.view;
    const me = view.players[st.seat] || {};
    const turn = view.turn || {};
    const texts = page.actions(st).map((a) => a.text);
    const has = (prefix) => texts.some((x) => x === prefix || x.startsWith(`${prefix} `));
    if (this.rhomPlayed && !this.seen("rhom")) {
      return { id: "rhom", pause: true, values: rhomCardWords(this.rhomCard || {}), target: [...document.querySelectorAll("#main .rhom-info, #main .explorer")] };
    }
    if ((me.turns_taken || 0) > GUIDED_TURNS && !this.seen("free")) return { id: "free", pause: true };
    const key = (d.prompt && d.prompt.key) || "";
    const ask = (id, prefix, tries = true) => ({ id, tries, target: prefix ? prefix.flatMap(targets) : [] });
    if (key === "decision.reveal") {
      if (!me.position && !turn.reveals) return ask("welcome", ["reveal"]);
      if (!me.position) return ask("move_first", ["move"]);
      return ask("reveal", ["reveal", "move"]);
    }
    if (key === "decision.actions") {
      const last = this.lastChoice;
      if (last && last.kind === "mine" && last.data) {
        const data = last.data;
        return { id: "mined", tries: true, values: { faces: (data.faces || []).join(t("tui.sep")), target: data.target, n: data.successes }, target: [...document.querySelectorAll("#main .roll")] };
      }
      if (has("mine") && !turn.latest_roll) return ask("mine", ["mine"]);
      if (has("buy") && !turn.bought) return ask("buy", ["buy"]);
      if (has("sell") && !turn.sold) return ask("sell", ["sell"]);
      return ask("end_turn", ["end"]);
    }
    if (key === "decision.restore") return has("restore") ? ask("restore", ["restore"]) : ask("end_turn", ["done"]);
    if (key === "decision.objective") return ask("objective", null, false);
    if (key === "decision.tile colour") return ask("colour", null, false);
    if (key === "decision.cargo limit") return ask("cargo", null, false);
    if (key === "decision.remove") return ask("castle", ["remove"], false);
    if (["decision.die", "decision.adjust"].includes(key) || key.startsWith("decision.libation") || key.startsWith("decision.cauldron")) return ask("item", null, false);
    return { id: "other", values: { prompt: render(d.prompt) } };
  }

  draw(lesson) {
    document.querySelectorAll(".coach-target").forEach((n) => n.classList.remove("coach-target"));
    const rhom = t("seat.rhom");
    const folded = this.memory.folded && !lesson.pause;
    let node = document.getElementById("coach");
    if (!node) {
      node = h("aside", { id: "coach", class: "coach", "aria-labelledby": "coach-title" });
      document.body.appendChild(node);
    }
    node.dataset.lesson = lesson.id;
    node.classList.toggle("folded", folded);
    if (folded) {
      node.replaceChildren(h("button", { type: "button", id: "coach-show", class: "coach-show", onclick: () => this.fold(false) }, t("tutor.show")));
      return;
    }
    for (const n of lesson.target || []) n.classList.add("coach-target");
    document.body.classList.add("coached");
    const values = { rhom, ...(lesson.values || {}) };
    const tryKey = `tutor.try.${lesson.id}`;
    node.replaceChildren(...nodes(
      h("h2", { id: "coach-title" }, t("tutor.title")),
      h("p", { class: "coach-text", id: "coach-text", "aria-live": "polite" }, t(`tutor.lesson.${lesson.id}`, values)),
      lesson.tries && lesson.id !== "other" ? h("p", { class: "coach-try", id: "coach-try" }, h("b", {}, `${t("tutor.try")} `), t(tryKey, values)) : null,
      h("div", { class: "coach-buttons" },
        lesson.pause ? h("button", { type: "button", class: "primary", id: "coach-ok", onclick: () => this.acknowledge(lesson.id) }, t("tutor.got_it")) : null,
        lesson.id === "over" ? h("a", { href: "#/", class: "button primary", id: "coach-lobby" }, t("app.lobby")) : null,
        h("button", { type: "button", id: "coach-rules", onclick: () => openRules(lesson.id === "rhom" ? "rhom" : "turn") }, t("learn.rules")),
        h("button", { type: "button", id: "coach-hide", onclick: () => this.fold(true) }, t("tutor.hide")),
        h("button", { type: "button", id: "coach-quit", onclick: () => this.quit() }, t("tutor.quit")))));
    this.uncover(lesson);
  }

  // A new lesson whose targets on the table are all hidden (under the coach, or off the screen)
  // scrolls the page so that the first one shows above the coach (the prompt's buttons, always
  // on screen, do not count: the board or the cards are where the player should look).
  uncover(lesson) {
    if (lesson.id === this.uncovered) return;
    this.uncovered = lesson.id;
    const coach = document.getElementById("coach");
    const onTable = (lesson.target || []).filter((n) => !n.closest("#prompt") && n.getClientRects().length);
    if (!coach || !onTable.length) return;
    const box = coach.getBoundingClientRect();
    const hidden = (r) => r.top < 0 || r.bottom > window.innerHeight || (r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right);
    if (!onTable.every((n) => hidden(n.getBoundingClientRect()))) return;
    const first = onTable[0].getBoundingClientRect();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: first.bottom - Math.min(box.top, window.innerHeight) + 16, behavior: reduce ? "auto" : "smooth" });
  }

  fold(folded) {
    this.memory.folded = folded;
    save(this.memory);
    if (this.last) this.onRendered(this.last);
    const focus = document.getElementById(folded ? "coach-show" : "coach-hide");
    if (focus) focus.focus();
  }

  quit() {
    save(null);
    this.memory = null;
    this.remove();
  }

  remove() {
    const node = document.getElementById("coach");
    if (node) node.remove();
    document.body.classList.remove("coached");
    document.querySelectorAll(".coach-target").forEach((n) => n.classList.remove("coach-target"));
  }
}

export const coach = new Coach();
