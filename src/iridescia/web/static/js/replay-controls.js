// The replay's controls (replay.js draws the game): first / back / play-pause / next / last, a
// slider over every step, the step counter, the autoplay speed (remembered in this browser),
// whose eyes the game is seen through (the spectator's, or a seat this browser played), and the
// keys: ← → a step, Home / End the first and last, space play / pause.
import { t, seatName } from "./i18n.js";
import { h } from "./dom.js";
import { analyseButton } from "./analysis.js";

// The transport buttons' pictures (SVG: no font has to hold ⏮ ⏭ ⏸).
const GLYPHS = {
  first: "M5 4h2.5v16H5zM19 4v16L8.5 12z",
  prev: "M17 4v16L6 12z",
  play: "M7 4v16l12-8z",
  pause: "M6 4h4.5v16H6zM13.5 4H18v16h-4.5z",
  next: "M7 4v16l11-8z",
  last: "M16.5 4H19v16h-2.5zM5 4v16l10.5-8z",
};
const SVG = "http://www.w3.org/2000/svg";
function glyph(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "glyph");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", GLYPHS[name]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  return svg;
}

// Autoplay speeds: the pause between two steps, in ms.
export const SPEEDS = { slow: 2400, normal: 1200, fast: 600, fastest: 200 };
const SPEED_KEY = "iridescia.replay.speed";

export function savedSpeed() {
  const s = localStorage.getItem(SPEED_KEY);
  return s && SPEEDS[s] ? s : "normal";
}

export function saveSpeed(name) { localStorage.setItem(SPEED_KEY, name); }

// The bar. `page`: {step, steps, playing, speed, viewer, viewers: [seat...], go(n), toggle(),
// setSpeed(name), setViewer(seat|null)}.
export function controls(page) {
  const button = (id, label, text, onclick, disabled) =>
    h("button", { id, title: label, "aria-label": label, onclick, disabled: disabled || null }, text);
  const atStart = page.step <= 0;
  const atEnd = page.step >= page.steps;
  const play = page.playing ? t("replay.pause") : t("replay.play");
  const viewer = page.viewers.length
    ? h("label", { class: "replay-viewer" }, `${t("replay.viewer")} `,
      h("select", { id: "replay-viewer", onchange: (e) => page.setViewer(e.target.value === "" ? null : Number(e.target.value)) },
        h("option", { value: "", selected: page.viewer === null }, t("replay.spectator")),
        ...page.viewers.map((s) => h("option", { value: String(s), selected: page.viewer === s }, t("replay.eyes", { seat: seatName(s) })))))
    : null;
  return h("div", { class: "replay-nav", role: "toolbar", "aria-label": t("replay.title") },
    h("div", { class: "replay-buttons" },
      button("replay-first", t("replay.first"), glyph("first"), () => page.go(0), atStart),
      button("replay-prev", t("replay.prev"), glyph("prev"), () => page.go(page.wanted - 1), atStart),
      h("button", { id: "replay-play", class: "primary", "aria-pressed": page.playing ? "true" : "false", onclick: () => page.toggle() },
        glyph(page.playing ? "pause" : "play"), " ", play),
      button("replay-next", t("replay.next"), glyph("next"), () => page.go(page.wanted + 1), atEnd),
      button("replay-last", t("replay.last"), glyph("last"), () => page.go(page.steps), atEnd)),
    h("input", { type: "range", id: "replay-slider", min: "0", max: String(page.steps), value: String(page.step), "aria-label": t("replay.slider"),
      onchange: (e) => page.go(Number(e.target.value)) }),
    h("span", { id: "replay-step", class: "replay-step", "aria-live": "polite" }, t("replay.step", { step: page.step, total: page.steps })),
    h("label", { class: "replay-speed" }, `${t("replay.speed")} `,
      h("select", { id: "replay-speed", onchange: (e) => page.setSpeed(e.target.value) },
        ...Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === page.speed }, t(`replay.speed.${s}`))))),
    viewer,
    analyseButton(page.id),
    h("span", { class: "replay-keys" }, t("replay.keys")));
}

// The keys of the replay; returns the function that removes the listener.
export function listenKeys(page) {
  const onKey = (ev) => {
    const target = ev.target;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (target && (target.tagName === "SELECT" || target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type !== "range"))) return;
    const moves = { ArrowLeft: () => page.go(page.wanted - 1), ArrowRight: () => page.go(page.wanted + 1), Home: () => page.go(0), End: () => page.go(page.steps), " ": () => page.toggle() };
    const move = moves[ev.key];
    if (!move) return;
    if (ev.key === " " && target && target.tagName === "BUTTON") return;  // a focused button: its own click
    ev.preventDefault();
    move();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
