/**
 * Security headers, from helmet's well-kept defaults and our CSP, computed
 * once at start-up. Helmet's middleware only ever sets fixed values (no
 * nonces here), so it is run a single time against a stand-in response and
 * the resulting headers are sent on every response — instead of rebuilding
 * the middleware and re-parsing the CSP per request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure !== null) throw failure;
  return Object.freeze(headers);
}

/** The site's policy: everything from our own origin, no framing, no inline scripts. */
export function siteSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  return computeSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // The API reference (Scalar) sets style attributes and injects styles from its script.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginResourcePolicy: false,
    frameguard: { action: "deny" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
