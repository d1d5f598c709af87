import { api } from "@mx/shared/routes";
import type { OtpCreateBody } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Sends a one-time code by e-mail ('UR' sign-up, 'UFP' recovery); resolves to the server's message. */
async function createOtp(body: OtpCreateBody): Promise<string> {
  const reply = await apiRequest<null>(api.otpCreate, { method: "POST", body });
  return reply.message;
}

export function useCreateOtp() {
  return useMutation({ mutationFn: createOtp });
}
