/**
 * The dataset's schemas: the files in `data/` are validated against these at
 * start-up and by `npm run data:check`, and the API's response schemas (which
 * serialize the bodies and generate the OpenAPI document) are built from the
 * same pieces. Field meanings are documented in docs/DATA.md.
 */
import { type Static, type TSchema, Type } from "typebox";

export const STATUSES = ["adult_use", "medical", "low_thc", "prohibited"] as const;
export const JURISDICTION_TYPES = ["state", "district", "territory"] as const;
export const MEDICAL_PROGRAMS = ["comprehensive", "low_thc", "none"] as const;
export const ENACTMENT_TYPES = [
  "ballot_measure",
  "legislation",
  "court_ruling",
  "executive_action",
] as const;
export const EVENT_KINDS = [
  "medical_legalized",
  "low_thc_legalized",
  "medical_amended",
  "decriminalized",
  "adult_use_legalized",
  "adult_use_sales_began",
  "adult_use_amended",
  "ballot_measure_failed",
  "bill_vetoed",
  "court_ruling",
  "repealed",
  "medical_sales_began",
  "decriminalization_amended",
  "hemp_amended",
  "executive_action",
  "regulation",
  "initiative_filed",
  "ballot_measure_approved",
  "bill_passed_chamber",
  "bill_failed",
  "other",
] as const;
export const FEDERAL_EVENT_KINDS = [
  "scheduling",
  "rescheduling",
  "hemp",
  "appropriations",
  "executive_action",
  "court_ruling",
  "legislation",
  "proposed_rule",
  "final_rule",
  "administrative_hearing",
  "other",
] as const;
export const CSA_SCHEDULES = ["I", "II", "III", "IV", "V", "descheduled"] as const;
/** What a cited source is: the law or a government page, a reference work, journalism, or an advocate. */
export const SOURCE_KINDS = ["official", "reference", "news", "advocacy"] as const;
/** Where adults may use cannabis in public. */
export const PUBLIC_CONSUMPTION = ["prohibited", "allowed", "designated_areas"] as const;
/** Whether licensed adult-use businesses may deliver to consumers. */
export const DELIVERY = ["allowed", "not_allowed", "medical_only"] as const;
/** The period a purchase limit counts over. */
export const PURCHASE_PERIODS = ["transaction", "day", "month"] as const;
/** Kinds of state cannabis-specific taxes on adult-use sales. */
export const TAX_KINDS = [
  "excise_retail_percent",
  "excise_wholesale_percent",
  "per_weight",
  "per_thc_mg",
  "potency_tiered",
  "other",
] as const;
/** Whether out-of-state medical patients are honoured: as they are, after registering, or not. */
export const RECIPROCITY = ["yes", "registration", "no"] as const;
/** A state's treatment of hemp-derived intoxicating products (delta-8, THCA flower, hemp delta-9). */
export const HEMP_TREATMENTS = ["prohibited", "restricted", "unregulated"] as const;
/** How possessing a small personal amount is treated for an adult. */
export const SMALL_AMOUNT_OFFENSES = ["legal", "civil", "criminal"] as const;

function Nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description });
}

function OneOf<const T extends readonly string[]>(values: T, description: string) {
  return Type.Enum([...values] as T[number][], { description });
}

export const IsoDate = Type.String({
  pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
  format: "date",
  description: "ISO 8601 calendar date (YYYY-MM-DD)",
});

const Text = (description: string) => Type.String({ minLength: 1, description });

export const Source = Type.Object(
  {
    title: Text("What the source is, e.g. the statute, regulator page or article title"),
    url: Type.String({ pattern: "^https?://", format: "uri", description: "Where to read it" }),
    kind: OneOf(
      SOURCE_KINDS,
      "official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group",
    ),
  },
  { additionalProperties: false },
);

