// The rules summary and player aid, reachable from every page: a "Rules" button in the header
// opens a modal dialog (Esc or the close button closes it, focus goes back to the button) with
// a table of contents and the sections of the game on screen. The client knows no game: the
// sections come from the game's plug-in (its optional aid() -> [{id, title, body: [nodes]}]);
// on a page without a table, the game chosen in the lobby (else the first with a board) is
// explained. The dialog also leads to that game's tutorial (#/tutorial, js/tutorial.js) when it
// has one.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { allGames, gameInfo, gamePlugin, gameTitle } from "./games.js";
import { LOBBY_GAME } from "./store.js";

let tableGame = null;   // the game of the table on screen, from the table page's renders
let opener = null;      // what had the focus when the dialog opened (it gets it back)

window.addEventListener("iridescia:rendered", (ev) => {
  const st = ev.detail && ev.detail.state;
  if (st && st.table) tableGame = st.table.game;
});

// The game the dialog explains: the table's on a table page, else the lobby's choice, else the
// first with a board.
function shownGame() {
  const onTable = /^#\/[tr]\//.test(location.hash);
  if (onTable && tableGame && gameInfo(tableGame)) return gameInfo(tableGame);
  const chosen = gameInfo(localStorage.getItem(LOBBY_GAME));  // the lobby's choice
  if (chosen && chosen.board) return chosen;
  return allGames().find((g) => g.board) || null;
}

// The header's buttons: "Rules" (the dialog) and "Learn to play" (the tutorial). Drawing the
// header again (a new page, a new language) closes a dialog left open, which is in the old
// language.
export function learnButtons() {
  closeRules(false);
  return [
    h("button", { type: "button", id: "rules-button", class: "learn-button", title: t("learn.rules_hint"), "aria-haspopup": "dialog", onclick: () => openRules() }, t("learn.rules")),
    h("a", { href: "#/tutorial", id: "tutorial-link", class: "learn-button", title: t("learn.tutorial_hint") }, t("learn.tutorial")),
  ];
}

export function closeRules(restoreFocus = true) {
  const dialog = document.getElementById("rules");
  if (!dialog) return;
  if (dialog.open) dialog.close();
  dialog.remove();
  if (restoreFocus && opener && opener.isConnected) opener.focus();
  opener = null;
}

// Open the dialog, at the section `sectionId` if given.
export async function openRules(sectionId = null) {
  closeRules(false);
  opener = document.activeElement;
  const game = shownGame();
  const plugin = game ? await gamePlugin(game.name).catch(() => null) : null;
  const sections = plugin && plugin.aid ? plugin.aid() : [];
  const close = h("button", { type: "button", class: "rules-close", id: "rules-close", "aria-label": t("learn.close"), title: t("learn.close"), onclick: () => closeRules() }, "×");
  const contents = sections.length ? h("nav", { class: "rules-contents", "aria-label": t("learn.contents") },
    h("ol", {}, ...sections.map((s) => h("li", {}, h("a", { href: `#rules-${s.id}`, onclick: (ev) => { ev.preventDefault(); jumpTo(s.id); } }, s.title))))) : null;
  const body = sections.length
    ? sections.map((s) => h("section", { class: "rules-section", id: `rules-${s.id}`, "aria-labelledby": `rules-h-${s.id}` },
      h("h3", { id: `rules-h-${s.id}`, tabindex: "-1" }, s.title), ...s.body))
    : [h("p", {}, t("learn.no_aid"))];
  const tutorial = game && game.tutorial
    ? h("a", { href: "#/tutorial", class: "button primary", id: "rules-tutorial", onclick: () => closeRules(false) }, t("learn.tutorial_start"))
    : null;
  const dialog = h("dialog", { id: "rules", class: "rules-dialog", "aria-labelledby": "rules-title" },
    h("header", { class: "rules-head" },
      h("h2", { id: "rules-title" }, t("learn.title"), game ? h("span", { class: "rules-game" }, ` · ${gameTitle(game)}`) : null),
      tutorial, close),
    h("div", { class: "rules-main" }, contents, h("div", { class: "rules-body", id: "rules-body" }, ...body)));
  // Esc: the browser's "cancel" closes the dialog; we also drop it and give the focus back.
  dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); closeRules(); });
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) closeRules(); });  // the backdrop
  document.body.appendChild(dialog);
  dialog.showModal();
  close.focus();
  if (sectionId) jumpTo(sectionId);
}

function jumpTo(id) {
  const heading = document.getElementById(`rules-h-${id}`);
  if (!heading) return;
  heading.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}
