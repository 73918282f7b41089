/**
 * The official sources the watch asks (`npm run data:watch`), each as the
 * URL of a page of results and a parser from that page's JSON to queue
 * items. Their answers are strangers' text: every field is checked for its
 * type and bounded in length, dates must be calendar dates, links http(s).
 *
 * - The Federal Register API (no key): `GET {base}/documents.json` with
 *   `conditions[term]`, `conditions[agencies][]`,
 *   `conditions[publication_date][gte]`, `fields[]`, `order=oldest`,
 *   `per_page`, `page`; it answers `{count, total_pages, next_page_url,
 *   results: [...]}` (`next_page_url` only when a page follows),
 *   each result with the fields asked for
 *   (https://www.federalregister.gov/developers/documentation/api/v1).
 *   The API has no field for Congress's public laws (they are not
 *   published in the Federal Register); a document's title or abstract
 *   that cites one ("Pub. L. 118-42") puts it in the item's citation.
 * - Open States API v3 (`X-API-KEY`): `GET {base}/bills` with `q`,
 *   `action_since`, `sort=latest_action_asc`, `per_page` (at most 20) and
 *   `page`; it answers `{results: [...], pagination: {page, max_page,
 *   per_page, total_items}}` (https://v3.openstates.org/docs,
 *   openstates/api-v3 `api/bills.py`).
 *
 * Pages go oldest first, so a run cut short by the page bound, or by a
 * failure, leaves nothing behind its cursor: the next run asks again from
 * the last day it stored.
 */
import { JURISDICTIONS } from "../dataset/jurisdictions.ts";
import { isCalendarDate } from "../lib/dates.ts";
import type { NewReviewItem } from "./review-queue.repository.ts";

export type WatchPage = {
  items: NewReviewItem[];
  /** The newest day among the results (publication or latest action), or null. */
  newestDay: string | null;
  /** Whether another page follows. */
  more: boolean;
};

export type WatchSource = {
  id: "federal_register" | "openstates";
  name: string;
  /** What it is asked for, for the summary. */
  asks: string;
  /** The request for page `page` (1-based) of results since `since`. */
  request: (since: string, page: number) => { url: string; headers: Record<string, string> };
  parse: (body: unknown) => WatchPage;
};

/** Results read per run and source, at most: the run's work and the queue's growth stay bounded. */
export const MAX_PAGES_PER_RUN = 10;

const TERMS = /\b(marijuana|marihuana|cannabis|hemp|tetrahydrocannabinols?)\b/i;
const STATE_TERMS = /\b(marijuana|marihuana|cannabis|hemp)\b/i;

/** DEA, HHS and FDA, USDA and its Agricultural Marketing Service (the hemp rules). */
export const FEDERAL_REGISTER_AGENCIES = [
  "drug-enforcement-administration",
  "health-and-human-services-department",
  "food-and-drug-administration",
  "agriculture-department",
  "agricultural-marketing-service",
] as const;

const FEDERAL_REGISTER_FIELDS = [
  "document_number",
  "title",
  "abstract",
  "type",
  "agencies",
  "html_url",
  "publication_date",
  "signing_date",
  "effective_on",
  "citation",
] as const;

class BadAnswer extends Error {
  override name = "BadAnswer";
}

