/**
 * Request and response schemas of the /v1 API: they validate queries,
 * serialize bodies (extra fields never leak) and generate /openapi.json.
 */
import { type Static, type TSchema, Type } from "typebox";
import { CHANGE_BASES } from "../dataset/change-feed.ts";
import { JURISDICTION_COLUMNS } from "../dataset/dataset.columns.ts";
import {
  Federal,
  IsoDate,
  Jurisdiction,
  JurisdictionOnDay,
  LegalEvent,
  STATUSES,
} from "../dataset/dataset.schema.ts";
import { ERROR_CODES, registerParameterHint } from "../errors.ts";

export const CHANGES_DEFAULT_LIMIT = 50;
/** `sales=`: licensed adult-use retail has begun by the day asked, or not. */
export const SALES_FILTERS = ["operating", "not_operating"] as const;
export const CHANGES_MAX_LIMIT = 500;

const statusList = STATUSES.join("|");

const parameters = {
  include: {
    schema: Type.Literal("territories", {
      description: "`territories` adds PR, GU, VI, MP and AS to the 50 states and DC.",
    }),
    hint: "must be 'territories'",
  },
  status: {
    schema: Type.String({
      pattern: `^(${statusList})(,(${statusList}))*$`,
      description: `Comma-separated categories to keep: ${STATUSES.join(", ")}.`,
      examples: ["adult_use", "medical,low_thc"],
    }),
    hint: `must be a comma-separated list of ${STATUSES.join(", ")}`,
  },
  decriminalized: {
    schema: Type.Enum(["true", "false"], {
      description:
        "Keep only jurisdictions where small-amount possession is (true) or is not (false) decriminalized.",
    }),
    hint: "must be true or false",
  },
  sales: {
    schema: Type.Enum([...SALES_FILTERS], {
      description:
        "`operating`: keep jurisdictions where licensed adult-use retail sales have begun by the day asked (`as_of`, else today): `adult_use.sales_began` is set. `not_operating`: where they have not (adult use without a licensed market, such as DC and Virginia, and every jurisdiction without adult use). `status=adult_use&sales=operating` is where a licensed adult-use business can sell. A jurisdiction whose history cannot tell on an `as_of` day is in neither.",
      examples: ["operating"],
    }),
    hint: "must be operating or not_operating",
  },
  basis: {
    schema: Type.Enum([...CHANGE_BASES], {
      default: "enacted",
      description:
        "Which of each event's two dates `since`, `until` and the order use. `enacted` (default): `date`, the day it was enacted (signed, approved by the voters, decided or published). `effective`: the day it takes effect — `effective`, or `date` for an event that states no effective day (a ruling, a vote, the first sales). `basis=effective&since=A&until=B` lists what took effect between A and B; an event enacted but not yet in effect is listed on the enacted basis at once, and on the effective basis once its day is in range (`until` may be in the future). A `cursor` belongs to the basis it was issued for.",
      examples: ["effective"],
    }),
    hint: "must be enacted or effective",
  },
  since: {
    schema: Type.String({
      ...IsoDate,
      description:
        "Only events on or after this day (YYYY-MM-DD), on the `basis`: enacted on or after it by default, taking effect on or after it with `basis=effective`.",
      examples: ["2026-11-01"],
    }),
    hint: "must be a date in the form YYYY-MM-DD",
  },
  until: {
    schema: Type.String({
      ...IsoDate,
      description:
        "Only events on or before this day (YYYY-MM-DD), on the `basis`; may be in the future. With `since`, no earlier than it.",
      examples: ["2026-11-30"],
    }),
    hint: "must be a date in the form YYYY-MM-DD",
  },
  jurisdiction: {
    schema: Type.String({
      pattern: "^[A-Za-z]{2}(,[A-Za-z]{2})*$",
      maxLength: 200,
      description:
        "Only events of these jurisdictions: comma-separated USPS codes, case-insensitive, `US` for federal law (e.g. `OH,US`). A code that is not one of the 56 jurisdictions or `US` is refused.",
      examples: ["OH,US"],
    }),
    hint: "must be a comma-separated list of USPS codes of the 56 jurisdictions, or US for federal law (e.g. OH,US)",
  },
  limit: {
    schema: Type.Integer({
      minimum: 1,
      maximum: CHANGES_MAX_LIMIT,
      default: CHANGES_DEFAULT_LIMIT,
      description: `Events per page, 1–${CHANGES_MAX_LIMIT} (default ${CHANGES_DEFAULT_LIMIT}).`,
    }),
    hint: `must be a whole number from 1 to ${CHANGES_MAX_LIMIT}`,
  },
  cursor: {
    schema: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Opaque cursor from the previous page's `meta.next`.",
    }),
    hint: "must be the meta.next value of a previous page",
  },
  as_of: {
    schema: Type.String({
      ...IsoDate,
      description:
        "Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history: status, decriminalized and the adult-use and medical facts in force then; `null` where the history cannot tell. From the first recorded event to one year ahead.",
      examples: ["2012-12-09"],
    }),
    hint: "must be a date in the form YYYY-MM-DD, from the first recorded event to one year ahead",
  },
  fields: {
    schema: Type.String({
      pattern: "^[a-z_]+(\\.[a-z_]+)?(,[a-z_]+(\\.[a-z_]+)?)*$",
      maxLength: 2000,
      description: `Comma-separated fields to return: top-level fields, e.g. \`code,status\` (${Object.keys(Jurisdiction.properties).join(", ")}), or one value inside a group by its dotted path, e.g. \`adult_use.purchase_limit\` and \`hemp.intoxicating_products\` (comma-separated, as any field): only that value, with its provenance for a dated variable (\`adult_use.provenance.purchase_limit\`). An unknown name or path is refused (400 \`unknown_field\`, listing the valid ones). In GeoJSON, the flat columns derived from the top-level fields named (a dotted path counts as its group), and \`code\`.`,
      examples: [
        "code,name,status,decriminalized",
        "adult_use.purchase_limit,hemp.intoxicating_products",
      ],
    }),
    hint: "must be a comma-separated list of record field names or dotted paths (group.field)",
  },
  format: {
    schema: Type.Enum(["json", "geojson"], {
      description:
        "`geojson` returns a GeoJSON FeatureCollection (`application/geo+json`), as does `Accept: application/geo+json`; `format` wins over `Accept`. Default `json`.",
    }),
    hint: "must be json or geojson",
  },
} as const;

