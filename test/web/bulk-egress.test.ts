import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { CHUNK_BYTES, createBulkEgress } from "../../src/web/bulk-egress.ts";
import { buildTestApp, type TestApp } from "../helpers.ts";

/** Time the pacer sees, and its timers, moved by hand. */
function fakeTime() {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (callback: () => void, ms: number) => {
      timers.push({ at: now + ms, callback });
    },
    /** Moves to the next timer and runs it; false when none is set. */
    next: () => {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (timer === undefined) return false;
      now = Math.max(now, timer.at);
      timer.callback();
      return true;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the pace of large downloads", () => {
  test("all streams together never get ahead of burst + rate × time, and each arrives whole", async () => {
    const time = fakeTime();
    const rate = 256 * 1024; // bytes per second
    const burst = 128 * 1024;
    const egress = createBulkEgress({
      bytesPerSecond: rate,
      burstBytes: burst,
      maxStreams: 8,
      maxStreamsPerClient: 8,
      now: time.now,
      setTimer: time.setTimer,
    });
    const bodies = [randomBytes(1024 * 1024 + 17), randomBytes(700 * 1024)];
    const received: Buffer[][] = bodies.map(() => []);
    const arrivals: { at: number; bytes: number; stream: number }[] = [];
    let ended = 0;
    bodies.forEach((body, index) => {
      const stream = egress.stream(body, () => ended++);
      stream.on("data", (chunk: Buffer) => {
        received[index]?.push(chunk);
        arrivals.push({ at: time.now(), bytes: chunk.length, stream: index });
      });
    });
    while (ended < bodies.length) {
      await turn();
      if (!time.next()) await turn();
    }
    bodies.forEach((body, index) => {
      assert.ok(Buffer.concat(received[index] ?? []).equals(body), `stream ${index} intact`);
    });
    let sent = 0;
    for (const arrival of arrivals) {
      sent += arrival.bytes;
      assert.ok(
        sent <= burst + (rate * arrival.at) / 1000 + 1,
        `${sent} bytes by ${arrival.at} ms is ahead of the pace`,
      );
    }
    const total = bodies.reduce((sum, body) => sum + body.length, 0);
    const last = arrivals.at(-1)?.at ?? 0;
    // Not slower than the pace either: the last byte leaves within one chunk's time of it.
    assert.ok(
      last <= ((total - burst) / rate) * 1000 + (CHUNK_BYTES / rate) * 1000 + 2,
      `${last} ms`,
    );
    // The two took turns: the shorter one did not wait for the longer to finish.
    const firstOfSecond = arrivals.findIndex((a) => a.stream === 1);
    assert.ok(firstOfSecond < 4, `second stream started at chunk ${firstOfSecond}`);
  });

  test("a destroyed stream gives its turn to the others and ends once", async () => {
    const time = fakeTime();
    const egress = createBulkEgress({
      bytesPerSecond: 64 * 1024,
      burstBytes: 64 * 1024,
      maxStreams: 8,
      maxStreamsPerClient: 8,
      now: time.now,
      setTimer: time.setTimer,
    });
    let endedA = 0;
    let endedB = 0;
    const a = egress.stream(randomBytes(CHUNK_BYTES * 4), () => endedA++);
    const body = randomBytes(CHUNK_BYTES * 3);
    const b = egress.stream(body, () => endedB++);
    const gotB: Buffer[] = [];
    a.on("data", () => a.destroy());
    b.on("data", (chunk: Buffer) => gotB.push(chunk));
    while (endedB === 0) {
      await turn();
      if (!time.next()) await turn();
    }
    assert.equal(endedA, 1);
    assert.equal(endedB, 1);
    assert.ok(Buffer.concat(gotB).equals(body));
  });
});

describe("large downloads over HTTP", () => {
  let app: TestApp;
  let origin: string;
  before(async () => {
    // A slow pace keeps downloads in progress while the test counts them.
    app = await buildTestApp(
      {},
      {
        DOWNLOAD_BYTES_PER_SECOND: "10000",
        MAX_DOWNLOADS: "6",
        TRUST_PROXY: "1",
        WEB_RATE_LIMIT: "100000",
      },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  /** Starts a download and resolves with its status once the headers arrive; the body stays unread. */
  const start = (client: string) =>
    new Promise<{ status: number; retryAfter: string | undefined; close: () => void }>(
      (resolve, reject) => {
        const request = httpRequest(`${origin}/docs/scalar.js`, {
          headers: { "accept-encoding": "br", "x-forwarded-for": client },
        });
        request.on("response", (response) => {
          if (response.statusCode !== 200) response.resume();
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
            close: () => request.destroy(),
          });
        });
        request.on("error", reject);
        request.end();
      },
    );

  test("four per client network, then 429 with Retry-After; another client is still served", async () => {
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push(await start("203.0.113.7"));
    assert.deepEqual(
      mine.map((d) => d.status),
      [200, 200, 200, 200],
    );
    const fifth = await start("203.0.113.7");
    assert.equal(fifth.status, 429);
    assert.equal(fifth.retryAfter, "1");
    const other = await start("198.51.100.9");
    assert.equal(other.status, 200);

    // The whole server: six in progress, the seventh is told to come back.
    const sixth = await start("198.51.100.10");
    assert.equal(sixth.status, 200);
    const seventh = await start("198.51.100.11");
    assert.equal(seventh.status, 503);
    assert.equal(seventh.retryAfter, "5");

    // A client that goes away frees its place.
    for (const download of [...mine, other, sixth]) download.close();
    let again = await start("198.51.100.11");
    for (let attempt = 0; again.status !== 200 && attempt < 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      again = await start("198.51.100.11");
    }
    assert.equal(again.status, 200);
    again.close();
  });

  test("/v1 is never paced: an API request is answered while downloads are held", async () => {
    const held = [await start("192.0.2.50"), await start("192.0.2.51")];
    const response = await fetch(`${origin}/v1/states`, { headers: { "accept-encoding": "br" } });
    assert.equal(response.status, 200);
    assert.ok((await response.arrayBuffer()).byteLength > 10_000);
    for (const download of held) download.close();
  });
});
