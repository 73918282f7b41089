/**
 * Verifying the webhooks the API sends (Standard Webhooks): checks the
 * `webhook-signature` over the raw body with the endpoint's `whsec_…`
 * secret, refuses a `webhook-timestamp` more than 5 minutes away, and
 * returns the parsed, typed event. Pass the body exactly as received (the
 * raw bytes or string, not a re-serialized object).
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { components } from "./schema.ts";

export { WebhookVerificationError };

type Schemas = components["schemas"];

/** Every event the API sends, discriminated by `type`. */
export type WebhookEvent =
  | Schemas["LawEnactedWebhook"]
  | Schemas["LawTookEffectWebhook"]
  | Schemas["RecordCorrectedWebhook"]
  | Schemas["DatasetReleasedWebhook"]
  | Schemas["TestWebhook"];

export type WebhookEventType = WebhookEvent["type"];

type HeaderSource =
  | Headers
  | Record<string, string | readonly string[] | undefined>
  | { get(name: string): string | null };

function header(headers: HeaderSource, name: string): string {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? "";
  }
  const value = (headers as Record<string, string | readonly string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? "") : ((value as string | undefined) ?? "");
}

/**
 * Verifies a delivery and returns its event; throws WebhookVerificationError
 * when the signature, timestamp or headers are wrong. Use `webhook-id` (the
 * same on retries) to ignore a message you have already processed.
 */
export function verifyWebhook(
  secret: string,
  body: string | Uint8Array,
  headers: HeaderSource,
): WebhookEvent {
  const payload = typeof body === "string" ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(payload, {
    "webhook-id": header(headers, "webhook-id"),
    "webhook-timestamp": header(headers, "webhook-timestamp"),
    "webhook-signature": header(headers, "webhook-signature"),
  }) as WebhookEvent;
}
