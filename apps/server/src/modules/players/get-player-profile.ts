import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { serverMessages } from "@mx/shared/messages";
import {
  PLAYER_PROFILE_LIMITS,
  type PlayerBuilding,
  type PlayerProfileData,
} from "@mx/shared/schemas/players";
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { displayName, presentDevelopment, round6 } from "../buildings/present-property";
import type { CollectionCatalogue } from "../collections/catalogue";
import { collectionsOfPlayer } from "../collections/player-collections";
import { settleDueDevelopments } from "../developments/construction";
import { listPlayerTrades } from "./list-player-trades";

type PlayerRow = {
  id: string;
  user_name: string;
  building_color: string;
  created_at: Date | string;
  hide_holdings: boolean;
};

type HoldingRow = {
  building_id: string;
  custom_name: string | null;
  data_name: string | null;
  address: string | null;
  price_cents: number;
  lat: number;
  lng: number;
  development_level: number;
  constructing_until: Date | string | null;
  for_sale: boolean;
  ask_cents: number | null;
};

/**
 * A player's public profile, found by their username without regard to case. A deleted account has no name and
 * is never found; a name an operator reset is found only by its new one. The count and value are the
 * leaderboard's (every building they own, at its value); the list of buildings is left out when the player hides it.
 */
export async function getPlayerProfile(
  db: Db,
  catalogue: CollectionCatalogue,
  userName: string,
): Promise<PlayerProfileData> {
  const player = await findPlayer(db, userName);
  // Values at the risen prices of constructions that have ended, as the leaderboard counts them.
  await settleDueDevelopments(db);
  const [summary, buildings, recentTrades, collections] = await Promise.all([
    holdingsSummary(db, player.id),
    player.hide_holdings ? Promise.resolve(undefined) : listHoldings(db, player.id),
    listPlayerTrades(db, player.id, PLAYER_PROFILE_LIMITS.trades),
    collectionsOfPlayer(db, catalogue, player.id),
  ]);
  return {
    userName: player.user_name,
    buildingColor: player.building_color,
    joinedAt: new Date(player.created_at).toISOString(),
    holdings: summary,
    holdingsHidden: player.hide_holdings,
    ...(buildings ? { buildings } : {}),
    recentTrades,
    collections,
  };
}

async function findPlayer(q: Queryable, userName: string): Promise<PlayerRow> {
  const [player] = await queryRows<PlayerRow>(
    q,
    sql`select id, user_name, building_color, created_at, hide_holdings from users
        where lower(user_name) = lower(${userName}) and deleted_at is null limit 1`,
  );
  if (!player) throw new AppError("NOT_FOUND", serverMessages.playerNotFound);
  return player;
}

async function holdingsSummary(q: Queryable, ownerId: string): Promise<PlayerProfileData["holdings"]> {
  const [row] = await queryRows<{ count: number; total_cents: number }>(
    q,
    sql`select count(*)::int as count, coalesce(sum(price_cents), 0)::float8 as total_cents
        from properties where owner_id = ${ownerId}`,
  );
  return { count: row?.count ?? 0, totalValueCents: Math.round(Number(row?.total_cents ?? 0)) };
}

async function listHoldings(q: Queryable, ownerId: string): Promise<PlayerBuilding[]> {
  const rows = await queryRows<HoldingRow>(
    q,
    sql`select b.id as building_id, p.custom_name, b.name as data_name, b.address, p.price_cents, b.lat, b.lng,
               p.development_level, p.constructing_until, p.for_sale, p.ask_cents
        from properties p join buildings b on b.id = p.building_id
        where p.owner_id = ${ownerId}
        order by p.price_cents desc, b.id
        limit ${PLAYER_PROFILE_LIMITS.buildings}`,
  );
  return rows.map((r) => ({
    buildingId: r.building_id,
    name: displayName({ customName: r.custom_name, dataName: r.data_name, address: r.address }),
    valueCents: r.price_cents,
    location: { lat: round6(r.lat), lng: round6(r.lng) },
    developmentLevel: presentDevelopment(
      r.development_level,
      r.constructing_until === null ? null : new Date(r.constructing_until),
    ).level,
    forSale: r.for_sale,
    askCents: r.for_sale ? r.ask_cents : null,
  }));
}
