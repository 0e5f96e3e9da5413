// What changed on the panels in the step on screen, shown briefly: a counter that went up or
// down (coins, gems, stone dice, points, a market die, the supply) pulses and shows its
// difference ("+2", "−1"), a card or tile that arrived (a restored relic, a collected tile, a
// new item in the market or in a hand) rises into place. Only when the table gives the view
// before the step (ctx.before) and a motion time (ctx.motion > 0); none at all under
// prefers-reduced-motion (the stylesheet drops the animations).

export const motionOf = (ctx) => (ctx && ctx.before && ctx.motion > 0 ? ctx.motion : 0);

// The same player in the view before the step, or null.
export function before(ctx, seat) {
  if (!motionOf(ctx)) return null;
  return (ctx.before.players || []).find((p) => p.seat === seat) || null;
}

// Mark `node` (a counter) with the difference between `now` and `was`.
export function bump(node, now, was, ctx) {
  const ms = motionOf(ctx);
  if (!ms || was === undefined || was === null || now === was) return node;
  const delta = now - was;
  node.classList.add("bump", delta > 0 ? "up" : "down");
  node.dataset.delta = delta > 0 ? `+${delta}` : `−${-delta}`;
  node.style.setProperty("--motion", `${ms}ms`);
  return node;
}

// Mark `node` (a card, a tile) as just arrived when `isNew`.
export function arrive(node, isNew, ctx) {
  const ms = motionOf(ctx);
  if (!ms || !isNew) return node;
  node.classList.add("arrived");
  node.style.setProperty("--motion", `${ms}ms`);
  return node;
}
