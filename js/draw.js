// Paints one frame of the board on a 2D canvas context (in CSS pixels; the caller scales for
// devicePixelRatio). Stateless: everything to show comes in the `scene`, geometry from layout.js.

import { CORNERS, PILE_NAMES, SAILS, topCardRect, visibleCardRects } from "./layout.js";

const RANK_TEXT = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RED_SUITS = new Set(["H", "D"]);

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

const cornerRadius = (w) => Math.max(3, w * 0.08);

/** A face-up card: corner indices top-left and (upside down) bottom-right, a large suit or court letter. */
export function drawCard(ctx, rect, face, theme, { lifted = false } = {}) {
  const { x, y, w, h } = rect;
  const { rank, suit, court } = parseFace(face);
  const ink = RED_SUITS.has(suit) ? theme.red : theme.black;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.35)";
  ctx.shadowBlur = lifted ? w * 0.2 : w * 0.05;
  ctx.shadowOffsetY = lifted ? w * 0.08 : w * 0.02;
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
    const size = w * (rank === "10" ? 0.26 : 0.3);
    ctx.font = `700 ${size}px ${theme.font}`;
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

  const cx = x + w / 2;
  const cy = y + h / 2;
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
    ctx.fillText(rank, cx, cy - h * 0.06);
    suitPath(ctx, suit, cx, cy + h * 0.17, w * 0.2);
  } else {
    suitPath(ctx, suit, cx, cy, w * (rank === "A" ? 0.5 : 0.42));
  }
}

