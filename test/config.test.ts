import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("loadConfig", () => {
  test("defaults: 127.0.0.1:3000, info logs, base URL from host and port", () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.logLevel, "info");
    assert.equal(config.publicBaseUrl, "http://127.0.0.1:3000");
    assert.ok(Object.isFrozen(config));
  });

  test("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: "https://api.example.org",
      DATA_DIR: "/srv/data",
      DATABASE_URL: "sqlite:/srv/var/app.db",
      SHUTDOWN_GRACE_MS: "5000",
    });
    const { trustProxy, publicRateLimit, keyRateLimit, rateLimitMaxCounters, ...rest } = config;
    assert.deepEqual(trustProxy, false);
    assert.deepEqual(publicRateLimit, { limit: 60, windowMs: 900_000 });
    assert.deepEqual(keyRateLimit, { limit: 1000, windowMs: 3_600_000 });
    assert.equal(rateLimitMaxCounters, 100_000);
    assert.deepEqual(rest, {
      port: 8080,
      host: "0.0.0.0",
      logLevel: "warn",
      publicBaseUrl: "https://api.example.org",
      dataDir: "/srv/data",
      databaseUrl: "sqlite:/srv/var/app.db",
      shutdownGraceMs: 5000,
    });
  });

  test("rate limits and trusted proxies are operator settings", () => {
    const config = loadConfig({
      PUBLIC_RATE_LIMIT: "120",
      PUBLIC_RATE_WINDOW_SECONDS: "60",
      KEY_RATE_LIMIT: "5000",
      KEY_RATE_WINDOW_SECONDS: "600",
      TRUST_PROXY: "10.0.0.0/8, 2001:db8::1",
    });
    assert.deepEqual(config.publicRateLimit, { limit: 120, windowMs: 60_000 });
    assert.deepEqual(config.keyRateLimit, { limit: 5000, windowMs: 600_000 });
    assert.deepEqual(config.trustProxy, ["10.0.0.0/8", "2001:db8::1"]);
    assert.equal(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
    assert.equal(loadConfig({ TRUST_PROXY: "0" }).trustProxy, false);
  });

  test("an empty variable counts as unset", () => {
    assert.equal(loadConfig({ PORT: "" }).port, 3000);
  });

  for (const [name, value] of [
    ["PORT", "http"],
    ["PORT", "70000"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_BASE_URL", "api.example.org"],
    ["PUBLIC_BASE_URL", "https://api.example.org/v1"],
    ["SHUTDOWN_GRACE_MS", "-1"],
    ["DATABASE_URL", "mysql://db/app"],
    ["TRUST_PROXY", "10.0.0.0/99"],
    ["TRUST_PROXY", "yes"],
    ["PUBLIC_RATE_WINDOW_SECONDS", "0"],
  ] as const) {
    test(`refuses ${name}=${value} with a message naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes(name) &&
          error.message.includes(value),
      );
    });
  }
});
