import ipaddr from 'ipaddr.js';

/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const EMBEDDED_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);
/** NAT64 local-use prefix (RFC 8215): where the IPv4 sits depends on the operator's prefix length. */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
/** Deprecated IPv4-compatible form `::a.b.c.d` (ipaddr.js calls it unicast). */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return ipaddr.IPv4.parse(bytes.slice(12).join('.'));
}

/**
 * Why an address is not a public unicast one (`loopback`, `private`, `linkLocal`, `uniqueLocal`,
 * `6to4`, …), or null when it is. Every textual form ipaddr.js reads is judged by its value:
 * `::ffff:7f00:1`, `0:0:0:0:0:ffff:7f00:1` and NAT64 `64:ff9b::7f00:1` are loopback like 127.0.0.1.
 * Tunnels (6to4, Teredo) are refused whatever they wrap: their far end is not ours to judge.
 */
export function nonPublicRange(address: string): string | null {
  const text = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return 'invalid';
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(LOCAL_NAT64)) return 'rfc8215';
  const range = v6.range();
  if (EMBEDDED_IPV4.has(range)) {
    const inner = nonPublicRange(embeddedIpv4(v6).toString());
    return inner === null ? null : `${range}:${inner}`;
  }
  if (range !== 'unicast') return range;
  if (v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return v6.match(GLOBAL_UNICAST) ? null : 'reserved';
}
