import { ok } from "@mx/kit/reply";
import { envelope, IdParams } from "@mx/shared/schemas/common";
import {
  DisputeEvidenceBody,
  DisputeListQuery,
  DisputePage,
  LiftRestrictionBody,
  OpsDispute,
  RestrictedPlayerPage,
  RestrictedPlayersQuery,
} from "@mx/shared/schemas/ops";
import { z } from "zod";
import { submitEvidence } from "./dispute-evidence";
import { listDisputes } from "./disputes";
import { operatorOf } from "./guard";
import { liftRestriction, listRestrictedPlayers } from "./restrictions";
import type { OpsApp, OpsRouteContext } from "./route-context";

/** Disputes of players' payments, and giving the processor evidence on one: finance and admin. */
export function registerDisputeRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.get(
    "/ops/disputes",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary:
          "Disputes (chargebacks) of players' payments, newest or evidence due soonest first, a page at a time",
        security,
        querystring: DisputeListQuery,
        response: { 200: envelope(DisputePage) },
      },
    },
    async (req) => ok(await listDisputes(db, req.query)),
  );
  app.post(
    "/ops/disputes/:id/evidence",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Give the processor the platform's evidence on a dispute that needs a response",
        security,
        params: IdParams,
        body: DisputeEvidenceBody,
        response: { 200: envelope(OpsDispute) },
      },
    },
    async (req) =>
      ok(
        await submitEvidence(app.deps, operatorOf(req), req.params.id, req.body.text),
        "Evidence submitted.",
      ),
  );
}

/** Players restricted by a lost dispute or an early fraud warning, and lifting a restriction: finance and admin. */
export function registerRestrictionRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.get(
    "/ops/restricted-players",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Players who may neither pay by card or PayPal nor withdraw, restricted last first",
        security,
        querystring: RestrictedPlayersQuery,
        response: { 200: envelope(RestrictedPlayerPage) },
      },
    },
    async (req) => ok(await listRestrictedPlayers(db, req.query)),
  );
  app.post(
    "/ops/players/:id/restriction/lift",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Lift a player's restriction: they may pay by card or PayPal and withdraw again",
        security,
        params: IdParams,
        body: LiftRestrictionBody,
        response: {
          200: envelope(z.object({ id: z.string(), userName: z.string().nullable(), lifted: z.string() })),
        },
      },
    },
    async (req) =>
      ok(await liftRestriction(db, operatorOf(req), req.params.id, req.body.note), "Restriction lifted."),
  );
}
