/**
 * A record as flat columns: the one definition behind a release's
 * `jurisdictions.csv`, the properties of the API's GeoJSON features (same
 * names, same values) and the dated variables the research panels follow.
 * Column meanings are documented in docs/DATA.md ("Downloads and research
 * panels").
 *
 * Contract:
 * - A value is a string, a number, a boolean or null; the CSV writes
 *   booleans as 1/0 and null as an empty field, GeoJSON keeps the types.
 * - Each column names the record's top-level field it is derived from, so
 *   `fields=` (which names top-level fields) narrows the columns: a field
 *   selects every column derived from it, and `code` is always kept.
 * - Every dated variable column has two companions: `<column>_null_reason`
 *   (why the value is null: `none`, `not_applicable` or `unknown`; null
 *   where the value is set) and `<column>_confidence` (the provenance's
 *   confidence; null where it has none).
 * - Columns are only ever added (at the end), never renamed or reordered,
 *   so a reader that counts columns keeps working across releases.
 */
import {
  ADULT_USE_VARIABLES,
  type CONFIDENCE_LEVELS,
  HEMP_VARIABLES,
  type JurisdictionOnDay,
  MEDICAL_VARIABLES,
  type NULL_REASONS,
  type ProvenanceRef,
} from "./dataset.schema.ts";

export type FlatValue = string | number | boolean | null;
type RecordField = keyof JurisdictionOnDay;
type DatedGroup = "adult_use" | "medical" | "hemp";
/**
 * Why a column is empty: the provenance's reasons, and `other_base` for a
 * tax column where the state levies no tax of that kind but taxes another
 * base (Illinois's potency-tiered retail tax leaves the retail percent
 * empty, never 0).
 */
export type NullReason = (typeof NULL_REASONS)[number] | "other_base";
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

export type FlatColumn = Readonly<{
  name: string;
  /** The record's top-level field the column is derived from. */
  field: RecordField;
  read: (record: JurisdictionOnDay) => FlatValue;
}>;

/** A dated variable of the law model as a column: the group and provenance key it reads. */
export type DatedColumn = FlatColumn &
  Readonly<{
    field: DatedGroup;
    /** The variable's key in the group's `provenance`. */
    variable: string;
    /** A yes/no column (the panels add the share of days it was true). */
    yesNo: boolean;
    /** Why the column is empty when its variable has a value (a part the value does not set). */
    absent?: (record: JurisdictionOnDay) => NullReason | null;
  }>;

const dated = (
  column: string,
  field: DatedGroup,
  variable: string,
  yesNo: boolean,
  read: (record: JurisdictionOnDay) => FlatValue,
): DatedColumn => ({ name: column, field, variable, yesNo, read });

/** The law model's dated variables, in column order. */
export const DATED_COLUMNS: readonly DatedColumn[] = [
  dated("adult_use_minimum_age", "adult_use", "minimum_age", false, (r) => r.adult_use.minimum_age),
  dated(
    "adult_use_purchase_flower_grams",
    "adult_use",
    "purchase_limit",
    false,
    (r) => r.adult_use.purchase_limit?.flower_grams ?? null,
  ),
  dated(
    "adult_use_purchase_period",
    "adult_use",
    "purchase_limit",
    false,
    (r) => r.adult_use.purchase_limit?.period ?? null,
  ),
  dated(
    "adult_use_public_consumption",
    "adult_use",
    "public_consumption",
    false,
    (r) => r.adult_use.public_consumption,
  ),
  dated(
    "adult_use_lounges_allowed",
    "adult_use",
    "onsite_consumption",
    true,
    (r) => r.adult_use.onsite_consumption?.allowed ?? null,
  ),
  dated("adult_use_delivery", "adult_use", "delivery", false, (r) => r.adult_use.delivery),
  dated("adult_use_delivery_allowed", "adult_use", "delivery", true, (r) =>
    r.adult_use.delivery === null ? null : r.adult_use.delivery === "allowed",
  ),
  dated(
    "adult_use_local_opt_out",
    "adult_use",
    "local_opt_out",
    true,
    (r) => r.adult_use.local_opt_out,
  ),
  {
    ...dated("adult_use_excise_retail_percent", "adult_use", "taxes", false, (r) =>
      percentOf(r, "excise_retail_percent"),
    ),
    absent: (r) => taxAbsent(r, "excise_retail_percent"),
  },
  dated(
    "adult_use_sales_tax_applies",
    "adult_use",
    "general_sales_tax_applies",
    true,
    (r) => r.adult_use.general_sales_tax_applies,
  ),
  dated("medical_minimum_age", "medical", "minimum_age", false, (r) => r.medical.minimum_age),
  dated("medical_reciprocity", "medical", "reciprocity", false, (r) => r.medical.reciprocity),
  dated(
    "medical_patient_home_grow",
    "medical",
    "patient_home_grow",
    true,
    (r) => r.medical.patient_home_grow?.allowed ?? null,
  ),
  dated(
    "hemp_intoxicating_products",
    "hemp",
    "intoxicating_products",
    false,
    (r) => r.hemp.intoxicating_products,
  ),
  dated("hemp_minimum_age", "hemp", "minimum_age", false, (r) => r.hemp.minimum_age),
];

