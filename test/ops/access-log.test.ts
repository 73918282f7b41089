/**
 * The fast lane's access-log lines (src/ops/access-log.ts), written into
 * bytes: the same JSON, field for field and in the same order, as pino's
 * line for the same request; lines are held until 64 KB of them are, or
 * 100 ms after the first, or a flush, and reach the stream whole and in
 * order.
 */
import assert from "node:assert/strict";
import { hostname } from "node:os";
import { test } from "node:test";
import fc from "fast-check";
import type { FastifyBaseLogger } from "fastify";
import { createAccessLog, HOLD_MS } from "../../src/ops/access-log.ts";
import { BATCH_BYTES } from "../../src/ops/log-stream.ts";

const infoLogger = { level: "info" } as FastifyBaseLogger;

/** What the stream was given, decoded at once; `chunks` keeps the bytes themselves. */
function capture() {
  const writes: string[] = [];
  const chunks: Uint8Array[] = [];
  return {
    writes,
    chunks,
    stream: {
      write: (chunk: Uint8Array) => {
        chunks.push(chunk);
        writes.push(new TextDecoder().decode(chunk));
      },
    },
  };
}

test("milliseconds are written as JSON writes the number", async () => {
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: 10_000_000 }), async (hundredths) => {
      const { writes, stream } = capture();
      const line = createAccessLog(infoLogger, stream);
      line("x", "/v1/states", 200, hundredths / 100);
      line.flush();
      assert.ok(
        (writes[0] as string).includes(`,"ms":${JSON.stringify(hundredths / 100)},`),
        `${hundredths} hundredths in ${writes[0]}`,
      );
    }),
    { numRuns: 5_000, examples: [[0], [1], [9], [10], [50], [99], [100], [101], [110], [300]] },
  );
});

test("a line is pino's JSON line for the request, field for field", async () => {
  const url = fc.oneof(
    fc.constantFrom("/v1/states", "/v1/states/CA", "/v1/states/CA/history"),
    fc.string({ maxLength: 40 }).map((s) => `/v1/${s}`),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.uuid(),
      url,
      fc.integer({ min: 100, max: 599 }),
      fc.nat({ max: 1_000_000 }),
      async (requestId, path, status, hundredths) => {
        const { writes, stream } = capture();
        const line = createAccessLog(infoLogger, stream);
        const before = Date.now();
        line(requestId, path, status, hundredths / 100);
        line.flush();
        assert.equal(writes.length, 1);
        const text = writes[0] as string;
        assert.ok(text.endsWith("}\n"));
        const parsed = JSON.parse(text) as Record<string, unknown>;
        assert.deepEqual(Object.keys(parsed), [
          "level",
          "time",
          "pid",
          "hostname",
          "request_id",
          "method",
          "url",
          "status",
          "ms",
          "msg",
        ]);
        assert.ok((parsed.time as number) >= before && (parsed.time as number) <= Date.now());
        assert.deepEqual(
          { ...parsed, time: 0 },
          {
            level: 30,
            time: 0,
            pid: process.pid,
            hostname: hostname(),
            request_id: requestId,
            method: "GET",
            url: path,
            status,
            ms: hundredths / 100,
            msg: "request",
          },
        );
      },
    ),
    { numRuns: 300 },
  );
});

test("lines are held until 64 KB of them are or 100 ms have passed, then written whole and in order", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { writes, stream } = capture();
  const line = createAccessLog(infoLogger, stream);
  line("00000000-0000-4000-8000-000000000001", "/v1/states/CA", 200, 1.5);
  line("00000000-0000-4000-8000-000000000002", "/v1/states/NY", 304, 0.25);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(writes.length, 0, "held past the end of the turn");
  t.mock.timers.tick(HOLD_MS - 1);
  assert.equal(writes.length, 0, "held until the hold is over");
  t.mock.timers.tick(1);
  assert.equal(writes.length, 1, "written when the hold is over");
  assert.equal((writes[0] as string).split("\n").length, 3);
  t.mock.timers.tick(10 * HOLD_MS);
  assert.equal(writes.length, 1, "nothing more once written");

  writes.length = 0;
  const count = 8_000; // ~1.4 MB: many times what is held
  for (let i = 0; i < count; i++)
    line(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, "/v1/states/TX", 200, i / 100);
  assert.ok(writes.length >= 20, `written as they filled (${writes.length} writes)`);
  for (const write of writes) {
    assert.ok(write.endsWith("\n"), "every write ends a line");
    assert.ok(Buffer.byteLength(write) >= BATCH_BYTES, "a write holds 64 KB at least");
  }
  t.mock.timers.tick(HOLD_MS);
  const lines = writes.join("").split("\n").filter(Boolean);
  assert.equal(lines.length, count, "the rest written when the hold is over");
  lines.forEach((text, i) => {
    const parsed = JSON.parse(text) as { request_id: string; ms: number };
    assert.equal(parsed.request_id.slice(-12), String(i).padStart(12, "0"), "in order");
    assert.equal(parsed.ms, i / 100);
  });
});

test("flush hands every held line to the stream at once; with none held it writes nothing", () => {
  const { writes, stream } = capture();
  const line = createAccessLog(infoLogger, stream);
  line.flush();
  assert.equal(writes.length, 0);
  line("00000000-0000-4000-8000-000000000001", "/v1/states/CA", 200, 1);
  line("00000000-0000-4000-8000-000000000002", "/v1/states/CA", 200, 2);
  line.flush();
  assert.equal(writes.length, 1);
  assert.equal((writes[0] as string).split("\n").filter(Boolean).length, 2);
  line.flush();
  assert.equal(writes.length, 1);
});

test("bytes handed to the stream are never written again: the stream may keep them until it writes", () => {
  const { writes, chunks, stream } = capture();
  const line = createAccessLog(infoLogger, stream);
  for (let i = 0; i < 500; i++)
    line(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, "/v1/states/CA", 200, i);
  line.flush();
  line("00000000-0000-4000-8000-999999999999", "/v1/states/NY", 304, 0);
  line.flush();
  assert.ok(chunks.length >= 3, `${chunks.length} hand-overs`);
  chunks.forEach((chunk, i) => {
    assert.equal(new TextDecoder().decode(chunk), writes[i], `hand-over ${i} unchanged since`);
  });
  const buffers = new Set(chunks.map((chunk) => chunk.buffer));
  assert.equal(buffers.size, chunks.length, "each hand-over in memory of its own");
});

test("a line given its time carries that time", () => {
  const { writes, stream } = capture();
  const line = createAccessLog(infoLogger, stream);
  line("00000000-0000-4000-8000-000000000001", "/v1/states/CA", 200, 0, 1_795_000_000_123);
  line("00000000-0000-4000-8000-000000000002", "/v1/states/CA", 200, 0, 1_795_000_000_124);
  line.flush();
  const times = (writes[0] as string)
    .split("\n")
    .filter(Boolean)
    .map((text) => (JSON.parse(text) as { time: number }).time);
  assert.deepEqual(times, [1_795_000_000_123, 1_795_000_000_124]);
});

test("below info, nothing is written", () => {
  const { writes, stream } = capture();
  const line = createAccessLog({ level: "warn" } as FastifyBaseLogger, stream);
  line("x", "/v1/states", 200, 1);
  line.flush();
  assert.equal(writes.length, 0);
});
