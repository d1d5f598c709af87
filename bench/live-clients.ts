/**
 * The live bench's clients, in a process of their own so that the server's memory figures are the server's alone.
 * Opens `count` WebSockets to `url`, signs each in with one of `tokens`, reports "ready", then reports when each
 * socket received each sale (epoch ms, sub-millisecond) until told to stop.
 */
import WebSocket from "ws";

type Start = { url: string; tokens: string[]; count: number };
type Command = { type: "expect"; buildingId: string } | { type: "stop" };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

async function open({ url, tokens, count }: Start): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const BATCH = 250;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from(
      { length: Math.min(BATCH, count - i) },
      (_, j) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, { perMessageDeflate: false });
          const token = tokens[(i + j) % tokens.length];
          socket.once("open", () => socket.send(JSON.stringify({ type: "auth", token })));
          socket.once("message", () => resolve(socket));
          socket.once("error", reject);
          socket.once("close", (code) => reject(new Error(`closed with ${code} before ready`)));
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

process.once("message", async (start: Start) => {
  const sockets = await open(start);
  let waitingFor: string | null = null;
  let arrivals: number[] = [];
  for (const socket of sockets) {
    socket.removeAllListeners("close");
    socket.on("message", (raw) => {
      if (!waitingFor) return;
      const at = now();
      const text = raw.toString();
      if (!text.includes(waitingFor)) return;
      const message = JSON.parse(text) as { type: string; event?: { type: string; buildingId?: string } };
      if (message.type !== "event" || message.event?.buildingId !== waitingFor) return;
      arrivals.push(at);
      if (arrivals.length === sockets.length) {
        send({ type: "arrivals", arrivals });
        waitingFor = null;
      }
    });
  }
  process.on("message", (command: Command) => {
    if (command.type === "expect") {
      arrivals = [];
      waitingFor = command.buildingId;
      send({ type: "armed" });
    } else {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
  });
  send({ type: "ready", count: sockets.length });
});
