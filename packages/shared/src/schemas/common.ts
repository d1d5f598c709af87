import { z } from "zod";

/** Every reply: `{ statusCode, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export const ErrorReply = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

export const MessageData = z.object({ message: z.string() });
export type MessageData = z.infer<typeof MessageData>;

export const IdParams = z.strictObject({ id: z.string().min(1).max(100) });
