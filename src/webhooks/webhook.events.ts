/**
 * The webhook events: their types, the JSON body every endpoint receives
 * (Standard Webhooks shape: `type`, `timestamp`, `data`), and the TypeBox
 * schemas that document them in /openapi.json's `webhooks` section and in
 * the typed client.
 *
 * Producers build a `WebhookEvent` with a stable `id` (the same change always
 * gets the same id, so enqueueing it twice, or from several instances, sends
 * it once) and hand it to `enqueueWebhookEvent` (webhook.enqueue.ts).
 */
import { type Static, Type } from "typebox";

/** The event types an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "law.enacted",
  "law.took_effect",
  "record.corrected",
  "dataset.released",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only when the owner presses "Send test event"; never subscribed to. */
export const TEST_EVENT_TYPE = "webhook.test";

export const EVENT_TYPE_DESCRIPTIONS: Readonly<Record<WebhookEventType, string>> = {
  "law.enacted":
    "A law, ballot measure or ruling was enacted (passed, approved by voters, signed or decided); it may take effect later.",
  "law.took_effect":
    "An enacted change took effect: from this day the jurisdiction's record reads differently.",
  "record.corrected":
    "A fact in a jurisdiction's record was corrected (no change in the law: our data was wrong or incomplete).",
  "dataset.released":
    "A new release of the dataset is being served; its version, date and downloads are in `data`.",
};

const IsoDate = Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", format: "date" });
const Url = Type.String({ format: "uri" });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const WebhookJurisdiction = Type.Object(
  {
    code: Type.String({ pattern: "^[A-Z]{2}$", description: "USPS code, or US for federal law" }),
    name: Type.String(),
  },
  { additionalProperties: false },
);

