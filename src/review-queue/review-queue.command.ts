/**
 * The command an accepted item shows its maintainer: `npm run data:change`
 * (a change of law) or `npm run data:correct` (a correction) with what the
 * item knows filled in — jurisdiction, dates, field, citation, link — and
 * the rest left for the maintainer to add (the tools ask on a terminal for
 * a required flag that is missing; docs/MAINTAINING.md).
 *
 * The values come from strangers (a reader's form, a bill's title), so each
 * is one shell word: control characters (line breaks included) become
 * spaces, and anything but a plain word is single-quoted with every `'`
 * written as `'\''`. A pasted command runs exactly the tool named, with
 * these values as its arguments, whatever they contain.
 */

import { isSuggestionField, SUGGESTION_FIELDS } from "./review-queue.fields.ts";
import type { ReviewItem } from "./review-queue.repository.ts";

export const COMMAND_KINDS = ["change", "correct"] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One shell word holding `value` (control characters turned into spaces). */
export function shellQuote(value: string): string {
  const clean = value.replace(CONTROL, " ");
  if (PLAIN.test(clean)) return clean;
  return `'${clean.replaceAll("'", `'\\''`)}'`;
}

/** The kind of command an item most likely needs: readers correct, the watch reports new law. */
export function defaultKind(item: ReviewItem): CommandKind {
  return item.origin === "reader" ? "correct" : "change";
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The command, or null with the reason when the tool cannot take the item
 * (`data:change` records state and territory law; federal law is edited in
 * data/federal.json and reviewed like any change).
 */
export function acceptCommand(
  item: ReviewItem,
  kind: CommandKind,
): { command: string } | { command: null; reason: string } {
  const flags: string[] = ["--jurisdiction", shellQuote(item.jurisdiction)];
  const path =
    item.field !== null && isSuggestionField(item.field)
      ? SUGGESTION_FIELDS[item.field].path
      : null;
  if (kind === "change") {
    if (item.jurisdiction === "US") {
      return {
        command: null,
        reason:
          "data:change records a state's or territory's law. Record a federal change in data/federal.json, then check, review and release it as any change (docs/MAINTAINING.md).",
      };
    }
    if (isDay(item.itemDate)) flags.push("--enacted", item.itemDate);
    if (isDay(item.effectiveDate)) flags.push("--effective", item.effectiveDate);
    if (path !== null) flags.push("--set", shellQuote(`${path}=${item.proposedValue ?? ""}`));
    flags.push("--title", shellQuote(item.title.slice(0, 200)));
  } else {
    flags.push("--set", shellQuote(`${path ?? "FIELD"}=${item.proposedValue ?? ""}`));
    flags.push("--reason", shellQuote("Say what was wrong, and what the source shows (public)"));
  }
  if (item.citation !== null) flags.push("--citation", shellQuote(item.citation));
  if (item.url !== null) {
    if (kind === "change") flags.push("--url", shellQuote(item.url));
    flags.push(
      "--source-title",
      shellQuote(item.origin === "reader" ? "Source named by a reader" : item.title.slice(0, 200)),
      "--source-url",
      shellQuote(item.url),
    );
  }
  return { command: `npm run data:${kind} -- ${flags.join(" ")}` };
}
