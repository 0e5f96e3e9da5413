// The single-page client: header with the language choice, the lobby (create a table, invite
// links, open/running/finished tables), the table page and the replay of finished games.
// Routes: #/ (lobby), #/t/<id> (table), #/t/<id>/<token> (invite link), #/r/<id> (replay).
import { t, loadLanguage, preferredLanguage, setCards, LANGS, lang, seatName, setRhomSeat, eventText, shownInLog, actionLabel } from "./i18n.js";
import { TablePage, rememberSeat, localSeats } from "./table.js";
import { h, renderPanels, renderScores } from "./panels.js";
import { renderBoard } from "./board.js";

const main = document.getElementById("main");
let page = null;
let meta = null;

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error ? data.error.message : res.statusText);
  return data;
}

function header() {
  const select = h("select", { id: "lang", "aria-label": t("app.language"), onchange: async (e) => { await loadLanguage(e.target.value); route(); } },
    ...Object.entries(LANGS).map(([code, name]) => h("option", { value: code, selected: code === lang }, name)));
  document.getElementById("header").replaceChildren(
    h("a", { href: "#/", class: "brand" }, t("app.title")), h("span", { class: "spacer" }), h("label", {}, `${t("app.language")} `, select));
  document.title = t("app.title");
}

function kindLabel(kind) {
  if (kind === "human") return t("kind.human");
  if (kind === "rhom") return t("kind.rhom");
  return t("kind.bot", { name: t(`bot.${kind.slice(4)}`) });
}

function lobby() {
  const state = { mode: "multi", seats: ["human", meta.seat_kinds.find((k) => k.startsWith("bot:")) || "human"], hotseat: false, catapult: false };
  const form = h("section", { class: "panel new-table" });
  const invites = h("div", { id: "invites" });
  const draw = () => {
    const count = state.mode === "solo" ? [1, 1] : state.mode === "rhom" ? [2, 3] : [2, 4];
    while (state.seats.length < count[0]) state.seats.push("human");
    state.seats.length = Math.min(state.seats.length, count[1]);
    const explorers = state.seats.length + (state.mode === "multi" ? 0 : 1);
    if (explorers !== 4) state.catapult = false;
    form.replaceChildren(h("h2", {}, t("lobby.new")),
      h("label", {}, `${t("lobby.mode")} `, h("select", { id: "mode", onchange: (e) => { state.mode = e.target.value; draw(); } },
        ...meta.modes.map((m) => h("option", { value: m, selected: m === state.mode }, t(`lobby.mode.${m}`))))),
      h("h3", {}, t("lobby.seats")),
      h("ol", { class: "seats" }, ...state.seats.map((kind, i) => h("li", {},
        h("select", { class: "seat-kind", "data-seat": i, onchange: (e) => { state.seats[i] = e.target.value; draw(); } },
          ...meta.seat_kinds.map((k) => h("option", { value: k, selected: k === kind }, kindLabel(k)))),
        state.seats.length > count[0] ? h("button", { onclick: () => { state.seats.splice(i, 1); draw(); } }, t("lobby.remove_seat")) : null)),
        state.mode !== "multi" ? h("li", {}, kindLabel("rhom")) : null),
      state.seats.length < count[1] ? h("button", { id: "add-seat", onclick: () => { state.seats.push("human"); draw(); } }, t("lobby.add_seat")) : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "hotseat", checked: state.hotseat, onchange: (e) => { state.hotseat = e.target.checked; } }), t("lobby.hotseat")),
      explorers === 4 ? h("label", { class: "check" }, h("input", { type: "checkbox", id: "catapult", checked: state.catapult, onchange: (e) => { state.catapult = e.target.checked; } }), t("lobby.catapult")) : null,
      h("label", {}, `${t("lobby.name")} `, h("input", { id: "table-name", maxlength: "40", placeholder: t("lobby.name_placeholder") })),
      h("div", {}, h("button", { class: "primary", id: "create", onclick: create }, t("lobby.create"))), invites);
  };
  const create = async () => {
    const humans = state.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = state.hotseat ? humans : humans.slice(0, 1);
    try {
      const res = await api("/api/tables", { mode: state.mode, seats: state.seats, catapult_for_fourth: state.catapult, name: document.getElementById("table-name").value, mine });
      const id = res.table.id;
      for (const s of res.seats) if (s.token && mine.includes(s.seat)) rememberSeat(id, s.seat, s.token);
      const others = res.seats.filter((s) => s.token && !mine.includes(s.seat));
      if (!others.length) { location.hash = `#/t/${id}`; return; }
      invites.replaceChildren(h("p", {}, t("lobby.invites")), ...others.map((s) => {
        const url = `${location.origin}/#/t/${id}/${s.token}`;
        return h("p", { class: "invite" }, `${seatName(s.seat)}: `, h("input", { readonly: true, value: url, class: "invite-url", "data-seat": s.seat, size: "50" }),
          h("button", { onclick: (e) => { navigator.clipboard && navigator.clipboard.writeText(url); e.target.textContent = t("lobby.copied"); } }, t("lobby.copy")));
      }), h("button", { class: "primary", id: "go", onclick: () => { location.hash = `#/t/${id}`; } }, t("lobby.go")));
    } catch (err) { invites.replaceChildren(h("p", { class: "error" }, t("app.error", { message: err.message }))); }
  };
  draw();
  const list = h("section", { class: "panel tables" });
  const loadTables = async () => {
    const { tables } = await api("/api/tables");
    const group = (title, rows) => rows.length ? [h("h3", {}, title), h("ul", {}, ...rows.map((tb) => h("li", { class: "table-row", "data-table": tb.id },
      h("b", {}, tb.name || t("lobby.untitled", { id: tb.id })), ` · ${t(`lobby.mode.${tb.mode}`)} · ${tb.seats.map((s) => kindLabel(s.kind)).join(", ")}`,
      tb.turn ? ` · ${t("lobby.turn", { n: tb.turn })} ` : " ",
      Object.keys(localSeats(tb.id)).length && tb.status === "running" ? h("a", { href: `#/t/${tb.id}`, class: "button" }, t("lobby.resume")) : null,
      tb.open_seats.length && tb.status === "running" ? h("button", { class: "join", onclick: async () => { const j = await api(`/api/tables/${tb.id}/join`, {}); rememberSeat(tb.id, j.seat, j.token); location.hash = `#/t/${tb.id}`; } }, t("lobby.join")) : null,
      tb.status === "running" ? h("a", { href: `#/t/${tb.id}`, class: "button watch" }, t("lobby.watch")) : h("a", { href: `#/r/${tb.id}`, class: "button" }, t("lobby.replay")))))] : [];
    const open = tables.filter((x) => x.status === "running" && x.open_seats.length);
    const running = tables.filter((x) => x.status === "running" && !x.open_seats.length);
    const done = tables.filter((x) => x.status === "finished");
    list.replaceChildren(h("h2", {}, t("lobby.tables"), " ", h("button", { onclick: loadTables }, t("lobby.refresh"))),
      ...(tables.length ? [...group(t("lobby.open"), open), ...group(t("lobby.running"), running), ...group(t("lobby.finished"), done)] : [h("p", {}, t("lobby.none"))]));
  };
  loadTables();
  main.replaceChildren(h("div", { class: "lobby" }, form, list));
}

