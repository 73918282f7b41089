/**
 * Configuration: one schema, parsed once from the environment into a frozen
 * object. Only `src/start.ts` reads `process.env`; everything else receives
 * a `Config`. A bad value stops start-up with a message naming the variable.
 */

import { isIP } from "node:net";
import { type Static, Type } from "typebox";
import { Compile } from "typebox/compile";
import { isCalendarDate } from "./lib/dates.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Whole-number settings and their accepted ranges. Limits and windows must
 * be positive (a limit of 0 would answer every request 429 with
 * `Retry-After: 0`, a hot retry loop); windows are at least a second and at
 * most a week, which keeps the limiter's compact timestamps in range.
 */
const RANGES = {
  WEBHOOK_CONCURRENCY: {
    min: 1,
    max: 256,
    what: "webhook deliveries in flight at once on each instance",
  },
  PUBLIC_RATE_LIMIT: { min: 1, max: 1_000_000_000, what: "requests per window for public callers" },
  PUBLIC_RATE_WINDOW_SECONDS: { min: 1, max: 604_800, what: "the public window in seconds" },
  KEY_RATE_LIMIT: {
    min: 1,
    max: 1_000_000_000,
    what: "requests per window per account with a key",
  },
  KEY_RATE_WINDOW_SECONDS: { min: 1, max: 604_800, what: "the keyed window in seconds" },
  RATE_LIMIT_MAX_COUNTERS: {
    min: 1_000,
    max: 100_000_000,
    what: "counters the in-process limiter holds exactly, per policy",
  },
} as const;

function rangedInteger(name: keyof typeof RANGES) {
  const { min, max, what } = RANGES[name];
  return Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,12}$",
      description: `a whole number from ${min} to ${max} (${what})`,
    }),
  );
}

