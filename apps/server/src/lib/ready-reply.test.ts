import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { COMPRESS_THRESHOLD, etagMatches, readyReply, sendOwnJson, sendReady } from "./ready-reply";

const big = JSON.stringify({
  statusCode: 200,
  message: "OK",
  data: Array.from({ length: 200 }, (_, i) => ({ i })),
});
const small = JSON.stringify({ statusCode: 200, message: "OK", data: [] });

async function serving(json: string) {
  const app = Fastify();
  const ready = readyReply(json);
  app.get("/", async (req, reply) => sendReady(req, reply, ready));
  await app.ready();
  return app;
}

describe("ready replies", () => {
  it("decompress to the very bytes of the plain reply, in the coding the client asks for", async () => {
    expect(big.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const app = await serving(big);
    const plain = await app.inject({ url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(big);
    expect(plain.headers.vary).toBe("accept-encoding");
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const none = await app.inject({ url: "/", headers: { "accept-encoding": "identity, deflate" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body).toBe(big);
    for (const res of [plain, br, gzip, none]) expect(res.headers.etag).toBe(plain.headers.etag);
    await app.close();
  });

  it("sends a small body as it is, whatever the client accepts", async () => {
    const app = await serving(small);
    const res = await app.inject({ url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(small);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    await app.close();
  });

  it("answers 304 with no body when If-None-Match names its ETag", async () => {
    const app = await serving(big);
    const { etag } = (await app.inject({ url: "/" })).headers as { etag: string };
    const res = await app.inject({ url: "/", headers: { "if-none-match": etag, "accept-encoding": "br" } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect((await app.inject({ url: "/", headers: { "if-none-match": '"x"' } })).statusCode).toBe(200);
    await app.close();
  });

  it("knows an ETag in a list, in its weak form and as *", () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});

describe("sendOwnJson", () => {
  async function own(json: string, acceptEncoding?: string) {
    const app = Fastify();
    app.get("/", async (req, reply) => sendOwnJson(req, reply, json, "private, no-cache"));
    const res = await app.inject({
      method: "GET",
      url: "/",
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
    await app.close();
    return res;
  }

  it("gzips a big body for a client that takes gzip, and sends it as it is otherwise", async () => {
    const zipped = await own(big, "br, gzip");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(zipped.headers["cache-control"]).toBe("private, no-cache");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(big);
    expect(zipped.rawPayload.length).toBeLessThan(big.length);
    for (const accept of [undefined, "br", "gzip;q=0"]) {
      const plain = await own(big, accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(big);
    }
    const tiny = await own(small, "gzip");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe(small);
  });
});
