/**
 * The MCP server: six read-only tools over the API, answered through the
 * typed client (@cannabis-legal-status/client), each result sized for a
 * model's context (./results.ts).
 *
 * Contract:
 * - Each tool's input schema mirrors its operation's OpenAPI parameters:
 *   the same names, types, patterns, enums and bounds (a test compares them
 *   with the client's openapi.json), plus the few the server adds to keep
 *   answers small (`cursor` where the API has none, `fields` where it has
 *   none, `rule`), listed in `toolOnlyInputs`. The API stays the one
 *   validator of meaning; these schemas only refuse what it would refuse.
 * - A result is `{ data, meta, view }`: the API's records or events (or as
 *   many as fit), the API's `meta` unchanged, and `view` saying what was
 *   returned and how to get more. By default lists are compact (a summary
 *   of each jurisdiction; events without their `sources`); every result is
 *   at most MAX_BODY_CHARACTERS as text, and each tool's description states
 *   what it costs. Every fact group and event keeps its `authority` (the
 *   law) and, unless left out by `fields`, its `sources`, so the assistant
 *   can cite them; `meta` names the dataset version and the day its sources
 *   are current to.
 * - An API problem (unknown jurisdiction, bad parameter, an invalid key, a
 *   429 still refused after the client's retries) is a tool error carrying
 *   the RFC 9457 problem, so the assistant can read it and correct itself.
 *   An answer that is not the API's JSON is a tool error with a fixed text
 *   (`bad_upstream_response`), never a piece of that answer.
 */
import { ApiProblemError, type Client, type Status } from "@cannabis-legal-status/client";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import {
  type Body,
  countThatFit,
  fitRecord,
  MAX_BODY_CHARACTERS,
  sized,
  tokensOf,
  type View,
} from "./results.ts";

const NOT_ADVICE =
  "This is general information from a curated, cited dataset, not legal advice: laws change, " +
  "local rules differ, and the answer is only as current as `meta.sources_current_to`.";

const CITE =
  "Each fact group and event carries `authority` (the law that sets it: `citation`, `url`) and " +
  "`sources` (`title`, `url`, `kind`); cite them when you answer.";

const LIMIT_TOKENS = tokensOf(MAX_BODY_CHARACTERS).toLocaleString("en-US");
const BOUNDED =
  `Any answer is at most about ${LIMIT_TOKENS} tokens; \`view\` in the result says what it holds ` +
  "and how to get more.";

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const STATUS_LIST =
  /^(adult_use|medical|low_thc|prohibited)(,(adult_use|medical|low_thc|prohibited))*$/;
const FIELD_LIST = /^[a-z_]+(,[a-z_]+)*$/;
/** A record's `fields`: top-level names or dotted paths inside a group (`adult_use.purchase_limit`). */
const RECORD_FIELD_LIST = /^[a-z_]+(\.[a-z_]+)?(,[a-z_]+(\.[a-z_]+)?)*$/;
const CODE = /^[A-Za-z]{2}$/;
const RULE = /^[a-z_]+(\.[a-z_]+){0,3}$/;
const OFFSET = /^[0-9]{1,6}$/;

/** What a jurisdiction's summary in a list holds, unless `fields` says otherwise. */
const SUMMARY_FIELDS = ["code", "name", "type", "status", "decriminalized", "summary"] as const;
/** What an event holds in a list, unless `fields` says otherwise: all but its `sources`. */
const LEFT_OUT_OF_EVENTS = ["sources"] as const;
const CODE_LIST = /^[A-Za-z]{2}(,[A-Za-z]{2})*$/;

const asOf = z
  .string()
  .regex(DAY)
  .optional()
  .describe(
    "Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history; " +
      "facts the history cannot tell are null. From the first recorded event to one year ahead. " +
      "Omit for today.",
  );

