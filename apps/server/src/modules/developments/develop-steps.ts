import type { GatewayIntent } from "@mx/processors/gateway";
import type { DevelopData } from "@mx/shared/schemas/developments";
import type { AppDeps } from "../../deps";
import { countBatches } from "../../lib/batch-counts";
import { gatherFor, noteIntents, type Together, together } from "../money/together";
import type { DevelopmentRow } from "./development-rows";
import { type Asked, reserveDevelopments } from "./reserve-developments";
import { settleDevelopments } from "./settle-developments";

const steps = new WeakMap<AppDeps, Together<Asked, DevelopmentRow, DevelopData>>();

/** The develop operation's batched steps for this app (money/together.ts, `together`). */
export function developSteps(deps: AppDeps): Together<Asked, DevelopmentRow, DevelopData> {
  let found = steps.get(deps);
  if (!found) {
    found = together<Asked, DevelopmentRow, DevelopData>(
      {
        reserveMany: (asks) => reserveDevelopments(deps, asks),
        noteMany: (items) => noteMany(deps, items),
        settleMany: (items) => settleDevelopments(deps, items),
      },
      // Where charging takes no time (a processor in this process), one batch at a time, held until its
      // developments are over, gathers every request that arrived meanwhile into the next: over HTTP, requests
      // arrive a little apart, and two overlapping batches each ended with 4 or 5 developments, each batch paying
      // its dozen statements. A processor across the network takes long per charge: there batches overlap and end
      // with their reservations. The configuration says which (DEVELOPMENT_BATCH_RUNNING,
      // DEVELOPMENT_BATCH_UNTIL_DONE). While others are in flight, a batch also waits a moment for them
      // (DEVELOPMENT_BATCH_WAIT_MS).
      {
        maxSize: 100,
        maxRunning: deps.config.batching.developmentRunning,
        untilDone: deps.config.batching.developmentUntilDone,
        gather: gatherFor(deps, deps.config.batching.developmentWaitMs),
      },
    );
    countBatches(deps, "development", found.stats);
    steps.set(deps, found);
  }
  return found;
}

/** `note` for many: each intent noted on its row while it is still reserved, in one statement. */
const noteMany = (deps: AppDeps, items: { row: DevelopmentRow; intent: GatewayIntent }[]) =>
  noteIntents(deps.db, { name: "developments", state: "state", open: "reserved" }, items);
