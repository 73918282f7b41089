/**
 * Rate-limit policies (README "API keys and rate limits"): public callers 60 requests per 15 minutes
 * per client IP (an IPv6 client's whole /64), keyed callers 1000 per hour
 * per account (all of its keys share one quota). Both are operator settings;
 * these are the defaults. The same limiter also enforces a few internal
 * policies (key look-ups by over-limit clients, key creation per account).
 */
export type RateLimitPolicy = Readonly<{
  /** Used in the RateLimit / RateLimit-Policy headers and in 429 bodies. */
  name: string;
  limit: number;
  windowMs: number;
}>;

export const DEFAULT_PUBLIC_POLICY: RateLimitPolicy = {
  name: "public",
  limit: 60,
  windowMs: 15 * 60_000,
};
export const DEFAULT_KEY_POLICY: RateLimitPolicy = {
  name: "key",
  limit: 1000,
  windowMs: 60 * 60_000,
};

/**
 * The counter a public request is charged to: the IPv4 address, or the /64
 * network of an IPv6 address (one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would let one client rotate through 2^64).
 */
export function clientCounterKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!ip.includes(":")) return `ip:${ip}`;
  const [head = "", tail = ""] = ip.split("%")[0]?.split("::") ?? [];
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const network = groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16));
  return `ip6:${network.join(":")}::/64`;
}

/**
 * The counter of an account: its keyed quota (all of its keys share one), and
 * the per-account policies of its pages (key creation, webhook actions).
 */
export function accountCounter(userId: string): string {
  return `acct:${userId}`;
}
