/**
 * The closed vocabularies of the review queue: the fields a reader may
 * suggest a correction to (each with the path `data:correct --set` takes),
 * the reasons a maintainer gives for declining, and where a state page's
 * facts are: `addCorrectionLinks` puts "Suggest a correction" beside each
 * value of a rendered state page.
 *
 * Why closed: these words reach the decision mail, which carries no text a
 * third party typed (docs/SECURITY.md, "Readers' suggestions").
 */
import { html, SafeHtml } from "../web/html.ts";

export type SuggestionField = { label: string; path: string | null };

/** Field key → its label and its path in a jurisdiction's file (null: none to set). */
export const SUGGESTION_FIELDS = {
  status: { label: "Status", path: null },
  decriminalized: { label: "Decriminalized", path: "decriminalization" },
  "decriminalization.authority": {
    label: "Law: decriminalization",
    path: "decriminalization.authority",
  },
  "adult_use.legal": { label: "Adult use: legal for adults", path: "adult_use.legal" },
  "adult_use.enacted_by": { label: "Adult use: enacted by", path: "adult_use.enacted_by" },
  "adult_use.effective": { label: "Adult use: effective", path: "adult_use.effective" },
  "adult_use.sales_began": {
    label: "Adult use: retail sales began",
    path: "adult_use.sales_began",
  },
  "adult_use.possession_limit": {
    label: "Adult use: possession limit",
    path: "adult_use.possession_limit",
  },
  "adult_use.home_grow": { label: "Adult use: home grow", path: "adult_use.home_grow" },
  "adult_use.authority": { label: "Law: adult use", path: "adult_use.authority" },
  "adult_use.minimum_age": { label: "Buying: minimum age", path: "adult_use.minimum_age" },
  "adult_use.purchase_limit": {
    label: "Buying: purchase limit (adults)",
    path: "adult_use.purchase_limit",
  },
  "adult_use.delivery": { label: "Buying: delivery", path: "adult_use.delivery" },
  "adult_use.local_opt_out": {
    label: "Buying: towns may ban shops",
    path: "adult_use.local_opt_out",
  },
  "adult_use.public_consumption": { label: "Use: in public", path: "adult_use.public_consumption" },
  "adult_use.onsite_consumption": {
    label: "Use: licensed lounges",
    path: "adult_use.onsite_consumption",
  },
  "adult_use.taxes": { label: "Taxes: state cannabis taxes", path: "adult_use.taxes" },
  "adult_use.general_sales_tax_applies": {
    label: "Taxes: general sales tax applies",
    path: "adult_use.general_sales_tax_applies",
  },
  "adult_use.local_taxes": { label: "Taxes: local taxes", path: "adult_use.local_taxes" },
  "medical.program": { label: "Medical use: program", path: "medical.program" },
  "medical.enacted_by": { label: "Medical use: enacted by", path: "medical.enacted_by" },
  "medical.effective": { label: "Medical use: effective", path: "medical.effective" },
  "medical.authority": { label: "Law: medical use", path: "medical.authority" },
  "medical.minimum_age": {
    label: "Patients: youngest without a caregiver",
    path: "medical.minimum_age",
  },
  "medical.purchase_limit": { label: "Patients: purchase limit", path: "medical.purchase_limit" },
  "medical.reciprocity": { label: "Patients: out-of-state patients", path: "medical.reciprocity" },
  "medical.patient_home_grow": { label: "Patients: may grow", path: "medical.patient_home_grow" },
  "hemp.intoxicating_products": {
    label: "Hemp products: state rules",
    path: "hemp.intoxicating_products",
  },
  "hemp.minimum_age": { label: "Hemp products: minimum age", path: "hemp.minimum_age" },
  regulator: { label: "Regulator", path: "regulator" },
  history: { label: "An event in the history", path: null },
  other: { label: "Something else on this page", path: null },
} as const satisfies Record<string, SuggestionField>;

export type SuggestionFieldKey = keyof typeof SUGGESTION_FIELDS;

export function isSuggestionField(key: string): key is SuggestionFieldKey {
  return Object.hasOwn(SUGGESTION_FIELDS, key);
}

export function fieldLabel(key: string | null): string {
  return key !== null && isSuggestionField(key) ? SUGGESTION_FIELDS[key].label : "Not named";
}

/**
 * Why an item is declined: a maintainer picks one; its sentence is what the
 * suggester is mailed. A free note may go with it, seen by maintainers only.
 */
export const DECLINE_REASONS = {
  no_official_source:
    "The link does not lead to the law or to an official page that shows the value.",
  source_does_not_support: "The source given does not show the value suggested.",
  already_correct: "The data already say this, or the law in force says what the data say.",
  not_a_change_of_law: "It does not change a law the data cover.",
  out_of_scope: "It is outside what the data cover.",
  other: "Another reason, noted by the maintainer.",
} as const;

