// Card movement between two published states, tracked by card id. Pure: plans and interpolates;
// the glue decides when to draw. Works for either game's layout: a card may turn on its way (from a
// quilt cell where it lies across to the upright waste).

import { cardPositions, topCardRect } from "./layout.js";

export const MOVE_MS = 200;
/** A refill (Windmill: the waste or stock into an emptied sail) starts once the played card is on its way. */
export const REFILL_DELAY_MS = 120;
/** Above this many moving cards (a new game, a jump in a replay, a redeal) the board just switches. */
export const MAX_ANIMATED = 6;

/** card id -> pile name, for every card in a state's piles (the stock shows no ids). */
function pileOf(layout, piles) {
  const out = new Map();
  for (const name of layout.order) {
    const ids = piles?.[name];
    if (Array.isArray(ids)) for (const id of ids) out.set(id, name);
  }
  return out;
}

const sameRect = (a, b) => a.x === b.x && a.y === b.y && Boolean(a.across) === Boolean(b.across);

/**
 * The animations that carry the board from `prev` piles to `next` piles: one per visible card of
 * `next` that was elsewhere before. Returns [{id, from, to, delay, pile, fromStock}] (rects) or []
 * when the change is too big to animate. `overrides` maps an id to its start rect (a dropped card
 * starts where the pointer let it go).
 */
export function planAnimations(layout, prev, next, overrides = new Map()) {
  if (!prev || !next) return [];
  const before = cardPositions(layout, prev);
  const after = cardPositions(layout, next);
  const prevPile = pileOf(layout, prev);
  const nextPile = pileOf(layout, next);
  const plans = [];
  for (const [id, to] of after) {
    const pile = nextPile.get(id);
    let from = overrides.get(id) ?? before.get(id);
    if (!from) {
      const was = prevPile.get(id);
      if (was === pile) continue; // it was there all along, under the fan
      // Hidden before: under another card, or face down in the stock.
      from = was ? topCardRect(layout, was, prev[was].length) : topCardRect(layout, "stock", 1);
    }
    if (sameRect(from, to)) continue;
    plans.push({ id, from, to, pile, delay: 0, fromStock: !prevPile.has(id) });
  }
  if (plans.length > MAX_ANIMATED) return [];
  // The played card leads; refills of the piles it emptied follow.
  const refills = new Set(layout.refills ?? []);
  const lead = plans.some((p) => !refills.has(p.pile));
  if (lead) for (const p of plans) if (refills.has(p.pile)) p.delay = REFILL_DELAY_MS;
  return plans;
}

const easeOut = (t) => 1 - (1 - t) ** 3;
const centre = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const angleOf = (r) => (r.across ? Math.PI / 2 : 0);

/**
 * Where each planned card is `elapsed` ms after the start: [{id, cx, cy, angle, done, faceDown}],
 * its centre and its turn. A card not yet started sits at its origin.
 */
export function framePositions(plans, elapsed, duration = MOVE_MS) {
  return plans.map((p) => {
    const t = Math.min(1, Math.max(0, (elapsed - p.delay) / duration));
    const k = easeOut(t);
    const a = centre(p.from);
    const b = centre(p.to);
    return {
      id: p.id,
      cx: a.x + (b.x - a.x) * k,
      cy: a.y + (b.y - a.y) * k,
      angle: angleOf(p.from) + (angleOf(p.to) - angleOf(p.from)) * k,
      done: t >= 1,
      faceDown: p.fromStock && t < 0.35,
    };
  });
}

/** Total running time of a plan. */
export function planDuration(plans, duration = MOVE_MS) {
  return plans.reduce((m, p) => Math.max(m, p.delay + duration), 0);
}

/** How long a win's celebration runs (never where the player asks for reduced motion). */
export const CELEBRATION_MS = 1600;

/**
 * A win's celebration `elapsed` ms in: the top card of each foundation leaps up from its pile and falls
 * back, one pile after another, with a small turn ([{id, cx, cy, angle, lifted}]; empty once it is over).
 * `foundations` names the piles, `piles` holds their card ids.
 */
export function celebrationFrames(layout, piles, foundations, elapsed, duration = CELEBRATION_MS) {
  if (elapsed >= duration) return [];
  const names = foundations.filter((n) => layout.piles[n] && piles?.[n]?.length);
  const stagger = names.length > 1 ? duration / (2 * names.length) : 0;
  const leap = duration - stagger * (names.length - 1);
  const out = [];
  names.forEach((name, i) => {
    const t = Math.min(1, Math.max(0, (elapsed - i * stagger) / leap));
    const rect = topCardRect(layout, name, piles[name].length);
    const height = layout.cardH * 0.9;
    const arc = 4 * t * (1 - t); // 0 -> 1 -> 0
    out.push({
      id: piles[name].at(-1),
      cx: rect.x + rect.w / 2,
      cy: Math.max(layout.cardH / 2, rect.y + rect.h / 2 - height * arc), // on the canvas
      angle: (rect.across ? Math.PI / 2 : 0) + Math.sin(t * Math.PI * 2) * 0.25,
      lifted: true,
    });
  });
  return out;
}
