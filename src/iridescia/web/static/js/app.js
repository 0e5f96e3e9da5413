// The single-page client: the header with the language choice, and the routes: #/ (the lobby),
// #/t/<id> (a table), #/t/<id>/<token> (an invite link), #/r/<id> (the replay of a finished
// game). It knows no game: the games come from /api/meta, their boards from their plug-ins.
import { t, loadLanguage, preferredLanguage, LANGS, lang } from "./i18n.js";
import { h } from "./dom.js";
import { api } from "./api.js";
import { setGames } from "./games.js";
import { lobby } from "./lobby.js";
import { replay } from "./replay.js";
import { TablePage, rememberSeat } from "./table.js";

const main = document.getElementById("main");
let page = null;

function header() {
  const select = h("select", { id: "lang", "aria-label": t("app.language"), onchange: async (e) => { await loadLanguage(e.target.value); route(); } },
    ...Object.entries(LANGS).map(([code, name]) => h("option", { value: code, selected: code === lang }, name)));
  document.getElementById("header").replaceChildren(
    h("a", { href: "#/", class: "brand" }, t("app.title")), h("span", { class: "spacer" }), h("label", {}, `${t("app.language")} `, select));
  document.title = t("app.title");
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
    replay(main, decodeURIComponent(parts[1]));
  } else {
    lobby(main);
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
