import { ApiError } from "../../lib/api-client";

/** 409 'Stripe account not connected.': the screens offer onboarding instead of an error. */
export const isNotConnected = (error: unknown) =>
  error instanceof ApiError && error.code === "ONBOARDING_REQUIRED";
