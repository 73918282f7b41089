/**
 * The parts of a state page a business reads: "Buying", "Where you may use
 * it", "Taxes", "Hemp products" and "Coming up". Every value is shown with
 * how sure it is (a label beside it) and the law that sets it (its
 * provenance); a null says why — the law sets none, it does not apply, or
 * what is not known — never a guess (docs/DATA.md, the codebook). The
 * federal rule on hemp products is the record's own (`hemp.federal`).
 */
import type {
  Jurisdiction,
  ProvenanceRef,
  PurchaseLimit,
  UpcomingChange,
} from "../dataset/dataset.schema.ts";
import { html, type SafeHtml } from "./html.ts";
import { dateOrElse } from "./site.format.ts";
import { citation } from "./site.law.ts";

type Provenances = Readonly<Partial<Record<string, ProvenanceRef>>>;

/** The confidence levels in words: a short label, and what it means. */
const CONFIDENCE = {
  law_text: { label: "law text", meaning: "read in the statute, rule or constitution" },
  official_guidance: {
    label: "official guidance",
    meaning: "read on a regulator's or tax department's own page",
  },
  secondary: {
    label: "secondary",
    meaning: "from at least two agreeing reputable secondary sources",
  },
} as const;

/**
 * How sure a value is, beside it: a short label in words (never colour
 * alone), read as "How sure: law text, checked …"; its title adds what the
 * level means, which the key at the top of "Buying" says once for everyone.
 */
function confidenceMarker(provenance: ProvenanceRef | undefined): SafeHtml | string {
  if (provenance?.confidence == null) return "";
  const { label, meaning } = CONFIDENCE[provenance.confidence];
  const checked = provenance.verified === null ? "" : `, checked ${provenance.verified}`;
  return html` <span class="confidence" title="How sure: ${meaning}${checked}"><span class="visually-hidden">How sure: </span>${label}${checked === "" ? "" : html`<span class="visually-hidden">${checked}</span>`}</span>`;
}

/** What the three labels mean, once, before the values that carry them. */
function confidenceKey(): SafeHtml {
  const items = Object.values(CONFIDENCE).map(
    ({ label, meaning }) =>
      html`<li><span class="confidence">${label}</span><span class="visually-hidden">:</span> ${meaning}</li>`,
  );
  return html`<div class="confidence-key"><p class="confidence-key-intro">Beside each value, how sure it is:</p><ul class="confidence-levels">${items}</ul></div>`;
}

/** The law behind one value (or behind its absence), or why it is unknown. */
function law(provenance: ProvenanceRef | undefined): SafeHtml | string {
  if (provenance === undefined) return "";
  if (provenance.authority !== null) {
    const since =
      provenance.since === null ? "" : html`, since ${dateOrElse(provenance.since, "")}`;
    return html` <span class="fact-law">(${citation(provenance.authority)}${since})</span>`;
  }
  return "";
}

/** Why a value is null, in words: the law sets none, it does not apply, or unknown and why. */
function absence(provenance: ProvenanceRef | undefined): SafeHtml {
  const reason =
    provenance === undefined ? "not_applicable" : (provenance.null_reason ?? "unknown");
  if (reason === "none") return html`<span class="missing">The law sets none</span>`;
  if (reason === "not_applicable") return html`<span class="missing">Does not apply</span>`;
  const why = provenance?.unknown ?? null;
  return why === null
    ? html`<span class="missing">Not known</span>`
    : html`<span class="missing">Not known</span><span class="fact-law">: ${why}</span>`;
}

function fact(
  label: string,
  value: SafeHtml | string | null,
  provenance: ProvenanceRef | undefined,
): SafeHtml {
  const shown = value === null ? absence(provenance) : value;
  return html`<dt>${label}</dt><dd>${shown}${confidenceMarker(provenance)}</dd>`;
}

/**
 * The law behind a section's facts, below them (the facts come first on a
 * phone): each value's citation and since, when it was checked and how far
 * its sources reach.
 */
function lawBelow(entries: readonly [string, ProvenanceRef | undefined][]): SafeHtml | string {
  const items = entries
    .filter(([, provenance]) => provenance?.authority != null)
    .map(([label, provenance]) => {
      const checked =
        provenance?.verified == null ? "" : html`; checked ${dateOrElse(provenance.verified, "")}`;
      const currentTo =
        provenance?.sources_current_to == null
          ? ""
          : html`; sources current to ${dateOrElse(provenance.sources_current_to, "")}`;
      return html`<li>${label}:${law(provenance)}${checked}${currentTo}</li>`;
    });
  if (items.length === 0) return "";
  return html`<div class="section-law"><p class="section-law-title">The law behind these facts</p><ul class="section-law-list">${items}</ul></div>`;
}

