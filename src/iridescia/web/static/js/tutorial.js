// The interactive tutorial: #/tutorial asks the server for the game's tutorial table
// ({"tutorial": true}: the game plug-in's mode and fixed seed, chosen so that the first turns
// teach well) and opens it. On that table a coach panel explains each step as the player makes
// it: after every render of the table page (the "iridescia:rendered" event: the state on screen
// and the page) the game's plug-in (its optional coach(st, {actions, log, seen})) says which
// lesson fits the state; the coach shows it (tutor.lesson.<id>, and tutor.try.<id>: what to
// try), highlights the things on the table its actions belong to, and scrolls them out from
// under the panel. Some lessons wait for "Got it"; one may fold the coach away when
// acknowledged (the player is on their own), leaving a "Coach" button.
//
// The lessons follow the state, not a fixed script: a player who does something else still
// reads about what is in front of them. What the tutorial remembers (its table, the lessons
// acknowledged, folded or not) is kept in localStorage.
import { t } from "./i18n.js";
import { h, nodes } from "./dom.js";
import { api, apiError } from "./api.js";
import { allGames, gamePlugin } from "./games.js";
import { rememberCreator, rememberSeat } from "./store.js";
import { openRules } from "./learn.js";

const KEY = "iridescia.tutorial";

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
  const game = allGames().find((g) => g.board && g.tutorial);
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

// Elements of the table that actions starting with `prefix` belong to (the board's places,
// the cards, the prompt's buttons).
function targets(prefix) {
  const out = [];
  for (const node of document.querySelectorAll("#main [data-actions], #main [data-action]")) {
    let texts;
    try { texts = node.dataset.actions ? JSON.parse(node.dataset.actions) : [node.dataset.action]; } catch { texts = []; }
    if (texts.some((x) => x === prefix || x.startsWith(`${prefix} `))) out.push(node);
  }
  return out;
}

class Coach {
  constructor() {
    this.memory = load();
    this.last = null;        // the latest render's detail (to draw again after "Got it")
    this.uncovered = null;   // the lesson whose targets were last brought into view
    window.addEventListener("iridescia:rendered", (ev) => this.onRendered(ev.detail || {}));
    window.addEventListener("hashchange", () => { if (!this.onTutorialTable()) this.remove(); });
  }

  onTutorialTable() {
    const m = this.memory = load();
    return !!m && location.hash === `#/t/${encodeURIComponent(m.table)}`;
  }

  // What the coach reads of the table page: the state on screen (the event's), the legal
  // actions (the prompt's buttons, folded ones included: the page draws them all) and the log
  // of the seat on screen (the page's connection: the automa's steps arrive outside states).
  onRendered(detail) {
    const page = detail.page;
    if (!page || !this.onTutorialTable()) return this.remove();
    this.last = detail;
    const st = detail.state;
    if (!st || !st.table || !document.getElementById("prompt")) return;   // the table is not drawn yet
    const conn = page.conns && page.conns.get ? page.conns.get(detail.seat) : null;
    const actions = [...document.querySelectorAll("#actions [data-action]")].map((b) => b.dataset.action);
    const ctx = { actions, log: (conn && conn.log) || [], seen: (id) => this.memory.seen.includes(id) };
    gamePlugin(st.table.game).then((plugin) => {
      if (plugin && plugin.coach && this.last === detail) this.draw(plugin.coach(st, ctx));
    }).catch(() => {});
  }

  acknowledge(lesson) {
    if (!this.memory.seen.includes(lesson.id)) this.memory.seen.push(lesson.id);
    if (lesson.fold) this.memory.folded = true;
    save(this.memory);
    if (this.last) this.onRendered(this.last);
  }

  draw(lesson) {
    document.querySelectorAll(".coach-target").forEach((n) => n.classList.remove("coach-target"));
    const folded = this.memory.folded && !lesson.pause;
    let node = document.getElementById("coach");
    if (!node) {
      node = h("aside", { id: "coach", class: "coach", "aria-labelledby": "coach-title" });
      document.body.appendChild(node);
    }
    document.body.classList.add("coached");
    node.dataset.lesson = lesson.id;
    node.classList.toggle("folded", folded);
    if (folded) {
      node.replaceChildren(h("button", { type: "button", id: "coach-show", class: "coach-show", onclick: () => this.fold(false) }, t("tutor.show")));
      return;
    }
    const marked = [...(lesson.actions || []).flatMap(targets), ...(lesson.selectors || []).flatMap((s) => [...document.querySelectorAll(`#main ${s}`)])];
    for (const n of marked) n.classList.add("coach-target");
    const values = lesson.values || {};
    node.replaceChildren(...nodes(
      h("h2", { id: "coach-title" }, t("tutor.title")),
      h("p", { class: "coach-text", id: "coach-text", "aria-live": "polite" }, t(`tutor.lesson.${lesson.id}`, values)),
      lesson.tries ? h("p", { class: "coach-try", id: "coach-try" }, h("b", {}, `${t("tutor.try")} `), t(`tutor.try.${lesson.id}`, values)) : null,
      h("div", { class: "coach-buttons" },
        lesson.pause ? h("button", { type: "button", class: "primary", id: "coach-ok", onclick: () => this.acknowledge(lesson) }, t("tutor.got_it")) : null,
        lesson.id === "over" ? h("a", { href: "#/", class: "button primary", id: "coach-lobby" }, t("app.lobby")) : null,
        h("button", { type: "button", id: "coach-rules", onclick: () => openRules(lesson.section || null) }, t("learn.rules")),
        h("button", { type: "button", id: "coach-hide", onclick: () => this.fold(true) }, t("tutor.hide")),
        h("button", { type: "button", id: "coach-quit", onclick: () => this.quit() }, t("tutor.quit")))));
    this.uncover(lesson.id, marked);
  }

  // A new lesson whose targets on the table are all hidden (under the coach, or off the screen)
  // scrolls the page so that the first one shows above the coach (the prompt's buttons, always
  // on screen, do not count: the board or the cards are where the player should look).
  uncover(id, marked) {
    if (id === this.uncovered) return;
    this.uncovered = id;
    const coach = document.getElementById("coach");
    const onTable = marked.filter((n) => !n.closest("#prompt") && n.getClientRects().length);
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
