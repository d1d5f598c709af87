import type { PaypalApi } from "@mx/processors/paypal-api";
import { PaypalError } from "@mx/processors/paypal-api";
import { and, eq } from "drizzle-orm";
import type { Db } from "./db";
import { notFound, orderRow, paypalId } from "./paypal-records";
import { sandboxPaypalOrders, sandboxPaypalRefunds } from "./schema";

/* The sandbox PayPal's Payments API: an authorization captured or voided, a capture refunded. */

/** Captures an authorized order, all of it or less; a capture done answers again with itself. */
export async function captureAuthorization(
  db: Db,
  { authorizationId, amountCents }: Parameters<PaypalApi["captureAuthorization"]>[0],
): ReturnType<PaypalApi["captureAuthorization"]> {
  const [row] = await db
    .select()
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.authorizationId, authorizationId));
  if (!row) throw notFound("authorization", authorizationId);
  if (row.authorizationStatus === "CAPTURED" && row.captureId) {
    return { id: row.captureId, status: "COMPLETED" };
  }
  if (row.authorizationStatus !== "CREATED") {
    throw new PaypalError(
      "AUTHORIZATION_ALREADY_COMPLETED",
      `Authorization has been ${row.authorizationStatus?.toLowerCase()}.`,
      422,
    );
  }
  if (amountCents > row.amountCents) {
    throw new PaypalError("MAX_CAPTURE_AMOUNT_EXCEEDED", "Capture amount exceeds allowable limit.", 422);
  }
  const captureId = paypalId();
  const [updated] = await db
    .update(sandboxPaypalOrders)
    .set({
      authorizationStatus: "CAPTURED",
      captureId,
      captureStatus: "COMPLETED",
      capturedCents: amountCents,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sandboxPaypalOrders.authorizationId, authorizationId),
        eq(sandboxPaypalOrders.authorizationStatus, "CREATED"),
      ),
    )
    .returning();
  return {
    id: updated?.captureId ?? (await orderRow(db, row.id)).captureId ?? captureId,
    status: "COMPLETED",
  };
}

/** Voids an authorization not captured; a voided one stays so. */
export async function voidAuthorization(
  db: Db,
  { authorizationId }: Parameters<PaypalApi["voidAuthorization"]>[0],
): Promise<void> {
  const [row] = await db
    .select()
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.authorizationId, authorizationId));
  if (!row) throw notFound("authorization", authorizationId);
  if (row.authorizationStatus === "VOIDED") return;
  if (row.authorizationStatus !== "CREATED") {
    throw new PaypalError(
      "PREVIOUSLY_CAPTURED",
      "Authorization has been previously captured and hence cannot be voided.",
      422,
    );
  }
  await db
    .update(sandboxPaypalOrders)
    .set({ authorizationStatus: "VOIDED", updatedAt: new Date() })
    .where(
      and(
        eq(sandboxPaypalOrders.authorizationId, authorizationId),
        eq(sandboxPaypalOrders.authorizationStatus, "CREATED"),
      ),
    );
}

/** Refunds a capture, once per request id, never more than is left of it. */
export async function refundCapture(
  db: Db,
  { captureId, amountCents, requestId }: Parameters<PaypalApi["refundCapture"]>[0],
): ReturnType<PaypalApi["refundCapture"]> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .select()
      .from(sandboxPaypalRefunds)
      .where(eq(sandboxPaypalRefunds.requestId, requestId));
    if (done) return { id: done.id, status: "COMPLETED", amountCents: done.amountCents };
    const [row] = await tx
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.captureId, captureId))
      .for("update");
    if (!row) throw notFound("capture", captureId);
    if (row.refundedCents + amountCents > row.capturedCents) {
      throw new PaypalError(
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        422,
      );
    }
    const refunded = row.refundedCents + amountCents;
    await tx
      .update(sandboxPaypalOrders)
      .set({
        refundedCents: refunded,
        captureStatus: refunded === row.capturedCents ? "REFUNDED" : "PARTIALLY_REFUNDED",
        updatedAt: new Date(),
      })
      .where(eq(sandboxPaypalOrders.id, row.id));
    const id = paypalId();
    await tx.insert(sandboxPaypalRefunds).values({ id, requestId, captureId, amountCents });
    return { id, status: "COMPLETED", amountCents };
  });
}
