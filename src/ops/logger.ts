/**
 * The app's logger options: API keys, cookies and anything shaped like a
 * secret never reach a log line (src/ops/log-redaction.ts).
 */
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";
import { REDACTED, redactDeep, redactSecrets } from "./log-redaction.ts";
import type { LogStream } from "./log-stream.ts";

/**
 * Log form of a URL: never the value of a secret-bearing parameter
 * (`token=`, `_csrf=`, `api_key=`…), and never anything shaped like a key,
 * wherever it is (src/ops/log-redaction.ts).
 */
export function redactUrl(url: string): string {
  return redactSecrets(url);
}

/** Pino options; `stream` is where lines go (stdout, line by line, when omitted). */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    ...(stream === undefined ? {} : { stream }),
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
    // Whatever else a log line carries (an error message quoting a URL, a
    // header someone logs while debugging) is redacted by shape as well.
    formatters: { log: (object) => redactDeep(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as typeof args,
        );
      },
    },
  };
}
