import { ok } from "@mx/kit/reply";
import { serverMessages } from "@mx/shared/messages";
import { OtpCreateBody, OtpVerifyBody, OtpVerifyData } from "@mx/shared/schemas/auth";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOtp } from "./create-otp";
import { verifyOtp } from "./verify-otp";

export const otpRoutes: FastifyPluginAsyncZod = async (app) => {
  const authLimit = { rateLimit: { max: app.deps.config.rateLimit.authMax, timeWindow: "1 minute" } };

  app.post(
    "/otp/create",
    {
      config: authLimit,
      schema: {
        tags: ["otp"],
        summary: "Send a 4-digit code by e-mail, for sign-up (UR) or password recovery (UFP)",
        body: OtpCreateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const { message } = await createOtp(app.deps, req.body);
      return ok(null, message);
    },
  );

  app.post(
    "/otp/verify",
    {
      config: authLimit,
      schema: {
        tags: ["otp"],
        summary: "Check a code; returns the one-use token that sign-up or password reset takes",
        body: OtpVerifyBody,
        response: { 200: envelope(OtpVerifyData) },
      },
    },
    async (req) => ok(await verifyOtp(app.deps, req.body), serverMessages.otpVerified),
  );
};