/** The environment variables the service reads, as strings, with their rules. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "TCP port, 0–65535" })),
  HOST: Type.Optional(Type.String({ minLength: 1, description: "interface to listen on" })),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      LOG_LEVELS.map((level) => Type.Literal(level)),
      { description: `one of ${LOG_LEVELS.join(", ")}` },
    ),
  ),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({
      pattern: "^https?://[^/?#\\s]+$",
      description: "the public origin, e.g. https://api.example.org (no path, no trailing slash)",
    }),
  ),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1, description: "folder holding the dataset" })),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: "^(sqlite:.+|postgres(ql)?://.+)$",
      description:
        "sqlite:PATH (the embedded default, e.g. sqlite:var/cls.db), sqlite::memory:, or postgres://user:password@host:5432/database",
    }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: "^rediss?://.+$",
      description:
        "redis://host:6379 (or rediss:// for TLS): shared rate limits and instant key revocation across instances; unset keeps both in process",
    }),
  ),
  INSTANCE_COUNT: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{0,3}$",
      description:
        "how many instances serve behind the load balancer (1–9999): while Redis is unreachable each admits limit / INSTANCE_COUNT",
    }),
  ),
  METRICS_PORT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,5}$",
      description:
        "TCP port for /metrics on its own listener (same HOST); unset: /metrics is not served (never on the main port)",
    }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: "^(true|[0-9]{1,2}|[0-9A-Fa-f:./]+(,\\s*[0-9A-Fa-f:./]+)*)$",
      description:
        "true (believe every X-Forwarded-For entry: only when the proxy overwrites the header), how many proxy hops to believe in X-Forwarded-For (e.g. 1), or a comma-separated list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,::1); unset trusts none",
    }),
  ),
  PUBLIC_RATE_LIMIT: rangedInteger("PUBLIC_RATE_LIMIT"),
  PUBLIC_RATE_WINDOW_SECONDS: rangedInteger("PUBLIC_RATE_WINDOW_SECONDS"),
  KEY_RATE_LIMIT: rangedInteger("KEY_RATE_LIMIT"),
  KEY_RATE_WINDOW_SECONDS: rangedInteger("KEY_RATE_WINDOW_SECONDS"),
  RATE_LIMIT_MAX_COUNTERS: rangedInteger("RATE_LIMIT_MAX_COUNTERS"),
  API_DEPRECATED_AT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)?$",
      description:
        "date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ) from which /v1 (or API_DEPRECATED_ROUTES) is deprecated; unset: not deprecated",
    }),
  ),
  API_SUNSET_AT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)?$",
      description: "date the deprecated routes stop answering (needs API_DEPRECATED_AT)",
    }),
  ),
  API_DEPRECATION_LINK: Type.Optional(
    Type.String({
      pattern: "^https?://\\S+$",
      description: "URL of the migration notes (default: PUBLIC_BASE_URL/docs)",
    }),
  ),
  API_DEPRECATED_ROUTES: Type.Optional(
    Type.String({
      pattern: "^/v1[^,\\s]*(,/v1[^,\\s]*)*$",
      description:
        "comma-separated route paths to deprecate, e.g. /v1/changes,/v1/states/:code (default: every /v1 route)",
    }),
  ),
  EMBED_FRAME_ANCESTORS: Type.Optional(
    Type.String({
      pattern: "^(\\*|'self'|https?://[^\\s,]+)(\\s+('self'|https?://[^\\s,]+))*$",
      description:
        "who may frame /embed/map: * (anyone, the default) or a space-separated list of origins such as https://news.example 'self'",
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: "^smtps?://[^\\s]+$",
      description:
        "an SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.org:587 or smtps://…:465; unset writes mails to MAIL_OUTBOX_DIR",
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({ minLength: 3, maxLength: 200, description: "the From of outgoing mail" }),
  ),
  MAIL_OUTBOX_DIR: Type.Optional(
    Type.String({ minLength: 1, description: "folder for mails when SMTP_URL is unset" }),
  ),
  SHUTDOWN_GRACE_MS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,7}$",
      description: "milliseconds to keep serving after SIGTERM while /readyz answers 503",
    }),
  ),
  SHUTDOWN_DRAIN_MS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,7}$",
      description: "milliseconds in-flight requests get to finish once the listener closes",
    }),
  ),
  HEADERS_TIMEOUT_MS: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{2,6}$",
      description: "milliseconds a client has to send the request headers (100–9999999)",
    }),
  ),
  REQUEST_TIMEOUT_MS: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{2,6}$",
      description: "milliseconds a client has to send the whole request (100–9999999)",
    }),
  ),
  KEEP_ALIVE_TIMEOUT_MS: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{1,6}$",
      description: "milliseconds an idle keep-alive connection stays open",
    }),
  ),
  MAX_CONNECTIONS: Type.Optional(
    Type.String({ pattern: "^[1-9][0-9]{0,6}$", description: "most open connections in all" }),
  ),
  MAX_CONNECTIONS_PER_CLIENT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,6}$",
      description:
        "most open connections from one client address (IPv6: one /64); 0 turns the cap off",
    }),
  ),
  WEB_RATE_LIMIT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,9}$",
      description:
        "website requests (pages, the API reference, feeds, downloads; static assets are not counted) per window per client",
    }),
  ),
  WEB_RATE_WINDOW_SECONDS: Type.Optional(
    Type.String({ pattern: "^[1-9][0-9]{0,7}$", description: "website window in seconds" }),
  ),
  DOWNLOAD_BYTES_PER_SECOND: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{4,10}$",
      description:
        "mean bytes per second all large website downloads (the reference's bundle, release files) may send together (10000–99999999999)",
    }),
  ),
  WEBHOOK_CONCURRENCY: rangedInteger("WEBHOOK_CONCURRENCY"),
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: Type.Optional(
    Type.String({
      pattern: "^[0-9A-Fa-f:.]+(,\\s*[0-9A-Fa-f:.]+)*$",
      description:
        "development only: a comma-separated list of exact IP addresses (e.g. 127.0.0.1,::1) webhooks may be delivered to although they are private or loopback; plain http:// is then accepted for those addresses. Unset (the default) admits only public addresses over https",
    }),
  ),
  MAX_DOWNLOADS: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{0,5}$",
      description: "most large website downloads in progress at once",
    }),
  ),
  FEDERAL_REGISTER_API_URL: Type.Optional(
    Type.String({
      pattern: "^https?://[^\\s?#]+[^/\\s?#]$",
      description:
        "the Federal Register API's base address, without a trailing slash (npm run data:watch), e.g. https://www.federalregister.gov/api/v1",
    }),
  ),
  OPENSTATES_API_URL: Type.Optional(
    Type.String({
      pattern: "^https?://[^\\s?#]+[^/\\s?#]$",
      description:
        "the Open States API v3 base address, without a trailing slash (npm run data:watch), e.g. https://v3.openstates.org",
    }),
  ),
  OPENSTATES_API_KEY: Type.Optional(
    Type.String({
      pattern: "^[A-Za-z0-9_-]{8,128}$",
      description:
        "an Open States API key (letters, digits, - and _): npm run data:watch asks Open States only with one",
    }),
  ),
});

const checkEnv = Compile(EnvSchema);

/** Every environment variable the service reads (.env.example and the README list them all). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(EnvSchema.properties);

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = Readonly<{
  port: number;
  host: string;
  logLevel: LogLevel;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string;
  /** null: limits and key revocation stay in process (one instance). */
  redisUrl: string | null;
  /** Instances behind the load balancer; each admits limit / instanceCount while Redis is down. */
  instanceCount: number;
  /** null: /metrics is served on the main port. */
  metricsPort: number | null;
  /** false: trust no proxy; true: trust every hop; a hop count; or the proxy addresses/CIDRs to trust. */
  trustProxy: boolean | number | string[];
  publicRateLimit: { limit: number; windowMs: number };
  keyRateLimit: { limit: number; windowMs: number };
  rateLimitMaxCounters: number;
  /**
   * Website requests per client: pages, the API reference, feeds and
   * downloads; static assets are not counted. Sized for hundreds of people
   * behind one address (docs/SECURITY.md, "Website requests per client").
   */
  webRateLimit: { limit: number; windowMs: number };
  /** Large website downloads: their shared pace and how many may be in progress (web/bulk-egress.ts). */
  downloads: { bytesPerSecond: number; maxStreams: number };
  /** After SIGTERM: serve this long while /readyz says 503, then close. */
  shutdownGraceMs: number;
  /** Then: how long in-flight requests may take before the process exits anyway. */
  shutdownDrainMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** 0: no per-client cap (behind a proxy every connection comes from the proxy). */
  maxConnectionsPerClient: number;
  /** CSP frame-ancestors sources for /embed/map, the one framable page. */
  embedFrameAncestors: string[];
  /** Retirement notice for /v1 routes (Deprecation, Sunset, Link headers); null: none. */
  deprecation: {
    deprecatedAtMs: number;
    sunsetAtMs: number | null;
    link: string;
    routes: string[];
  } | null;
  /** SMTP server URL, or null: mails go to `mailOutboxDir` and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  mailOutboxDir: string;
  /** The watch of official sources (`npm run data:watch`, src/review-queue/watch.ts). */
  watch: {
    federalRegisterUrl: string;
    openStatesUrl: string;
    /** null: Open States is not asked (the watch says so). */
    openStatesApiKey: string | null;
  };
  /** Outgoing webhooks (src/webhooks/). */
  webhooks: {
    /** Deliveries in flight at once on this instance. */
    concurrency: number;
    /** Exact IP addresses admitted despite being private (development); empty in production. */
    allowedPrivateHosts: string[];
  };
}>;

