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
import type {
  CONFIDENCE_LEVELS,
  JurisdictionOnDay,
  NULL_REASONS,
  ProvenanceRef,
} from "./dataset.schema.ts";

export type FlatValue = string | number | boolean | null;
type RecordField = keyof JurisdictionOnDay;
type DatedGroup = "adult_use" | "medical" | "hemp";
export type NullReason = (typeof NULL_REASONS)[number];
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
  dated("adult_use_excise_retail_percent", "adult_use", "taxes", false, (r) =>
    r.adult_use.taxes === null
      ? null
      : r.adult_use.taxes
          .filter((tax) => tax.kind === "excise_retail_percent" && tax.rate !== null)
          .reduce((sum, tax) => sum + (tax.rate ?? 0), 0),
  ),
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
  return provenance.null_reason ?? "none";
}

/** How sure a dated column's value (or its absence) is, or null where its provenance says none. */
export function confidenceOf(record: JurisdictionOnDay, column: DatedColumn): Confidence | null {
  return provenanceOf(record, column)?.confidence ?? null;
}

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
];

/** The columns `fields=` selects: those derived from the named top-level fields, and `code`. */
export function columnsFor(fields: readonly string[] | null): readonly FlatColumn[] {
  if (fields === null) return JURISDICTION_COLUMNS;
  return JURISDICTION_COLUMNS.filter(
    (column) => column.name === "code" || fields.includes(column.field),
  );
}

/** A record's row of `columns`, in their order. */
export function flatRow(
  record: JurisdictionOnDay,
  columns: readonly FlatColumn[] = JURISDICTION_COLUMNS,
): FlatValue[] {
  return columns.map((column) => column.read(record));
}