const PERIODS = { transaction: "per purchase", day: "per day", month: "per month" } as const;

export function purchaseLimitText(limit: PurchaseLimit): string {
  const parts = [
    limit.flower_grams === null ? null : `${limit.flower_grams} g of flower`,
    limit.concentrate_grams === null ? null : `${limit.concentrate_grams} g of concentrate`,
    limit.edible_thc_mg === null ? null : `${limit.edible_thc_mg} mg THC in edibles`,
    limit.total_thc_mg == null ? null : `${limit.total_thc_mg} mg total THC across products`,
  ].filter((part): part is string => part !== null);
  const visitors =
    limit.nonresident_flower_grams === null
      ? ""
      : `; visitors ${limit.nonresident_flower_grams} g of flower`;
  return `${parts.length === 0 ? "A limit" : parts.join(", ")} ${PERIODS[limit.period]}${visitors}`;
}

const USE_LABELS = {
  prohibited: "Not in public",
  allowed: "Allowed in public, where the law permits (like tobacco)",
  designated_areas: "Only in designated areas",
} as const;
const DELIVERY_LABELS = {
  allowed: "Allowed",
  not_allowed: "Not allowed",
  medical_only: "For medical patients only",
} as const;
const HEMP_LABELS = {
  prohibited:
    "Prohibited: intoxicating hemp products may not be sold (or only through licensed cannabis stores)",
  restricted: "Restricted: allowed under state rules beyond federal law",
  unregulated: "No state rules beyond federal law",
} as const;

const yes = (value: boolean | null) => (value === null ? null : value ? "Yes" : "No");

function renderBuying(record: Jurisdiction): SafeHtml {
  const adult = record.adult_use;
  const medical = record.medical;
  const p: Provenances = adult.provenance;
  const m: Provenances = medical.provenance;
  const adultFacts = adult.legal
    ? html`<h3>Adults</h3><dl class="facts">
${fact("Minimum age", adult.minimum_age === null ? null : `${adult.minimum_age}`, p.minimum_age)}
${fact("Purchase limit", adult.purchase_limit === null ? null : purchaseLimitText(adult.purchase_limit), p.purchase_limit)}
${fact("Delivery", adult.delivery === null ? null : DELIVERY_LABELS[adult.delivery], p.delivery)}
${fact("Towns may ban shops", yes(adult.local_opt_out), p.local_opt_out)}
</dl>
${lawBelow([
  ["Minimum age", p.minimum_age],
  ["Purchase limit", p.purchase_limit],
  ["Delivery", p.delivery],
  ["Towns may ban shops", p.local_opt_out],
])}`
    : html`<p>Adults may not buy cannabis in ${record.name}.</p>`;
  const medicalFacts =
    medical.program === "none"
      ? ""
      : html`<h3>Patients</h3><dl class="facts">
${fact("Youngest patient without a caregiver", medical.minimum_age === null ? null : `${medical.minimum_age}`, m.minimum_age)}
${fact("Purchase limit", medical.purchase_limit === null ? null : purchaseLimitText(medical.purchase_limit), m.purchase_limit)}
${fact("Out-of-state patients", medical.reciprocity === null ? null : { yes: "Their cards are honoured", registration: "May register here", no: "Not honoured" }[medical.reciprocity], m.reciprocity)}
${fact("Patients may grow", medical.patient_home_grow === null ? null : medical.patient_home_grow.allowed ? `Yes${medical.patient_home_grow.plants === null ? "" : `, ${medical.patient_home_grow.plants} plants`}` : "No", m.patient_home_grow)}
</dl>
${lawBelow([
  ["Youngest patient without a caregiver", m.minimum_age],
  ["Purchase limit", m.purchase_limit],
  ["Out-of-state patients", m.reciprocity],
  ["Patients may grow", m.patient_home_grow],
])}`;
  return html`<section aria-labelledby="buying-heading">
<h2 id="buying-heading">Buying</h2>
${confidenceKey()}
${adultFacts}
${medicalFacts}
</section>`;
}

