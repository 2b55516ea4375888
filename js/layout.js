// Pure geometry of the Windmill board: where every pile sits for a given width, which pile is
// under a point, where each visible card is drawn, and which pile is the arrow-key neighbour.
// No DOM here, so node tests can pin it down; every layout constant lives in this file only, but
// for the pile names and the cross, which board.json shares with the Python engine.

import board from "../windmill_widget/games/windmill/board.json" with { type: "json" };

// Pile names and the cross come from board.json, which the Python engine reads too.
/** The windmill as a 5x5 grid of card slots: [column, row]. Sail 1 is next to the centre. */
export const CROSS_SLOTS = Object.freeze(board.cross);

export const CORNERS = Object.freeze([...board.piles.corners]);
export const FOUNDATIONS = Object.freeze([board.piles.centre, ...CORNERS]);
export const SAILS = Object.freeze([...board.piles.sails]);
export const PILE_NAMES = Object.freeze([...FOUNDATIONS, ...SAILS, board.piles.waste, board.piles.stock]);

// Proportions, in units of one card's width.
export const CARD_ASPECT = 1.4; // height / width, as a real playing card
const GAP_X = 0.2;
const GAP_Y = 0.22;
const MARGIN = 0.3;
const PANEL_GAP = 0.75; // between the cross and the stock/waste panel
const LABEL_SPACE = 0.42; // room above the stock and waste for their captions
export const WASTE_FAN = 0.3; // horizontal offset between fanned waste cards
export const WASTE_SHOWN = 3; // how many waste cards are fanned
const WASTE_SPAN = 1 + (WASTE_SHOWN - 1) * WASTE_FAN;

// Card width limits in CSS pixels: legible when narrow, not absurd when wide.
export const MIN_CARD_W = 36;
export const MAX_CARD_W = 82;
/** At or above this width the stock and waste stand beside the windmill, below it otherwise. */
export const WIDE_MIN_WIDTH = 520;

const CROSS_UNITS_W = 5 + 4 * GAP_X;
const CROSS_UNITS_H = 5 * CARD_ASPECT + 4 * GAP_Y;
const WIDE_UNITS_W = 2 * MARGIN + CROSS_UNITS_W + PANEL_GAP + WASTE_SPAN;
const NARROW_UNITS_W = 2 * MARGIN + CROSS_UNITS_W;

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/**
 * Geometry for a board `width` CSS pixels wide.
 * Returns {width, height, cardW, cardH, wide, piles: {name: {x, y, w, h}}}; the waste's rect
 * covers its whole fan so that clicking any fanned card picks the waste.
 */
export function computeLayout(width) {
  const w = Math.max(1, Number.isFinite(width) ? width : 0);
  const wide = w >= WIDE_MIN_WIDTH;
  const units = wide ? WIDE_UNITS_W : NARROW_UNITS_W;
  const cardW = Math.floor(clamp(w / units, MIN_CARD_W, MAX_CARD_W));
  const cardH = Math.round(cardW * CARD_ASPECT);
  const gapX = cardW * GAP_X;
  const gapY = cardW * GAP_Y;
  const margin = cardW * MARGIN;

  // Centre the content horizontally when the card size is capped.
  const contentW = units * cardW - 2 * margin;
  const left = Math.max(margin, (w - contentW) / 2);
  const top = margin;

  const piles = {};
  const slot = (col, row) => ({
    x: Math.round(left + col * (cardW + gapX)),
    y: Math.round(top + row * (cardH + gapY)),
    w: cardW,
    h: cardH,
  });
  for (const [name, [col, row]] of Object.entries(CROSS_SLOTS)) piles[name] = slot(col, row);

  const crossRight = left + CROSS_UNITS_W * cardW;
  const crossBottom = top + CROSS_UNITS_H * cardW;
  const label = LABEL_SPACE * cardW;
  const fanW = Math.round(WASTE_SPAN * cardW);
  let height;
  if (wide) {
    // Stock in line with the north arm's inner sail, waste below it: near the hand's reach.
    const x = Math.round(crossRight + PANEL_GAP * cardW);
    piles.stock = { x, y: Math.round(top + label), w: cardW, h: cardH };
    piles.waste = { x, y: Math.round(top + label + cardH + gapY + label), w: fanW, h: cardH };
    height = Math.ceil(crossBottom + margin);
  } else {
    const y = Math.round(crossBottom + gapY + label);
    piles.stock = { x: Math.round(left), y, w: cardW, h: cardH };
    piles.waste = { x: Math.round(left + cardW + 2 * gapX), y, w: fanW, h: cardH };
    height = Math.ceil(y + cardH + margin);
  }
  return { width: w, height, cardW, cardH, wide, piles };
}

const contains = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** The name of the pile under (x, y), or null. */
export function pileAt(layout, x, y) {
  for (const name of PILE_NAMES) {
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
 * How many of a pile's cards are drawn and where: the top card for every pile but the waste,
 * which fans its top WASTE_SHOWN cards left to right (the top card rightmost, fully visible).
 * Returns rects bottom to top; `count` is the number of cards in the pile.
 */
export function visibleCardRects(layout, name, count) {
  const r = layout.piles[name];
  if (!r || count <= 0) return [];
  if (name !== "waste") return [{ x: r.x, y: r.y, w: layout.cardW, h: layout.cardH }];
  const shown = Math.min(count, WASTE_SHOWN);
  const step = WASTE_FAN * layout.cardW;
  return Array.from({ length: shown }, (_, i) => ({
    x: Math.round(r.x + i * step),
    y: r.y,
    w: layout.cardW,
    h: layout.cardH,
  }));
}

/** The rect of the top card of a pile holding `count` cards (its empty slot if count is 0). */
export function topCardRect(layout, name, count) {
  const rects = visibleCardRects(layout, name, count);
  if (rects.length) return rects[rects.length - 1];
  const r = layout.piles[name];
  return { x: r.x, y: r.y, w: layout.cardW, h: layout.cardH };
}

/**
 * Where each visible card id is drawn: Map id -> rect. `piles` maps pile names to lists of card
 * ids, bottom to top (the stock is a count and shows no faces).
 */
export function cardPositions(layout, piles) {
  const out = new Map();
  for (const name of PILE_NAMES) {
    const ids = piles?.[name];
    if (!Array.isArray(ids) || !ids.length) continue;
    const rects = visibleCardRects(layout, name, ids.length);
    const visible = ids.slice(ids.length - rects.length);
    visible.forEach((id, i) => out.set(id, rects[i]));
  }
  return out;
}

/** The Tab order of the focus layer: the windmill in reading order, then the stock and waste. */
export function readingOrder(layout) {
  const cross = Object.keys(CROSS_SLOTS).sort((a, b) => {
    const [colA, rowA] = CROSS_SLOTS[a];
    const [colB, rowB] = CROSS_SLOTS[b];
    return rowA - rowB || colA - colB;
  });
  return layout.piles.stock ? [...cross, "stock", "waste"] : cross;
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
  for (const other of PILE_NAMES) {
    if (other === name) continue;
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
