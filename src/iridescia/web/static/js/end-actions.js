// The ways on from a finished game's end screen, for any game's plug-in to show at the top of
// its result: the replay (not offered on the replay itself), the analysis, a new game with the
// same seats and the record's download (each one only where this browser may use it).
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { rematchButton } from "./rematch.js";
import { analyseButton } from "./analysis.js";
import { recordButton } from "./record.js";

export function endActions(table) {
  const onReplay = location.hash.startsWith("#/r/");
  return h("div", { class: "end-actions" },
    onReplay ? null : h("a", { href: `#/r/${table.id}`, id: "replay-link", class: "button" }, t("table.replay")),
    analyseButton(table.id),
    rematchButton(table),
    recordButton(table));
}
