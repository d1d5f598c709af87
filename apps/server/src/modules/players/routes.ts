import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import { PlayerParams, PlayerProfileData } from "@mx/shared/schemas/players";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPlayerProfile } from "./get-player-profile";

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, collections } = app.deps;

  // Public, as the neighbourhoods are: no sign-in, counted by the global per-address limit.
  app.get(
    "/players/:userName",
    {
      schema: {
        tags: ["players"],
        summary:
          "A player's public profile by username (any case): colour, join date, holdings (the list unless hidden), latest trades and collections (held and once held)",
        params: PlayerParams,
        response: { 200: envelope(PlayerProfileData) },
      },
    },
    async (req) => ok(await getPlayerProfile(db, collections, req.params.userName), "Player"),
  );
};