/** The back of a card (for the stock). */
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
  ctx.save();
  ctx.setLineDash([Math.max(3, w * 0.08), Math.max(2, w * 0.05)]);
  ctx.lineWidth = Math.max(1, w * 0.025);
  ctx.strokeStyle = theme.slot;
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, cornerRadius(w));
  ctx.stroke();
  ctx.restore();
  if (caption) {
    ctx.fillStyle = theme.slot;
    ctx.font = `600 ${w * 0.28}px ${theme.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(caption, x + w / 2, y + h / 2, w * 0.9);
  }
}

/** Thin card edges under the top card, so a deep pile looks deep. */
function drawDepth(ctx, rect, count, theme) {
  const layers = Math.min(3, Math.floor(count / 8) + (count > 1 ? 1 : 0));
  for (let i = layers; i >= 1; i--) {
    const off = i * Math.max(1, rect.w * 0.018);
    roundRect(ctx, rect.x + off, rect.y + off, rect.w, rect.h, cornerRadius(rect.w));
    ctx.fillStyle = theme.cardFace;
    ctx.fill();
    ctx.strokeStyle = theme.cardEdge;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

function drawPill(ctx, text, cx, cy, w, theme, { strong = false } = {}) {
  const size = Math.max(10, w * 0.2);
  ctx.font = `600 ${size}px ${theme.font}`;
  const tw = ctx.measureText(text).width;
  const pw = tw + size * 0.9;
  const ph = size * 1.45;
  roundRect(ctx, cx - pw / 2, cy - ph / 2, pw, ph, ph / 2);
  ctx.fillStyle = strong ? theme.highlight : "rgba(0,0,0,0.62)";
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
  roundRect(ctx, rect.x - pad, rect.y - pad, rect.w + 2 * pad, rect.h + 2 * pad, cornerRadius(rect.w) + pad);
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

/** The felt, with the windmill's arms and hub printed faintly on it. */
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
  const band = (a, b) => {
    const x0 = Math.min(piles[a].x, piles[b].x) - pad;
    const y0 = Math.min(piles[a].y, piles[b].y) - pad;
    const x1 = Math.max(piles[a].x, piles[b].x) + cardW + pad;
    const y1 = Math.max(piles[a].y, piles[b].y) + cardH + pad;
    roundRect(ctx, x0, y0, x1 - x0, y1 - y0, cardW * 0.22);
    ctx.fill();
  };
  ctx.fillStyle = theme.feltEdge;
  band("n2", "s2");
  band("w2", "e2");
  const c = piles.c;
  ctx.beginPath();
  ctx.arc(c.x + cardW / 2, c.y + cardH / 2, cardH * 0.78, 0, Math.PI * 2);
  ctx.fill();
}

const captionFor = (name) => {
  if (CORNERS.includes(name)) return "K";
  if (SAILS.includes(name)) return name;
  return name === "c" ? "A" : "";
};

/**
 * Paint the board. `scene`:
 *   piles     {name: [card ids bottom..top]}, with `stock` a count
 *   faces     card id -> face text ("TH")
 *   caps      {name: cards when full} for the foundations' counters
 *   selected  pile lifted by a click or keyboard pick-up (or null)
 *   targets   Set of piles to highlight as legal destinations
 *   hint      {src, dst} or null
 *   floating  [{id, x, y, lifted}] cards drawn on top (animations, the dragged card)
 *   hidden    Set of card ids not drawn in their piles (they are floating)
 *   labels    {stock, waste} captions
 */
export function drawScene(ctx, layout, scene, theme) {
  const { piles: rects, cardW } = layout;
  drawTable(ctx, layout, theme);
  const hidden = scene.hidden ?? new Set();

  for (const name of PILE_NAMES) {
    const rect = rects[name];
    if (name === "stock") {
      const count = scene.piles?.stock ?? 0;
      const card = { x: rect.x, y: rect.y, w: cardW, h: layout.cardH };
      if (count > 0) {
        drawDepth(ctx, card, count, theme);
        drawCardBack(ctx, card, theme);
      } else {
        drawSlot(ctx, card, theme, "");
      }
      drawPill(ctx, String(count), card.x + cardW / 2, card.y + layout.cardH, cardW, theme);
      continue;
    }
    const ids = (scene.piles?.[name] ?? []).filter((id) => !hidden.has(id));
    const slotRect = { x: rect.x, y: rect.y, w: cardW, h: layout.cardH };
    if (!ids.length) {
      drawSlot(ctx, slotRect, theme, captionFor(name));
    } else {
      if (name !== "waste") drawDepth(ctx, slotRect, ids.length, theme);
      const shown = visibleCardRects(layout, name, ids.length);
      const visible = ids.slice(ids.length - shown.length);
      visible.forEach((id, i) => {
        const top = i === visible.length - 1;
        const lifted = top && scene.selected === name;
        const r = lifted ? { ...shown[i], y: shown[i].y - layout.cardH * 0.06 } : shown[i];
        drawCard(ctx, r, scene.faces[id] ?? "??", theme, { lifted });
        if (lifted) outline(ctx, r, theme.highlight, Math.max(2, cardW * 0.05), cardW * 0.2);
      });
    }
    const cap = scene.caps?.[name];
    const count = (scene.piles?.[name] ?? []).length;
    if (cap && count > 0) {
      const full = count >= cap;
      drawPill(ctx, `${count}/${cap}`, rect.x + cardW / 2, rect.y + layout.cardH, cardW, theme, {
        strong: full,
      });
    } else if (name === "waste" && count > 0) {
      drawPill(ctx, String(count), rect.x + cardW / 2, rect.y + layout.cardH, cardW, theme);
    }
  }

  // Captions for the two piles that are not part of the windmill.
  ctx.fillStyle = theme.onFelt;
  ctx.font = `600 ${Math.max(11, cardW * 0.2)}px ${theme.font}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "bottom";
  for (const name of ["stock", "waste"]) {
    ctx.fillText(scene.labels?.[name] ?? name, rects[name].x, rects[name].y - cardW * 0.08);
  }

  const lineW = Math.max(2, cardW * 0.05);
  for (const name of scene.targets ?? []) {
    if (!rects[name]) continue;
    const count = name === "stock" ? scene.piles?.stock : (scene.piles?.[name] ?? []).length;
    outline(ctx, topCardRect(layout, name, count ?? 0), theme.highlight, lineW, cardW * 0.25);
  }
  if (scene.hint && rects[scene.hint.src]) {
    const count = (n) => (n === "stock" ? 1 : (scene.piles?.[n] ?? []).length);
    const a = topCardRect(layout, scene.hint.src, count(scene.hint.src));
    outline(ctx, a, theme.hint, lineW, cardW * 0.25);
    if (rects[scene.hint.dst]) {
      const b = topCardRect(layout, scene.hint.dst, count(scene.hint.dst));
      outline(ctx, b, theme.hint, lineW, cardW * 0.25);
      drawArrow(
        ctx,
        { x: a.x + a.w / 2, y: a.y + a.h / 2 },
        { x: b.x + b.w / 2, y: b.y + b.h / 2 },
        theme.hint,
        lineW,
      );
    }
  }

  for (const f of scene.floating ?? []) {
    const r = { x: f.x, y: f.y, w: cardW, h: layout.cardH };
    if (f.faceDown) drawCardBack(ctx, r, theme);
    else drawCard(ctx, r, scene.faces[f.id] ?? "??", theme, { lifted: f.lifted });
  }
}

