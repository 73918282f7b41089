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
      SMTP_URL: "smtp://mailer:secret@mail.example.org:587",
      MAIL_OUTBOX_DIR: "/srv/var/outbox",
    });
    const {
      trustProxy,
      publicRateLimit,
      keyRateLimit,
      rateLimitMaxCounters,
      deprecation,
      embedFrameAncestors,
      ...rest
    } = config;
    assert.equal(deprecation, null);
    assert.deepEqual(embedFrameAncestors, ["*"]);
    assert.deepEqual(trustProxy, false);
    assert.deepEqual(publicRateLimit, { limit: 60, windowMs: 900_000 });
    assert.deepEqual(keyRateLimit, { limit: 1000, windowMs: 3_600_000 });
    assert.equal(rateLimitMaxCounters, 1_000_000);
    assert.deepEqual(rest, {
      port: 8080,
      host: "0.0.0.0",
      logLevel: "warn",
      publicBaseUrl: "https://api.example.org",
      dataDir: "/srv/data",
      databaseUrl: "sqlite:/srv/var/app.db",
      webRateLimit: { limit: 3000, windowMs: 300_000 },
      downloads: { bytesPerSecond: 16 * 1024 * 1024, maxStreams: 64 },
      redisUrl: null,
      instanceCount: 1,
      metricsPort: null,
      shutdownGraceMs: 5000,
      shutdownDrainMs: 10_000,
      headersTimeoutMs: 12_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
      maxConnectionsPerClient: 64,
      smtpUrl: "smtp://mailer:secret@mail.example.org:587",
      mailFrom: "Cannabis Legal Status <no-reply@api.example.org>",
      mailOutboxDir: "/srv/var/outbox",
      watch: {
        federalRegisterUrl: "https://www.federalregister.gov/api/v1",
        openStatesUrl: "https://v3.openstates.org",
        openStatesApiKey: null,
      },
      webhooks: { concurrency: 8, allowedPrivateHosts: [] },
    });
  });

  test("webhooks: concurrency, and the development allow-list of exact private addresses", () => {
    const config = loadConfig({
      WEBHOOK_CONCURRENCY: "32",
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1, ::1",
    });
    assert.deepEqual(config.webhooks, {
      concurrency: 32,
      allowedPrivateHosts: ["127.0.0.1", "::1"],
    });
    assert.throws(() => loadConfig({ WEBHOOK_CONCURRENCY: "0" }), /WEBHOOK_CONCURRENCY="0"/);
    assert.throws(
      () => loadConfig({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: "10.0.0.0/8" }),
      /WEBHOOK_ALLOWED_PRIVATE_HOSTS/,
    );
    assert.throws(
      () => loadConfig({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: "localhost" }),
      /WEBHOOK_ALLOWED_PRIVATE_HOSTS/,
    );
    assert.throws(
      () => loadConfig({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: "1.2.3" }),
      /'1.2.3' is not an IP address/,
    );
  });

  test("mail goes to the outbox unless SMTP_URL names an SMTP server", () => {
    const config = loadConfig({});
    assert.equal(config.smtpUrl, null);
    assert.equal(config.mailOutboxDir, "var/outbox");
    assert.throws(() => loadConfig({ SMTP_URL: "http://mail.example.org" }), /SMTP_URL/);
    assert.equal(
      loadConfig({ MAIL_FROM: "Ops <ops@example.org>" }).mailFrom,
      "Ops <ops@example.org>",
    );
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

  test("limits and windows: one line naming the setting and the accepted range", () => {
    assert.throws(() => loadConfig({ KEY_RATE_WINDOW_SECONDS: "0" }), {
      message:
        'Invalid environment variable KEY_RATE_WINDOW_SECONDS="0": expected a whole number from 1 to 604800 (the keyed window in seconds).',
    });
    assert.throws(() => loadConfig({ PUBLIC_RATE_LIMIT: "-1" }), {
      message:
        'Invalid environment variable PUBLIC_RATE_LIMIT="-1": expected a whole number from 1 to 1000000000 (requests per window for public callers).',
    });
    assert.deepEqual(
      loadConfig({ PUBLIC_RATE_LIMIT: "1", KEY_RATE_WINDOW_SECONDS: "604800" }).publicRateLimit,
      {
        limit: 1,
        windowMs: 900_000,
      },
    );
  });

  test("the scaled-out settings: PostgreSQL, Redis, instance count, metrics port, trust every proxy", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://cls:secret@db:5432/cls",
      REDIS_URL: "redis://redis:6379",
      INSTANCE_COUNT: "3",
      METRICS_PORT: "9464",
      TRUST_PROXY: "true",
    });
    assert.equal(config.databaseUrl, "postgres://cls:secret@db:5432/cls");
    assert.equal(config.redisUrl, "redis://redis:6379");
    assert.equal(config.instanceCount, 3);
    assert.equal(config.metricsPort, 9464);
    assert.equal(config.trustProxy, true);
    const defaults = loadConfig({});
    assert.deepEqual(
      [defaults.redisUrl, defaults.instanceCount, defaults.metricsPort],
      [null, 1, null],
    );
    assert.throws(() => loadConfig({ PORT: "9464", METRICS_PORT: "9464" }), /METRICS_PORT/);
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
    ["PUBLIC_RATE_LIMIT", "0"],
    ["PUBLIC_RATE_LIMIT", "-5"],
    ["PUBLIC_RATE_LIMIT", "1.5"],
    ["PUBLIC_RATE_LIMIT", "1000000001"],
    ["KEY_RATE_LIMIT", "0"],
    ["KEY_RATE_LIMIT", "lots"],
    ["KEY_RATE_WINDOW_SECONDS", "0"],
    ["KEY_RATE_WINDOW_SECONDS", "604801"],
    ["PUBLIC_RATE_WINDOW_SECONDS", "0.5"],
    ["RATE_LIMIT_MAX_COUNTERS", "10"],
    ["REDIS_URL", "localhost:6379"],
    ["INSTANCE_COUNT", "0"],
    ["INSTANCE_COUNT", "three"],
    ["METRICS_PORT", "70000"],
    ["DOWNLOAD_BYTES_PER_SECOND", "0"],
    ["DOWNLOAD_BYTES_PER_SECOND", "1000"],
    ["MAX_DOWNLOADS", "many"],
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

  test("deprecation settings: dates, link, routes; off without API_DEPRECATED_AT", () => {
    const config = loadConfig({
      PUBLIC_BASE_URL: "https://api.example.org",
      API_DEPRECATED_AT: "2027-01-01",
      API_SUNSET_AT: "2027-07-01T12:00:00Z",
      API_DEPRECATED_ROUTES: "/v1/changes,/v1/states/:code",
    });
    assert.deepEqual(config.deprecation, {
      deprecatedAtMs: Date.parse("2027-01-01T00:00:00Z"),
      sunsetAtMs: Date.parse("2027-07-01T12:00:00Z"),
      link: "https://api.example.org/docs",
      routes: ["/v1/changes", "/v1/states/:code"],
    });
    assert.throws(
      () => loadConfig({ API_SUNSET_AT: "2027-07-01" }),
      /API_SUNSET_AT.*API_DEPRECATED_AT/,
    );
    assert.throws(() => loadConfig({ API_DEPRECATED_AT: "2027-02-30" }), /API_DEPRECATED_AT/);
    assert.throws(() => loadConfig({ API_DEPRECATED_AT: "soon" }), /API_DEPRECATED_AT/);
    assert.throws(
      () => loadConfig({ API_DEPRECATED_AT: "2027-01-01", API_DEPRECATED_ROUTES: "/states" }),
      /API_DEPRECATED_ROUTES/,
    );
  });

  test("EMBED_FRAME_ANCESTORS: * or a list of origins", () => {
    assert.deepEqual(
      loadConfig({ EMBED_FRAME_ANCESTORS: "https://a.example  'self'" }).embedFrameAncestors,
      ["https://a.example", "'self'"],
    );
    assert.throws(
      () => loadConfig({ EMBED_FRAME_ANCESTORS: "javascript:alert(1)" }),
      /EMBED_FRAME_ANCESTORS/,
    );
    assert.throws(
      () => loadConfig({ EMBED_FRAME_ANCESTORS: "https://a.example; script-src *" }),
      /EMBED_FRAME_ANCESTORS/,
    );
  });
});
