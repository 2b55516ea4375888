// Paints one frame of either game's board on a 2D canvas context (in CSS pixels; the caller scales
// for devicePixelRatio). Stateless: everything to show comes in the `scene`, geometry from layout.js.
// The order of painting keeps things readable: the table, the cards, the highlights, the picked-up
// card, then the counters and captions above every highlight, then the cards in flight.

import table from "../windmill_widget/core/table.json" with { type: "json" };
import { counterFont } from "./boards/counter.js";
import { chartRuns, counterAnchor, topCardRect, visibleCardRects } from "./layout.js";

// How a face is written (the red suits, "T" as "10") is core/table.json's, as in the engine's texts.
const RANK_TEXT = table.cardFaces.rankLabels;
const RED_SUITS = new Set(table.cardFaces.redSuits);

/** "TH" -> {rank: "10", suit: "H", court: false}. Faces are the engine's card texts. */
export function parseFace(face) {
  const r = face[0];
  return { rank: RANK_TEXT[r] ?? r, suit: face[1], court: "JQK".includes(r) };
}

// Suit outlines in a unit box centred on (0, 0); drawn as paths so no font needs the glyphs.
function suitPath(ctx, suit, cx, cy, size) {
  const p = (x, y) => [cx + x * size, cy + y * size];
  const bez = (a, b, c, d, e, f) => ctx.bezierCurveTo(...p(a, b), ...p(c, d), ...p(e, f));
  ctx.beginPath();
  if (suit === "D") {
    ctx.moveTo(...p(0, -0.5));
    ctx.lineTo(...p(0.38, 0));
    ctx.lineTo(...p(0, 0.5));
    ctx.lineTo(...p(-0.38, 0));
    ctx.closePath();
  } else if (suit === "H") {
    ctx.moveTo(...p(0, 0.48));
    bez(-0.12, 0.36, -0.5, 0.12, -0.5, -0.16);
    bez(-0.5, -0.38, -0.34, -0.48, -0.24, -0.48);
    bez(-0.1, -0.48, 0, -0.4, 0, -0.28);
    bez(0, -0.4, 0.1, -0.48, 0.24, -0.48);
    bez(0.34, -0.48, 0.5, -0.38, 0.5, -0.16);
    bez(0.5, 0.12, 0.12, 0.36, 0, 0.48);
    ctx.closePath();
  } else if (suit === "S") {
    ctx.moveTo(...p(0, -0.5));
    bez(-0.12, -0.36, -0.48, -0.12, -0.48, 0.1);
    bez(-0.48, 0.3, -0.34, 0.38, -0.23, 0.38);
    bez(-0.12, 0.38, -0.04, 0.31, 0, 0.23);
    bez(0.04, 0.31, 0.12, 0.38, 0.23, 0.38);
    bez(0.34, 0.38, 0.48, 0.3, 0.48, 0.1);
    bez(0.48, -0.12, 0.12, -0.36, 0, -0.5);
    ctx.closePath();
    ctx.moveTo(...p(0, 0.12));
    ctx.lineTo(...p(0.15, 0.5));
    ctx.lineTo(...p(-0.15, 0.5));
    ctx.closePath();
  } else {
    const r = 0.205 * size;
    for (const [x, y] of [[0, -0.27], [-0.24, 0.07], [0.24, 0.07]]) {
      ctx.moveTo(cx + x * size + r, cy + y * size);
      ctx.arc(cx + x * size, cy + y * size, r, 0, Math.PI * 2);
    }
    ctx.moveTo(...p(0, -0.05));
    ctx.lineTo(...p(0.14, 0.5));
    ctx.lineTo(...p(-0.14, 0.5));
    ctx.closePath();
  }
  ctx.fill("nonzero");
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

const cornerRadius = (w) => Math.max(3, Math.min(w, 90) * 0.08);

/** Where a card rect's card is drawn: its centre, and the quarter turn of a card lying across. */
export function placement(rect) {
  return { cx: rect.x + rect.w / 2, cy: rect.y + rect.h / 2, angle: rect.across ? Math.PI / 2 : 0 };
}

/**
 * A face-up card of upright size {w, h}, centred at {cx, cy} and turned by `angle` (a quarter turn for
 * a card lying across): corner indices top-left and (upside down) bottom-right, a large suit or court
 * letter. `shade` dims it (a card that cannot move yet); `lifted` raises its shadow (picked up).
 */
export function drawCard(ctx, at, size, face, theme, { lifted = false, shade = 0 } = {}) {
  const { w, h } = size;
  const { rank, suit, court } = parseFace(face);
  const ink = RED_SUITS.has(suit) ? theme.red : theme.black;
  ctx.save();
  ctx.translate(at.cx, at.cy);
  if (at.angle) ctx.rotate(at.angle);
  const x = -w / 2;
  const y = -h / 2;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.45)";
  ctx.shadowBlur = lifted ? w * 0.3 : w * 0.05;
  ctx.shadowOffsetY = lifted ? w * 0.14 : w * 0.02;
  roundRect(ctx, x, y, w, h, cornerRadius(w));
  ctx.fillStyle = theme.cardFace;
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.cardEdge;
  roundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, cornerRadius(w));
  ctx.stroke();

  ctx.fillStyle = ink;
  const index = (ix, iy) => {
    const px = w * (rank === "10" ? 0.26 : 0.3);
    ctx.font = `700 ${px}px ${theme.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    ctx.fillText(rank, ix, iy, w * 0.3);
    suitPath(ctx, suit, ix, iy + w * 0.4, w * 0.18);
  };
  index(x + w * 0.16, y + w * 0.07);
  ctx.save();
  ctx.translate(x + w, y + h);
  ctx.rotate(Math.PI);
  index(w * 0.16, w * 0.07);
  ctx.restore();

  if (court) {
    // A framed panel with the court letter: readable at a glance without artwork.
    ctx.save();
    ctx.strokeStyle = ink;
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = Math.max(1, w * 0.025);
    roundRect(ctx, x + w * 0.3, y + h * 0.2, w * 0.4, h * 0.6, w * 0.05);
    ctx.stroke();
    ctx.restore();
    ctx.font = `700 ${w * 0.42}px ${theme.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(rank, 0, -h * 0.06);
    suitPath(ctx, suit, 0, h * 0.17, w * 0.2);
  } else {
    suitPath(ctx, suit, 0, 0, w * (rank === "A" ? 0.5 : 0.42));
  }
  if (shade) {
    roundRect(ctx, x, y, w, h, cornerRadius(w));
    ctx.fillStyle = `rgba(0,0,0,${shade})`;
    ctx.fill();
  }
  ctx.restore();
}

