import type { Map as MapLibreMap } from "maplibre-gl";
import { MAP_COLORS, MARKER_IMAGES, SITE_LEVEL_IMAGE_PREFIX, SITE_LOOK } from "./map-style";

/*
 * The two marks drawn above roofs, made here on a canvas because the page fetches no sprite:
 * a green "$" tag over buildings on the market, and a gold pin over the selected building
 * (a shape as well as a colour, since an owner's colour may be gold too).
 */

/** Sizes in CSS pixels; images are drawn at `pixelRatio` times this. */
const MARKER_SIZE = {
  sale: { width: 24, height: 30 },
  selected: { width: 34, height: 44 },
} as const;

function canvas2d(width: number, height: number, pixelRatio: number) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * pixelRatio);
  canvas.height = Math.round(height * pixelRatio);
  const ctx = canvas.getContext("2d");
  ctx?.scale(pixelRatio, pixelRatio);
  return ctx;
}

function done(ctx: CanvasRenderingContext2D): ImageData {
  return ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height);
}

/** A green disc with a dollar sign, pointing down at the roof. */
function drawSaleMarker(pixelRatio: number): ImageData | null {
  const { width, height } = MARKER_SIZE.sale;
  const ctx = canvas2d(width, height, pixelRatio);
  if (!ctx) return null;
  const r = 10.5;
  const cx = width / 2;
  const cy = r + 1.5;
  ctx.beginPath();
  ctx.moveTo(cx - 5, cy + r - 3);
  ctx.lineTo(cx, height - 1);
  ctx.lineTo(cx + 5, cy + r - 3);
  ctx.closePath();
  ctx.fillStyle = MAP_COLORS.forSale;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = MAP_COLORS.forSale;
  ctx.fill();
  // A dark rim, so the tag reads against light owner colours too.
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "#0b2a1d";
  ctx.stroke();
  ctx.fillStyle = "#07140e";
  ctx.font = "bold 14px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText("$", cx, cy + 1);
  return done(ctx);
}

/** A gold map pin with a dark centre and rim. */
function drawSelectionPin(pixelRatio: number): ImageData | null {
  const { width, height } = MARKER_SIZE.selected;
  const ctx = canvas2d(width, height, pixelRatio);
  if (!ctx) return null;
  const cx = width / 2;
  const r = 14;
  const cy = r + 2;
  const tip = height - 2;
  // Teardrop: a circle whose sides run down to the tip.
  const angle = Math.asin(r / (tip - cy));
  ctx.beginPath();
  ctx.arc(cx, cy, r, Math.PI / 2 + angle, Math.PI / 2 - angle);
  ctx.lineTo(cx, tip);
  ctx.closePath();
  ctx.fillStyle = MAP_COLORS.selected;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#2a1c00";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, 5.5, 0, Math.PI * 2);
  ctx.fillStyle = "#2a1c00";
  ctx.fill();
  return done(ctx);
}

/** Scaffolding's hatch: dark diagonal poles over light grey boards, repeated over the cap of a building being built. */
const HATCH_SIZE = 16;

function drawScaffoldHatch(pixelRatio: number): ImageData | null {
  const size = HATCH_SIZE;
  const ctx = canvas2d(size, size, pixelRatio);
  if (!ctx) return null;
  ctx.fillStyle = MAP_COLORS.scaffolding;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = MAP_COLORS.scaffoldingPoles;
  ctx.lineWidth = 2.5;
  // Three strokes so that the lines meet across the tile's edges.
  for (const offset of [-size, 0, size]) {
    ctx.beginPath();
    ctx.moveTo(offset, size);
    ctx.lineTo(offset + size, 0);
    ctx.stroke();
  }
  return done(ctx);
}

/**
 * The island view's works: a square of scaffolding (the same hatch, with a dark rim so it reads on the land and on
 * owners' colours), drawn under the building's dot.
 */
function drawScaffoldSite(pixelRatio: number): ImageData | null {
  const size = SITE_LOOK.worksImagePx;
  const ctx = canvas2d(size, size, pixelRatio);
  if (!ctx) return null;
  ctx.fillStyle = MAP_COLORS.scaffolding;
  ctx.fillRect(1, 1, size - 2, size - 2);
  ctx.save();
  ctx.beginPath();
  ctx.rect(1, 1, size - 2, size - 2);
  ctx.clip();
  ctx.strokeStyle = MAP_COLORS.scaffoldingPoles;
  ctx.lineWidth = 2.5;
  for (let offset = -size; offset < size; offset += 6) {
    ctx.beginPath();
    ctx.moveTo(offset, size);
    ctx.lineTo(offset + size, 0);
    ctx.stroke();
  }
  ctx.restore();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = MAP_COLORS.labelHalo;
  ctx.strokeRect(0.75, 0.75, size - 1.5, size - 1.5);
  return done(ctx);
}

/** The level (1–4) written on a developed building's dot in the island view: white with a dark outline. */
function drawLevelDigit(level: number, pixelRatio: number): ImageData | null {
  const size = 12;
  const ctx = canvas2d(size, size, pixelRatio);
  if (!ctx) return null;
  ctx.font = "800 11px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = MAP_COLORS.labelHalo;
  ctx.strokeText(String(level), size / 2, size / 2 + 0.5);
  ctx.fillStyle = "#ffffff";
  ctx.fillText(String(level), size / 2, size / 2 + 0.5);
  return done(ctx);
}

/** Draws the named mark and adds it to the map's images, the first time a tile asks for it. */
export function addMarkerImage(map: MapLibreMap, id: string) {
  const level = id.startsWith(SITE_LEVEL_IMAGE_PREFIX)
    ? Number(id.slice(SITE_LEVEL_IMAGE_PREFIX.length))
    : Number.NaN;
  const draw =
    id === MARKER_IMAGES.sale
      ? drawSaleMarker
      : id === MARKER_IMAGES.selected
        ? drawSelectionPin
        : id === MARKER_IMAGES.hatch
          ? drawScaffoldHatch
          : id === MARKER_IMAGES.works
            ? drawScaffoldSite
            : Number.isInteger(level) && level >= 1
              ? (ratio: number) => drawLevelDigit(level, ratio)
              : null;
  if (!draw || map.hasImage(id)) return;
  const image = draw(2);
  if (image) map.addImage(id, image, { pixelRatio: 2 });
}
