/**
 * Revocations carried between instances over Redis pub/sub (see
 * api-key.revocation.ts for the guarantees). In a module of its own so that
 * ioredis is loaded only when REDIS_URL is set.
 */
import { Redis } from "ioredis";
import { redisOptions } from "../rate-limit/rate-limit.redis.ts";
import {
  RECHECK_MS,
  type RevocationEvent,
  type RevocationOptions,
  type Revocations,
} from "./api-key.revocation.ts";

/** A message from any version: a `user` event without `deleted` (older instances) is a re-check. */
function parseEvent(message: string): RevocationEvent | null {
  try {
    const value = JSON.parse(message) as { kind?: unknown; id?: unknown; deleted?: unknown };
    const { id } = value;
    if (typeof id !== "string") return null;
    if (value.kind === "key") return { kind: "key", id };
    if (value.kind === "user") return { kind: "user", id, deleted: value.deleted === true };
  } catch {}
  return null;
}

export function createRedisRevocations(
  options: RevocationOptions & { url: string; keyPrefix?: string },
): Revocations {
  const channel = `${options.keyPrefix ?? "cls:"}revocations`;
  const onError = (error: Error) => options.onError?.(error);
  // A subscribed connection cannot send other commands: one for each role.
  // The subscriber (re)subscribes every time its connection becomes ready, so
  // a slow first connection or a Redis restart never leaves it deaf.
  const subscriber = new Redis(
    options.url,
    redisOptions({ enableOfflineQueue: true, commandTimeout: undefined, autoResubscribe: false }),
  );
  const publisher = new Redis(options.url, redisOptions());
  subscriber.on("error", onError);
  publisher.on("error", onError);
  // Messages sent while this instance was not subscribed are lost: on every
  // (re)subscription, and every RECHECK_MS while not subscribed (or Redis
  // does not answer), every cached key is marked to be looked up again
  // (the periodic re-check).
  let subscribed = false;
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).then(() => {
      subscribed = true;
      options.apply({ kind: "all" });
    }, onError);
  });
  subscriber.on("close", () => {
    subscribed = false;
  });
  // A hung Redis keeps the subscription open but delivers nothing: a failed
  // PING counts as not subscribed.
  let answering = true;
  const recheck = setInterval(() => {
    if (!subscribed || !answering) options.apply({ kind: "all" });
    publisher.ping().then(
      () => {
        answering = true;
      },
      () => {
        answering = false;
      },
    );
  }, RECHECK_MS);
  recheck.unref();
  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
    const event = parseEvent(message);
    if (event !== null) options.apply(event);
  });
  return {
    async publish(event) {
      options.apply(event);
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        onError(error as Error);
      }
    },
    close: async () => {
      clearInterval(recheck);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
