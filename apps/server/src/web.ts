import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built web app. Hashed assets are cached for a year; HTML is revalidated every time.
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
    wildcard: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  // The static map page is its own document, reached by full navigation; every other page is the SPA.
  return (req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    const page = pathname === "/map" || pathname === "/map/" ? "map.html" : "index.html";
    return reply.header("cache-control", "no-cache").sendFile(page);
  };
}
