// Pure geometry of the board, for either game: where every pile sits for a given width (each game's
// own module under boards/ decides that), which pile is under a point, where each visible card is
// drawn, where a pile's counter goes, and which pile is the arrow-key neighbour. No DOM here, so node
// tests can pin it down.

import table from "../windmill_widget/core/table.json" with { type: "json" };
import { counterHeight } from "./boards/counter.js";
import { quiltLayout } from "./boards/quilt.js";
import { windmillLayout } from "./boards/windmill.js";

export { CARD_ASPECT } from "./boards/windmill.js";

const LAYOUTS = { windmill: windmillLayout, "crazy-quilt": quiltLayout };

/** The games this front end can draw. */
export const GAMES = Object.freeze(Object.keys(LAYOUTS));

/**
 * Geometry for `game`'s board `width` CSS pixels wide (see boards/*.js). `options` are the game's
 * (e.g. {hand: true} for Crazy Quilt's held card). An unknown game is an error: the board says so.
 */
export function computeLayout(game, width, options = {}) {
  const make = LAYOUTS[game];
  if (!make) throw new Error(`This board cannot draw the game ${JSON.stringify(game)}.`);
  return make(width, options);
}

/** Cards narrower than this are hard to read: fitting a window's height never shrinks them further
 * (the board then scrolls, and says where a picked-up card's targets are). */
export const LEGIBLE_CARD_W = table.cardWidth.legible;

/**
 * The largest board for `game` that fits `width` x `height` CSS pixels (the visible room), never with
 * cards narrower than LEGIBLE_CARD_W (unless the width alone forces it). Tries the game's usual layout,
 * then its compact one, and keeps whichever has the bigger cards (the usual one on a tie); with
 * `options.compact` true or false, only that one. A height that is not a positive number means "no
 * limit": the width alone decides, as computeLayout.
 */
export function fitLayout(game, width, height, options = {}) {
  const full = computeLayout(game, width, options);
  if (!(height > 0) || full.height <= height) return full;
  const floor = Math.min(full.cardW, LEGIBLE_CARD_W);
  let best = null;
  for (const compact of typeof options.compact === "boolean" ? [options.compact] : [false, true]) {
    const top = computeLayout(game, width, { ...options, compact }).cardW;
    // Height grows with the card width: the largest width whose board fits, by bisection.
    let [lo, hi] = [floor, top];
    if (computeLayout(game, width, { ...options, compact, maxCardW: lo }).height > height) {
      const smallest = computeLayout(game, width, { ...options, compact, maxCardW: lo });
      if (!best || (best.height > height && smallest.height < best.height)) best = smallest;
      continue;
    }
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (computeLayout(game, width, { ...options, compact, maxCardW: mid }).height <= height) lo = mid;
      else hi = mid - 1;
    }
    const fitted = computeLayout(game, width, { ...options, compact, maxCardW: lo });
    if (!best || best.height > height || fitted.cardW > best.cardW) best = fitted;
  }
  return best;
}

const contains = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** The name of the pile under (x, y), or null. Cells lying across are hit on their wide box. */
export function pileAt(layout, x, y) {
  for (const name of layout.order) {
    const r = layout.piles[name];
    if (r && contains(r, x, y)) return name;
  }
  return null;
}

