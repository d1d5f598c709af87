import type { PaypalApi } from "@mx/processors/paypal-api";
import type { PaypalRest } from "./paypal-sdk-rest";

/** PayPal's Disputes v1 and the capture read, which the server SDK does not cover: through its REST client. */
export function paypalDisputes(
  rest: PaypalRest,
): Pick<PaypalApi, "getCapture" | "getDispute" | "listDisputes" | "provideDisputeEvidence"> {
  // PLACEHOLDER: PayPal's disputes are being built.
  const missing = async (): Promise<never> => {
    void rest;
    throw new Error("PayPal disputes are not built yet");
  };
  return { getCapture: missing, getDispute: missing, listDisputes: missing, provideDisputeEvidence: missing };
}
