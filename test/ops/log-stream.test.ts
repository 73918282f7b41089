/**
 * The app's log stream (src/ops/log-stream.ts) keeps bytes: pino's lines,
 * given as text, and the access log's, given as bytes, reach the file whole,
 * in the order they were written, non-ASCII characters included.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import pino from "pino";
import { BATCH_BYTES, createLogStream } from "../../src/ops/log-stream.ts";

test("text and bytes reach the file whole and in order, non-ASCII text included", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "cls-log-stream-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "log");
  const fd = openSync(path, "w");
  const stream = createLogStream(fd);
  const logger = pino({ base: null, timestamp: false }, stream);
  const expected: string[] = [];
  for (let i = 0; i < 6000; i++) {
    if (i % 3 === 0) {
      logger.info({ i, name: "Bogotá – São Paulo ✓" }, "text");
      expected.push(JSON.stringify({ level: 30, i, name: "Bogotá – São Paulo ✓", msg: "text" }));
    } else {
      const line = JSON.stringify({ i, msg: "bytes" });
      stream.write(Buffer.from(`${line}\n`));
      expected.push(line);
    }
  }
  stream.flushSync();
  closeSync(fd);
  const written = readFileSync(path, "utf8");
  assert.ok(Buffer.byteLength(written) > BATCH_BYTES, "more than one batch was written");
  assert.deepEqual(written.split("\n").filter(Boolean), expected);
});

test("a process whose log stream was ended and closed exits 0", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "cls-log-stream-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "log");
  const module = new URL("../../src/ops/log-stream.ts", import.meta.url).href;
  // The stream flushes what it holds when the process exits; once it is
  // ended and closed, it holds nothing and must not try.
  const script = `
    import { openSync } from "node:fs";
    const { createLogStream } = await import(${JSON.stringify(module)});
    const stream = createLogStream(openSync(${JSON.stringify(path)}, "w"));
    stream.write("a line\\n");
    stream.end();
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "--eval", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(readFileSync(path, "utf8"), "a line\n");
});