type TaxKind = NonNullable<JurisdictionOnDay["adult_use"]["taxes"]>[number]["kind"];

/**
 * The sum of the state's `kind` percentages; 0 where the state levies no
 * cannabis tax at all; null where it levies none of this kind but taxes
 * another base (then `other_base`, never a 0 that reads as untaxed).
 */
function percentOf(record: JurisdictionOnDay, kind: TaxKind): number | null {
  const taxes = record.adult_use.taxes;
  if (taxes === null) return null;
  const rates = taxes.filter((tax) => tax.kind === kind && tax.rate !== null);
  if (rates.length === 0) return taxes.length === 0 ? 0 : null;
  return rates.reduce((sum, tax) => sum + (tax.rate ?? 0), 0);
}

/** Why a tax column is empty while the taxes are known: another base is taxed, or none of this kind. */
function taxAbsent(record: JurisdictionOnDay, kind: TaxKind): NullReason | null {
  const taxes = record.adult_use.taxes;
  if (taxes === null) return null;
  const ofKind = taxes.filter((tax) => tax.kind === kind);
  if (ofKind.length > 0) return ofKind.some((tax) => tax.rate !== null) ? null : "other_base";
  return taxes.length > 0 ? "other_base" : "none";
}

/** Each tax of `kind` as levied: its rate and unit, or its description; `|`-separated. */
function taxesOf(record: JurisdictionOnDay, kind: TaxKind): string | null {
  const taxes = (record.adult_use.taxes ?? []).filter((tax) => tax.kind === kind);
  if (taxes.length === 0) return null;
  return taxes
    .map((tax) =>
      tax.rate === null || tax.unit === null ? tax.description : `${tax.rate} ${tax.unit}`,
    )
    .join(" | ");
}

function provenanceOf(record: JurisdictionOnDay, column: DatedColumn): ProvenanceRef | undefined {
  const provenance: Readonly<Partial<Record<string, ProvenanceRef>>> =
    record[column.field].provenance;
  return provenance[column.variable];
}

/** Whether the history cannot tell if the column's group applied that day. */
function groupUnknown(record: JurisdictionOnDay, group: DatedGroup): boolean {
  if (group === "adult_use") return record.adult_use.legal === null;
  if (group === "medical") return record.medical.program === null;
  return false;
}

/**
 * Why a dated column is null on the record's day, or null where it has a
 * value. The provenance says it; a group that does not apply that day has
 * none (`not_applicable`, or `unknown` where the history cannot tell whether
 * it applied); a column that reads one part of a set value (the flower
 * limit of a purchase limit) is `none` where the law sets no such part.
 */
export function nullReasonOf(record: JurisdictionOnDay, column: DatedColumn): NullReason | null {
  if (column.read(record) !== null) return null;
  const provenance = provenanceOf(record, column);
  if (provenance === undefined) {
    return groupUnknown(record, column.field) ? "unknown" : "not_applicable";
  }
  if (provenance.null_reason === null && column.absent !== undefined) {
    return column.absent(record) ?? "none";
  }
  return provenance.null_reason ?? "none";
}

/** How sure a dated column's value (or its absence) is, or null where its provenance says none. */
export function confidenceOf(record: JurisdictionOnDay, column: DatedColumn): Confidence | null {
  return provenanceOf(record, column)?.confidence ?? null;
}

