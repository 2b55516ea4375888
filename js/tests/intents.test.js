import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  canPickUp,
  clickAction,
  doubleClickAction,
  dropAction,
  keyAction,
  sources,
  stockMove,
  targetsFrom,
} from "../intents.js";

const WINDMILL = {
  foundations: ["c", "nw", "ne", "se", "sw"],
  preferred: "c",
  home: "c",
  stockMoves: ["deal"],
};
const QUILT = {
  foundations: ["S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-"],
  preferred: null,
  home: { S: "S+", H: "H+", D: "D+", C: "C+" },
  stockMoves: ["turn", "redeal"],
  faces: { 7: "8S", 20: "8H", 33: "8D", 60: "9H" },
};

const state = {
  piles: { c: [0], nw: [], ne: [12], n1: [5], n2: [30], e1: [77], waste: [], stock: 95 },
  legal: ["n1>c", "e1>nw", "e1>se", "ne>c", "n2>ne", "deal"],
};

describe("targets and sources come only from Python's legal moves", () => {
  it("lists the destinations of a source", () => {
    assert.deepEqual([...targetsFrom(state.legal, "e1")], ["nw", "se"]);
    assert.deepEqual([...targetsFrom(state.legal, "n1")], ["c"]);
    assert.equal(targetsFrom(state.legal, "waste").size, 0);
    assert.equal(targetsFrom(state.legal, null).size, 0);
    assert.equal(targetsFrom(undefined, "n1").size, 0);
  });

  it("lists sources, ignoring deal", () => {
    assert.deepEqual([...sources(state.legal)].sort(), ["e1", "n1", "n2", "ne"]);
  });
});

describe("clickAction", () => {
  it("deals from the stock and picks up non-empty piles", () => {
    assert.deepEqual(clickAction(state, null, "stock", WINDMILL), { kind: "move", move: "deal" });
    assert.deepEqual(clickAction(state, "n1", "stock", WINDMILL), { kind: "move", move: "deal" });
    assert.deepEqual(clickAction(state, null, "n2"), { kind: "select", pile: "n2" });
    assert.deepEqual(clickAction(state, null, "nw"), { kind: "none" });
    assert.deepEqual(clickAction(state, null, "waste"), { kind: "none" });
    assert.deepEqual(clickAction(state, null, null), { kind: "none" });
  });

  it("moves to a legal target, and lets go when the same pile or nothing is clicked", () => {
    assert.deepEqual(clickAction(state, "n1", "c"), { kind: "move", move: "n1>c" });
    assert.deepEqual(clickAction(state, "n1", "n1"), { kind: "deselect" });
    assert.deepEqual(clickAction(state, "n1", null), { kind: "deselect" });
  });

  it("switches to another source, but sends other moves for the engine to explain", () => {
    assert.deepEqual(clickAction(state, "n1", "e1"), { kind: "select", pile: "e1" });
    assert.deepEqual(clickAction(state, "n2", "c"), { kind: "move", move: "n2>c" });
    assert.deepEqual(clickAction(state, "n1", "nw"), { kind: "move", move: "n1>nw" });
  });
});

describe("doubleClickAction", () => {
  it("prefers the centre, else the only foundation, else lets the player choose", () => {
    assert.deepEqual(doubleClickAction(state, "n1", WINDMILL), { kind: "move", move: "n1>c" });
    assert.deepEqual(doubleClickAction(state, "n2", WINDMILL), { kind: "move", move: "n2>ne" });
    assert.deepEqual(doubleClickAction(state, "e1", WINDMILL), { kind: "select", pile: "e1" });
    assert.deepEqual(doubleClickAction(state, "ne", WINDMILL), { kind: "move", move: "ne>c" });
  });

  it("asks the engine to explain when nothing fits, and ignores empty piles", () => {
    const s = { ...state, piles: { ...state.piles, w1: [40] } };
    assert.deepEqual(doubleClickAction(s, "w1", WINDMILL), { kind: "move", move: "w1>c" });
    assert.deepEqual(doubleClickAction(s, "nw", WINDMILL), { kind: "none" });
    assert.deepEqual(doubleClickAction(s, "c", WINDMILL), { kind: "none" });
    assert.deepEqual(doubleClickAction(s, "stock", WINDMILL), { kind: "move", move: "deal" });
  });
});