for (const [name, { hint }] of Object.entries(parameters)) registerParameterHint(name, hint);

export const StatesQuery = Type.Object(
  {
    include: Type.Optional(parameters.include.schema),
    status: Type.Optional(parameters.status.schema),
    decriminalized: Type.Optional(parameters.decriminalized.schema),
    sales: Type.Optional(parameters.sales.schema),
    as_of: Type.Optional(parameters.as_of.schema),
    fields: Type.Optional(parameters.fields.schema),
    format: Type.Optional(parameters.format.schema),
  },
  { additionalProperties: false },
);

export const StateQuery = Type.Object(
  {
    as_of: Type.Optional(parameters.as_of.schema),
    fields: Type.Optional(parameters.fields.schema),
  },
  { additionalProperties: false },
);

export { RECORD_FIELDS } from "../dataset/dataset.schema.ts";

/** The groups whose fields `fields=` may name by dotted path (`adult_use.purchase_limit`). */
const PATH_GROUPS = [
  "decriminalization",
  "adult_use",
  "medical",
  "hemp",
  "prohibition",
  "regulator",
] as const;

const groupProperties = (group: (typeof PATH_GROUPS)[number]): string[] => {
  const schema = Jurisdiction.properties[group] as TSchema & {
    properties?: Record<string, unknown>;
    anyOf?: { properties?: Record<string, unknown> }[];
  };
  const properties =
    schema.properties ?? schema.anyOf?.find((member) => member.properties)?.properties ?? {};
  return Object.keys(properties);
};

/** Every dotted path `fields=` may name, in the record's order. */
export const RECORD_PATHS: readonly string[] = PATH_GROUPS.flatMap((group) =>
  groupProperties(group).map((key) => `${group}.${key}`),
);

export const ChangesQuery = Type.Object(
  {
    basis: Type.Optional(parameters.basis.schema),
    since: Type.Optional(parameters.since.schema),
    until: Type.Optional(parameters.until.schema),
    jurisdiction: Type.Optional(parameters.jurisdiction.schema),
    limit: Type.Optional(parameters.limit.schema),
    cursor: Type.Optional(parameters.cursor.schema),
  },
  { additionalProperties: false },
);

export const NoQuery = Type.Object({}, { additionalProperties: false });

export const CodeParams = Type.Object({
  code: Type.String({
    pattern: "^[A-Za-z]{2}$",
    description: "USPS code, case-insensitive (e.g. `CA` or `ca`).",
    examples: ["CA"],
  }),
});

const version = Type.String({ description: "Dataset release, e.g. 2026.11.22" });
const reviewed = Type.String({
  ...IsoDate,
  description: "Earliest last_reviewed among the records in `data`",
});

