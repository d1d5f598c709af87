import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { VectorTile } from "@mapbox/vector-tile";
import { decodeSites, SITE_STEP_DEG } from "@mx/shared/map-sites";
import { PbfReader } from "pbf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { publishBuilding } from "../buildings/publish-building";

/** The tile at zoom `z` holding (lng, lat). */
function tileAt(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x, y };
}

describe("the map with no buildings imported", () => {
  it("says so with a 503 instead of drawing an empty map", async () => {
    const t = await createTestApp();
    try {
      const res = await t.call("GET", "/api/v1/map/manifest");
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain("No buildings have been imported yet");
    } finally {
      await t.close();
    }
  });
});

describe("the map", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await importSampleCity(t.app.deps.db);
    const player = await signUp(t);
    await t.call("PUT", "/api/v1/users/", { token: player.token, body: { buildingColor: "#FF8800" } });
    await giveBuilding(t.app.deps.db, "way/1", player.userId, 100_000);
    await giveBuilding(t.app.deps.db, "way/2", player.userId, 100_000, { forSale: true });
  });
  afterAll(() => t.close());

  it("publishes a manifest with a versioned tile URL, the bounds and the attribution", async () => {
    const res = await t.call("GET", "/api/v1/map/manifest");
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m.tiles).toBe(`/map-data/${m.version}/{z}/{x}/{y}.pbf`);
    expect(m.buildingCount).toBe(3);
    expect(m.attribution).toContain("OpenStreetMap contributors");
    expect(m.attribution).toContain("NYC Open Data");
    const [w, s, e, n] = m.playableBounds;
    expect(w).toBeLessThan(e);
    expect(s).toBeLessThan(n);
  });

  it("serves gzipped vector tiles with every building, its mapId and height, cached forever", async () => {
    const { version } = (await t.call("GET", "/api/v1/map/manifest")).json().data;
    const { x, y } = tileAt(-73.9857, 40.7485, 15);
    const res = await t.call("GET", `/map-data/${version}/15/${x}/${y}.pbf`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const tile = new VectorTile(new PbfReader(gunzipSync(res.rawPayload)));
    const layer = tile.layers.buildings;
    expect(layer).toBeDefined();
    const feature = layer?.feature(0);
    expect(typeof feature?.id).toBe("number");
    expect(feature?.properties).toMatchObject({ height: 380, name: "Test Tower", buildingId: "way/1" });
  });

  it("leaves buildings out of low-zoom tiles and refuses tiles out of range", async () => {
    const { version } = (await t.call("GET", "/api/v1/map/manifest")).json().data;
    const low = tileAt(-73.9857, 40.7485, 12);
    const res = await t.call("GET", `/map-data/${version}/12/${low.x}/${low.y}.pbf`);
    const tile = new VectorTile(new PbfReader(res.rawPayload));
    expect(tile.layers.buildings).toBeUndefined();
    // Below zoom 14 the island's blocks stand in for the buildings, so they never vanish.
    expect(tile.layers.blocks?.length).toBeGreaterThan(0);
    expect((await t.call("GET", `/map-data/${version}/17/1/1.pbf`)).statusCode).toBe(404);
    expect((await t.call("GET", `/map-data/${version}/15/1/1.png`)).statusCode).toBe(400);
    expect((await t.call("GET", "/map-data/not-a-version/15/1/1.pbf")).statusCode).toBe(400);
  });

  it("serves every building's point for the island view, by mapId, gzipped and cached forever", async () => {
    const m = (await t.call("GET", "/api/v1/map/manifest")).json().data;
    expect(m.sites).toBe(`/map-data/${m.version}/sites.bin`);
    const res = await t.call("GET", m.sites, { headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const raw = gunzipSync(res.rawPayload);
    const sites = decodeSites(
      raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer,
    );
    expect(sites.mapIds.length).toBe(3);
    // The tile's building at the Test Tower's place carries the same mapId as its point.
    const { x, y } = tileAt(-73.9857, 40.7485, 15);
    const tile = new VectorTile(
      new PbfReader((await t.call("GET", `/map-data/${m.version}/15/${x}/${y}.pbf`)).rawPayload),
    );
    const tower = tile.layers.buildings?.feature(0);
    const at = [...sites.mapIds].indexOf(Number(tower?.id));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(Math.abs((sites.lng[at] ?? 0) + 73.9857)).toBeLessThan(0.002);
    expect(Math.abs((sites.lat[at] ?? 0) - 40.7485)).toBeLessThan(0.002);
    expect(SITE_STEP_DEG).toBeLessThan(0.0001);
    // Without gzip, the plain bytes; an old version's URL is not cached.
    expect((await t.call("GET", m.sites)).rawPayload.byteLength).toBe(32 + 3 * 8);
    const old = await t.call("GET", "/map-data/0000000000000000/sites.bin");
    expect(old.headers["cache-control"]).toBe("no-cache");
    expect((await t.call("GET", "/map-data/nope/sites.bin")).statusCode).toBe(400);
  });

  it("draws the parks, outlines the island for the widest view, and serves the island whole at zoom 10", async () => {
    const m = (await t.call("GET", "/api/v1/map/manifest")).json().data;
    expect(m.minzoom).toBe(10);
    const [w, s, e, n] = m.bounds as number[];
    expect(m.outline.length).toBeGreaterThan(3);
    for (const [lng, lat] of m.outline as [number, number][]) {
      expect(lng).toBeGreaterThanOrEqual(w as number);
      expect(lng).toBeLessThanOrEqual(e as number);
      expect(lat).toBeGreaterThanOrEqual(s as number);
      expect(lat).toBeLessThanOrEqual(n as number);
    }
    // Central Park, from the neighbourhood file's park areas.
    const park = tileAt(-73.9654, 40.7829, 13);
    const res = await t.call("GET", `/map-data/${m.version}/13/${park.x}/${park.y}.pbf`);
    const tile = new VectorTile(new PbfReader(res.rawPayload));
    expect(tile.layers.parks?.length).toBeGreaterThan(0);
    const island = tileAt(-73.9857, 40.7485, 10);
    expect((await t.call("GET", `/map-data/${m.version}/10/${island.x}/${island.y}.pbf`)).statusCode).toBe(
      200,
    );
  });

  it("tells the map who owns what in which colour, and which buildings are for sale", async () => {
    const res = await t.call("GET", "/api/v1/map/state");
    expect(res.statusCode).toBe(200);
    const state = res.json().data;
    expect(state.colors).toEqual(["#ff8800"]);
    expect(state.owned).toHaveLength(4);
    expect(state.forSale).toHaveLength(1);
    const again = await t.call("GET", "/api/v1/map/state", {
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("sends the map its overlay delta-coded and compressed once, the same buildings as the plain form", async () => {
    const plain = (await t.call("GET", "/api/v1/map/state")).json().data;
    const res = await t.call("GET", "/api/v1/map/state?encoding=delta", {
      headers: { "accept-encoding": "br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const delta = JSON.parse(brotliDecompressSync(res.rawPayload).toString()).data;
    const owned: number[] = [];
    for (let i = 0; i < delta.owned.length; i += 2) {
      owned.push((owned[i - 2] ?? 0) + delta.owned[i], delta.owned[i + 1]);
    }
    const forSale: number[] = [];
    for (const [i, d] of (delta.forSale as number[]).entries()) forSale.push((forSale[i - 1] ?? 0) + d);
    const developed: number[] = [];
    for (let i = 0; i < delta.developed.length; i += 2) {
      developed.push((developed[i - 2] ?? 0) + delta.developed[i], delta.developed[i + 1]);
    }
    expect({ colors: delta.colors, owned, forSale, developed }).toEqual(plain);
    const again = await t.call("GET", "/api/v1/map/state?encoding=delta", {
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.call("GET", "/api/v1/map/state?encoding=zip")).statusCode).toBe(400);
  });

  it("follows every change of owner, sale or colour at once, while serving an unchanged map from memory", async () => {
    const before = (await t.call("GET", "/api/v1/map/state")).json().data;
    const buyer = await signUp(t);
    await t.call("PUT", "/api/v1/users/", { token: buyer.token, body: { buildingColor: "#123456" } });
    // A sale as the purchase makes it: the change, then its event on the live channel.
    await giveBuilding(t.app.deps.db, "way/3", buyer.userId, 50_000);
    await publishBuilding(t.app.deps.db, "building.sold", "way/3");
    const after = (await t.call("GET", "/api/v1/map/state")).json().data;
    expect(after.owned.length).toBe(before.owned.length + 2);
    expect(after.colors).toContain("#123456");
    // The instance that makes a change hears it at once, without waiting for its NOTIFY to come back.
    await t.call("PUT", "/api/v1/users/", { token: buyer.token, body: { buildingColor: "#654321" } });
    const colours = (await t.call("GET", "/api/v1/map/state")).json().data.colors as string[];
    expect(colours).toContain("#654321");
    expect(colours).not.toContain("#123456");
  });
});
