// Crazy Quilt's board geometry: where every pile sits for a given width. Pure (no DOM), so node tests
// can pin it down. Seed 002's layout: "Put the aces in a column at the extreme left, and the kings in
// a column at the extreme right. Between the columns deal sixty-four cards in a 'crazy quilt' of eight
// rows of eight, turning cards alternatively." The names (cells, foundations, the top row) come from
// board.json, which the Python engine reads too; the sizes and gaps live here.

import table from "../../windmill_widget/core/table.json" with { type: "json" };
import board from "../../windmill_widget/games/crazy_quilt/board.json" with { type: "json" };
import { counterRoom } from "./counter.js";

export const COLUMNS = board.columns;
export const ROWS = board.rows;
/** The quilt's cells row by row from the top left: a1 b1 .. h1 a2 .. h8. */
export const CELLS = Object.freeze(
  Array.from({ length: ROWS * COLUMNS.length }, (_, i) => `${COLUMNS[i % COLUMNS.length]}${Math.floor(i / COLUMNS.length) + 1}`),
);
export const UP = Object.freeze([...board.up]);
export const DOWN = Object.freeze([...board.down]);
export const FOUNDATIONS = Object.freeze([...UP, ...DOWN]);
export const TOP = Object.freeze([...board.top]);
export const PILE_NAMES = Object.freeze([...CELLS, ...FOUNDATIONS, board.stock, board.waste, board.hand]);
export const FAN = Object.freeze({ pile: board.fan.pile, shown: board.fan.shown, step: board.fan.step });

/** Does the card of cell `index` lie upright? As board.json's orientation draws it (| upright, -
 * across): the engine's narrow-edge rule reads the same picture. */
const UPRIGHT = Object.freeze([...board.orientation.rows.join("")].map((mark) => mark === "|"));
export const upright = (index) => UPRIGHT[index];

// Proportions, in units of one card's width.
export const CARD_ASPECT = table.cardShape.aspect; // height / width, as a real playing card
const CELL = CARD_ASPECT; // a quilt cell is a square that holds a card either way
const CELL_GAP = 0.08;
const SIDE_GAP = 0.45; // between a foundation column and the quilt (room for the row numbers)
const MARGIN = 0.3;
const LABEL_SPACE = 0.38; // the captions above the top row, the column letters above the quilt
const ROW_GAP = 0.25; // between the top row's counters and the column letters

// Below MIN_CARD_W a card would not be legible: a narrower host scrolls the board sideways instead.
export const MIN_CARD_W = 22;
export const MAX_CARD_W = 64;
// A narrow host (a phone, a split window) would squeeze the cards between the two foundation columns:
// there the foundations go in a row above the quilt instead (Aces left, Kings right), up to cards this
// wide, which is where the side-by-side layout takes over with cards just as big.
export const STACKED_MAX_CARD_W = 30;
const ROW_LABEL = 0.4; // the row numbers' room left of the quilt, when no foundation column is there

const N = COLUMNS.length;
const QUILT_UNITS = N * CELL + (N - 1) * CELL_GAP;
// The compact layout (a short window, with width to spare): the stock, the waste and the hand go in a
// column left of the Aces instead of a row above the quilt, which saves that row's height.
const SIDE_COLUMN = 1 + (FAN.shown - 1) * FAN.step; // the waste's fan is the column's widest pile

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/** The quilt's width in pixels with cards `cardW` wide, as quiltLayout rounds its cells. */
function quiltWidth(cardW) {
  const cell = Math.round(cardW * CARD_ASPECT);
  return (N - 1) * (cell + Math.round(cardW * CELL_GAP)) + cell;
}

/** What lies left and right of the quilt, in card widths (margins included). */
function sideUnits(stacked, compact) {
  if (stacked) return 2 * MARGIN + ROW_LABEL;
  return 2 * (MARGIN + 1 + SIDE_GAP) + (compact ? SIDE_COLUMN + SIDE_GAP : 0);
}

/** The board's width in pixels with cards `cardW` wide (margins included), as quiltLayout lays it. */
function boardWidth(cardW, stacked = false, compact = false) {
  return Math.ceil(cardW * sideUnits(stacked, compact) + quiltWidth(cardW));
}

/** Narrower than this, the foundations go above the quilt. */
const STACKED_BELOW = boardWidth(STACKED_MAX_CARD_W);

/** The largest card width whose board fits `w` (at least the layout's smallest: the board scrolls),
 * and at most `cap`. */
function fittingCardW(w, stacked, compact, cap) {
  const units = sideUnits(stacked, compact) + QUILT_UNITS;
  const [lo, hi] = stacked ? [MIN_CARD_W, STACKED_MAX_CARD_W] : [STACKED_MAX_CARD_W, MAX_CARD_W];
  const floor = Math.min(lo, cap);
  let cardW = Math.floor(clamp(Math.min(w / units, cap), floor, hi));
  while (cardW > floor && boardWidth(cardW, stacked, compact) > w) cardW -= 1;
  return cardW;
}

/** Empty-slot captions: a quilt space stays empty; a foundation shows what it builds toward. */
export function caption(name) {
  if (UP.includes(name) || DOWN.includes(name)) return name;
  return "";
}

/**
 * Geometry for a board `width` CSS pixels wide. `options.hand`: lay out the held card (the literal
 * rules); `options.maxCardW`: cap the card width (a board fitted to a window's height, or a chosen
 * size); `options.compact`: the stock, waste and hand in a column at the left (for a short window).
 * Returns {game, stacked, compact, width, height, cardW, cardH, piles, fan, order, refills, captions,
 * rowLabels, columnLabels}. A cell's rect is its card's box: `across` cells are wider than tall.
 */
