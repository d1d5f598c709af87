/**
 * `npm run bench`: prints figures, asserts nothing. Runs on the embedded PGlite and, when it is reachable,
 * on PostgreSQL (DATABASE_URL, default the local `test` database; the bench uses a database of its own).
 * `npm run bench -- market live` runs only the named parts (market, listings, accounts, map, island, hot-reads, live,
 * map-view, develop, collections), and
 * `--postgres` or `--pglite` only that database. `market` on PostgreSQL first measures the compiled server
 * (served-market.ts: `--quick`, `--no-build`); `market-served` only that. `hot-reads` measures the compiled server as `npm start` runs it,
 * on PostgreSQL (served-hot-reads.ts: `--quick`, `--cpu-prof <dir>`, `--no-build`), then the old in-process
 * figure; `hot-reads-served` only the first. `lighthouse` runs Lighthouse on the public pages against the compiled
 * server (after `npm run build`; it builds nothing).
 */
import path from "node:path";
import pg from "pg";
import { createTestApp, signUp, type TestApp } from "../apps/server/src/test/harness";
import { alertAcrossInstances, collectionFigures } from "./collections";
import { developFigures } from "./develop";
import { hotReadFigures } from "./hot-reads";
import { islandFigures } from "./island";
import { lighthouseFigures } from "./lighthouse";
import { listingFigures } from "./listings";
import { liveFigures } from "./live";
import { mapFigures } from "./map";
import { mapViewFigures } from "./map-view";
import { marketFigures } from "./market";
import { measure } from "./measure";
import { servedCollectionFigures } from "./served-collections";
import { servedHotReadFigures } from "./served-hot-reads";
import { servedMarketFigures } from "./served-market";

