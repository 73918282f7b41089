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
import sonicBoom from "sonic-boom";

// The module is the class (CommonJS), typed as a namespace holding it.
const { SonicBoom } = sonicBoom;
type SonicBoom = InstanceType<typeof SonicBoom>;

export const BATCH_BYTES = 64_000;
export const FLUSH_INTERVAL_MS = 1000;

/** A log stream: pino writes text to it, the access log bytes (which it no longer touches). */
export type LogStream = SonicBoom & {
  write: (chunk: string | Uint8Array) => boolean;
};

/**
 * The stream of `fd` (stdout by default).
 *
 * A reader that has gone (the pipe the logs went into closed: a log shipper
 * that died, or `npm start | pino-pretty` stopped by Ctrl-C together with
 * the server) is a broken pipe, EPIPE. Logging then stops and the server
 * goes on, as pino does for the streams it makes: every later line is
 * dropped, and `flushSync` returns at once. sonic-boom 4 (pino's own) retried
 * a synchronous flush that met EPIPE for ever, so a server stopped right
 * after its reader went never exited; sonic-boom 5 throws, and that is
 * caught here. Any other write error is the stream's `error` event, unhandled
 * as before: the process ends with it.
 *
 * What is held when the process exits some other way (an uncaught
 * exception) is written synchronously on its `exit` event, unless the
 * stream was ended and closed before: then nothing is held.
 */
export function createLogStream(fd = 1): LogStream {
  const stream = new SonicBoom({
    fd,
    sync: false,
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
    periodicFlush: FLUSH_INTERVAL_MS,
    contentMode: "buffer",
  });
  let broken = false;
  const brokenPipe = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "EPIPE";
  const onError = (error: Error) => {
    if (brokenPipe(error)) {
      broken = true;
      return;
    }
    stream.off("error", onError);
    stream.emit("error", error);
  };
  stream.on("error", onError);
  // In `buffer` mode sonic-boom counts a chunk's `length` as its bytes: text
  // is encoded first, or a line with non-ASCII characters would be cut.
  const writeBytes = stream.write.bind(stream) as unknown as (chunk: Uint8Array) => boolean;
  const flushSync = stream.flushSync.bind(stream);
  const flushHeld = () => {
    // sonic-boom sets `destroyed` once the stream is ended or destroyed (not in its types).
    if (broken || (stream as { destroyed?: boolean }).destroyed === true) return;
    try {
      flushSync();
    } catch (error) {
      if (!brokenPipe(error)) throw error;
      broken = true;
    }
  };
  process.once("exit", flushHeld);
  stream.once("close", () => process.off("exit", flushHeld));
  return Object.assign(stream, {
    write: (chunk: string | Uint8Array) =>
      broken || writeBytes(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk),
    flushSync: flushHeld,
  });
}