export function quiltLayout(width, options = {}) {
  const w = Math.max(1, Number.isFinite(width) ? width : 0);
  const stacked = w < STACKED_BELOW;
  // The side column needs width: where the usual layout's smallest cards would not fit beside it, no.
  const compact = Boolean(options.compact) && w >= boardWidth(STACKED_MAX_CARD_W, false, true);
  // The cells' rounding makes the board a few pixels wider than its units say: shrink until it fits.
  const cardW = fittingCardW(w, stacked, compact, options.maxCardW ?? MAX_CARD_W);
  const cardH = Math.round(cardW * CARD_ASPECT);
  const cell = cardH; // the square each cell's card sits in
  const cellStep = cell + Math.round(cardW * CELL_GAP);
  const left = Math.max(cardW * MARGIN, (w - boardWidth(cardW, stacked, compact)) / 2 + cardW * MARGIN);
  const acesX = left + (compact ? cardW * (SIDE_COLUMN + SIDE_GAP) : 0);
  const quiltX = Math.round(stacked ? left + cardW * ROW_LABEL : acesX + cardW * (1 + SIDE_GAP));
  const quiltW = quiltWidth(cardW);
  // The stock, the waste and the card in hand in a row above the quilt, always in view (compact: in a
  // column left of the Aces, from the quilt's top down).
  const topY = Math.round(cardW * (MARGIN + LABEL_SPACE));
  const rowStep = cardH + counterRoom(cardW) + cardW * ROW_GAP; // a row of cards with counters under them
  const foundationY = Math.round(topY + rowStep); // stacked: the foundations' row
  const quiltY = compact ? topY : Math.round(topY + rowStep * (stacked ? 2 : 1) + cardW * LABEL_SPACE);
  const quiltH = (N - 1) * cellStep + cell;
  const piles = {};
  CELLS.forEach((name, i) => {
    const col = i % N;
    const row = Math.floor(i / N);
    const [bw, bh] = upright(i) ? [cardW, cardH] : [cardH, cardW];
    piles[name] = {
      x: Math.round(quiltX + col * cellStep + (cell - bw) / 2),
      y: Math.round(quiltY + row * cellStep + (cell - bh) / 2),
      w: bw,
      h: bh,
      across: !upright(i),
    };
  });
  // Four foundations to a column, spread over the quilt's height, each with its counter below; or,
  // stacked, all eight in a row over the quilt's width.
  const slot = quiltH / 4;
  const columnX = [Math.round(acesX), Math.round(quiltX + quiltW + cardW * SIDE_GAP)];
  const rowStepX = (quiltW - cardW) / (FOUNDATIONS.length - 1);
  FOUNDATIONS.forEach((name, i) => {
    const [side, k] = [Math.floor(i / UP.length), i % UP.length];
    piles[name] = stacked
      ? { x: Math.round(quiltX + i * rowStepX), y: foundationY, w: cardW, h: cardH }
      : { x: columnX[side], y: Math.round(quiltY + k * slot + (slot - cardH) / 2), w: cardW, h: cardH };
  });
  const fanStep = FAN.step * cardW;
  const fanW = Math.round(cardW + (FAN.shown - 1) * fanStep);
  let x = quiltX;
  let y = quiltY;
  for (const name of TOP) {
    if (name === board.hand && !options.hand) continue;
    const pw = name === FAN.pile ? fanW : cardW;
    if (compact) {
      piles[name] = { x: Math.round(left), y: Math.round(y), w: pw, h: cardH };
      y += rowStep + cardW * LABEL_SPACE; // room for the next pile's caption above it
    } else {
      piles[name] = { x: Math.round(x), y: topY, w: pw, h: cardH };
      x += pw + cardW * 0.6;
    }
  }
  const sideBottom = Math.max(...TOP.filter((n) => piles[n]).map((n) => piles[n].y + cardH + counterRoom(cardW)));
  const lowest = Math.max(quiltY + quiltH, piles[UP.at(-1)].y + cardH + counterRoom(cardW), sideBottom);
  const height = Math.ceil(lowest + cardW * MARGIN);
  // Tab goes in reading order: the top row, (stacked) the foundations' row, the quilt row by row.
  const top = TOP.filter((n) => piles[n]);
  const order = stacked ? [...top, ...UP, ...DOWN, ...CELLS] : [...top, ...CELLS, ...UP, ...DOWN];
  const right = stacked ? quiltX + quiltW + cardW * MARGIN : columnX[1] + cardW * (1 + MARGIN);
  return {
    game: "crazy-quilt",
    stacked,
    compact,
    width: Math.max(w, Math.ceil(right)),
    height,
    cardW,
    cardH,
    piles,
    fan: { ...FAN, stepPx: fanStep },
    order,
    refills: [],
    captions: { stock: "Stock", waste: "Waste", hand: "Hand" },
    // With the pile names on, the foundations' names go above them (their columns have the room).
    namesAbove: stacked ? [] : [...FOUNDATIONS],
    slotCaption: caption,
    table: {},
    columnLabels: [...COLUMNS].map((letter, c) => ({ text: letter, x: quiltX + c * cellStep + cell / 2, y: quiltY })),
    rowLabels: Array.from({ length: N }, (_, r) => ({
      text: String(r + 1),
      x: quiltX - cardW * 0.12,
      y: quiltY + r * cellStep + cell / 2,
    })),
  };
}
