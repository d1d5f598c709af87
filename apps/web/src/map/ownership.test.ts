import { describe, expect, it } from "vitest";
import {
  decodeDevelopment,
  decodeMapState,
  diffMarks,
  FALLBACK_OWNER_COLOR,
  isBlankMark,
  markOfDevelopmentEvent,
  markOfEvent,
} from "./ownership";

describe("the ownership overlay", () => {
  it("decodes colour pairs and the for-sale list into one mark per building", () => {
    const marks = decodeMapState({
      colors: ["#ff8800", "#00ccff"],
      owned: [10, 0, 11, 1, 12, 0],
      forSale: [11],
      developed: [],
    });
    expect(marks.get(10)).toEqual({ color: "#ff8800", forSale: false, level: 0, constructing: false });
    expect(marks.get(11)).toEqual({ color: "#00ccff", forSale: true, level: 0, constructing: false });
    expect(marks.get(12)).toEqual({ color: "#ff8800", forSale: false, level: 0, constructing: false });
    expect(marks.size).toBe(3);
  });

  it("gives an owned building the default colour when its owner's colour is unusable", () => {
    const marks = decodeMapState({
      colors: ["red", "#12345"],
      owned: [1, 0, 2, 1, 3, 7],
      forSale: [],
      developed: [],
    });
    expect([...marks.values()].map((m) => m.color)).toEqual([
      FALLBACK_OWNER_COLOR,
      FALLBACK_OWNER_COLOR,
      FALLBACK_OWNER_COLOR,
    ]);
  });

  it("ignores a dangling half pair", () => {
    expect(decodeMapState({ colors: ["#fff"], owned: [1, 0, 2], forSale: [], developed: [] }).size).toBe(1);
  });

  it("updates only what changed and clears buildings no longer owned", () => {
    const before = decodeMapState({
      colors: ["#ff8800", "#00ccff"],
      owned: [1, 0, 2, 0, 3, 1],
      forSale: [3],
      developed: [],
    });
    const after = decodeMapState({
      colors: ["#00ccff", "#ff8800"],
      owned: [1, 1, 3, 0, 4, 0],
      forSale: [],
      developed: [],
    });
    const { set, cleared } = diffMarks(before, after);
    expect(new Map(set)).toEqual(
      new Map([
        [3, { color: "#00ccff", forSale: false, level: 0, constructing: false }],
        [4, { color: "#00ccff", forSale: false, level: 0, constructing: false }],
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
      level: 0,
      constructing: false,
    });
    expect(markOfEvent({ ownerId: "u1", color: null, forSale: true })).toEqual({
      color: FALLBACK_OWNER_COLOR,
      forSale: true,
      level: 0,
      constructing: false,
    });
    expect(markOfEvent({ ownerId: null, color: null, forSale: false })).toEqual({
      color: null,
      forSale: false,
      level: 0,
      constructing: false,
    });
  });

  it("keeps how far the building is developed: a sale or an ask does not undo its floors", () => {
    const before = { color: "#19c37d", forSale: false, level: 3, constructing: true };
    expect(markOfEvent({ ownerId: "u2", color: "#ff8800", forSale: false }, before)).toEqual({
      color: "#ff8800",
      forSale: false,
      level: 3,
      constructing: true,
    });
  });
});

describe("the developments in the overlay", () => {
  it("reads each code as the finished level and whether the next one is being built", () => {
    expect(decodeDevelopment(0)).toEqual({ level: 0, constructing: false });
    expect(decodeDevelopment(1)).toEqual({ level: 0, constructing: true });
    expect(decodeDevelopment(4)).toEqual({ level: 2, constructing: false });
    expect(decodeDevelopment(7)).toEqual({ level: 3, constructing: true });
    expect(decodeDevelopment(8)).toEqual({ level: 4, constructing: false });
    // Nothing beyond the last level, nothing below none.
    expect(decodeDevelopment(30)).toEqual({ level: 4, constructing: false });
    expect(decodeDevelopment(-3)).toEqual({ level: 0, constructing: false });
  });

  it("marks developed buildings, owned or not, and a change of level alone is a change", () => {
    const before = decodeMapState({
      colors: ["#ff8800"],
      owned: [1, 0, 2, 0],
      forSale: [],
      developed: [1, 1],
    });
    expect(before.get(1)).toEqual({ color: "#ff8800", forSale: false, level: 0, constructing: true });
    const after = decodeMapState({
      colors: ["#ff8800"],
      owned: [1, 0, 2, 0],
      forSale: [],
      developed: [1, 2, 9, 5],
    });
    // A building back on the market keeps what was built on it.
    expect(after.get(9)).toEqual({ color: null, forSale: false, level: 2, constructing: true });
    const { set, cleared } = diffMarks(before, after);
    expect(set.map(([id]) => id)).toEqual([1, 9]);
    expect(cleared).toEqual([]);
    expect(isBlankMark({ color: null, forSale: false, level: 1, constructing: false })).toBe(false);
    expect(isBlankMark({ color: null, forSale: false, level: 0, constructing: false })).toBe(true);
  });

  it("follows a construction started and finished, by the development's kind", () => {
    const owned = { ownerId: "u1", color: "#19c37d", forSale: false };
    const started = markOfDevelopmentEvent({
      type: "building.developing",
      ...owned,
      level: 2,
      kind: "garden",
    });
    expect(started).toMatchObject({ color: "#19c37d", level: 1, constructing: true });
    const done = markOfDevelopmentEvent(
      { type: "building.developed", ...owned, level: 2, kind: "garden" },
      started,
    );
    expect(done).toMatchObject({ level: 2, constructing: false });
    const floors = markOfDevelopmentEvent({
      type: "building.developing",
      ...owned,
      level: 4,
      kind: "floors",
    });
    expect(floors).toMatchObject({ level: 3, constructing: true });
  });
});
