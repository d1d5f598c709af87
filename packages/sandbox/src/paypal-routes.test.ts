import { API_BASE } from "@mx/shared/routes";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPaths } from "./api";
import type { HostDatabase } from "./db";
import { answerSandboxPaypal, createSandboxPaypal } from "./paypal";
import { sandboxPaypalRoutes } from "./paypal-routes";
import { createSandboxTestDatabase } from "./test-database";

let database: HostDatabase;
let drop: () => Promise<void>;
let app: FastifyInstance;
let sweeps = 0;

beforeAll(async () => {
  ({ database, drop } = await createSandboxTestDatabase());
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(sandboxPaypalRoutes, {
    db: database.db,
    noticeWorker: {
      sweepSoon: () => {
        sweeps += 1;
      },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const open = (body: unknown) =>
  app.inject({ method: "POST", url: `${API_BASE}${sandboxPaths.paypalDisputes}`, payload: body as object });

describe("the sandbox PayPal buyer's dispute route", () => {
  it("opens a dispute on a captured order and has it told at once", async () => {
    const paypal = createSandboxPaypal(database.db);
    const order = await paypal.createOrder({
      intent: "CAPTURE",
      amountCents: 2500,
      currency: "USD",
      customId: "purchase:1|u1",
      referenceId: "way/1",
      description: "A building",
      requestId: "order:route",
    });
    await answerSandboxPaypal(database.db, order.id, "approve");
    await paypal.captureOrder({ id: order.id, requestId: "capture:route" });
    const res = await open({ orderId: order.id, reason: "UNAUTHORISED" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reason: "UNAUTHORISED", status: "OPEN", amountCents: 2500 });
    expect(sweeps).toBe(1);
    expect((await open({ orderId: order.id })).statusCode).toBe(409);
  });

  it("refuses an unknown order (404) and a body that is not one (400)", async () => {
    expect((await open({ orderId: "NOSUCHORDER000000" })).statusCode).toBe(404);
    expect((await open({ orderId: "x" })).statusCode).toBe(400);
    expect((await open({ orderId: "NOSUCHORDER000000", reason: "BORED" })).statusCode).toBe(400);
  });
});
