// Classification of network addresses and host names: which ones are the public internet. Shared
// by the webhook target check (the URL text) and the webhook transport (every address a name
// resolves to, at connect time), so both refuse exactly the same ranges.
import ipaddr from 'ipaddr.js';

type IPv4 = ReturnType<typeof ipaddr.IPv4.parse>;
type IPv6 = ReturnType<typeof ipaddr.IPv6.parse>;

const cidr4 = (text: string): [IPv4, number] => ipaddr.IPv4.parseCIDR(text);
const cidr6 = (text: string): [IPv6, number] => ipaddr.IPv6.parseCIDR(text);

// ipaddr.js `range()` already names every IPv4 special-purpose block we care about (0/8, 10/8,
// 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16,
// 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4, 255.255.255.255). This explicit list is a
// second line of defence so that a future ipaddr.js release that renames or drops a range cannot
// silently turn one of these into 'unicast'.
const NON_PUBLIC_V4: ReadonlyArray<[IPv4, number]> = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
  '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15',
  '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map(cidr4);

// Only 2000::/3 is allocated for global unicast; anything outside it (::/96 IPv4-compatible,
// 100::/64 discard, fc00::/7, fe80::/10, ff00::/8, ...) is never a legitimate webhook peer.
// Embedded-IPv4 forms outside 2000::/3 are handled before this check.
const GLOBAL_UNICAST_V6 = cidr6('2000::/3');

// Blocks inside 2000::/3 that are still not reachable public hosts. ipaddr.js `range()` covers them
// today; listed explicitly for the same reason as NON_PUBLIC_V4. Teredo (2001::/32) tunnels to an
// address we cannot check cheaply, so it is refused rather than unwrapped.
const NON_PUBLIC_V6: ReadonlyArray<[IPv6, number]> = [
  '2001::/23', // IETF protocol assignments, incl. Teredo 2001::/32 and benchmarking 2001:2::/48
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
].map(cidr6);

// NAT64 well-known prefix: the gateway forwards to the embedded IPv4 address, so judge that.
const NAT64_WELL_KNOWN = cidr6('64:ff9b::/96');
// 6to4: traffic ends up at the IPv4 address in bits 16..47, so judge that.
const SIX_TO_FOUR = cidr6('2002::/16');

function embeddedV4(parts: readonly number[], first: number): IPv4 {
  const hi = parts[first] ?? 0;
  const lo = parts[first + 1] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isPublicV4(address: IPv4): boolean {
  if (address.range() !== 'unicast') return false;
  return !NON_PUBLIC_V4.some((range) => address.match(range));
}

function isPublicV6(address: IPv6): boolean {
  // A zone id only means something on a link-local scope; refuse rather than guess.
  if (address.zoneId !== undefined) return false;
  // ::ffff:a.b.c.d is how a dual-stack socket reaches the IPv4 host a.b.c.d.
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(address.parts, 6));
  if (address.match(SIX_TO_FOUR)) return isPublicV4(embeddedV4(address.parts, 1));
  if (!address.match(GLOBAL_UNICAST_V6)) return false;
  if (address.range() !== 'unicast') return false;
  return !NON_PUBLIC_V6.some((range) => address.match(range));
}

/**
 * True only for a globally routable unicast address. Anything unparsable is not public. IPv4 must be
 * plain dotted decimal: inet_aton forms such as `010.0.0.1` or `0x7f.1` are read differently by
 * different resolvers (octal or decimal), so they are refused instead of interpreted.
 */
export function isPublicAddress(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return isPublicV4(ipaddr.IPv4.parse(address));
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return false;
  const parsed = ipaddr.IPv6.parse(address);
  // ipaddr.js 2.5 reads the deprecated IPv4-compatible form `::a.b.c.d` as if it were
  // `::ffff:a.b.c.d`. A real mapped address always spells the ffff hextet, so without it this is
  // ::/96, which the canonical spelling (`::808:808`) refuses too; keep the two spellings in step.
  if (parsed.isIPv4MappedAddress() && !/ffff/i.test(address)) return false;
  return isPublicV6(parsed);
}

// Suffixes that are reserved (RFC 2606, RFC 6761, RFC 6762, RFC 8375, RFC 7686) or commonly used
// for private networks, so they either never resolve publicly or resolve to something internal.
const INTERNAL_SUFFIXES = [
  'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa', 'localdomain',
  'test', 'invalid', 'example', 'onion', 'localhost',
];

/** True for names that point inside a network: localhost, single labels, and private suffixes. */
export function isInternalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  // A single label is completed by the resolver's search domains, i.e. resolved on the local network.
  if (name === '' || !name.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}
