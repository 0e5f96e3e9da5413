// The table's settings, remembered on this device (localStorage "iridescia.settings"): how fast
// the other seats' steps play on the board, the turn chime, and the side tab last opened. Also
// the small things a player expects around their turn: "your turn" in the browser tab's title
// (so a player in another tab sees it) and a short chime made with WebAudio (no sound file),
// off by default.
import { t } from "./i18n.js";
import { h } from "./dom.js";

const KEY = "iridescia.settings";

// One step of another seat (the Rhom, a bot) stays on the board at least `hold` ms (the server
// sends them at the game's own pace, about 0.3 s to 0.6 s a step: "fast" follows it); its
// animation lasts `motion` ms. "instant" shows only where a turn ends, and animates nothing.
export const SPEEDS = {
  slow: { hold: 1500, motion: 600 },
  normal: { hold: 750, motion: 350 },
  fast: { hold: 0, motion: 200 },
  instant: { hold: 0, motion: 0, merge: true },
};

const DEFAULTS = { speed: "normal", sound: false, side: "market" };

export function loadSettings() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  const settings = { ...DEFAULTS, ...saved };
  if (!(settings.speed in SPEEDS)) settings.speed = DEFAULTS.speed;
  settings.sound = settings.sound === true;
  return settings;
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

// The settings menu of the table's tool bar: a <details> that stays open across re-renders as
// long as the page keeps `state.open`.
export function settingsMenu(settings, state, onChange) {
  const change = (key, value) => { settings[key] = value; saveSettings(settings); onChange(); };
  const speed = h("select", { id: "speed", onchange: (e) => change("speed", e.target.value) },
    ...Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === settings.speed }, t(`table.speed.${s}`))));
  const sound = h("input", { type: "checkbox", id: "sound", checked: settings.sound, onchange: (e) => { change("sound", e.target.checked); if (e.target.checked) chime(); } });
  const menu = h("details", { class: "play-settings", id: "settings", open: state.open, ontoggle: (e) => { state.open = e.target.open; } },
    // (the state follows the click at once: a redraw before the toggle event keeps it open)
    h("summary", { title: t("table.settings"), "aria-label": t("table.settings"), onclick: () => { state.open = !menu.open; } }, "⚙"),
    h("div", { class: "play-settings-body" },
      h("label", { for: "speed" }, t("table.speed")), speed,
      h("label", { class: "check" }, sound, ` ${t("table.sound")}`)));
  return menu;
}

// The menu closes with Esc or a click anywhere else, as menus do.
document.addEventListener("click", (e) => {
  const menu = document.getElementById("settings");
  if (menu && menu.open && e.target instanceof Node && !menu.contains(e.target)) menu.open = false;
});
document.addEventListener("keydown", (e) => {
  const menu = document.getElementById("settings");
  if (e.key === "Escape" && menu && menu.open) { menu.open = false; menu.querySelector("summary").focus(); }
});

let audio = null;

// A short two-note chime (about a third of a second), quiet.
export function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    [880, 1320].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.12, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.3);
    });
  } catch {
    // no audio on this device: the title still says it
  }
}

// The browser tab's title: the game's, with "Your turn" in front when the seat on screen is to act.
export function setTitle(base, mine) {
  document.title = mine ? t("table.title_your_turn", { title: base }) : base;
}