/** Each dated column's `_null_reason` and `_confidence`, in the columns' order. */
const companionsOf = (columns: readonly DatedColumn[]): FlatColumn[] =>
  columns.flatMap((column) => [
    {
      name: `${column.name}_null_reason`,
      field: column.field,
      read: (record: JurisdictionOnDay) => nullReasonOf(record, column),
    },
    {
      name: `${column.name}_confidence`,
      field: column.field,
      read: (record: JurisdictionOnDay) => confidenceOf(record, column),
    },
  ]);

/**
 * The business facts a compliance table needs, added after the first
 * release's columns: every purchase limit (and a total-THC limit across
 * forms), every tax as it is levied (each base in its own column).
 */
export const BUSINESS_DATED_COLUMNS: readonly DatedColumn[] = [
  ...(
    [
      ["concentrate_grams", "adult_use_purchase_concentrate_grams"],
      ["edible_thc_mg", "adult_use_purchase_edible_thc_mg"],
      ["total_thc_mg", "adult_use_purchase_total_thc_mg"],
      ["nonresident_flower_grams", "adult_use_purchase_nonresident_flower_grams"],
    ] as const
  ).map(([part, name]) =>
    dated(
      name,
      "adult_use",
      "purchase_limit",
      false,
      (r) => r.adult_use.purchase_limit?.[part] ?? null,
    ),
  ),
  {
    ...dated("adult_use_excise_wholesale_percent", "adult_use", "taxes", false, (r) =>
      percentOf(r, "excise_wholesale_percent"),
    ),
    absent: (r) => taxAbsent(r, "excise_wholesale_percent"),
  },
  ...(
    [
      ["per_weight", "adult_use_tax_per_weight"],
      ["per_thc_mg", "adult_use_tax_per_thc_mg"],
      ["potency_tiered", "adult_use_tax_potency_tiered"],
      ["other", "adult_use_tax_other"],
    ] as const
  ).map(([kind, name]) => ({
    ...dated(name, "adult_use", "taxes", false, (r) => taxesOf(r, kind)),
    absent: () => "none" as const,
  })),
  dated("adult_use_tax_bases", "adult_use", "taxes", false, (r) =>
    r.adult_use.taxes === null
      ? null
      : r.adult_use.taxes.length === 0
        ? "none"
        : [...new Set(r.adult_use.taxes.map((tax) => tax.kind))].join(";"),
  ),
];

/**
 * The business columns the panels carry: the limits, the wholesale percent
 * and the tax bases; the taxes' descriptions (text repeated on every row of
 * a monthly panel) are in jurisdictions.csv only.
 */
export const PANEL_BUSINESS_COLUMNS: readonly DatedColumn[] = BUSINESS_DATED_COLUMNS.filter(
  (column) => !column.name.startsWith("adult_use_tax_") || column.name === "adult_use_tax_bases",
);

/** The panel business columns' `_null_reason` and `_confidence`. */
export const PANEL_BUSINESS_COMPANION_COLUMNS: readonly FlatColumn[] =
  companionsOf(PANEL_BUSINESS_COLUMNS);

/** Each dated column's `_null_reason` and `_confidence`, in the dated columns' order. */
export const DATED_COMPANION_COLUMNS: readonly FlatColumn[] = DATED_COLUMNS.flatMap((column) => [
  {
    name: `${column.name}_null_reason`,
    field: column.field,
    read: (record: JurisdictionOnDay) => nullReasonOf(record, column),
  },
  {
    name: `${column.name}_confidence`,
    field: column.field,
    read: (record: JurisdictionOnDay) => confidenceOf(record, column),
  },
]);

const column = (
  name: string,
  field: RecordField,
  read: (record: JurisdictionOnDay) => FlatValue,
): FlatColumn => ({ name, field, read });

/** The business columns' `_null_reason` and `_confidence`. */
export const BUSINESS_COMPANION_COLUMNS: readonly FlatColumn[] =
  companionsOf(BUSINESS_DATED_COLUMNS);

/**
 * Whether licensed adult-use retail had begun on the record's day; null
 * where the history cannot tell whether adult use applied.
 */
export function salesOperatingOf(record: JurisdictionOnDay): boolean | null {
  if (record.adult_use.sales_began !== null) return true;
  return record.adult_use.legal === null ? null : false;
}

