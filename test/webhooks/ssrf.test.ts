/**
 * The SSRF guard. Unit: the address check refuses private, link-local,
 * CGNAT, metadata and other reserved addresses without a connection being
 * attempted. Live, on loopback only: receivers listening on addresses that
 * are not on the allow-list see no connection, whether the URL names them
 * directly, through a host name (a lookup mapping in the test, never real
 * DNS), or through a redirect from an allowed receiver.
 */
import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import net from "node:net";
import { after, describe, mock, test } from "node:test";
import { createFakeClock } from "../../src/lib/clock.ts";
import {
  createAddressPolicy,
  createGuardedAgents,
  isForbiddenAddress,
  type Lookup,
  webhookUrlProblem,
} from "../../src/webhooks/webhook.address-guard.ts";
import { createWebhookDispatcher } from "../../src/webhooks/webhook.dispatcher.ts";
import { enqueueWebhookEvent } from "../../src/webhooks/webhook.enqueue.ts";
import { createWebhookSender } from "../../src/webhooks/webhook.sender.ts";
import { listDeliveryAttempts } from "../../src/webhooks/webhooks.repository.ts";
import { createTestDatabase } from "../helpers.ts";
import { insertEndpoint, type Receiver, startReceiver } from "./receiver.ts";

const receivers: Receiver[] = [];
after(async () => {
  for (const receiver of receivers) await receiver.close();
});

async function listen(host: string): Promise<Receiver> {
  const receiver = await startReceiver(host);
  receivers.push(receiver);
  return receiver;
}

const ALLOW_LIST = ["127.0.0.1"];