/**
 * A development server: its public origin is plain http:// (`npm start` on
 * one's own machine serves http://127.0.0.1:3000). In production the origin is
 * https:// (HSTS, Secure cookies), and pages never mention settings meant
 * only for development.
 */
export function isDevelopment(config: Config): boolean {
  return config.publicBaseUrl.startsWith("http://");
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Static<typeof EnvSchema>;

function parseAllowedHosts(value: string | undefined): string[] {
  if (value === undefined) return [];
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (isIP(entry) === 0) {
      throw new ConfigError(
        `Invalid environment variable WEBHOOK_ALLOWED_PRIVATE_HOSTS=${JSON.stringify(value)}: '${entry}' is not an IP address (exact addresses only, no names or ranges).`,
      );
    }
  }
  return entries;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  if (value === "true") return true;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      (bits !== undefined && !(/^[0-9]{1,3}$/.test(bits) && Number(bits) <= maxBits))
    ) {
      throw new ConfigError(
        `Invalid environment variable TRUST_PROXY=${JSON.stringify(value)}: '${entry}' is not an IP address or CIDR.`,
      );
    }
  }
  return entries;
}

/** Parses the environment into a frozen Config, or throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== "") known[key] = value;
  }
  if (!checkEnv.Check(known)) {
    const first = [...checkEnv.Errors(known)][0];
    const variable = first?.instancePath.replace(/^\//, "") ?? "environment";
    const schema = (EnvSchema.properties as Record<string, { description?: string }>)[variable];
    throw new ConfigError(
      `Invalid environment variable ${variable}=${JSON.stringify(known[variable])}: expected ${schema?.description ?? first?.message}.`,
    );
  }
  for (const [variable, { min, max, what }] of Object.entries(RANGES)) {
    const value = known[variable];
    if (value !== undefined && !(Number(value) >= min && Number(value) <= max)) {
      throw new ConfigError(
        `Invalid environment variable ${variable}=${JSON.stringify(value)}: expected a whole number from ${min} to ${max} (${what}).`,
      );
    }
  }
  const parsed = known as Env;
  const port = parsed.PORT === undefined ? 3000 : Number(parsed.PORT);
  if (port > 65535) {
    throw new ConfigError(
      `Invalid environment variable PORT=${JSON.stringify(parsed.PORT)}: expected TCP port, 0–65535.`,
    );
  }
  const headersTimeoutMs = Number(parsed.HEADERS_TIMEOUT_MS ?? 12_000);
  const requestTimeoutMs = Number(parsed.REQUEST_TIMEOUT_MS ?? 30_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `Invalid environment variable HEADERS_TIMEOUT_MS=${JSON.stringify(parsed.HEADERS_TIMEOUT_MS ?? "12000")}: expected at most REQUEST_TIMEOUT_MS (${requestTimeoutMs}).`,
    );
  }
  const metricsPort = parsed.METRICS_PORT === undefined ? null : Number(parsed.METRICS_PORT);
  if (metricsPort !== null && (metricsPort > 65535 || (metricsPort === port && port !== 0))) {
    throw new ConfigError(
      `Invalid environment variable METRICS_PORT=${JSON.stringify(parsed.METRICS_PORT)}: expected a TCP port, 0–65535, other than PORT.`,
    );
  }
  const host = parsed.HOST ?? "127.0.0.1";
  const instant = (variable: string, value: string) => {
    const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(ms) || !isCalendarDate(value.slice(0, 10))) {
      throw new ConfigError(
        `Invalid environment variable ${variable}=${JSON.stringify(value)}: expected a real date.`,
      );
    }
    return ms;
  };
  if (parsed.API_DEPRECATED_AT === undefined) {
    for (const variable of [
      "API_SUNSET_AT",
      "API_DEPRECATION_LINK",
      "API_DEPRECATED_ROUTES",
    ] as const) {
      if (parsed[variable] !== undefined) {
        throw new ConfigError(
          `Invalid environment variable ${variable}: it needs API_DEPRECATED_AT.`,
        );
      }
    }
  }
  const displayHost = host.includes(":") ? `[${host}]` : host;
  const publicBaseUrl = parsed.PUBLIC_BASE_URL ?? `http://${displayHost}:${port}`;
  const mailDomain =
    host.includes(":") && parsed.PUBLIC_BASE_URL === undefined
      ? "localhost"
      : new URL(publicBaseUrl).hostname;
  const deprecation =
    parsed.API_DEPRECATED_AT === undefined
      ? null
      : {
          deprecatedAtMs: instant("API_DEPRECATED_AT", parsed.API_DEPRECATED_AT),
          sunsetAtMs:
            parsed.API_SUNSET_AT === undefined
              ? null
              : instant("API_SUNSET_AT", parsed.API_SUNSET_AT),
          link: parsed.API_DEPRECATION_LINK ?? `${publicBaseUrl}/docs`,
          routes:
            parsed.API_DEPRECATED_ROUTES === undefined
              ? []
              : parsed.API_DEPRECATED_ROUTES.split(","),
        };
  return Object.freeze({
    port,
    host,
    logLevel: parsed.LOG_LEVEL ?? "info",
    publicBaseUrl,
    dataDir: parsed.DATA_DIR ?? "data",
    databaseUrl: parsed.DATABASE_URL ?? "sqlite:var/cls.db",
    redisUrl: parsed.REDIS_URL ?? null,
    instanceCount: Number(parsed.INSTANCE_COUNT ?? 1),
    metricsPort,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    publicRateLimit: {
      limit: Number(parsed.PUBLIC_RATE_LIMIT ?? 60),
      windowMs: Number(parsed.PUBLIC_RATE_WINDOW_SECONDS ?? 900) * 1000,
    },
    keyRateLimit: {
      limit: Number(parsed.KEY_RATE_LIMIT ?? 1000),
      windowMs: Number(parsed.KEY_RATE_WINDOW_SECONDS ?? 3600) * 1000,
    },
    rateLimitMaxCounters: Number(parsed.RATE_LIMIT_MAX_COUNTERS ?? 1_000_000),
    webRateLimit: {
      limit: Number(parsed.WEB_RATE_LIMIT ?? 3000),
      windowMs: Number(parsed.WEB_RATE_WINDOW_SECONDS ?? 300) * 1000,
    },
    downloads: {
      bytesPerSecond: Number(parsed.DOWNLOAD_BYTES_PER_SECOND ?? 16 * 1024 * 1024),
      maxStreams: Number(parsed.MAX_DOWNLOADS ?? 64),
    },
    shutdownGraceMs: Number(parsed.SHUTDOWN_GRACE_MS ?? 5_000),
    shutdownDrainMs: Number(parsed.SHUTDOWN_DRAIN_MS ?? 10_000),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: Number(parsed.KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
    maxConnections: Number(parsed.MAX_CONNECTIONS ?? 1_000),
    maxConnectionsPerClient: Number(parsed.MAX_CONNECTIONS_PER_CLIENT ?? 64),
    deprecation,
    embedFrameAncestors: (parsed.EMBED_FRAME_ANCESTORS ?? "*").split(/\s+/),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM ?? `Cannabis Legal Status <no-reply@${mailDomain}>`,
    mailOutboxDir: parsed.MAIL_OUTBOX_DIR ?? "var/outbox",
    watch: {
      federalRegisterUrl:
        parsed.FEDERAL_REGISTER_API_URL ?? "https://www.federalregister.gov/api/v1",
      openStatesUrl: parsed.OPENSTATES_API_URL ?? "https://v3.openstates.org",
      openStatesApiKey: parsed.OPENSTATES_API_KEY ?? null,
    },
    webhooks: {
      concurrency: Number(parsed.WEBHOOK_CONCURRENCY ?? 8),
      allowedPrivateHosts: parseAllowedHosts(parsed.WEBHOOK_ALLOWED_PRIVATE_HOSTS),
    },
  });
}
