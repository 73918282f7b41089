/**
 * The MCP server: five read-only tools, one per API endpoint, answered
 * through the typed client (@cannabis-legal-status/client).
 *
 * Contract:
 * - Each tool's input schema mirrors its operation's OpenAPI parameters:
 *   the same names, types, patterns, enums and bounds (a test compares them
 *   with the client's openapi.json). The API stays the one validator of
 *   meaning; these schemas only refuse what it would refuse anyway.
 * - A result is the API's JSON body unchanged (`data` and `meta`), as text
 *   and as structured content. Every fact group and every event keeps its
 *   `authority` (the law) and `sources`, so the assistant can cite them;
 *   `meta` names the dataset version and the day its sources are current to.
 *   No record field is named here: fields the dataset gains pass through.
 * - An API problem (unknown jurisdiction, bad parameter, an invalid key, a
 *   429 still refused after the client's retries) is a tool error carrying
 *   the RFC 9457 problem, so the assistant can read it and correct itself.
 */
import { ApiProblemError, type Client, type Status } from "@cannabis-legal-status/client";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";

const NOT_ADVICE =
  "This is general information from a curated, cited dataset, not legal advice: laws change, " +
  "local rules differ, and the answer is only as current as `meta.sources_current_to`.";

const CITE =
  "Each fact group and event carries `authority` (the law that sets it: `citation`, `url`) and " +
  "`sources` (`title`, `url`, `kind`); cite them when you answer.";

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const STATUS_LIST =
  /^(adult_use|medical|low_thc|prohibited)(,(adult_use|medical|low_thc|prohibited))*$/;
const FIELD_LIST = /^[a-z_]+(,[a-z_]+)*$/;
const CODE = /^[A-Za-z]{2}$/;
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

const fields = z
  .string()
  .regex(FIELD_LIST)
  .optional()
  .describe(
    "Comma-separated top-level fields to keep, e.g. `code,name,status,decriminalized`. " +
      "Omit to get whole records (call get_jurisdiction once without it to see every field); " +
      "an unknown name is refused (`unknown_field`). Keep the fact groups you cite: " +
      "their citations travel inside them.",
  );

const code = z
  .string()
  .regex(CODE)
  .describe("USPS code of a state, DC or territory, case-insensitive (e.g. `CA`, `dc`, `PR`).");

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
    as_of: asOf,
    fields,
  },
  get_jurisdiction: { code, as_of: asOf, fields },
  get_jurisdiction_history: { code },
  get_federal: {},
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
      .describe("Events per page, 1–500 (default 50)."),
    cursor: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("The previous page's `meta.next`, to get the next page."),
  },
} as const;

/** The operation each tool calls, by its OpenAPI operationId. */
export const toolOperations = {
  list_jurisdictions: "listStates",
  get_jurisdiction: "getState",
  get_jurisdiction_history: "getStateHistory",
  get_federal: "getFederal",
  list_changes: "listChanges",
} as const;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

function answer(body: object): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body as Record<string, unknown>,
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.cause === undefined
      ? error.message
      : `${error.message}: ${messageOf(error.cause)}`
    : String(error);

function refusal(error: unknown): CallToolResult {
  const problem =
    error instanceof ApiProblemError
      ? error.problem
      : { code: "api_unreachable", detail: messageOf(error) };
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ problem }) }] };
}

async function attempt(call: () => Promise<object>): Promise<CallToolResult> {
  try {
    return answer(await call());
  } catch (error) {
    return refusal(error);
  }
}

const split = (list: string | undefined) => (list === undefined ? undefined : list.split(","));

export type ServerInfo = { name: string; version: string };

/** An MCP server whose tools answer from the API behind `api`. */
export function createMcpServer(api: Client, info: ServerInfo): McpServer {
  const server = new McpServer(info, {
    instructions:
      "Answers questions about the cannabis legal status of US states, DC, the territories and " +
      "the federal government from the Cannabis Legal Status API. Start with list_jurisdictions " +
      "(with `fields` for an overview) or get_jurisdiction for one place; use as_of for a past " +
      `day. ${CITE} ${NOT_ADVICE}`,
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
        "jail time. Without `fields` every whole record comes back (hundreds of kilobytes): ask for " +
        "the fields you need (e.g. `code,name,status,decriminalized`), then call " +
        `get_jurisdiction for one place's details. ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.list_jurisdictions,
      annotations: { title: "List jurisdictions", ...READ_ONLY },
    },
    (args) =>
      attempt(() =>
        api.states.list({
          include: args.include,
          status: split(args.status) as Status[] | undefined,
          decriminalized:
            args.decriminalized === undefined ? undefined : args.decriminalized === "true",
          as_of: args.as_of,
          fields: split(args.fields),
        }),
      ),
  );

  server.registerTool(
    "get_jurisdiction",
    {
      title: "Get one jurisdiction",
      description:
        "One state's, DC's or territory's record: `status`, `decriminalized` and the penalty for " +
        "small possession, the adult-use and medical rules (dates, limits, home grow, taxes and the " +
        "rest the dataset records), notes, and upcoming changes already enacted. A value is null " +
        "where the law sets none or it is unknown; the record says which. `as_of` answers for a " +
        `past day. ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_jurisdiction,
      annotations: { title: "Get one jurisdiction", ...READ_ONLY },
    },
    (args) =>
      attempt(() => api.states.get(args.code, { as_of: args.as_of, fields: split(args.fields) })),
  );

  server.registerTool(
    "get_jurisdiction_history",
    {
      title: "A jurisdiction's legal history",
      description:
        "A jurisdiction's dated legal events, oldest first: medical and adult-use legalization, " +
        "decriminalization, first sales, amendments, ballot measures, bills that failed or were " +
        "vetoed, court rulings, executive actions, regulations. `date` is when it happened (voted, " +
        "signed, ruled), `effective` when it takes effect, which may be in the future. " +
        `${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_jurisdiction_history,
      annotations: { title: "A jurisdiction's legal history", ...READ_ONLY },
    },
    (args) => attempt(() => api.states.history(args.code)),
  );

  server.registerTool(
    "get_federal",
    {
      title: "The federal picture",
      description:
        "US federal law on cannabis: its Controlled Substances Act schedule, the rescheduling " +
        "proceeding, the federal hemp definition and the appropriations rider, with dates. Federal law applies in every state whatever the state's " +
        `status. ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.get_federal,
      annotations: { title: "The federal picture", ...READ_ONLY },
    },
    () => attempt(() => api.federal.get()),
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
        `"what changed since …" or "what took effect between …". ${CITE} ${NOT_ADVICE}`,
      inputSchema: toolInputs.list_changes,
      annotations: { title: "Changes of law since a date", ...READ_ONLY },
    },
    (args) =>
      attempt(() =>
        api.changes.list({
          basis: args.basis,
          since: args.since,
          until: args.until,
          jurisdiction: args.jurisdiction,
          limit: args.limit,
          cursor: args.cursor,
        }),
      ),
  );

  return server;
}
