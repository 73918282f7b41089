/**
 * The `webhooks` section of /openapi.json (OpenAPI 3.1): one entry per event
 * type, describing the signed POST a receiver gets. The bodies' schemas go
 * into `components.schemas` (so the typed client names them) from the same
 * TypeBox schemas the payloads are documented by (webhook.events.ts).
 */
import { TEST_EVENT_TYPE, WEBHOOK_PAYLOAD_SCHEMAS } from "./webhook.events.ts";
import { DELIVERY_TIMEOUT_MS } from "./webhook.sender.ts";

/** Event type → the component schema naming its body. */
export const WEBHOOK_SCHEMA_NAMES = {
  "law.enacted": "LawEnactedWebhook",
  "law.took_effect": "LawTookEffectWebhook",
  "record.corrected": "RecordCorrectedWebhook",
  "dataset.released": "DatasetReleasedWebhook",
  [TEST_EVENT_TYPE]: "TestWebhook",
} as const satisfies Record<keyof typeof WEBHOOK_PAYLOAD_SCHEMAS, string>;

const HEADERS = [
  {
    name: "webhook-id",
    description:
      "The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once).",
  },
  {
    name: "webhook-timestamp",
    description:
      "Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old.",
  },
  {
    name: "webhook-signature",
    description:
      "`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library.",
  },
];

type Document = {
  components?: { schemas?: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
  tags?: { name: string; description?: string }[];
};

export function addWebhooksToDocument<T extends object>(document: T): T {
  const target = document as Document;
  target.components ??= {};
  target.components.schemas ??= {};
  target.webhooks = {};
  target.tags = [
    ...(target.tags ?? []),
    {
      name: "webhooks",
      description:
        "Events POSTed to your endpoints (manage them at /account/webhooks), signed per Standard Webhooks",
    },
  ];
  for (const [type, schema] of Object.entries(WEBHOOK_PAYLOAD_SCHEMAS)) {
    const name = WEBHOOK_SCHEMA_NAMES[type as keyof typeof WEBHOOK_SCHEMA_NAMES];
    target.components.schemas[name] = JSON.parse(JSON.stringify(schema));
    target.webhooks[type] = {
      post: {
        operationId: `webhook${name.replace(/Webhook$/, "")}`,
        summary: `${type}`,
        description: `${(schema as { description?: string }).description ?? ""} Sent as a signed POST; answer any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.`,
        tags: ["webhooks"],
        parameters: HEADERS.map((header) => ({
          name: header.name,
          in: "header",
          required: true,
          description: header.description,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          "200": { description: "Received (any 2xx counts)" },
          "410": { description: "Gone: the endpoint is disabled and nothing more is sent to it" },
        },
      },
    };
  }
  return document;
}
