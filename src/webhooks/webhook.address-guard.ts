/**
 * Server-side request forgery guard for webhook deliveries.
 *
 * Guarantees: a delivery never opens a connection to a loopback, private,
 * link-local, CGNAT, multicast, unique-local, reserved or documentation
 * address, nor a cloud metadata address (169.254.169.254, fd00:ec2::254,
 * 100.100.100.200 are all inside those ranges) — unless that exact address
 * is on the operator's allow-list (WEBHOOK_ALLOWED_PRIVATE_HOSTS, a
 * development setting).
 *
 * Where: the address is checked at connect time, inside the HTTP agents'
 * connection path — an IP literal before the socket is created, a name in
 * the `lookup` the socket resolves it with, every resolved address at once,
 * before any connection is attempted. The name is therefore resolved once
 * and connected to as checked, so DNS rebinding (a name answering a public
 * address at creation and 127.0.0.1 later) cannot pass. As a last belt, a
 * connected socket whose peer is not admitted is destroyed before anything
 * is written. Redirects are never followed (webhook.sender.ts), so a
 * receiver cannot bounce a delivery to an internal address.
 *
 * IPv4-mapped IPv6 addresses (::ffff:0:0/96, ::ffff:a.b.c.d) are judged by
 * their IPv4 address (node:net's BlockList does so; the range cannot be a
 * rule of its own, since BlockList would then match every IPv4 address);
 * the other forms that embed an IPv4 address (compatible, IPv4-translated,
 * NAT64, 6to4, Teredo) are refused outright rather than unpacked: no real
 * receiver needs them.
 *
 * The allow-list holds addresses, not ports: an allow-listed address is
 * admitted on every port (docs/webhooks.md).
 * Reasoning and the list's sources: docs/SECURITY.md (Webhooks and SSRF).
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns";
import type { Agent as HttpAgent } from "node:http";
import type { Agent as HttpsAgent } from "node:https";
import { BlockList, isIP, type Socket } from "node:net";

// node:http(s) through getBuiltinModule, not an import: importing node:http
// as an ES module reads every export, and its WebSocket getter loads Node's
// fetch implementation (~30 ms of every start) that webhooks do not use.
const http = process.getBuiltinModule("node:http");
const https = process.getBuiltinModule("node:https");

const FORBIDDEN_V4: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (shared address space); 100.100.100.200 is Alibaba's metadata
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local; 169.254.169.254 is the cloud metadata service
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (192.0.0.192: Oracle metadata)
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

const FORBIDDEN_V6: readonly [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT, RFC 2765)
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (fd00:ec2::254 is AWS's metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const forbidden = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, "ipv6");

/** Strips the brackets of an IPv6 URL host and any zone id. */
function bareAddress(host: string): string {
  return host.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
}

export type AddressPolicy = {
  /** True when a connection to this IP address may be opened. */
  admits: (address: string) => boolean;
  /** True when this exact address is on the operator's allow-list. */
  isAllowListed: (address: string) => boolean;
};

/** True for an address in a forbidden range (whatever the allow-list says). */
export function isForbiddenAddress(address: string): boolean {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 0) return true;
  return forbidden.check(bare, family === 6 ? "ipv6" : "ipv4");
}

/** The policy for an allow-list of exact IP addresses (WEBHOOK_ALLOWED_PRIVATE_HOSTS). */
export function createAddressPolicy(allowList: readonly string[]): AddressPolicy {
  const allowed = new BlockList();
  for (const entry of allowList) {
    const family = isIP(bareAddress(entry));
    if (family !== 0) allowed.addAddress(bareAddress(entry), family === 6 ? "ipv6" : "ipv4");
  }
  const isAllowListed = (address: string) => {
    const bare = bareAddress(address);
    const family = isIP(bare);
    return family !== 0 && allowed.check(bare, family === 6 ? "ipv6" : "ipv4");
  };
  return {
    isAllowListed,
    admits: (address) => isAllowListed(address) || !isForbiddenAddress(address),
  };
}

