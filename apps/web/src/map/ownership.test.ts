import { describe, expect, it } from "vitest";
import { decodeMapState, diffMarks, FALLBACK_OWNER_COLOR, markOfEvent } from "./ownership";

describe("the ownership overlay", () => {
  it("decodes colour pairs and the for-sale list into one mark per building", () => {
    const marks = decodeMapState({
      colors: ["#ff8800", "#00ccff"],
      owned: [10, 0, 11, 1, 12, 0],
      forSale: [11],
    });
    expect(marks.get(10)).toEqual({ color: "#ff8800", forSale: false });
    expect(marks.get(11)).toEqual({ color: "#00ccff", forSale: true });
    expect(marks.get(12)).toEqual({ color: "#ff8800", forSale: false });
    expect(marks.size).toBe(3);
  });

  it("gives an owned building the default colour when its owner's colour is unusable", () => {
    const marks = decodeMapState({ colors: ["red", "#12345"], owned: [1, 0, 2, 1, 3, 7], forSale: [] });
    expect([...marks.values()].map((m) => m.color)).toEqual([
      FALLBACK_OWNER_COLOR,
      FALLBACK_OWNER_COLOR,
      FALLBACK_OWNER_COLOR,
    ]);
  });

  it("ignores a dangling half pair", () => {
    expect(decodeMapState({ colors: ["#fff"], owned: [1, 0, 2], forSale: [] }).size).toBe(1);
  });

  it("updates only what changed and clears buildings no longer owned", () => {
    const before = decodeMapState({
      colors: ["#ff8800", "#00ccff"],
      owned: [1, 0, 2, 0, 3, 1],
      forSale: [3],
    });
    const after = decodeMapState({ colors: ["#00ccff", "#ff8800"], owned: [1, 1, 3, 0, 4, 0], forSale: [] });
    const { set, cleared } = diffMarks(before, after);
    expect(new Map(set)).toEqual(
      new Map([
        [3, { color: "#00ccff", forSale: false }],
        [4, { color: "#00ccff", forSale: false }],
      ]),
    );
    expect(cleared).toEqual([2]);
  });
});

describe("a live building event", () => {
  it("gives its building the owner's colour and sale flag, white for a missing colour, none while unowned", () => {
    expect(markOfEvent({ ownerId: "u1", color: "#19c37d", forSale: false })).toEqual({
      color: "#19c37d",
      forSale: false,
    });
    expect(markOfEvent({ ownerId: "u1", color: null, forSale: true })).toEqual({
      color: FALLBACK_OWNER_COLOR,
      forSale: true,
    });
    expect(markOfEvent({ ownerId: null, color: null, forSale: false })).toEqual({
      color: null,
      forSale: false,
    });
  });
});
