import { spawnSync } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dropAbandonedScratchDatabases } from "./scratch-database";

const url = process.env.DATABASE_URL;

describe.skipIf(!url?.startsWith("postgres"))("dropAbandonedScratchDatabases", () => {
  it("drops the scratch databases of test runs whose process is gone, and keeps those of live ones", async () => {
    // A process that has ended: its id names nothing running now.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const abandoned = `test_${gone}_0123456789`;
    const live = `test_${process.pid}_abcdef0123`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const names = async () =>
      (await admin.query<{ datname: string }>("select datname from pg_database")).rows.map((r) => r.datname);
    try {
      await admin.query(`create database ${abandoned}`);
      await admin.query(`create database ${live}`);
      const dropped = await dropAbandonedScratchDatabases(url ?? "");
      expect(dropped).toContain(abandoned);
      expect(dropped).not.toContain(live);
      expect(await names()).not.toContain(abandoned);
      expect(await names()).toContain(live);
    } finally {
      await admin.query(`drop database if exists ${abandoned}`);
      await admin.query(`drop database if exists ${live}`);
      await admin.end();
    }
  });
});
