/**
 * Telling every instance to forget cached API keys.
 *
 * When a key is deleted, an account deleted or a password changed, the
 * instance that did it drops its own cache entries at once and publishes the
 * event on a Redis channel; every instance subscribed to it drops its
 * entries on receipt (typically within milliseconds). Pub/sub is
 * at-most-once: a message sent while an instance is not subscribed is lost
 * to it, so an instance marks every cached key for re-checking when it
 * (re)subscribes and every RECHECK_MS (one second) while it is not
 * subscribed; each key's next request looks it up again. Together: a
 * deleted key is refused by every instance within one second. (A re-check
 * the database cannot answer keeps the key's last answer: see
 * api-key.verifier.ts.)
 *
 * Without Redis (one instance) events are applied locally only. The Redis
 * carrier is in api-key.revocation.redis.ts, loaded only when REDIS_URL is
 * set.
 */

/** `all`: re-check every cached key (applied locally when messages may have been missed; never published). */
export type RevocationEvent = { kind: "key" | "user"; id: string } | { kind: "all" };

/** While the subscription is down, every cached key is marked for re-checking this often. */
export const RECHECK_MS = 1_000;

export type Revocations = {
  /** Applies the event here and tells the other instances. Never throws. */
  publish: (event: RevocationEvent) => Promise<void>;
  close: () => Promise<void>;
};

export type RevocationOptions = {
  /** Applies an event to this instance's caches. */
  apply: (event: RevocationEvent) => void;
  onError?: (error: Error) => void;
};

export function createLocalRevocations(options: RevocationOptions): Revocations {
  return {
    publish: async (event) => options.apply(event),
    close: async () => {},
  };
}
