/**
 * Telling every instance that keys were deleted.
 *
 * When a key is deleted or an account deleted, the instance that did it
 * applies the event to its own cache at once and publishes it on a Redis
 * channel; every instance subscribed to it applies it on receipt (typically
 * within milliseconds). Applying a deletion turns the cached answer of each
 * key concerned into "invalid": the key is remembered as deleted and refused
 * (401 `invalid_api_key`) from memory, with no look-up — so a client whose
 * look-ups are rationed (api-key.auth.ts) is still told the truth about it.
 * A changed password deletes nothing: its event only has the account's keys
 * looked up again.
 *
 * Pub/sub is at-most-once: a message sent while an instance is not
 * subscribed is lost to it, so an instance marks every cached valid key for
 * re-checking when it (re)subscribes and every RECHECK_MS (one second) while
 * it is not subscribed; each key's next request looks it up again (and finds
 * a deleted key gone). Together: a deleted key is refused by every instance
 * within one second. (A re-check the database cannot answer keeps the key's
 * last answer: see api-key.verifier.ts.)
 *
 * Without Redis (one instance) events are applied locally only. The Redis
 * carrier is in api-key.revocation.redis.ts, loaded only when REDIS_URL is
 * set.
 */

/**
 * `key`: a key was deleted. `user`: an account's keys were deleted with it
 * (`deleted: true`), or are to be looked up again (`deleted: false`, a
 * changed password; also what instances that predate the flag send for
 * both). `all`: re-check every cached key (applied locally when messages may
 * have been missed; never published).
 */
export type RevocationEvent =
  | { kind: "key"; id: string }
  | { kind: "user"; id: string; deleted: boolean }
  | { kind: "all" };

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
