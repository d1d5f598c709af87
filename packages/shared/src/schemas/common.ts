import { z } from "zod";
import { checkShownName, type ShownNameKind } from "../shown-names";

/** Every reply: `{ statusCode, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export const MessageData = z.object({ message: z.string() });
export type MessageData = z.infer<typeof MessageData>;

export const IdParams = z.strictObject({ id: z.string().min(1).max(100) });

/** A number as a person writes it: digits, an optional minus sign and decimal point; nothing else. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number sent in a query (or, where a form may send text, a body): a JSON number, or text that is a plain decimal
 * ("12", "12.5", "-1"). Hexadecimal ("0x10"), exponents ("1e1"), padding (" 5 ") and empty text ("") are refused
 * naming the field, where `z.coerce.number()` would read them as numbers. `number` holds the value's own rules.
 */
export function decimal<T extends z.ZodType<number, number>>(number: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    if (PLAIN_DECIMAL.test(value)) return Number(value);
    ctx.issues.push({
      code: "custom",
      input: value,
      message:
        value === "" ? "must be a number, not empty" : "must be a plain decimal number, like 12 or 12.5",
    });
    return z.NEVER;
  }, number);
}

/**
 * A name every player sees (shown-names.ts): after the field's own checks, the name is normalised as it will be
 * stored, or refused saying why ("must not contain a web address").
 */
export function shownName(kind: ShownNameKind) {
  return (value: string, ctx: z.RefinementCtx<string>): string => {
    const check = checkShownName(kind, value);
    if (check.ok) return check.name;
    ctx.issues.push({ code: "custom", input: value, message: check.reason });
    return z.NEVER;
  };
}
