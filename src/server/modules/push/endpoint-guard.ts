import { type LookupAddress, lookup } from "node:dns";
import { BlockList, isIP } from "node:net";
import { pushMessages } from "@/domain/push/messages";

/*
 * A subscription's endpoint is an address the client chose and the server will
 * POST to (docs/decisions/061-web-push.md): without these checks anyone signed
 * in could make the server call inside our network. At subscribing: https, the
 * default port, no credentials, a host name that is no IP literal nor a local
 * name. At sending: the connection's own DNS lookup refuses every non-public
 * address, so a name that resolves (or later rebinds) inside is refused where
 * it counts.
 */

// Two lists: Node matches an IPv4 address against IPv6 rules for its mapped form (::ffff:0:0/96).
const reservedV4 = new BlockList();
const reservedV6 = new BlockList();
const RESERVED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const RESERVED_V6: [string, number][] = [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [net, prefix] of RESERVED_V4) reservedV4.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of RESERVED_V6) reservedV6.addSubnet(net, prefix, "ipv6");

/** A public unicast address: not loopback, private, link-local, CGNAT, documentation, multicast… */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !reservedV4.check(address, "ipv4") : !reservedV6.check(address, "ipv6");
}

const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa)$/;

/** Why the server will not send to this endpoint, in Portuguese; null when it will. */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return pushMessages.endpointInvalid;
  }
  if (allowPrivate)
    return url.protocol === "https:" || url.protocol === "http:" ? null : pushMessages.endpointInvalid;
  if (url.protocol !== "https:" || url.username || url.password) return pushMessages.endpointNotAllowed;
  if (url.port !== "" && url.port !== "443") return pushMessages.endpointNotAllowed;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  // URL writes an IPv6 literal in brackets; isIP wants it bare.
  if (isIP(host.replace(/^\[|\]$/g, "")) !== 0) return pushMessages.endpointNotAllowed;
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return pushMessages.endpointNotAllowed;
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** `lookup` for http(s).request: the system's resolver, refusing a name with any non-public address. */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean },
  callback: LookupCallback,
): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const error: NodeJS.ErrnoException = new Error("push endpoint's host resolves to a non-public address");
      error.code = "EPUSHNOTPUBLIC";
      return callback(error, []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
