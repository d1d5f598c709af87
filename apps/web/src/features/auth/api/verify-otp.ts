import { api } from "@mx/shared/routes";
import type { OtpVerifyBody } from "@mx/shared/schemas/auth";
import { OtpVerifyData } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Trades the e-mailed code for a one-use token (for sign-up or a password reset). */
async function verifyOtp(body: OtpVerifyBody): Promise<string> {
  const reply = await apiRequest(api.otpVerify, { schema: OtpVerifyData, method: "POST", body });
  const token = reply.data?.token;
  if (typeof token !== "string" || !token) throw new Error("The reply carries no verification token.");
  return token;
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