describe("the address check (unit)", () => {
  test("refuses private, loopback, link-local, CGNAT, multicast, unique-local and metadata addresses", () => {
    for (const address of [
      "10.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "fd00::1",
      "fd00:ec2::254",
      "127.0.0.1",
      "127.0.0.2",
      "0.0.0.0",
      "172.16.5.4",
      "192.168.1.1",
      "192.0.0.192",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::1",
      "[::1]",
      "not-an-address",
    ]) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "1.1.1.1"]) {
      assert.equal(isForbiddenAddress(address), false, address);
    }
  });

  test("IPv4-translated addresses (::ffff:0:0:0/96) are refused; IPv4-mapped ones are judged by their IPv4 address", () => {
    // ::ffff:0:a.b.c.d, the SIIT form: 127.0.0.1, 10.0.0.1, 169.254.169.254, and a public address too.
    for (const address of [
      "::ffff:0:7f00:1",
      "::ffff:0:127.0.0.1",
      "::ffff:0:a00:1",
      "::ffff:0:a9fe:a9fe",
      "::ffff:0:808:808",
      "[::ffff:0:7f00:1]",
    ]) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
    // ::ffff:0:0/96 (IPv4-mapped), in both spellings, and the plain IPv4 addresses beside them.
    for (const address of ["::ffff:7f00:1", "::ffff:a00:1", "::ffff:127.0.0.1"]) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
    for (const address of ["::ffff:808:808", "::ffff:8.8.8.8", "8.8.8.8", "93.184.216.34"]) {
      assert.equal(isForbiddenAddress(address), false, address);
    }
    const none = createAddressPolicy([]);
    assert.match(webhookUrlProblem("https://[::ffff:0:7f00:1]/x", none) ?? "", /private/);
    assert.match(webhookUrlProblem("https://[::ffff:7f00:1]/x", none) ?? "", /private/);
  });

  test("the allow-list admits exactly its addresses, nothing near them", () => {
    const policy = createAddressPolicy(["127.0.0.1", "::1"]);
    assert.equal(policy.admits("127.0.0.1"), true);
    assert.equal(policy.admits("::1"), true);
    assert.equal(policy.admits("[::1]"), true);
    assert.equal(policy.admits("127.0.0.2"), false);
    assert.equal(policy.admits("10.0.0.1"), false);
    assert.equal(policy.admits("93.184.216.34"), true, "public addresses are always admitted");
  });

  test("URLs at creation: https only; http only to an allow-listed address; no private literals", () => {
    const none = createAddressPolicy([]);
    const dev = createAddressPolicy(ALLOW_LIST);
    assert.equal(webhookUrlProblem("https://hooks.example.com/x", none), null);
    assert.match(webhookUrlProblem("http://hooks.example.com/x", none) ?? "", /https/);
    assert.match(webhookUrlProblem("http://127.0.0.1:8080/x", none) ?? "", /https/);
    assert.equal(webhookUrlProblem("http://127.0.0.1:8080/x", dev), null);
    assert.match(webhookUrlProblem("http://127.0.0.2:8080/x", dev) ?? "", /https/);
    assert.match(webhookUrlProblem("https://127.0.0.2:8080/x", dev) ?? "", /private/);
    assert.match(webhookUrlProblem("https://[::1]:8443/x", dev) ?? "", /private/);
    assert.match(webhookUrlProblem("https://[fd00::1]/x", none) ?? "", /private/);
    assert.match(webhookUrlProblem("https://0x7f000001/x", none) ?? "", /private/);
    assert.match(webhookUrlProblem("https://2130706433/x", none) ?? "", /private/);
    assert.match(webhookUrlProblem("https://metadata.google.internal/x", none) ?? "", /private/);
    assert.match(webhookUrlProblem("ftp://example.com/x", none) ?? "", /https/);
    assert.match(webhookUrlProblem("https://example.com/x#frag", none) ?? "", /fragment/);
  });

  test("a delivery to 10.0.0.1, 169.254.169.254, 100.64.0.1 or fd00::1 fails before any connection is attempted", async () => {
    const agents = createGuardedAgents({ policy: createAddressPolicy(ALLOW_LIST) });
    const send = createWebhookSender(agents);
    const connect = mock.method(net.Socket.prototype, "connect");
    try {
      for (const url of [
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://100.64.0.1/hook",
        "https://[fd00::1]/hook",
        "http://169.254.169.254/latest/meta-data/",
      ]) {
        const result = await send(url, "{}", {});
        assert.equal(result.status, null, url);
        assert.match(result.error ?? "", /refused: .* is a private or reserved address/, url);
      }
      assert.equal(connect.mock.callCount(), 0, "no socket ever connected");
    } finally {
      connect.mock.restore();
      agents.close();
    }
  });

  test("a name resolving to a private address is refused in the lookup, also when mixed with a public one", async () => {
    const answers: Record<string, LookupAddress[]> = {
      "internal.example.test": [{ address: "10.1.2.3", family: 4 }],
      "mixed.example.test": [
        { address: "93.184.216.34", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ],
    };
    const lookup: Lookup = (hostname, _options, callback) =>
      queueMicrotask(() => callback(null, answers[hostname] ?? []));
    const agents = createGuardedAgents({ policy: createAddressPolicy([]), lookup });
    const send = createWebhookSender(agents);
    const connect = mock.method(net.Socket.prototype, "connect");
    try {
      const internal = await send("https://internal.example.test/hook", "{}", {});
      assert.match(internal.error ?? "", /internal.example.test resolves to 10.1.2.3/);
      const mixed = await send("https://mixed.example.test/hook", "{}", {});
      assert.match(mixed.error ?? "", /resolves to 169.254.169.254/);
      // net.Socket.connect runs (it calls the lookup), but no connection is made:
      for (const call of connect.mock.calls) {
        assert.equal((call.this as net.Socket).remoteAddress, undefined);
      }
    } finally {
      connect.mock.restore();
      agents.close();
    }
  });
});

