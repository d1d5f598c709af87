import type { GatewayIntent } from "@mx/processors/gateway";
import type { DevelopData } from "@mx/shared/schemas/developments";
import type { AppDeps } from "../../deps";
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
      // Where charging takes no time (a processor in this process), two batches at once keep both cores busy (one
      // reserving while the other settles) and halve the wait of a request that just missed a batch (p99 64 ms
      // against 131 ms with one, 32 in flight); a processor across the network takes long per charge, and there
      // more overlap. The configuration says which (DEVELOPMENT_BATCH_RUNNING). Requests over HTTP arrive a little
      // apart: while others are in flight, a batch waits a moment for them (DEVELOPMENT_BATCH_WAIT_MS).
      {
        maxSize: 100,
        maxRunning: deps.config.batching.developmentRunning,
        gather: gatherFor(deps, deps.config.batching.developmentWaitMs),
      },
    );
    steps.set(deps, found);
  }
  return found;
}

/** How many batches each step of developing has run here, and how many developments they held (for the bench). */
export function developmentBatchStats(deps: AppDeps) {
  return steps.get(deps)?.stats() ?? null;
}

/** `note` for many: each intent noted on its row while it is still reserved, in one statement. */
const noteMany = (deps: AppDeps, items: { row: DevelopmentRow; intent: GatewayIntent }[]) =>
  noteIntents(deps.db, { name: "developments", state: "state", open: "reserved" }, items);
