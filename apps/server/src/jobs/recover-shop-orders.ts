import { z } from "zod";
import { findOpenCheckouts, recoverShopOrder } from "../modules/shop/recover-orders";
import { sweepJob } from "./define";

const Checkout = z.object({
  id: z.string(),
  state: z.enum(["reserved", "open"]),
  sessionId: z.string().nullable(),
  createdAt: z.coerce.date(),
});

/**
 * Every minute (and at start): a shop checkout paid at the processor whose order was never written gets it; one
 * that never got its session, or lapsed unpaid, is abandoned.
 */
export const recoverShopOrders = sweepJob({
  name: "recover-shop-orders",
  recovery: true,
  cron: "* * * * *",
  item: Checkout,
  find: (deps, now) => findOpenCheckouts(deps, now),
  key: (checkout) => checkout.id,
  work: async (deps, checkout, now) => {
    await recoverShopOrder(deps, checkout, now);
  },
});
