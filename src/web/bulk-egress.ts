/**
 * Paced sending of the website's large downloads: the API reference's
 * bundle (`/docs/scalar.js`, 1.2 MB with br) and release files (`/data`).
 *
 * Why: a body compressed once still costs the kernel a copy per byte on
 * both ends of the socket. Eight clients pulling the bundle back to back
 * moved 350–950 MB/s on loopback, took both cores of a small machine and
 * made the API's p99 4–10× slower. The per-client website quota does not
 * help against many clients, so the bytes themselves are budgeted.
 *
 * Guarantees:
 * - All paced bodies together leave at a mean of at most `bytesPerSecond`
 *   (a token bucket holding at most `burstBytes` of credit — by default a
 *   second's worth, at least one chunk, at most 4 MiB — so a single
 *   download on a quiet server goes out at once). The API (`/v1`) and
 *   small bodies (one chunk or less) are never paced.
 * - Responses take turns chunk by chunk, in the order their sockets asked
 *   for more: a slow reader holds no credit, a fast one gets no more than
 *   its turn.
 * - At most `maxStreams` paced responses at once, and at most
 *   `maxStreamsPerClient` per client network (IPv4 address or IPv6 /64);
 *   beyond them the request is refused at once (503 `service_unavailable`,
 *   or 429 `rate_limited` for the client's own cap) with `Retry-After`,
 *   never queued. Memory: the bodies are shared buffers; each response in
 *   flight costs one small stream object.
 *
 * Time is injected (`now`, `setTimer`) so tests move it. Settings and
 * figures: docs/SECURITY.md ("Expensive website and assets").
 */
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { clientCounterKey } from "../rate-limit/rate-limit.policy.ts";

export const CHUNK_BYTES = 64 * 1024;
const MAX_DEFAULT_BURST_BYTES = 4 * 1024 * 1024;

export type BulkEgressOptions = {
  bytesPerSecond: number;
  burstBytes?: number;
  maxStreams: number;
  maxStreamsPerClient: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => void;
};

export type BulkEgress = {
  /** Sends `body` on `reply`, paced when it is larger than one chunk. */
  send: (request: FastifyRequest, reply: FastifyReply, body: Buffer) => FastifyReply;
  /**
   * The paced stream of `body`, sharing the pace with every other one;
   * `onEnd` runs once when it has ended or been destroyed.
   */
  stream: (body: Buffer, onEnd?: () => void) => Readable;
};

/** A stream whose socket wants its next chunk of `bytes`. */
type Waiter = { grant: () => void; bytes: number; cancelled: boolean };

export function createBulkEgress(options: BulkEgressOptions): BulkEgress {
  const now = options.now ?? (() => performance.now());
  const setTimer =
    options.setTimer ??
    ((callback: () => void, ms: number) => {
      setTimeout(callback, ms).unref();
    });
  const rate = options.bytesPerSecond / 1000;
  const burst = Math.max(
    CHUNK_BYTES,
    options.burstBytes ?? Math.min(MAX_DEFAULT_BURST_BYTES, options.bytesPerSecond),
  );
  let credit = burst;
  let refilledAt = now();
  let timerSet = false;
  const queue: Waiter[] = [];
  let streams = 0;
  const perClient = new Map<string, number>();

  const refill = () => {
    const at = now();
    credit = Math.min(burst, credit + (at - refilledAt) * rate);
    refilledAt = at;
  };

  const pump = () => {
    timerSet = false;
    refill();
    while (queue.length > 0) {
      const waiter = queue[0] as Waiter;
      if (waiter.cancelled) {
        queue.shift();
        continue;
      }
      if (credit < waiter.bytes) break;
      queue.shift();
      credit -= waiter.bytes;
      waiter.grant();
    }
    const next = queue[0];
    if (next !== undefined && !timerSet) {
      timerSet = true;
      setTimer(pump, Math.max(1, Math.ceil((next.bytes - credit) / rate)));
    }
  };

  const paced = (
    body: Buffer,
    release: () => void = () => {},
    onFirstRead: () => void = () => {},
  ): Readable => {
    let offset = 0;
    let started = false;
    let waiter: Waiter | null = null;
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      release();
    };
    return new Readable({
      read() {
        if (!started) {
          started = true;
          onFirstRead();
        }
        if (waiter !== null) return;
        const bytes = Math.min(CHUNK_BYTES, body.length - offset);
        waiter = {
          bytes,
          cancelled: false,
          grant: () => {
            waiter = null;
            const chunk = body.subarray(offset, offset + bytes);
            offset += bytes;
            this.push(chunk);
            if (offset >= body.length) {
              this.push(null);
              releaseOnce();
            }
          },
        };
        queue.push(waiter);
        pump();
      },
      destroy(error, callback) {
        if (waiter !== null) waiter.cancelled = true;
        releaseOnce();
        callback(error);
      },
    });
  };

  return {
    send(request, reply, body) {
      if (body.length <= CHUNK_BYTES || request.method === "HEAD") return reply.send(body);
      const client = clientCounterKey(request.ip);
      const mine = perClient.get(client) ?? 0;
      if (mine >= options.maxStreamsPerClient) {
        throw new AppError(
          "rate_limited",
          `Your network already has ${mine} large downloads in progress. Retry when one has finished.`,
          { headers: { "retry-after": "1" } },
        );
      }
      if (streams >= options.maxStreams) {
        throw new AppError(
          "service_unavailable",
          "Too many large downloads are in progress. Retry in a few seconds.",
          { headers: { "retry-after": "5" } },
        );
      }
      streams++;
      perClient.set(client, mine + 1);
      const release = () => {
        streams--;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left <= 0) perClient.delete(client);
        else perClient.set(client, left);
      };
      // The status and headers go out now, not with the first paced chunk.
      const stream = paced(body, release, () => reply.raw.flushHeaders());
      // The socket may close before the stream ends (a client that went away).
      reply.raw.once("close", () => stream.destroy());
      reply.header("content-length", String(body.length));
      return reply.send(stream);
    },
    stream: (body, onEnd) => paced(body, onEnd),
  };
}
