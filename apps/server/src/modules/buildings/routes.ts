import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import {
  BuildingSearchData,
  BuildingSearchQuery,
  CreateBuildingBody,
  NeighborhoodDetailData,
  NeighborhoodListData,
  NeighborhoodQuery,
  PropertyData,
  RenameBuildingBody,
  RenameBuildingData,
} from "@mx/shared/schemas/properties";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/plugin";
import { createBuildingProperty, renameBuilding } from "./building-property";
import { listNeighborhoods, neighborhoodDetail } from "./list-neighborhoods";
import { searchBuildings } from "./search-buildings";

export const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    "/buildings/search",
    {
      schema: {
        tags: ["buildings"],
        summary: "Buildings by name or address, for the map's search box",
        querystring: BuildingSearchQuery,
        response: { 200: envelope(BuildingSearchData) },
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return ok({ results: await searchBuildings(db, req.query.q, req.query.limit) }, "Search results");
    },
  );

  app.get(
    "/neighborhoods",
    {
      schema: {
        tags: ["buildings"],
        summary: "The island's neighbourhoods: buildings, share owned, total value and top owner of each",
        response: { 200: envelope(NeighborhoodListData) },
      },
    },
    async () => ok({ neighborhoods: await listNeighborhoods(db) }, "Neighbourhoods"),
  );

  app.get(
    "/neighborhoods/detail",
    {
      schema: {
        tags: ["buildings"],
        summary: "One neighbourhood: its figures, its top owners and its latest sales",
        querystring: NeighborhoodQuery,
        response: { 200: envelope(NeighborhoodDetailData) },
      },
    },
    async (req) => ok(await neighborhoodDetail(db, req.query.name), "Neighbourhood"),
  );

  app.post(
    "/buildings",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["buildings"],
        summary: "The property of a building, made if missing",
        security,
        body: CreateBuildingBody,
        response: { 200: envelope(PropertyData) },
      },
    },
    async (req) => ok({ property: await createBuildingProperty(db, req.body.buildingId) }, "Property"),
  );

  app.put(
    "/buildings",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["buildings"],
        summary: "Rename a building one owns",
        security,
        body: RenameBuildingBody,
        response: { 200: envelope(RenameBuildingData) },
      },
    },
    async (req) => {
      const property = await renameBuilding(db, currentUser(req).userId, req.body);
      return ok({ name: property.name, property }, "The building has been renamed.");
    },
  );
};
