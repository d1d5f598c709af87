import { announceCompletions } from "../modules/developments/construction";
import {
  findInterruptedDevelopments,
  recoverDevelopment,
} from "../modules/developments/recover-developments";
import { cronJob, RowItem, sweepJob } from "./define";

/**
 * Every minute (and at start): each development a stopped or failed request left in the middle is finished from
 * the processor's record: construction started if paid, refunded if it cannot start, released if never paid.
 */
export const recoverDevelopments = sweepJob({
  name: "recover-developments",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps, now) => (await findInterruptedDevelopments(deps, now)).map((id) => ({ id })),
  key: (development) => development.id,
  work: async (deps, development, now) => {
    await recoverDevelopment(deps, development.id, now);
  },
});

/**
 * Every minute: constructions that have ended are settled and announced (the owner's notification, every map's
 * event). Their state already follows from the time: reads settle what they show first, so this only announces
 * those nobody has looked at.
 */
export const announceDevelopments = cronJob({
  name: "announce-developments",
  cron: "* * * * *",
  async run(deps) {
    const finished = await announceCompletions(deps);
    if (finished > 0) deps.log?.info(`Finished ${finished} construction(s)`);
  },
});
