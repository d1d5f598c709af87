/**
 * The bare Fastify hello-world the hot-reads bench compares the server with, in a process of its own:
 * `PORT` (and `HOST`, default 127.0.0.1), no logger, one route (GET, and POST for the market bench).
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// The same answer to a POST: the market bench asks it as it asks for a purchase (a JSON body, a bearer token).
app.post("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
process.send?.("listening");
process.on("SIGINT", () => void app.close().then(() => process.exit(0)));