/** The back of a card (for the stock), in rect {x, y, w, h}. */
export function drawCardBack(ctx, rect, theme) {
  const { x, y, w, h } = rect;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.35)";
  ctx.shadowBlur = w * 0.05;
  ctx.shadowOffsetY = w * 0.02;
  roundRect(ctx, x, y, w, h, cornerRadius(w));
  ctx.fillStyle = theme.cardFace;
  ctx.fill();
  ctx.restore();
  const inset = Math.max(2, w * 0.07);
  roundRect(ctx, x + inset, y + inset, w - 2 * inset, h - 2 * inset, cornerRadius(w) * 0.6);
  ctx.fillStyle = theme.back;
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = theme.backPattern;
  ctx.globalAlpha = 0.55;
  ctx.lineWidth = Math.max(1, w * 0.02);
  const step = Math.max(4, w * 0.12);
  ctx.beginPath();
  for (let d = -h; d < w + h; d += step) {
    ctx.moveTo(x + d, y);
    ctx.lineTo(x + d + h, y + h);
    ctx.moveTo(x + d + h, y);
    ctx.lineTo(x + d, y + h);
  }
  ctx.stroke();
  ctx.restore();
  ctx.strokeStyle = theme.cardEdge;
  ctx.lineWidth = 1;
  roundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, cornerRadius(w));
  ctx.stroke();
}

