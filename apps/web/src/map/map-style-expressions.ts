import { DEFAULT_HEIGHT_M, type Expression, MAP_COLORS, STATE } from "./map-style-ids";

/*
 * The style's expressions: street classes, the buildings' feature-state, and the developments' colours and heights.
 */

/** Labels are drawn locally from the system's sans-serif (the style has no glyphs URL). */
export const LABEL_FONT = ["system-ui", "sans-serif"];

export const highway: Expression = ["get", "highway"];
export const MAJOR = ["motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link"];
export const MEDIUM = ["secondary", "secondary_link", "tertiary", "tertiary_link"];
export const PATHS = ["footway", "path", "pedestrian", "cycleway", "steps", "corridor", "bridleway"];

/** One value per street class: major avenues, cross-town streets, local streets, footpaths. */
export function byClass(major: number, medium: number, minor: number, path: number): Expression {
  return ["match", highway, MAJOR, major, MEDIUM, medium, PATHS, path, minor];
}

export function byClassColor(major: string, medium: string, minor: string, path: string): Expression {
  return ["match", highway, MAJOR, major, MEDIUM, medium, PATHS, path, minor];
}
const ownerColor: Expression = ["feature-state", STATE.color];
const isOwned: Expression = ["==", ["typeof", ownerColor], "string"];
const isHovered: Expression = ["boolean", ["feature-state", STATE.hover], false];
export const isSelected: Expression = ["boolean", ["feature-state", STATE.selected], false];
export const isForSale: Expression = ["boolean", ["feature-state", STATE.forSale], false];

/** The owner's colour, or the neutral slate of an unowned building. */
export const baseColor: Expression = ["case", isOwned, ["to-color", ownerColor], MAP_COLORS.building];
/** `colour` mixed with white by `amount` (0..1). */
export function lighten(colour: Expression, amount: number): Expression {
  const channel = (i: number): Expression => [
    "+",
    ["*", ["at", i, ["var", "rgba"]], 1 - amount],
    255 * amount,
  ];
  return ["let", "rgba", ["to-rgba", colour], ["rgb", channel(0), channel(1), channel(2)]];
}
export const level: Expression = ["number", ["feature-state", STATE.level], 0];
export const isConstructing: Expression = ["boolean", ["feature-state", STATE.constructing], false];
export const atLevel = (n: number): Expression => [">=", level, n];
/**
 * The owner's colour at full brightness (its strongest channel raised to 255), then mixed with white by `amount`:
 * a light that reads as the owner's colour even when that colour is dark.
 */
export function glow(colour: Expression, amount: number): Expression {
  const rgba: Expression = ["var", "rgba"];
  const strongest: Expression = ["max", ["at", 0, rgba], ["at", 1, rgba], ["at", 2, rgba], 1];
  const channel = (i: number): Expression => [
    "+",
    ["*", ["min", 255, ["/", ["*", ["at", i, rgba], 255], strongest]], 1 - amount],
    255 * amount,
  ];
  return ["let", "rgba", ["to-rgba", colour], ["rgb", channel(0), channel(1), channel(2)]];
}
/** How the developments look: shared by the style's expressions and the code that places marks above roofs. */
export const DEVELOPMENT_LOOK = {
  /** Level 1 onwards: the walls are the owner's colour mixed with this much white (black, for a light colour). */
  facadeTint: 0.3,
  /** A colour whose luma (0–255) is above this is light: it is set off with black rather than white. */
  lightAbove: 200,
  /** A hovered building is set off again by this much. */
  hoverTint: 0.38,
  /** Level 2 onwards: the green roof's depth, metres. */
  gardenDepth: 3,
  /** Level 3 onwards: the share of the building's height, at the top, that glows. */
  crownShare: 0.1,
  /** The glow: the owner's colour at full brightness, mixed with this much white. */
  crownTint: 0.55,
  /** Level 4: the building is this much taller, and at least `floorsMinGain` metres taller. */
  floorsGrowth: 0.15,
  floorsMinGain: 6,
  /** The scaffolding's cap reaches this far above what it is building: this share of the height, at least the minimum. */
  scaffoldShare: 0.08,
  scaffoldMin: 4,
  /** The scaffolding is see-through. */
  scaffoldOpacity: 0.55,
} as const;
/**
 * The colour set off from itself by `amount`: mixed with white, or, when it is near white already (a light owner
 * colour, such as the default white), with black, so that the change shows on every owner's colour.
 */
function setOff(colour: Expression, amount: number): Expression {
  const rgba: Expression = ["var", "rgba"];
  const luma: Expression = [
    "+",
    ["*", 0.299, ["at", 0, rgba]],
    ["*", 0.587, ["at", 1, rgba]],
    ["*", 0.114, ["at", 2, rgba]],
  ];
  const toward = (target: number) =>
    [
      "rgb",
      ...[0, 1, 2].map((i) => ["+", ["*", ["at", i, rgba], 1 - amount], target * amount]),
    ] as Expression;
  return [
    "let",
    "rgba",
    ["to-rgba", colour],
    ["case", [">", luma, DEVELOPMENT_LOOK.lightAbove], toward(0), toward(255)],
  ];
}
/** The selected building keeps its owner's colour (gold is also a player's colour): its outline and pin mark it. */
const wallColor: Expression = ["case", atLevel(1), setOff(baseColor, DEVELOPMENT_LOOK.facadeTint), baseColor];
export const buildingColor: Expression = [
  "case",
  isHovered,
  setOff(wallColor, DEVELOPMENT_LOOK.hoverTint),
  wallColor,
];
export const buildingHeight: Expression = ["max", ["to-number", ["get", "height"], DEFAULT_HEIGHT_M], 3];
/** The expressions of `builtHeight`, `roofTop` and `scaffoldTop` for a given level. */
export function builtHeightAt(n: Expression): Expression {
  const { floorsGrowth, floorsMinGain } = DEVELOPMENT_LOOK;
  return [
    "case",
    [">=", n, 4],
    ["max", ["*", buildingHeight, 1 + floorsGrowth], ["+", buildingHeight, floorsMinGain]],
    buildingHeight,
  ];
}
export function roofTopAt(n: Expression): Expression {
  return ["+", builtHeightAt(n), ["case", [">=", n, 2], DEVELOPMENT_LOOK.gardenDepth, 0]];
}
export const built = builtHeightAt(level);
export const crownBase: Expression = ["*", built, 1 - DEVELOPMENT_LOOK.crownShare];
/** With a crown, the walls stop where it begins, so the two never draw over each other. */
export const wallHeight: Expression = ["case", atLevel(3), crownBase, built];
export const scaffoldTopAt: Expression = [
  "+",
  roofTopAt(["+", level, 1]),
  ["max", ["*", buildingHeight, DEVELOPMENT_LOOK.scaffoldShare], DEVELOPMENT_LOOK.scaffoldMin],
];

/**
 * A part drawn on some buildings only: feature-state cannot filter features out of a layer, so on every other
 * building the part is given no height at all (a flat face on the ground, hidden under the building itself).
 */
export function onlyWhere(condition: Expression, value: Expression | number): Expression {
  return ["case", condition, value, 0];
}