/** The error a refused address fails the delivery with (never a connection attempt). */
export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  readonly code = "ERR_WEBHOOK_FORBIDDEN_ADDRESS";
  constructor(host: string, address: string) {
    super(
      host === address
        ? `refused: ${address} is a private or reserved address`
        : `refused: ${host} resolves to ${address}, a private or reserved address`,
    );
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `dns.lookup`-shaped resolver; tests pass one mapping names to loopback addresses. */
export type Lookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemLookup: Lookup = (hostname, options, callback) =>
  dnsLookup(hostname, options, callback);

/**
 * A socket `lookup` that resolves every address of the name and refuses the
 * connection if any of them is not admitted (a name pointing at a public and
 * a private address is refused, not half-trusted).
 */
function guardedLookup(policy: AddressPolicy, resolve: Lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !policy.admits(entry.address));
      if (refused !== undefined) {
        return callback(new ForbiddenAddressError(hostname, refused.address), []);
      }
      if (addresses.length === 0) {
        const none: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
        none.code = "ENOTFOUND";
        return callback(none, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

type ConnectOptions = { host?: string | null; hostname?: string | null };
type CreateConnection = (
  options: ConnectOptions,
  callback: (error: Error | null, socket?: Socket) => void,
) => Socket | undefined;

/** Wraps an agent's createConnection: IP literals checked first, then the peer once connected. */
function guardConnections(agent: HttpAgent, policy: AddressPolicy): void {
  const original = (agent as unknown as { createConnection: CreateConnection }).createConnection;
  (agent as unknown as { createConnection: CreateConnection }).createConnection = function (
    options,
    callback,
  ) {
    const host = bareAddress(options.host ?? options.hostname ?? "");
    if (isIP(host) !== 0 && !policy.admits(host)) {
      // No socket is created: the request fails with this error.
      callback(new ForbiddenAddressError(host, host));
      return undefined;
    }
    const socket = original.call(this, options, callback);
    socket?.once("connect", () => {
      const peer = socket.remoteAddress;
      if (peer !== undefined && !policy.admits(peer)) {
        socket.destroy(new ForbiddenAddressError(host, peer));
      }
    });
    return socket;
  };
}

export type GuardedAgents = {
  http: HttpAgent;
  https: HttpsAgent;
  close: () => void;
};

/** Keep-alive agents for deliveries, with the address check on every new connection. */
export function createGuardedAgents(options: {
  policy: AddressPolicy;
  lookup?: Lookup;
  maxSockets?: number;
}): GuardedAgents {
  const lookup = guardedLookup(options.policy, options.lookup ?? systemLookup);
  const shared = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    maxFreeSockets: 16,
    lookup: lookup as never,
  };
  const httpAgent = new http.Agent(shared);
  const httpsAgent = new https.Agent(shared);
  guardConnections(httpAgent, options.policy);
  guardConnections(httpsAgent, options.policy);
  return {
    http: httpAgent,
    https: httpsAgent,
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** Names that can only mean this machine or a private network; refused at creation. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Control and invisible formatting characters: never part of a URL a user means to type. */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

/**
 * On a development server only: how to admit a receiver on this machine or
 * network, for a URL refused as local or private. A production server never
 * mentions the setting (its pages do not advertise a way around the guard).
 */
function allowListAdvice(host: string, literal: boolean): string {
  const address = literal ? host : "127.0.0.1";
  const use = literal ? "" : ` and use its IP address in the URL (e.g. http://${address}:8080/…)`;
  return ` This server runs in development mode: to deliver to a receiver at ${address}, start it with WEBHOOK_ALLOWED_PRIVATE_HOSTS=${address}${use}; plain http:// is then accepted for that address too.`;
}

/**
 * The URL as it is stored and shown: as the URL parser writes it
 * (`new URL(raw).href`), once `webhookUrlProblem` has accepted `raw`.
 */
export function normalizeWebhookUrl(raw: string): string {
  return new URL(raw).href;
}

/**
 * Why a URL cannot be an endpoint, or null when it may. One line of
 * printable characters; only https://, no credentials or fragment; an
 * IP-literal host must be admitted; plain http:// only to an allow-listed
 * address (development). Names are checked again, resolved, on every
 * connection. With `development`, a URL refused for a local or private
 * host also says which setting would admit it.
 */
export function webhookUrlProblem(
  raw: string,
  policy: AddressPolicy,
  options: { development?: boolean } = {},
): string | null {
  if (raw.length === 0) return "Enter the URL that should receive the events.";
  if (raw.length > WEBHOOK_URL_MAX_LENGTH)
    return `The URL is too long (at most ${WEBHOOK_URL_MAX_LENGTH} characters).`;
  if (CONTROL_CHARACTERS.test(raw))
    return "The URL must be on one line, without line breaks, tabs or other control characters.";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL starting with https://.";
  }
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH)
    return `The URL is too long (at most ${WEBHOOK_URL_MAX_LENGTH} characters once encoded).`;
  const host = bareAddress(url.hostname);
  const literal = isIP(host) !== 0;
  const local = literal ? isForbiddenAddress(host) : LOCAL_NAME.test(host) || !host.includes(".");
  const advice = options.development === true && local ? allowListAdvice(host, literal) : "";
  if (url.protocol === "http:") {
    if (!(literal && policy.isAllowListed(host)))
      return `The URL must start with https:// (plain http is not accepted).${advice}`;
  } else if (url.protocol !== "https:") {
    return "The URL must start with https://.";
  }
  if (url.username !== "" || url.password !== "")
    return "The URL must not contain a user name or password; authenticate requests by their signature.";
  if (url.hash !== "") return "The URL must not contain a #fragment.";
  if (host === "") return "The URL needs a host name.";
  if (literal ? !policy.admits(host) : local)
    return `The URL points to a private, local or reserved address; webhooks go only to public hosts.${advice}`;
  return null;
}
