import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/ops";
import { shopOrders } from "../../db/schema/shop";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox, type TestApp } from "../../test/harness";
import { signUpOperator } from "../../test/operators";
import { createCheckout, newShopper, shipSandboxCheckout } from "../../test/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A paid order for two icon stickers, shipped standard to Albany. */
async function paidOrder(email: string) {
  const clientSecret = await createCheckout(t, email, [{ price: "price_mx_icon_sticker", quantity: 2 }], {
    ship: false,
  });
  const address = {
    name: "Grace Hopper",
    line1: "1 State Street",
    city: "Albany",
    state: "NY",
    postalCode: "12207",
    country: "US",
  };
  expect((await shipSandboxCheckout(t, clientSecret, address, "standard")).statusCode).toBe(200);
  const token = (await tokenise(t, TEST_CARDS.visa)).json().data.id as string;
  const paid = await t.call("POST", "/api/v1/sandbox/checkout/pay", { body: { clientSecret, token } });
  const [order] = await t.app.deps.db
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.checkoutSessionId, paid.json().data.sessionId));
  if (!order) throw new Error("no order");
  return order;
}

describe("the console's shop", () => {
  it("lists orders to ship as `npm run orders` does, and marks one shipped once, in the audit log", async () => {
    const support = await signUpOperator(t, "support");
    const email = newShopper("console");
    const order = await paidOrder(email);
    const list = await t.call("GET", "/api/v1/ops/orders", { token: support.token });
    const listed = list.json().data.find((o: { id: string }) => o.id === order.id);
    expect(listed.description).toContain("2 × Icon Sticker");
    expect(listed.description).toContain("Albany, NY 12207");
    const ship = (body: unknown) =>
      t.call("POST", `/api/v1/ops/orders/${order.id}/ship`, { token: support.token, body });
    expect((await ship({ carrier: "UPS" })).statusCode).toBe(400);
    const shipped = await ship({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data).toMatchObject({ alreadyShipped: false });
    expect(
      (await ship({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).json().data.alreadyShipped,
    ).toBe(true);
    expect((await ship({ carrier: "FedEx", trackingNumber: "1" })).statusCode).toBe(409);
    const missing = await t.call("POST", "/api/v1/ops/orders/00000000-0000-4000-8000-000000000000/ship", {
      token: support.token,
      body: { carrier: "UPS", trackingNumber: "1" },
    });
    expect(missing.statusCode).toBe(404);
    const after = await t.call("GET", "/api/v1/ops/orders", { token: support.token });
    expect(after.json().data.some((o: { id: string }) => o.id === order.id)).toBe(false);
    const rows = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: "order.ship",
        actorId: support.userId,
        after: expect.objectContaining({ carrier: "UPS" }),
      }),
    ]);
    expect((await mailbox(t, email)).some((m) => m.text.includes("1Z999AA10123456784"))).toBe(true);
  });
});
