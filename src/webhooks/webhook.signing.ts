/**
 * Signing per Standard Webhooks (standardwebhooks.com), with its reference
 * library: every delivery carries `webhook-id` (the delivery's id: the same
 * on every retry and resend, so receivers use it as an idempotency key),
 * `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's
 * secret). Receivers verify with the same library (README, client/).
 *
 * Rotation: an endpoint's secret can be rolled on its page; the previous one
 * keeps signing for ROTATION_OVERLAP_MS, so each request then carries two
 * signatures separated by a space (`v1,<new> v1,<old>`), as Standard
 * Webhooks allows, and a receiver still holding either secret accepts it.
 *
 * Secrets are `whsec_` + base64 of 32 random bytes, shown once to the owner.
 * They are stored as they are — signing needs them — and never logged.
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

export const SECRET_PREFIX = "whsec_";

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function isWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9+/]{43}=$/.test(value);
}

/**
 * The three Standard Webhooks headers for one attempt at `nowMs`, signed
 * with each of `secrets` (the current one first).
 */
export function signatureHeaders(
  secrets: readonly string[],
  messageId: string,
  nowMs: number,
  body: string,
): Record<string, string> {
  const timestamp = new Date(Math.floor(nowMs / 1000) * 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(nowMs / 1000)),
    "webhook-signature": secrets
      .map((secret) => new Webhook(secret).sign(messageId, timestamp, body))
      .join(" "),
  };
}
