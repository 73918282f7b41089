/**
 * Secrets never reach the log. Two rules, applied to every string of every
 * log line (URLs, error messages and stacks, anything a caller logs):
 *
 * - An API key is recognised by its *shape*, not by the name of the
 *   parameter or header that carries it: the `cls_` marker followed by key
 *   characters (any case of the marker, any length from 16, so a truncated
 *   or mistyped key is hidden too), or a bare 28-character run whose
 *   checksum says it is a key with the marker stripped.
 * - Every other secret we hand out (a reset or confirmation link's token,
 *   a CSRF token, a session, a password in a form) has no shape of its own,
 *   so it is recognised by the *name* it travels under: the value of any
 *   `name=value` pair whose name says it carries a secret
 *   (`isSecretParameterName`: token, csrf, secret, password, session, key,
 *   code, signature, auth… as a whole word of the name) is replaced.
 *
 * Text is checked as written and percent-decoded (once and twice, for
 * double encoding), so `?api%5Fkey=cls_…`, `?token=cls%5F…`, `/v1/cls_…`,
 * `?%74oken=…` and `token%3D…` are all caught.
 */
import { isWellFormedApiKey, KEY_MARKER } from "../api-keys/api-keys.format.ts";

export const REDACTED = "[REDACTED]";

const MARKED = /c(?:l|%6c)(?:s|%73)(?:_|%5f)[0-9A-Za-z]{16,}/gi;
const BARE = /(?<![0-9A-Za-z])[0-9A-Za-z]{28}(?![0-9A-Za-z])/g;

/** Words that mark a parameter as secret-bearing, wherever they stand in its name. */
const SECRET_WORDS = new Set([
  "token",
  "csrf",
  "xsrf",
  "secret",
  "password",
  "passwd",
  "pwd",
  "pass",
  "session",
  "sid",
  "key",
  "apikey",
  "code",
  "otp",
  "signature",
  "sig",
  "auth",
  "authorization",
  "credential",
  "credentials",
  "cookie",
]);
/** Words that mark it when they end a name written without separators (`accessToken`, `resettoken`). */
const SECRET_SUFFIX = /(?:token|secret|password|passwd|csrf|apikey|signature)$/;

/**
 * True when a parameter of this name carries a secret: one of its words
 * (split at `_`, `-`, `.`, `[`, `]` and lower-to-upper case changes) is a
 * secret word, or it ends in one. `monkey`, `cursor`, `fields` are not.
 */
export function isSecretParameterName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[_.\-[\]\s]+/);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  return SECRET_SUFFIX.test(name.toLowerCase());
}

/**
 * A `name=value` pair: the name starts the text or follows a character
 * that cannot be part of it; the value runs to the next separator of a
 * query string, a form body, a cookie header or running text.
 */
const PAIR = /(^|[^A-Za-z0-9_.%[\]-])([A-Za-z0-9_.%[\]-]{1,80})=([^&#;,\s"'<>]*)/g;

function percentDecode(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function redactPairs(text: string): string {
  if (!text.includes("=")) return text;
  return text.replace(PAIR, (whole, before: string, name: string, value: string) => {
    if (value === "" || value === REDACTED) return whole;
    const plainName = name.includes("%") ? percentDecode(percentDecode(name)) : name;
    return isSecretParameterName(plainName) ? `${before}${name}=${REDACTED}` : whole;
  });
}

function redactPlain(text: string): string {
  return redactPairs(
    text
      .replace(MARKED, REDACTED)
      .replace(BARE, (run) => (isWellFormedApiKey(`${KEY_MARKER}${run}`) ? REDACTED : run)),
  );
}

/** `text` with every secret part replaced; decoded first if a secret hides behind encoding. */
export function redactSecrets(text: string): string {
  const direct = redactPlain(text);
  if (!direct.includes("%")) return direct;
  const twice = percentDecode(percentDecode(direct));
  if (redactPlain(twice) === twice) return direct;
  // A secret appears only once decoded: log the decoded form, redacted.
  return redactPlain(twice);
}

/** A deep copy of a log object with every string redacted by shape. */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactSecrets(value.message),
      stack: value.stack === undefined ? undefined : redactSecrets(value.stack),
    };
  }
  // Class instances (a request, a reply) are left to their serializers.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, depth + 1);
  return out;
}
