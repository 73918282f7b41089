/**
 * Security events: one structured log line per event that matters when
 * investigating abuse — `{"security_event":"login_failed","user_id":…,
 * "client":"ip6:2001:db8:1:2::/64",…}`. They carry the user id (when known)
 * and the client's network (an IPv4 address or IPv6 /64, as the limits count
 * it), never a password, token, key or email.
 */
import type { FastifyRequest } from "fastify";
import { clientCounterKey } from "../rate-limit/rate-limit.policy.ts";

export const SECURITY_EVENTS = [
  "signup",
  "signup_throttled",
  "login_succeeded",
  "login_failed",
  "login_throttled",
  "logout",
  "password_changed",
  "password_check_failed",
  "password_check_throttled",
  "account_deleted",
  "api_key_created",
  "api_key_deleted",
  "webhook_endpoint_created",
  "webhook_endpoint_deleted",
  "webhook_action_throttled",
  "webhook_secret_rotated",
  "account_claimed",
] as const;

export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** The network a client is counted as: its IPv4 address or IPv6 /64. */
export function clientNetwork(request: FastifyRequest): string {
  return clientCounterKey(request.ip);
}

export function logSecurityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  details: { userId?: string | null; [field: string]: string | number | null | undefined } = {},
): void {
  const { userId = null, ...rest } = details;
  request.log.info(
    { security_event: event, user_id: userId, client: clientNetwork(request), ...rest },
    `security: ${event}`,
  );
}