const recordFields = z
  .string()
  .regex(RECORD_FIELD_LIST)
  .max(2000)
  .optional()
  .describe(
    "Comma-separated fields to keep: top-level fields, e.g. `code,status,adult_use`, or single " +
      "values by dotted path, e.g. `adult_use.purchase_limit,hemp.intoxicating_products` (only " +
      "those values, each with its provenance: its law, since when, how sure, verified and " +
      "sources_current_to). An unknown name or path is refused (`unknown_field`, which lists the " +
      "valid ones). Keep the fact groups or values you cite: their citations travel with them.",
  );

const code = z
  .string()
  .regex(CODE)
  .describe("USPS code of a state, DC or territory, case-insensitive (e.g. `CA`, `dc`, `PR`).");

const offsetCursor = z
  .string()
  .regex(OFFSET)
  .optional()
  .describe("`view.next_cursor` of the previous answer, to get the next part. Omit at first.");

/** The tools' input shapes, each mirroring its operation's OpenAPI parameters. */
export const toolInputs = {
  list_jurisdictions: {
    include: z
      .enum(["territories"])
      .optional()
      .describe("`territories` adds PR, GU, VI, MP and AS to the 50 states and DC."),
    status: z
      .string()
      .regex(STATUS_LIST)
      .optional()
      .describe(
        "Comma-separated categories to keep: adult_use, medical, low_thc, prohibited " +
          "(e.g. `medical,low_thc`).",
      ),
    decriminalized: z
      .enum(["true", "false"])
      .optional()
      .describe(
        "`true` keeps only jurisdictions where a first offense for a small amount carries no jail " +
          "time; `false` only those where it can.",
      ),
    sales: z
      .enum(["operating", "not_operating"])
      .optional()
      .describe(
        "`operating` keeps jurisdictions where licensed adult-use retail sales have begun by the " +
          "day asked (`as_of`, else today); `not_operating` those where they have not. " +
          "`status=adult_use` with `sales=operating` is where a licensed business can sell " +
          "(adult use is legal in DC, Virginia, Guam and the Virgin Islands without licensed stores).",
      ),
    as_of: asOf,
    fields: recordFields.describe(
      `Comma-separated top-level fields of each jurisdiction instead of the summary (${SUMMARY_FIELDS.join(", ")}), ` +
        "e.g. `code,name,adult_use`; an unknown name is refused (`unknown_field`). Whole fact " +
        "groups for every jurisdiction are large and come in parts (`cursor`).",
    ),
    cursor: offsetCursor,
  },
  get_jurisdiction: { code, as_of: asOf, fields: recordFields },
  get_rule: {
    code,
    rule: z
      .string()
      .regex(RULE)
      .describe(
        "The rule, as a path in the jurisdiction's record: a fact group and a field, e.g. " +
          "`adult_use.delivery`, `adult_use.home_grow`, `adult_use.purchase_limit`, " +
          "`adult_use.minimum_age`, `adult_use.taxes`, `adult_use.onsite_consumption`, " +
          "`medical.reciprocity`, `medical.patient_home_grow`, `hemp.intoxicating_products`, " +
          "`decriminalization.threshold_grams`; or a top-level field (`status`) or a whole group " +
          "(`decriminalization`). An unknown path is refused with the list of those the record has.",
      ),
    as_of: asOf,
  },
  get_jurisdiction_history: { code, cursor: offsetCursor },
  get_federal: {
    fields: z
      .string()
      .regex(FIELD_LIST)
      .optional()
      .describe(
        "Comma-separated top-level fields to keep, e.g. `csa_schedule,rescheduling`; omit for the " +
          "whole record. An unknown name is refused with the list of names.",
      ),
  },
  list_changes: {
    basis: z
      .enum(["enacted", "effective"])
      .optional()
      .describe(
        "Which date `since`, `until` and the order use: `enacted` (default; `date`, the day a " +
          "law was enacted) or `effective` (the day it takes effect; `date` for an event that " +
          "states none). Use `effective` with `since` and `until` for what took effect between " +
          "two days. Keep the same basis when passing a cursor.",
      ),
    since: z
      .string()
      .regex(DAY)
      .optional()
      .describe("Only events on or after this day (YYYY-MM-DD), on the basis."),
    until: z
      .string()
      .regex(DAY)
      .optional()
      .describe("Only events on or before this day (YYYY-MM-DD), on the basis; may be ahead."),
    jurisdiction: z
      .string()
      .regex(CODE_LIST)
      .max(200)
      .optional()
      .describe(
        "Only these jurisdictions: comma-separated USPS codes, `US` for federal law " +
          "(e.g. `OH,US`).",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .describe(
        "Events per page, 1–500 (default 50). A page too large for one answer is shortened; " +
          "`meta.next` then continues right after its last event.",
      ),
    cursor: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("The previous page's `meta.next`, to get the next page."),
    fields: z
      .string()
      .regex(FIELD_LIST)
      .optional()
      .describe(
        "Comma-separated fields of each event to keep, e.g. `id,jurisdiction,effective,title`, or " +
          "`…,sources` to add the sources the default leaves out.",
      ),
  },
} as const;

/** The operation each tool calls, by its OpenAPI operationId. */
export const toolOperations = {
  list_jurisdictions: "listStates",
  get_jurisdiction: "getState",
  get_rule: "getState",
  get_jurisdiction_history: "getStateHistory",
  get_federal: "getFederal",
  list_changes: "listChanges",
} as const;

/**
 * Inputs a tool has that its operation has not (the server applies them to
 * keep answers small), and the operation's parameters it does not offer.
 */
export const toolOnlyInputs = {
  list_jurisdictions: { added: ["cursor"], left_out: ["format"] },
  get_jurisdiction: { added: [], left_out: [] },
  get_rule: { added: ["rule"], left_out: ["fields"] },
  get_jurisdiction_history: { added: ["cursor"], left_out: [] },
  get_federal: { added: ["fields"], left_out: [] },
  list_changes: { added: ["fields"], left_out: [] },
} as const satisfies Record<
  keyof typeof toolInputs,
  { added: readonly string[]; left_out: readonly string[] }
>;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

function answer(body: Body): CallToolResult {
  const stated = sized(body);
  return {
    content: [{ type: "text", text: JSON.stringify(stated) }],
    structuredContent: stated as unknown as Record<string, unknown>,
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.cause === undefined
      ? error.message
      : `${error.message}: ${messageOf(error.cause)}`
    : String(error);

/** A problem found here rather than by the API, in the API's shape. */
class ToolProblem extends Error {
  readonly problem: Record<string, unknown>;
  constructor(problem: { code: string; detail: string } & Record<string, unknown>) {
    super(problem.detail);
    this.problem = problem;
  }
}

/**
 * What the assistant is told when the API's answer is not the API's JSON
 * (a proxy's error page, a captive portal, a truncated body): a fixed
 * text. Nothing of that body is repeated — it is not ours, may hold
 * anything, and would reach the model as if the API had said it.
 */
const NOT_THE_API: { code: string; detail: string } = {
  code: "bad_upstream_response",
  detail:
    "The API's answer was not the API's JSON (perhaps a proxy's or gateway's error page). Try again later, or check CLS_BASE_URL.",
};

const isApiProblem = (value: unknown): boolean =>
  value !== null &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  typeof (value as { code?: unknown }).code === "string" &&
  typeof (value as { detail?: unknown }).detail === "string";

/** True when parsing the answer as JSON failed, here or in anything that caused `error`. */
function isUnparsable(error: unknown, depth = 0): boolean {
  if (error instanceof SyntaxError) return true;
  return error instanceof Error && depth < 5 && isUnparsable(error.cause, depth + 1);
}

function refusal(error: unknown): CallToolResult {
  const problem =
    error instanceof ApiProblemError
      ? isApiProblem(error.problem)
        ? error.problem
        : { ...NOT_THE_API, status: error.status }
      : error instanceof ToolProblem
        ? error.problem
        : isUnparsable(error)
          ? NOT_THE_API
          : { code: "api_unreachable", detail: messageOf(error) };
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ problem }) }] };
}

