import { z } from "zod";
import { HEX_COLOUR_PATTERN, LIMITS, OTP_TYPES, USERNAME_PATTERN } from "../constants";
import { shownName } from "./common";

export const Email = z
  .email({
    error: (issue) => (issue.code === "invalid_format" ? "must be a valid email address" : undefined),
  })
  .max(LIMITS.emailMax, { error: `must be at most ${LIMITS.emailMax} characters` });
const NewPassword = z
  .string()
  .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `must be at most ${LIMITS.passwordMax} characters` });
const AnyPassword = z.string().min(1, { error: "is required" }).max(LIMITS.passwordMax);
export const FullName = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(LIMITS.fullNameMax, { error: `must be at most ${LIMITS.fullNameMax} characters` })
  .transform(shownName("fullName"));
export const UserName = z
  .string()
  .trim()
  .min(LIMITS.userNameMin, { error: `must be at least ${LIMITS.userNameMin} characters` })
  .max(LIMITS.userNameMax, { error: `must be at most ${LIMITS.userNameMax} characters` })
  .regex(USERNAME_PATTERN, { error: "may contain only letters, digits, '.', '_' and '-'" })
  .transform(shownName("userName"));
const HexColour = z.string().regex(HEX_COLOUR_PATTERN, { error: "must be a colour like #ffffff" });
const OtpTypeSchema = z.enum(OTP_TYPES);
/** Tokens travel as strings; a client that keeps them as numbers may send a number. */
const TokenLike = z
  .union([z.string().min(1).max(LIMITS.tokenMax), z.number()], {
    error: (issue) =>
      issue.input === undefined ? undefined : "must be the token that verification returned",
  })
  .transform((v) => String(v));

export const OtpCreateBody = z.strictObject({ email: Email, type: OtpTypeSchema });
export type OtpCreateBody = z.infer<typeof OtpCreateBody>;

/** The four digits, sent as a number (so "0042" arrives as 42) or as a string of digits. */
const OtpCode = z.union([z.number().int().min(0).max(9999), z.string().regex(/^\d{1,4}$/)], {
  error: (issue) => (issue.input === undefined ? undefined : "must be the 4-digit code"),
});
export const OtpVerifyBody = z.strictObject({ email: Email, type: OtpTypeSchema, otp: OtpCode });
export type OtpVerifyBody = z.infer<typeof OtpVerifyBody>;
export const OtpVerifyData = z.object({ token: z.string() });
export type OtpVerifyData = z.infer<typeof OtpVerifyData>;

export const SignUpBody = z.strictObject({
  email: Email,
  password: NewPassword,
  otpToken: TokenLike,
  fullName: FullName,
  userName: UserName,
  userType: z.string().max(20).optional(),
  appType: z.string().max(20).optional(),
  deviceToken: z
    .union([z.string().max(LIMITS.deviceTokenMax), z.number()])
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v))),
});
export type SignUpBody = z.input<typeof SignUpBody>;

/** GET users/username-available?userName= */
export const UserNameAvailableQuery = z.strictObject({ userName: UserName });
export const UserNameAvailableData = z.object({ available: z.boolean() });

export const LoginBody = z.strictObject({ email: Email, password: AnyPassword });
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthData = z.object({ accessToken: z.string(), userId: z.string() });
export type AuthData = z.infer<typeof AuthData>;

export const Profile = z.object({
  _id: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
  buildingColor: z.string(),
  totalPropertyPrice: z.number(),
  isStripeIntegrated: z.boolean(),
  stripeConnAccId: z.string().nullable(),
  createdAt: z.string(),
  /** The player chose not to list their buildings on their public profile (count and value still show). */
  hideHoldings: z.boolean(),
  /**
   * Set while the player may neither pay by card or PayPal nor withdraw (a lost dispute, a fraud warning): why, and
   * since when (ISO time). Lifted by an operator.
   */
  restriction: z.object({ reason: z.string(), since: z.string() }).nullable().optional(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * Fresh proof for a money-moving change (payout cards, e-mail, the first payout after a password reset): the current
 * password, or the token of a verified recovery (UFP) code for the player's own e-mail. Without either, a sign-in
 * within the last few minutes counts.
 */
export const ProofFields = {
  currentPassword: AnyPassword.optional(),
  otpToken: TokenLike.optional(),
};
export type Proof = { currentPassword?: string; otpToken?: string };

export const UpdateProfileBody = z
  .strictObject({
    fullName: FullName.optional(),
    userName: UserName.optional(),
    email: Email.optional(),
    buildingColor: HexColour.optional(),
    hideHoldings: z.boolean().optional(),
    ...ProofFields,
  })
  .refine(
    (b) => [b.fullName, b.userName, b.email, b.buildingColor, b.hideHoldings].some((v) => v !== undefined),
    { error: "at least one of fullName, userName, email, buildingColor, hideHoldings is required" },
  );
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
export const UpdateProfileData = z.object({ data: Profile });

export const ChangePasswordBody = z.strictObject({ currentPassword: AnyPassword, newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ResetPasswordBody = z.strictObject({
  email: Email,
  otpToken: TokenLike,
  newPassword: NewPassword,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
