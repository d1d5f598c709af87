/**
 * Manhattan drawn small, without a map library: the shoreline of NYC's borough boundary (the public file the
 * island is built from), simplified to a few dozen points, Hudson piers removed, and turned 29° so the island's
 * long axis (the street grid's "north") runs left to right: the Battery on the left, Inwood on the right, the
 * Hudson along the top. Units are those of `VIEW_BOX`; `placeOnOutline` puts a point in the same frame.
 */
export const MANHATTAN_PATH =
  "M54 141 L59 158 L45 164 L0 145 L8 127 L48 132ZM494 201 L379 185 L492 191 L513 198ZM660 193 L650 226 L634 232 L578 225 L566 217 L563 191 L573 183 L595 184 L608 195 L613 191 L648 175 L658 178ZM966 2 L970 16 L967 24 L962 37 L969 37 L974 54 L969 66 L901 67 L897 65 L778 72 L673 132 L648 168 L626 179 L550 164 L515 185 L339 167 L304 182 L301 175 L271 204 L197 224 L148 164 L127 162 L118 151 L117 151 L113 148 L102 144 L101 144 L92 144 L85 130 L102 104 L158 83 L169 86 L196 82 L199 82 L206 78 L202 68 L227 68 L229 68 L253 56 L261 55 L270 52 L275 50 L282 44 L286 42 L291 41 L291 32 L310 33 L311 32 L339 31 L347 30 L359 30 L365 30 L369 30 L375 21 L382 20 L389 20 L396 20 L401 20 L403 30 L412 31 L418 31 L421 30 L432 31 L451 23 L457 30 L482 24 L680 29 L684 29 L688 22 L738 27 L794 18 L819 0 L842 8ZM993 68 L974 69 L977 39 L1000 49Z";

/** The outline spans 0–1000 across and 0–232 down; 10 units of water round it. */
export const VIEW_BOX = { x: -10, y: -10, width: 1020, height: 252 } as const;

const ORIGIN = { lat: 40.78, lng: -73.97 };
/** Degrees of longitude are shorter than degrees of latitude this far north. */
const LNG_SCALE = Math.cos((ORIGIN.lat * Math.PI) / 180);
/** The grid's north, east of true north. */
const GRID_TURN = (29 * Math.PI) / 180;
/** The outline's corner and units per degree, fixed when it was drawn. */
const FRAME = { minAlong: -0.104388, minAcross: -0.018906, unitsPerDegree: 4696.75 };

/**
 * Where a point falls on the outline, as percentages of the view box (left from its left edge, top from its top),
 * so that a mark of a fixed size in pixels can be placed over the drawing at any width.
 */
export function placeOnOutline(lat: number, lng: number): { left: number; top: number } {
  const east = (lng - ORIGIN.lng) * LNG_SCALE;
  const north = lat - ORIGIN.lat;
  const along = east * Math.sin(GRID_TURN) + north * Math.cos(GRID_TURN);
  const across = east * Math.cos(GRID_TURN) - north * Math.sin(GRID_TURN);
  const x = (along - FRAME.minAlong) * FRAME.unitsPerDegree;
  const y = (across - FRAME.minAcross) * FRAME.unitsPerDegree;
  return {
    left: ((x - VIEW_BOX.x) / VIEW_BOX.width) * 100,
    top: ((y - VIEW_BOX.y) / VIEW_BOX.height) * 100,
  };
}
