// Windmill's board geometry: where every pile sits for a given width. Pure (no DOM), so node tests
// can pin it down. Which pile goes where (the cross, the stock and the waste in its top corners, the
// waste's fan) comes from board.json, which the Python engine's static picture reads too; the sizes
// and gaps live here.

import table from "../../windmill_widget/core/table.json" with { type: "json" };
import board from "../../windmill_widget/games/windmill/board.json" with { type: "json" };
import { counterRoom } from "./counter.js";

export const CORNERS = Object.freeze([...board.piles.corners]);
export const SAILS = Object.freeze([...board.piles.sails]);
export const FOUNDATIONS = Object.freeze([board.piles.centre, ...CORNERS]);
export const PILE_NAMES = Object.freeze([...FOUNDATIONS, ...SAILS, board.piles.waste, board.piles.stock]);
/** Grid cell [column, row] of every pile on the 5 x 5 board. */
export const GRID = Object.freeze(board.grid);
export const FAN = Object.freeze({ pile: board.fan.pile, shown: board.fan.shown, step: board.fan.step });

// Proportions, in units of one card's width.
export const CARD_ASPECT = table.cardShape.aspect; // height / width, as a real playing card
const GAP_X = 0.2;
const GAP_Y = 0.36; // room under each card for its counter, clear of the card below (at least counterRoom)
const MARGIN = 0.3;
const LABEL_SPACE = 0.4; // captions above the top row (stock, waste)
// The compact layout (a short window): rows only as far apart as their counters need, thinner margins.
const COMPACT_GAP_Y = 0;
const COMPACT_MARGIN = 0.15;

// Card width limits in CSS pixels: as large as is comfortable, and small enough that the whole board
// fits any width a notebook can give it (below MIN_CARD_W the board is scaled, never clipped).
export const MIN_CARD_W = 14;
export const MAX_CARD_W = 76;

const COLS = 5;
const ROWS = 5;
const UNITS_W = 2 * MARGIN + COLS + (COLS - 1) * GAP_X;

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/** What starts each foundation, as its empty slot shows it (board.json, which the engine's static
 * picture reads too): the centre's Ace, a King in a corner. */
export const STARTS = Object.freeze({ ...board.starts.piles });

/** Empty-slot captions: what may start a foundation; a sail's name. */
export function caption(name) {
  if (Object.hasOwn(STARTS, name)) return STARTS[name];
  return SAILS.includes(name) ? name : "";
}

/**
 * Geometry for a board `width` CSS pixels wide: {game, width, height, cardW, cardH, piles, fan,
 * order, refills, table}. `piles[name]` is {x, y, w, h}; the waste's rect covers its whole fan.
 * `options.maxCardW` caps the card width (a board fitted to a window's height, or a chosen size);
 * `options.compact` packs the rows closer (for a short window).
 */
export function windmillLayout(width, options = {}) {
  const w = Math.max(1, Number.isFinite(width) ? width : 0);
  const margin = options.compact ? COMPACT_MARGIN : MARGIN;
  const cap = Math.min(MAX_CARD_W, options.maxCardW ?? MAX_CARD_W);
  const cardW = Math.floor(clamp(Math.min(w / UNITS_W, cap), MIN_CARD_W, MAX_CARD_W));
  const cardH = Math.round(cardW * CARD_ASPECT);
  const gapX = cardW * GAP_X;
  const gapY = Math.max(cardW * (options.compact ? COMPACT_GAP_Y : GAP_Y), counterRoom(cardW));
  const contentW = (COLS + (COLS - 1) * GAP_X) * cardW;
  const left = Math.max(cardW * MARGIN, (w - contentW) / 2); // centred when the card size is capped
  const top = cardW * (margin + LABEL_SPACE);
  const fanStep = FAN.step * cardW;
  const piles = {};
  for (const [name, [col, row]] of Object.entries(GRID)) {
    piles[name] = {
      x: Math.round(left + col * (cardW + gapX)),
      y: Math.round(top + row * (cardH + gapY)),
      w: cardW,
      h: cardH,
    };
  }
  // The waste's fan ends at its own cell and reaches left into the free cell beside sail n2.
  const waste = piles[FAN.pile];
  const span = Math.round((FAN.shown - 1) * fanStep);
  piles[FAN.pile] = { ...waste, x: waste.x - span, w: cardW + span };
  const height = Math.ceil(top + ROWS * cardH + (ROWS - 1) * gapY + counterRoom(cardW) + cardW * margin);
  const order = Object.keys(GRID).sort((a, b) => GRID[a][1] - GRID[b][1] || GRID[a][0] - GRID[b][0]);
  return {
    game: "windmill",
    compact: Boolean(options.compact),
    width: Math.max(w, Math.ceil(left + contentW + cardW * MARGIN)),
    height,
    cardW,
    cardH,
    piles,
    fan: { ...FAN, stepPx: fanStep },
    order,
    refills: SAILS,
    captions: { stock: "Stock", waste: "Waste" },
    table: { bands: [["n2", "s2"], ["w2", "e2"]], hub: board.piles.centre },
    slotCaption: caption,
  };
}