/** The law that makes a fact true: its standard legal citation, and its official text where known. */
export const Authority = Type.Object(
  {
    citation: Text(
      "The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)'",
    ),
    url: Nullable(
      Type.String({ pattern: "^https?://", format: "uri" }),
      "The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known",
    ),
  },
  { additionalProperties: false },
);

const authority = Type.Union([Authority, Type.Null()], {
  description: "The law behind these facts (null only where no law applies)",
});

const Sources = (description: string) => Type.Array(Source, { description });

export const Enactment = Type.Object(
  {
    type: OneOf(ENACTMENT_TYPES, "How it became law"),
    name: Text("The measure or bill, with its number and popular name"),
    date: Nullable(IsoDate, "Date approved by voters, signed into law, or decided"),
  },
  { additionalProperties: false },
);

export const PossessionLimit = Type.Object(
  {
    flower_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "Limit for cannabis flower in grams, or null if the law sets none or it is unknown",
    ),
    concentrate_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "Limit for concentrate in grams, or null if the law sets none separately or it is unknown",
    ),
    summary: Text("The limit as the law states it, in plain words"),
  },
  { additionalProperties: false },
);

export const HomeGrow = Type.Object(
  {
    allowed: Nullable(Type.Boolean(), "Whether adults may cultivate at home; null if unknown"),
    plants: Nullable(Type.Integer({ minimum: 0 }), "Plants allowed, counted per `per`"),
    per: Nullable(
      Type.Union([Type.Literal("adult"), Type.Literal("household")]),
      "Whether `plants` counts per adult or per household",
    ),
    household_max: Nullable(Type.Integer({ minimum: 0 }), "Cap per household, if the law sets one"),
    summary: Nullable(Text("The rule in plain words")),
  },
  { additionalProperties: false },
);

export const PurchaseLimit = Type.Object(
  {
    flower_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "Flower per period, in grams; null if the law sets no flower limit",
    ),
    concentrate_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "Concentrate per period, in grams; null if the law sets none separately",
    ),
    edible_thc_mg: Nullable(
      Type.Number({ minimum: 0 }),
      "THC in edible products per period, in milligrams; null if the law sets none separately",
    ),
    total_thc_mg: Type.Optional(
      Nullable(
        Type.Number({ minimum: 0 }),
        "Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies)",
      ),
    ),
    period: OneOf(
      PURCHASE_PERIODS,
      "What the limits count over: one transaction, a day or a month",
    ),
    nonresident_flower_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "A lower flower limit for non-residents, in grams; null where residents and visitors share one limit",
    ),
  },
  { additionalProperties: false },
);

export const Tax = Type.Object(
  {
    kind: OneOf(
      TAX_KINDS,
      "excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other",
    ),
    rate: Nullable(
      Type.Number({ minimum: 0 }),
      "Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes",
    ),
    unit: Nullable(Text("What the rate is counted in, e.g. 'percent of retail price'")),
    description: Text("The tax in plain words"),
    since: Nullable(IsoDate, "Date this rate took effect, where known"),
  },
  { additionalProperties: false },
);

/** How sure a value is: the law's text was read; a regulator's own page; two agreeing secondary sources. */
export const CONFIDENCE_LEVELS = ["law_text", "official_guidance", "secondary"] as const;
/** Why a dated variable is null: the law sets none; it does not apply (no market, no program); unknown. */
export const NULL_REASONS = ["none", "not_applicable", "unknown"] as const;