async function attempt(call: () => Promise<Body>): Promise<CallToolResult> {
  try {
    return answer(await call());
  } catch (error) {
    return refusal(error);
  }
}

const split = (list: string | undefined) => (list === undefined ? undefined : list.split(","));

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Only the named keys of each object, in the order named. */
const pick = (items: readonly Json[], names: readonly string[]): Json[] =>
  items.map((item) => Object.fromEntries(names.filter((n) => n in item).map((n) => [n, item[n]])));

/** The names none of `items` has. */
const absentFrom = (items: readonly Json[], names: readonly string[]) => {
  const known = new Set(items.flatMap((item) => Object.keys(item)));
  return { absent: names.filter((name) => !known.has(name)), known: [...known] };
};

const offsetOf = (cursor: string | undefined) => (cursor === undefined ? 0 : Number(cursor));

/**
 * One part of a list: the items from `offset` that fit in one answer, the
 * cursor of the rest. A first item too large for an answer alone comes
 * without its largest fields, named in `view.omitted`.
 */
function listPart(
  items: readonly Json[],
  offset: number,
  meta: Json,
  view: Pick<View, "shows" | "more">,
): Body {
  const rest = items.slice(offset);
  const envelope: Body = {
    data: [],
    meta,
    view: { ...view, returned: 0, total: items.length, next_cursor: String(items.length) },
  };
  let count = countThatFit(rest, envelope);
  let data: Json[] = rest.slice(0, count);
  let omitted: Record<string, number> | undefined;
  if (count === 0 && rest.length > 0) {
    const fitted = fitRecord(rest[0] as Json, envelope, ["code", "id", "name"]);
    data = [fitted.record];
    omitted = fitted.omitted;
    count = 1;
  }
  const next = offset + count < items.length ? String(offset + count) : null;
  return {
    data,
    meta,
    view: {
      ...view,
      returned: data.length,
      total: items.length,
      next_cursor: next,
      ...(omitted === undefined ? {} : { omitted }),
      more:
        next === null
          ? view.more
          : `Shown: items ${offset + 1}–${offset + count} of ${items.length}. Call again with cursor=${next} for the next ones. ${view.more}`,
    },
  };
}

