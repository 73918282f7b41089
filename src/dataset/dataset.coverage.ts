/**
 * How complete the dataset is: for each field, how many of the jurisdictions
 * it applies to have it filled. A field applies only where it can have a
 * value (sales_began only where adult use is legal, …). A null `sales_began`
 * counts as filled when a note explains it (no licensed market yet). Any
 * other null is an *explained unknown* when a note says so: either in a
 * reader's words — one note that names the topic (e.g. "medical") and says it
 * is not known or disputed ("The day the medical program took effect is not
 * known.") — or, in records not yet rewritten for readers, by naming the field
 * literally ("medical.effective is unknown: …"). The status level is complete
 * when every status-level field is filled or explained.
 */
import {
  ADULT_USE_VARIABLES,
  type CONFIDENCE_LEVELS,
  HEMP_VARIABLES,
  type JurisdictionFile,
  MEDICAL_VARIABLES,
  type ProvenanceRef,
} from "./dataset.schema.ts";

type Rule = {
  field: string;
  /** Part of the status level every record must have (issue: status correct for 2026). */
  statusLevel: boolean;
  applies: (r: JurisdictionFile) => boolean;
  filled: (r: JurisdictionFile) => boolean;
  /** What a reader note about this field talks about, in words. */
  topic?: RegExp;
};

/** A note that says something is not known. */
const UNKNOWN = /\b(not known|unknown|is disputed|not settled|not recorded)\b/i;

const always = () => true;
const isAdultUse = (r: JurisdictionFile) => r.adult_use.legal;
const hasMedical = (r: JurisdictionFile) => r.medical.legal;
const hasAnyLaw = (r: JurisdictionFile) => r.adult_use.legal || r.medical.legal || r.decriminalized;
const notesMention = (r: JurisdictionFile, pattern: RegExp) =>
  r.notes.some((note) => pattern.test(note));

export const COVERAGE_RULES: readonly Rule[] = [
  { field: "status", statusLevel: true, applies: always, filled: () => true },
  {
    field: "decriminalized",
    statusLevel: true,
    applies: always,
    filled: (r) => r.decriminalization.sources.length > 0 || !r.decriminalized,
  },
  {
    field: "decriminalization.since",
    statusLevel: false,
    topic: /decriminali|possession became legal|start date/i,
    applies: (r) => r.decriminalized,
    filled: (r) => r.decriminalization.since !== null,
  },
  {
    field: "adult_use.legal",
    statusLevel: true,
    applies: always,
    filled: (r) => r.adult_use.sources.length > 0,
  },
  {
    field: "adult_use.enacted_by",
    statusLevel: false,
    applies: isAdultUse,
    filled: (r) => r.adult_use.enacted_by !== null,
  },
  {
    field: "adult_use.effective",
    statusLevel: true,
    topic: /adult (use|possession)|recreational/i,
    applies: isAdultUse,
    filled: (r) => r.adult_use.effective !== null,
  },
  {
    field: "adult_use.sales_began",
    statusLevel: true,
    applies: isAdultUse,
    filled: (r) => r.adult_use.sales_began !== null || notesMention(r, /sale|retail|dispensar/i),
  },
  {
    field: "adult_use.possession_limit",
    statusLevel: false,
    applies: isAdultUse,
    filled: (r) => r.adult_use.possession_limit !== null,
  },
  {
    field: "adult_use.home_grow",
    statusLevel: false,
    applies: isAdultUse,
    filled: (r) => r.adult_use.home_grow !== null,
  },
  {
    field: "medical.legal",
    statusLevel: true,
    applies: always,
    filled: (r) => r.medical.sources.length > 0,
  },
  {
    field: "medical.enacted_by",
    statusLevel: false,
    applies: hasMedical,
    filled: (r) => r.medical.enacted_by !== null,
  },
  {
    field: "medical.effective",
    statusLevel: true,
    topic: /medical/i,
    applies: hasMedical,
    filled: (r) => r.medical.effective !== null,
  },
  {
    field: "regulator",
    statusLevel: false,
    applies: (r) => r.adult_use.legal || r.medical.legal,
    filled: (r) => r.regulator !== null,
  },
  {
    field: "history (≥2 events; ≥3 adult use)",
    statusLevel: false,
    applies: hasAnyLaw,
    filled: (r) => r.history.length >= (r.adult_use.legal ? 3 : 2),
  },
];