/** Where one fact comes from: the law that sets it, since when, how sure, or why it is null. */
export const Provenance = Type.Object(
  {
    since: Nullable(IsoDate, "Date the value has been in force; null if unknown"),
    since_unknown: Nullable(
      Text("Why the date is not known"),
      "Why `since` is null where the value is set; null where `since` is known or the value is null",
    ),
    authority: Type.Union([Authority, Type.Null()], {
      description: "The law that sets the value (or that makes it not apply)",
    }),
    unknown: Nullable(
      Text("What research could not establish"),
      "Why the value is null where it is unknown; null where the value is known or does not apply",
    ),
    null_reason: Nullable(
      OneOf(
        NULL_REASONS,
        "none: the law sets none (e.g. no purchase limit); not_applicable: the variable does not apply (no licensed market or program); unknown: not established (see `unknown`)",
      ),
      "Why the value is null; null where the value is set",
    ),
    confidence: Nullable(
      OneOf(
        CONFIDENCE_LEVELS,
        "law_text: the statute, rule or constitution was read; official_guidance: a regulator's or tax department's own page; secondary: at least two agreeing reputable secondary sources",
      ),
      "How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown",
    ),
    verified: Nullable(
      IsoDate,
      "Date the value was last checked against its source; null only where the value is unknown",
    ),
    sources: Type.Array(Source, {
      description:
        "What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`)",
    }),
    coded_by: Type.Optional(
      Text(
        "Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded)",
      ),
    ),
    reviewed_by: Type.Optional(Text("Who reviewed the coding: a second person, never the coder")),
    sources_current_to: Type.Optional(
      Type.String({
        ...IsoDate,
        description:
          "Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day",
      }),
    ),
  },
  { additionalProperties: false },
);

const provenanceOf = <const K extends readonly string[]>(keys: K, description: string) =>
  Type.Object(
    Object.fromEntries(keys.map((key) => [key, Type.Optional(Provenance)])) as {
      [P in K[number]]: ReturnType<typeof Type.Optional<typeof Provenance>>;
    },
    { additionalProperties: false, description },
  );

/** The dated adult-use variables a business needs, each with its provenance. */
export const ADULT_USE_VARIABLES = [
  "minimum_age",
  "purchase_limit",
  "public_consumption",
  "onsite_consumption",
  "delivery",
  "local_opt_out",
  "taxes",
  "general_sales_tax_applies",
] as const;
export const MEDICAL_VARIABLES = [
  "minimum_age",
  "reciprocity",
  "patient_home_grow",
  "purchase_limit",
] as const;
export const HEMP_VARIABLES = ["intoxicating_products", "minimum_age"] as const;

const adultUseDepth = {
  minimum_age: Nullable(
    Type.Integer({ minimum: 0 }),
    "Youngest age at which an adult may buy and possess",
  ),
  purchase_limit: Nullable(
    PurchaseLimit,
    "How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance)",
  ),
  public_consumption: Nullable(
    OneOf(
      PUBLIC_CONSUMPTION,
      "Use in public places: prohibited, allowed, or only in designated areas",
    ),
  ),
  onsite_consumption: Nullable(
    Type.Object(
      {
        allowed: Type.Boolean({
          description: "The law allows licensed on-site consumption (lounges)",
        }),
        operating: Nullable(
          Type.Boolean(),
          "At least one licensed lounge is operating; null if unknown",
        ),
      },
      { additionalProperties: false },
    ),
    "Licensed consumption lounges",
  ),
  delivery: Nullable(OneOf(DELIVERY, "Delivery of adult-use cannabis to consumers")),
  local_opt_out: Nullable(
    Type.Boolean(),
    "Municipalities or counties may prohibit adult-use businesses",
  ),
  taxes: Nullable(
    Type.Array(Tax),
    "The state's cannabis-specific taxes on adult-use sales ([] where none)",
  ),
  general_sales_tax_applies: Nullable(
    Type.Boolean(),
    "The state's general sales tax also applies to adult-use sales",
  ),
  local_taxes: Nullable(Text("Local cannabis taxes, described, not itemized")),
  provenance: provenanceOf(
    ADULT_USE_VARIABLES,
    "For each variable above: its law, its date, or why it is unknown",
  ),
};

