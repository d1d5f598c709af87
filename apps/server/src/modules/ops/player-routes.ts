import { ok } from "@mx/kit/reply";
import { envelope, IdParams } from "@mx/shared/schemas/common";
import {
  BuildingResetBody,
  FreezeBody,
  PlayerDetail,
  PlayerSearchQuery,
  PlayerSummary,
} from "@mx/shared/schemas/ops";
import { z } from "zod";
import { operatorOf } from "./guard";
import {
  freezePlayer,
  playerDetail,
  resetBuildingName,
  resetPlayerColour,
  resetUserName,
  revokePlayerSessions,
  searchPlayers,
} from "./players";
import type { OpsApp, OpsRouteContext } from "./route-context";

/** Finding players and seeing one. */
export function registerPlayerViewRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.get(
    "/ops/players",
    {
      onRequest: guard("view"),
      schema: {
        tags,
        summary: "Find players by e-mail, username or id",
        security,
        querystring: PlayerSearchQuery,
        response: { 200: envelope(z.array(PlayerSummary)) },
      },
    },
    async (req) => ok(await searchPlayers(db, req.query.q)),
  );
  app.get(
    "/ops/players/:id",
    {
      onRequest: guard("view"),
      schema: {
        tags,
        summary: "A player's profile, holdings, ledger lines, purchases, bids, payouts, sessions and reports",
        security,
        params: IdParams,
        response: { 200: envelope(PlayerDetail) },
      },
    },
    async (req) => ok(await playerDetail(db, req.params.id)),
  );
}

/** Freezing a player and ending their sessions. */
export function registerPlayerAccountRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.post(
    "/ops/players/:id/freeze",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Freeze or lift a player's trading and/or payouts, with the reason the player sees",
        security,
        params: IdParams,
        body: FreezeBody,
        response: { 200: envelope(PlayerSummary) },
      },
    },
    async (req) => ok(await freezePlayer(db, operatorOf(req), req.params.id, req.body), "Saved."),
  );
  app.post(
    "/ops/players/:id/revoke-sessions",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "End every session of a player",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (req) => ok(await revokePlayerSessions(db, operatorOf(req), req.params.id), "Sessions ended."),
  );
}

/** Taking down what a player chose to show: their username, their colour, a building's name. */
export function registerPlayerResetRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.post(
    "/ops/players/:id/reset-username",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Replace a player's username with a neutral one",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ userName: z.string() })) },
      },
    },
    async (req) => ok(await resetUserName(db, operatorOf(req), req.params.id), "Username reset."),
  );
  app.post(
    "/ops/players/:id/reset-colour",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Put a player's building colour back to white",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ color: z.string() })) },
      },
    },
    async (req) => ok(await resetPlayerColour(db, operatorOf(req), req.params.id), "Colour reset."),
  );
  app.post(
    "/ops/buildings/reset-name",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Take an owner's name for a building down: it shows its own name again",
        security,
        body: BuildingResetBody,
        response: { 200: envelope(z.object({ buildingId: z.string(), name: z.string() })) },
      },
    },
    async (req) => ok(await resetBuildingName(db, operatorOf(req), req.body.buildingId), "Name reset."),
  );
}
