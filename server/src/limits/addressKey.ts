import { isIPv6 } from "node:net";

/**
 * The key of a client address for a limit: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4),
 * an IPv6 address by its /64 network, which one subscriber usually holds whole (a limit per IPv6
 * address would give each of its 2^64 addresses a fresh allowance).
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return "ip:unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  const [head = "", tail = ""] = ip.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
