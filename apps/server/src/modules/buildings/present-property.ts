import { DEVELOPMENT_KINDS } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import type { Development } from "@mx/shared/schemas/developments";
import type { Property } from "@mx/shared/schemas/properties";
import { eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";

/** The columns a Property is made from: one row of properties ⋈ buildings ⟕ owner. */
const propertyColumns = {
  id: properties.id,
  buildingId: buildings.id,
  mapId: buildings.mapId,
  customName: properties.customName,
  dataName: buildings.name,
  address: buildings.address,
  neighborhood: buildings.neighborhood,
  priceCents: properties.priceCents,
  askCents: properties.askCents,
  basePriceCents: buildings.basePriceCents,
  floors: buildings.floors,
  floorAreaSqft: buildings.floorAreaSqft,
  heightM: buildings.heightM,
  yearBuilt: buildings.yearBuilt,
  ownerId: properties.ownerId,
  ownerName: users.userName,
  ownerColor: users.buildingColor,
  forSale: properties.forSale,
  sales: properties.sales,
  developmentLevel: properties.developmentLevel,
  constructingUntil: properties.constructingUntil,
  frozenDisputeId: properties.frozenDisputeId,
  lat: buildings.lat,
  lng: buildings.lng,
};

export type PropertyRow = {
  [K in keyof typeof propertyColumns]: (typeof propertyColumns)[K]["_"]["data"] | null;
};

/**
 * A property row as one JSON object, for a statement that writes a property and answers with it in the same round
 * trip: its FROM must name the written rows `properties` (say, a CTE's `returning *` aliased so), with `buildings`
 * joined on them and the owner left-joined as `users`, as selectProperties joins them. Read back with propertyOfJson.
 */
export function propertyJson(): SQL {
  renderedPropertyJson ??= renderedOnce();
  return renderedPropertyJson;
}

/**
 * propertyJson's text is the same for every statement (column names, no values): rendered once, it joins a statement
 * as plain text, so the hot statements that answer with properties do not walk its columns again on every batch.
 */
let renderedPropertyJson: SQL | null = null;
function renderedOnce(): SQL {
  const pairs = Object.entries(propertyColumns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  const built = new PgDialect().sqlToQuery(sql`json_build_object(${sql.join(pairs, sql`, `)})`);
  if (built.params.length > 0) throw new Error("propertyJson must hold no values");
  return sql.raw(built.sql);
}

/** A row made by propertyJson, with the types selectProperties gives it. */
export function propertyOfJson(json: Record<string, unknown>): PropertyRow {
  const row = json as PropertyRow & { constructingUntil: string | Date | null };
  const until = row.constructingUntil;
  return { ...row, constructingUntil: until === null ? null : new Date(until) };
}

/** properties ⋈ buildings ⟕ owner, ready for a where clause. */
export function selectProperties(q: Queryable) {
  return q
    .select(propertyColumns)
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .leftJoin(users, eq(users.id, properties.ownerId));
}

/**
 * What buying the building costs now, in cents: its owner's ask while it is for sale, else its value (what it last
 * traded at, or the game's price, plus what developments added).
 */
export function listedPriceCents(row: Pick<PropertyRow, "priceCents" | "askCents" | "forSale">): number {
  return row.forSale && row.askCents !== null ? row.askCents : (row.priceCents ?? 0);
}

/** The name players see: the owner's, else the data's name or address, else 'No Name'. */
export function displayName(row: Pick<PropertyRow, "customName" | "dataName" | "address">): string {
  return row.customName ?? row.dataName ?? row.address ?? texts.noName;
}

function describe(row: PropertyRow): string {
  const parts = [
    row.address,
    row.floors ? `${row.floors} ${row.floors === 1 ? "floor" : "floors"}` : null,
    row.heightM ? `${Math.round(row.heightM)} m tall` : null,
    row.yearBuilt ? `built ${row.yearBuilt}` : null,
  ].filter(Boolean);
  return parts.join(" · ");
}

/** Six decimals (about 10 cm) are all a coordinate needs. */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function presentProperty(row: PropertyRow): Property {
  const owned = row.ownerId !== null;
  return {
    _id: row.id ?? "",
    buildingId: row.buildingId ?? "",
    mapId: row.mapId ?? 0,
    name: displayName(row),
    address: row.address,
    neighborhood: row.neighborhood,
    description: describe(row),
    image: null,
    price: listedPriceCents(row) / 100,
    value: (row.priceCents ?? 0) / 100,
    ask: row.forSale && row.askCents !== null ? row.askCents / 100 : null,
    basePrice: (row.basePriceCents ?? 0) / 100,
    noOfFloors: row.floors,
    floorArea: row.floorAreaSqft,
    height: row.heightM,
    yearBuilt: row.yearBuilt,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    isBuy: owned,
    isFirstTime: (row.sales ?? 0) === 0,
    forSale: row.forSale ?? false,
    color: owned ? row.ownerColor : null,
    location: { lat: round6(row.lat ?? 0), lng: round6(row.lng ?? 0) },
    status: row.forSale ? "forSale" : owned ? "owned" : "available",
    development: presentDevelopment(row.developmentLevel ?? 0, row.constructingUntil ?? null),
    frozen: Boolean(row.frozenDisputeId),
  };
}

/**
 * A building's development as players see it, from its settled level and the end of the construction under way.
 * The state follows from the time: a construction whose end has passed counts as finished, settled or not.
 */
export function presentDevelopment(
  level: number,
  constructingUntil: Date | null,
  now = Date.now(),
): Development {
  if (!constructingUntil) return { level, constructing: false, kind: null, completesAt: null };
  if (constructingUntil.getTime() <= now) {
    return {
      level: Math.min(level + 1, DEVELOPMENT_KINDS.length),
      constructing: false,
      kind: null,
      completesAt: null,
    };
  }
  return {
    level,
    constructing: true,
    kind: DEVELOPMENT_KINDS[level] ?? null,
    completesAt: Math.ceil(constructingUntil.getTime() / 1000),
  };
}
