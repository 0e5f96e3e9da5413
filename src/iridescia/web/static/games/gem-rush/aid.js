// Gem Rush's player aid for the rules dialog (js/learn.js asks the plug-in's aid()): the turn at a
// glance, moving and building, paying for a door and the special gems, the rooms by type (names
// and effects from the catalogue, never retyped), Crisis and Rush, scoring, and the pictures the
// table draws with. The wording is the project's own (web-gemrush-panels.json) in every
// language; the provisional components are said first (spec §0.3).
import { t, lang } from "/static/js/i18n.js";
import { h } from "/static/js/dom.js";
import { catalogue, gemName, roomName, roomEffect, stepText } from "./words.js";
import { provisionalNotice } from "./scores.js";
import { gemIcon, roomTypeIcon, dwarfIcon, pointsIcon } from "./icons.js";

const para = (...keys) => keys.map((k) => h("p", {}, t(k)));
const steps = (keys) => h("ol", { class: "aid-steps" }, ...keys.map((k) => h("li", { "data-key": k }, ...leadWord(t(k)))));
const bullets = (keys) => h("ul", { class: "aid-list" }, ...keys.map((k) => h("li", { "data-key": k }, ...leadWord(t(k)))));

// The words before the first colon in bold, so a step is found at a glance.
function leadWord(text) {
  const at = text.search(/[:：]/);
  if (at <= 0 || at > 50) return [text];
  return [h("b", {}, text.slice(0, at + 1)), text.slice(at + 1)];
}

function specialGems() {
  return h("ul", { class: "aid-icons" }, ...["DD", "EG", "OR", "WS"].map((g) => h("li", { class: "aid-gem", "data-gem": g },
    gemIcon(g, 26, gemName(g)), h("span", {}, h("b", {}, gemName(g)), " ", t(`grp.special.${g}`)))));
}

const TYPES = ["action", "movement", "free", "none"];

// Every room of the data set, by type: its name and what it does (our words, or its steps).
function roomsByType() {
  const rooms = catalogue.rooms.filter((r) => r.type !== "tunnel");
  return TYPES.flatMap((type) => {
    const of = rooms.filter((r) => r.type === type).sort((a, b) => roomName(a.name).localeCompare(roomName(b.name), lang));
    if (!of.length) return [];
    return [
      h("h4", { class: "aid-type" }, roomTypeIcon(type, 18), " ", t(`grp.aid.type.${type}`)),
      h("table", { class: "aid-table gr-aid-rooms" }, h("tbody", {}, ...of.map((r) => h("tr", { "data-room": r.name },
        h("th", { scope: "row" }, roomName(r.name)),
        h("td", {}, roomEffect(r.name) || r.program.map(stepText).join(" › ") || t("gr.op.none")))))),
    ];
  });
}

function iconsSection() {
  const gems = catalogue.gems.map((g) => h("li", { class: "aid-gem", "data-gem": g.code },
    gemIcon(g.code, 26, gemName(g.code)), h("span", {}, gemName(g.code), g.special ? ` ◆ ${t("gr.test.special")}` : "")));
  const others = [
    [dwarfIcon(0, 26, t("grp.aid.icon.dwarf")), t("grp.aid.icon.dwarf")],
    [pointsIcon(3, 26, t("grp.aid.icon.points")), t("grp.aid.icon.points")],
    ...TYPES.filter((x) => x !== "none").concat(["tunnel"]).map((type) => [roomTypeIcon(type, 26, t(`gr.type.${type}`)), t(`grp.aid.type.${type}`)]),
  ].map(([icon, text]) => h("li", { class: "aid-gem" }, icon, h("span", {}, text)));
  return [h("p", {}, t("grp.aid.icons.gems")), h("ul", { class: "aid-icons" }, ...gems), h("ul", { class: "aid-icons" }, ...others)];
}

export function renderAid() {
  return [
    { id: "gr-glance", title: t("grp.aid.glance"), body: [
      provisionalNotice(),
      ...para("grp.aid.goal"),
      steps(["grp.aid.turn.0", "grp.aid.turn.1", "grp.aid.turn.2", "grp.aid.turn.3", "grp.aid.turn.4"]),
    ] },
    { id: "gr-moving", title: t("grp.aid.moving"), body: [
      bullets(["grp.aid.move.walk", "grp.aid.move.tunnel", "grp.aid.move.build", "grp.aid.move.place", "grp.aid.move.rooms", "grp.aid.move.warp"]),
    ] },
    { id: "gr-paying", title: t("grp.aid.paying"), body: [
      ...para("grp.aid.pay.slots", "grp.aid.pay.spare"), specialGems(),
    ] },
    { id: "gr-rooms", title: t("grp.aid.rooms"), body: [...para("grp.aid.rooms.intro"), ...roomsByType()] },
    { id: "gr-modes", title: t("grp.aid.modes"), body: [
      bullets(["grp.aid.mode.crisis", "grp.aid.mode.burn", "grp.aid.mode.rush", "grp.aid.mode.hands"]),
    ] },
    { id: "gr-scoring", title: t("grp.aid.scoring"), body: [...para("grp.aid.score.doors", "grp.aid.score.rooms", "grp.aid.score.end")] },
    { id: "gr-icons", title: t("grp.aid.icons"), body: iconsSection() },
  ];
}
