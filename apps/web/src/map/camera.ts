/*
 * Camera arithmetic that needs no map: how far out the whole island fits, and where to stand to see a whole
 * building. MapLibre's camera looks through a vertical field of view of about 36.87°, so its focal length is 1.5
 * times the canvas height, and it stands 1.5 canvas heights from the point it looks at.
 */

/** The Earth's circumference at the equator, in metres (Web Mercator). */
const EARTH_M = 40_075_016.686;
const FOCAL = 1.5;
const TILE_PX = 512;

/** Metres per CSS pixel at zoom z on latitude lat. */
export function metresPerPixel(zoom: number, lat: number): number {
  return (EARTH_M * Math.cos((lat * Math.PI) / 180)) / (TILE_PX * 2 ** zoom);
}

/** Web Mercator world pixels at zoom 0 of a point. */
function world([lng, lat]: [number, number]): [number, number] {
  const x = ((lng + 180) / 360) * TILE_PX;
  const rad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * TILE_PX;
  return [x, y];
}

function lngLatOf([x, y]: [number, number]): [number, number] {
  const lng = (x / TILE_PX) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / TILE_PX;
  return [lng, (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)))];
}

export interface IslandFit {
  /** The zoom at which the whole outline fits the screen, looking straight down with the map turned by `bearing`. */
  zoom: number;
  center: [number, number];
  /** Half the width and height, in zoom-0 world pixels, of a box that always holds the screen at that zoom. */
  halfSpan: number;
}

/** How the outline fits a `width` × `height` screen turned by `bearing` degrees, `margin` px kept free around it. */
export function fitOutline(
  outline: [number, number][],
  bearing: number,
  width: number,
  height: number,
  margin: number,
): IslandFit | null {
  if (outline.length === 0 || width <= 0 || height <= 0) return null;
  const b = (bearing * Math.PI) / 180;
  const points = outline.map(world);
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of points) {
    // Screen axes of a map turned by the bearing: the bearing's direction points up.
    const u = x * Math.cos(b) + y * Math.sin(b);
    const v = -x * Math.sin(b) + y * Math.cos(b);
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  const midU = (minU + maxU) / 2;
  const midV = (minV + maxV) / 2;
  const center = lngLatOf([midU * Math.cos(b) - midV * Math.sin(b), midU * Math.sin(b) + midV * Math.cos(b)]);
  const scale = Math.min(
    Math.max(width - 2 * margin, 1) / Math.max(maxU - minU, 1e-9),
    Math.max(height - 2 * margin, 1) / Math.max(maxV - minV, 1e-9),
  );
  const zoom = Math.log2(scale);
  return { zoom, center, halfSpan: Math.hypot(width, height) / scale };
}

export interface BuildingShot {
  zoom: number;
  pitch: number;
  /** How far, in metres, beyond the building (away from the camera) the camera looks, so the whole of it is centred. */
  lead: number;
}

/**
 * Where the camera stands to show a whole building of `heightM` metres in a free area `freeHeight` px tall on a
 * canvas `canvasHeight` px tall: the taller the building, the steeper the view (its top otherwise leans out of the
 * screen) and the further back the camera. The foot and the top, seen in perspective, both stay inside the middle
 * `fill` of the free area; ordinary buildings are seen from close, at zoom `maxZoom`.
 */
export function frameBuilding(
  heightM: number,
  lat: number,
  canvasHeight: number,
  freeHeight: number,
  options: { maxZoom: number; minZoom: number; fill?: number; radiusM?: number },
): BuildingShot {
  const h = Math.max(heightM, 3);
  const pitch = 55 - 20 * Math.min(1, h / 400);
  const p = (pitch * Math.PI) / 180;
  const limit = ((options.fill ?? 0.8) * freeHeight) / 2;
  const r = options.radiusM ?? Math.max(15, Math.min(60, h * 0.12));
  const focal = FOCAL * canvasHeight;
  // Screen height above the middle (px) of a point `y` metres ahead of the looked-at point and `z` metres up.
  const screen = (y: number, z: number, distance: number) =>
    (focal * (y * Math.cos(p) + z * Math.sin(p))) / (distance + y * Math.sin(p) - z * Math.cos(p));
  for (let zoom = options.maxZoom; zoom > options.minZoom; zoom -= 0.05) {
    const distance = FOCAL * canvasHeight * metresPerPixel(zoom, lat);
    // The building's foot sits `lead` metres beyond the looked-at point; try leads from its middle downwards.
    for (let lead = 0; lead >= -h; lead -= Math.max(2, h / 40)) {
      const near = screen(lead - r, 0, distance);
      const top = screen(lead + r, h, distance);
      if (distance + (lead + r) * Math.sin(p) - h * Math.cos(p) <= 0) break;
      if (top > limit) continue;
      if (near < -limit) break;
      return { zoom, pitch, lead: -lead };
    }
  }
  return { zoom: options.minZoom, pitch, lead: 0 };
}

/** A point `metres` from (lng, lat) towards `bearing` degrees (east of north). */
export function offsetLngLat(lng: number, lat: number, bearing: number, metres: number): [number, number] {
  const b = (bearing * Math.PI) / 180;
  const dLat = (metres * Math.cos(b)) / 110_540;
  const dLng = (metres * Math.sin(b)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [lng + dLng, lat + dLat];
}