const medicalDepth = {
  minimum_age: Nullable(
    Type.Integer({ minimum: 0 }),
    "Youngest age a patient may register without a caregiver",
  ),
  reciprocity: Nullable(
    OneOf(
      RECIPROCITY,
      "Out-of-state patients: honoured as they are, after registering here, or not",
    ),
  ),
  patient_home_grow: Nullable(
    Type.Object(
      {
        allowed: Type.Boolean({ description: "Registered patients may cultivate" }),
        plants: Nullable(
          Type.Integer({ minimum: 0 }),
          "Plants allowed, where the law sets a count",
        ),
      },
      { additionalProperties: false },
    ),
    "Home cultivation by patients",
  ),
  purchase_limit: Nullable(PurchaseLimit, "How much a patient may buy"),
  provenance: provenanceOf(
    MEDICAL_VARIABLES,
    "For each variable above: its law, its date, or why it is unknown",
  ),
};

export const Hemp = Type.Object(
  {
    intoxicating_products: Nullable(
      OneOf(
        HEMP_TREATMENTS,
        "The state's treatment of hemp-derived intoxicating products (delta-8/delta-10 THC, THCA flower, hemp-derived delta-9 edibles and drinks): prohibited, restricted (state rules beyond federal law: age, potency, registration), or unregulated",
      ),
    ),
    minimum_age: Nullable(
      Type.Integer({ minimum: 0 }),
      "The state's minimum age to buy them; null if it sets none",
    ),
    summary: Nullable(Text("What the state does, in plain words")),
    authority,
    sources: Sources("Sources for the facts in this object"),
    provenance: provenanceOf(
      HEMP_VARIABLES,
      "For each variable above: its law, its date, or why it is unknown",
    ),
  },
  { additionalProperties: false },
);

/** Federal law on hemp-derived intoxicating products, beside the state's own rule. */
export const FederalHempRule = Type.Object(
  {
    intoxicating_products: OneOf(
      HEMP_TREATMENTS,
      "Federal law's treatment of the same products, whatever the state allows",
    ),
    summary: Text("What federal law says, in plain words"),
    since: IsoDate,
    authority: Authority,
  },
  { additionalProperties: false },
);

/** The hemp group as served: the file's, with the federal rule in force on the record's day. */
export const ServedHemp = Type.Object(
  {
    ...Hemp.properties,
    federal: Nullable(
      FederalHempRule,
      "Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before",
    ),
  },
  { additionalProperties: false },
);

/** The law that prohibited possession before any later law in the record changed it. */
export const Prohibition = Type.Object(
  {
    authority: Authority,
    sources: Sources("Sources for the citation"),
    confidence: OneOf(
      CONFIDENCE_LEVELS,
      "How sure the citation is: its text read, an official page, or two agreeing secondary sources",
    ),
    note: Nullable(Text("What is not confirmed about the citation, and what would settle it")),
  },
  {
    additionalProperties: false,
    description:
      "The statute that prohibits possessing cannabis (the offense and the schedule): cited by a fact group on a day when no later law in this record had changed it",
  },
);

export const AdultUse = Type.Object(
  {
    legal: Type.Boolean({ description: "Adults may legally possess cannabis for any purpose" }),
    enacted_by: Nullable(Enactment, "The ballot measure or bill that legalized adult use"),
    effective: Nullable(IsoDate, "Date adult possession became legal"),
    sales_began: Nullable(IsoDate, "Date licensed adult-use retail sales began; null if none yet"),
    possession_limit: Nullable(PossessionLimit, "Personal possession limit"),
    home_grow: Nullable(HomeGrow, "Home cultivation rules"),
    ...adultUseDepth,
    authority,
    sources: Sources("Sources for the facts in this object"),
  },
  { additionalProperties: false },
);

