import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * The part of a client address that rate limits, repeat checks and visitor counts go by: an IPv4
 * address whole, an IPv6 address by its /64, the block one household or one server is given (counting
 * each of its addresses apart would let one client try again from billions of them).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${network.toRFC5952String()}/64`;
}

/** A client address reduced to a salted hash: enough to count requests, not to identify anyone. */
export function hashIp(ip: string, salt: string): string {
  return createHash("sha256").update(salt).update("\0").update(ip).digest("base64url").slice(0, 32);
}

/** A client's network (see clientNetwork) as a salted hash: what rate limits and repeat checks count by. */
export function networkKey(ip: string, salt: string): string {
  return hashIp(clientNetwork(ip), salt);
}
