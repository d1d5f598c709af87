import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrders } from "../../db/schema/shop";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox as readMailbox, type TestApp } from "../../test/harness";
import { makeDue, outboxMailTo, sweepOutbox } from "../../test/outbox";
import { createCheckout, newShopper, shipSandboxCheckout } from "../../test/shop";
import type { Mail, Mailer } from "../mail/mailer";
import { orderNumber } from "./order-confirmation-mail";
import { runOrdersCommand } from "./orders-command";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALBANY = {
  name: "Grace Hopper",
  line1: "1 State Street",
  city: "Albany",
  state: "NY",
  postalCode: "12207",
  country: "US",
};

/** A paid order for two icon stickers shipped standard to Albany: $10.00 + $5.00 + 4% of $10.00. */
async function paidOrder(email = newShopper("orders")) {
  const clientSecret = await createCheckout(t, email, [{ price: "price_mx_icon_sticker", quantity: 2 }], {
    ship: false,
  });
  expect((await shipSandboxCheckout(t, clientSecret, ALBANY, "standard")).statusCode).toBe(200);
  const token = (await tokenise(t, TEST_CARDS.visa)).json().data.id as string;
  const paid = await t.call("POST", "/api/v1/sandbox/checkout/pay", { body: { clientSecret, token } });
  expect(paid.statusCode).toBe(200);
  const [order] = await t.app.deps.db
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.checkoutSessionId, paid.json().data.sessionId));
  if (!order) throw new Error("no order");
  return { id: order.id, number: orderNumber(order.id), email };
}

/** Runs the command as `npm run orders -- <args>` would, keeping what it prints. */
async function run(args: string[], mailer: Mailer = t.app.deps.mailer) {
  const lines: string[] = [];
  const code = await runOrdersCommand({ db: t.app.deps.db, mailer }, args, (line) => lines.push(line));
  return { code, output: lines.join("\n") };
}

const mailbox = async (email: string): Promise<Mail[]> => await readMailbox(t, email);