export type DeclineReason = keyof typeof DECLINE_REASONS;

export function isDeclineReason(key: string): key is DeclineReason {
  return Object.hasOwn(DECLINE_REASONS, key);
}

/**
 * Where each fact of a state page lives: `section id|sub-heading|label` →
 * field key. Section ids are the page's `<h2 id>`; the sub-heading is an
 * `<h3>` inside it ("Adults", "Patients"), empty where there is none.
 */
const PAGE_FACTS: Readonly<Record<string, SuggestionFieldKey | null>> = {
  "status-heading||Decriminalized": "decriminalized",
  "status-heading||Adult use since": "adult_use.effective",
  "status-heading||Medical since": "medical.effective",
  "status-heading||Last reviewed": null,
  "law-heading||Decriminalization": "decriminalization.authority",
  "law-heading||Adult use": "adult_use.authority",
  "law-heading||Medical use": "medical.authority",
  "adult-heading||Legal for adults": "adult_use.legal",
  "adult-heading||Enacted by": "adult_use.enacted_by",
  "adult-heading||Effective": "adult_use.effective",
  "adult-heading||Retail sales began": "adult_use.sales_began",
  "adult-heading||Possession limit": "adult_use.possession_limit",
  "adult-heading||Home grow": "adult_use.home_grow",
  "medical-heading||Program": "medical.program",
  "medical-heading||Enacted by": "medical.enacted_by",
  "medical-heading||Effective": "medical.effective",
  "buying-heading|Adults|Minimum age": "adult_use.minimum_age",
  "buying-heading|Adults|Purchase limit": "adult_use.purchase_limit",
  "buying-heading|Adults|Delivery": "adult_use.delivery",
  "buying-heading|Adults|Towns may ban shops": "adult_use.local_opt_out",
  "buying-heading|Patients|Youngest patient without a caregiver": "medical.minimum_age",
  "buying-heading|Patients|Purchase limit": "medical.purchase_limit",
  "buying-heading|Patients|Out-of-state patients": "medical.reciprocity",
  "buying-heading|Patients|Patients may grow": "medical.patient_home_grow",
  "use-heading||In public": "adult_use.public_consumption",
  "use-heading||Licensed lounges": "adult_use.onsite_consumption",
  "taxes-heading||State cannabis taxes": "adult_use.taxes",
  "taxes-heading||General sales tax applies too": "adult_use.general_sales_tax_applies",
  "taxes-heading||Local taxes": "adult_use.local_taxes",
  "hemp-heading||State rules": "hemp.intoxicating_products",
  "hemp-heading||Minimum age": "hemp.minimum_age",
  // Federal law is not a state's value: corrected through /federal, not here.
  "hemp-heading||Federal law": null,
};

const MARKUP =
  /<h2\b[^>]*?(?:\sid="([^"]*)")?[^>]*>([\s\S]*?)<\/h2>|<h3\b[^>]*>([\s\S]*?)<\/h3>|<dt>([\s\S]*?)<\/dt>(\s*)<dd>([\s\S]*?)<\/dd>/g;

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .trim();

/**
 * A rendered state page with "Suggest a correction" beside each value: a
 * second `<dd>` after every fact (`<dt>…</dt><dd>…</dd>`), linking to the
 * form with the fact's field chosen (or "something else" for a fact this
 * table does not know yet). The page is our own markup, escaped throughout,
 * so a `</dd>` only ever ends a value.
 */
export function addCorrectionLinks(page: SafeHtml, code: string): SafeHtml {
  let section = "";
  let sub = "";
  const out = page.value.replace(
    MARKUP,
    (
      match,
      h2Id: string | undefined,
      h2: string | undefined,
      h3: string | undefined,
      dt: string | undefined,
    ) => {
      if (h2 !== undefined) {
        section = h2Id ?? textOf(h2);
        sub = "";
        return match;
      }
      if (h3 !== undefined) {
        sub = textOf(h3);
        return match;
      }
      // "At a glance" repeats facts of the sections below, which carry the links.
      if (section === "glance-heading") return match;
      const label = textOf(dt ?? "");
      const key = `${section}|${sub}|${label}`;
      const field = Object.hasOwn(PAGE_FACTS, key) ? PAGE_FACTS[key] : "other";
      if (field === null || field === undefined) return match;
      return `${match}${suggestLink(code, field, label).value}`;
    },
  );
  return new SafeHtml(out);
}

function suggestLink(code: string, field: SuggestionFieldKey, label: string): SafeHtml {
  return html`<dd class="suggest-correction"><a href="/states/${code}/suggest?field=${field}" rel="nofollow">Suggest a correction<span class="visually-hidden"> to ${label}</span></a></dd>`;
}
