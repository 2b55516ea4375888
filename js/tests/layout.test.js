import assert from "node:assert/strict";
import { describe, it } from "node:test";

import table from "../../windmill_widget/core/table.json" with { type: "json" };
import quiltBoard from "../../windmill_widget/games/crazy_quilt/board.json" with { type: "json" };
import windmillBoard from "../../windmill_widget/games/windmill/board.json" with { type: "json" };
import { counterHeight } from "../boards/counter.js";
import * as quilt from "../boards/quilt.js";
import * as windmill from "../boards/windmill.js";
import {
  GAMES,
  cardPositions,
  LEGIBLE_CARD_W,
  computeLayout,
  counterAnchor,
  fitLayout,
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
  const fixed = [180, 200, 230, 320, 360, 519, 520, 600, 640, 800, 1000, 1600, 2400];
  return [...fixed, ...Array.from({ length: 50 }, () => 180 + Math.floor(rand() * 2000))];
})();

const BOARDS = [
  { game: "windmill", options: {}, names: windmill.PILE_NAMES, mod: windmill },
  { game: "crazy-quilt", options: { hand: true }, names: quilt.PILE_NAMES, mod: quilt },
  { game: "crazy-quilt", options: { hand: false }, names: quilt.PILE_NAMES.filter((n) => n !== "hand"), mod: quilt },
  { game: "windmill", options: { compact: true }, names: windmill.PILE_NAMES, mod: windmill },
  { game: "crazy-quilt", options: { hand: true, compact: true }, names: quilt.PILE_NAMES, mod: quilt },
];

