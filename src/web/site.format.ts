/**
 * How the website words the dataset: status labels and meanings, dates in
 * words, and the "unknown" / "none" a person reads where the data has null.
 */
import type { Jurisdiction, Status } from "../dataset/dataset.schema.ts";
import { longDate } from "../lib/dates.ts";
import { html, type SafeHtml } from "./html.ts";

export const STATUS_LABELS: Record<Status, string> = {
  adult_use: "Legal for adults",
  medical: "Medical only",
  low_thc: "Low-THC / CBD only",
  prohibited: "Prohibited",
};

export const STATUS_MEANINGS: Record<Status, string> = {
  adult_use:
    "Adults may legally possess cannabis for any purpose, within the limits the law sets. A medical program usually exists too.",
  medical:
    "A comprehensive medical program: qualifying patients may obtain cannabis. Possession for any other purpose is not legal.",
  low_thc:
    "Only CBD or low-THC products are allowed, for qualifying patients. Other cannabis is not legal.",
  prohibited:
    "No medical program and no legal adult use: cannabis is illegal for any purpose (a small amount may still be decriminalized).",
};

export const TYPE_LABELS: Record<Jurisdiction["type"], string> = {
  state: "State",
  district: "Federal district",
  territory: "Territory",
};

export const ENACTMENT_LABELS: Record<
  NonNullable<Jurisdiction["adult_use"]["enacted_by"]>["type"],
  string
> = {
  ballot_measure: "ballot measure",
  legislation: "legislation",
  court_ruling: "court ruling",
  executive_action: "executive action",
};

export const MEDICAL_PROGRAM_LABELS: Record<Jurisdiction["medical"]["program"], string> = {
  comprehensive: "Comprehensive medical program",
  low_thc: "Low-THC / CBD program",
  none: "None",
};

/** "2016-11-08" → "November 8, 2016". The input is a validated ISO calendar date. */
export const formatLongDate = longDate;

/** A <time> element for a date, or `missing` ("unknown", "none", …) when it is null. */
export function dateOrElse(isoDate: string | null, missing: string): SafeHtml {
  return isoDate === null
    ? html`<span class="missing">${missing}</span>`
    : html`<time datetime="${isoDate}">${formatLongDate(isoDate)}</time>`;
}

export function yesNo(value: boolean): string {
  return value ? "Yes" : "No";
}

/**
 * A record before its review may not know its status (src/dataset/law.ts);
 * a page says so rather than inventing one.
 */
export function statusLabel(status: Status | null): string {
  return status === null ? "Not known" : STATUS_LABELS[status];
}

export function statusMeaning(status: Status | null): string {
  return status === null
    ? "The dated history does not tell the status on this day."
    : STATUS_MEANINGS[status];
}
