/**
 * Rules for short texts people type and other people (or the same person,
 * later) read back: emails and API-key names. What they guard against:
 * control characters (an account `\0@x.org`), text-direction overrides that
 * make a name read differently from what it is, names made only of
 * invisible characters, and piles of combining marks that overflow a line.
 * Lengths count what a person sees (grapheme clusters), not UTF-16 units.
 */

const CONTROL = /\p{Cc}/u;
/** Bidi embeddings, overrides, isolates and marks. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Format characters (zero-width space/joiners, BOM, …), marks and spaces: nothing to see on their own. */
const INVISIBLE = /[\p{Cf}\p{M}\p{Z}\s]/gu;
const COMBINING_RUN = /\p{M}+/gu;

/** Most combining marks allowed on one character (enough for any real script). */
export const MAX_COMBINING_MARKS = 3;

// Made on first use: building a segmenter loads ICU's break rules (~14 ms),
// which start-up need not pay for.
let graphemes: Intl.Segmenter | undefined;

/** How many characters a person sees. */
export function visibleLength(text: string): number {
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** Why a display name (an API key's) is refused, or null. `text` is already NFC and trimmed. */
export function displayNameProblem(text: string, maxLength: number): string | null {
  if (text.length === 0) return "Enter a name.";
  if (CONTROL.test(text) || BIDI.test(text))
    return "A name cannot contain control or text-direction characters.";
  if (text.replace(INVISIBLE, "").length === 0) return "A name needs visible characters.";
  for (const run of text.match(COMBINING_RUN) ?? []) {
    if ([...run].length > MAX_COMBINING_MARKS)
      return `A character can carry at most ${MAX_COMBINING_MARKS} accents or marks.`;
  }
  if (visibleLength(text) > maxLength) return `Use at most ${maxLength} characters.`;
  return null;
}

/** NFC and trimmed: how names are compared and stored. */
export function normalizeText(text: string): string {
  return text.normalize("NFC").trim();
}
