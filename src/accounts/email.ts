/**
 * Email addresses as account identifiers: one account per normalised
 * address. Normalised = Unicode NFC, trimmed, lower-cased (the domain is
 * case-insensitive by standard; the local part is lower-cased too, as every
 * account has been since the start, so `Ada@` and `ada@` are one account).
 * Refused: control and invisible format characters (including
 * text-direction overrides), spaces, and anything not shaped like
 * local@domain.tld within the standard lengths.
 */

export const EMAIL_MAX_LENGTH = 254;

const SHAPE = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,63}$/u;
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\p{Co}\p{Cn}]/u;

export function normalizeEmail(email: string): string {
  return email.normalize("NFC").trim().toLowerCase();
}

/** Why an (already normalised) email is refused, or null. */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return "Enter your email address.";
  if (email.length > EMAIL_MAX_LENGTH || FORBIDDEN.test(email) || !SHAPE.test(email))
    return "Enter a valid email address, like name@example.org.";
  return null;
}
