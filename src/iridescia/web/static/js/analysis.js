// The analysis of a finished game (#/a/<id>, or #/a/<id>/<seat>): for one seat this browser
// played, the value curve over the game (analysis-chart.js) and its mistakes, biggest first —
// the step, the action played and the one the strongest bot suggests (in the reader's language,
// through the game's action labels), what each was worth and the loss — each opening the replay
// at that step (#/r/<id>/<step>). The server computes it (GET /api/tables/<id>/analysis?seat=N,
// for that seat's own token only: its suggestions say what the seat could see), which takes a
// while: the page says so meanwhile. It knows no game: labels come from the action table.
import { t, render, seatName, setSeats } from "./i18n.js";
import { h } from "./dom.js";
import { api, apiError } from "./api.js";
import { actionTable } from "./games.js";
import { localSeats, tableToken } from "./store.js";
import { mySeats } from "./rematch.js";
import { valueChart } from "./analysis-chart.js";

const FIRST_SHOWN = 12;  // mistakes listed before "show all": the ones worth a look first
let current = 0;  // the page on screen: an answer for an older one is dropped

// The address of the analysis of `tableId` (for `seat`, or this browser's first seat).
export function analysisLink(tableId, seat = null) {
  return `#/a/${encodeURIComponent(tableId)}${seat === null ? "" : `/${seat}`}`;
}

// The "Analyse" link of a finished game's screens, or null for a browser that played no seat.
export function analyseButton(tableId) {
  if (!mySeats(tableId).length) return null;
  return h("a", { href: analysisLink(tableId), id: "analyse-link", class: "button", title: t("analysis.button_title") }, t("analysis.button"));
}

// An action in the reader's language: its label in the seat's prompt then (the server's, when
// the state said more: an item's name and cost...), else the label of the game's action table.
function labelOf(text, label, byText) {
  if (label) return render(label);
  const entry = byText.get(text);
  return entry ? render(entry.label) : text;
}

const points = (v) => (Math.round(v * 10) / 10).toFixed(1);

function seatChooser(id, seats, seat) {
  if (seats.length < 2) return null;
  return h("label", { class: "analysis-seat" }, `${t("analysis.seat")} `,
    h("select", { id: "analysis-seat", onchange: (e) => { location.hash = analysisLink(id, Number(e.target.value)); } },
      ...seats.map((s) => h("option", { value: String(s), selected: s === seat }, seatName(s)))));
}

function mistakeRow(id, m, byText) {
  const replayAt = `#/r/${encodeURIComponent(id)}/${m.step}`;
  return h("li", { class: "mistake", "data-step": String(m.step) },
    h("a", { href: replayAt, class: "mistake-step", title: t("analysis.open_step", { step: m.step }) }, t("analysis.step", { step: m.step })),
    h("span", { class: "mistake-loss" }, t("analysis.loss_points", { loss: points(m.loss) })),
    h("dl", {},
      h("dt", {}, t("analysis.played")), h("dd", { class: "played" }, labelOf(m.played, m.played_label, byText)),
      h("dt", {}, t("analysis.suggested")), h("dd", { class: "suggested" }, labelOf(m.suggested, m.suggested_label, byText))),
    h("span", { class: "mistake-values" }, t("analysis.values", { played: points(m.played_value), suggested: points(m.suggested_value) })));
}

// The mistakes, the biggest FIRST_SHOWN at once and a button for the rest.
function mistakeList(id, mistakes, byText) {
  if (!mistakes.length) return [h("p", { id: "no-mistakes" }, t("analysis.none"))];
  const list = h("ol", { id: "mistakes" }, ...mistakes.slice(0, FIRST_SHOWN).map((m) => mistakeRow(id, m, byText)));
  if (mistakes.length <= FIRST_SHOWN) return [list];
  const more = h("button", { id: "mistakes-more", onclick: () => {
    list.append(...mistakes.slice(FIRST_SHOWN).map((m) => mistakeRow(id, m, byText)));
    more.remove();
  } }, t("analysis.show_all", { count: mistakes.length }));
  return [list, more];
}