/** The centre point of a pile's rect (what a click "on the pile" means). */
export function pileCentre(layout, name) {
  const r = layout.piles[name];
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/**
 * How many of a pile's cards are drawn and where: the top card for every pile but the fanned one (the
 * waste), which shows its top cards left to right, the top card rightmost and fully visible. Returns
 * rects bottom to top, each {x, y, w, h, across}; `count` is the number of cards in the pile.
 */
export function visibleCardRects(layout, name, count) {
  const r = layout.piles[name];
  if (!r || count <= 0) return [];
  if (name !== layout.fan.pile) return [{ x: r.x, y: r.y, w: r.w, h: r.h, across: Boolean(r.across) }];
  const shown = Math.min(count, layout.fan.shown);
  return Array.from({ length: shown }, (_, i) => ({
    x: Math.round(r.x + i * layout.fan.stepPx),
    y: r.y,
    w: layout.cardW,
    h: layout.cardH,
    across: false,
  }));
}

/** The rect of the top card of a pile holding `count` cards (its empty slot if count is 0). */
export function topCardRect(layout, name, count) {
  const rects = visibleCardRects(layout, name, count);
  if (rects.length) return rects[rects.length - 1];
  const r = layout.piles[name];
  if (name === layout.fan.pile) return { x: r.x, y: r.y, w: layout.cardW, h: layout.cardH, across: false };
  return { x: r.x, y: r.y, w: r.w, h: r.h, across: Boolean(r.across) };
}

/**
 * Where each visible card id is drawn: Map id -> rect. `piles` maps pile names to lists of card ids,
 * bottom to top (the stock is a count and shows no faces).
 */
export function cardPositions(layout, piles) {
  const out = new Map();
  for (const name of layout.order) {
    const ids = piles?.[name];
    if (!Array.isArray(ids) || !ids.length) continue;
    const rects = visibleCardRects(layout, name, ids.length);
    const visible = ids.slice(ids.length - rects.length);
    visible.forEach((id, i) => out.set(id, rects[i]));
  }
  return out;
}

/** Where a pile's counter (e.g. "2/52") is drawn: centred under its card, clear of it. */
export function counterAnchor(layout, name) {
  const r = layout.piles[name];
  const base = name === layout.fan.pile ? { x: r.x, w: layout.cardW } : r;
  return { x: base.x + base.w / 2, y: r.y + r.h + 1 + counterHeight(layout.cardW) / 2 };
}

/** The Tab order of the focus layer (the game's reading order). */
export function readingOrder(layout) {
  return layout.order.filter((name) => layout.piles[name]);
}

const DIRECTIONS = Object.freeze({
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
});

/**
 * The pile an arrow key moves to from `name`: the nearest pile whose centre lies within 60 degrees
 * of the direction, preferring piles straight ahead. Returns `name` itself at the board's edge.
 */
export function neighbour(layout, name, direction) {
  const d = DIRECTIONS[direction];
  if (!d || !layout.piles[name]) return name;
  const from = pileCentre(layout, name);
  let best = name;
  let bestScore = Infinity;
  for (const other of layout.order) {
    if (other === name || !layout.piles[other]) continue;
    const p = pileCentre(layout, other);
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const along = dx * d[0] + dy * d[1];
    if (along <= 0) continue;
    const across = Math.abs(dx * d[1] - dy * d[0]);
    if (across > along * Math.tan(Math.PI / 3)) continue;
    const score = along + 2 * across; // straight ahead beats diagonal
    if (score < bestScore) {
      bestScore = score;
      best = other;
    }
  }
  return best;
}

/**
 * Where `rect` lies with respect to the part of the page a player sees (`view`; both {left, top, right,
 * bottom} in the same coordinates): null when at least half of it is in view, else "above", "below",
 * "to the left" or "to the right" (the larger miss first), for the message line to say where to look.
 */
export function outOfView(rect, view) {
  const w = rect.right - rect.left;
  const h = rect.bottom - rect.top;
  const seenW = Math.max(0, Math.min(rect.right, view.right) - Math.max(rect.left, view.left));
  const seenH = Math.max(0, Math.min(rect.bottom, view.bottom) - Math.max(rect.top, view.top));
  if (w > 0 && h > 0 && seenW * seenH >= (w * h) / 2) return null;
  const misses = [
    ["above", view.top - rect.top],
    ["below", rect.bottom - view.bottom],
    ["to the left", view.left - rect.left],
    ["to the right", rect.right - view.right],
  ];
  misses.sort((a, b) => b[1] - a[1]);
  return misses[0][0];
}

/** The review chart's proportions: its height for a width, and the room around the plot. */
const CHART = Object.freeze({ aspect: 0.16, minH: 80, maxH: 120, padLeft: 34, padRight: 10, padTop: 10, padBottom: 18 });

/**
 * Geometry of the review's chart of the winning chance along a game of `moves` moves, `width` CSS pixels
 * wide: {width, height, plot: {left, top, right, bottom}, x(i), y(chance)}. Point i is the position after
 * i moves (0 is the deal), chance 0..1 bottom to top.
 */
export function chartLayout(width, moves) {
  const w = Math.max(120, Math.floor(width));
  const height = Math.round(Math.min(CHART.maxH, Math.max(CHART.minH, w * CHART.aspect)));
  const plot = { left: CHART.padLeft, top: CHART.padTop, right: w - CHART.padRight, bottom: height - CHART.padBottom };
  const n = Math.max(1, moves);
  return {
    width: w,
    height,
    moves,
    plot,
    x: (i) => plot.left + ((plot.right - plot.left) * i) / n,
    y: (p) => plot.bottom - (plot.bottom - plot.top) * Math.min(1, Math.max(0, p)),
  };
}

/** The review chart's curve split where the chance is unknown (null: the solver left most guesses
 * undecided): `runs`, each a list of [i, chance] points to join, and `unknown`, the positions to shade.
 * Where `ranges[i]` is [low, high] (the range an unknown chance lies in: a no-peeking player's playouts
 * to the clairvoyant ceiling), the position is a band instead: `bands` holds [i, low, high] and
 * `floors` the runs of [i, low] points to join (a dashed line: a lower bound, not the chance). */
export function chartRuns(chances, ranges = []) {
  const runs = [];
  const unknown = [];
  const bands = [];
  const floors = [];
  let run = [];
  let floor = [];
  chances.forEach((c, i) => {
    const range = ranges[i];
    if (c === null || c === undefined) {
      if (run.length) runs.push(run);
      run = [];
      if (Array.isArray(range) && range.length === 2) {
        bands.push([i, range[0], range[1]]);
        floor.push([i, range[0]]);
        return;
      }
      unknown.push(i);
    } else {
      run.push([i, c]);
    }
    if (floor.length) floors.push(floor);
    floor = [];
  });
  if (run.length) runs.push(run);
  if (floor.length) floors.push(floor);
  return { runs, unknown, bands, floors };
}

/** The point (position after i moves) a click at (x, y) on the chart means: the nearest one, or null
 * outside the plot (a little slack around it). */
export function chartPointAt(chart, x, y) {
  const { plot } = chart;
  const slack = 8;
  if (x < plot.left - slack || x > plot.right + slack || y < plot.top - slack || y > plot.bottom + slack) return null;
  const n = Math.max(1, chart.moves);
  const i = Math.round(((x - plot.left) / (plot.right - plot.left)) * n);
  return Math.min(chart.moves, Math.max(0, i));
}