export const Medical = Type.Object(
  {
    legal: Type.Boolean({ description: "A medical program (comprehensive or low-THC) exists" }),
    program: OneOf(
      MEDICAL_PROGRAMS,
      "comprehensive: qualifying patients may obtain cannabis without a low-THC cap; low_thc: only CBD / low-THC products; none",
    ),
    enacted_by: Nullable(Enactment, "The measure or bill that created the current program"),
    effective: Nullable(IsoDate, "Date the program's law took effect"),
    sales_began: Nullable(
      IsoDate,
      "Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown",
    ),
    ...medicalDepth,
    authority,
    sources: Sources("Sources for the facts in this object"),
  },
  { additionalProperties: false },
);

export const Decriminalization = Type.Object(
  {
    since: Nullable(IsoDate, "Date possession of a small amount stopped being jailable"),
    in_force_by: Nullable(
      IsoDate,
      "Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is",
    ),
    summary: Nullable(Text("What the penalty for a small amount is, in plain words")),
    offense: Nullable(
      OneOf(
        SMALL_AMOUNT_OFFENSES,
        "How possessing a small personal amount is treated for an adult today: legal, a civil infraction, or a crime",
      ),
    ),
    jail_possible: Nullable(
      Type.Boolean(),
      "Whether jail is a possible penalty for a first small-amount offense",
    ),
    threshold_grams: Nullable(
      Type.Number({ minimum: 0 }),
      "The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown",
    ),
    authority,
    sources: Sources("Sources for the facts in this object"),
  },
  { additionalProperties: false },
);

export const Regulator = Type.Object(
  {
    name: Text("The agency that licenses and regulates cannabis"),
    url: Type.String({ pattern: "^https?://", format: "uri", description: "Its website" }),
  },
  { additionalProperties: false },
);

/** A record field a change of law sets, as a dotted path: `adult_use.delivery`, `status`. */
export const FIELD_PATH = "^[a-z_]+(\\.[a-z_]+)*$";

/** The values a change of law sets, by field path; applied from its effective date. */
export const Sets = Type.Record(Type.String({ pattern: FIELD_PATH }), Type.Unknown(), {
  description:
    "The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on",
});

const eventFields = {
  date: Type.String({
    ...IsoDate,
    description:
      "The day it was enacted (signed, approved by the voters, decided or published), or the day it happened",
  }),
  effective: Nullable(
    IsoDate,
    "The day it takes or took effect; may be in the future. Null when it states none: it then counts from `date`",
  ),
  title: Text("A short title"),
  summary: Text("One sentence saying what happened"),
  authority,
  sources: Sources("Sources for this event"),
  sets: Type.Optional(Sets),
  confidence: Type.Optional(
    OneOf(
      CONFIDENCE_LEVELS,
      "For a change of law (`sets`): how sure its values are, as for a variable's provenance",
    ),
  ),
  verified: Type.Optional(
    Type.String({
      ...IsoDate,
      description: "For a change of law (`sets`): the date its values were last checked",
    }),
  ),
  retroactive: Type.Optional(
    Type.Literal(true, {
      description:
        "The law says it applies from a day before its enactment: `effective` may then precede `date`",
    }),
  ),
  coded_by: Type.Optional(
    Text("Who recorded the event (absent for events recorded before coders were)"),
  ),
  reviewed_by: Type.Optional(Text("Who reviewed the recording: a second person, never the coder")),
};

/** The digest of what a reviewer approved (an entry without its review fields): editing it after review voids the review. */
const reviewedDigest = Type.Optional(
  Type.String({
    pattern: "^[0-9a-f]{16}$",
    description: "Set by `npm run data:review`: what was reviewed, so an edit afterwards is caught",
  }),
);

/** An event's id, kept in the file once a correction moves the date or kind it is derived from. */
export const EVENT_ID = "^[A-Z]{2}-[0-9]{4}-[0-9]{2}-[0-9]{2}-[a-z_]+(-[0-9]+)?$";