/** A whole record if it fits, else without its largest fields, named in `view.omitted`. */
function recordAnswer(
  record: Json,
  meta: Json,
  shows: string,
  more: string,
  reach: (omitted: string[]) => string,
): Body {
  const envelope: Body = { data: {}, meta, view: { shows, more } };
  const { record: kept, omitted } = fitRecord(record, envelope, ["code", "name"]);
  const left = Object.keys(omitted);
  if (left.length === 0) return { data: kept, meta, view: { shows, more } };
  return {
    data: kept,
    meta,
    view: {
      shows: `${shows}, without ${left.join(", ")}`,
      omitted,
      more: `${reach(left)} ${more}`,
    },
  };
}

/** The value at `path` in a record, the law that sets it and the sources beside it. */
function ruleOf(record: Json, path: string[]) {
  let value: unknown = record;
  const parents: Json[] = [];
  for (const step of path) {
    if (!isObject(value) || !(step in value)) return undefined;
    parents.push(value);
    value = value[step];
  }
  // The nearest provenance entry for the path, else the nearest group's authority.
  let provenance: unknown = null;
  let authority: unknown = null;
  let sources: unknown = null;
  for (let depth = parents.length - 1; depth >= 0; depth -= 1) {
    const parent = parents[depth] as Json;
    const provenanceOfParent = parent.provenance;
    if (provenance === null && isObject(provenanceOfParent) && path[depth] !== undefined) {
      provenance = provenanceOfParent[path[depth] as string] ?? null;
    }
    if (authority === null && depth > 0 && parent.authority !== undefined) {
      authority = parent.authority;
      sources = parent.sources ?? null;
    }
  }
  if (isObject(value) && authority === null) {
    authority = value.authority ?? null;
    sources = value.sources ?? null;
  }
  return { value, provenance, authority, sources: sources ?? record.sources ?? null };
}

/** Every path `get_rule` answers for a record: top-level fields and each group's fields. */
function rulesOf(record: Json): string[] {
  const paths: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    paths.push(name);
    if (isObject(value)) {
      for (const field of Object.keys(value)) {
        if (!["provenance", "authority", "sources"].includes(field)) paths.push(`${name}.${field}`);
      }
    }
  }
  return paths;
}

