import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  CARD_ASPECT,
  CORNERS,
  MAX_CARD_W,
  MIN_CARD_W,
  PILE_NAMES,
  SAILS,
  WASTE_SHOWN,
  WIDE_MIN_WIDTH,
  cardPositions,
  computeLayout,
  neighbour,
  pileAt,
  pileCentre,
  readingOrder,
  topCardRect,
  visibleCardRects,
} from "../layout.js";

// A small seeded generator so the "many widths" tests are reproducible.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const SAMPLE_WIDTHS = (() => {
  const rand = mulberry32(20240521);
  const fixed = [200, 320, 360, WIDE_MIN_WIDTH - 1, WIDE_MIN_WIDTH, 640, 800, 1000, 1600, 2400];
  return [...fixed, ...Array.from({ length: 60 }, () => 200 + Math.floor(rand() * 2000))];
})();

describe("computeLayout", () => {
  it("places all 15 piles, inside the board, without overlaps, at any width", () => {
    for (const width of SAMPLE_WIDTHS) {
      const L = computeLayout(width);
      assert.deepEqual(Object.keys(L.piles).sort(), [...PILE_NAMES].sort(), `width ${width}`);
      for (const name of PILE_NAMES) {
        const r = L.piles[name];
        assert.ok(r.x >= 0 && r.y >= 0, `${name} starts inside at width ${width}`);
        assert.ok(r.y + r.h <= L.height, `${name} fits the height at width ${width}`);
        if (width >= MIN_CARD_W * 8) assert.ok(r.x + r.w <= width, `${name} fits width ${width}`);
      }
      for (const a of PILE_NAMES) {
        for (const b of PILE_NAMES) {
          if (a < b) assert.ok(!overlaps(L.piles[a], L.piles[b]), `${a} and ${b} overlap at ${width}`);
        }
      }
    }
  });

  it("draws a windmill: sails in a cross around the centre, corners between the arms", () => {
    const { piles: p } = computeLayout(800);
    const cx = (n) => p[n].x;
    const cy = (n) => p[n].y;
    assert.ok(cy("n2") < cy("n1") && cy("n1") < cy("c") && cy("c") < cy("s1") && cy("s1") < cy("s2"));
    assert.ok(cx("w2") < cx("w1") && cx("w1") < cx("c") && cx("c") < cx("e1") && cx("e1") < cx("e2"));
    for (const n of ["n1", "n2", "s1", "s2"]) assert.equal(cx(n), cx("c"));
    for (const n of ["e1", "e2", "w1", "w2"]) assert.equal(cy(n), cy("c"));
    assert.ok(cx("nw") < cx("c") && cy("nw") < cy("c"));
    assert.ok(cx("ne") > cx("c") && cy("ne") < cy("c"));
    assert.ok(cx("se") > cx("c") && cy("se") > cy("c"));
    assert.ok(cx("sw") < cx("c") && cy("sw") > cy("c"));
  });

  it("puts the stock and waste beside the windmill when wide, below it when narrow", () => {
    const wide = computeLayout(900);
    assert.ok(wide.wide);
    assert.ok(wide.piles.stock.x > wide.piles.e2.x + wide.cardW);
    assert.ok(wide.piles.waste.y > wide.piles.stock.y);
    const narrow = computeLayout(340);
    assert.ok(!narrow.wide);
    assert.ok(narrow.piles.stock.y > narrow.piles.s2.y + narrow.cardH);
    assert.equal(narrow.piles.stock.y, narrow.piles.waste.y);
  });

  it("keeps cards between the legible and the sensible size, with a card's proportions", () => {
    for (const width of SAMPLE_WIDTHS) {
      const L = computeLayout(width);
      assert.ok(L.cardW >= MIN_CARD_W && L.cardW <= MAX_CARD_W, `card width ${L.cardW} at ${width}`);
      assert.ok(Math.abs(L.cardH / L.cardW - CARD_ASPECT) < 0.05);
    }
    assert.equal(computeLayout(5000).cardW, MAX_CARD_W);
    assert.equal(computeLayout(100).cardW, MIN_CARD_W);
  });

  it("grows with the width until the cards reach their largest size, and centres the board", () => {
    let previous = 0;
    for (let width = 300; width <= 1400; width += 10) {
      const { cardW } = computeLayout(width);
      assert.ok(cardW >= previous || width === WIDE_MIN_WIDTH, `card width shrank at ${width}`);
      previous = cardW;
    }
    const L = computeLayout(2000);
    const leftGap = Math.min(...PILE_NAMES.map((n) => L.piles[n].x));
    const rightGap = 2000 - Math.max(...PILE_NAMES.map((n) => L.piles[n].x + L.piles[n].w));
    assert.ok(Math.abs(leftGap - rightGap) <= 2, `left ${leftGap} vs right ${rightGap}`);
  });

  it("survives nonsense widths", () => {
    for (const width of [0, -5, Number.NaN, undefined]) {
      const L = computeLayout(width);
      assert.ok(L.height > 0 && L.cardW === MIN_CARD_W);
    }
  });
});

