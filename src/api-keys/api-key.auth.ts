/**
 * Who is calling /v1: the `onRequest` hook that reads `X-API-Key` and
 * attaches `request.caller` before the limiter runs.
 *
 * - No key: an anonymous caller, charged to its client network
 *   (`ip:…`, or `ip6:…/64`).
 * - A valid key: the key's account. The keyed quota belongs to the account
 *   (`acct:<user id>`), so all of its keys share it and deleting or
 *   re-creating keys never yields a fresh quota.
 * - A malformed, unknown, deleted or expired key: an anonymous caller
 *   carrying the refusal (401 `invalid_api_key` / `expired_api_key`). It is
 *   charged to the client network like a public request — its limit headers
 *   tell that window — and answered 401 whatever the window's state: never
 *   served as public, and never told "the public limit is used up" (the
 *   public limit is not what is wrong with it).
 *
 * Bad keys cost little: malformed ones are refused without a look-up, known
 * and unknown ones (deleted ones included, see api-key.revocation.ts) are
 * cached (api-key.verifier.ts), and a key not yet in the cache is looked up
 * only if `mayLookUp` agrees — the limiter lets a client under its public
 * limit look up freely, and one over it only a few times a minute
 * (KEY_LOOKUPS_OVER_LIMIT in api/api.register.ts). A key it may not have looked up is the
 * one case answered without a verdict on the key: 429
 * `api_key_not_checked`, with the `Retry-After` of the next look-up the
 * client may have. (A database that cannot answer is 503
 * `service_unavailable`, thrown by the verifier.)
 *
 * "Last used" is noted for every request a valid key makes, admitted or not
 * (a rotating user wants to know whether anything still sends the old key).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { LookupPermit } from "../rate-limit/rate-limit.hook.ts";
import { accountCounter } from "../rate-limit/rate-limit.policy.ts";
import type { KeyUsage } from "./api-key.usage.ts";
import type { ApiKeyVerifier, CachedKey, KeyCheck } from "./api-key.verifier.ts";

export type Caller =
  | Readonly<{
      kind: "anonymous";
      /** The client network's counter: `ip:…` or `ip6:…/64`. */
      counter: string;
      /** Why the key sent with this request is refused (after charging), or null. */
      refusal: AppError | null;
    }>
  | Readonly<{
      kind: "account";
      accountId: string;
      key: CachedKey;
      /** `acct:<user id>`: the account's one keyed quota. */
      counter: string;
    }>;

declare module "fastify" {
  interface FastifyRequest {
    /** Who is calling this /v1 request; set by the API-key hook before the limiter. */
    caller: Caller;
  }
}

export type ApiKeyAuthOptions = {
  verifier: ApiKeyVerifier;
  usage: KeyUsage;
  clock: Clock;
  /** The counter an anonymous request from this address is charged to. */
  clientCounter: (ip: string) => string;
  /** Whether this client may have a key not in the cache looked up in the database now. */
  mayLookUp: (clientCounter: string, nowMs: number) => LookupPermit | Promise<LookupPermit>;
};

function refusalFor(check: Extract<KeyCheck, { ok: false }>): AppError {
  return check.code === "expired_api_key"
    ? new AppError(
        "expired_api_key",
        "This API key has expired. Create a new one on the API keys page.",
      )
    : new AppError(
        "invalid_api_key",
        "This API key is not valid: it is mistyped, unknown or deleted. Send no X-API-Key header for public access, or create a key on the API keys page.",
      );
}

/** Refusal of a request whose key was not looked up: the client's look-ups are spent for now. */
function notChecked(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    "api_key_not_checked",
    `This API key was not checked: too many keys new to this service came from your network in the last minute. It is neither accepted nor refused; retry with the same key in ${seconds} seconds.`,
    { headers: { "retry-after": String(seconds) }, extensions: { retry_after_seconds: seconds } },
  );
}

export type ApiKeyAuth = {
  /** The `onRequest` hook: sets `request.caller`, looking the key up if the cache cannot tell. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * The caller when it can be told without the database — no key, or a key
   * the cache knows (valid, expired or invalid) — else null. `ip` is called
   * only when the caller is charged to its client network.
   */
  cachedCaller: (presented: string | undefined, ip: () => string, nowMs: number) => Caller | null;
};

export function createApiKeyAuth(options: ApiKeyAuthOptions): ApiKeyAuth {
  const { verifier, usage, clock } = options;
  const callerOf = (check: KeyCheck, ip: () => string, now: number): Caller => {
    if (!check.ok) {
      return {
        kind: "anonymous",
        counter: options.clientCounter(ip()),
        refusal: refusalFor(check),
      };
    }
    usage.touch(check.key.id, now, check.key.lastUsedAt !== null);
    return {
      kind: "account",
      accountId: check.key.userId,
      key: check.key,
      counter: accountCounter(check.key.userId),
    };
  };
  const cachedCaller: ApiKeyAuth["cachedCaller"] = (presented, ip, now) => {
    if (presented === undefined) {
      return { kind: "anonymous", counter: options.clientCounter(ip()), refusal: null };
    }
    const check = verifier.checkCached(presented, now);
    return check === null ? null : callerOf(check, ip, now);
  };
  return {
    cachedCaller,
    async authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const ip = () => request.ip;
      const header = request.headers["x-api-key"];
      if (header === undefined || request.method === "OPTIONS") {
        request.caller = { kind: "anonymous", counter: options.clientCounter(ip()), refusal: null };
        return;
      }
      const presented = Array.isArray(header) ? (header[0] ?? "") : header;
      const now = clock.now();
      const cached = cachedCaller(presented, ip, now);
      if (cached !== null) {
        request.caller = cached;
        return;
      }
      const counter = options.clientCounter(ip());
      const permit = await options.mayLookUp(counter, now);
      if (!permit.allowed) {
        request.caller = { kind: "anonymous", counter, refusal: notChecked(permit.retryAfterMs) };
        return;
      }
      request.caller = callerOf(await verifier.verify(presented, now), ip, now);
    },
  };
}
