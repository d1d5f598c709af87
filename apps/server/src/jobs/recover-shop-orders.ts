import { z } from "zod";
import { findOpenCheckouts, recoverShopOrder } from "../modules/shop/recover-orders";
import { sweepJob } from "./define";

const Checkout = z.object({ sessionId: z.string() });

/** Every minute (and at start): a shop checkout paid at the processor whose order was never written gets it. */
export const recoverShopOrders = sweepJob({
  name: "recover-shop-orders",
  recovery: true,
  cron: "* * * * *",
  item: Checkout,
  find: async (deps) => (await findOpenCheckouts(deps)).map((sessionId) => ({ sessionId })),
  key: (checkout) => checkout.sessionId,
  work: async (deps, checkout) => {
    await recoverShopOrder(deps, checkout.sessionId);
  },
});
