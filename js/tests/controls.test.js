// The pure parts of the board's new controls: where a pile lies out of the player's view (the message
// line says it), and a won game's celebration.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { CELEBRATION_MS, celebrationFrames } from "../animate.js";
import { computeLayout, outOfView, topCardRect } from "../layout.js";

const view = { left: 0, top: 100, right: 800, bottom: 600 };
const box = (left, top, w = 60, h = 84) => ({ left, top, right: left + w, bottom: top + h });

describe("outOfView", () => {
  it("is null for a pile at least half in view", () => {
    assert.equal(outOfView(box(10, 200), view), null);
    assert.equal(outOfView(box(10, 540), view), null); // 24 of 84 px out: most of it in view
  });
  it("says where a pile out of view lies", () => {
    assert.equal(outOfView(box(10, 700), view), "below");
    assert.equal(outOfView(box(10, 20), view), "above");
    assert.equal(outOfView(box(790, 300), view), "to the right");
    assert.equal(outOfView(box(-55, 300), view), "to the left");
  });
  it("takes the larger miss when a pile is out both ways", () => {
    assert.equal(outOfView(box(900, 1200), view), "below");
  });
});

describe("celebrationFrames", () => {
  const L = computeLayout("crazy-quilt", 900);
  const piles = { "S+": [0, 1], "H-": [52], "D+": [] };
  const foundations = ["S+", "H-", "D+", "C-"];

  it("lifts the top card of every non-empty foundation, and lands it back", () => {
    const start = celebrationFrames(L, piles, foundations, 0);
    assert.deepEqual(start.map((f) => f.id), [1, 52]);
    const home = topCardRect(L, "S+", 2);
    assert.equal(start[0].cy, home.y + home.h / 2);
    const mid = celebrationFrames(L, piles, foundations, CELEBRATION_MS * 0.3);
    assert.ok(mid[0].cy < home.y + home.h / 2, "the card leaps up");
    assert.ok(mid.every((f) => f.cy >= L.cardH / 2), "never off the canvas");
  });
  it("is over after its time", () => {
    assert.deepEqual(celebrationFrames(L, piles, foundations, CELEBRATION_MS), []);
  });
});
