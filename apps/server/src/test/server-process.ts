import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { bids } from "../db/schema/bids";
import { developments } from "../db/schema/developments";
import { accountRefunds, payouts } from "../db/schema/payouts";
import { purchases } from "../db/schema/purchases";
import { shopCheckouts } from "../db/schema/shop";
import { RELEASED_STATUSES } from "../modules/bids/release-holds";

/** The repository's root, where main.ts is started from as an operator would. */
const repoRoot = path.resolve(import.meta.dirname, "../../../..");

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  /** The exit: a signal's name, or the exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** The end of what it printed (its log and errors). */
  output(): string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * How a server process is started: from the source (apps/server/src/main.ts, through tsx), or, when
 * SERVER_UNDER_TEST=built, from the compiled server (`npm run build` first), which starts in half the time: CI
 * builds before its PostgreSQL run, where the crash tests start two servers for every case.
 */
function serverCommand(): string[] {
  if (process.env.SERVER_UNDER_TEST !== "built") {
    return ["--import", "tsx", path.join(repoRoot, "apps/server/src/main.ts")];
  }
  const built = path.join(repoRoot, "apps/server/dist/main.js");
  if (!existsSync(built))
    throw new Error(`SERVER_UNDER_TEST=built, but ${built} is missing: npm run build first`);
  return ["--enable-source-maps", built];
}

/**
 * A real server process on a database (see serverCommand), ready when /readyz answers. `env` adds to a minimal
 * environment: the database, a port, a session secret, a data dir of its own, recovery without delay.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  sessionSecret: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverCommand(), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: options.sessionSecret,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "mx-server-")),
      LOG_LEVEL: "warn",
      MONEY_RECOVERY_AFTER_SECONDS: "0",
      RATE_LIMIT_MAX: "1000000",
      AUTH_RATE_LIMIT_MAX: "1000000",
      WARM_AT_START: "false",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited, output: () => stderr };
}

/** Money operations left in the middle of a step: purchases, bids and payouts mid-way, and holds still owed a release. */
export async function unsettledOperations(db: Db): Promise<number> {
  const midPurchases = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(inArray(purchases.status, ["pending", "refunding"]));
  const midBids = await db
    .select({ id: bids.id })
    .from(bids)
    .where(inArray(bids.status, ["holding", "accepting", "refunding"]));
  const owedHolds = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(inArray(bids.status, [...RELEASED_STATUSES]), isNull(bids.holdReleasedAt)));
  const midPayouts = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.state, "requested"));
  const midRefunds = await db
    .select({ id: accountRefunds.id })
    .from(accountRefunds)
    .where(eq(accountRefunds.state, "requested"));
  const midDevelopments = await db
    .select({ id: developments.id })
    .from(developments)
    .where(inArray(developments.state, ["reserved", "refunding"]));
  const midCheckouts = await db
    .select({ id: shopCheckouts.id })
    .from(shopCheckouts)
    .where(eq(shopCheckouts.state, "reserved"));
  return (
    midCheckouts.length +
    midPurchases.length +
    midBids.length +
    owedHolds.length +
    midPayouts.length +
    midRefunds.length +
    midDevelopments.length
  );
}