describe("Crazy Quilt's stock and double-click", () => {
  const quilt = {
    piles: { c4: [20], d4: [7], e4: [33], f4: [60], waste: [], stock: 0, "H+": [13], "H-": [25] },
    legal: ["c4>H+", "c4>H-", "e4>D-", "f4>waste", "redeal"],
  };

  it("turns while the stock has cards, redeals once it is empty, else sends turn to be explained", () => {
    assert.equal(stockMove({ legal: ["turn", "c4>H+"] }, QUILT), "turn");
    assert.equal(stockMove(quilt, QUILT), "redeal");
    assert.equal(stockMove({ legal: ["c4>H+"] }, QUILT), "turn");
    assert.deepEqual(clickAction(quilt, null, "stock", QUILT), { kind: "move", move: "redeal" });
    assert.deepEqual(doubleClickAction(quilt, "stock", QUILT), { kind: "move", move: "redeal" });
    // Before the game's facts arrive, no game's stock move is assumed.
    assert.equal(stockMove({}, undefined), null);
    assert.deepEqual(clickAction({ legal: ["deal"] }, null, "stock", undefined), { kind: "none" });
  });

  it("sends a card to the one foundation that takes it, lets the player choose between two", () => {
    assert.deepEqual(doubleClickAction(quilt, "e4", QUILT), { kind: "move", move: "e4>D-" });
    assert.deepEqual(doubleClickAction(quilt, "c4", QUILT), { kind: "select", pile: "c4" });
  });

  it("asks the engine why a card cannot go home: to its suit's Ace foundation", () => {
    assert.deepEqual(doubleClickAction(quilt, "d4", QUILT), { kind: "move", move: "d4>S+" });
    assert.deepEqual(doubleClickAction(quilt, "f4", QUILT), { kind: "move", move: "f4>H+" });
    assert.deepEqual(doubleClickAction(quilt, "H+", QUILT), { kind: "none" });
  });
});

describe("dropAction and canPickUp", () => {
  it("turns a drop into a move unless it lands home or nowhere", () => {
    assert.deepEqual(dropAction("n1", "c"), { kind: "move", move: "n1>c" });
    assert.deepEqual(dropAction("n1", "n1"), { kind: "cancel" });
    assert.deepEqual(dropAction("n1", null), { kind: "cancel" });
  });

  it("never picks up the stock or an empty pile", () => {
    assert.equal(canPickUp(state, "stock"), false);
    assert.equal(canPickUp(state, "nw"), false);
    assert.equal(canPickUp(state, "n1"), true);
    assert.equal(canPickUp(undefined, "n1"), false);
  });
});

describe("keyAction", () => {
  const key = (k, mods = {}) => keyAction({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  it("maps the documented keys", () => {
    assert.equal(key("d"), "stock");
    assert.equal(key("t"), "stock");
    assert.equal(key("u"), "undo");
    assert.equal(key("z", { ctrlKey: true }), "undo");
    assert.equal(key("z", { metaKey: true, shiftKey: true }), "redo");
    assert.equal(key("r"), "redo");
    assert.equal(key("y", { ctrlKey: true }), "redo");
    assert.equal(key("h"), "hint");
    assert.equal(key("n"), "new_game");
    assert.equal(key("Enter"), "activate");
    assert.equal(key(" "), "activate");
    assert.equal(key("ArrowUp"), "up");
    assert.equal(key("Escape"), "cancel");
  });

  it("leaves other keys and chords to the page", () => {
    assert.equal(key("x"), null);
    assert.equal(key("Tab"), null);
    assert.equal(key("d", { altKey: true }), null);
    assert.equal(key("c", { ctrlKey: true }), null);
  });
});