const sourcesCurrentTo = Type.Union(
  [Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", format: "date" }), Type.Null()],
  {
    description:
      "Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it",
  },
);

const meta = <P extends Record<string, TSchema>>(extra: P) =>
  Type.Object(
    {
      dataset_version: version,
      last_reviewed: reviewed,
      sources_current_to: sourcesCurrentTo,
      ...extra,
    },
    { additionalProperties: false },
  );

const count = Type.Integer({ minimum: 0, description: "Number of items in `data`" });

const _nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

/** A record as it stood on `as_of` (the dataset's record on a day). */
export const JurisdictionAsOf = JurisdictionOnDay;
export type JurisdictionAsOf = JurisdictionOnDay;

/** With `fields=`: only the named top-level fields of a record, or values inside its groups. */
export const JurisdictionFields = Type.Partial(
  Type.Object({
    ...JurisdictionAsOf.properties,
    decriminalization: Type.Partial(JurisdictionAsOf.properties.decriminalization),
    adult_use: Type.Partial(JurisdictionAsOf.properties.adult_use),
    medical: Type.Partial(JurisdictionAsOf.properties.medical),
    hemp: Type.Partial(JurisdictionAsOf.properties.hemp),
    prohibition: Type.Partial(JurisdictionAsOf.properties.prohibition),
  }),
  {
    title: "JurisdictionFields",
    description:
      "The fields named in `fields=`, nothing else: whole top-level fields, or (for a dotted path) the group with only the values named and, for a dated variable, its provenance",
  },
);

/** What `data` items may be: a current record, a record `as_of` a day, or the `fields` asked for. */
const JurisdictionAny = Type.Union([Jurisdiction, JurisdictionAsOf, JurisdictionFields]);

const asOfMeta = Type.Optional(
  Type.String({ ...IsoDate, description: "The `as_of` day the records describe, when asked" }),
);

/** The /v1/states body for the default representation (serialization). */
export const StatesResponse = Type.Object({
  data: Type.Array(Jurisdiction),
  meta: meta({ count }),
});

export const StatesAsOfResponse = Type.Object({
  data: Type.Array(JurisdictionAsOf),
  meta: meta({ count, as_of: IsoDate }),
});

export const StateResponse = Type.Object({ data: Jurisdiction, meta: meta({}) });

export const StateAsOfResponse = Type.Object({
  data: JurisdictionAsOf,
  meta: meta({ as_of: IsoDate }),
});

/** What /openapi.json documents for /v1/states (every representation of JSON). */
export const StatesResponseDoc = Type.Object({
  data: Type.Array(JurisdictionAny),
  meta: meta({ count, as_of: asOfMeta }),
});

export const StateResponseDoc = Type.Object({
  data: JurisdictionAny,
  meta: meta({ as_of: asOfMeta }),
});

/** GeoJSON (RFC 7946) of /v1/states: one Feature per jurisdiction, WGS 84 longitude/latitude. */
export const StatesGeoJson = Type.Object(
  {
    type: Type.Literal("FeatureCollection"),
    features: Type.Array(
      Type.Object({
        type: Type.Literal("Feature"),
        id: Type.String({ description: "USPS code" }),
        geometry: Type.Object(
          {
            type: Type.Enum(["Polygon", "MultiPolygon"]),
            coordinates: Type.Array(Type.Array(Type.Unknown())),
          },
          { description: "The jurisdiction's outline (us-atlas, 1:10m)" },
        ),
        properties: Type.Object(
          Object.fromEntries(
            JURISDICTION_COLUMNS.map((column) => [
              column.name,
              Type.Optional(
                Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
              ),
            ]),
          ),
          {
            additionalProperties: false,
            description:
              "The columns of a release's `jurisdictions.csv`, with the same names and values (numbers, booleans and null as such). With `fields`: the columns derived from those top-level fields (e.g. `hemp` gives every `hemp_*` column, `sources` gives `source_count`), and `code`.",
          },
        ),
      }),
    ),
    meta: meta({ count, as_of: asOfMeta }),
  },
  { description: "A FeatureCollection; `meta` is a foreign member (RFC 7946 §6.1)" },
);

export const HistoryResponse = Type.Object({
  data: Type.Array(LegalEvent, { description: "Events, oldest first" }),
  meta: meta({ count, jurisdiction: Type.String({ description: "USPS code" }) }),
});

export const FederalResponse = Type.Object({ data: Federal, meta: meta({}) });

export const ChangesMeta = meta({
  count,
  basis: Type.Enum([...CHANGE_BASES], {
    description:
      "The date the events are filtered and ordered by: `enacted` (`date`) or `effective` (`effective`, else `date`)",
  }),
  next: Type.Union([Type.String(), Type.Null()], {
    description: "Cursor for the next page (on the same basis), or null on the last page",
  }),
  note: Type.Optional(
    Type.String({
      description:
        "On an empty page: how far the sources reach, in words (`sources_current_to`). An empty list means the sources read so far record nothing for the query, not that nothing happened",
    }),
  ),
});

export const ChangesResponse = Type.Object({
  data: Type.Array(LegalEvent, {
    description:
      "Events, newest first on the basis (ties by jurisdiction code, then id). Each gives both dates: `date` (enacted) and `effective` (null when it states none)",
  }),
  meta: ChangesMeta,
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: "URI reference documenting the problem type" }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.Enum(Object.keys(ERROR_CODES), { description: "Stable, snake_case error code" }),
    request_id: Type.String({ description: "Quote it when reporting a problem" }),
    parameter: Type.Optional(Type.String({ description: "The offending parameter, for 400s" })),
  },
  { description: "RFC 9457 problem details (application/problem+json)" },
);

export type StatesQuery = Static<typeof StatesQuery>;
export type StateQuery = Static<typeof StateQuery>;
export type ChangesQuery = Static<typeof ChangesQuery>;
export type ChangesMeta = Static<typeof ChangesMeta>;
