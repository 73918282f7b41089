/**
 * Passwords: argon2id (Node's crypto.argon2; m = 19 MiB, t = 2, p = 1, the
 * OWASP minimum) with a 16-byte random salt, stored as a PHC string. Checks
 * compare in constant time. Policy (docs/SECURITY.md): 12–128 characters, no
 * composition rules, common passwords — and trivial variations of them —
 * refused.
 */
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

const MEMORY_KIB = 19 * 1024;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_LENGTH = 32;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

function derive(
  password: string,
  salt: Buffer,
  memory: number,
  passes: number,
  parallelism: number,
) {
  return new Promise<Buffer>((resolve, reject) => {
    argon2(
      "argon2id",
      { message: password, nonce: salt, memory, passes, parallelism, tagLength: TAG_LENGTH },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const b64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const tag = await derive(password, salt, MEMORY_KIB, PASSES, PARALLELISM);
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(salt)}$${b64(tag)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (match === null) return false;
  const [, memory, passes, parallelism, salt, tag] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(tag, "base64");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64"),
    Number(memory),
    Number(passes),
    Number(parallelism),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, verified against when the email is unknown,
 * so a failed log-in costs the same time whether or not the account exists.
 */
export const dummyPasswordHash: Promise<string> = hashPassword(randomBytes(18).toString("base64"));

// The list of common passwords (~30,000, decompressed when its module
// loads) is read when a password is first judged, not at start-up.
let commonPasswords: Promise<Set<string>> | undefined;
const loadCommonPasswords = () =>
  (commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set<string>(dictionary["passwords-common"] as string[]),
  ));

/** Why a new password is refused, or null if it is acceptable. */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const commonSet = await loadCommonPasswords();
  const isCommonBase = (candidate: string) => candidate.length >= 4 && commonSet.has(candidate);
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[\d\W_]+$/u, "").replace(/^[\d\W_]+/u, "");
  const half = lower.slice(0, lower.length / 2);
  const common =
    commonSet.has(lower) ||
    isCommonBase(stripped) ||
    (lower.length % 2 === 0 && half === lower.slice(lower.length / 2) && isCommonBase(half)) ||
    new Set(lower).size <= 2;
  if (common) return "This password is too common. Choose a longer phrase that is unique to you.";
  const local = email.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 4 && lower.includes(local))
    return "Do not use your email address in your password.";
  return null;
}