function drawSlot(ctx, rect, theme, caption) {
  const { x, y, w, h } = rect;
  const short = Math.min(w, h);
  ctx.save();
  ctx.setLineDash([Math.max(3, short * 0.08), Math.max(2, short * 0.05)]);
  ctx.lineWidth = Math.max(1, short * 0.025);
  ctx.strokeStyle = theme.slot;
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, cornerRadius(short));
  ctx.stroke();
  ctx.restore();
  if (caption) {
    ctx.fillStyle = theme.slot;
    ctx.font = `600 ${short * 0.28}px ${theme.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(caption, x + w / 2, y + h / 2, w * 0.9);
  }
}

/** Thin card edges under the top card, so a deep pile looks deep. */
function drawDepth(ctx, rect, count, theme) {
  const layers = Math.min(3, Math.floor(count / 8) + (count > 1 ? 1 : 0));
  for (let i = layers; i >= 1; i--) {
    const off = i * Math.max(1, Math.min(rect.w, rect.h) * 0.018);
    roundRect(ctx, rect.x + off, rect.y + off, rect.w, rect.h, cornerRadius(Math.min(rect.w, rect.h)));
    ctx.fillStyle = theme.cardFace;
    ctx.fill();
    ctx.strokeStyle = theme.cardEdge;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

/** How wide a counter's pill with `text` is drawn. */
function pillWidth(ctx, text, w, theme) {
  const size = counterFont(w);
  ctx.font = `600 ${size}px ${theme.font}`;
  return ctx.measureText(text).width + size * 0.9;
}

function drawPill(ctx, text, cx, cy, w, theme, { strong = false } = {}) {
  const size = counterFont(w);
  ctx.font = `600 ${size}px ${theme.font}`;
  const tw = ctx.measureText(text).width;
  const pw = tw + size * 0.9;
  const ph = size * 1.45;
  roundRect(ctx, cx - pw / 2, cy - ph / 2, pw, ph, ph / 2);
  ctx.fillStyle = strong ? theme.highlight : "rgba(0,0,0,0.72)";
  ctx.fill();
  ctx.fillStyle = strong ? "#1b1b1b" : "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, cx, cy + size * 0.04);
}

function outline(ctx, rect, colour, w, glow) {
  ctx.save();
  ctx.shadowColor = colour;
  ctx.shadowBlur = glow;
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  const pad = w / 2 + 1;
  const r = cornerRadius(Math.min(rect.w, rect.h)) + pad;
  roundRect(ctx, rect.x - pad, rect.y - pad, rect.w + 2 * pad, rect.h + 2 * pad, r);
  ctx.stroke();
  ctx.restore();
}

/** A legal destination of the card in hand: a dashed ring, no glow (the card in hand wears a solid one). */
function dashedOutline(ctx, rect, colour, w) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  ctx.setLineDash([w * 2.2, w * 1.4]);
  const pad = w / 2 + 2;
  const r = cornerRadius(Math.min(rect.w, rect.h)) + pad;
  roundRect(ctx, rect.x - pad, rect.y - pad, rect.w + 2 * pad, rect.h + 2 * pad, r);
  ctx.stroke();
  ctx.restore();
}

function drawArrow(ctx, from, to, colour, width) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const head = width * 4;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.globalAlpha = 0.9;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x - Math.cos(angle) * head, to.y - Math.sin(angle) * head);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - head * Math.cos(angle - 0.45), to.y - head * Math.sin(angle - 0.45));
  ctx.lineTo(to.x - head * Math.cos(angle + 0.45), to.y - head * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** The felt; Windmill's arms and hub are printed faintly on it, Crazy Quilt's rows and columns named. */
function drawTable(ctx, layout, theme) {
  const { width, height, piles, cardW, cardH } = layout;
  ctx.fillStyle = theme.felt;
  ctx.fillRect(0, 0, width, height);
  const g = ctx.createRadialGradient(
    width / 2, height / 2, Math.min(width, height) * 0.2,
    width / 2, height / 2, Math.max(width, height) * 0.75,
  ); // prettier-ignore
  g.addColorStop(0, "rgba(255,255,255,0.06)");
  g.addColorStop(1, "rgba(0,0,0,0.28)");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);

  const pad = cardW * 0.14;
  ctx.fillStyle = theme.feltEdge;
  for (const [a, b] of layout.table?.bands ?? []) {
    const x0 = Math.min(piles[a].x, piles[b].x) - pad;
    const y0 = Math.min(piles[a].y, piles[b].y) - pad;
    const x1 = Math.max(piles[a].x, piles[b].x) + cardW + pad;
    const y1 = Math.max(piles[a].y, piles[b].y) + cardH + pad;
    roundRect(ctx, x0, y0, x1 - x0, y1 - y0, cardW * 0.22);
    ctx.fill();
  }
  const hub = piles[layout.table?.hub];
  if (hub) {
    ctx.beginPath();
    ctx.arc(hub.x + cardW / 2, hub.y + cardH / 2, cardH * 0.78, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = theme.onFelt;
  ctx.font = `600 ${Math.max(9, cardW * 0.22)}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  for (const l of layout.columnLabels ?? []) ctx.fillText(l.text, l.x, l.y - cardW * 0.06);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const l of layout.rowLabels ?? []) ctx.fillText(l.text, l.x, l.y);
}