export function isBadAnswer(error: unknown): error is Error {
  return error instanceof BadAnswer;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BadAnswer(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const clean = value
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean === "" ? null : clean.slice(0, max);
}

function day(value: unknown): string | null {
  return typeof value === "string" && isCalendarDate(value.slice(0, 10))
    ? value.slice(0, 10)
    : null;
}

function link(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const newest = (days: (string | null)[]) =>
  days
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;

/** "Pub. L. 118-42", "Public Law 118-42", "P.L. 118-42" → "Pub. L. 118-42" (each once). */
export function publicLawsIn(value: string): string[] {
  const found = new Set<string>();
  for (const match of value.matchAll(
    /\b(?:Pub(?:lic)?\.?\s*L(?:aw)?\.?|P\.\s*L\.)\s*(?:No\.\s*)?(\d{2,3}-\d{1,4})\b/gi,
  ))
    found.add(`Pub. L. ${match[1]}`);
  return [...found];
}

export function federalRegisterSource(baseUrl: string): WatchSource {
  return {
    id: "federal_register",
    name: "Federal Register",
    asks: "documents of DEA, HHS, FDA and USDA naming marijuana, cannabis, hemp or tetrahydrocannabinol",
    request: (since, page) => {
      const query = new URLSearchParams();
      query.set("conditions[term]", "marijuana | cannabis | hemp | tetrahydrocannabinol");
      for (const agency of FEDERAL_REGISTER_AGENCIES)
        query.append("conditions[agencies][]", agency);
      query.set("conditions[publication_date][gte]", since);
      for (const field of FEDERAL_REGISTER_FIELDS) query.append("fields[]", field);
      query.set("order", "oldest");
      query.set("per_page", "100");
      query.set("page", String(page));
      return { url: `${baseUrl}/documents.json?${query.toString()}`, headers: {} };
    },
    parse: (body) => {
      const answer = record(body, "the answer");
      const results = answer.results ?? [];
      if (!Array.isArray(results)) throw new BadAnswer("its results are not a list");
      const page = results.map((raw, index) => {
        const doc = record(raw, `result ${index + 1}`);
        const number = text(doc.document_number, 40);
        const title = text(doc.title, 500);
        const published = day(doc.publication_date);
        if (number === null || title === null || published === null)
          throw new BadAnswer(
            `result ${index + 1} has no document_number, title or publication_date`,
          );
        return { doc, number, title, published };
      });
      const items: NewReviewItem[] = [];
      for (const { doc, number, title, published } of page) {
        const abstract = text(doc.abstract, 3_000) ?? "";
        if (!TERMS.test(`${title} ${abstract}`)) continue;
        const agencies = Array.isArray(doc.agencies)
          ? doc.agencies
              .map((agency) => text((agency as { name?: unknown } | null)?.name, 120))
              .filter((name): name is string => name !== null)
              .slice(0, 5)
          : [];
        const citation = [text(doc.citation, 60), ...publicLawsIn(`${title} ${abstract}`)]
          .filter((part): part is string => part !== null)
          .join("; ");
        const kind = text(doc.type, 60);
        items.push({
          origin: "watch",
          source: "federal_register",
          sourceId: `federal_register:${number}`,
          jurisdiction: "US",
          title,
          url: link(doc.html_url),
          itemDate: day(doc.signing_date) ?? published,
          effectiveDate: day(doc.effective_on),
          citation: citation === "" ? null : citation,
          body: [
            [kind, agencies.join(", ")].filter((part) => part !== null && part !== "").join(" · "),
            `Published ${published}.`,
            abstract,
          ]
            .filter((part) => part !== "")
            .join("\n"),
        });
      }
      return {
        items,
        newestDay: newest(page.map((entry) => entry.published)),
        more: page.length > 0 && typeof answer.next_page_url === "string",
      };
    },
  };
}

const CODES = new Set<string>(JURISDICTIONS.map(([code]) => code));

/** `ocd-jurisdiction/country:us/state:oh/government` → OH (states, DC, territories). */
export function codeOfJurisdiction(id: unknown): string | null {
  if (typeof id !== "string") return null;
  const match = /\/(?:state|district|territory):([a-z]{2})(?:\/|$)/.exec(id);
  const code = match?.[1]?.toUpperCase();
  return code !== undefined && CODES.has(code) ? code : null;
}

export function openStatesSource(baseUrl: string, apiKey: string): WatchSource {
  return {
    id: "openstates",
    name: "Open States",
    asks: "state bills naming cannabis, marijuana or hemp, acted on",
    request: (since, page) => {
      const query = new URLSearchParams({
        q: "cannabis OR marijuana OR hemp",
        action_since: since,
        sort: "latest_action_asc",
        per_page: "20",
        page: String(page),
      });
      return { url: `${baseUrl}/bills?${query.toString()}`, headers: { "X-API-KEY": apiKey } };
    },
    parse: (body) => {
      const answer = record(body, "the answer");
      if (!Array.isArray(answer.results)) throw new BadAnswer("its results are not a list");
      const pagination =
        answer.pagination === undefined ? {} : record(answer.pagination, "its pagination");
      const items: NewReviewItem[] = [];
      const days: (string | null)[] = [];
      answer.results.forEach((raw, index) => {
        const bill = record(raw, `result ${index + 1}`);
        const id = text(bill.id, 100);
        const identifier = text(bill.identifier, 40);
        const title = text(bill.title, 500);
        if (id === null || identifier === null || title === null)
          throw new BadAnswer(`result ${index + 1} has no id, identifier or title`);
        const acted = day(bill.latest_action_date);
        days.push(acted);
        const subjects = Array.isArray(bill.subject)
          ? bill.subject
              .map((subject) => text(subject, 80))
              .filter((s): s is string => s !== null)
              .slice(0, 10)
          : [];
        if (!STATE_TERMS.test(`${title} ${subjects.join(" ")}`)) return;
        const jurisdiction =
          bill.jurisdiction === null || bill.jurisdiction === undefined
            ? {}
            : record(bill.jurisdiction, "a bill's jurisdiction");
        const code = codeOfJurisdiction(jurisdiction.id);
        if (code === null) return;
        const session = text(bill.session, 40);
        const action = text(bill.latest_action_description, 500);
        items.push({
          origin: "watch",
          source: "openstates",
          sourceId: `openstates:${id}`,
          jurisdiction: code,
          title: `${identifier}: ${title}`,
          url: link(bill.openstates_url),
          itemDate: acted,
          citation: `${code} ${identifier}${session === null ? "" : ` (${session} session)`}`,
          body: [
            `Latest action${acted === null ? "" : ` (${acted})`}: ${action ?? "not named"}.`,
            subjects.length === 0 ? "" : `Subjects: ${subjects.join(", ")}.`,
          ]
            .filter((part) => part !== "")
            .join("\n"),
        });
      });
      const page = typeof pagination.page === "number" ? pagination.page : 1;
      const maxPage = typeof pagination.max_page === "number" ? pagination.max_page : 1;
      return { items, newestDay: newest(days), more: page < maxPage };
    },
  };
}
