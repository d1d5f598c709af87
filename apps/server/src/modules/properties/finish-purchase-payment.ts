import type { GatewayIntent } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { finishFromNotice } from "../money/operation";
import { purchaseOperation } from "./purchase-operation";

/** After the processor's notice: the purchase it names, if still pending, finished (money/operation.ts). */
export async function finishPurchasePayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const id = intent.metadata.purchaseId;
  if (!id) return;
  const [row] = await deps.db.select().from(purchases).where(eq(purchases.id, id));
  await finishFromNotice(purchaseOperation(deps), row, intent, deps.log);
}
