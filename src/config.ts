/**
 * Configuration: one schema, parsed once from the environment into a frozen
 * object. Only `src/server.ts` reads `process.env`; everything else receives
 * a `Config`. A bad value stops start-up with a message naming the variable.
 */

import { isIP } from "node:net";
import { type Static, Type } from "typebox";
import { Compile } from "typebox/compile";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
      pattern: "^sqlite:.+$",
      description: "sqlite:PATH (the embedded default, e.g. sqlite:var/cls.db) or sqlite::memory:",
    }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: "^([0-9]{1,2}|[0-9A-Fa-f:./]+(,\\s*[0-9A-Fa-f:./]+)*)$",
      description:
        "how many proxy hops to believe in X-Forwarded-For (e.g. 1), or a comma-separated list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,::1); unset trusts none",
    }),
  ),
  PUBLIC_RATE_LIMIT: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,9}$", description: "requests per window for public callers" }),
  ),
  PUBLIC_RATE_WINDOW_SECONDS: Type.Optional(
    Type.String({ pattern: "^[1-9][0-9]{0,7}$", description: "public window in seconds" }),
  ),
  KEY_RATE_LIMIT: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,9}$", description: "requests per window per API key" }),
  ),
  KEY_RATE_WINDOW_SECONDS: Type.Optional(
    Type.String({ pattern: "^[1-9][0-9]{0,7}$", description: "keyed window in seconds" }),
  ),
  RATE_LIMIT_MAX_COUNTERS: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{0,8}$",
      description: "most counters the in-process limiter tracks",
    }),
  ),
  SHUTDOWN_GRACE_MS: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,7}$", description: "milliseconds to drain on SIGTERM" }),
  ),
});

const checkEnv = Compile(EnvSchema);

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = Readonly<{
  port: number;
  host: string;
  logLevel: LogLevel;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string;
  /** false: trust no proxy; a hop count; or the proxy addresses/CIDRs to trust. */
  trustProxy: false | number | string[];
  publicRateLimit: { limit: number; windowMs: number };
  keyRateLimit: { limit: number; windowMs: number };
  rateLimitMaxCounters: number;
  shutdownGraceMs: number;
}>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Static<typeof EnvSchema>;

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
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
  const parsed = known as Env;
  const port = parsed.PORT === undefined ? 3000 : Number(parsed.PORT);
  if (port > 65535) {
    throw new ConfigError(
      `Invalid environment variable PORT=${JSON.stringify(parsed.PORT)}: expected TCP port, 0–65535.`,
    );
  }
  const host = parsed.HOST ?? "127.0.0.1";
  const displayHost = host.includes(":") ? `[${host}]` : host;
  return Object.freeze({
    port,
    host,
    logLevel: parsed.LOG_LEVEL ?? "info",
    publicBaseUrl: parsed.PUBLIC_BASE_URL ?? `http://${displayHost}:${port}`,
    dataDir: parsed.DATA_DIR ?? "data",
    databaseUrl: parsed.DATABASE_URL ?? "sqlite:var/cls.db",
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    publicRateLimit: {
      limit: Number(parsed.PUBLIC_RATE_LIMIT ?? 60),
      windowMs: Number(parsed.PUBLIC_RATE_WINDOW_SECONDS ?? 900) * 1000,
    },
    keyRateLimit: {
      limit: Number(parsed.KEY_RATE_LIMIT ?? 1000),
      windowMs: Number(parsed.KEY_RATE_WINDOW_SECONDS ?? 3600) * 1000,
    },
    rateLimitMaxCounters: Number(parsed.RATE_LIMIT_MAX_COUNTERS ?? 100_000),
    shutdownGraceMs:
      parsed.SHUTDOWN_GRACE_MS === undefined ? 10_000 : Number(parsed.SHUTDOWN_GRACE_MS),
  });
}
