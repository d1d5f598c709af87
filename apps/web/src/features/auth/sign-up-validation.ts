import { LIMITS } from "@mx/shared/constants";
import { errors, texts } from "@mx/shared/messages";
import { Email, FullName, UserName } from "@mx/shared/schemas/auth";

export interface SignUpValues {
  fullName: string;
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

type FieldSchema = typeof FullName | typeof UserName | typeof Email;

function problem(label: string, schema: FieldSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : `${label}: ${result.error.issues[0]?.message ?? "is not valid"}`;
}

/**
 * Checks the sign-up form before a code is sent, with the same rules the server applies,
 * so a player does not verify an e-mail only to be refused at the last step.
 */
export function validateSignUp(values: SignUpValues): string | null {
  return (
    problem(texts.fullName, FullName, values.fullName) ??
    problem(texts.userName, UserName, values.userName) ??
    problem(texts.email, Email, values.email.trim()) ??
    (values.password.length < LIMITS.passwordMin ? errors.passwordTooShort : null) ??
    (values.password !== values.confirmPassword ? errors.passwordsDoNotMatch : null)
  );
}