describe("npm run orders", () => {
  it("lists paid orders waiting to ship, oldest first, with what to pack, where to send it and what was paid", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const { code, output } = await run([]);
    expect(code).toBe(0);
    expect(output).toMatch(/^\d+ paid orders? waiting to ship, oldest first:/);
    expect(output.indexOf(first.number)).toBeGreaterThan(0);
    expect(output.indexOf(first.number)).toBeLessThan(output.indexOf(second.number));
    const block = output.slice(output.indexOf(first.number)).split("\n").slice(0, 4).join("\n");
    expect(block).toContain(first.email);
    expect(block).toContain("    2 × Icon Sticker");
    expect(block).toContain(
      "    ship to: Grace Hopper, 1 State Street, Albany, NY 12207 · Standard shipping",
    );
    expect(block).toContain("    paid $15.40 = goods $10.00 + shipping $5.00 + tax $0.40");
  });

  it("ships one with its carrier and tracking number, e-mails the customer once, and drops it from the list", async () => {
    const order = await paidOrder();
    const shipped = await run([
      "ship",
      order.number.toLowerCase(),
      "--carrier",
      "UPS",
      "--tracking=1Z999AA10123456784",
    ]);
    expect(shipped).toEqual({
      code: 0,
      output: `Order ${order.number} shipped with UPS 1Z999AA10123456784.\nE-mailed ${order.email}.`,
    });
    const [row] = await t.app.deps.db.select().from(shopOrders).where(eq(shopOrders.id, order.id));
    expect(row).toMatchObject({ status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(row?.shippedAt).toBeInstanceOf(Date);
    expect((await run(["list", "10000"])).output).not.toContain(order.number);

    const [notice] = await mailbox(order.email);
    expect(notice?.subject).toBe(`Your Manhattan Exchange order ${order.number} has shipped`);
    expect(notice?.text).toContain(`Order ${order.number} has shipped with UPS.`);
    expect(notice?.text).toContain("Tracking number: 1Z999AA10123456784");
    expect(notice?.text).toContain("2 × Icon Sticker");
    expect(notice?.text).toContain("Ship to: Grace Hopper, 1 State Street, Albany, NY 12207");

    // Again with the same details: nothing changes, no second e-mail. Different details: refused.
    const again = await run(["ship", order.number, "--carrier", "UPS", "--tracking", "1Z999AA10123456784"]);
    expect(again).toEqual({
      code: 0,
      output: `Order ${order.number} was already shipped with UPS 1Z999AA10123456784.\n${order.email} had already been e-mailed about this shipment.`,
    });
    const other = await run(["ship", order.number, "--carrier", "FedEx", "--tracking", "123"]);
    expect(other).toEqual({
      code: 1,
      output: `Order ${order.number} already shipped with UPS 1Z999AA10123456784.`,
    });
    expect(await mailbox(order.email)).toHaveLength(2);
  });

  it("a notice that fails to send leaves the order shipped and waits in the outbox for the sweep", async () => {
    const order = await paidOrder();
    const down: Mailer = {
      kind: "smtp",
      send: async () => {
        throw new Error("smtp down");
      },
    };
    const shipped = await run(["ship", order.number, "--carrier", "USPS", "--tracking", "9400"], down);
    expect(shipped.code).toBe(0);
    const [row] = await t.app.deps.db.select().from(shopOrders).where(eq(shopOrders.id, order.id));
    expect(row).toMatchObject({ status: "shipped" });
    const shippedMail = async () =>
      (await outboxMailTo(t.app.deps.db, order.email)).filter((row) =>
        (row.payload as { subject: string }).subject.includes("has shipped"),
      );
    const [queued] = await shippedMail();
    expect(queued).toMatchObject({ state: "queued", attempts: 1, lastError: "smtp down" });
    expect((await mailbox(order.email)).filter((m) => m.subject.includes("has shipped"))).toHaveLength(0);
    // Running the command again queues no second notice; the sweep sends the first once it is due.
    const again = await run(["ship", order.number, "--carrier", "USPS", "--tracking", "9400"]);
    expect(again.output).toContain("had already been e-mailed");
    await makeDue(t.app.deps.db, queued?.id ?? "");
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect((await mailbox(order.email)).filter((m) => m.subject.includes("has shipped"))).toHaveLength(1);
    expect(await shippedMail()).toMatchObject([{ state: "sent", attempts: 2 }]);
  });

  it.each([
    [
      ["ship", "nothing!", "--carrier", "UPS", "--tracking", "1"],
      1,
      '"nothing!" is not an order number (8 characters, like 3F9A1C2B).',
    ],
    [["ship", "00000000", "--carrier", "UPS", "--tracking", "1"], 1, "No order 00000000."],
    [["ship"], 2, "Usage: npm run orders"],
    [["refund", "x"], 2, "Usage: npm run orders"],
  ])("%j answers %i: %s", async (args, code, message) => {
    const result = await run(args);
    expect(result.code).toBe(code);
    expect(result.output).toContain(message);
  });

  it("refuses a shipment without a carrier or a tracking number, and changes nothing", async () => {
    const order = await paidOrder();
    expect(await run(["ship", order.number, "--tracking", "1"])).toEqual({
      code: 1,
      output: "--carrier: give the carrier (at most 50 characters).",
    });
    expect(await run(["ship", order.number, "--carrier", "UPS"])).toEqual({
      code: 1,
      output: "--tracking: give the tracking number (at most 100 characters).",
    });
    const [row] = await t.app.deps.db.select().from(shopOrders).where(eq(shopOrders.id, order.id));
    expect(row?.status).toBe("paid");
  });

  it("two shipments of one order at once: one is recorded, one e-mail", async () => {
    const order = await paidOrder();
    const results = await Promise.all([
      run(["ship", order.number, "--carrier", "UPS", "--tracking", "A1"]),
      run(["ship", order.number, "--carrier", "UPS", "--tracking", "A1"]),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(results.filter((r) => r.output.includes("E-mailed"))).toHaveLength(1);
    expect((await mailbox(order.email)).filter((m) => m.subject.includes("has shipped"))).toHaveLength(1);
  });
});
