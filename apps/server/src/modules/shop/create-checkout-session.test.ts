import { sandboxCheckoutSessions } from "@mx/sandbox/schema";
import { SHOP_PRODUCTS } from "@mx/shared/shop";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCheckouts } from "../../db/schema/shop";
import { createTestApp, type TestApp } from "../../test/harness";

const URL = "/api/v1/stripe/webhooks/create-checkout-session";
const CAP = "price_mx_snapback_cap";
const STICKER = "price_mx_skyline_sticker";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (body: unknown) => t.call("POST", URL, { body });
const valid = (lineItems: unknown[]) => ({ customerEmail: "shopper@example.com", line_items: lineItems });

/** The session the sandbox keeps for a client secret. */
async function sessionFor(clientSecret: string) {
  const [row] = await t.app.deps.db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
  if (!row) throw new Error("no sandbox session");
  return row;
}

describe("GET /api/v1/shop/products", () => {
  it("lists the five catalogue products with price in dollars, price reference, dimensions, images and badge", async () => {
    const res = await t.call("GET", "/api/v1/shop/products");
    expect(res.statusCode).toBe(200);
    const { products } = res.json().data;
    expect(products).toHaveLength(5);
    expect(
      products.map((p: { id: number; price: number; dimensions: string }) => [p.id, p.price, p.dimensions]),
    ).toEqual([
      [1, 100, "one size"],
      [2, 7.99, "2.9 x 5 in"],
      [3, 5, "3.4 x 3.5 in"],
      [4, 7.99, "4.2 x 4.2 in"],
      [5, 5, "2 x 4.5 in"],
    ]);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(
        ["badge", "description", "dimensions", "id", "images", "name", "price", "priceId"].sort(),
      );
      expect(product.images.length).toBeGreaterThan(0);
    }
  });
});

describe("POST /api/v1/stripe/webhooks/create-checkout-session", () => {
  it("opens a session priced from the catalogue and answers its client secret", async () => {
    const res = await create(
      valid([
        { price: CAP, quantity: 1 },
        { price: STICKER, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json().data;
    expect(clientSecret).toMatch(/^cs_test_.+_secret_.+/);
    const session = await sessionFor(clientSecret);
    expect(session.amountTotalCents).toBe(10_000 + 3 * 799);
    expect(session.customerEmail).toBe("shopper@example.com");
    expect(session.lineItems).toEqual([
      { name: "Snapback Cap", unitAmountCents: 10_000, quantity: 1 },
      { name: "Skyline Sticker", unitAmountCents: 799, quantity: 3 },
    ]);
    expect(session.returnUrl).toBe(`${t.app.deps.config.publicUrl}/return?session_id=${session.id}`);
    const [checkout] = await t.app.deps.db
      .select()
      .from(shopCheckouts)
      .where(eq(shopCheckouts.sessionId, session.id));
    expect(checkout?.amountCents).toBe(12_397);
    expect(checkout?.lines).toEqual([
      { productId: 1, name: "Snapback Cap", unitPriceCents: 10_000, quantity: 1 },
      { productId: 2, name: "Skyline Sticker", unitPriceCents: 799, quantity: 3 },
    ]);
  });

  it("accepts every catalogue price at the limits 1 and 99", async () => {
    const res = await create(
      valid(SHOP_PRODUCTS.map((p, i) => ({ price: p.priceId, quantity: i % 2 === 0 ? 1 : 99 }))),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ price: "price_made_up", quantity: 1 }, "line_items.0.price: unknown price"],
    [{ price: CAP, quantity: 0 }, "line_items.0.quantity: must be between 1 and 99"],
    [{ price: CAP, quantity: -1 }, "line_items.0.quantity: must be between 1 and 99"],
    [{ price: CAP, quantity: 100 }, "line_items.0.quantity: must be between 1 and 99"],
    [{ price: CAP, quantity: 1.5 }, "line_items.0.quantity: must be a whole number"],
    [{ price: CAP, quantity: "2" }, "line_items.0.quantity: must be a number"],
    [{ price: CAP }, "line_items.0.quantity: is required"],
    [{ quantity: 1 }, "line_items.0.price: is required"],
  ])("refuses the line %j with 400: %s", async (line, message) => {
    const res = await create(valid([line]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED", message });
  });

  it("names the line at fault among several", async () => {
    const res = await create(
      valid([
        { price: CAP, quantity: 1 },
        { price: STICKER, quantity: 100 },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("line_items.1.quantity: must be between 1 and 99");
  });

  it.each([
    [{ price: CAP, quantity: 1, amount: 1 }, 'line_items.0: unknown field "amount"'],
    [{ price: CAP, quantity: 1, unit_amount: 1 }, 'line_items.0: unknown field "unit_amount"'],
    [
      { price: CAP, quantity: 1, price_data: { unit_amount: 1, currency: "usd" } },
      'line_items.0: unknown field "price_data"',
    ],
  ])("refuses a line that carries its own money %j", async (line, message) => {
    const res = await create(valid([line]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a total or amount sent beside the lines, and opens nothing", async () => {
    const before = await t.app.deps.db.select().from(sandboxCheckoutSessions);
    for (const extra of [{ amount: 1 }, { amount_total: 1 }, { subtotal: 0.5 }]) {
      const res = await create({ ...valid([{ price: CAP, quantity: 1 }]), ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`request body: unknown field "${Object.keys(extra)[0]}"`);
    }
    const after = await t.app.deps.db.select().from(sandboxCheckoutSessions);
    expect(after).toHaveLength(before.length);
  });

  it.each([
    [{ line_items: [{ price: CAP, quantity: 1 }] }, "customerEmail: is required"],
    [
      { customerEmail: "", line_items: [{ price: CAP, quantity: 1 }] },
      "customerEmail: must be a valid email address",
    ],
    [
      { customerEmail: "not-an-email", line_items: [{ price: CAP, quantity: 1 }] },
      "customerEmail: must be a valid email address",
    ],
    [{ customerEmail: "a@example.com", line_items: [] }, "line_items: must hold at least one item"],
    [{ customerEmail: "a@example.com" }, "line_items: is required"],
    [
      {
        customerEmail: "a@example.com",
        line_items: [
          { price: CAP, quantity: 1 },
          { price: CAP, quantity: 2 },
        ],
      },
      "line_items.1.price: appears more than once",
    ],
  ])("refuses %j with 400: %s", async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a body that is not JSON with 4xx, never 500", async () => {
    const res = await t.call("POST", URL, { body: "{", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/v1/stripe/webhooks/session-status", () => {
  it("answers an open session with its status and e-mail", async () => {
    const res = await create(valid([{ price: CAP, quantity: 1 }]));
    const session = await sessionFor(res.json().data.clientSecret);
    const status = await t.call("GET", `/api/v1/stripe/webhooks/session-status?session_id=${session.id}`);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({
      status: "open",
      customer_email: "shopper@example.com",
      orderNumber: null,
    });
  });

  it("refuses an unknown session with 404 and a missing id with 400", async () => {
    const unknown = await t.call("GET", "/api/v1/stripe/webhooks/session-status?session_id=cs_test_nope");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No such checkout session.");
    const missing = await t.call("GET", "/api/v1/stripe/webhooks/session-status");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("session_id: is required");
  });
});
