import type { PaymentGateway } from "@mx/processors/gateway";
import type { Db } from "../db/client";
import { checkLedger } from "../modules/ledger/check-ledger";
import { reconcileWithProcessor } from "../modules/money/reconcile-processor";

/** What `npm run ledger:check` reports for everything so far: ledger problems, then processor differences. */
export async function moneyProblems(db: Db, gateway: PaymentGateway): Promise<string[]> {
  return [
    ...(await checkLedger(db)),
    // A second ahead: rows keep microseconds, a Date only milliseconds (see reconcile-processor.test.ts).
    ...(await reconcileWithProcessor(db, gateway, {
      createdFrom: new Date(0),
      createdTo: new Date(Date.now() + 1_000),
    })),
  ];
}