type ProvenanceEntry = ProvenanceRef | undefined;
const provenanceIn = (record: JurisdictionOnDay, group: DatedGroup, variable: string) =>
  (record[group].provenance as Readonly<Partial<Record<string, ProvenanceRef>>>)[
    variable
  ] as ProvenanceEntry;

/**
 * Each fact group's law, and each dated variable's: citation, official URL,
 * the day it was checked and how far its sources reach. A spreadsheet
 * carries the law beside the value.
 */
export const CITATION_COLUMNS: readonly FlatColumn[] = [
  ...(["decriminalization", "adult_use", "medical", "hemp"] as const).flatMap((group) => [
    column(`${group}_citation`, group, (r) => r[group].authority?.citation ?? null),
    column(`${group}_citation_url`, group, (r) => r[group].authority?.url ?? null),
  ]),
  ...(
    [
      ["adult_use", ADULT_USE_VARIABLES],
      ["medical", MEDICAL_VARIABLES],
      ["hemp", HEMP_VARIABLES],
    ] as const
  ).flatMap(([group, variables]) =>
    variables.flatMap((variable) => {
      const at = (r: JurisdictionOnDay) => provenanceIn(r, group, variable);
      const prefix = `${group}_${variable}`;
      return [
        column(`${prefix}_citation`, group, (r) => at(r)?.authority?.citation ?? null),
        column(`${prefix}_citation_url`, group, (r) => at(r)?.authority?.url ?? null),
        column(`${prefix}_verified`, group, (r) => at(r)?.verified ?? null),
        column(`${prefix}_sources_current_to`, group, (r) => at(r)?.sources_current_to ?? null),
      ];
    }),
  ),
];

/** The columns of a release's `jurisdictions.csv` and of the API's GeoJSON properties. */
export const JURISDICTION_COLUMNS: readonly FlatColumn[] = [
  column("code", "code", (r) => r.code),
  column("name", "name", (r) => r.name),
  column("fips", "fips", (r) => r.fips),
  column("type", "type", (r) => r.type),
  column("status", "status", (r) => r.status),
  column("decriminalized", "decriminalized", (r) => r.decriminalized),
  column("decriminalized_since", "decriminalization", (r) => r.decriminalization.since),
  column("adult_use_legal", "adult_use", (r) => r.adult_use.legal),
  column("adult_use_enacted_by_type", "adult_use", (r) => r.adult_use.enacted_by?.type ?? null),
  column("adult_use_enacted_by_name", "adult_use", (r) => r.adult_use.enacted_by?.name ?? null),
  column("adult_use_enacted_date", "adult_use", (r) => r.adult_use.enacted_by?.date ?? null),
  column("adult_use_effective", "adult_use", (r) => r.adult_use.effective),
  column("adult_use_sales_began", "adult_use", (r) => r.adult_use.sales_began),
  column(
    "possession_limit_flower_grams",
    "adult_use",
    (r) => r.adult_use.possession_limit?.flower_grams ?? null,
  ),
  column(
    "possession_limit_concentrate_grams",
    "adult_use",
    (r) => r.adult_use.possession_limit?.concentrate_grams ?? null,
  ),
  column(
    "possession_limit_summary",
    "adult_use",
    (r) => r.adult_use.possession_limit?.summary ?? null,
  ),
  column("home_grow_allowed", "adult_use", (r) => r.adult_use.home_grow?.allowed ?? null),
  column("home_grow_plants", "adult_use", (r) => r.adult_use.home_grow?.plants ?? null),
  column("home_grow_per", "adult_use", (r) => r.adult_use.home_grow?.per ?? null),
  column(
    "home_grow_household_max",
    "adult_use",
    (r) => r.adult_use.home_grow?.household_max ?? null,
  ),
  column("medical_legal", "medical", (r) => r.medical.legal),
  column("medical_program", "medical", (r) => r.medical.program),
  column("medical_enacted_by_type", "medical", (r) => r.medical.enacted_by?.type ?? null),
  column("medical_enacted_by_name", "medical", (r) => r.medical.enacted_by?.name ?? null),
  column("medical_enacted_date", "medical", (r) => r.medical.enacted_by?.date ?? null),
  column("medical_effective", "medical", (r) => r.medical.effective),
  column("medical_sales_began", "medical", (r) => r.medical.sales_began),
  ...DATED_COLUMNS,
  column("hemp_summary", "hemp", (r) => r.hemp.summary),
  column("regulator_name", "regulator", (r) => r.regulator?.name ?? null),
  column("regulator_url", "regulator", (r) => r.regulator?.url ?? null),
  column("summary", "summary", (r) => r.summary),
  column("notes", "notes", (r) => (r.notes.length === 0 ? null : r.notes.join(" | "))),
  column("source_count", "sources", (r) => r.sources.length),
  column("last_reviewed", "last_reviewed", (r) => r.last_reviewed),
  ...DATED_COMPANION_COLUMNS,
  column(
    "hemp_federal_intoxicating_products",
    "hemp",
    (r) => r.hemp.federal?.intoxicating_products ?? null,
  ),
  column("sources_current_to", "sources_current_to", (r) => r.sources_current_to),
  column("adult_use_sales_operating", "adult_use", salesOperatingOf),
  ...BUSINESS_DATED_COLUMNS,
  ...BUSINESS_COMPANION_COLUMNS,
  ...CITATION_COLUMNS,
];

