/**
 * Request and response schemas of the /v1 API: they validate queries,
 * serialize bodies (extra fields never leak) and generate /openapi.json.
 */
import { type Static, type TSchema, Type } from "typebox";
import { Federal, IsoDate, Jurisdiction, LegalEvent, STATUSES } from "../dataset/dataset.schema.ts";
import { ERROR_CODES, registerParameterHint } from "../errors.ts";

export const CHANGES_DEFAULT_LIMIT = 50;
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
  since: {
    schema: Type.String({
      ...IsoDate,
      description: "Only events dated on or after this day (YYYY-MM-DD).",
      examples: ["2025-01-01"],
    }),
    hint: "must be a date in the form YYYY-MM-DD",
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
} as const;

for (const [name, { hint }] of Object.entries(parameters)) registerParameterHint(name, hint);

export const StatesQuery = Type.Object(
  {
    include: Type.Optional(parameters.include.schema),
    status: Type.Optional(parameters.status.schema),
    decriminalized: Type.Optional(parameters.decriminalized.schema),
  },
  { additionalProperties: false },
);

export const ChangesQuery = Type.Object(
  {
    since: Type.Optional(parameters.since.schema),
    limit: Type.Optional(parameters.limit.schema),
    cursor: Type.Optional(parameters.cursor.schema),
  },
  { additionalProperties: false },
);

export const NoQuery = Type.Object({}, { additionalProperties: false });

export const CodeParams = Type.Object({
  code: Type.String({
    description: "USPS code, case-insensitive (e.g. `CA` or `ca`).",
    examples: ["CA"],
  }),
});

const version = Type.String({ description: "Dataset release, e.g. 2026.11.22" });
const reviewed = Type.String({
  ...IsoDate,
  description: "Earliest last_reviewed among the records in `data`",
});

const meta = <P extends Record<string, TSchema>>(extra: P) =>
  Type.Object(
    { dataset_version: version, last_reviewed: reviewed, ...extra },
    { additionalProperties: false },
  );

const count = Type.Integer({ minimum: 0, description: "Number of items in `data`" });

export const StatesResponse = Type.Object({
  data: Type.Array(Jurisdiction),
  meta: meta({ count }),
});

export const StateResponse = Type.Object({ data: Jurisdiction, meta: meta({}) });

export const HistoryResponse = Type.Object({
  data: Type.Array(LegalEvent, { description: "Events, oldest first" }),
  meta: meta({ count, jurisdiction: Type.String({ description: "USPS code" }) }),
});

export const FederalResponse = Type.Object({ data: Federal, meta: meta({}) });

export const ChangesMeta = meta({
  count,
  next: Type.Union([Type.String(), Type.Null()], {
    description: "Cursor for the next page, or null on the last page",
  }),
});

export const ChangesResponse = Type.Object({
  data: Type.Array(LegalEvent, { description: "Events, newest first" }),
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
export type ChangesQuery = Static<typeof ChangesQuery>;
export type ChangesMeta = Static<typeof ChangesMeta>;
