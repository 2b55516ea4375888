// How the board writes a card's face: the engine's card text, labelled from core/table.json.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import table from "../../windmill_widget/core/table.json" with { type: "json" };
import { parseFace } from "../draw.js";

describe("parseFace", () => {
  it("writes a ten as 10 and keeps the suit", () => {
    assert.deepEqual(parseFace("TH"), { rank: "10", suit: "H", court: false });
  });
  it("marks the courts", () => {
    assert.equal(parseFace("QS").court, true);
    assert.equal(parseFace("AS").court, false);
  });
  it("labels every rank character as the table does", () => {
    for (const [char, label] of Object.entries(table.cardFaces.rankLabels)) {
      assert.equal(parseFace(`${char}C`).rank, label);
    }
  });
});
