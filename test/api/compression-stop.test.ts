/**
 * The API's prebuilt bodies are compressed in the background, one body at a
 * time, once the app listens (src/api/api.register.ts). When the app closes,
 * that stops after the body in hand: a stopping instance does not wait for
 * every body's brotli (docs/DEPLOY.md, "Stopping an instance").
 *
 * zlib's brotliCompress and gzip are wrapped before the app's modules load
 * (they take them as they load), so the test sees every compression
 * started and finished.
 */
import assert from "node:assert/strict";
import { syncBuiltinESMExports } from "node:module";
import { after, test } from "node:test";
import zlib from "node:zlib";
import { until } from "../support/wait.ts";

// Every compression the app starts, by brotli or gzip, and how many run now.
let started = 0;
let running = 0;
const originals = { brotliCompress: zlib.brotliCompress, gzip: zlib.gzip };
for (const name of ["brotliCompress", "gzip"] as const) {
  const compress = originals[name] as (
    buffer: zlib.InputType,
    options: object,
    callback: zlib.CompressCallback,
  ) => void;
  (zlib as unknown as Record<string, unknown>)[name] = (
    buffer: zlib.InputType,
    options: object,
    callback: zlib.CompressCallback,
  ) => {
    started++;
    running++;
    compress(buffer, options, (error, result) => {
      running--;
      callback(error, result);
    });
  };
}
syncBuiltinESMExports();
after(() => {
  Object.assign(zlib, originals);
  syncBuiltinESMExports();
});

const { buildTestApp } = await import("../helpers.ts");

test("closing the app stops the background compression after the body in hand", async () => {
  const app = await buildTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  await until("the background compression to start", () => started > 0);
  await app.close();
  const atClose = started;
  // Without the stop, the next body starts as soon as one finishes, and
  // this waits until all of them are done.
  await until("the body in hand to be finished", () => running === 0, 60_000);
  assert.equal(started, atClose, "no body is compressed after the app closed");

  // The same bodies, compressed without a close: every one of them.
  const open = await buildTestApp();
  const before = started;
  await open.listen({ port: 0, host: "127.0.0.1" });
  await until("every body to be compressed", () => started > before && running === 0, 120_000);
  await open.close();
  assert.ok(
    started - before > 10 * Math.max(atClose, 1),
    `${started - before} bodies compressed by an open app, ${atClose} by one closed at once`,
  );
});
