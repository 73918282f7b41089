/**
 * One HTTP POST of a signed webhook body. Contract:
 *
 * - through the guarded agents only (webhook.address-guard.ts): the address
 *   is checked when the connection is made;
 * - redirects are not followed: a 3xx is reported as the attempt's status,
 *   which is not a success;
 * - the whole attempt (connect, send, response headers) has a deadline:
 *   `DELIVERY_TIMEOUT_MS` (10 s) for an event, `TEST_DELIVERY_TIMEOUT_MS`
 *   (3 s) for a test event (the dispatcher chooses, per attempt); at most `maxResponseBytes` of the response body are read, then
 *   the connection is dropped — a receiver cannot make us download anything;
 * - it never throws: the result is the status, or an error message safe to
 *   show the endpoint's owner (no stack, nothing about our network).
 */
import type { GuardedAgents } from "./webhook.address-guard.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * A test event's deadline. It proves the receiver answers; a receiver that
 * answers a test in time answers events in time. Short, so that clicking
 * "Send test event" cannot hold delivery slots for long.
 */
export const TEST_DELIVERY_TIMEOUT_MS = 3_000;
export const MAX_RESPONSE_BYTES = 4 * 1024;

export type SendResult = {
  /** The receiver's HTTP status, or null when there was no response. */
  status: number | null;
  /** Why there was no response; null when there was one. */
  error: string | null;
  durationMs: number;
  /** True when the receiver did not answer within the timeout (the circuit breaker counts these). */
  timedOut?: boolean;
};

export type WebhookSender = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  /** This attempt's deadline, at most the sender's own (10 s by default, used when omitted). */
  attempt?: { timeoutMs?: number },
) => Promise<SendResult>;

// node:http(s) through getBuiltinModule, not an import: importing node:http
// as an ES module reads every export, and its WebSocket getter loads Node's
// fetch implementation (~30 ms of every start) that webhooks do not use.
const http = process.getBuiltinModule("node:http");
const https = process.getBuiltinModule("node:https");

const USER_AGENT = "CannabisLegalStatus-Webhooks/1.0 (+https://www.standardwebhooks.com)";

function describeError(error: NodeJS.ErrnoException): string {
  if (error.code === "ERR_WEBHOOK_FORBIDDEN_ADDRESS") return error.message;
  if (error.code === "ETIMEDOUT_WEBHOOK") return error.message;
  switch (error.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
    case "EPIPE":
      return "connection reset by the receiver";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    default:
      if (error.code?.startsWith("ERR_TLS") || /certificate|SSL|TLS/i.test(error.message))
        return "TLS handshake failed (certificate not valid for this host?)";
      return "connection failed";
  }
}

export function createWebhookSender(
  agents: GuardedAgents,
  options: { timeoutMs?: number; maxResponseBytes?: number } = {},
): WebhookSender {
  const defaultTimeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  return (url, body, headers, attempt) =>
    new Promise<SendResult>((resolve) => {
      const timeoutMs = Math.min(attempt?.timeoutMs ?? defaultTimeoutMs, defaultTimeoutMs);
      const started = performance.now();
      let settled = false;
      let timedOut = false;
      const finish = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status,
          error,
          durationMs: Math.round(performance.now() - started),
          timedOut: timedOut && status === null,
        });
      };
      const target = new URL(url);
      const isHttps = target.protocol === "https:";
      const request = (isHttps ? https : http).request(target, {
        method: "POST",
        agent: isHttps ? agents.https : agents.http,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": USER_AGENT,
        },
      });
      const timer = setTimeout(() => {
        const timeout: NodeJS.ErrnoException = new Error(
          `no response within ${timeoutMs / 1000} s`,
        );
        timeout.code = "ETIMEDOUT_WEBHOOK";
        timedOut = true;
        request.destroy(timeout);
      }, timeoutMs);
      request.on("error", (error: NodeJS.ErrnoException) => finish(null, describeError(error)));
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxResponseBytes) {
            // Enough: the status is what counts. The socket is not reused.
            finish(status, null);
            response.destroy();
            request.destroy();
          }
        });
        response.on("end", () => finish(status, null));
        response.on("error", () => finish(status, null));
        response.on("close", () => finish(status, null));
      });
      request.end(body);
    });
}