function draw(root, id, seat, data, byText) {
  const mistakes = data.mistakes.map((step) => data.moments.find((m) => m.step === step)).filter(Boolean);
  const summary = t("analysis.summary", {
    decisions: data.moments.length, agreement: Math.round(data.agreement * 100), total: points(data.total_loss) });
  root.querySelector("#analysis-body").replaceChildren(
    h("p", { class: "analysis-summary", id: "analysis-summary" }, summary),
    h("section", { class: "panel analysis-curve", "aria-labelledby": "analysis-curve-title" },
      h("h3", { id: "analysis-curve-title" }, t("analysis.curve")),
      h("p", { class: "hint" }, t("analysis.curve_desc")),
      valueChart(data.moments, data.mistakes, data.steps, (step) => `#/r/${encodeURIComponent(id)}/${step}`,
        Math.round(Math.min(720, Math.max(360, root.clientWidth - 30))))),
    h("section", { class: "panel analysis-mistakes", "aria-labelledby": "analysis-mistakes-title" },
      h("h3", { id: "analysis-mistakes-title" }, t("analysis.mistakes")),
      ...mistakeList(id, mistakes, byText)));
  root.querySelector("#analysis-seat-title").textContent = t("analysis.for_seat", { seat: seatName(seat) });
}

function navLinks(id) {
  return h("nav", { class: "analysis-nav" },
    h("a", { href: `#/r/${encodeURIComponent(id)}`, class: "button", id: "analysis-replay" }, t("analysis.replay")),
    h("a", { href: `#/t/${encodeURIComponent(id)}`, class: "button" }, t("analysis.table")));
}

// The route's entry (app.js).
export async function analysisPage(main, id, wanted) {
  const page = ++current;
  const seats = mySeats(id);
  const nav = navLinks(id);
  if (!seats.length) {
    main.replaceChildren(h("section", { class: "analysis-page" }, h("h2", {}, t("analysis.title")),
      h("p", { class: "error", id: "analysis-error" }, t("analysis.no_seat")), nav));
    return;
  }
  const seat = seats.includes(wanted) ? wanted : seats[0];
  if (seats.length > 1) {
    // A device holding several seats (hot-seat): the analysis shows what one seat could see,
    // so it comes behind a hand-off screen, as that seat's replay does.
    try {
      setSeats((await api(`/api/tables/${encodeURIComponent(id)}`, undefined, tableToken(id))).seats);
    } catch { /* the seats are named by number */ }
    if (page !== current) return;
    main.replaceChildren(h("div", { class: "handoff", id: "handoff" },
      h("h2", {}, t("table.handoff", { seat: seatName(seat) })),
      h("p", {}, t("analysis.handoff_hint", { seat: seatName(seat) })),
      h("button", { class: "primary", id: "handoff-go", onclick: () => show(main, id, seats, seat, page) }, t("analysis.handoff_go", { seat: seatName(seat) })),
      seatChooser(id, seats, seat), nav));
    main.querySelector("#handoff-go").focus();
    return;
  }
  await show(main, id, seats, seat, page);
}

// The page for `seat`: "thinking", then the analysis (or why not).
async function show(main, id, seats, seat, page) {
  const nav = navLinks(id);
  main.replaceChildren(h("section", { class: "analysis-page", id: "analysis", "aria-busy": "true" },
    h("div", { class: "analysis-head" },
      h("div", {}, h("h2", {}, t("analysis.title")), h("p", { id: "analysis-seat-title", class: "analysis-who" }, t("analysis.for_seat", { seat: seatName(seat) }))),
      seatChooser(id, seats, seat), nav),
    h("div", { id: "analysis-body" },
      h("p", { class: "thinking", id: "analysis-thinking", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), t("analysis.thinking")))));
  const root = main.querySelector("#analysis");
  try {
    const info = await api(`/api/tables/${encodeURIComponent(id)}`, undefined, tableToken(id));
    setSeats(info.seats);
    if (page !== current) return;
    root.querySelector("#analysis-seat-title").textContent = t("analysis.for_seat", { seat: seatName(seat) });
    const [table, data] = await Promise.all([
      actionTable(info.game),
      api(`/api/tables/${encodeURIComponent(id)}/analysis?seat=${seat}`, undefined, localSeats(id)[seat]),
    ]);
    if (page !== current || !root.isConnected) return;
    const byText = new Map(table.map((a) => [a.text, a]));
    draw(root, id, seat, data, byText);
  } catch (err) {
    if (page !== current || !root.isConnected) return;
    root.querySelector("#analysis-body").replaceChildren(h("p", { class: "error", id: "analysis-error", role: "alert" }, apiError(err)));
  }
  root.removeAttribute("aria-busy");
}