const isStock = (name) => name === "stock";

/**
 * Paint the board. `scene`:
 *   piles     {name: [card ids bottom..top]}, with `stock` a count
 *   faces     card id -> face text ("TH")
 *   caps      {name: cards when full} for the foundations' counters
 *   free      Set of piles whose card is free to play, or null when every card shown is (Windmill)
 *   selected  pile whose top card is picked up by a click or keyboard (or null)
 *   targets   Set of piles to ring as legal destinations of the picked-up (or dragged) card
 *   hint      {src, dst} or null
 *   floating  [{id, cx, cy, angle, lifted, faceDown}] cards drawn on top (animations, the dragged card)
 *   hidden    Set of card ids not drawn in their piles (they are floating)
 *   labels    {pile: caption} for the piles outside the game's figure (stock, waste, hand)
 *   glow      piles to ring in the highlight colour (a won game's foundations), or null
 *   arrows    [{src, dst, colour}] a review's arrows (colour: a theme key, "blunder", "better"...)
 */
export function drawScene(ctx, layout, scene, theme) {
  const { piles: rects, cardW, cardH } = layout;
  const size = { w: cardW, h: cardH };
  drawTable(ctx, layout, theme);
  const hidden = scene.hidden ?? new Set();
  const lift = cardH * 0.14;
  let picked = null; // drawn after the highlights: nothing covers the card in hand

  for (const name of layout.order) {
    const rect = rects[name];
    if (!rect) continue;
    if (isStock(name)) {
      const card = { x: rect.x, y: rect.y, w: cardW, h: cardH };
      const count = scene.piles?.stock ?? 0;
      if (count > 0) {
        drawDepth(ctx, card, count, theme);
        drawCardBack(ctx, card, theme);
      } else {
        drawSlot(ctx, card, theme, "");
      }
      continue;
    }
    const ids = (scene.piles?.[name] ?? []).filter((id) => !hidden.has(id));
    if (!ids.length) {
      drawSlot(ctx, topCardRect(layout, name, 0), theme, layout.slotCaption?.(name) ?? "");
      continue;
    }
    const shown = visibleCardRects(layout, name, ids.length);
    if (name !== layout.fan.pile) drawDepth(ctx, shown[0], ids.length, theme);
    const visible = ids.slice(ids.length - shown.length);
    // Only a quilt cell can be blocked: foundations, the waste and the hand stay bright.
    const shade = scene.free && scene.cells?.has(name) && !scene.free.has(name) ? 0.3 : 0;
    visible.forEach((id, i) => {
      if (i === visible.length - 1 && scene.selected === name) {
        picked = { id, rect: { ...shown[i], y: shown[i].y - lift } };
        return;
      }
      drawCard(ctx, placement(shown[i]), size, scene.faces[id] ?? "??", theme, { shade });
    });
  }

  const lineW = Math.max(2, cardW * 0.05);
  for (const name of scene.targets ?? []) {
    if (!rects[name]) continue;
    const count = isStock(name) ? scene.piles?.stock : (scene.piles?.[name] ?? []).length;
    dashedOutline(ctx, topCardRect(layout, name, count ?? 0), theme.target, lineW);
  }
  if (scene.hint && rects[scene.hint.src]) {
    const count = (n) => (isStock(n) ? 1 : (scene.piles?.[n] ?? []).length);
    const a = topCardRect(layout, scene.hint.src, count(scene.hint.src));
    outline(ctx, a, theme.hint, lineW, cardW * 0.25);
    if (rects[scene.hint.dst]) {
      const b = topCardRect(layout, scene.hint.dst, count(scene.hint.dst));
      outline(ctx, b, theme.hint, lineW, cardW * 0.25);
      drawArrow(ctx, { x: a.x + a.w / 2, y: a.y + a.h / 2 }, { x: b.x + b.w / 2, y: b.y + b.h / 2 }, theme.hint, lineW);
    }
  }
  // A won game: its foundations glow (the still celebration, and where a leap has ended).
  for (const name of scene.glow ?? []) {
    const count = (scene.piles?.[name] ?? []).length;
    if (rects[name] && count) outline(ctx, topCardRect(layout, name, count), theme.highlight, lineW, cardW * 0.4);
  }
  // A review's arrows: the move played (in its band's colour) and the better move.
  for (const arrow of scene.arrows ?? []) {
    if (!rects[arrow.src] || !rects[arrow.dst]) continue;
    const count = (n) => (isStock(n) ? 1 : Math.max(1, (scene.piles?.[n] ?? []).length));
    const a = topCardRect(layout, arrow.src, count(arrow.src));
    const b = topCardRect(layout, arrow.dst, count(arrow.dst));
    const colour = theme[arrow.colour] ?? theme.hint;
    outline(ctx, a, colour, lineW, cardW * 0.2);
    drawArrow(ctx, { x: a.x + a.w / 2, y: a.y + a.h / 2 }, { x: b.x + b.w / 2, y: b.y + b.h / 2 }, colour, lineW * 1.3);
  }
  if (picked) {
    drawCard(ctx, placement(picked.rect), size, scene.faces[picked.id] ?? "??", theme, { lifted: true });
    outline(ctx, picked.rect, theme.highlight, Math.max(3, cardW * 0.08), cardW * 0.3);
  }

  // Counters and captions above every highlight, under their cards, clear of the cards' indices.
  for (const name of layout.order) {
    if (!rects[name]) continue;
    const count = isStock(name) ? (scene.piles?.stock ?? 0) : (scene.piles?.[name] ?? []).length;
    const at = counterAnchor(layout, name);
    const cap = scene.caps?.[name];
    // With the pile names on, each pile the notation names (not the quilt's cells, which the row and
    // column labels name) says its name in its pill, e.g. "nw 2/13", "n1", "S+ 3/13".
    const named = scene.names && !scene.cells?.has(name) && !isStock(name) && name !== layout.fan.pile &&
      !layout.namesAbove?.includes(name);
    const room = cardW * 1.15; // wider, it would reach the next pile's pill: the count alone then
    if (cap && count > 0) {
      const text = named && pillWidth(ctx, `${name} ${count}/${cap}`, cardW, theme) <= room ? `${name} ${count}/${cap}` : `${count}/${cap}`;
      drawPill(ctx, text, at.x, at.y, cardW, theme, { strong: count >= cap });
    } else if (isStock(name) || (name === layout.fan.pile && count > 0)) {
      drawPill(ctx, String(count), at.x, at.y, cardW, theme);
    } else if (named && count > 0) {
      drawPill(ctx, name, at.x, at.y, cardW, theme);
    }
  }
  ctx.fillStyle = theme.onFelt;
  ctx.font = `600 ${Math.max(10, cardW * 0.2)}px ${theme.font}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "bottom";
  for (const [name, text] of Object.entries(scene.labels ?? {})) {
    const r = rects[name];
    if (r) ctx.fillText(text, r.x, r.y - cardW * 0.08, r.w + cardW * 0.5); // squeezed, never overlapping
  }

  for (const f of scene.floating ?? []) {
    if (f.faceDown) drawCardBack(ctx, { x: f.cx - cardW / 2, y: f.cy - cardH / 2, w: cardW, h: cardH }, theme);
    else drawCard(ctx, f, size, scene.faces[f.id] ?? "??", theme, { lifted: f.lifted });
  }
}

/**
 * The review's chart (chartLayout's geometry): the winning chance before each move as a line, 0 to 100%,
 * the marked moves as dots in their band's colour, the turning point as a dashed line, and the position
 * on the board (`current`, moves played) as a ring; where the chance is unknown, a shaded column, or
 * the range that bounds it shaded and its floor dashed. `review` is what Python sends: {chances, ranges,
 * marks: [{move, band}], turning}.
 */
export function drawReviewChart(ctx, chart, review, theme, current) {
  const { plot, width, height } = chart;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, width, height);
  ctx.font = `11px ${theme.font}`;
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.lineWidth = 1;
  for (const p of [0, 0.5, 1]) {
    ctx.strokeStyle = theme.border;
    ctx.beginPath();
    ctx.moveTo(plot.left, Math.round(chart.y(p)) + 0.5);
    ctx.lineTo(plot.right, Math.round(chart.y(p)) + 0.5);
    ctx.stroke();
    ctx.fillStyle = theme.mutedText;
    ctx.fillText(`${Math.round(p * 100)}%`, plot.left - 4, chart.y(p));
  }
  if (review.turning) {
    ctx.save();
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = theme.blunder;
    ctx.beginPath();
    ctx.moveTo(chart.x(review.turning), plot.top);
    ctx.lineTo(chart.x(review.turning), plot.bottom);
    ctx.stroke();
    ctx.restore();
  }
  const chances = review.chances ?? [];
  const { runs, unknown, bands, floors } = chartRuns(chances, review.ranges ?? []);
  // Where the chance is unknown (null), no line: a shaded column says so, as the table says "unknown";
  // where a range bounds it, the column is shaded over the range only, its floor (what a no-peeking
  // player's playouts win) a dashed line, as the table prints "≥12%".
  const step = chart.moves ? (plot.right - plot.left) / chart.moves : 0;
  const half = Math.max(1, step / 2);
  ctx.save();
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = theme.mutedText;
  for (const i of unknown) {
    ctx.fillRect(chart.x(i) - half, plot.top, Math.max(2, step), plot.bottom - plot.top);
  }
  ctx.fillStyle = theme.accent;
  for (const [i, low, high] of bands) {
    const top = chart.y(high);
    ctx.fillRect(chart.x(i) - half, top, Math.max(2, step), Math.max(1, chart.y(low) - top));
  }
  ctx.restore();
  ctx.save();
  ctx.setLineDash([5, 3]);
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = 1.5;
  for (const run of floors) {
    ctx.beginPath();
    run.forEach(([i, c], k) => (k ? ctx.lineTo(chart.x(i), chart.y(c)) : ctx.moveTo(chart.x(i), chart.y(c))));
    if (run.length === 1) ctx.lineTo(chart.x(run[0][0]) + 1, chart.y(run[0][1]));
    ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = 2;
  for (const run of runs) {
    ctx.beginPath();
    run.forEach(([i, c], k) => (k ? ctx.lineTo(chart.x(i), chart.y(c)) : ctx.moveTo(chart.x(i), chart.y(c))));
    if (run.length === 1) ctx.lineTo(chart.x(run[0][0]) + 1, chart.y(run[0][1])); // a lone point shows
    ctx.stroke();
  }
  for (const mark of review.marks ?? []) {
    const c = chances[mark.move] ?? 0.5;
    ctx.fillStyle = theme[mark.band] ?? theme.warn;
    ctx.beginPath();
    ctx.arc(chart.x(mark.move), chart.y(c), 4.5, 0, Math.PI * 2);
    ctx.fill();
  }
  if (current !== null && current !== undefined && current <= chart.moves) {
    ctx.strokeStyle = theme.text;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(chart.x(current), chart.y(chances[current] ?? 0.5), 6, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = theme.mutedText;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText("move", (plot.left + plot.right) / 2, height - 2);
}
