import { formatCents } from "@mx/shared/money";
import { formatShippingAddress } from "@mx/shared/shop-shipping";
import type { Db } from "../../db/client";
import type { Mailer } from "../mail/mailer";
import { listOrdersToShip, OrderCommandError, type OrderToShip, shipOrder } from "./ship-orders";

const ORDERS_USAGE =
  "Usage: npm run orders [-- list [n]] | npm run orders -- ship <order> --carrier <carrier> --tracking <number>";

/** One order as the operator reads it: number, date, customer, what to pack, where to send it, what was paid. */
export function describeOrder(order: OrderToShip): string {
  const what = order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ");
  const shipTo = order.shipping
    ? `${formatShippingAddress(order.shipping.address)}${order.shipping.rateName ? ` · ${order.shipping.rateName}` : ""}`
    : "(no address: ask the customer)";
  return [
    `${order.number}  ${order.createdAt.toISOString().slice(0, 16).replace("T", " ")}  ${order.email}`,
    `    ${what}`,
    `    ship to: ${shipTo}`,
    `    paid ${formatCents(order.amountCents)} = goods ${formatCents(order.subtotalCents)} + shipping ${formatCents(order.shippingCents)} + tax ${formatCents(order.taxCents)}`,
  ].join("\n");
}

/** `--name value` and `--name=value` options after the positional arguments. */
function readOptions(args: string[]): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) {
      positional.push(arg);
      continue;
    }
    const value = match[2] ?? args[i + 1];
    if (match[2] === undefined) i += 1;
    options.set(match[1], value ?? "");
  }
  return { positional, options };
}

/**
 * `npm run orders`: paid orders waiting to ship (`list`, the default), or `ship <order> --carrier X --tracking Y`,
 * which marks one shipped and e-mails its customer. Prints through `print`; returns the exit code.
 */
export async function runOrdersCommand(
  deps: { db: Db; mailer: Mailer },
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const { positional, options } = readOptions(args);
  const [command = "list", ...rest] = positional;
  try {
    if (command === "list") {
      const limit = rest[0] ? Math.min(Math.max(Number(rest[0]) || 0, 1), 10_000) : 100;
      const orders = await listOrdersToShip(deps.db, limit);
      if (orders.length === 0) print("No paid orders are waiting to ship.");
      else
        print(`${orders.length} paid order${orders.length === 1 ? "" : "s"} waiting to ship, oldest first:`);
      for (const order of orders) print(describeOrder(order));
      return 0;
    }
    if (command === "ship" && rest.length === 1 && rest[0]) {
      const result = await shipOrder(deps, rest[0], {
        carrier: options.get("carrier") ?? "",
        trackingNumber: options.get("tracking") ?? "",
      });
      const { order } = result;
      print(
        result.alreadyShipped
          ? `Order ${order.number} was already shipped with ${order.carrier} ${order.trackingNumber}.`
          : `Order ${order.number} shipped with ${order.carrier} ${order.trackingNumber}.`,
      );
      print(
        result.emailed
          ? `E-mailed ${order.email}.`
          : `${order.email} had already been e-mailed about this shipment.`,
      );
      return 0;
    }
    print(ORDERS_USAGE);
    return 2;
  } catch (error) {
    if (error instanceof OrderCommandError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}