function renderUse(record: Jurisdiction): SafeHtml | string {
  const adult = record.adult_use;
  if (!adult.legal) return "";
  const p: Provenances = adult.provenance;
  const lounges =
    adult.onsite_consumption === null
      ? null
      : adult.onsite_consumption.allowed
        ? `Allowed${adult.onsite_consumption.operating === true ? ", and operating" : adult.onsite_consumption.operating === false ? ", none operating yet" : ""}`
        : "Not allowed";
  return html`<section aria-labelledby="use-heading">
<h2 id="use-heading">Where you may use it</h2>
<dl class="facts">
${fact("In public", adult.public_consumption === null ? null : USE_LABELS[adult.public_consumption], p.public_consumption)}
${fact("Licensed lounges", lounges, p.onsite_consumption)}
</dl>
${lawBelow([
  ["In public", p.public_consumption],
  ["Licensed lounges", p.onsite_consumption],
])}
</section>`;
}

function renderTaxes(record: Jurisdiction): SafeHtml | string {
  const adult = record.adult_use;
  if (!adult.legal) return "";
  const p: Provenances = adult.provenance;
  const taxes =
    adult.taxes === null
      ? null
      : adult.taxes.length === 0
        ? "No state cannabis tax"
        : html`<ul>${adult.taxes.map((tax) => html`<li>${tax.description}${tax.since === null ? "" : html` <span class="muted">(since ${dateOrElse(tax.since, "")})</span>`}</li>`)}</ul>`;
  return html`<section aria-labelledby="taxes-heading">
<h2 id="taxes-heading">Taxes</h2>
<dl class="facts">
${fact("State cannabis taxes", taxes, p.taxes)}
${fact("General sales tax applies too", yes(adult.general_sales_tax_applies), p.general_sales_tax_applies)}
${adult.local_taxes === null ? "" : html`<dt>Local taxes</dt><dd>${adult.local_taxes}</dd>`}
</dl>
${lawBelow([
  ["State cannabis taxes", p.taxes],
  ["General sales tax", p.general_sales_tax_applies],
])}
</section>`;
}

/** Federal law on the same products on the record's day, beside the state's rule. */
function federalHemp(record: Jurisdiction): SafeHtml {
  const federal = record.hemp.federal;
  const more = html` <a href="/federal">More on federal law</a>`;
  if (federal === null) {
    return html`<dt>Federal law</dt><dd>No rule for these products beyond the federal definition of hemp.${more}</dd>`;
  }
  return html`<dt>Federal law</dt><dd>${federal.summary} <span class="fact-law">(${citation(federal.authority)}, since ${dateOrElse(federal.since, "")})</span>${more}</dd>`;
}

function renderHemp(record: Jurisdiction): SafeHtml {
  const hemp = record.hemp;
  const p: Provenances = hemp.provenance;
  return html`<section aria-labelledby="hemp-heading">
<h2 id="hemp-heading">Hemp products</h2>
<p>Delta-8 and delta-10 THC, THCA flower and hemp-derived delta-9 edibles and drinks.</p>
<dl class="facts">
${fact("State rules", hemp.intoxicating_products === null ? null : HEMP_LABELS[hemp.intoxicating_products], p.intoxicating_products)}
${fact("Minimum age", hemp.minimum_age === null ? null : `${hemp.minimum_age}`, p.minimum_age)}
${federalHemp(record)}
</dl>
${hemp.summary === null ? "" : html`<p>${hemp.summary}</p>`}
${lawBelow([
  ["State rules", p.intoxicating_products],
  ["Minimum age", p.minimum_age],
])}
</section>`;
}

function describeSets(change: UpcomingChange): string {
  const fields = Object.keys(change.sets);
  return fields.length === 0
    ? ""
    : ` Changes ${fields.map((field) => field.replaceAll("_", " ")).join(", ")}.`;
}

function renderComingUp(record: Jurisdiction): SafeHtml {
  const items = record.upcoming.map(
    (change) =>
      html`<li><strong>${dateOrElse(change.effective, "")}</strong>: ${change.title}. ${change.summary}${describeSets(change)}${change.authority === null ? "" : html` <span class="fact-law">(${citation(change.authority)}, enacted ${dateOrElse(change.enacted, "")})</span>`}</li>`,
  );
  return html`<section aria-labelledby="coming-heading">
<h2 id="coming-heading">Coming up</h2>
${items.length === 0 ? html`<p>No enacted change is waiting to take effect.</p>` : html`<ul class="coming-up">${items}</ul>`}
</section>`;
}

