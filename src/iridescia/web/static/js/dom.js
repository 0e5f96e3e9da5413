// Building the page: h() makes an element, popups (action menus and card texts) float over the
// table. A tap on anything with a card text (data-tip) that is not an action shows the text
// (touch screens have no hover; mouse users also get `title`); a tap elsewhere closes it.
// Keyboard: everything clickable() marks is a Tab stop that Enter or Space activates; an
// action menu takes the focus, its items are walked with the arrows (Home/End) and Esc closes
// it (or a card text) and gives the focus back to what opened it.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// The non-empty nodes of a list (replaceChildren would show a null as the text "null").
export const nodes = (...xs) => xs.flat().filter((x) => x !== null && x !== undefined && x !== false);

// What had the focus when a popup opened (it gets it back when the popup closes by keyboard).
let opener = null;

export function closePopups() {
  document.querySelectorAll(".menu, .tip").forEach((m) => m.remove());
}

function closeAndRefocus() {
  const back = opener;
  closePopups();
  opener = null;
  if (back && back.isConnected) back.focus();
}

// A popup next to where it was asked for: the pointer, or (keyboard: no pointer position) the
// element that asked for it. A menu takes the focus on its first item.
export function placePopup(node, ev) {
  const source = ev && ev.currentTarget instanceof Element ? ev.currentTarget : ev && ev.target instanceof Element ? ev.target : null;
  let x = ev && ev.clientX ? ev.clientX : null;
  let y = ev && ev.clientY ? ev.clientY : null;
  if (x === null || y === null) {
    const box = source ? source.getBoundingClientRect() : { left: 40, bottom: 40 };
    x = box.left;
    y = box.bottom;
  }
  node.style.left = `${Math.max(4, Math.min(x, window.innerWidth - 260))}px`;
  node.style.top = `${y + window.scrollY + 8}px`;
  document.body.appendChild(node);
  opener = document.activeElement instanceof HTMLElement || document.activeElement instanceof SVGElement ? document.activeElement : source;
  if (node.getAttribute("role") === "menu") {
    const first = node.querySelector("[role=menuitem]");
    if (first) first.focus();
  }
}

document.addEventListener("click", (ev) => {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target || target.closest(".menu, .tip")) return;
  const tipped = target.closest("[data-tip]");
  if (tipped && !tipped.classList.contains("legal")) {
    closePopups();
    placePopup(h("div", { class: "tip", role: "tooltip" }, tipped.dataset.tip), ev);
  } else if (!target.closest(".legal")) {
    closePopups();
  }
});

// The arrows walk a menu's items (wrapping), Home and End go to its ends, Esc closes popups.
export function menuKey(ev) {
  if (ev.key === "Escape" && document.querySelector(".menu, .tip")) {
    ev.preventDefault();
    closeAndRefocus();
    return;
  }
  const menu = ev.target instanceof Element ? ev.target.closest("[role=menu]") : null;
  if (!menu) return;
  const items = [...menu.querySelectorAll("[role=menuitem]")];
  if (!items.length) return;
  const at = items.indexOf(document.activeElement);
  const next = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[ev.key];
  if (next === undefined) return;
  ev.preventDefault();
  items[(next + items.length) % items.length].focus();
}
document.addEventListener("keydown", menuKey);

// Anything drawn with the role of a button (an SVG shape on a board, a card) is pressed by Space
// as a real button is, even when its maker only listened for Enter: Space clicks it.
document.addEventListener("keydown", (ev) => {
  if (ev.key !== " " || ev.defaultPrevented || ev.repeat) return;
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target || target.getAttribute("role") !== "button" || target instanceof HTMLButtonElement) return;
  ev.preventDefault();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
});

// The keys that press a button: Enter and Space (Space would otherwise scroll the page).
export function isPress(ev) {
  return ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar";
}