describe("both games' boards", () => {
  it("are the games this front end knows, and an unknown game is an error", () => {
    assert.deepEqual([...GAMES].sort(), ["crazy-quilt", "windmill"]);
    assert.throws(() => computeLayout("klondike", 800), /cannot draw the game "klondike"/);
  });

  for (const { game, options, names, mod } of BOARDS) {
    const label = `${game}${options.hand === false ? " (no hand)" : ""}${options.compact ? " (compact)" : ""}`;

    it(`${label}: places every pile inside the board, without overlaps, at any width`, () => {
      for (const width of SAMPLE_WIDTHS) {
        const L = computeLayout(game, width, options);
        assert.deepEqual(Object.keys(L.piles).sort(), [...names].sort(), `width ${width}`);
        for (const name of names) {
          const r = L.piles[name];
          assert.ok(r.x >= 0 && r.y >= 0, `${name} starts inside at width ${width}`);
          assert.ok(r.y + r.h <= L.height, `${name} fits the height at width ${width}`);
          assert.ok(r.x + r.w <= L.width, `${name} fits the board's width at ${width}`);
        }
        for (const a of names) {
          for (const b of names) {
            if (a < b) assert.ok(!overlaps(L.piles[a], L.piles[b]), `${a} and ${b} overlap at ${width}`);
          }
        }
      }
    });

    it(`${label}: fits the width it is given; below its smallest legible cards it scrolls, never clips`, () => {
      const smallest = computeLayout(game, 1, options).width; // the board with MIN_CARD_W cards
      assert.ok(smallest <= (game === "windmill" ? 100 : 360), `smallest board ${smallest}`);
      for (const width of SAMPLE_WIDTHS) {
        const L = computeLayout(game, width, options);
        assert.equal(L.width, Math.max(width, smallest), `board width at ${width}`);
      }
    });

    it(`${label}: keeps a card's proportions and its sizes within the limits`, () => {
      for (const width of SAMPLE_WIDTHS) {
        const L = computeLayout(game, width, options);
        assert.ok(L.cardW >= mod.MIN_CARD_W && L.cardW <= mod.MAX_CARD_W, `card width ${L.cardW} at ${width}`);
        assert.ok(Math.abs(L.cardH / L.cardW - mod.CARD_ASPECT) < 0.05);
      }
      assert.equal(computeLayout(game, 5000, options).cardW, mod.MAX_CARD_W);
    });

    it(`${label}: grows with the width until the cards are full size, then centres the board`, () => {
      let previous = 0;
      let wasCompact = false;
      for (let width = 200; width <= 1800; width += 10) {
        const { cardW, compact } = computeLayout(game, width, options);
        // (A compact board asked for takes over where its side column fits, with smaller cards.)
        assert.ok(cardW >= previous || compact !== wasCompact, `card width shrank at ${width}`);
        previous = cardW;
        wasCompact = compact;
      }
      const L = computeLayout(game, 2400, options);
      const leftGap = Math.min(...names.map((n) => L.piles[n].x));
      const rightGap = 2400 - Math.max(...names.map((n) => L.piles[n].x + L.piles[n].w));
      assert.ok(Math.abs(leftGap - rightGap) <= 2, `left ${leftGap} vs right ${rightGap}`);
    });

    it(`${label}: survives nonsense widths`, () => {
      for (const width of [0, -5, Number.NaN, undefined]) {
        const L = computeLayout(game, width, options);
        assert.ok(L.height > 0 && L.cardW === mod.MIN_CARD_W);
      }
    });

    it(`${label}: finds every pile at its centre and near its corners, nothing outside`, () => {
      for (const width of SAMPLE_WIDTHS) {
        const L = computeLayout(game, width, options);
        for (const name of names) {
          const { x, y } = pileCentre(L, name);
          assert.equal(pileAt(L, x, y), name);
          const r = L.piles[name];
          assert.equal(pileAt(L, r.x + 1, r.y + 1), name);
          assert.equal(pileAt(L, r.x + r.w - 1, r.y + r.h - 1), name);
        }
        assert.equal(pileAt(L, -10, -10), null);
        assert.equal(pileAt(L, L.width + 50, 5), null);
      }
    });

    it(`${label}: puts every counter under its card, clear of every card and inside the board`, () => {
      const counted = [...mod.FOUNDATIONS, "stock", "waste"];
      for (const width of SAMPLE_WIDTHS) {
        const L = computeLayout(game, width, options);
        for (const name of counted) {
          const at = counterAnchor(L, name);
          const r = L.piles[name];
          const ph = counterHeight(L.cardW);
          const pill = { x: at.x - L.cardW * 0.45, y: at.y - ph / 2, w: L.cardW * 0.9, h: ph };
          assert.ok(pill.y >= r.y + r.h, `${name}'s counter covers its card at ${width}`);
          assert.ok(pill.y + pill.h <= L.height, `${name}'s counter leaves the board at ${width}`);
          for (const other of names) {
            assert.ok(!overlaps(pill, L.piles[other]), `${name}'s counter covers ${other} at ${width}`);
          }
        }
      }
    });

    it(`${label}: can reach every pile from every pile with the arrow keys; Tab goes in reading order`, () => {
      for (const width of [340, 900]) {
        const L = computeLayout(game, width, options);
        const order = readingOrder(L);
        assert.deepEqual([...order].sort(), [...names].sort());
        for (const start of names) {
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
          assert.equal(seen.size, names.length, `from ${start} at width ${width}`);
        }
        assert.equal(neighbour(L, order[0], "sideways"), order[0]);
      }
    });

    it(`${label}: fans the top cards of the waste, the top card rightmost, and one card elsewhere`, () => {
      const L = computeLayout(game, 900, options);
      assert.equal(visibleCardRects(L, "waste", 0).length, 0);
      assert.equal(visibleCardRects(L, "waste", 1).length, 1);
      const fan = visibleCardRects(L, "waste", 40);
      assert.equal(fan.length, mod.FAN.shown);
      for (let i = 1; i < fan.length; i++) assert.ok(fan[i].x > fan[i - 1].x);
      assert.deepEqual(topCardRect(L, "waste", 40), fan.at(-1));
      for (const r of fan) assert.equal(pileAt(L, r.x + 2, r.y + r.h / 2), "waste");
      const other = names.find((n) => n !== "waste" && n !== "stock");
      assert.equal(visibleCardRects(L, other, 30).length, 1);
    });
  }
});

