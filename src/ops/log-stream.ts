/**
 * Where the logs go: stdout, written in batches. A synchronous write per
 * line (pino's default) is one system call per request for the access log;
 * here lines collect in a buffer that is written once it holds
 * BATCH_BYTES, or every FLUSH_INTERVAL_MS, whichever comes first, and
 * synchronously on shutdown (`flushSync`). The cost: a crash can lose up to
 * a second of log lines.
 *
 * Batches of 64 KB: each write goes through a thread of libuv's pool and
 * back, two wake-ups of a thread; in 16 KB batches a busy server paid
 * that every 70 requests: 28–40 involuntary context switches in 1,000 requests
 * on one core against 6–10 for a bare server, 11–14 in 64 KB batches
 * (docs/PERFORMANCE.md, "The log's writes"). One write takes at most
 * 256 KB (sonic-boom's `maxWrite`).
 *
 * The stream keeps bytes, not text (sonic-boom's `buffer` mode): the fast
 * lane's access log (src/ops/access-log.ts) writes its lines as bytes
 * already, and a stream of text would decode them, measure them and encode
 * them again on the way out — about 1,300 instructions of a one-record
 * request, 1.5% of the bare answer (docs/PERFORMANCE.md). pino's own
 * lines, which come as text, are encoded once as they arrive.
 */
import pino from "pino";

export const BATCH_BYTES = 64_000;
export const FLUSH_INTERVAL_MS = 1000;

/** A log stream: pino writes text to it, the access log bytes (which it no longer touches). */
export type LogStream = ReturnType<typeof pino.destination> & {
  write: (chunk: string | Uint8Array) => boolean;
};

export function createLogStream(fd = 1): LogStream {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
    periodicFlush: FLUSH_INTERVAL_MS,
    contentMode: "buffer",
  });
  // In `buffer` mode sonic-boom counts a chunk's `length` as its bytes: text
  // is encoded first, or a line with non-ASCII characters would be cut.
  const writeBytes = stream.write.bind(stream) as unknown as (chunk: Uint8Array) => boolean;
  return Object.assign(stream, {
    write: (chunk: string | Uint8Array) =>
      writeBytes(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk),
  });
}
