import { BlockList, isIPv4, isIPv6 } from 'node:net';

// Addresses a webhook must never reach: this machine, its networks, and ranges that are not
// routable on the internet (RFC 6890 and its IPv6 counterpart). IPv4-mapped and IPv4-embedding
// IPv6 forms are unwrapped first, so ::ffff:127.0.0.1 counts as 127.0.0.1.
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIPv4(address: string): string | null {
  const groups = expandIPv6(address);
  if (!groups) return null;
  const v4 = (high: number, low: number) =>
    [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const zeros = (from: number, to: number) =>
    groups.slice(from, to).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64).
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0))
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6))
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  // 2002:aabb:ccdd::/48 (6to4) routes to aa.bb.cc.dd.
  if (groups[0] === 0x2002) return v4(groups[1] ?? 0, groups[2] ?? 0);
  return null;
}

function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (value: string) =>
    value ? value.split(':').map((group) => parseInt(group, 16)) : [];
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.some((group) => Number.isNaN(group)) ? null : groups;
}

/** Whether an IP address is on the public internet (false for anything else, or not an IP). */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !BLOCKED.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const v4 = embeddedIPv4(address);
  if (v4 !== null) return isPublicAddress(v4) && !v4.startsWith('0.');
  return !BLOCKED.check(address, 'ipv6');
}
