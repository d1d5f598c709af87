import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { purchases } from "../../db/schema/purchases";
import { recoverBids } from "../../jobs/recover-bids";
import { recoverDevelopments } from "../../jobs/recover-developments";
import { recoverPurchases } from "../../jobs/recover-purchases";
import { releaseBidHolds } from "../../jobs/release-bid-holds";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { moneyProblems } from "../../test/money";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { finishPayment } from "./finish-payment";

/*
 * A deleted account never owns: a purchase, a bid or a development waiting for the player's bank (or PayPal) when
 * they delete their account is completed at the bank (or approved at PayPal) afterwards, and then finished by the
 * processor's notice or by recovery. Each time the money goes back in full (a PayPal order is never captured), the
 * building stays the game's (or its seller's), and the books agree with the processor.
 */

let t: TestApp;
let next = 9_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
type Player = Awaited<ReturnType<typeof signUp>>;
type Kind = "purchase" | "bid" | "development";
type Pay = "card" | "paypal";
type Path = "notice" | "recovery";

/** A new building, owned by `ownerId` at `priceCents` if given, else the game's. */
async function building(ownerId?: string, priceCents = 100_000, forSale = false) {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.97 + next * 0.0001, 40.77)]));
  await importBuildings(db(), records, format);
  if (ownerId) await giveBuilding(db(), id, ownerId, priceCents, { forSale });
  return id;
}

async function player(pay: Pay): Promise<Player> {
  const p = await signUp(t);
  if (pay === "card") await addCard(t, p.token, TEST_CARDS.authenticate);
  return p;
}

/** Starts the operation; answered 202, it waits for the player's bank or PayPal. */
async function start(kind: Kind, pay: Pay) {
  const payer = await player(pay);
  const method = pay === "paypal" ? { paymentMethodId: PAYPAL_METHOD } : {};
  if (kind === "purchase") {
    const buildingId = await building();
    const [row] = await db().select().from(buildings).where(eq(buildings.id, buildingId));
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: payer.token,
      body: { buildingId, bidAmount: (row?.basePriceCents ?? 0) / 100, ...method },
    });
    return { payer, buildingId, seller: null, res };
  }
  if (kind === "bid") {
    const seller = await signUp(t);
    const buildingId = await building(seller.userId, 50_000, true);
    const [row] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
    const res = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: payer.token,
      body: { propertyId: row?.id, bidAmount: 600, isApplePay: false, ...method },
    });
    return { payer, buildingId, seller, res };
  }
  const buildingId = await building(payer.userId);
  const res = await t.call("POST", "/api/v1/properties/develop", {
    token: payer.token,
    body: { propertyId: buildingId, kind: "facade", ...method },
  });
  return { payer, buildingId, seller: null, res };
}

/** The operation's row, as it ended. */
async function rowOf(kind: Kind, id: string) {
  if (kind === "purchase") {
    const [row] = await db().select().from(purchases).where(eq(purchases.id, id));
    return { state: row?.status, intentId: row?.paymentIntentId };
  }
  if (kind === "bid") {
    const [row] = await db().select().from(bids).where(eq(bids.id, id));
    return { state: row?.status, intentId: row?.paymentIntentId };
  }
  const [row] = await db().select().from(developments).where(eq(developments.id, id));
  return { state: row?.state, intentId: row?.paymentIntentId };
}

const later = () => new Date(Date.now() + 60 * 60_000);

async function recover(kind: Kind) {
  const now = later();
  if (kind === "purchase") await runJobOnce(t.app.deps, recoverPurchases, now);
  else if (kind === "bid") {
    await runJobOnce(t.app.deps, recoverBids, now);
    await runJobOnce(t.app.deps, releaseBidHolds, now);
  } else await runJobOnce(t.app.deps, recoverDevelopments, now);
}

describe("an operation completed after its player deleted their account", () => {
  const cases: [Kind, Pay, Path][] = [];
  for (const kind of ["purchase", "bid", "development"] as const)
    for (const pay of ["card", "paypal"] as const)
      for (const path of ["notice", "recovery"] as const) cases.push([kind, pay, path]);

  it.each(cases)(
    "%s paid by %s, finished by %s: refunded in full, the building not the player's",
    async (kind, pay, path) => {
      const { payer, buildingId, seller, res } = await start(kind, pay);
      expect(res.statusCode, res.body).toBe(202);
      const action = res.json().data;
      const id = String(Object.values(action.confirmBody ?? {})[0]);
      expect(id).toBeTruthy();

      const gone = await t.call("DELETE", `/api/v1/users/${payer.userId}`, { token: payer.token });
      expect(gone.statusCode, gone.body).toBe(200);
      // The bank's check completed (or the order approved at PayPal) after the deletion.
      const page = await t.call("POST", action.nextActionUrl, {
        body: pay === "paypal" ? "outcome=approve" : "outcome=complete",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(page.statusCode).toBe(200);
      // The player cannot come back to confirm: their sessions ended with the account.
      const confirm = await t.call("POST", action.confirmPath, {
        token: payer.token,
        body: action.confirmBody,
      });
      expect(confirm.statusCode).toBe(401);

      if (path === "notice") {
        await finishPayment(
          t.app.deps,
          await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId),
        );
      } else {
        await recover(kind);
      }

      const row = await rowOf(kind, id);
      expect(["refunded", "failed"]).toContain(row.state);
      const intent = await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId);
      if (pay === "paypal") {
        // The approved order is let go: never captured nor authorized (an abandoned order takes nothing).
        expect(["requires_confirmation", "canceled"]).toContain(intent.status);
        expect(intent.capturedCents).toBe(0);
      } else if (intent.status === "succeeded") expect(intent.refundedCents).toBe(intent.amountCents);
      else expect(intent.status).toBe("canceled");

      const [property] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
      expect(property?.ownerId ?? null).toBe(seller?.userId ?? null);
      expect(property?.constructingUntil ?? null).toBeNull();
      expect(property?.developmentLevel ?? 0).toBe(0);
      // A repeat changes nothing.
      await finishPayment(t.app.deps, await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId));
      await recover(kind);
      expect((await rowOf(kind, id)).state).toBe(row.state);
      expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
    },
  );
});
