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
      SHUTDOWN_GRACE_MS: "5000",
    });
    assert.deepEqual(
      { ...config },
      {
        port: 8080,
        host: "0.0.0.0",
        logLevel: "warn",
        publicBaseUrl: "https://api.example.org",
        dataDir: "/srv/data",
        shutdownGraceMs: 5000,
      },
    );
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
