import { newId } from "@mx/kit/secrets";
import { count, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { buildings, priceHistory, properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";

/** Clearly labelled players who own a few landmarks, so a new local install shows a living map. */
const DEMO_PLAYERS = [
  {
    userName: "demo_astor",
    fullName: "Demo · Astor Holdings",
    color: "#f0b429",
    buildings: ["Empire State Building", "Macy's", "Madison Square Garden"],
    forSale: ["Macy's"],
  },
  {
    userName: "demo_hudson",
    fullName: "Demo · Hudson Partners",
    color: "#4cc9f0",
    buildings: ["30 Hudson Yards", "10 Hudson Yards", "The New York Times Building"],
    forSale: [],
  },
  {
    userName: "demo_lexington",
    fullName: "Demo · Lexington Capital",
    color: "#f72585",
    buildings: ["Chrysler Building", "Chanin Building", "One Vanderbilt", "Bank of America Tower"],
    forSale: ["One Vanderbilt"],
  },
  {
    userName: "demo_flatiron",
    fullName: "Demo · Flatiron Ventures",
    color: "#80ed99",
    buildings: ["Flatiron Building", "MetLife Building"],
    forSale: ["MetLife Building"],
  },
];

const DAY = 86_400_000;
/** Each landmark changed hands at these multiples of its base price, this many days ago. */
const HISTORY = [
  { daysAgo: 120, factor: 1 },
  { daysAgo: 60, factor: 1.35 },
  { daysAgo: 14, factor: 1.8 },
];

const DEMO_EMAIL_DOMAIN = "demo.invalid";

/** Adds the demo players unless they are there already. They have no password and cannot sign in. */
export async function seedDemo(db: Db): Promise<{ players: number; buildings: number }> {
  // Without a catalogue there is nothing to own: wait for the import rather than add empty-handed players.
  const [catalogue] = await db.select({ n: count() }).from(buildings);
  if ((catalogue?.n ?? 0) === 0) return { players: 0, buildings: 0 };
  const [existing] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
  if ((existing?.n ?? 0) > 0) return { players: 0, buildings: 0 };
  let owned = 0;
  await db.transaction(async (tx) => {
    for (const player of DEMO_PLAYERS) {
      const userId = newId();
      await tx.insert(users).values({
        id: userId,
        email: `${player.userName.replace("demo_", "")}@${DEMO_EMAIL_DOMAIN}`,
        userName: player.userName,
        fullName: player.fullName,
        buildingColor: player.color,
        userType: "demo",
      });
      const found = await tx
        .select({ id: buildings.id, name: buildings.name, base: buildings.basePriceCents })
        .from(buildings)
        .where(inArray(buildings.name, player.buildings));
      for (const building of found) {
        if (!building.name) continue;
        const points = HISTORY.map((h) => ({
          buildingId: building.id,
          priceCents: Math.round((building.base * h.factor) / 100) * 100,
          createdAt: new Date(Date.now() - h.daysAgo * DAY),
        }));
        await tx.insert(priceHistory).values(points);
        const last = points[points.length - 1]?.priceCents ?? building.base;
        const forSale = player.forSale.includes(building.name);
        await tx
          .update(properties)
          .set({
            ownerId: userId,
            priceCents: last,
            forSale,
            askCents: forSale ? Math.round((last * 1.25) / 100) * 100 : null,
            sales: points.length,
            updatedAt: new Date(),
          })
          .where(eq(properties.buildingId, building.id));
        owned += 1;
      }
    }
  });
  return { players: DEMO_PLAYERS.length, buildings: owned };
}

/** Whether anyone has an account yet: the demo world only goes into an empty database. */
export async function hasPlayers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}