async function replay(id) {
  let step = 0;
  let data = null;
  const show = async (n) => {
    data = await api(`/api/tables/${id}/replay/${n}`);
    step = n;
    const view = data.view;
    setRhomSeat(view.rhom ? view.rhom.seat : null);
    const act = step > 0 ? data.actions[step - 1] : null;
    const nav = h("div", { class: "replay-nav" },
      h("button", { id: "replay-first", onclick: () => show(0) }, t("replay.first")),
      h("button", { id: "replay-prev", onclick: () => step > 0 && show(step - 1) }, t("replay.prev")),
      h("input", { type: "range", min: "0", max: String(data.steps), value: String(step), onchange: (e) => show(Number(e.target.value)) }),
      h("button", { id: "replay-next", onclick: () => step < data.steps && show(step + 1) }, t("replay.next")),
      h("button", { id: "replay-last", onclick: () => show(data.steps) }, t("replay.last")),
      h("span", { id: "replay-step" }, t("replay.step", { step, total: data.steps })));
    main.replaceChildren(...[h("section", { class: "prompt" }, h("h2", {}, t("replay.title")), nav,
      act ? h("p", {}, t("replay.action", { seat: seatName(act.seat), action: actionLabel(act.action, null) })) : null,
      h("ol", { class: "log" }, ...data.events.filter(shownInLog).map((e) => h("li", {}, eventText(e))))),
      view.game_over && data.table.result ? renderScores(data.table, view) : null,
      h("div", { class: "layout" }, h("div", { class: "board-wrap" }, renderBoard(view, [], () => {})),
        h("div", { class: "side" }, renderPanels({ table: data.table, seat: null }, view, { legal: [], pick: () => {} })))].filter(Boolean));
  };
  try { await show(0); } catch (err) { main.replaceChildren(h("p", { class: "error" }, t("app.error", { message: err.message }))); }
}

function route() {
  header();
  if (page) { page.stop(); page = null; }
  document.querySelectorAll(".menu").forEach((m) => m.remove());
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "t" && parts[1]) {
    if (parts[2]) {   // an invite link: remember the seat, then drop the token from the address
      const token = decodeURIComponent(parts[2]);
      rememberSeat(parts[1], `token:${token}`, token);
      history.replaceState(null, "", `#/t/${parts[1]}`);
    }
    page = new TablePage(main, decodeURIComponent(parts[1]));
    page.start();
  } else if (parts[0] === "r" && parts[1]) {
    replay(decodeURIComponent(parts[1]));
  } else {
    lobby();
  }
}

async function boot() {
  await loadLanguage(preferredLanguage());
  meta = await api("/api/meta");
  setCards(meta.cards);
  window.iridesciaCards = meta.cards;
  window.addEventListener("hashchange", route);
  route();
}

boot();