export type FieldCoverage = {
  field: string;
  statusLevel: boolean;
  applicable: number;
  filled: number;
  /** Codes where the field is null without a note naming it. */
  missing: string[];
  /** Codes where the field is null and a note names it. */
  explained: string[];
};

export type Coverage = {
  fields: FieldCoverage[];
  applicable: number;
  filled: number;
  /** Codes whose status-level fields are not all filled, with the fields missing. */
  statusLevelGaps: Map<string, string[]>;
};

function isExplained(record: JurisdictionFile, rule: Rule): boolean {
  return record.notes.some(
    (note) => note.includes(rule.field) || (rule.topic?.test(note) === true && UNKNOWN.test(note)),
  );
}

export function measureCoverage(records: readonly JurisdictionFile[]): Coverage {
  const statusLevelGaps = new Map<string, string[]>();
  const fields = COVERAGE_RULES.map((rule) => {
    const missing: string[] = [];
    const explained: string[] = [];
    let applicable = 0;
    for (const record of records) {
      if (!rule.applies(record)) continue;
      applicable++;
      if (rule.filled(record)) continue;
      if (isExplained(record, rule)) {
        explained.push(record.code);
        continue;
      }
      missing.push(record.code);
      if (rule.statusLevel) {
        statusLevelGaps.set(record.code, [...(statusLevelGaps.get(record.code) ?? []), rule.field]);
      }
    }
    const filled = applicable - missing.length - explained.length;
    return {
      field: rule.field,
      statusLevel: rule.statusLevel,
      applicable,
      filled,
      missing,
      explained,
    };
  });
  return {
    fields,
    applicable: fields.reduce((sum, f) => sum + f.applicable, 0),
    filled: fields.reduce((sum, f) => sum + f.filled, 0),
    statusLevelGaps,
  };
}

/** How completely one dated variable is known, over the jurisdictions where it applies. */
export type DepthCoverage = Readonly<{
  variable: string;
  /** Jurisdictions where the group applies (adult use legal, a medical program, all for hemp). */
  group: number;
  /** Of those, where the law sets no such thing (null with its law and no unknown): not counted. */
  notApplicable: number;
  /** Where it applies: with a value. */
  filled: number;
  /** Where it applies: null, with the reason stated. */
  unknown: string[];
  /** Values without an authority (must be none). */
  withoutAuthority: string[];
  /** Values by how sure they are. */
  byConfidence: Readonly<Record<Confidence, number>>;
  /** Values with a known `since`. */
  withSince: number;
}>;

type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** The coverage of the dated variables (docs/DATA.md, the codebook). */
export function measureDepthCoverage(records: readonly JurisdictionFile[]): DepthCoverage[] {
  const groups = [
    ["adult_use", ADULT_USE_VARIABLES, (r: JurisdictionFile) => r.adult_use.legal],
    ["medical", MEDICAL_VARIABLES, (r: JurisdictionFile) => r.medical.program !== "none"],
    ["hemp", HEMP_VARIABLES, () => true],
  ] as const;
  const result: DepthCoverage[] = [];
  for (const [name, variables, applies] of groups) {
    for (const variable of variables) {
      let group = 0;
      let notApplicable = 0;
      let filled = 0;
      const unknown: string[] = [];
      const withoutAuthority: string[] = [];
      const byConfidence = { law_text: 0, official_guidance: 0, secondary: 0 };
      let withSince = 0;
      for (const record of records) {
        if (!applies(record)) continue;
        group += 1;
        const values: Record<string, unknown> = { ...record[name] };
        const provenances: Record<string, ProvenanceRef | undefined> = {
          ...record[name].provenance,
        };
        const provenance = provenances[variable];
        const value = values[variable];
        if (value !== null && value !== undefined) {
          filled += 1;
          if (provenance?.authority == null) withoutAuthority.push(record.code);
          if (provenance?.confidence != null) byConfidence[provenance.confidence] += 1;
          if (provenance?.since != null) withSince += 1;
        } else if (provenance !== undefined && provenance.null_reason !== "unknown") {
          notApplicable += 1;
        } else {
          unknown.push(record.code);
        }
      }
      result.push({
        variable: `${name}.${variable}`,
        group,
        notApplicable,
        filled,
        unknown,
        withoutAuthority,
        byConfidence,
        withSince,
      });
    }
  }
  return result;
}