/** A change enacted but not yet in force on the record's day. */
export const UpcomingChange = Type.Object(
  {
    id: Type.String({ description: "The event's identifier in the history" }),
    kind: Type.String({ description: "The event's kind" }),
    enacted: IsoDate,
    effective: IsoDate,
    title: Text("A short title"),
    summary: Text("One sentence saying what will change"),
    sets: Sets,
    authority,
  },
  { additionalProperties: false },
);

const fileEventFields = {
  id: Type.Optional(
    Type.String({
      pattern: EVENT_ID,
      description:
        "The event's id where it is no longer derived from its date and kind (a correction moved one of them); ids never change",
    }),
  ),
  reviewed_digest: reviewedDigest,
};

export const HistoryEventFile = Type.Object(
  { ...eventFields, ...fileEventFields, kind: OneOf(EVENT_KINDS, "What kind of event this is") },
  { additionalProperties: false },
);

const jurisdictionFields = {
  code: Type.String({ pattern: "^[A-Z]{2}$", description: "USPS code" }),
  name: Text("Name"),
  fips: Type.String({ pattern: "^[0-9]{2}$", description: "Two-digit FIPS code" }),
  type: OneOf(JURISDICTION_TYPES, "state, district (DC) or territory"),
  summary: Text(
    "One or two plain sentences for a reader: what an adult may do there today, and why a borderline case is classified as it is",
  ),
  status: OneOf(
    STATUSES,
    "Summary category: adult_use (legal for adults), medical (comprehensive medical program), low_thc (CBD / low-THC only), prohibited",
  ),
  decriminalized: Type.Boolean({
    description:
      "Possessing a small personal amount is not a jailable crime (always true where adult use is legal)",
  }),
  decriminalization: Decriminalization,
  adult_use: AdultUse,
  medical: Medical,
  hemp: Hemp,
  prohibition: Prohibition,
  regulator: Nullable(Regulator, "The regulator, where one exists"),
  notes: Type.Array(Text("A plain-language caveat"), {
    description: "Caveats: pending measures, court challenges, vetoes, conflicting sources",
  }),
  last_reviewed: Type.String({
    ...IsoDate,
    description:
      "Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`",
  }),
  known_from: Type.String({
    ...IsoDate,
    description:
      "The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history",
  }),
};

/** A file in data/jurisdictions/. */
export const JurisdictionFile = Type.Object(
  { ...jurisdictionFields, history: Type.Array(HistoryEventFile) },
  { additionalProperties: false },
);

/** A jurisdiction as the API serves it: the file without its history, with all sources gathered. */
export const Jurisdiction = Type.Object(
  {
    ...jurisdictionFields,
    hemp: ServedHemp,
    upcoming: Type.Array(UpcomingChange, {
      description:
        "Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets",
    }),
    sources: Sources("Every source cited anywhere in this record and its history, deduplicated"),
    sources_current_to: Type.String({
      ...IsoDate,
      description:
        "Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches",
    }),
  },
  { additionalProperties: false },
);

/** An event as the API serves it, in a history or in the change feed. */
export const LegalEvent = Type.Object(
  {
    id: Type.String({ description: "Stable identifier of this event" }),
    jurisdiction: Type.String({
      description: "USPS code of the jurisdiction, or US for a federal event",
    }),
    ...eventFields,
    kind: Type.Enum([...new Set([...EVENT_KINDS, ...FEDERAL_EVENT_KINDS])], {
      description: "What kind of event this is (state kinds, or federal kinds for US events)",
    }),
  },
  { additionalProperties: false },
);

/**
 * A record as it stood on a day (the served record, `as_of`, the panels):
 * the same shape, where the summary and the legal flags may be null (the
 * history cannot tell) and facts not yet in force are null.
 */
/** The top-level fields of a record, in its order (what the API's `fields=` may name). */
export const RECORD_FIELDS: readonly string[] = Object.keys(Jurisdiction.properties);

