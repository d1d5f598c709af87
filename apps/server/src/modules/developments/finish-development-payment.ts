import type { GatewayIntent } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { finishFromNotice } from "../money/operation";
import { developmentOperation } from "./development-operation";

/** After the processor's notice: the development it names, if still reserved, finished (money/operation.ts). */
export async function finishDevelopmentPayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const id = intent.metadata.developmentId;
  if (!id) return;
  const [row] = await deps.db.select().from(developments).where(eq(developments.id, id));
  await finishFromNotice(developmentOperation(deps, null), row, intent, deps.log);
}