/** The columns `fields=` selects: those derived from the named top-level fields, and `code`. */
export function columnsFor(fields: readonly string[] | null): readonly FlatColumn[] {
  if (fields === null) return JURISDICTION_COLUMNS;
  // A dotted path (`adult_use.purchase_limit`) selects the columns of its group.
  const groups = new Set(fields.map((field) => field.split(".")[0] ?? field));
  return JURISDICTION_COLUMNS.filter(
    (column) => column.name === "code" || groups.has(column.field),
  );
}

/** A record's row of `columns`, in their order. */
export function flatRow(
  record: JurisdictionOnDay,
  columns: readonly FlatColumn[] = JURISDICTION_COLUMNS,
): FlatValue[] {
  return columns.map((column) => column.read(record));
}

/**
 * The business download (`business.csv`): one row per adult-use
 * jurisdiction, the columns a compliance table needs, each value with its
 * citation beside it. Every column is one of `jurisdictions.csv`'s.
 */
export const BUSINESS_DOWNLOAD_COLUMN_NAMES: readonly string[] = [
  "code",
  "name",
  "status",
  "adult_use_sales_operating",
  "adult_use_sales_began",
  "adult_use_citation",
  "adult_use_citation_url",
  "adult_use_minimum_age",
  "adult_use_minimum_age_citation",
  "adult_use_purchase_flower_grams",
  "adult_use_purchase_concentrate_grams",
  "adult_use_purchase_edible_thc_mg",
  "adult_use_purchase_total_thc_mg",
  "adult_use_purchase_nonresident_flower_grams",
  "adult_use_purchase_period",
  "adult_use_purchase_flower_grams_null_reason",
  "adult_use_purchase_limit_citation",
  "adult_use_delivery",
  "adult_use_delivery_citation",
  "adult_use_lounges_allowed",
  "adult_use_onsite_consumption_citation",
  "adult_use_public_consumption",
  "adult_use_public_consumption_citation",
  "adult_use_local_opt_out",
  "adult_use_local_opt_out_citation",
  "adult_use_tax_bases",
  "adult_use_excise_retail_percent",
  "adult_use_excise_retail_percent_null_reason",
  "adult_use_excise_wholesale_percent",
  "adult_use_excise_wholesale_percent_null_reason",
  "adult_use_tax_per_weight",
  "adult_use_tax_per_thc_mg",
  "adult_use_tax_potency_tiered",
  "adult_use_tax_other",
  "adult_use_taxes_citation",
  "adult_use_taxes_citation_url",
  "adult_use_sales_tax_applies",
  "adult_use_general_sales_tax_applies_citation",
  "hemp_intoxicating_products",
  "hemp_intoxicating_products_citation",
  "hemp_federal_intoxicating_products",
  "adult_use_purchase_limit_verified",
  "adult_use_taxes_verified",
  "last_reviewed",
  "sources_current_to",
];

export const BUSINESS_DOWNLOAD_COLUMNS: readonly FlatColumn[] = BUSINESS_DOWNLOAD_COLUMN_NAMES.map(
  (name) => {
    const found = JURISDICTION_COLUMNS.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`business download: no column ${name}`);
    return found;
  },
);
