/**
 * Secrets never reach the log. An API key is recognised by its *shape*, not
 * by the name of the parameter or header that carries it: the `cls_` marker
 * followed by key characters (any case of the marker, any length from 16,
 * so a truncated or mistyped key is hidden too), or a bare 28-character run
 * whose checksum says it is a key with the marker stripped. Text is checked
 * as written and percent-decoded (once and twice, for double encoding), so
 * `?api%5Fkey=cls_…`, `?token=cls%5F…` and `/v1/cls_…` are all caught.
 */
import { isWellFormedApiKey, KEY_MARKER } from "../api-keys/api-keys.format.ts";

export const REDACTED = "[REDACTED]";

const MARKED = /c(?:l|%6c)(?:s|%73)(?:_|%5f)[0-9A-Za-z]{16,}/gi;
const BARE = /(?<![0-9A-Za-z])[0-9A-Za-z]{28}(?![0-9A-Za-z])/g;

function percentDecode(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function redactPlain(text: string): string {
  return text
    .replace(MARKED, REDACTED)
    .replace(BARE, (run) => (isWellFormedApiKey(`${KEY_MARKER}${run}`) ? REDACTED : run));
}

/** `text` with every key-shaped part replaced; decoded first if a key hides behind encoding. */
export function redactSecrets(text: string): string {
  const direct = redactPlain(text);
  if (!text.includes("%")) return direct;
  const once = percentDecode(text);
  const twice = percentDecode(once);
  if (redactPlain(twice) === twice) return direct;
  // A key appears only once decoded: log the decoded form, redacted.
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
