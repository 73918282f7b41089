/**
 * Where the logs go: stdout, written in batches. A synchronous write per
 * line (pino's default) is one system call per request for the access log;
 * here lines collect in a buffer that is written once it holds
 * BATCH_BYTES, or every FLUSH_INTERVAL_MS, whichever comes first, and
 * synchronously on shutdown (`flushSync`). The cost: a crash can lose up to
 * a second of log lines.
 */
import pino from "pino";

export const BATCH_BYTES = 16_000;
export const FLUSH_INTERVAL_MS = 1000;

export type LogStream = ReturnType<typeof pino.destination>;

export function createLogStream(fd = 1): LogStream {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_INTERVAL_MS,
  });
}
