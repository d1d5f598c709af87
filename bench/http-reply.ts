/**
 * The bench's load generators read HTTP/1.1 replies with this small parser of their own rather than Node's HTTP client,
 * so that the clients cost little of the CPU the server needs: where the first whole reply in a buffer ends.
 */
const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/** Where the first whole reply in `buf` ends and its status, or null while it is incomplete. */
export function replyEnd(buf: Buffer): { end: number; status: number } | null {
  const head = buf.indexOf(HEADER_END);
  if (head < 0) return null;
  const headers = buf.toString("latin1", 0, head).toLowerCase();
  const status = Number(headers.slice(9, 12));
  let at = head + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) {
    const end = at + Number(length[1]);
    return end <= buf.length ? { end, status } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/.test(headers)) return { end: at, status };
  for (;;) {
    const line = buf.indexOf(CRLF, at);
    if (line < 0) return null;
    const size = Number.parseInt(buf.toString("latin1", at, line), 16);
    at = line + 2 + size + 2;
    if (at > buf.length) return null;
    if (size === 0) return { end: at, status };
  }
}