describe("pileAt", () => {
  it("finds every pile at its centre and at its corners", () => {
    for (const width of SAMPLE_WIDTHS) {
      const L = computeLayout(width);
      for (const name of PILE_NAMES) {
        const { x, y } = pileCentre(L, name);
        assert.equal(pileAt(L, x, y), name);
        const r = L.piles[name];
        assert.equal(pileAt(L, r.x + 1, r.y + 1), name);
        assert.equal(pileAt(L, r.x + r.w - 1, r.y + r.h - 1), name);
      }
    }
  });

  it("finds nothing between the arms' gaps and outside the board", () => {
    const L = computeLayout(800);
    assert.equal(pileAt(L, -10, -10), null);
    assert.equal(pileAt(L, 5000, 5), null);
    // The empty grid cell up-left of nw (column 0, row 0) holds no pile.
    const r = L.piles.w2;
    assert.equal(pileAt(L, r.x + r.w / 2, L.piles.n2.y + 5), null);
    // The gap between n1 and c.
    const c = L.piles.c;
    assert.equal(pileAt(L, c.x + c.w / 2, c.y - 2), null);
  });

  it("picks the waste anywhere on its fan", () => {
    const L = computeLayout(900);
    const rects = visibleCardRects(L, "waste", 10);
    for (const r of rects) assert.equal(pileAt(L, r.x + 2, r.y + r.h / 2), "waste");
  });
});

describe("card rects", () => {
  it("fans the top cards of the waste, the top card rightmost, and one card elsewhere", () => {
    const L = computeLayout(900);
    assert.equal(visibleCardRects(L, "waste", 0).length, 0);
    assert.equal(visibleCardRects(L, "waste", 1).length, 1);
    const fan = visibleCardRects(L, "waste", 40);
    assert.equal(fan.length, WASTE_SHOWN);
    for (let i = 1; i < fan.length; i++) assert.ok(fan[i].x > fan[i - 1].x);
    assert.deepEqual(topCardRect(L, "waste", 40), fan.at(-1));
    assert.equal(visibleCardRects(L, "c", 30).length, 1);
    assert.deepEqual(topCardRect(L, "nw", 0), { ...L.piles.nw });
  });

  it("maps visible card ids to rects, hiding cards under the top and the stock's faces", () => {
    const L = computeLayout(900);
    const piles = { c: [0, 1, 2], n1: [40], waste: [10, 11, 12, 13, 14], stock: 50, nw: [] };
    const pos = cardPositions(L, piles);
    assert.deepEqual([...pos.keys()].sort((a, b) => a - b), [2, 12, 13, 14, 40]);
    assert.deepEqual(pos.get(2), topCardRect(L, "c", 3));
    assert.deepEqual(pos.get(14), topCardRect(L, "waste", 5));
    assert.equal(cardPositions(L, undefined).size, 0);
  });
});

describe("keyboard navigation", () => {
  it("moves along the arms with the arrow keys and stops at the edge", () => {
    const L = computeLayout(800);
    assert.equal(neighbour(L, "c", "up"), "n1");
    assert.equal(neighbour(L, "n1", "up"), "n2");
    assert.equal(neighbour(L, "n2", "up"), "n2");
    assert.equal(neighbour(L, "c", "down"), "s1");
    assert.equal(neighbour(L, "c", "left"), "w1");
    assert.equal(neighbour(L, "w1", "left"), "w2");
    assert.equal(neighbour(L, "c", "right"), "e1");
    assert.equal(neighbour(L, "n1", "left"), "nw");
    assert.equal(neighbour(L, "n1", "right"), "ne");
    assert.equal(neighbour(L, "stock", "down"), "waste");
    assert.equal(neighbour(L, "c", "sideways"), "c");
  });

  it("can reach every pile from every pile with arrow keys", () => {
    for (const width of [340, 900]) {
      const L = computeLayout(width);
      for (const start of PILE_NAMES) {
        const seen = new Set([start]);
        const queue = [start];
        while (queue.length) {
          const p = queue.shift();
          for (const dir of ["up", "down", "left", "right"]) {
            const q = neighbour(L, p, dir);
            if (!seen.has(q)) {
              seen.add(q);
              queue.push(q);
            }
          }
        }
        assert.equal(seen.size, PILE_NAMES.length, `from ${start} at width ${width}`);
      }
    }
  });

  it("tabs through the windmill in reading order, then the stock and waste", () => {
    for (const width of [340, 900]) {
      const order = readingOrder(computeLayout(width));
      assert.deepEqual(order.slice(0, 4), ["n2", "nw", "n1", "ne"]);
      assert.deepEqual(order.slice(-2), ["stock", "waste"]);
    }
    const order = readingOrder(computeLayout(340));
    assert.equal(order.length, PILE_NAMES.length);
    assert.equal(order[0], "n2");
    assert.deepEqual(order.slice(1, 4), ["nw", "n1", "ne"]);
    assert.deepEqual(order.slice(-2), ["stock", "waste"]);
    assert.ok(order.indexOf("c") > order.indexOf("w1") && order.indexOf("c") < order.indexOf("e1"));
  });

  it("has names for every sail and corner", () => {
    assert.equal(SAILS.length, 8);
    assert.equal(CORNERS.length, 4);
  });
});