// Something on the table that legal actions belong to: marked "legal", with data-actions (the
// action texts, as JSON) and data-action when there is one; a click, Enter or Space picks them.
// It is a Tab stop with the role of a button, named by its actions' labels (ctx.label) unless
// it already has a name. ctx: {at(place) -> action texts, pick(texts, event), label?(text)}.
export function clickable(node, place, ctx) {
  const acts = place && ctx ? ctx.at(place) : [];
  if (acts.length) {
    node.classList.add("legal");
    node.setAttribute("data-actions", JSON.stringify(acts));
    if (acts.length === 1) node.setAttribute("data-action", acts[0]);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (acts.length > 1) node.setAttribute("aria-haspopup", "menu");
    if (!node.hasAttribute("aria-label")) {
      const label = ctx.label ? acts.map((a) => ctx.label(a)).join(" · ") : node.dataset.tip || acts.join(" · ");
      node.setAttribute("aria-label", label);
    }
    node.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.pick(acts, ev); });
    node.addEventListener("keydown", (ev) => {
      if (!isPress(ev) || ev.repeat) return;
      ev.preventDefault();
      ev.stopPropagation();
      ctx.pick(acts, ev);
    });
  }
  return node;
}

// How to find an element again after its part of the page is drawn anew: its id, else its tag
// with its class and data-* attributes (a seat's select, an option, an action's button).
function focusKey(node) {
  if (!(node instanceof Element) || node === document.body) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  const name = node.getAttribute("name");
  if (name && node.hasAttribute("value")) return `[name="${CSS.escape(name)}"][value="${CSS.escape(node.getAttribute("value"))}"]`;
  const data = [...node.attributes].filter((a) => a.name.startsWith("data-")).map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  const cls = node.classList.length ? `.${CSS.escape(node.classList[0])}` : "";
  return data || cls ? `${node.tagName.toLowerCase()}${cls}${data}` : null;
}

// Draw part of the page anew without losing the keyboard's place: what had the focus inside
// root gets it back when it is drawn again (a keyboard player would else start from the top);
// when it is gone, the first element matching `fallback` gets it, now or at a later redraw of
// root that has one (an action sent: its answer brings the next decision's buttons). Only a
// focus that was in root is moved: a player typing elsewhere keeps the caret.
let lostIn = null;  // the root whose redraw lost the focus, until something else takes it
document.addEventListener("focusin", () => { lostIn = null; });

export function keepFocus(root, draw, fallback = null) {
  const active = document.activeElement;
  const inside = !!active && active !== document.body && root.contains(active);
  const wasLost = lostIn === root && (!active || active === document.body);
  const key = inside ? focusKey(active) : null;
  // a text box drawn again as the same element keeps its caret too
  const caret = inside && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  draw();
  if (!inside && !wasLost) return;
  const now = document.activeElement;
  if (now && now !== document.body && root.contains(now)) return;
  const same = inside && active.isConnected && root.contains(active) ? active : null;
  const again = same || (key && root.querySelector(key)) || (fallback && root.querySelector(fallback));
  if (!again || typeof again.focus !== "function") { lostIn = root; return; }
  again.focus({ preventScroll: true });
  if (again === same && caret && typeof again.setSelectionRange === "function") again.setSelectionRange(caret[0], caret[1]);
}

// Screen readers hear what the table asks and what went wrong: the prompt's sentence and the
// error line (#prompt .prompt-text, #error: whichever page draws them) are read out through one
// polite live region when they change. The page is drawn anew often, and a live region drawn
// anew with it is not read reliably: this one stays.
let heard = "";
function announceChanges() {
  const text = ["#prompt .prompt-text", "#error"].map((s) => document.querySelector(s)).filter(Boolean)
    .map((n) => n.textContent.trim()).filter(Boolean).join(" — ");
  if (text === heard) return;
  heard = text;
  let region = document.getElementById("announcer");
  if (!region) {
    region = h("div", { id: "announcer", class: "visually-hidden", role: "status", "aria-live": "polite" });
    document.body.appendChild(region);
  }
  region.textContent = text;
}
let announcing = false;
function watchForAnnouncements() {
  const main = document.getElementById("main");
  if (!main) return;
  new MutationObserver(() => {
    if (announcing) return;
    announcing = true;
    requestAnimationFrame(() => { announcing = false; announceChanges(); });
  }).observe(main, { childList: true, subtree: true, characterData: true });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchForAnnouncements);
else watchForAnnouncements();
