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
 */
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";

export type AccessLine = (requestId: string, url: string, status: number, ms: number) => void;

type Writable = { write: (line: string) => unknown };

const INFO_ENABLED: ReadonlySet<string> = new Set(["trace", "debug", "info"]);

export function createAccessLog(log: FastifyBaseLogger, stream: Writable | undefined): AccessLine {
  if (!INFO_ENABLED.has(log.level)) return () => {};
  if (stream === undefined) {
    return (requestId, url, status, ms) =>
      log.info({ request_id: requestId, method: "GET", url, status, ms }, "request");
  }
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"request_id":"`;
  // Lines answered in one turn of the event loop go to the stream as one
  // write at the end of that turn (the stream measures and copies each
  // write whole, so one per line costs more than the line itself).
  let pending = "";
  const flush = () => {
    const lines = pending;
    pending = "";
    stream.write(lines);
  };
  return (requestId, url, status, ms) => {
    if (pending === "") setImmediate(flush);
    pending += `{"level":30,"time":${Date.now()}${base}${requestId}","method":"GET","url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"}\n`;
  };
}