/** One line of "At a glance": the value (or why it is missing), how sure, and where to read more. */
function glance(
  label: string,
  value: SafeHtml | string | null,
  provenance: ProvenanceRef | undefined,
  section: string,
): SafeHtml {
  const shown = value === null ? absence(provenance) : value;
  return html`<dt>${label}</dt><dd>${shown}${confidenceMarker(provenance)} <a class="glance-more" href="#${section}">Details<span class="visually-hidden"> on ${label.toLowerCase()}</span></a></dd>`;
}

function taxesInShort(record: Jurisdiction): string | null {
  const taxes = record.adult_use.taxes;
  if (taxes === null) return null;
  if (taxes.length === 0) return "No state cannabis tax";
  const kinds = {
    excise_retail_percent: "of the retail price",
    excise_wholesale_percent: "of the wholesale price",
    per_weight: "per weight",
    per_thc_mg: "per mg of THC",
    potency_tiered: "tiered by potency",
    other: "other",
  } as const;
  const parts = taxes.map((tax) =>
    tax.kind === "excise_retail_percent" || tax.kind === "excise_wholesale_percent"
      ? `${tax.rate ?? "?"}% ${kinds[tax.kind]}`
      : tax.kind === "potency_tiered" || tax.rate === null
        ? kinds[tax.kind]
        : `${tax.rate} ${tax.unit ?? ""}`.trim(),
  );
  const sales =
    record.adult_use.general_sales_tax_applies === true
      ? "; general sales tax too"
      : record.adult_use.general_sales_tax_applies === false
        ? "; no general sales tax"
        : "";
  return `${parts.join("; ")}${sales}`;
}

/**
 * "At a glance": the facts a business reads first, before the sections
 * that explain them and their citations — status, licensed sales, minimum
 * age, purchase limit, delivery, on-site use, taxes, hemp and federal law,
 * each with how sure it is and a link to its section.
 */
export function renderAtAGlance(record: Jurisdiction): SafeHtml {
  const adult = record.adult_use;
  const p: Provenances = adult.provenance;
  const h: Provenances = record.hemp.provenance;
  const statusText =
    record.status === "adult_use"
      ? "Legal for adults"
      : record.status === "medical"
        ? "Medical only"
        : record.status === "low_thc"
          ? "Low-THC / CBD only"
          : "Prohibited";
  const adultFacts = adult.legal
    ? html`${glance("Licensed sales", adult.sales_began === null ? "Not open: adults may possess, but no licensed store sells" : html`Open since ${dateOrElse(adult.sales_began, "")}`, undefined, "adult-heading")}
${glance("Minimum age", adult.minimum_age === null ? null : `${adult.minimum_age}`, p.minimum_age, "buying-heading")}
${glance("Purchase limit", adult.purchase_limit === null ? null : purchaseLimitText(adult.purchase_limit), p.purchase_limit, "buying-heading")}
${glance("Delivery", adult.delivery === null ? null : DELIVERY_LABELS[adult.delivery], p.delivery, "buying-heading")}
${glance("On-site use (lounges)", adult.onsite_consumption === null ? null : adult.onsite_consumption.allowed ? "Allowed" : "Not allowed", p.onsite_consumption, "use-heading")}
${glance("Taxes", taxesInShort(record), p.taxes, "taxes-heading")}`
    : html`<dt>Licensed sales</dt><dd>None: adults may not buy cannabis here. <a class="glance-more" href="#adult-heading">Details<span class="visually-hidden"> on adult use</span></a></dd>`;
  const federal = record.hemp.federal;
  return html`<section class="at-a-glance" aria-labelledby="glance-heading">
<h2 id="glance-heading">At a glance</h2>
<dl class="facts glance">
<dt>Status</dt><dd>${statusText} <a class="glance-more" href="#status-heading">Details<span class="visually-hidden"> on status</span></a></dd>
${adultFacts}
${glance("Hemp products", record.hemp.intoxicating_products === null ? null : HEMP_LABELS[record.hemp.intoxicating_products], h.intoxicating_products, "hemp-heading")}
<dt>Federal law</dt><dd>${federal === null ? "No rule for hemp products beyond the federal definition of hemp" : federal.summary} <a class="glance-more" href="/federal">Federal law</a></dd>
</dl>
</section>`;
}

/** The five business sections, in reading order. */
export function renderBusinessSections(record: Jurisdiction): SafeHtml {
  return html`${renderBuying(record)}
${renderUse(record)}
${renderTaxes(record)}
${renderHemp(record)}
${renderComingUp(record)}`;
}
