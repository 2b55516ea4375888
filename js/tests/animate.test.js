import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MAX_ANIMATED, MOVE_MS, REFILL_DELAY_MS, framePositions, planAnimations, planDuration } from "../animate.js";
import { computeLayout, topCardRect } from "../layout.js";



const L = computeLayout("windmill", 900);
const base = { c: [0], nw: [], n1: [5], n2: [30], e1: [77], waste: [40, 41], stock: 90 };

describe("planAnimations", () => {
  it("animates the played card and then the refill from the waste into the emptied sail", () => {
    const next = { ...base, c: [0, 5], n1: [41], waste: [40] };
    const plans = planAnimations(L, base, next);
    const byId = new Map(plans.map((p) => [p.id, p]));
    assert.deepEqual([...byId.keys()].sort(), [41, 5]);
    assert.deepEqual(byId.get(5).from, topCardRect(L, "n1", 1));
    assert.deepEqual(byId.get(5).to, topCardRect(L, "c", 2));
    assert.equal(byId.get(5).delay, 0);
    assert.deepEqual(byId.get(41).from, topCardRect(L, "waste", 2));
    assert.deepEqual(byId.get(41).to, topCardRect(L, "n1", 1));
    assert.equal(byId.get(41).delay, REFILL_DELAY_MS);
  });

  it("brings a dealt card from the stock, face down at first", () => {
    const next = { ...base, waste: [40, 41, 42], stock: 89 };
    const plans = planAnimations(L, base, next);
    const dealt = plans.find((p) => p.id === 42);
    assert.ok(dealt.fromStock);
    assert.deepEqual(dealt.from, topCardRect(L, "stock", 1));
    assert.ok(framePositions([dealt], 0)[0].faceDown);
    assert.ok(!framePositions([dealt], MOVE_MS)[0].faceDown);
  });

  it("starts a dropped card where it was let go", () => {
    const next = { ...base, c: [0, 5], n1: [41], waste: [40] };
    const drop = { x: 11, y: 22, w: L.cardW, h: L.cardH };
    const plans = planAnimations(L, base, next, new Map([[5, drop]]));
    assert.deepEqual(plans.find((p) => p.id === 5).from, drop);
  });

  it("does not animate unchanged boards, or whole new deals", () => {
    assert.deepEqual(planAnimations(L, base, base), []);
    assert.deepEqual(planAnimations(L, null, base), []);
    const shuffled = { c: [1], n1: [2], n2: [3], e1: [4], e2: [6], s1: [7], s2: [8], w1: [9], w2: [10], waste: [], stock: 95 };
    assert.ok(Object.keys(shuffled).length - 2 > MAX_ANIMATED);
    assert.deepEqual(planAnimations(L, base, shuffled), []);
  });
});

describe("framePositions", () => {
  it("runs from the origin to the target and reports when done", () => {
    const plan = { id: 1, from: { x: 0, y: 0, w: 10, h: 14 }, to: { x: 100, y: 50, w: 10, h: 14 }, delay: 0 };
    const [start] = framePositions([plan], 0);
    assert.deepEqual([start.cx, start.cy, start.angle, start.done], [5, 7, 0, false]);
    const [mid] = framePositions([plan], MOVE_MS / 2);
    assert.ok(mid.cx > 55 && mid.cx < 105, "eases out");
    const [end] = framePositions([plan], MOVE_MS * 2);
    assert.deepEqual([end.cx, end.cy, end.done], [105, 57, true]);
  });

  it("turns a card that lay across upright on its way (Crazy Quilt's quilt to its waste)", () => {
    const plan = { id: 1, from: { x: 0, y: 0, w: 14, h: 10, across: true }, to: { x: 100, y: 50, w: 10, h: 14 }, delay: 0 };
    assert.equal(framePositions([plan], 0)[0].angle, Math.PI / 2);
    const mid = framePositions([plan], MOVE_MS / 2)[0].angle;
    assert.ok(mid > 0 && mid < Math.PI / 2);
    assert.equal(framePositions([plan], MOVE_MS)[0].angle, 0);
  });

  it("holds delayed cards at their origin", () => {
    const plan = { id: 1, from: { x: 5, y: 5, w: 10, h: 14 }, to: { x: 100, y: 50, w: 10, h: 14 }, delay: 100 };
    assert.equal(framePositions([plan], 90)[0].cx, 10);
    assert.equal(planDuration([plan]), 100 + MOVE_MS);
    assert.equal(planDuration([]), 0);
  });
});

describe("Crazy Quilt's animations", () => {
  const Q = computeLayout("crazy-quilt", 900, { hand: true });
  it("flies a quilt card to a foundation, and a turned card from the stock to the hand", () => {
    const before = { b1: [50], "C-": [51], hand: [], waste: [], stock: 32 };
    const played = planAnimations(Q, before, { ...before, b1: [], "C-": [51, 50] });
    assert.equal(played.length, 1);
    assert.deepEqual(played[0].from, topCardRect(Q, "b1", 1));
    assert.ok(played[0].from.across && !played[0].to.across);
    const turned = planAnimations(Q, before, { ...before, hand: [60], stock: 31 });
    assert.ok(turned[0].fromStock && turned[0].pile === "hand" && turned[0].delay === 0);
  });

  it("just switches on a redeal (the whole waste moves)", () => {
    const waste = Array.from({ length: 30 }, (_, i) => i);
    assert.deepEqual(planAnimations(Q, { waste, stock: 0 }, { waste: [], stock: 30 }), []);
  });
});
