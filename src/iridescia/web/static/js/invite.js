// An invite link (#/j/<table>/<invite>): the page asks the invited player's name (remembered in
// this browser), takes the seat the link is for (POST /api/tables/<id>/claim) and opens the
// table. A link takes one seat, once: opened again (by anyone) it says so. The invite is taken
// out of the address bar at once and kept in this tab's session (a reload still has it).
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { api, apiError } from "./api.js";
import { NAME_MAX, cleanText, myName, rememberName, rememberSeat } from "./store.js";

const KEY = "iridescia.invite.";

export function invitePage(main, id, invite) {
  if (invite) sessionStorage.setItem(KEY + id, invite);
  const link = sessionStorage.getItem(KEY + id);
  if (!link) {
    main.replaceChildren(h("section", { class: "panel invite-page", id: "invite-page" },
      h("p", { class: "error" }, t("invite.missing")), h("a", { href: "#/", class: "button" }, t("table.back"))));
    return;
  }
  const input = h("input", { id: "invite-name", maxlength: String(NAME_MAX), value: myName(), autocomplete: "nickname", placeholder: t("lobby.your_name_placeholder") });
  const error = h("p", { class: "error", id: "invite-error" });
  const take = async () => {
    const name = cleanText(input.value, NAME_MAX);
    if (!name) { error.textContent = t("error.bad_name"); input.focus(); return; }
    rememberName(name);
    try {
      const res = await api(`/api/tables/${encodeURIComponent(id)}/claim`, { invite: link, name });
      rememberSeat(id, res.seat, res.token);
      sessionStorage.removeItem(KEY + id);
      location.hash = `#/t/${encodeURIComponent(id)}`;
    } catch (err) {
      error.textContent = err.code === "invite_used" ? t("invite.used") : apiError(err);
    }
  };
  main.replaceChildren(h("section", { class: "panel invite-page", id: "invite-page" },
    h("h2", {}, t("invite.title")), h("p", {}, t("invite.text")),
    h("form", { onsubmit: (e) => { e.preventDefault(); take(); } },
      h("label", { for: "invite-name" }, `${t("lobby.your_name")} `), input, " ",
      h("button", { type: "submit", class: "primary", id: "take-seat" }, t("invite.take"))),
    error, h("p", {}, h("a", { href: "#/", class: "button" }, t("table.back")))));
  input.focus();
}
