import { AppError } from "@mx/kit/errors";
import { CardError, type GatewayIntent, type PaymentGateway } from "@mx/processors/gateway";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { AUTHENTICATION_FAILED } from "../payments/bank-check";
import {
  ACCOUNT_DELETED,
  confirmOperation,
  finishFromNotice,
  finishFromProcessor,
  type Resumable,
} from "./operation";

/*
 * "Confirm after the bank's check" and "finish from the processor's notice" do one thing per processor state, for
 * every operation: here on an operation that only records what it was asked to do.
 */

type Row = {
  id: string;
  state: "reserved" | "settled" | "released" | "refunded";
  intentId: string;
  gone: boolean;
};

function intentOf(status: GatewayIntent["status"], id = "pi_1"): GatewayIntent {
  return {
    id,
    clientSecret: "secret",
    status,
    amountCents: 1_000,
    capturedCents: status === "succeeded" ? 1_000 : 0,
    refundedCents: 0,
    currency: "usd",
    captureMethod: "automatic",
    customerId: null,
    paymentMethodId: null,
    metadata: {},
    nextActionUrl: null,
  };
}

function operation(processor: GatewayIntent, options: { captured?: GatewayIntent["status"] } = {}) {
  const calls: string[] = [];
  const gateway = {
    retrievePaymentIntent: async () => processor,
    cancelPaymentIntent: async ({ id }: { id: string }) => {
      calls.push(`cancel ${id}`);
      return { ...processor, status: "canceled" };
    },
    refund: async ({ paymentIntentId }: { paymentIntentId: string }) => {
      calls.push(`refund ${paymentIntentId}`);
    },
    confirmPaymentIntent: async ({ id }: { id: string }) => {
      calls.push(`capture ${id}`);
      return { ...processor, status: options.captured ?? "succeeded" };
    },
  } as unknown as PaymentGateway;
  const op: Resumable<Row, string> = {
    name: "test",
    gateway,
    // Never reached: no refund here is refused as disputed.
    db: {} as Db,
    words: { processing: "still processing" },
    chargeKey: (row) => `test:${row.id}`,
    refundKey: (row) => `test-refund:${row.id}`,
    chargeCents: () => 1_000,
    phase: (row) => (row.state === "reserved" ? "reserved" : null),
    intentId: (row) => row.intentId,
    charge: async () => processor,
    note: async () => {},
    awaitPlayer: async () => true,
    settle: async (row) => {
      calls.push("settle");
      row.state = "settled";
      return "done";
    },
    settled: async (row) => (row.state === "settled" ? "done" : null),
    release: async (row, failure) => {
      calls.push(`release: ${failure}`);
      row.state = "released";
      return true;
    },
    beginRefund: async () => true,
    endRefund: async (row, failure) => {
      calls.push(`refunded: ${failure}`);
      row.state = "refunded";
    },
    find: async () => processor,
    cancel: async (intent) => {
      calls.push(`cancel ${intent.id}`);
    },
    playerGone: async (row) => row.gone,
  };
  return { op, calls };
}

const row = (gone = false, intentId = "pi_1"): Row => ({ id: "r1", state: "reserved", intentId, gone });

describe("finishing an operation from the processor's word", () => {
  it("settles what is paid", async () => {
    const { op, calls } = operation(intentOf("succeeded"));
    expect(await confirmOperation(op, row())).toEqual({ done: "done" });
    expect(calls).toEqual(["settle"]);
  });

  it("captures an order approved at PayPal first, then settles it", async () => {
    const { op, calls } = operation(intentOf("requires_confirmation", "paypal_ABC"));
    expect(await confirmOperation(op, row(false, "paypal_ABC"))).toEqual({ done: "done" });
    expect(calls).toEqual(["capture paypal_ABC", "settle"]);
  });

  it("keeps waiting for the player's bank", async () => {
    const { op, calls } = operation(intentOf("requires_action"));
    const step = await confirmOperation(op, row());
    expect("waiting" in step && step.waiting.status).toBe("requires_action");
    expect(calls).toEqual([]);
  });

  it("leaves a payment still processing reserved, for every operation alike", async () => {
    const { op, calls } = operation(intentOf("processing"));
    const r = row();
    await expect(confirmOperation(op, r)).rejects.toMatchObject({ code: "PAYMENT_PROCESSING" });
    expect(await finishFromProcessor(op, r, intentOf("processing"))).toMatchObject({ processing: {} });
    expect(r.state).toBe("reserved");
    expect(calls).toEqual([]);
  });

  it("releases what failed, cancelling an intent still open, and says why", async () => {
    const { op, calls } = operation(intentOf("requires_payment_method"));
    const failed = confirmOperation(op, row());
    await expect(failed).rejects.toBeInstanceOf(CardError);
    await expect(failed).rejects.toThrow(AUTHENTICATION_FAILED);
    expect(calls).toEqual([`release: ${AUTHENTICATION_FAILED}`]);

    const open = operation(intentOf("requires_capture"));
    await expect(confirmOperation(open.op, row())).rejects.toBeInstanceOf(CardError);
    expect(open.calls).toEqual(["cancel pi_1", `release: ${AUTHENTICATION_FAILED}`]);
  });

  it("does not release a row whose intent could not be cancelled", async () => {
    const { op, calls } = operation(intentOf("requires_capture"));
    op.gateway.cancelPaymentIntent = async () => {
      throw new Error("processor unreachable");
    };
    await expect(confirmOperation(op, row())).rejects.toThrow("processor unreachable");
    expect(calls).toEqual([]);
  });

  it("refunds a paid intent of a deleted account, and never captures an order it approved", async () => {
    const paid = operation(intentOf("succeeded"));
    await expect(finishFromProcessor(paid.op, row(true), intentOf("succeeded"))).rejects.toThrow(
      ACCOUNT_DELETED,
    );
    expect(paid.calls).toEqual(["refund pi_1", `refunded: ${ACCOUNT_DELETED}`]);

    const approved = operation(intentOf("requires_confirmation", "paypal_ABC"));
    const r = row(true, "paypal_ABC");
    await expect(
      finishFromProcessor(approved.op, r, intentOf("requires_confirmation", "paypal_ABC")),
    ).rejects.toBeInstanceOf(AppError);
    expect(approved.calls).toEqual(["cancel paypal_ABC", `release: ${ACCOUNT_DELETED}`]);
    expect(r.state).toBe("released");
  });

  it("acts on a notice only for the intent and amount its row noted, and logs a refusal rather than throwing", async () => {
    const { op, calls } = operation(intentOf("succeeded"));
    await finishFromNotice(op, row(false, "pi_other"), intentOf("succeeded"));
    await finishFromNotice(op, undefined, intentOf("succeeded"));
    await finishFromNotice(op, { ...row(), state: "settled" }, intentOf("succeeded"));
    expect(calls).toEqual([]);
    const warned: string[] = [];
    await finishFromNotice(op, row(), intentOf("requires_payment_method"), {
      warn: (_obj, message) => warned.push(message),
    });
    expect(calls).toEqual([`release: ${AUTHENTICATION_FAILED}`]);
    expect(warned).toEqual([`test not completed: ${AUTHENTICATION_FAILED}`]);
    await finishFromNotice(op, row(), intentOf("succeeded"));
    expect(calls.at(-1)).toBe("settle");
  });
});
