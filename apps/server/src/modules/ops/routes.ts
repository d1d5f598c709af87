import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerAuditRoutes, registerOrderRoutes, registerReportRoutes } from "./desk-routes";
import { registerDisputeRoutes, registerRestrictionRoutes } from "./dispute-routes";
import { registerFactorRoutes, registerRoleRoutes } from "./factor-routes";
import { registerMoneyHealthRoutes, registerRefundRoutes } from "./money-routes";
import {
  registerPlayerAccountRoutes,
  registerPlayerResetRoutes,
  registerPlayerViewRoutes,
} from "./player-routes";
import { opsRouteContext } from "./route-context";

/**
 * The operator console's API, `/ops/*`. Checked on the request, before its body is read: every route answers 403 to a player, and, but for the second factor's own
 * routes (`/ops/factor/*`), 401 until this session has passed the second factor; then 403 where the role may not.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = opsRouteContext(app);
  registerFactorRoutes(app, context);
  registerRoleRoutes(app, context);
  registerPlayerViewRoutes(app, context);
  registerPlayerAccountRoutes(app, context);
  registerPlayerResetRoutes(app, context);
  registerReportRoutes(app, context);
  registerOrderRoutes(app, context);
  registerRefundRoutes(app, context);
  registerMoneyHealthRoutes(app, context);
  registerDisputeRoutes(app, context);
  registerRestrictionRoutes(app, context);
  registerAuditRoutes(app, context);
};
