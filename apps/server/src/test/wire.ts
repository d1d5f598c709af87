import { request } from "node:http";

/** What a GET over a real connection got: status, headers and body as the wire carried them. */
export type WireReply = { status: number; headers: Record<string, unknown>; body: Buffer };

/** A request over a real connection to a listening app (through its front door, unlike inject). */
export function overTheWire(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<WireReply>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers that differ from one reply to the next whoever answers: left out when two replies are compared. */
const PER_REQUEST = ["date", "connection", "keep-alive", "x-request-id"];

/** The headers two answers to the same request must share. */
export const lastingHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.includes(name)));
