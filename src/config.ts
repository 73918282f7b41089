/**
 * Configuration: one schema, parsed once from the environment into a frozen
 * object. Only `src/server.ts` reads `process.env`; everything else receives
 * a `Config`. A bad value stops start-up with a message naming the variable.
 */
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
  shutdownGraceMs: number;
}>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Static<typeof EnvSchema>;

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
    shutdownGraceMs:
      parsed.SHUTDOWN_GRACE_MS === undefined ? 10_000 : Number(parsed.SHUTDOWN_GRACE_MS),
  });
}
