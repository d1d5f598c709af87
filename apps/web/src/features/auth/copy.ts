import { BRAND_NAME } from "@mx/shared/constants";

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const authCopy = {
  loginLead: "Sign in to manage your buildings, bids and payouts.",
  signUpLead: "Join the market for Manhattan's real buildings.",
  noAccount: `New to ${BRAND_NAME}?`,
  haveAccount: "Already have an account?",
  agreePrefix: "I agree to the",
  opensInNewTab: "(opens in a new tab)",
  codeSentTo: "Sent to",
  useDifferentEmail: "Use a different email",
  verificationCode: "Verification code",
  forgotLead: "Enter the email you signed up with and we'll send you a 4-digit code.",
  resetLead: "Choose a new password of at least 6 characters.",
  asidePitch: "Own the skyline.",
  asideText: "Buy Manhattan's real buildings, set your asking price, take bids and cash out — in US dollars.",
} as const;
