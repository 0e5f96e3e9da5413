// The table beside the game (any game): who sits where (names, online or not, a bot playing for
// an absent player), the turn clock, what the table waits for (its free seats; an absent player:
// the vote, or the seat taken back), your name, and for the creator the invite links of the free
// seats (each opens one seat, once: copy it, or give the seat to a bot). The server decides
// everything here (web/seats.py); this panel shows the table's state and sends requests.
import { t, seatName, seatNumber, kindLabel, botLabel } from "./i18n.js";
import { h, nodes } from "./dom.js";
import { api, apiError } from "./api.js";
import { NAME_MAX, cleanText, rememberName } from "./store.js";

// Seconds left on the turn clock (null: no clock now); offset: the server's time minus ours.
export function clockLeft(table, offset) {
  if (!table.clock || !table.started || table.status !== "running" || table.turn_started === null) return null;
  return table.turn_started + table.clock - (Date.now() / 1000 + offset);
}

export function clockText(seconds) {
  if (seconds === null) return "";
  if (seconds <= 0) return t("clock.up");
  const s = Math.ceil(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const human = (seat) => !!seat && seat.kind === "human";

function minutes(seconds) { return seconds % 60 ? t("clock.seconds", { n: seconds }) : t("clock.minutes", { n: seconds / 60 }); }

// The seats that may vote for a bot to play for the seat holding the table up.
function voters(table, target) {
  return table.seats.filter((s) => s.seat !== target && s.kind === "human" && s.claimed && !s.bot).map((s) => s.seat);
}

function seatState(s, table, me) {
  if (s.bot) return t(s.seat === me ? "table.stand_in_you" : "table.stand_in", { bot: botLabel(s.bot) });
  if (s.kind !== "human") return kindLabel(s.kind);
  if (!s.claimed) return t("table.seat_free");
  if (table.stall && table.stall.seat === s.seat && table.stall.reason === "away") return t("table.away");
  return s.connected ? t("table.online") : t("table.offline");
}

export class TablePanel {
  constructor(page) {
    this.page = page;       // the TablePage: its id, creator token, seat messages, render
    this.invites = null;    // the creator's view of the seats (POST /invites), when known
    this.asked = "";        // the seats' state the invites were asked for
    this.error = "";
    this.renewed = null;    // the seat whose link was just replaced (said under it)
    this.nameInput = h("input", { id: "my-name", maxlength: String(NAME_MAX), autocomplete: "nickname", "aria-label": t("table.your_name") });
    this.nameForm = h("form", { class: "name-form", id: "name-form", onsubmit: (e) => { e.preventDefault(); this.rename(); } },
      h("label", { for: "my-name" }, `${t("table.your_name")} `), this.nameInput, h("button", { type: "submit", id: "rename" }, t("table.rename")));
  }

  rename() {
    const name = cleanText(this.nameInput.value, NAME_MAX);
    if (!name) { this.error = t("error.bad_name"); this.page.render(); return; }
    rememberName(name);
    this.page.sendSeat({ type: "name", name });
  }

  // The creator's links, asked again whenever a seat is taken.
  refreshInvites(table) {
    const state = table.seats.map((s) => `${s.kind}:${s.claimed}`).join(",");
    if (!this.page.creator || state === this.asked) return;
    this.asked = state;
    api(`/api/tables/${encodeURIComponent(this.page.id)}/invites`, { creator: this.page.creator })
      .then((res) => { this.invites = res.seats; this.page.render(); })
      .catch((err) => { this.error = apiError(err); this.page.render(); });
  }

  // A new link for a free seat: the old one stops opening it.
  async renew(seat) {
    try {
      const res = await api(`/api/tables/${encodeURIComponent(this.page.id)}/renew`, { creator: this.page.creator, seat });
      this.invites = res.seats;
      this.renewed = seat;
      this.error = "";
    } catch (err) { this.error = apiError(err); }
    this.page.render();
  }

  async fill(seat, bot) {
    try {
      await api(`/api/tables/${encodeURIComponent(this.page.id)}/fill`, { creator: this.page.creator, seat, bot });
    } catch (err) { this.error = apiError(err); this.page.render(); }
  }

  element(st) {
    const table = st.table;
    this.refreshInvites(table);
    const mine = st.seat !== null ? table.seats[st.seat] : null;
    if (mine && document.activeElement !== this.nameInput) this.nameInput.value = mine.name || "";
    const rows = table.seats.map((s) => h("li", { class: `seat-row${table.current_player === s.seat ? " current" : ""}${s.bot ? " stand-in" : ""}`, "data-seat": s.seat },
      h("b", { class: "seat-name" }, seatName(s.seat)), s.seat === st.seat ? h("small", {}, ` ${t("table.you")}`) : null,
      h("small", { class: "seat-state" }, ` · ${seatState(s, table, st.seat)}`)));
    const facts = [t(table.private ? "table.private" : "table.public"),
      table.clock ? t("table.clock_per_turn", { time: minutes(table.clock) }) : t("table.no_clock"),
      t(`table.away_rule.${table.away}`, { bot: botLabel(table.away_bot || "") })];
    return h("section", { class: "panel table-panel", id: "table-panel" },
      h("h3", {}, t("table.table")), h("p", { class: "facts" }, facts.join(" · ")),
      h("ol", { class: "seat-list" }, ...rows),
      ...nodes(this.waiting(st), this.stalled(st), this.standIn(st), this.invitesPanel(table),
        human(mine) ? this.nameForm : null, human(mine) ? this.seatLink(table, st.seat) : null,
        this.error ? h("p", { class: "error", id: "table-error" }, this.error) : null));
  }

  waiting(st) {
    const table = st.table;
    if (table.started || table.status !== "running") return null;
    const taken = table.seats.filter((s) => s.claimed).length;
    return h("p", { class: "waiting", id: "waiting-players" }, t("table.waiting_players", { n: taken, total: table.seats.length }));
  }

  stalled(st) {
    const stall = st.table.stall;
    if (!stall || st.table.status !== "running") return null;
    const name = seatName(stall.seat);
    const text = t(`table.stall.${stall.reason}`, { name });
    if (st.table.away !== "vote") return h("p", { class: "stall", id: "stall" }, text);
    const allowed = voters(st.table, stall.seat);
    const needed = Math.floor(allowed.length / 2) + 1;
    const count = t("table.votes", { n: stall.votes.length, needed });
    let action = null;
    if (st.seat !== null && stall.votes.includes(st.seat)) action = h("small", {}, t("table.voted"));
    else if (allowed.includes(st.seat)) {
      action = h("button", { id: "vote-bot", class: "primary", onclick: () => this.page.sendSeat({ type: "vote", seat: stall.seat }) },
        t("table.vote", { name, bot: botLabel(st.table.away_bot) }));
    }
    return h("div", { class: "stall", id: "stall" }, h("p", {}, text, " ", h("small", {}, count)), action);
  }

  standIn(st) {
    const mine = st.seat !== null ? st.table.seats[st.seat] : null;
    if (!mine || !mine.bot || st.table.status !== "running") return null;
    return h("div", { class: "stall mine", id: "stand-in" }, h("p", {}, t("table.bot_plays_for_you", { bot: botLabel(mine.bot) })),
      h("button", { class: "primary", id: "take-back", onclick: () => this.page.sendSeat({ type: "takeback" }) }, t("table.take_back")));
  }

  // Your own seat's link, to play from another device (it opens your seat: keep it to yourself).
  seatLink(table, seat) {
    const token = this.page.tokens[seat];
    if (!token || table.status !== "running") return null;
    const url = `${location.origin}/#/t/${encodeURIComponent(table.id)}/${token}`;
    const input = h("input", { readonly: true, value: url, class: "invite-link", id: "seat-link", "aria-label": t("table.seat_link"), onclick: (e) => e.target.select() });
    return h("details", { class: "seat-link" }, h("summary", {}, t("table.seat_link")), h("p", { class: "hint" }, t("table.seat_link_hint")),
      h("div", { class: "invite-row" }, input, h("button", { class: "copy", onclick: (e) => copy(url, input, e.target) }, t("lobby.copy"))));
  }

  invitesPanel(table) {
    const free = (this.invites || []).filter((s) => s.invite);
    if (!this.page.creator || !free.length || table.status !== "running") return null;
    const bots = this.page.bots();
    return h("div", { class: "invites", id: "invites" }, h("p", {}, t("table.invites_hint")),
      ...free.map((s) => {
        const url = `${location.origin}/#/j/${encodeURIComponent(table.id)}/${s.invite}`;
        const input = h("input", { readonly: true, value: url, class: "invite-link", "data-seat": s.seat, "aria-label": seatNumber(s.seat), onclick: (e) => e.target.select() });
        const level = h("select", { class: "fill-bot", "data-seat": s.seat, "aria-label": t("table.fill_level") }, ...bots.map((b) => h("option", { value: b, selected: b === table.away_bot }, botLabel(b))));
        return h("div", { class: "invite", "data-seat": s.seat }, h("b", {}, `${seatNumber(s.seat)} `),
          h("div", { class: "invite-row" }, input, h("button", { class: "copy", onclick: (e) => copy(url, input, e.target) }, t("lobby.copy")),
            h("button", { class: "renew", "data-seat": s.seat, title: t("table.renew_title"), onclick: () => this.renew(s.seat) }, t("table.renew"))),
          this.renewed === s.seat ? h("small", { class: "renewed", role: "status" }, t("table.renewed")) : null,
          bots.length ? h("div", { class: "invite-row" }, h("small", {}, `${t("table.or_bot")} `), level,
            h("button", { class: "fill", "data-seat": s.seat, onclick: () => this.fill(s.seat, level.value) }, t("table.fill"))) : null);
      }));
  }
}

function copy(url, input, button) {
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  button.textContent = t("lobby.copied");
}