export type ServerInfo = { name: string; version: string };

/** An MCP server whose tools answer from the API behind `api`. */
export function createMcpServer(api: Client, info: ServerInfo): McpServer {
  const server = new McpServer(info, {
    instructions:
      "Answers questions about the cannabis legal status of US states, DC, the territories and " +
      "the federal government from the Cannabis Legal Status API. For one rule in one place " +
      '("can a licensed business deliver in NJ?") call get_rule; for a place\'s whole record ' +
      "get_jurisdiction; for an overview list_jurisdictions (a short summary of each); use " +
      `as_of for a past day. ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
  });

  server.registerTool(
    "list_jurisdictions",
    {
      title: "List jurisdictions",
      description:
        "The cannabis legal status of every US state and DC (plus the territories with " +
        "`include=territories`), sorted by name. Filters combine (AND); with `as_of` they apply to " +
        "that day's law. `status` is the most permissive category in force: adult_use (adults may " +
        "possess cannabis for any purpose, with or without licensed stores), medical (a " +
        "comprehensive medical program), low_thc (only CBD or low-THC products for patients), " +
        "prohibited. `decriminalized` is true where a first small-possession offense carries no " +
        "jail time. Cost: by default a summary of each jurisdiction (" +
        `${SUMMARY_FIELDS.join(", ")}), about 5,000 tokens for all 56; \`fields\` chooses other ` +
        "fields (e.g. `code,status` costs about 600 tokens). Rules and their citations are not in " +
        "the summary: ask get_rule or get_jurisdiction for one place at a time. Whole fact groups " +
        `for many places come in parts (\`cursor\`). ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.list_jurisdictions,
      annotations: { title: "List jurisdictions", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const summary = args.fields === undefined;
        const body = await api.states.list({
          include: args.include,
          status: split(args.status) as Status[] | undefined,
          decriminalized:
            args.decriminalized === undefined ? undefined : args.decriminalized === "true",
          sales: args.sales,
          as_of: args.as_of,
          fields: summary ? SUMMARY_FIELDS : split(args.fields),
        });
        return listPart(body.data as Json[], offsetOf(args.cursor), body.meta as Json, {
          shows: summary
            ? `a summary of each jurisdiction: ${SUMMARY_FIELDS.join(", ")}`
            : `each jurisdiction's ${args.fields?.split(",").join(", ")}`,
          more:
            "For one jurisdiction's rules with the law behind each, call get_rule (one rule) or " +
            "get_jurisdiction (the whole record), one jurisdiction at a time; for chosen fields " +
            "of every jurisdiction, pass `fields` (e.g. `code,status,adult_use`).",
        });
      }),
  );

  server.registerTool(
    "get_jurisdiction",
    {
      title: "Get one jurisdiction",
      description:
        "One state's, DC's or territory's record: `status`, `decriminalized` and the penalty for " +
        "small possession, the adult-use and medical rules (dates, limits, home grow, taxes and the " +
        "rest the dataset records), hemp, notes, and upcoming changes already enacted. A value is " +
        "null where the law sets none or it is unknown; `provenance` says which, with the law " +
        "behind each rule. `as_of` answers for a past day. Cost: the whole record is about 1,500 " +
        "to 6,500 tokens; `fields` keeps only the groups you need (e.g. `code,status,adult_use`), " +
        `and get_rule answers one rule for a few hundred. ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_jurisdiction,
      annotations: { title: "Get one jurisdiction", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const body = await api.states.get(args.code, {
          as_of: args.as_of,
          fields: split(args.fields),
        });
        const record = body.data as Json;
        return recordAnswer(
          record,
          body.meta as Json,
          args.fields === undefined
            ? `the whole record of ${record.code}`
            : `${record.code}'s ${args.fields.split(",").join(", ")}`,
          "For one rule with the law behind it, get_rule is shorter.",
          (omitted) =>
            `The record is too large for one answer: ask again with fields=${omitted[0]} (and so on for each omitted field), or get_rule for one rule inside it.`,
        );
      }),
  );

  server.registerTool(
    "get_rule",
    {
      title: "One rule in one jurisdiction, with its law",
      description:
        'Answers "can a licensed business deliver in NJ, and under which law?" in one call: the ' +
        "value of one rule (`rule`, a path in the record such as `adult_use.delivery`), the law " +
        "that sets it (`provenance`: since when, `authority`, or why it is `unknown`), the fact " +
        "group's `authority` and `sources`, the jurisdiction's `status`, and any enacted change of " +
        "that rule not yet in effect (`upcoming`); a `hemp.*` rule also gives federal law's rule " +
        "for the same products (`federal`, with its citation). Cost: about 150 to 1,500 tokens. `as_of` " +
        `answers for a past day. ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_rule,
      annotations: { title: "One rule in one jurisdiction, with its law", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const body = await api.states.get(args.code, { as_of: args.as_of });
        const record = body.data as Json;
        const path = args.rule.split(".");
        const found = ruleOf(record, path);
        if (found === undefined) {
          throw new ToolProblem({
            code: "unknown_rule",
            detail: `${record.code}'s record has no \`${args.rule}\`. Rules it has: ${rulesOf(record).join(", ")}.`,
            parameter: "rule",
          });
        }
        const upcoming = (Array.isArray(record.upcoming) ? (record.upcoming as Json[]) : []).filter(
          (change) =>
            isObject(change.sets) &&
            Object.keys(change.sets).some(
              (set) =>
                set === args.rule ||
                set.startsWith(`${args.rule}.`) ||
                args.rule.startsWith(`${set}.`),
            ),
        );
        // A hemp rule comes with federal law's rule for the same products on the same day.
        const hemp = path[0] === "hemp" && isObject(record.hemp) ? record.hemp : null;
        const rule: Json = {
          code: record.code,
          name: record.name,
          status: record.status,
          rule: args.rule,
          value: found.value,
          provenance: found.provenance,
          authority: found.authority,
          sources: found.sources,
          ...(hemp === null ? {} : { federal: hemp.federal ?? null }),
          upcoming,
        };
        return recordAnswer(
          rule,
          body.meta as Json,
          `${record.code}'s ${args.rule} and the law behind it`,
          "For the rest of the record, call get_jurisdiction (with `fields` for a few groups).",
          (omitted) =>
            `The rule is too large for one answer: ${omitted.join(", ")} left out; ask for a narrower rule (e.g. ${args.rule}.<field>).`,
        );
      }),
  );

  server.registerTool(
    "get_jurisdiction_history",
    {
      title: "A jurisdiction's legal history",
      description:
        "A jurisdiction's dated legal events, oldest first: medical and adult-use legalization, " +
        "decriminalization, first sales, amendments, ballot measures, bills that failed or were " +
        "vetoed, court rulings, executive actions, regulations. `date` is when it happened (voted, " +
        "signed, ruled), `effective` when it takes effect, which may be in the future. Cost: about " +
        "100 to 2,500 tokens; a longer history comes in parts (`cursor`). " +
        `${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_jurisdiction_history,
      annotations: { title: "A jurisdiction's legal history", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const body = await api.states.history(args.code);
        return listPart(body.data as Json[], offsetOf(args.cursor), body.meta as Json, {
          shows: `${body.meta.jurisdiction}'s legal events, oldest first`,
          more: "list_changes gives recent events of every jurisdiction, newest first.",
        });
      }),
  );

  server.registerTool(
    "get_federal",
    {
      title: "The federal picture",
      description:
        "US federal law on cannabis: its Controlled Substances Act schedule, the rescheduling " +
        "proceeding, the federal hemp definition and the appropriations rider, with dates, notes " +
        "and the federal history. Federal law applies in every state whatever the state's status. " +
        "Cost: the whole record is about 10,000 tokens; `fields` keeps some of it (e.g. " +
        `\`csa_schedule,rescheduling\`, about 1,700). ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_federal,
      annotations: { title: "The federal picture", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const body = await api.federal.get();
        const whole = body.data as Json;
        const names = split(args.fields);
        if (names !== undefined) {
          const { absent, known } = absentFrom([whole], names);
          if (absent.length > 0) {
            throw new ToolProblem({
              code: "unknown_field",
              detail: `The federal record has no ${absent.map((name) => `\`${name}\``).join(", ")}. Its fields: ${known.join(", ")}.`,
              parameter: "fields",
            });
          }
        }
        const record = names === undefined ? whole : (pick([whole], names)[0] as Json);
        return recordAnswer(
          record,
          body.meta as Json,
          names === undefined ? "the whole federal record" : `the federal ${names.join(", ")}`,
          "list_changes gives federal events (`jurisdiction` US) among the others.",
          (omitted) =>
            `The record is too large for one answer: ask again with fields=${omitted[0]} (and so on for each omitted field).`,
        );
      }),
  );

  server.registerTool(
    "list_changes",
    {
      title: "Changes of law since a date",
      description:
        "Every state, territory and federal (`US`) legal event, newest first, with both dates: " +
        "`date` (enacted) and `effective` (a future `effective` is enacted but not yet in " +
        "force). By default by enactment; `basis: effective` lists by the day changes take " +
        "effect. Filter with `since`, `until` and `jurisdiction`. One page per call: pass " +
        "`meta.next` as `cursor` (same basis) for the next page until it is null. Use it for " +
        '"what changed since …" or "what took effect between …". Cost: each event without its ' +
        "`sources` (the law is in `authority`), about 120 tokens, so about 6,000 tokens for the " +
        "default 50; `fields` chooses an event's fields (add `sources`, or keep " +
        "`id,jurisdiction,effective,title` for about 35 tokens each). A page too large for one " +
        `answer is shortened. ${BOUNDED} ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.list_changes,
      annotations: { title: "Changes of law since a date", ...READ_ONLY },
    },
    (args) =>
      attempt(async () => {
        const { fields, ...query } = args;
        const names = split(fields);
        const shape = (events: readonly Json[]) =>
          names === undefined
            ? events.map((event) =>
                Object.fromEntries(
                  Object.entries(event).filter(
                    ([name]) => !(LEFT_OUT_OF_EVENTS as readonly string[]).includes(name),
                  ),
                ),
              )
            : pick(events, names);
        const viewOf = (raw: readonly Json[], note: string): View => {
          const { absent, known } =
            names === undefined ? { absent: [], known: [] } : absentFrom(raw, names);
          return {
            shows:
              names === undefined
                ? "events, newest first, without their sources"
                : `events, newest first: ${names.join(", ")}`,
            more: [
              note,
              raw.length > 0 && absent.length > 0
                ? `No event on this page has ${absent.map((name) => `\`${name}\``).join(", ")} (events have ${known.join(", ")}).`
                : "",
              "Pass `meta.next` as `cursor` for the next page; `fields` chooses what each event holds.",
            ]
              .filter((part) => part !== "")
              .join(" "),
          };
        };
        let page = await api.changes.list(query);
        let events = shape(page.data as Json[]);
        const fit = countThatFit(events, {
          data: [],
          meta: page.meta as Json,
          view: viewOf(
            page.data as Json[],
            "The page was shortened to 500 events to fit one answer.",
          ),
        });
        if (fit === events.length) {
          return { data: events, meta: page.meta as Json, view: viewOf(page.data as Json[], "") };
        }
        // Ask for the page that fits, so the API's `next` continues right after it.
        page = await api.changes.list({ ...query, limit: Math.max(1, fit) });
        events = shape(page.data as Json[]);
        const view = viewOf(
          page.data as Json[],
          `The page was shortened to ${events.length} events to fit one answer.`,
        );
        const first = events[0];
        if (fit > 0 || first === undefined) return { data: events, meta: page.meta as Json, view };
        const { record, omitted } = fitRecord(first, { data: [], meta: page.meta as Json, view }, [
          "id",
        ]);
        return { data: [record], meta: page.meta as Json, view: { ...view, omitted } };
      }),
  );

  return server;
}
