import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";

/** Which push subscription endpoints the server will POST to. */
export type PushEndpointPolicy = {
  /** Host names allowed (`*.example.com` for any subdomain); null: any host (tests only). */
  hosts: string[] | null;
  /** Only for tests that run a push service on 127.0.0.1: allows http and private addresses. */
  allowLocal: boolean;
};

export type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Addresses no push service has: loopback, private, link-local, carrier-grade NAT, multicast, reserved, unspecified. */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.5) is judged as IPv4.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return !nonPublic.check(mapped, "ipv4");
    return !nonPublic.check(address, "ipv6");
  }
  return !nonPublic.check(address, "ipv4");
}

const hostAllowed = (host: string, hosts: string[]) =>
  hosts.some((pattern) =>
    pattern.startsWith("*.")
      ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
      : host === pattern,
  );

const refuse = () => new AppError("BAD_REQUEST", serverMessages.pushEndpointNotAllowed);

/**
 * Refuses (400) an endpoint that is not https, not on a known push service, or whose host resolves to any address
 * that is not public. Checked when a browser subscribes and again before each push (DNS can change in between).
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: Resolve = resolveAll,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse();
  }
  if (policy.allowLocal && (url.protocol === "http:" || url.protocol === "https:")) return;
  if (url.protocol !== "https:" || url.username || url.password) throw refuse();
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (policy.hosts && !hostAllowed(host, policy.hosts)) throw refuse();
  let addresses: string[];
  try {
    addresses = isIP(host.replace(/^\[|\]$/g, "")) ? [host.replace(/^\[|\]$/g, "")] : await resolve(host);
  } catch {
    throw refuse();
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refuse();
}
