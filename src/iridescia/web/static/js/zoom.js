// Zoom and pan for a board drawn in SVG (any game's): the board's svg carries its full size in
// data-width and data-height, and zooms and pans through its viewBox (buttons, mouse wheel,
// drag, two-finger pinch). A drag sets data-panned for the moment of the click that ends it, so
// a board ignores that click. `zoom` is {z, cx, cy} (scale and the centre, in board units), kept
// by the page across renders; `onChange` is called after every change so the page can remember it.
// A board may name the box of what can be clicked now in data-focus (JSON [x, y, width, height],
// board units): zoomed in, the view then centres on it when it changes (a new decision) and when the
// player zooms in from the whole board, so the legal hexes are never off screen. The wheel zooms
// about the point under the pointer. A board may also name data-comfort, the fewest screen
// pixels per board unit that stay readable: when the whole board would be drawn smaller than that
// (a large mine on a phone), `comfortZoom` starts the view zoomed in on data-focus instead, until
// the player asks for the whole board (zoom.whole: the ⤢ button, or zooming all the way out).
export function attachZoom(svg, zoom, onChange) {
  const W = Number(svg.dataset.width);
  const H = Number(svg.dataset.height);
  const focusKey = svg.dataset.focus || "";
  if (focusKey && (zoom.z || 1) > 1 && (zoom.focus !== focusKey || !(zoom.was > 1))) {
    const [x, y, w, hgt] = JSON.parse(focusKey).map(Number);
    zoom.cx = x + w / 2;
    zoom.cy = y + hgt / 2;
  }
  zoom.focus = focusKey;
  const apply = () => {
    zoom.z = Math.max(1, Math.min(4, zoom.z || 1));
    zoom.was = zoom.z;
    const w = W / zoom.z;
    const hgt = H / zoom.z;
    zoom.cx = Math.max(w / 2, Math.min(W - w / 2, zoom.cx ?? W / 2));
    zoom.cy = Math.max(hgt / 2, Math.min(H - hgt / 2, zoom.cy ?? H / 2));
    svg.setAttribute("viewBox", `${(zoom.cx - w / 2).toFixed(1)} ${(zoom.cy - hgt / 2).toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`);
  };
  const scale = () => W / zoom.z / svg.getBoundingClientRect().width;  // board units per pixel
  apply();
  svg.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey && zoom.z <= 1 && ev.deltaY > 0) return;  // let the page scroll
    ev.preventDefault();
    const old = zoom.z;
    zoom.z = Math.max(1, Math.min(4, old * (ev.deltaY < 0 ? 1.15 : 1 / 1.15)));
    zoom.auto = false;  // the player's own zoom from now on
    if (zoom.z <= 1) zoom.whole = true;  // the player wants the whole board
    const ctm = svg.getScreenCTM();
    if (ctm && zoom.z !== old) {  // keep the point under the pointer where it is
      const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
      zoom.cx = p.x + (zoom.cx - p.x) * (old / zoom.z);
      zoom.cy = p.y + (zoom.cy - p.y) * (old / zoom.z);
    }
    apply();
    onChange();
  }, { passive: false });
  const pointers = new Map();
  let start = null;
  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    start = { z: zoom.z, cx: zoom.cx, cy: zoom.cy, pts: new Map(pointers), moved: 0 };
    delete svg.dataset.panned;
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!pointers.has(ev.pointerId) || !start) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const now = [...pointers.values()];
    const was = [...start.pts.values()];
    if (now.length >= 2 && was.length >= 2) {  // pinch
      const d = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) || 1;
      zoom.z = start.z * d(now[0], now[1]) / d(was[0], was[1]);
      zoom.auto = false;
      if (zoom.z <= 1) zoom.whole = true;
      svg.dataset.panned = "1";
    } else if (zoom.z > 1) {  // drag
      const p0 = start.pts.get(ev.pointerId);
      if (!p0) return;
      const dx = ev.clientX - p0.x;
      const dy = ev.clientY - p0.y;
      start.moved = Math.max(start.moved, Math.hypot(dx, dy));
      if (start.moved < 6) return;
      svg.dataset.panned = "1";
      zoom.cx = start.cx - dx * scale();
      zoom.cy = start.cy - dy * scale();
    } else {
      return;
    }
    ev.preventDefault();
    apply();
  });
  const end = (ev) => {
    pointers.delete(ev.pointerId);
    if (!pointers.size) {
      if (svg.dataset.panned) onChange();
      start = null;
      setTimeout(() => { delete svg.dataset.panned; }, 0);
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  return apply;
}

// Once `svg` is in the page (it needs its size): while the whole board would be drawn below its
// data-comfort scale, the view is zoomed to that scale (zoom.auto: again as the board grows) and
// centred on its data-focus when it first zooms in, unless the player chose a zoom of their own
// (zoom.auto false with z > 1) or the whole board (zoom.whole). `apply` is what attachZoom
// returned. Whether the view went from the whole board to zoomed in (the page then shows ⤢).
export function comfortZoom(svg, zoom, apply) {
  const comfort = Number(svg.dataset.comfort || 0);
  const z = zoom.z || 1;
  if (!comfort || zoom.whole || (z > 1 && !zoom.auto) || !svg.dataset.focus) return false;
  const box = svg.getBoundingClientRect();
  const perUnit = Math.min(box.width / Number(svg.dataset.width), box.height / Number(svg.dataset.height));
  if (!(perUnit > 0)) return false;
  const wanted = Math.max(1, Math.min(4, comfort / perUnit));
  if (Math.abs(wanted - z) < 0.02) return false;
  zoom.z = wanted;
  zoom.auto = wanted > 1;
  if (z <= 1) {
    const [x, y, w, hgt] = JSON.parse(svg.dataset.focus).map(Number);
    zoom.cx = x + w / 2;
    zoom.cy = y + hgt / 2;
    zoom.focus = svg.dataset.focus;
  }
  apply();
  svg.style.touchAction = zoom.z > 1 ? "none" : "pan-x pan-y";
  return (z <= 1) !== (zoom.z <= 1);
}
