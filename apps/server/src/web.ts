import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built web app, looking files up per request (so a rebuild under a running server is served at once).
 * Hashed assets are cached for a year; HTML is revalidated every time.
 * Returns the fallback for page requests that match no file, or null when the app is not built.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<((req: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> {
  if (!existsSync(path.join(distDir, "index.html"))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  // The static map page is its own document, reached by full navigation; every other page is the SPA.
  const fallback = (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    const page = pathname === "/map" || pathname === "/map/" ? "map.html" : "index.html";
    return reply.header("cache-control", "no-cache").sendFile(page);
  };
  // The directory itself is not listed: the landing page is the SPA's.
  app.get("/", { schema: { hide: true } }, fallback);
  return fallback;
}