describe("Windmill's board", () => {
  it("draws a windmill: sails in a cross around the centre, corners between the arms", () => {
    const { piles: p } = computeLayout("windmill", 800);
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

  it("puts the stock and the waste in the cross's top corners at every width, as the static picture does", () => {
    for (const width of SAMPLE_WIDTHS) {
      const { piles: p, cardW } = computeLayout("windmill", width);
      assert.equal(p.stock.y, p.n2.y, `stock beside n2 at ${width}`);
      assert.equal(p.stock.x, p.w2.x, `stock above w2 at ${width}`);
      assert.equal(p.waste.y, p.n2.y);
      assert.equal(p.waste.x + p.waste.w, p.e2.x + cardW, `the waste's fan ends above e2 at ${width}`);
      assert.deepEqual(windmill.GRID.stock, [0, 0]);
      assert.deepEqual(windmill.GRID.waste, [4, 0]);
    }
  });

  it("is no taller than a 600 x 900 window at 600 px, and keeps the stock in view", () => {
    const L = computeLayout("windmill", 560);
    assert.ok(L.height < 760, `height ${L.height}`);
    assert.ok(L.piles.stock.y < 100);
  });

  it("finds nothing in the gaps between the arms", () => {
    const L = computeLayout("windmill", 800);
    const c = L.piles.c;
    assert.equal(pileAt(L, c.x + c.w / 2, c.y - 2), null);
    const w2 = L.piles.w2;
    assert.equal(pileAt(L, w2.x + w2.w / 2, L.piles.nw.y + 5), null); // the empty cell above w2
  });

  it("moves along the arms with the arrow keys and stops at the edge", () => {
    const L = computeLayout("windmill", 800);
    assert.equal(neighbour(L, "c", "up"), "n1");
    assert.equal(neighbour(L, "n1", "up"), "n2");
    assert.equal(neighbour(L, "n2", "up"), "n2");
    assert.equal(neighbour(L, "c", "down"), "s1");
    assert.equal(neighbour(L, "c", "left"), "w1");
    assert.equal(neighbour(L, "w1", "left"), "w2");
    assert.equal(neighbour(L, "c", "right"), "e1");
    assert.equal(neighbour(L, "n1", "left"), "nw");
    assert.equal(neighbour(L, "n1", "right"), "ne");
  });

  it("tabs through the board row by row: the stock, the top sail, the waste, then the cross", () => {
    const order = readingOrder(computeLayout("windmill", 800));
    assert.deepEqual(order.slice(0, 6), ["stock", "n2", "waste", "nw", "n1", "ne"]);
    assert.ok(order.indexOf("c") > order.indexOf("w1") && order.indexOf("c") < order.indexOf("e1"));
  });

  it("maps visible card ids to rects, hiding cards under the top and the stock's faces", () => {
    const L = computeLayout("windmill", 900);
    const piles = { c: [0, 1, 2], n1: [40], waste: [10, 11, 12, 13, 14], stock: 50, nw: [] };
    const pos = cardPositions(L, piles);
    assert.deepEqual([...pos.keys()].sort((a, b) => a - b), [2, 12, 13, 14, 40]);
    assert.deepEqual(pos.get(2), topCardRect(L, "c", 3));
    assert.deepEqual(pos.get(14), topCardRect(L, "waste", 5));
    assert.equal(cardPositions(L, undefined).size, 0);
  });
});

describe("the facts the boards share with the engine", () => {
  it("draws every card in the table's shape (core/table.json, which the static pictures read too)", () => {
    assert.equal(windmill.CARD_ASPECT, table.cardShape.aspect);
    assert.equal(quilt.CARD_ASPECT, table.cardShape.aspect);
    for (const game of GAMES) {
      const L = computeLayout(game, 900, { hand: true });
      assert.equal(L.cardH, Math.round(L.cardW * table.cardShape.aspect), game);
    }
  });

  it("captions an empty foundation with what starts it, as board.json says (the engine's picture too)", () => {
    for (const [name, rank] of Object.entries(windmillBoard.starts.piles)) assert.equal(windmill.caption(name), rank);
    assert.deepEqual(Object.keys(windmillBoard.starts.piles).sort(), [...windmill.FOUNDATIONS].sort());
    for (const name of windmill.SAILS) assert.equal(windmill.caption(name), name);
    assert.equal(windmill.caption("stock"), "");
  });

  it("lays each quilt card as board.json's orientation draws it (the engine's narrow-edge rule reads it too)", () => {
    const marks = quiltBoard.orientation.rows.join("");
    assert.equal(marks.length, quilt.CELLS.length);
    const L = computeLayout("crazy-quilt", 900, { hand: true });
    quilt.CELLS.forEach((name, i) => {
      assert.equal(quilt.upright(i), marks[i] === "|", name);
      assert.equal(L.piles[name].across, marks[i] === "-", name);
    });
  });
});

describe("Crazy Quilt's board", () => {
  it("lays the quilt out 8 x 8, alternately upright and across, a1 upright at the top left", () => {
    const L = computeLayout("crazy-quilt", 900, { hand: true });
    assert.equal(quilt.CELLS.length, 64);
    assert.deepEqual(quilt.CELLS.slice(0, 3), ["a1", "b1", "c1"]);
    assert.equal(quilt.CELLS[8], "a2");
    quilt.CELLS.forEach((name, i) => {
      const r = L.piles[name];
      const row = Math.floor(i / 8);
      const col = i % 8;
      assert.equal(r.across, (row + col) % 2 === 1, `${name}'s orientation`);
      assert.ok(r.across ? r.w > r.h : r.h > r.w, `${name}'s box follows its card`);
      if (col) assert.ok(pileCentre(L, name).x > pileCentre(L, quilt.CELLS[i - 1]).x);
      if (row) assert.ok(pileCentre(L, name).y > pileCentre(L, quilt.CELLS[i - 8]).y);
    });
  });

  it("puts the Aces in a column on the left and the Kings on the right, as seed 002 lays them", () => {
    const L = computeLayout("crazy-quilt", 900, { hand: true });
    const quiltLeft = Math.min(...quilt.CELLS.map((n) => L.piles[n].x));
    const quiltRight = Math.max(...quilt.CELLS.map((n) => L.piles[n].x + L.piles[n].w));
    for (const name of quilt.UP) assert.ok(L.piles[name].x + L.piles[name].w < quiltLeft, name);
    for (const name of quilt.DOWN) assert.ok(L.piles[name].x > quiltRight, name);
    for (let k = 1; k < 4; k++) assert.ok(L.piles[quilt.UP[k]].y > L.piles[quilt.UP[k - 1]].y);
    const top = Math.min(...quilt.CELLS.map((n) => L.piles[n].y));
    for (const name of ["stock", "waste", "hand"]) {
      assert.ok(L.piles[name].y + L.piles[name].h < top, `${name} above the quilt, always in view`);
    }
  });

  it("hits a card lying across on its wide box, and the cell beside it beyond that box", () => {
    const L = computeLayout("crazy-quilt", 900, { hand: true });
    const b1 = L.piles.b1; // row 1, column b: across
    assert.ok(b1.across);
    assert.equal(pileAt(L, b1.x + 2, b1.y + b1.h / 2), "b1");
    assert.equal(pileAt(L, b1.x + b1.w - 2, b1.y + b1.h / 2), "b1");
    assert.equal(pileAt(L, b1.x + b1.w / 2, b1.y - 2), null); // above the card, inside its cell
    const a1 = L.piles.a1; // upright
    assert.equal(pileAt(L, a1.x + a1.w / 2, a1.y + 2), "a1");
    assert.deepEqual(topCardRect(L, "b1", 1), { ...b1 });
  });

  it("moves between neighbouring cells with the arrow keys", () => {
    const L = computeLayout("crazy-quilt", 900, { hand: true });
    assert.equal(neighbour(L, "c4", "right"), "d4");
    assert.equal(neighbour(L, "c4", "left"), "b4");
    assert.equal(neighbour(L, "c4", "up"), "c3");
    assert.equal(neighbour(L, "c4", "down"), "c5");
    assert.equal(neighbour(L, "a1", "left"), "S+");
    assert.equal(neighbour(L, "h1", "right"), "S-");
  });

  it("in a narrow host puts the foundations in a row over the quilt (Aces left, Kings right) and keeps cards legible", () => {
    for (const width of [284, 300, 320, 360, 400]) {
      const L = computeLayout("crazy-quilt", width, { hand: true });
      assert.ok(L.stacked, `stacked at ${width}`);
      assert.equal(L.width, Math.max(width, computeLayout("crazy-quilt", 1, { hand: true }).width));
      const quiltTop = Math.min(...quilt.CELLS.map((n) => L.piles[n].y));
      const quiltLeft = Math.min(...quilt.CELLS.map((n) => L.piles[n].x));
      const quiltRight = Math.max(...quilt.CELLS.map((n) => L.piles[n].x + L.piles[n].w));
      const row = [...quilt.UP, ...quilt.DOWN].map((n) => L.piles[n]);
      for (const r of row) {
        assert.equal(r.y, row[0].y, "one row");
        assert.ok(r.y > L.piles.stock.y + L.piles.stock.h && r.y + r.h < quiltTop, "between the stock and the quilt");
        assert.ok(r.x >= quiltLeft && r.x + r.w <= quiltRight, "over the quilt's width");
      }
      for (let i = 1; i < row.length; i++) assert.ok(row[i].x > row[i - 1].x + row[i - 1].w, "left to right, apart");
      assert.equal(neighbour(L, "a1", "up"), "S+");
      const order = readingOrder(L);
      assert.deepEqual(order.slice(3, 11), [...quilt.UP, ...quilt.DOWN]);
    }
    const phone = computeLayout("crazy-quilt", 320, { hand: true }); // it scrolled sideways here before
    assert.ok(phone.width === 320 && phone.cardW > quilt.MIN_CARD_W, `${phone.cardW} px cards in 320 px`);
    assert.ok(!computeLayout("crazy-quilt", 600, { hand: true }).stacked);
  });

  it("tabs through the stock, waste and hand, the quilt row by row, then the foundations", () => {
    const order = readingOrder(computeLayout("crazy-quilt", 900, { hand: true }));
    assert.deepEqual(order.slice(0, 3), ["stock", "waste", "hand"]);
    assert.deepEqual(order.slice(3, 12), [...quilt.CELLS.slice(0, 9)]);
    assert.deepEqual(order.slice(-8), [...quilt.UP, ...quilt.DOWN]);
  });
});

describe("a board fitted to the visible room (width and height)", () => {
  // The room a notebook gives a board: JupyterLab at 1280 x 720 and 1400 x 1000 (its toolbar and
  // message line taken off), Notebook 7, a narrow window, and a phone held sideways.
  const ROOMS = [[1100, 520], [1230, 800], [1200, 620], [700, 560], [420, 700], [360, 300]];

  for (const [game, options] of [["windmill", {}], ["crazy-quilt", { hand: true }], ["crazy-quilt", { hand: false }]]) {
    it(`${game}${options.hand === false ? " (no hand)" : ""}: fits the height too, with the biggest cards that do`, () => {
      for (const [width, height] of ROOMS) {
        const L = fitLayout(game, width, height, options);
        const wide = computeLayout(game, width, options);
        if (wide.height <= height) {
          assert.deepEqual(L, wide, `${width} x ${height}: no need to shrink`);
          continue;
        }
        if (L.height <= height) {
          // No bigger card would fit, in either layout.
          for (const compact of [false, true]) {
            const bigger = computeLayout(game, width, { ...options, compact, maxCardW: L.cardW + 1 });
            assert.ok(bigger.cardW <= L.cardW || bigger.height > height, `${width} x ${height}: ${L.cardW} is not the biggest`);
          }
        } else {
          assert.equal(L.cardW, Math.min(wide.cardW, LEGIBLE_CARD_W), `${width} x ${height}: never below legible`);
        }
        assert.ok(L.width <= Math.max(width, wide.width), `${width} x ${height}: wider than the room`);
        assert.ok(L.cardW >= Math.min(wide.cardW, LEGIBLE_CARD_W), `${width} x ${height}: illegible cards`);
      }
    });
  }

  it("fits both boards in JupyterLab at 1280 x 720, Crazy Quilt in its compact layout", () => {
    const windmillBoard = fitLayout("windmill", 1100, 520);
    assert.ok(windmillBoard.height <= 520 && windmillBoard.cardW >= 40, `windmill ${windmillBoard.cardW}`);
    const quiltBoard = fitLayout("crazy-quilt", 1100, 520, { hand: true });
    assert.ok(quiltBoard.height <= 520 && quiltBoard.cardW >= LEGIBLE_CARD_W, `quilt ${quiltBoard.cardW}`);
    assert.equal(quiltBoard.compact, true);
    const usual = fitLayout("crazy-quilt", 1100, 520, { hand: true, compact: false });
    // The compact layout is only chosen when it gives bigger cards than the usual one would.
    const usualFitted = computeLayout("crazy-quilt", 1100, { hand: true, maxCardW: quiltBoard.cardW });
    assert.ok(usualFitted.height > 520, "the usual layout would have fitted as well");
    assert.ok(usual.height <= 520 || usual.cardW === LEGIBLE_CARD_W);
  });

  it("with no height limit, is the layout of the width alone", () => {
    for (const height of [Number.POSITIVE_INFINITY, 0, Number.NaN, undefined]) {
      assert.deepEqual(fitLayout("crazy-quilt", 900, height), computeLayout("crazy-quilt", 900));
    }
  });

  it("a compact Crazy Quilt board is shorter than the usual one with the same cards", () => {
    for (const cardW of [30, 40, 50, 64]) {
      const usual = computeLayout("crazy-quilt", 3000, { hand: true, maxCardW: cardW });
      const compact = computeLayout("crazy-quilt", 3000, { hand: true, maxCardW: cardW, compact: true });
      assert.equal(usual.cardW, compact.cardW);
      assert.ok(compact.height < usual.height - 1.5 * cardW, `${cardW}: ${compact.height} vs ${usual.height}`);
    }
  });
});