export const JurisdictionOnDay = Type.Object(
  {
    ...Jurisdiction.properties,
    summary: Nullable(
      Type.String({ minLength: 1 }),
      "The reader's summary of the law in force when the record was reviewed; null for an earlier day",
    ),
    status: Nullable(Type.Enum([...STATUSES]), "Summary category on that day; null if unknown"),
    decriminalized: Nullable(Type.Boolean(), "Decriminalized on that day; null if unknown"),
    adult_use: Type.Object(
      {
        ...AdultUse.properties,
        legal: Nullable(Type.Boolean(), "Legal for adults on that day; null if unknown"),
      },
      { additionalProperties: false },
    ),
    medical: Type.Object(
      {
        ...Medical.properties,
        legal: Nullable(Type.Boolean(), "A medical program existed on that day; null if unknown"),
        program: Nullable(Type.Enum([...MEDICAL_PROGRAMS]), "The program on that day"),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: "JurisdictionAsOf" },
);

export const FederalEventFile = Type.Object(
  {
    ...eventFields,
    ...fileEventFields,
    kind: OneOf(FEDERAL_EVENT_KINDS, "What kind of federal event this is"),
  },
  { additionalProperties: false },
);

const federalFields = {
  last_reviewed: IsoDate,
  csa_schedule: Type.Object(
    {
      schedule: OneOf(
        CSA_SCHEDULES,
        "Marijuana's schedule under the Controlled Substances Act today",
      ),
      since: Nullable(IsoDate, "Date that schedule took effect"),
      summary: Text("Plain-language summary"),
      authority,
      sources: Sources("Sources"),
    },
    { additionalProperties: false },
  ),
  rescheduling: Type.Object(
    {
      stage: Text("Where the rescheduling proceeding stands, in a short phrase"),
      summary: Text("Plain-language summary of the proceeding"),
      authority,
      sources: Sources("Sources"),
    },
    { additionalProperties: false },
  ),
  hemp: Type.Object(
    {
      definition: Text("The statutory definition of hemp in force today, in plain words"),
      thc_limit: Text("The THC limit that separates hemp from marijuana"),
      enacted_by: Nullable(Enactment, "The law that set the definition"),
      effective: Nullable(IsoDate, "Date the definition took effect"),
      products: Type.Optional(
        Type.Object(
          {
            intoxicating_products: OneOf(
              HEMP_TREATMENTS,
              "What the definition in force from `effective` means for hemp-derived intoxicating products",
            ),
            summary: Text("That rule in one or two plain sentences, as shown beside each state's"),
          },
          { additionalProperties: false },
        ),
      ),
      summary: Text("Plain-language summary, including later amendments and their dates"),
      authority,
      sources: Sources("Sources"),
    },
    { additionalProperties: false },
  ),
  appropriations_riders: Type.Array(
    Type.Object(
      {
        name: Text("The rider's common name"),
        summary: Text("What it does"),
        first_enacted: Nullable(IsoDate, "Date first signed into law"),
        current_through: Nullable(IsoDate, "End of the appropriation that carries it now"),
        authority,
        sources: Sources("Sources"),
      },
      { additionalProperties: false },
    ),
  ),
  notes: Type.Array(Text("A plain-language caveat")),
};

/** data/federal.json */
export const FederalFile = Type.Object(
  { ...federalFields, history: Type.Array(FederalEventFile) },
  { additionalProperties: false },
);

/** The federal record as the API serves it. */
export const Federal = Type.Object(
  {
    ...federalFields,
    history: Type.Array(LegalEvent, { description: "Federal events, oldest first" }),
  },
  { additionalProperties: false },
);

/** data/dataset.json: the release the files form. */
export const DatasetManifest = Type.Object(
  {
    version: Type.String({ pattern: "^[0-9]{4}\\.[0-9]{2}\\.[0-9]{2}(\\.[0-9]+)?$" }),
    released: IsoDate,
    sources_current_to: Type.String({
      ...IsoDate,
      description:
        "Date of the newest source consulted for this release: the data reflects what was published up to this day",
    }),
  },
  { additionalProperties: false },
);

/** One value a correction changes: where in the file, and its value before and after. */
export const CorrectionChange = Type.Object(
  {
    path: Text(
      "The value's place in the file, dotted (`adult_use.minimum_age`, `adult_use.provenance.minimum_age.authority`); an event's field is `history.<event id>.<field>`",
    ),
    before: Type.Unknown({ description: "The value before (null where there was none)" }),
    after: Type.Unknown({ description: "The value after" }),
  },
  { additionalProperties: false },
);

/** A correction of the data: not a change in the law, but our data was wrong or incomplete. */
export const Correction = Type.Object(
  {
    id: Type.String({
      pattern: "^[A-Z]{2}-[0-9]{4}-[0-9]{2}-[0-9]{2}-c[0-9]+$",
      description: "Stable identifier: jurisdiction, the day it was recorded, and a counter",
    }),
    jurisdiction: Type.String({
      pattern: "^[A-Z]{2}$",
      description: "USPS code, or US for the federal record",
    }),
    recorded: IsoDate,
    reason: Text("Why the data was wrong or incomplete, and what shows the right value"),
    changes: Type.Array(CorrectionChange, { minItems: 1 }),
    authority: Nullable(Authority, "The law that supports the corrected values"),
    sources: Type.Array(Source, { description: "What the corrected values were read in" }),
    confidence: OneOf(CONFIDENCE_LEVELS, "How sure the corrected values are"),
    verified: IsoDate,
    coded_by: Text("Who recorded the correction"),
    reviewed_by: Type.Optional(Text("Who reviewed it: a second person, never the coder")),
  },
  { additionalProperties: false },
);

/** data/corrections.json: every correction, oldest first; kept for good. */
export const CorrectionsFile = Type.Object(
  {
    corrections: Type.Array(
      Type.Object(
        { ...Correction.properties, reviewed_digest: reviewedDigest },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type Correction = Static<typeof Correction>;
export type CorrectionsFile = Static<typeof CorrectionsFile>;
export type JurisdictionFile = Static<typeof JurisdictionFile>;
export type Jurisdiction = Static<typeof Jurisdiction>;
export type JurisdictionOnDay = Static<typeof JurisdictionOnDay>;
export type FederalHempRule = Static<typeof FederalHempRule>;
export type HistoryEventFile = Static<typeof HistoryEventFile>;
export type LegalEvent = Static<typeof LegalEvent>;
export type FederalFile = Static<typeof FederalFile>;
export type Federal = Static<typeof Federal>;
export type DatasetManifest = Static<typeof DatasetManifest>;
export type SourceRef = Static<typeof Source>;
export type ProvenanceRef = Static<typeof Provenance>;
export type UpcomingChange = Static<typeof UpcomingChange>;
export type PurchaseLimit = Static<typeof PurchaseLimit>;
export type AuthorityRef = Static<typeof Authority>;
export type Status = (typeof STATUSES)[number];

/** A problem found in a data file: the file, the JSON path, and what is wrong. */
export type DatasetIssue = { file: string; path: string; message: string };

/** The dataset: its base records (`Jurisdiction`), or the records on a day (`LawRecord`). */
export type Dataset<R extends JurisdictionOnDay = Jurisdiction> = Readonly<{
  manifest: DatasetManifest;
  /** Every jurisdiction, sorted by name. */
  jurisdictions: readonly R[];
  byCode: ReadonlyMap<string, R>;
  /** Each jurisdiction's events, oldest first. */
  histories: ReadonlyMap<string, readonly LegalEvent[]>;
  federal: Federal;
  /** Every state and federal event, newest first by enactment (the change feed's order on that basis). */
  changes: readonly LegalEvent[];
  /** Every correction of the data, oldest first (data/corrections.json). */
  corrections: readonly Correction[];
}>;
