import type { HostDatabase } from "./db";
import { createSandboxGateway } from "./gateway";
import { migrateSandbox } from "./migrate";
import { createSandboxPaypal } from "./paypal";

/**
 * The sandbox processors, ready on this database: their tables created or brought up to date, the card processor
 * (with its payouts and checkout) and the PayPal that stands beside it.
 */
export async function openSandbox(database: HostDatabase, config: { publicUrl: string }) {
  await migrateSandbox(database);
  return {
    gateway: createSandboxGateway(database.db, config.publicUrl),
    paypal: createSandboxPaypal(database.db),
  };
}