export const WebhookLawEvent = Type.Object(
  {
    id: Type.String({
      description: "The event's id, as in /v1/states/{code}/history and /v1/changes",
    }),
    title: Type.String({ description: "A short title" }),
    summary: Nullable(Type.String({ description: "One sentence saying what happened" })),
    enacted: Nullable({ ...IsoDate, description: "Date enacted (approved, signed or decided)" }),
    effective: Nullable({ ...IsoDate, description: "Date it takes or took effect" }),
    authority: Nullable(
      Type.Object(
        {
          citation: Type.String({ description: "Standard legal citation" }),
          url: Nullable(Url),
        },
        { additionalProperties: false },
      ),
    ),
    reason: Type.Optional(
      Type.String({
        description:
          "`record.corrected` only: why the data was wrong or incomplete, as the correction records it",
      }),
    ),
    coded_by: Type.Optional(
      Type.String({ description: "`record.corrected` only: who recorded the correction" }),
    ),
    reviewed_by: Type.Optional(
      Nullable(Type.String({ description: "`record.corrected` only: who reviewed it" })),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The legal event behind this notification; for `record.corrected`, the correction (its id is the correction's)",
  },
);

export const WebhookFieldChange = Type.Object(
  {
    field: Type.String({
      description:
        "Path of the changed field in the jurisdiction record, e.g. `status` or `adult_use.home_grow`",
    }),
    before: Type.Unknown({
      description: "Its value before (any JSON value; null when it was unset)",
    }),
    after: Type.Unknown({ description: "Its value after" }),
    from: Type.Optional(
      Nullable({
        ...IsoDate,
        description:
          "`record.corrected` only: the first day on which the served record reads differently (null: from the beginning)",
      }),
    ),
    until: Type.Optional(
      Nullable({
        ...IsoDate,
        description:
          "`record.corrected` only: the last day on which it reads differently (null: from `from` on)",
      }),
    ),
  },
  { additionalProperties: false },
);

export const WebhookLinks = Type.Object(
  {
    api: Url,
    page: Url,
  },
  {
    additionalProperties: false,
    description: "`api`: the record at /v1/states/{code}; `page`: the website's page about it",
  },
);

export const LawEventData = Type.Object(
  {
    jurisdiction: WebhookJurisdiction,
    event: WebhookLawEvent,
    changes: Type.Array(WebhookFieldChange, {
      description: "The record's fields that change, with their values before and after",
    }),
    links: WebhookLinks,
  },
  { additionalProperties: false },
);

export const DatasetReleasedData = Type.Object(
  {
    version: Type.String({ description: "The dataset version now served, e.g. 2026.11.23" }),
    released: IsoDate,
    sources_current_to: IsoDate,
    links: Type.Object(
      {
        data: Url,
        changes: Url,
      },
      {
        additionalProperties: false,
        description: "`data`: the downloads page; `changes`: /v1/changes",
      },
    ),
  },
  { additionalProperties: false },
);

export const TestEventData = Type.Object(
  {
    endpoint_id: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: false },
);

const envelope = <T extends string, D extends Parameters<typeof Type.Object>[0][string]>(
  type: T,
  data: D,
  description: string,
) =>
  Type.Object(
    {
      type: Type.Literal(type),
      timestamp: Type.String({
        format: "date-time",
        description: "When the event happened (ISO 8601, UTC)",
      }),
      data,
    },
    { additionalProperties: false, description },
  );

/** One schema per event type: the body POSTed to the endpoint. */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  "law.enacted": envelope("law.enacted", LawEventData, EVENT_TYPE_DESCRIPTIONS["law.enacted"]),
  "law.took_effect": envelope(
    "law.took_effect",
    LawEventData,
    EVENT_TYPE_DESCRIPTIONS["law.took_effect"],
  ),
  "record.corrected": envelope(
    "record.corrected",
    LawEventData,
    EVENT_TYPE_DESCRIPTIONS["record.corrected"],
  ),
  "dataset.released": envelope(
    "dataset.released",
    DatasetReleasedData,
    EVENT_TYPE_DESCRIPTIONS["dataset.released"],
  ),
  [TEST_EVENT_TYPE]: envelope(
    TEST_EVENT_TYPE,
    TestEventData,
    "Sent when you press “Send test event” on the webhooks page, to that endpoint only.",
  ),
} as const;

export type LawEventData = Static<typeof LawEventData>;
export type DatasetReleasedData = Static<typeof DatasetReleasedData>;
export type TestEventData = Static<typeof TestEventData>;

/** What a producer enqueues. `id` must be stable: the same change, the same id. */
export type WebhookEvent =
  | {
      id: string;
      type: "law.enacted" | "law.took_effect" | "record.corrected";
      /** ISO 8601 instant. */
      timestamp: string;
      /** USPS code (US for federal); endpoints filtering on jurisdictions see only theirs. */
      jurisdiction: string;
      data: LawEventData;
    }
  | {
      id: string;
      type: "dataset.released";
      timestamp: string;
      jurisdiction: null;
      data: DatasetReleasedData;
    }
  | {
      id: string;
      type: typeof TEST_EVENT_TYPE;
      timestamp: string;
      jurisdiction: null;
      data: TestEventData;
    };

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The exact body sent: the same bytes to every endpoint and on every retry. */
export function serializePayload(event: WebhookEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/** The links a law event carries, to the API record and the website page. */
export function jurisdictionLinks(origin: string, code: string): LawEventData["links"] {
  return code === "US"
    ? { api: `${origin}/v1/federal`, page: `${origin}/federal` }
    : { api: `${origin}/v1/states/${code}`, page: `${origin}/states/${code}` };
}

/**
 * A law event, ready to enqueue: `links` are filled in from `origin` (the
 * public base URL) and the id is derived from the type and the legal event's
 * id, so every instance producing it produces the same id.
 */
export function lawWebhookEvent(input: {
  type: "law.enacted" | "law.took_effect" | "record.corrected";
  /** When it happened (ISO 8601): the effective or enactment day at 00:00Z, or the correction time. */
  timestamp: string;
  jurisdiction: LawEventData["jurisdiction"];
  event: LawEventData["event"];
  changes: LawEventData["changes"];
  origin: string;
  /** Distinguishes two corrections of one event; default: the timestamp. */
  discriminator?: string;
}): WebhookEvent {
  return {
    id: `${input.type}:${input.jurisdiction.code}:${input.event.id}:${input.discriminator ?? input.timestamp}`,
    type: input.type,
    timestamp: input.timestamp,
    jurisdiction: input.jurisdiction.code,
    data: {
      jurisdiction: input.jurisdiction,
      event: input.event,
      changes: input.changes,
      links: jurisdictionLinks(input.origin, input.jurisdiction.code),
    },
  };
}
