/**
 * Signing per Standard Webhooks (standardwebhooks.com), with its reference
 * library: every delivery carries `webhook-id` (the delivery's id: the same
 * on every retry and resend, so receivers use it as an idempotency key),
 * `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's
 * secret). Receivers verify with the same library (README, client/).
 *
 * Secrets are `whsec_` + base64 of 32 random bytes, shown once to the owner.
 * They are stored as they are — signing needs them — and never logged.
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

export const SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function isWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9+/]{43}=$/.test(value);
}

/** The three Standard Webhooks headers for one attempt at `nowMs`. */
export function signatureHeaders(
  secret: string,
  messageId: string,
  nowMs: number,
  body: string,
): Record<string, string> {
  const timestamp = new Date(Math.floor(nowMs / 1000) * 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(nowMs / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
}
