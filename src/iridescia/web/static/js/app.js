// The single-page client: the header with the language choice, and the routes: #/ (the lobby),
// #/t/<id> (a table), #/t/<id>/<token> (a seat's own link: its player's, on another device),
// #/j/<id>/<invite> (an invite link: take one free seat, once), #/r/<id> (the replay of a
// finished game; #/r/<id>/<step>: opened at a step), #/a/<id>[/<seat>] (its analysis:
// js/analysis.js), #/tutorial (a new tutorial table: js/tutorial.js), #/rules (the lobby with
// the rules dialog open: js/learn.js). It knows no game: the games come from /api/meta, their
// boards from their plug-ins. Tokens and invites come after "#": browsers never send that part
// to the server.
import { t, loadLanguage, preferredLanguage, LANGS, lang } from "./i18n.js";
import { h } from "./dom.js";
import { api } from "./api.js";
import { setGames } from "./games.js";
import { lobby } from "./lobby.js";
import { replay } from "./replay.js";
import { TablePage } from "./table.js";
import { rememberSeat } from "./store.js";
import { invitePage } from "./invite.js";
import { learnButtons, openRules } from "./learn.js";
import { startTutorial } from "./tutorial.js";
import { analysisPage } from "./analysis.js";

const main = document.getElementById("main");
let page = null;

function header() {
  const select = h("select", { id: "lang", "aria-label": t("app.language"), onchange: async (e) => { await loadLanguage(e.target.value); route(); } },
    ...Object.entries(LANGS).map(([code, name]) => h("option", { value: code, selected: code === lang }, name)));
  document.getElementById("header").replaceChildren(
    h("a", { href: "#/", class: "brand" }, t("app.title")), h("span", { class: "spacer" }), ...learnButtons(), h("label", {}, `${t("app.language")} `, select));
  document.title = t("app.title");
}

// A part of the address, decoded (null when it is not valid percent-encoding).
function decoded(part) {
  try { return decodeURIComponent(part); } catch { return null; }
}

function route() {
  header();
  if (page) { page.stop(); page = null; }
  document.querySelectorAll(".menu").forEach((m) => m.remove());
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  const id = parts[1] ? decoded(parts[1]) : null;
  if (parts[0] === "t" && id) {
    if (parts[2]) {   // an invite link: remember the seat (the server may refuse it: then the
      // page forgets it), then drop the token from the address
      const token = decoded(parts[2]);
      if (token) rememberSeat(id, `token:${token}`, token);
      history.replaceState(null, "", `#/t/${parts[1]}`);
    }
    page = new TablePage(main, id);
    page.start();
  } else if (parts[0] === "j" && id && parts[2]) {
    const invite = decoded(parts[2]);
    history.replaceState(null, "", `#/j/${parts[1]}`);  // the invite leaves the address bar
    invitePage(main, id, invite);
  } else if (parts[0] === "j" && id) {
    invitePage(main, id, null);
  } else if (parts[0] === "r" && id) {
    replay(main, id, /^\d+$/.test(parts[2] || "") ? Number(parts[2]) : 0);
  } else if (parts[0] === "a" && id) {
    analysisPage(main, id, /^\d+$/.test(parts[2] || "") ? Number(parts[2]) : null);
  } else if (parts[0] === "tutorial") {
    startTutorial(main);
  } else {
    lobby(main);
    if (parts[0] === "rules") openRules();
  }
}

async function boot() {
  await loadLanguage(preferredLanguage());
  const meta = await api("/api/meta");
  setGames(meta.games);
  window.addEventListener("hashchange", route);
  route();
}

boot();
