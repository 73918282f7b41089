/**
 * API keys, registered by the composition root (src/app.ts): early, the
 * services every /v1 request uses — verification (cached), revocation to
 * every instance, batched usage — and the expiry notices; late, the API
 * keys pages.
 */
import type { FastifyInstance } from "fastify";
import { createAccountNotices } from "../accounts/account-notices.ts";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { keyCreatedMail } from "../mail/messages.ts";
import { accountCounter, type RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import type { PagePluginOptions } from "../web/layout.ts";
import {
  createLocalRevocations,
  type RevocationEvent,
  type Revocations,
} from "./api-key.revocation.ts";
import { createKeyUsage, FLUSH_INTERVAL_MS, type KeyUsage } from "./api-key.usage.ts";
import {
  type ApiKeyVerifier,
  createApiKeyVerifier,
  instrumentVerifier,
  type KeyCacheCounter,
} from "./api-key.verifier.ts";
import { KEY_CREATIONS_PER_DAY } from "./api-keys.pages.ts";
import { apiKeysPages } from "./api-keys.routes.ts";
import { sendExpiryNotices } from "./key-expiry.ts";

/** How often keys nearing expiry are looked for (their owners are emailed once). */
const EXPIRY_SWEEP_MS = 60 * 60_000;

/** Key creation per account: a sliding day, counted by the limiter like the quotas. */
export const KEY_CREATION_POLICY: RateLimitPolicy = {
  name: "key-creation",
  limit: KEY_CREATIONS_PER_DAY,
  windowMs: 24 * 60 * 60_000,
};

export type ApiKeyServices = {
  verifier: ApiKeyVerifier;
  /** Publishes a revocation to every instance (this one included). */
  revoke: (event: RevocationEvent) => void;
  keyUsage: KeyUsage;
};

/**
 * The key verifier (instrumented), revocations (local unless
 * `createRevocations` is given), batched usage (flushed every minute and on
 * close) and the hourly expiry notices.
 */
export function registerApiKeys(
  app: FastifyInstance,
  options: {
    db: Database;
    clock: Clock;
    /** The app's metrics: verification counts its cache hits and misses there. */
    metrics: { keyCache: KeyCacheCounter };
    deliver: Deliver;
    origin: string;
    /**
     * How key revocations reach every instance: given the function that
     * applies an event to this instance's caches, returns the publisher.
     */
    createRevocations: ((apply: (event: RevocationEvent) => void) => Revocations) | undefined;
    keyUsage: KeyUsage | undefined;
  },
): ApiKeyServices {
  const { db, clock, metrics, deliver, origin } = options;
  const verifier = instrumentVerifier(createApiKeyVerifier(db), metrics.keyCache);
  const revocations = (options.createRevocations ?? ((apply) => createLocalRevocations({ apply })))(
    (event) => {
      if (event.kind === "all") verifier.recheckAll();
      else if (event.kind === "key") verifier.revokeKey(event.id, clock.now());
      else if (event.deleted) verifier.revokeUser(event.id, clock.now());
      else verifier.recheckUser(event.id);
    },
  );
  const revoke = (event: RevocationEvent) => void revocations.publish(event);
  app.addHook("onClose", () => revocations.close());
  const keyUsage = options.keyUsage ?? createKeyUsage(db, app.log);
  let flushTimer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    flushTimer = setInterval(() => void keyUsage.flush(), FLUSH_INTERVAL_MS);
    flushTimer.unref();
    expiryTimer = setInterval(() => {
      sendExpiryNotices(db, deliver, clock.now(), origin).catch((error: unknown) =>
        app.log.error({ err: error }, "could not send key expiry notices"),
      );
    }, EXPIRY_SWEEP_MS);
    expiryTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(flushTimer);
    clearInterval(expiryTimer);
    await keyUsage.flush();
  });
  return { verifier, revoke, keyUsage };
}

/** /account/keys: list, create (mailed to a confirmed owner, at most KEY_CREATION_POLICY), delete, usage. */
export async function registerApiKeyPages(
  app: FastifyInstance,
  options: PagePluginOptions & {
    db: Database;
    clock: Clock;
    keys: ApiKeyServices;
    limiter: RateLimiter;
    deliver: Deliver;
    origin: string;
  },
): Promise<void> {
  const { db, clock, keys, limiter, deliver, origin, pageContext, protect } = options;
  const { revoke, keyUsage } = keys;
  const notify = createAccountNotices(db, deliver, app.log);
  await app.register(apiKeysPages, {
    onKeyDeleted: (keyId: string) => revoke({ kind: "key", id: keyId }),
    // Only to a confirmed address (account-notices.ts).
    onKeyCreated: (owner, key) =>
      void notify(owner.userId, (email) => keyCreatedMail(email, key, origin)),
    flushUsage: () => keyUsage.flush(),
    throttleCreation: async (userId: string, nowMs: number) => {
      const decision = await limiter.hit(accountCounter(userId), KEY_CREATION_POLICY, nowMs);
      return { allowed: decision.allowed, retryAfterMs: decision.resetMs };
    },
    db,
    clock,
    pageContext,
    protect,
    publicBaseUrl: origin,
  });
}
