/**
 * The API key format.
 *
 *   cls_ + 22 base62 characters (128+ bits from the CSPRNG) + 6 base62 characters of CRC-32
 *
 * The fixed `cls_` marker lets secret scanners recognise a leaked key; the
 * checksum lets a mistyped or made-up key be refused before any lookup. The
 * first 8 characters (`cls_` + 4 random ones) are the prefix shown in lists.
 * Only the SHA-256 of the whole key is stored: the key has 128 bits of
 * entropy, so a fast hash is enough and lookups stay a single index probe.
 */
import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

export const KEY_MARKER = "cls_";

/**
 * Query parameter names under which clients commonly put API keys. A /v1
 * request carrying one is refused (keys go only in the header), and the
 * logger redacts their values from URLs: one list for both.
 */
export const KEY_PARAMETER_NAMES = ["api_key", "apikey", "apiKey", "x-api-key", "key"] as const;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 22;
const CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_MARKER.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
export const PREFIX_LENGTH = 8;
const KEY_PATTERN = new RegExp(`^${KEY_MARKER}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function toBase62(value: bigint, length: number): string {
  let out = "";
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  let rest = crc32(body);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** A new random key. 22 base62 characters carry 130.9 bits; 17 random bytes feed them. */
export function generateApiKey(): string {
  const random = toBase62(BigInt(`0x${randomBytes(17).toString("hex")}`), RANDOM_LENGTH);
  const body = `${KEY_MARKER}${random}`;
  return `${body}${checksum(body)}`;
}

/** True when the key has the right shape and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== KEY_LENGTH || !KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, KEY_LENGTH - CHECKSUM_LENGTH);
  return checksum(body) === key.slice(KEY_LENGTH - CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}
