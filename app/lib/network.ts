// Who a per-address limit counts: the network a request comes from. An IPv4 address is one subscriber's; an
// IPv6 subscriber is normally given a whole /64 (often more), and can send each request from a new address in
// it. So an IPv6 address counts as its /64, and an IPv4 address written as IPv6 (::ffff:192.0.2.1) as itself.
import ipaddr from "ipaddr.js";

/** The key a per-address limit counts `address` under: itself for IPv4, its /64 for IPv6, as given otherwise. */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  const prefix = new ipaddr.IPv6([...(ip as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toRFC5952String()}/64`;
}
