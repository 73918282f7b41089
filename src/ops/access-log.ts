/**
 * The API fast lane's access-log line (src/api/fast-lane.ts): the same
 * JSON line pino writes for every other request — level, time, pid,
 * hostname, request_id, method, url, status, ms, msg — formatted here and
 * handed to the app's log stream directly.
 *
 * Why by hand: through pino, the line costs about 4 µs (the redaction hook
 * and formatter scan every value by shape), a sixth of a whole one-record
 * request (docs/PERFORMANCE.md). Every value of a fast-lane line is made by
 * the lane itself — a URL from its fixed table, a UUID, two numbers — so
 * there is nothing to redact. When the logger is not writing to a stream
 * the app was given (tests with their own logger, or none), lines go
 * through the app's logger as usual.
 *
 * Why into bytes: even formatted as one template string, a line cost the
 * lane several µs in the running server (a dozen short strings per line,
 * joined and then copied again by the stream). Lines are written into one
 * buffer instead: the constant parts copied as prepared bytes (those
 * around the URL once per URL, those around the status once per status),
 * the milliseconds as digits computed into the buffer, the time and the
 * UUID as their ASCII characters.
 *
 * Why held: the lines reach the stream once 64 KB of them are held (about
 * 280 requests), or 100 ms after the first of them at the latest, and when
 * the app closes (`flush`). Handed over at the end of every turn of the
 * event loop, the stream's per-write work (measuring and merging what it
 * holds) was 2–3% of a one-record request's CPU, 0.3% handed over in
 * 16 KB; the stream then writes each batch at once, through a thread of
 * libuv's pool, and at 16 KB those hand-offs to the thread and back woke
 * the process 28–40 times in 1,000 requests (docs/PERFORMANCE.md,
 * "The log's writes"). What it costs: a line can reach the stream
 * up to 100 ms after the request, after log lines of later events (each
 * line carries its own time); and a process that ends without closing the
 * app (a crash, a second signal) loses what is held, as it loses what the
 * stream holds (src/ops/log-stream.ts).
 *
 * Handed over as bytes: the app's log stream keeps bytes, so the lines are
 * never decoded into a string and encoded back. The stream keeps the
 * bytes it is given until it writes them, so each hand-over gives away the
 * buffer and the next lines go into a new one (one 68 KB buffer per 64 KB
 * of lines). Any other stream given to the app (a Node `Writable`, say)
 * takes bytes as well.
 */
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { memoize } from "../lib/memoize.ts";
import { BATCH_BYTES } from "./log-stream.ts";

/**
 * `requestId` is ASCII (the lane's UUIDs); `ms` has at most two decimals;
 * `timeMs`, the line's time, is the clock's now unless given.
 */
export type AccessLine = (
  requestId: string,
  url: string,
  status: number,
  ms: number,
  timeMs?: number,
) => void;

/** The lane's access log: a line per request, and `flush` to hand what it holds to the stream now. */
export type AccessLog = AccessLine & { flush: () => void };

type Writable = { write: (chunk: Uint8Array) => unknown };

const INFO_ENABLED: ReadonlySet<string> = new Set(["trace", "debug", "info"]);

/**
 * Held lines go to the stream once they fill the stream's own batch
 * (`BATCH_BYTES`, so the stream writes them at once), or this long after the
 * first of them, at the latest.
 */
export const HOLD_MS = 100;
/** The longest line a request can make here (URLs longer than this go through pino instead). */
const MAX_LINE_BYTES = 2048;
const BUFFER_BYTES = BATCH_BYTES + 2 * MAX_LINE_BYTES;

const nothingHeld = () => {};

export function createAccessLog(log: FastifyBaseLogger, stream: Writable | undefined): AccessLog {
  if (!INFO_ENABLED.has(log.level)) return Object.assign(() => {}, { flush: nothingHeld });
  const viaPino: AccessLine = (requestId, url, status, ms) =>
    log.info({ request_id: requestId, method: "GET", url, status, ms }, "request");
  if (stream === undefined) return Object.assign(viaPino, { flush: nothingHeld });

  const bytes = (text: string) => Buffer.from(text, "utf8");
  const head = bytes('{"level":30,"time":');
  const afterTime = bytes(
    `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"request_id":"`,
  );
  const tail = bytes(',"msg":"request"}\n');
  // From the end of the request id to the status's digits, per URL (the
  // lane's URLs are a fixed table), and from the status to the
  // milliseconds' digits, per status: one copy each per line.
  const urlPart = memoize(
    (url: string) => bytes(`","method":"GET","url":${JSON.stringify(url)},"status":`),
    1024,
  );
  const statusPart = memoize((status: number) => bytes(`${status},"ms":`), 1024);

  // Given away at each hand-over (the stream keeps it until it writes it).
  let buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  let used = 0;
  // The time's digits, kept while the millisecond lasts.
  let lastTime = -1;
  let timeText = "";
  const put = (part: Uint8Array) => {
    buffer.set(part, used);
    used += part.length;
  };
  // Character by character: the time's 13 digits cost no more than a call
  // of `buffer.write`, which crosses into C++.
  const putAscii = (text: string) => {
    for (let i = 0; i < text.length; i++) buffer[used + i] = text.charCodeAt(i);
    used += text.length;
  };
  // A non-negative integer's decimal digits, written from the last.
  const putInteger = (value: number) => {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    used += digits;
    let rest = value;
    for (let i = used - 1; i >= used - digits; i--) {
      const next = Math.floor(rest / 10);
      buffer[i] = 48 + rest - next * 10;
      rest = next;
    }
  };
  // JSON's number form of a non-negative count of hundredths (1234 →
  // "12.34", 50 → "0.5", 300 → "3"), without making the string.
  const putHundredths = (hundredths: number) => {
    const whole = Math.floor(hundredths / 100);
    const fraction = hundredths - whole * 100;
    putInteger(whole);
    if (fraction === 0) return;
    buffer[used++] = 46; // "."
    const tens = Math.floor(fraction / 10);
    buffer[used++] = 48 + tens;
    if (fraction !== tens * 10) buffer[used++] = 48 + fraction - tens * 10;
  };
  // The hold's deadline, while lines are held.
  let deadline: NodeJS.Timeout | undefined;
  const flush = () => {
    if (deadline !== undefined) {
      clearTimeout(deadline);
      deadline = undefined;
    }
    if (used === 0) return;
    const lines = buffer.subarray(0, used);
    buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
    used = 0;
    stream.write(lines);
  };

  const line: AccessLine = (requestId, url, status, ms, timeMs = Date.now()) => {
    const afterId = urlPart(url);
    if (afterId.length + requestId.length > MAX_LINE_BYTES - 256) {
      viaPino(requestId, url, status, ms);
      return;
    }
    if (timeMs !== lastTime) {
      lastTime = timeMs;
      timeText = String(timeMs);
    }
    put(head);
    putAscii(timeText);
    put(afterTime);
    // The id's 36 characters: one `buffer.write` takes about two thirds of
    // the time the character-by-character copy does (measured, 90–103 ns
    // against 139–175 ns).
    used += buffer.write(requestId, used, "latin1");
    put(afterId);
    put(statusPart(status));
    putHundredths(Math.round(ms * 100));
    put(tail);
    if (used >= BATCH_BYTES) flush();
    else if (deadline === undefined) deadline = setTimeout(flush, HOLD_MS).unref();
  };
  return Object.assign(line, { flush });
}
