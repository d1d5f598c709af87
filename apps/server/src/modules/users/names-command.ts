import { checkShownName, type ShownNameKind } from "@mx/shared/shown-names";
import { asc, isNotNull, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";

/** A stored name that today's rules would refuse: for an operator to review, never changed here. */
type UnshowableName = {
  kind: ShownNameKind;
  /** The player's id, or the building's id for a building's name. */
  id: string;
  name: string;
  reason: string;
};

/** Why a stored name fails the rules, or null: a name stored before NFKC normalisation also fails. */
function failing(kind: ShownNameKind, name: string): string | null {
  const check = checkShownName(kind, name);
  if (!check.ok) return check.reason;
  return check.name === name ? null : "is not stored as it would be now (NFKC-normalised and trimmed)";
}

/** Every stored username, full name (of accounts not deleted) and building name that fails the rules. */
async function listUnshowableNames(db: Queryable): Promise<UnshowableName[]> {
  const found: UnshowableName[] = [];
  const players = await db
    .select({ id: users.id, userName: users.userName, fullName: users.fullName })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.createdAt));
  for (const p of players) {
    for (const [kind, name] of [
      ["userName", p.userName],
      ["fullName", p.fullName],
    ] as const) {
      const reason = name === null ? null : failing(kind, name);
      if (reason !== null && name !== null) found.push({ kind, id: p.id, name, reason });
    }
  }
  const named = await db
    .select({ id: properties.buildingId, name: properties.customName })
    .from(properties)
    .where(isNotNull(properties.customName))
    .orderBy(asc(properties.buildingId));
  for (const b of named) {
    const reason = b.name === null ? null : failing("buildingName", b.name);
    if (reason !== null && b.name !== null)
      found.push({ kind: "buildingName", id: b.id, name: b.name, reason });
  }
  return found;
}

const LABEL: Record<ShownNameKind, string> = {
  userName: "username",
  fullName: "full name",
  buildingName: "building name",
};

/**
 * `npm run names -- check`: lists every stored name that fails the rules names every player sees are held to, for
 * an operator to review; nothing is changed. Prints through `print`; returns the exit code (1 when any fails).
 */
export async function runNamesCommand(
  db: Queryable,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const [command = "check"] = args;
  if (command !== "check") {
    print("Usage: npm run names -- check");
    return 2;
  }
  const found = await listUnshowableNames(db);
  if (found.length === 0) {
    print("Every stored name is fit to show.");
    return 0;
  }
  print(`${found.length} stored name${found.length === 1 ? "" : "s"} to review (nothing was changed):`);
  for (const f of found) {
    // JSON quoting shows hidden characters (U+202E, zero-width spaces) as escapes, not as what they do.
    print(
      `${LABEL[f.kind]} of ${f.id}: ${JSON.stringify(f.name)
        .replace(/[\u0080-\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
        .slice(0, 200)} ${f.reason}`,
    );
  }
  return 1;
}