describe("the address check (live, loopback)", () => {
  async function deliverOnce(
    url: string,
    options: { lookup?: Lookup } = {},
  ): Promise<{ error: string | null; status: number | null }> {
    const database = await createTestDatabase();
    const clock = createFakeClock(Date.now());
    const agents = createGuardedAgents({
      policy: createAddressPolicy(ALLOW_LIST),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    const dispatcher = createWebhookDispatcher({
      db: database.db,
      clock,
      send: createWebhookSender(agents),
      concurrency: 2,
      log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
    });
    const { endpoint } = await insertEndpoint(database.db, url, {
      eventTypes: ["dataset.released"],
    });
    await enqueueWebhookEvent(
      database.db,
      {
        id: "dataset.released:live",
        type: "dataset.released",
        timestamp: new Date(clock.now()).toISOString(),
        jurisdiction: null,
        data: {
          version: "2026.01.01",
          released: "2026-01-01",
          sources_current_to: "2026-01-01",
          links: { data: "https://a.example/data", changes: "https://a.example/v1/changes" },
        },
      },
      clock,
    );
    assert.equal(await dispatcher.runOnce(), 1);
    const [attempt] = await listDeliveryAttempts(database.db, endpoint.id);
    agents.close();
    await database.close();
    return { error: attempt?.error ?? null, status: attempt?.statusCode ?? null };
  }

  test("http://127.0.0.2:PORT/ (not allow-listed): refused at creation and at delivery; no connection", async () => {
    const target = await listen("127.0.0.2");
    assert.match(webhookUrlProblem(target.url, createAddressPolicy(ALLOW_LIST)) ?? "", /https/);
    const https = target.url.replace("http:", "https:");
    assert.match(webhookUrlProblem(https, createAddressPolicy(ALLOW_LIST)) ?? "", /private/);
    for (const url of [target.url, https]) {
      const result = await deliverOnce(url);
      assert.match(result.error ?? "", /refused: 127.0.0.2 is a private or reserved address/);
    }
    assert.equal(target.connections, 0);
  });

  test("https://[::1]:PORT/ (not allow-listed): refused; no connection", async (t) => {
    let target: Receiver;
    try {
      target = await listen("::1");
    } catch {
      t.skip("no IPv6 loopback on this machine");
      return;
    }
    const url = target.url.replace("http:", "https:");
    assert.match(webhookUrlProblem(url, createAddressPolicy(ALLOW_LIST)) ?? "", /private/);
    const result = await deliverOnce(url);
    assert.match(result.error ?? "", /refused: ::1 is a private or reserved address/);
    assert.equal(target.connections, 0);
  });

  test("a name that resolves to a loopback address is refused at connect time; no connection", async () => {
    const target = await listen("127.0.0.3");
    let lookups = 0;
    // Like DNS rebinding: what the name resolves to is only known when connecting.
    const lookup: Lookup = (hostname, _options, callback) => {
      lookups += 1;
      const address = hostname === "hooks.rebind.example" ? "127.0.0.3" : "203.0.113.9";
      queueMicrotask(() => callback(null, [{ address, family: 4 }]));
    };
    assert.equal(
      webhookUrlProblem(
        `https://hooks.rebind.example:${target.port}/hook`,
        createAddressPolicy(ALLOW_LIST),
      ),
      null,
      "a public-looking name passes creation",
    );
    for (const scheme of ["https", "http"]) {
      const result = await deliverOnce(`${scheme}://hooks.rebind.example:${target.port}/hook`, {
        lookup,
      });
      assert.match(
        result.error ?? "",
        /refused: hooks.rebind.example resolves to 127.0.0.3, a private or reserved address/,
      );
    }
    assert.ok(lookups >= 2, "resolved at connect time");
    assert.equal(target.connections, 0);
  });

  test("a redirect from an allowed receiver to 127.0.0.2 is not followed", async () => {
    const target = await listen("127.0.0.2");
    const allowed = await listen("127.0.0.1");
    allowed.respond = () => ({ redirect: target.url });
    const result = await deliverOnce(allowed.url);
    assert.equal(result.status, 302, "the redirect is the attempt's result, a failure");
    assert.equal(allowed.received.length, 1);
    assert.equal(target.connections, 0);
  });
});