async function accounts(t: TestApp) {
  const players = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
  await measure("sign-in (argon2id verify + session)", { count: 100, concurrency: 4 }, async (i) => {
    const p = players[i % players.length];
    const res = await t.call("POST", "/api/v1/users/login", {
      body: { email: p?.email, password: p?.password },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  await measure("GET users/profile (token lookup + read)", { count: 2000, concurrency: 16 }, async (i) => {
    const res = await t.call("GET", "/api/v1/users/profile", { token: players[i % players.length]?.token });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  await measure("POST otp/create (code + dev mailbox)", { count: 300, concurrency: 8 }, async (i) => {
    const res = await t.call("POST", "/api/v1/otp/create", {
      body: { email: `bench${i}@example.com`, type: "UR" },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const cpuProfAt = args.indexOf("--cpu-prof");
const cpuProfDir = cpuProfAt >= 0 ? (args[cpuProfAt + 1] ?? null) : null;
const parts = args.filter((a, i) => !a.startsWith("--") && (cpuProfAt < 0 || i !== cpuProfAt + 1));
const wanted = (part: string) => parts.length === 0 || parts.includes(part);

const pgUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const targets: [string, string | undefined][] = [];
if (!args.includes("--postgres")) targets.push(["PGlite (embedded, in memory)", undefined]);
if (!args.includes("--pglite") && (await postgresReachable(pgUrl))) {
  targets.push([`PostgreSQL (${new URL(pgUrl).host})`, pgUrl]);
}

if (wanted("hot-reads") || parts.includes("hot-reads-served")) {
  if (await postgresReachable(pgUrl)) {
    console.log(
      `\nPostgreSQL (${new URL(pgUrl).host}) — hot reads from the compiled server as \`npm start\` runs it, whole island, load from another process, against a bare Fastify hello-world in a process of its own`,
    );
    await servedHotReadFigures({
      adminUrl: pgUrl,
      quick: args.includes("--quick"),
      cpuProfDir: cpuProfDir ? path.resolve(cpuProfDir) : null,
      build: !args.includes("--no-build"),
    });
  } else {
    console.log(`\nHot reads from the compiled server: skipped, PostgreSQL does not answer at ${pgUrl}`);
  }
}

if ((wanted("market") && !args.includes("--pglite")) || parts.includes("market-served")) {
  if (await postgresReachable(pgUrl)) {
    console.log(
      `\nPostgreSQL (${new URL(pgUrl).host}) — purchases and developments from the compiled server as \`npm start\` runs it, whole island, POSTs from another process over keep-alive, against a bare Fastify hello-world in a process of its own`,
    );
    await servedMarketFigures({
      adminUrl: pgUrl,
      quick: args.includes("--quick"),
      cpuProfDir: cpuProfDir ? path.resolve(cpuProfDir) : null,
      build: !args.includes("--no-build"),
    });
  } else {
    console.log(`\nPurchases from the compiled server: skipped, PostgreSQL does not answer at ${pgUrl}`);
  }
}

for (const [label, url] of targets) {
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  if (wanted("market") || wanted("accounts") || wanted("map")) {
    console.log(`\n${label} — through app.inject(), no network`);
  }
  if (wanted("market")) {
    const market = await createTestApp();
    try {
      await marketFigures(market, { purchases: url ? 3000 : 1000 });
    } finally {
      await market.close();
    }
  }
  if (wanted("develop")) {
    console.log(
      `\n${label} — developments and the map overlay of developed buildings (app.inject(), no network)`,
    );
    const develop = await createTestApp();
    try {
      // BENCH_DEVELOP_COUNT / BENCH_DEVELOP_MAP make a quick run smaller.
      await developFigures(develop, {
        developments: Number(process.env.BENCH_DEVELOP_COUNT ?? (url ? 3000 : 1000)),
        mapBuildings: Number(process.env.BENCH_DEVELOP_MAP ?? 20_000),
      });
    } finally {
      await develop.close();
    }
  }
  if (wanted("listings")) {
    console.log(`\n${label} — the market's reads on an island-sized market`);
    // Limits still counted on every request, as in production, but high enough for a whole run from one address.
    const listings = await createTestApp({
      rateLimit: { max: 100_000_000, authMax: 100_000, redisUrl: null, redisPrefix: "bench:" },
    });
    try {
      await listingFigures(listings);
    } finally {
      await listings.close();
    }
  }
  if (wanted("accounts") || wanted("map")) {
    const t = await createTestApp();
    try {
      if (wanted("accounts")) await accounts(t);
      if (wanted("map")) await mapFigures(t, await signUp(t));
    } finally {
      await t.close();
    }
  }
  if (wanted("island")) {
    console.log(`\n${label} — the whole island: import and search (app.inject(), no network)`);
    const island = await createTestApp();
    try {
      await islandFigures(island, await signUp(island), { searches: url ? 5000 : 1000 });
    } finally {
      await island.close();
    }
  }
  if (wanted("hot-reads")) {
    console.log(
      `\n${label} — the old in-process figure: hot reads from an app the bench builds on a sample city, over HTTP, 50 connections, against a bare Fastify hello-world in the bench's process`,
    );
    // Limits still counted on every request, as in production, but high enough for a whole run from one address.
    const hot = await createTestApp({
      rateLimit: { max: 100_000_000, authMax: 100_000, redisUrl: null, redisPrefix: "bench:" },
    });
    try {
      await hotReadFigures(hot);
    } finally {
      await hot.close();
    }
  }
  if (wanted("collections")) {
    console.log(
      `\n${label} — collections on the whole island with ${process.env.BENCH_COLLECTION_PLAYERS ?? "10,000"} players (app.inject(), no network)`,
    );
    const collections = await createTestApp({
      rateLimit: { max: 100_000_000, authMax: 100_000, redisUrl: null, redisPrefix: "bench:" },
    });
    try {
      await collectionFigures(collections);
    } finally {
      await collections.close();
    }
    if (url) {
      console.log(
        `\n${label} — a watch alert across two server instances (each its own connections, LISTEN/NOTIFY)`,
      );
      await alertAcrossInstances(url);
      console.log(
        `\n${label} — collections from the compiled server as \`npm start\` runs it, whole island, 10,000 players, load from another process`,
      );
      await servedCollectionFigures({
        adminUrl: url,
        quick: args.includes("--quick"),
        build: !args.includes("--no-build"),
      });
    }
  }
  if (wanted("live")) {
    console.log(`\n${label} — live channel: WebSockets over localhost, clients in a second process`);
    const live = await createTestApp();
    try {
      await liveFigures(live);
    } finally {
      await live.close();
    }
  }
}

if (wanted("lighthouse")) {
  console.log(
    "\nThe public pages in Lighthouse: simulated mobile at 375 px, the compiled server on an embedded database, headless Chromium",
  );
  await lighthouseFigures();
}

if (wanted("map-view")) {
  console.log("\nThe map in headless Chromium (embedded database, localhost)");
  await mapViewFigures();
}
