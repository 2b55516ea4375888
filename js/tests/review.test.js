// The review chart's geometry and hit-testing (pure).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { chartLayout, chartPointAt, chartRuns } from "../layout.js";

describe("chartLayout", () => {
  const c = chartLayout(800, 40);
  it("spans the plot from the deal to the last move, chance 0 at the bottom", () => {
    assert.equal(c.x(0), c.plot.left);
    assert.equal(c.x(40), c.plot.right);
    assert.equal(c.y(0), c.plot.bottom);
    assert.equal(c.y(1), c.plot.top);
    assert.ok(c.height >= 80 && c.height <= 120);
  });
  it("keeps a game of no moves drawable", () => {
    const z = chartLayout(50, 0);
    assert.equal(z.width, 120);
    assert.equal(z.x(0), z.plot.left);
  });
});

describe("chartPointAt", () => {
  const c = chartLayout(800, 40);
  it("finds the nearest move's point", () => {
    assert.equal(chartPointAt(c, c.x(12) + 2, c.y(0.5)), 12);
    assert.equal(chartPointAt(c, c.x(0), c.y(0)), 0);
    assert.equal(chartPointAt(c, c.x(40) + 5, c.y(1)), 40);
  });
  it("is null away from the plot", () => {
    assert.equal(chartPointAt(c, c.x(12), c.plot.bottom + 30), null);
    assert.equal(chartPointAt(c, 0, c.y(0.5)), null);
  });
});

describe("chartRuns", () => {
  it("joins the known chances and leaves a gap where the chance is unknown (null)", () => {
    const { runs, unknown } = chartRuns([0.5, 0.4, null, null, 0.2, 0.1]);
    assert.deepEqual(runs, [[[0, 0.5], [1, 0.4]], [[4, 0.2], [5, 0.1]]]);
    assert.deepEqual(unknown, [2, 3]);
  });
  it("keeps a chance of 0 (a known loss) on the curve", () => {
    assert.deepEqual(chartRuns([0, null, 0]).runs, [[[0, 0]], [[2, 0]]]);
    assert.deepEqual(chartRuns([]).runs, []);
  });
  it("draws a bounded unknown chance as a band and its floor as its own line", () => {
    const chances = [null, null, null, 0.5, null];
    const ranges = [[0, 1], [0.25, 1], null, null, [0.125, 0.75]];
    const { runs, unknown, bands, floors } = chartRuns(chances, ranges);
    assert.deepEqual(runs, [[[3, 0.5]]]);
    assert.deepEqual(unknown, [2]); // no range: the whole column stays shaded
    assert.deepEqual(bands, [[0, 0, 1], [1, 0.25, 1], [4, 0.125, 0.75]]);
    assert.deepEqual(floors, [[[0, 0], [1, 0.25]], [[4, 0.125]]]); // broken by the unknown and the known
    assert.deepEqual(chartRuns(chances).bands, []); // a chart from before ranges: as it was
  });
});
