// Building the page: h() makes an element, popups (action menus and card texts) float over the
// table. A tap on anything with a card text (data-tip) that is not an action shows the text
// (touch screens have no hover; mouse users also get `title`); a tap elsewhere closes it.
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

export function closePopups() {
  document.querySelectorAll(".menu, .tip").forEach((m) => m.remove());
}

export function placePopup(node, ev) {
  const x = ev && ev.clientX ? ev.clientX : 40;
  const y = ev && ev.clientY ? ev.clientY : 40;
  node.style.left = `${Math.max(4, Math.min(x, window.innerWidth - 260))}px`;
  node.style.top = `${y + window.scrollY + 8}px`;
  document.body.appendChild(node);
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

// Something on the table that legal actions belong to: marked "legal", with data-actions (the
// action texts, as JSON) and data-action when there is one; a click (or Enter) picks them.
// ctx: {at(place) -> action texts, pick(texts, event)}.
export function clickable(node, place, ctx) {
  const acts = place && ctx ? ctx.at(place) : [];
  if (acts.length) {
    node.classList.add("legal");
    node.setAttribute("data-actions", JSON.stringify(acts));
    if (acts.length === 1) node.setAttribute("data-action", acts[0]);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.pick(acts, ev); });
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter") ctx.pick(acts, ev); });
  }
  return node;
}
